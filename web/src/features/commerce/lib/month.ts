/** Earnings are summed per UTC month (decisions.md §1): `YYYY-MM`. */
export function utcMonth(date: Date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

export function isMonth(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}
