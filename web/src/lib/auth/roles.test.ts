import { describe, expect, it } from 'vitest';

import { initials, primaryRole } from './roles';

describe('roles and initials', () => {
  it('shows the most capable role', () => {
    expect(primaryRole(['player'])).toBe('player');
    expect(primaryRole(['player', 'gm'])).toBe('gm');
    expect(primaryRole(['player', 'gm', 'admin'])).toBe('admin');
  });

  it('takes the first letters of the first and last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  gandalf  ')).toBe('G');
    expect(initials('Jan Maria Rokita')).toBe('JR');
    expect(initials('łucja żak')).toBe('ŁŻ');
    expect(initials('')).toBe('?');
  });
});
