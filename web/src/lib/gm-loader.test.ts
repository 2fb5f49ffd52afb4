import { describe, expect, it } from 'vitest';

import { offsetFrom } from './gm-loader';

describe('offsetFrom', () => {
  it('reads the offset from a loader URL or a page search params, as a multiple of the page size', () => {
    expect(offsetFrom('http://localhost/dashboard/gm/my-sessions?offset=45', 20)).toBe(40);
    expect(offsetFrom(new URLSearchParams('offset=40'), 20)).toBe(40);
    expect(offsetFrom(new URLSearchParams(''), 20)).toBe(0);
  });

  it('takes anything else for the first page', () => {
    for (const value of ['-20', '2.5', 'x']) {
      expect(offsetFrom(new URLSearchParams({ offset: value }), 20), value).toBe(0);
    }
  });
});
