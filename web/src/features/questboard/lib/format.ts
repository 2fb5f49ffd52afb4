/** How a card and the series page show money, the next session and the placeholder of a game system. */
import { formatCurrency } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import type { components } from '@/lib/api/schema';

export type SeriesPricing = components['schemas']['SeriesPricing'];

/** The viewer's IANA zone (one helper for the whole app, `@/lib/format`). */
export { viewerTimeZone } from '@/lib/format';

/**
 * "Free", or the amount in its currency for the locale ("25,00 zł", "€12.50"); null while the GM has not set
 * pricing (nothing is shown then).
 */
export function formatPrice(
  locale: Locale,
  pricing: SeriesPricing | null | undefined,
  freeLabel: string,
): string | null {
  if (!pricing) return null;
  if (pricing.model === 'free') return freeLabel;
  if (!pricing.amount || !pricing.currency_code) return null;
  return formatCurrency(locale, pricing.amount, pricing.currency_code);
}

/** "DD" for "Dungeons & Dragons", "MB" for "Mörk Borg", "?" for no name. */
export function systemInitials(name: string | null | undefined): string {
  const words = (name ?? '').match(/[\p{L}\p{N}]+/gu) ?? [];
  const letters = words
    .filter((word) => /^\p{Lu}|^\p{N}/u.test(word) || words.length === 1)
    .map((word) => Array.from(word)[0] ?? '')
    .join('');
  const chosen = letters || words.map((word) => Array.from(word)[0] ?? '').join('');
  return Array.from(chosen.toUpperCase()).slice(0, 2).join('') || '?';
}

/** A stable hue (0–359) for a game system, so its placeholder always has the same colour. */
export function systemHue(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** "English", "polski": a language of play named in the interface language. */
export function languageName(locale: string, language: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}
