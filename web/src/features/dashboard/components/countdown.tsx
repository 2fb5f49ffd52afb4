/** A session's live countdown: the only part of the Dashboard that re-renders when the minute changes. */
import { useTranslation } from 'react-i18next';

import { useLocale } from '@/lib/i18n';

import { countdown, formatIn } from '../lib/countdown';
import { useMinuteClock } from '../lib/minute-clock';

export function Countdown({ start, status }: { start: string; status: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useMinuteClock();
  const left = countdown(start, status, now);
  const text =
    left.kind === 'in'
      ? formatIn(locale, left.value, left.unit)
      : t(`dashboard.countdown.${left.kind}`);
  return (
    <span className="font-medium text-primary" data-testid="countdown">
      {text}
    </span>
  );
}
