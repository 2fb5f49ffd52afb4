/** The limits of what reviews, answers, reports and notes may say (the contract), and how they are counted. */

/** A review's body, an answer and a private note: at most 2000 characters. */
export const bodyMax = 2000;
/** A report's reason: 1..500 characters. */
export const reasonMax = 500;

/**
 * Characters as the server counts them (Unicode scalar values, after trimming): an emoji is one, not two UTF-16
 * units, so the counter and the server agree.
 */
export function characterCount(text: string): number {
  return Array.from(text.trim()).length;
}

/** The author may still edit their review (until `editable_until`, the server's created_at + 7 days). */
export function isEditable(editableUntil: string, now: number = Date.now()): boolean {
  return now < Date.parse(editableUntil);
}

/** The series' public page (a plain path: the reviews import nothing of the series feature). */
export const seriesHref = (handle: string) => `/questboard/${encodeURIComponent(handle)}`;
