import { describe, expect, it } from 'vitest';

import { i18n } from '@/lib/i18n';

import { sessionPaths } from '@/lib/paths';
import { loadSessionPage } from './sessions';

describe('the sessions pages as the router loads them', { timeout: 30_000 }, () => {
  it('name their titles: My Sessions for the lists, Session for a session and the create form', async () => {
    const titles = await Promise.all(
      sessionPaths.map(async (_path, index) => {
        const page = await loadSessionPage(index);
        expect(typeof page.default).toBe('function');
        expect(typeof page.createLoader).toBe('function');
        return i18n.t(page.handle.titleKey, { lng: 'en-GB' });
      }),
    );
    expect(titles).toEqual(['My Sessions', 'My Sessions', 'Session', 'Session', 'Session']);
    expect(i18n.t('sessions.pageTitles.mySessions', { lng: 'pl-PL' })).toBe('Moje sesje');
  });
});
