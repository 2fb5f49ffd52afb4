/**
 * A series' picture, or its game system's placeholder: a gradient in the system's own hue with its initials,
 * drawn here rather than downloaded. Decorative (the title and system are written next to it).
 */
import { cn } from '@/lib/utils';

import { systemHue, systemInitials } from '../lib/format';

export function SeriesImage({
  src,
  systemId,
  systemName,
  className,
}: {
  src?: string | null;
  systemId: string;
  systemName?: string | null;
  className?: string;
}) {
  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn('w-full object-cover', className)}
      />
    );
  }
  const hue = systemHue(systemId);
  return (
    <div
      aria-hidden
      data-testid="system-placeholder"
      className={cn('flex w-full items-center justify-center select-none', className)}
      style={{
        backgroundImage: `linear-gradient(135deg, hsl(${hue} 55% 38%), hsl(${(hue + 50) % 360} 60% 22%))`,
      }}
    >
      <span className="text-3xl font-semibold tracking-widest text-white/90">
        {systemInitials(systemName)}
      </span>
    </div>
  );
}
