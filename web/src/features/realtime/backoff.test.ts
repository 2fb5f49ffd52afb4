import { describe, expect, it } from 'vitest';

import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  const options = { baseMs: 500, maxMs: 30_000 };

  it('doubles the ceiling with each attempt up to the maximum', () => {
    const almostOne = () => 0.999_999;
    expect(backoffDelay(0, options, almostOne)).toBe(499);
    expect(backoffDelay(1, options, almostOne)).toBe(999);
    expect(backoffDelay(3, options, almostOne)).toBe(3999);
    expect(backoffDelay(10, options, almostOne)).toBe(29_999);
    expect(backoffDelay(50, options, almostOne)).toBe(29_999);
  });

  it('spreads delays between zero and the ceiling (full jitter)', () => {
    expect(backoffDelay(4, options, () => 0)).toBe(0);
    expect(backoffDelay(4, options, () => 0.5)).toBe(4000);
    const delays = Array.from({ length: 200 }, () => backoffDelay(4, options));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(8000);
    expect(new Set(delays).size).toBeGreaterThan(100);
  });
});
