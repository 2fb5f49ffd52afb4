/**
 * The hand-typed 24-hour time field (spec §9): digits typed are shaped as hh:mm ("9" → "9", "93" → "09:3",
 * "1830" → "18:30"); an entry left half-typed for 2 seconds goes back to the last whole time.
 */
export const pendingResetMs = 2000;

/** A whole time "hh:mm" (00:00–23:59). */
export function isWholeTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** The digits typed so far, shaped as hh:mm: at most four, a first digit above 2 is an hour "0h". */
export function shapeTyped(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > 0 && Number(digits[0]) > 2) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length >= 2 && Number(digits.slice(0, 2)) > 23) digits = `23${digits.slice(2)}`;
  if (digits.length >= 3 && Number(digits[2]) > 5)
    digits = `${digits.slice(0, 2)}5${digits.slice(3)}`;
  if (digits.length <= 2) return digits.length === 2 && raw.includes(':') ? `${digits}:` : digits;
  return `${digits.slice(0, 2)}:${digits.slice(2)}`;
}
