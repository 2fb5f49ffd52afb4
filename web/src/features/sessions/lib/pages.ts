/** The lists' pages (spec §2): 20 sessions each; the offset comes from the address, leniently. */
export const pageSize = 20;

/** A list offset from the address: a non-negative multiple of the page size, else 0. */
export function parseOffset(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 0;
  const raw = Number(value);
  return raw - (raw % pageSize);
}
