/**
 * The start-time field's auto-formatting (spec §5 "Series schedule"): digits only, a colon put in after the
 * hours, at most five characters ("1900" → "19:00"). "7:30" as typed is kept: the server reads h:mm too.
 */
export function formatTimeInput(text: string): string {
  if (/^\d:\d{0,2}$/.test(text)) return text;
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** hh:mm (or h:mm), hours 0–23, minutes 0–59. */
export function isValidStartTime(text: string): boolean {
  return /^([01]?\d|2[0-3]):[0-5]\d$/.test(text);
}
