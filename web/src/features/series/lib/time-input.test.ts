import { describe, expect, it } from 'vitest';

import { formatTimeInput, isValidStartTime } from './time-input';

describe('the start-time input', () => {
  it('puts the colon in after the hours and keeps at most five characters', () => {
    expect(formatTimeInput('1')).toBe('1');
    expect(formatTimeInput('19')).toBe('19');
    expect(formatTimeInput('190')).toBe('19:0');
    expect(formatTimeInput('1900')).toBe('19:00');
    expect(formatTimeInput('19005')).toBe('19:00');
    expect(formatTimeInput('19:00')).toBe('19:00');
  });

  it('drops everything that is not a digit', () => {
    expect(formatTimeInput('1a9b:0c0')).toBe('19:00');
    expect(formatTimeInput('ab')).toBe('');
  });

  it('lets a colon typed after one hour digit stand', () => {
    expect(formatTimeInput('7:')).toBe('7:');
    expect(formatTimeInput('7:30')).toBe('7:30');
  });

  it('takes hours 0–23 and minutes 0–59 only', () => {
    expect(isValidStartTime('19:00')).toBe(true);
    expect(isValidStartTime('00:00')).toBe(true);
    expect(isValidStartTime('7:30')).toBe(true);
    expect(isValidStartTime('23:59')).toBe(true);
    expect(isValidStartTime('24:00')).toBe(false);
    expect(isValidStartTime('12:60')).toBe(false);
    expect(isValidStartTime('19:0')).toBe(false);
    expect(isValidStartTime('1900')).toBe(false);
  });
});
