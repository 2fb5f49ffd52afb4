import { cn } from '@/lib/utils';

import { initials } from '@/lib/auth/roles';

/** The user's initials in a circle (profiles have no pictures yet). Decorative: the name is shown too. */
export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <div
      aria-hidden
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground select-none',
        className,
      )}
    >
      {initials(name)}
    </div>
  );
}
