/** "Nothing here yet" inside a Dashboard section: what to do next, and the way there. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function EmptyNote({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: ReactNode;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-4">
      <p className="flex items-center gap-2 font-semibold">
        <Icon className="size-5 text-muted-foreground" aria-hidden />
        {title}
      </p>
      <p className="text-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
