import type { ReactNode } from 'react';

/** The frame of the sign-in, sign-up and password pages: a heading, a sentence, the form, links onwards. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-[calc(100svh-3.5rem)] items-start justify-center px-4 py-10 md:items-center md:py-16">
      <div className="flex w-full max-w-md flex-col gap-6 rounded-2xl border border-border bg-background p-6 shadow-sm md:p-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {lead && <p className="text-sm leading-relaxed text-muted-foreground">{lead}</p>}
        </div>
        {children}
        {footer && (
          <div className="border-t border-border pt-4 text-center text-sm text-muted-foreground">
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
