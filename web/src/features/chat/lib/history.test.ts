import { describe, expect, it } from 'vitest';

import { newestFromOther, orderHistory } from './history';
import type { HistoryEntry } from './types';

function message(id: string, fromMe = false): HistoryEntry {
  return { kind: 'message', id, body: id, sentAt: '2026-11-26T06:00:00Z', fromMe };
}

describe('orderHistory', () => {
  it('puts the oldest first across newest-first pages', () => {
    const pages = [
      [message('m5'), message('m4')],
      [message('m3'), message('m2'), message('m1')],
    ];
    expect(orderHistory(pages).map((entry) => entry.id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('shows an entry that is on two pages once', () => {
    const pages = [
      [message('m3'), message('m2')],
      [message('m2'), message('m1')],
    ];
    expect(orderHistory(pages).map((entry) => entry.id)).toEqual(['m1', 'm2', 'm3']);
  });

  it('keeps a context marker and a message with the same id apart', () => {
    const marker: HistoryEntry = {
      kind: 'context',
      id: 'x',
      at: '2026-11-26T06:00:00Z',
      series: { seriesId: 's', title: 'Lighthouse Watch', handle: 'lighthouse-watch' },
    };
    expect(orderHistory([[message('x'), marker]])).toHaveLength(2);
  });
});

describe('newestFromOther', () => {
  it('finds the newest message the other person sent', () => {
    const entries = orderHistory([[message('m3', true), message('m2'), message('m1')]]);
    expect(newestFromOther(entries)?.id).toBe('m2');
    expect(newestFromOther([message('mine', true)])).toBeUndefined();
  });
});
