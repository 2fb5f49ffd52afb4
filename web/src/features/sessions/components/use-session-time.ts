import { useFormat } from '@/lib/i18n';

import { viewerZone } from '../lib/zone';

/** A date and time in the viewer's zone, 24-hour clock. */
export function useSessionTime() {
  const format = useFormat();
  const zone = viewerZone();
  return (value: string) =>
    new Intl.DateTimeFormat(format.locale, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    }).format(new Date(value));
}
