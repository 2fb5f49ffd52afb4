import { House } from 'lucide-react';
import { describe, expect, it } from 'vitest';

import { anonymousViewer, navSections, visibleNavSections, type NavSection } from './nav';

describe('main sidebar navigation', () => {
  it('shows Explore with Home and the Questboard, and hides the empty Game Master section', () => {
    const sections = visibleNavSections(navSections, anonymousViewer);
    expect(sections.map((section) => section.id)).toEqual(['explore']);
    expect(sections[0]?.items.map((item) => item.id)).toEqual(['home', 'questboard']);
  });

  it('drops items the viewer may not see, and a section left empty', () => {
    const gmOnly: NavSection[] = [
      {
        id: 'game-master',
        labelKey: 'nav.sections.gameMaster',
        items: [
          {
            id: 'gm-thing',
            labelKey: 'nav.items.home',
            icon: House,
            to: '/',
            isVisible: (viewer) => viewer.roles.includes('gm'),
          },
        ],
      },
    ];
    expect(visibleNavSections(gmOnly, anonymousViewer)).toEqual([]);
    expect(
      visibleNavSections(gmOnly, { authenticated: true, roles: ['player', 'gm'] }),
    ).toHaveLength(1);
  });

  it('gives game masters their section with My Series and the blueprint lists, and players none', () => {
    const player = visibleNavSections(navSections, { authenticated: true, roles: ['player'] });
    expect(player.map((section) => section.id)).toEqual(['explore']);
    const gm = visibleNavSections(navSections, { authenticated: true, roles: ['player', 'gm'] });
    expect(gm.map((section) => section.id)).toEqual(['explore', 'game-master']);
    expect(gm[1]?.items.map((item) => item.to)).toEqual([
      '/dashboard/gm/my-series',
      '/dashboard/gm/activity-blueprints',
      '/dashboard/gm/activity-blueprint-parts',
    ]);
  });
});
