/** A duration in words for the active language ("1 hour, 5 minutes", "2 godziny, 5 minut"): i18next plurals. */
import type { Translate } from '@/lib/api/errors';
import type { TranslationKey } from '@/lib/i18n';

import { durationParts, durationUnits } from './timer';

export function durationText(
  ms: number,
  t: Translate,
  locale: string,
  { withSeconds }: { withSeconds: boolean },
): string {
  const words = durationUnits(durationParts(ms), { withSeconds }).map(([unit, count]) =>
    t(`sessions.timer.units.${unit}` as TranslationKey, { count }),
  );
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(words);
}
