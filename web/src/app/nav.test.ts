import { House } from 'lucide-react';
import { describe, expect, it } from 'vitest';

import {
  anonymousViewer,
  currentNavItemId,
  navSections,
  visibleNavSections,
  type NavSection,
} from './nav';

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

  it('gives game masters their section with My Series, My Sessions, the applications and the blueprint lists', () => {
    const player = visibleNavSections(navSections, { authenticated: true, roles: ['player'] });
    expect(player.map((section) => section.id)).toEqual(['explore', 'player']);
    const gm = visibleNavSections(navSections, { authenticated: true, roles: ['player', 'gm'] });
    expect(gm.map((section) => section.id)).toEqual(['explore', 'player', 'game-master']);
    expect(gm[2]?.items.map((item) => item.to)).toEqual([
      '/dashboard/gm/my-series',
      '/dashboard/gm/my-sessions',
      '/dashboard/gm/my-series/applications',
      '/dashboard/gm/activity-blueprints',
      '/dashboard/gm/activity-blueprint-parts',
    ]);
  });

  it('gives every signed-in user My Games and My Sessions in the Player section, and visitors none', () => {
    const player = visibleNavSections(navSections, { authenticated: true, roles: ['player'] });
    expect(player[1]?.items.map((item) => item.to)).toEqual([
      '/dashboard/player/my-games',
      '/dashboard/player/my-sessions',
    ]);
    const visitor = visibleNavSections(navSections, anonymousViewer);
    expect(visitor.some((section) => section.id === 'player')).toBe(false);
  });

  it('gives every signed-in user the Dashboard under Explore, and visitors not', () => {
    const player = visibleNavSections(navSections, { authenticated: true, roles: ['player'] });
    expect(player[0]?.items.map((item) => item.id)).toEqual(['home', 'dashboard', 'questboard']);
  });

  it('marks the most specific item as the current page', () => {
    expect(currentNavItemId(navSections, '/')).toBe('home');
    expect(currentNavItemId(navSections, '/dashboard')).toBe('dashboard');
    expect(currentNavItemId(navSections, '/dashboard/player/my-sessions')).toBe('my-sessions');
    expect(currentNavItemId(navSections, '/questboard/some-series')).toBe('questboard');
    expect(currentNavItemId(navSections, '/dashboard/gm/my-series')).toBe('my-series');
    expect(currentNavItemId(navSections, '/dashboard/gm/my-series/citadel')).toBe('my-series');
    expect(currentNavItemId(navSections, '/dashboard/gm/my-series/applications/')).toBe(
      'series-applications',
    );
    expect(currentNavItemId(navSections, '/dashboard/player/my-games/applications')).toBe(
      'my-games',
    );
    expect(currentNavItemId(navSections, '/dashboard/gm/my-series-old')).toBeUndefined();
    expect(currentNavItemId(navSections, '/profile')).toBeUndefined();
  });
});
