import { describe, expect, it } from 'vitest';

import { clampDuration } from './duration';

describe('the session duration', () => {
  it('becomes 1 when it is not a number', () => {
    expect(clampDuration('')).toBe(1);
    expect(clampDuration('abc')).toBe(1);
    expect(clampDuration('  ')).toBe(1);
    expect(clampDuration(Number.NaN)).toBe(1);
  });

  it('is clamped to 1..1440 minutes', () => {
    expect(clampDuration('0')).toBe(1);
    expect(clampDuration('-30')).toBe(1);
    expect(clampDuration('1441')).toBe(1440);
    expect(clampDuration('99999')).toBe(1440);
    expect(clampDuration('90')).toBe(90);
    expect(clampDuration(' 45 ')).toBe(45);
    expect(clampDuration('59.6')).toBe(60);
  });
});
