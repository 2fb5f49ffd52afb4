import { describe, expect, it } from 'vitest';

import { formatDocumentTitle, titleKeyFromMatches } from './route-handle';

describe('document title', () => {
  it('is the product name alone without a page title', () => {
    expect(formatDocumentTitle()).toBe('Questline');
    expect(formatDocumentTitle('  ')).toBe('Questline');
  });

  it('puts the page first', () => {
    expect(formatDocumentTitle('Home')).toBe('Home · Questline');
    expect(formatDocumentTitle('Strona główna')).toBe('Strona główna · Questline');
  });

  it('takes the deepest route that names a title', () => {
    expect(
      titleKeyFromMatches([
        { handle: undefined },
        { handle: { titleKey: 'pageTitles.home' } },
        { handle: { other: true } },
      ]),
    ).toBe('pageTitles.home');
    expect(titleKeyFromMatches([{ handle: undefined }])).toBeUndefined();
  });
});
