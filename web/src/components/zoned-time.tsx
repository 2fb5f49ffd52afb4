/**
 * A session's time as every screen shows it: in the viewer's zone (`formatWhen`), and where the series' schedule
 * runs on another clock, that clock in a second, quieter note ("Schedule: Sat 28 Nov, 19:00, Central European
 * Time"). Mails do the same on the server, in the recipient's account zone.
 */
import { useTranslation } from 'react-i18next';

import { formatScheduleTime, type WhenStyle } from '@/lib/format';
import { useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';

export function ZonedTime({
  value,
  scheduleZone,
  style = 'medium',
  viewerZone,
  className,
  noteClassName,
  testId,
}: {
  value: string;
  /** The viewer's zone, when the screen has already read it (the browser's otherwise). */
  viewerZone?: string;
  /** The series' zone (the schedule's): named in the note only where its clock reads otherwise. */
  scheduleZone?: string | null | undefined;
  style?: WhenStyle;
  className?: string;
  noteClassName?: string;
  /** The `data-testid` of the time itself. */
  testId?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const note = formatScheduleTime(format.locale, value, scheduleZone, { viewerZone });
  return (
    <>
      <time dateTime={value} className={className} data-testid={testId}>
        {format.when(value, { style, timeZone: viewerZone })}
      </time>
      {note !== undefined && (
        <span
          className={cn('text-xs text-muted-foreground', noteClassName)}
          data-testid="schedule-time"
        >
          {t('timeZones.scheduleNote', { time: note })}
        </span>
      )}
    </>
  );
}
