import { describe, expect, it } from 'vitest';

import { safeAppPath } from './links';

describe('where a notification leads', () => {
  it('follows an app path and nothing else', () => {
    expect(safeAppPath('/questboard/lighthouse-watch')).toBe('/questboard/lighthouse-watch');
    expect(safeAppPath('/dashboard/player/my-sessions/01?x=1')).toBe(
      '/dashboard/player/my-sessions/01?x=1',
    );
    for (const hostile of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeAppPath(hostile)).toBe('/notifications');
    }
  });
});
