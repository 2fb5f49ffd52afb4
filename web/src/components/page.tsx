import type { ReactNode } from 'react';

/** The frame of the GM pages. */
export function Page({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-5 py-10 md:px-10">
      {children}
    </div>
  );
}

export function PageHeader({
  title,
  intro,
  action,
  before,
}: {
  title: ReactNode;
  intro?: ReactNode;
  action?: ReactNode;
  before?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
        {before}
        <h1 className="text-3xl font-semibold tracking-tight break-words">{title}</h1>
        {intro && <p className="text-muted-foreground">{intro}</p>}
      </div>
      {action}
    </header>
  );
}
