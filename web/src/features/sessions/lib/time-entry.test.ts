import { describe, expect, it } from 'vitest';

import { isWholeTime, shapeTyped } from './time-entry';

describe('the hand-typed 24-hour time', () => {
  it('shapes typed digits as hh:mm', () => {
    expect(shapeTyped('1')).toBe('1');
    expect(shapeTyped('18')).toBe('18');
    expect(shapeTyped('183')).toBe('18:3');
    expect(shapeTyped('1830')).toBe('18:30');
    expect(shapeTyped('18:30')).toBe('18:30');
    expect(shapeTyped('18305')).toBe('18:30');
  });

  it('reads a first digit above 2 as a single-digit hour', () => {
    expect(shapeTyped('9')).toBe('09');
    expect(shapeTyped('930')).toBe('09:30');
  });

  it('keeps hours and minutes in range', () => {
    expect(shapeTyped('2961')).toBe('23:51');
    expect(shapeTyped('0075')).toBe('00:55');
  });

  it('ignores anything but digits', () => {
    expect(shapeTyped('ab1c2')).toBe('12');
    expect(shapeTyped('')).toBe('');
  });

  it('knows a whole time', () => {
    expect(isWholeTime('00:00')).toBe(true);
    expect(isWholeTime('23:59')).toBe(true);
    expect(isWholeTime('24:00')).toBe(false);
    expect(isWholeTime('9:30')).toBe(false);
    expect(isWholeTime('18:3')).toBe(false);
  });
});
