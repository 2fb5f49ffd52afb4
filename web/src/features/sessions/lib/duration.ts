/** A session's length in minutes (spec §5, §9): 1 to 1440, 60 by default. */
export const minDuration = 1;
export const maxDuration = 1440;
export const defaultDuration = 60;

/** What the duration field sends: a non-number becomes 1, anything else is clamped to 1..1440. */
export function clampDuration(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(number) || String(value).trim() === '') return minDuration;
  return Math.min(maxDuration, Math.max(minDuration, Math.round(number)));
}
