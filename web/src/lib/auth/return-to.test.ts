import { describe, expect, it } from 'vitest';

import { sanitizeReturnTo, withReturnTo } from './return-to';

describe('sanitizeReturnTo', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(sanitizeReturnTo('/account')).toBe('/account');
    expect(sanitizeReturnTo('/questboard?system=dnd#top')).toBe('/questboard?system=dnd#top');
  });

  it.each([
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['/\t/evil.example'],
    [''],
  ])('refuses %j and goes home instead', (value) => {
    expect(sanitizeReturnTo(value)).toBe('/');
  });

  it('uses the fallback for nothing at all', () => {
    expect(sanitizeReturnTo(null)).toBe('/');
    expect(sanitizeReturnTo(undefined, '/account')).toBe('/account');
  });

  it('does not come back to the sign-in or sign-up page', () => {
    expect(sanitizeReturnTo('/sign-in?return_to=/account')).toBe('/');
    expect(sanitizeReturnTo('/sign-up')).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(sanitizeReturnTo('/a/../account')).toBe('/account');
  });
});

describe('withReturnTo', () => {
  it('carries a safe target to another page', () => {
    expect(withReturnTo('/sign-up', '/account')).toBe('/sign-up?return_to=%2Faccount');
  });

  it('drops an unsafe or pointless target', () => {
    expect(withReturnTo('/sign-up', 'https://evil.example')).toBe('/sign-up');
    expect(withReturnTo('/sign-up', '/')).toBe('/sign-up');
    expect(withReturnTo('/sign-up', null)).toBe('/sign-up');
  });
});
