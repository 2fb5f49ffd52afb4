import { describe, expect, it } from 'vitest';

import { createI18n } from '@/lib/i18n/create-i18n';

import { knownPlaystyles } from './constants';
import { playstyleLabel, titleCase } from './playstyles';

describe('playstyle display', () => {
  it('translates the known playstyles', () => {
    const en = createI18n('en-GB');
    const pl = createI18n('pl-PL');
    expect(playstyleLabel('story_driven', en.t)).toBe('Story-driven');
    expect(playstyleLabel('role_playing_focused', en.t)).toBe('Role-playing focused');
    expect(playstyleLabel('tactical', pl.t)).toBe('Taktyczny');
    for (const style of knownPlaystyles) {
      expect(playstyleLabel(style, pl.t)).not.toContain('profiles.');
    }
  });

  it('title-cases the unknown ones, as the server does', () => {
    const en = createI18n('en-GB');
    expect(playstyleLabel('grim_dark', en.t)).toBe('Grim Dark');
    expect(playstyleLabel('west-marches', en.t)).toBe('West Marches');
    expect(titleCase('dungeon  crawl')).toBe('Dungeon Crawl');
    expect(titleCase('')).toBe('');
  });
});
