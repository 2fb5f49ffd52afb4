/**
 * The price input's rules (spec §5 "Pricing"): digits with a comma or a dot while typing; on blur the comma
 * becomes a dot, an empty or zero price clears the field, and the value is padded to two decimals. The price
 * travels as this string, never through floating point.
 */

/** What the field accepts while typing: digits, at most one comma or dot. Anything else is not taken. */
export function acceptsPriceInput(text: string): boolean {
  return /^\d*([.,]\d*)?$/.test(text);
}

/** The field's value on blur. */
export function normalizePrice(text: string): string {
  const value = text.trim().replace(',', '.');
  if (value === '' || value === '.') return '';
  if (!/^\d*(\.\d*)?$/.test(value)) return value;
  const [whole = '', fraction = ''] = value.split('.');
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  if (/^0*$/.test(digits) && /^0*$/.test(fraction)) return '';
  // More than two decimals stay as typed: the rule says so rather than rounding a price nobody typed.
  return `${digits}.${fraction.length >= 2 ? fraction : fraction.padEnd(2, '0')}`;
}

/** The price in minor units (grosze, cents), or undefined when it is not a price the field accepts. */
export function priceMinorUnits(text: string): number | undefined {
  const value = text.trim().replace(',', '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || value === '' || value === '.') return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > 2 && !/^0*$/.test(fraction.slice(2))) return undefined;
  return Number(whole || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
}
