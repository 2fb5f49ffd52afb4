import { describe, expect, it } from 'vitest';

import type { Order } from '../api/store-types';
import { itemLabel } from './receipt';

const line: Omit<Order['items'][number], 'metadata'> & { metadata: unknown } = {
  id: 'cali_1',
  metadata: {},
  requires_shipping: false,
  variant_id: 'variant_abc',
  title: 'Tide Bell — 2026-11-26 10:50',
  quantity: 1,
  unit_price: 25,
  subtotal: 25,
  total: 25,
};

const formatted = (value: string) => `formatted(${value})`;

describe('itemLabel', () => {
  it('names the series and formats the start for the reader', () => {
    const item = {
      ...line,
      metadata: { series_title: 'Tide Bell', starts_at: '2026-11-26T09:50:00Z', session_id: 's' },
    };
    expect(itemLabel(item, formatted)).toBe('Tide Bell — formatted(2026-11-26T09:50:00Z)');
  });

  it("falls back to the invoice's stored title without the metadata", () => {
    expect(itemLabel(line, formatted)).toBe('Tide Bell — 2026-11-26 10:50');
    expect(itemLabel({ ...line, metadata: { series_title: 'Tide Bell' } }, formatted)).toBe(
      line.title,
    );
  });
});
