import { useTranslation } from 'react-i18next';

import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

import type { ConnectionState } from '../connection';
import { useRealtimeState } from '../use-realtime';

const dotColour: Record<ConnectionState, string> = {
  connected: 'bg-emerald-500',
  connecting: 'bg-amber-400 animate-pulse',
  error: 'bg-destructive',
  disconnected: 'bg-muted-foreground/40',
};

/** A small dot in the header: live updates on, connecting, failing or off. */
export function RealtimeStatus() {
  const { t } = useTranslation();
  const state = useRealtimeState();
  const label = t(`realtime.status.${state}`);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          role="status"
          aria-label={label}
          data-state={state}
          data-testid="realtime-status"
          className="ml-auto inline-flex size-8 items-center justify-center"
        >
          <span className={cn('size-2 rounded-full', dotColour[state])} aria-hidden />
        </span>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
