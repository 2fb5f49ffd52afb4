import { useFormat } from '@/lib/i18n';

/** A session's date and time in the viewer's zone, 24-hour clock: the app's one way (`formatWhen`), long. */
export function useSessionTime() {
  const format = useFormat();
  return (value: string) => format.when(value, { style: 'long' });
}
