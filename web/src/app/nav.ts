import {
  Dices,
  FileText,
  House,
  LayoutDashboard,
  PencilRuler,
  ScrollText,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';

import {
  applicationPaths,
  blueprintPaths,
  questboardPaths,
  seriesPaths,
  sessionPaths,
  paths,
} from '@/lib/paths';

import type enGB from '@/locales/en-GB.json';

/** Who is looking at the sidebar; decides which items are offered. */
export type NavViewer = {
  authenticated: boolean;
  roles: readonly string[];
};

export const anonymousViewer: NavViewer = { authenticated: false, roles: [] };

export type NavItem = {
  id: string;
  /** A page's own title serves when the item is named like the page (My Sessions). */
  labelKey:
    `nav.items.${keyof typeof enGB.nav.items}` | `pageTitles.${keyof typeof enGB.pageTitles}`;
  icon: LucideIcon;
  to: string;
  /** Match the path exactly (for `/`, which would otherwise be active everywhere). */
  end?: boolean;
  /** Absent: everyone sees it. */
  isVisible?: (viewer: NavViewer) => boolean;
};

export type NavSection = {
  id: string;
  labelKey: `nav.sections.${keyof typeof enGB.nav.sections}`;
  items: readonly NavItem[];
};

function isSignedIn(viewer: NavViewer): boolean {
  return viewer.authenticated;
}

function isGm(viewer: NavViewer): boolean {
  return viewer.authenticated && viewer.roles.includes('gm');
}

/** The main sidebar's sections, in order. Features add their items here as their pages arrive. */
export const navSections: readonly NavSection[] = [
  {
    id: 'explore',
    labelKey: 'nav.sections.explore',
    items: [
      { id: 'home', labelKey: 'nav.items.home', icon: House, to: paths.home.getHref(), end: true },
      {
        id: 'dashboard',
        labelKey: 'nav.items.dashboard',
        icon: LayoutDashboard,
        to: paths.dashboard.getHref(),
        // Only the Dashboard itself: every page below /dashboard/ has its own item.
        end: true,
        isVisible: isSignedIn,
      },
      {
        id: 'questboard',
        labelKey: 'nav.items.questboard',
        icon: ScrollText,
        to: questboardPaths.questboard.getHref(),
      },
    ],
  },
  {
    id: 'player',
    labelKey: 'nav.sections.player',
    items: [
      {
        id: 'my-games',
        labelKey: 'nav.items.myGames',
        icon: Dices,
        to: applicationPaths.myGames.getHref(),
        isVisible: isSignedIn,
      },
      {
        id: 'my-sessions',
        labelKey: 'nav.items.mySessions',
        icon: Dices,
        to: sessionPaths[0],
        isVisible: isSignedIn,
      },
    ],
  },
  {
    id: 'game-master',
    labelKey: 'nav.sections.gameMaster',
    items: [
      {
        id: 'my-series',
        labelKey: 'nav.items.mySeries',
        icon: ScrollText,
        to: seriesPaths.mySeries.getHref(),
        isVisible: isGm,
      },
      {
        id: 'gm-sessions',
        labelKey: 'nav.items.mySessions',
        icon: Dices,
        to: sessionPaths[1],
        isVisible: isGm,
      },
      {
        id: 'series-applications',
        labelKey: 'nav.items.seriesApplications',
        // Players asking to join; also the shell's sign-up icon, so it costs the first load nothing.
        icon: UserPlus,
        to: applicationPaths.seriesApplications.getHref(),
        isVisible: isGm,
      },
      {
        id: 'activity-blueprints',
        labelKey: 'nav.items.activityBlueprints',
        icon: PencilRuler,
        to: blueprintPaths.blueprints.getHref(),
        isVisible: isGm,
      },
      {
        id: 'activity-blueprint-parts',
        labelKey: 'nav.items.activityBlueprintParts',
        icon: FileText,
        to: blueprintPaths.parts.getHref(),
        isVisible: isGm,
      },
    ],
  },
];

/**
 * The item the sidebar marks as the current page: the one whose address is the longest prefix of `pathname`
 * (its own page or a page below it; only its own page for `end` items). So on Series Applications
 * (`/dashboard/gm/my-series/applications`) only that item is current, not My Series too, while a series' own page
 * (`/dashboard/gm/my-series/{handle}`) still marks My Series.
 */
export function currentNavItemId(
  sections: readonly NavSection[],
  pathname: string,
): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: NavItem | undefined;
  for (const item of sections.flatMap((section) => section.items)) {
    const matches = item.end
      ? path === item.to
      : path === item.to || path.startsWith(item.to === '/' ? '/' : `${item.to}/`);
    if (matches && (best === undefined || item.to.length > best.to.length)) best = item;
  }
  return best?.id;
}

/** The sections as `viewer` sees them: hidden items dropped, and a section with nothing left dropped too. */
export function visibleNavSections(
  sections: readonly NavSection[],
  viewer: NavViewer,
): NavSection[] {
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => item.isVisible?.(viewer) ?? true),
    }))
    .filter((section) => section.items.length > 0);
}
