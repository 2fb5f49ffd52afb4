/**
 * Every route of the app, one place to build links from: the shell's (`paths`) and each feature's, in the order of
 * the router. The shell's router and sidebar load this module with the first page, and the Questboard's first load
 * has no bytes to spare (issue 11's budget): keep it free of imports; what the first page does not use is left out
 * of its bundle.
 */

/** `path`, with `?return_to=` when there is somewhere other than home to come back to. */
function withReturnTo(path: string, returnTo?: string): string {
  if (returnTo === undefined || returnTo === '' || returnTo === '/') return path;
  return `${path}?${new URLSearchParams({ return_to: returnTo }).toString()}`;
}

export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
  signIn: {
    path: '/sign-in',
    getHref: (returnTo?: string) => withReturnTo('/sign-in', returnTo),
  },
  signUp: {
    path: '/sign-up',
    getHref: (returnTo?: string) => withReturnTo('/sign-up', returnTo),
  },
  forgotPassword: {
    path: '/forgot-password',
    getHref: () => '/forgot-password',
  },
  resetPassword: {
    path: '/reset-password',
    getHref: () => '/reset-password',
  },
  verifyEmail: {
    path: '/verify-email',
    getHref: () => '/verify-email',
  },
  /** Where the identity provider sends the browser back to after sign-in. */
  callback: {
    path: '/callback',
    getHref: () => '/callback',
  },
  /** The Dashboard index (issue 19): where signing in lands. */
  dashboard: {
    path: '/dashboard',
    getHref: () => '/dashboard',
  },
  account: {
    path: '/account',
    getHref: () => '/account',
  },
  profile: {
    path: '/profile',
    getHref: () => '/profile',
  },
  profileById: {
    path: '/profile/:accountId',
    getHref: (accountId: string) => `/profile/${encodeURIComponent(accountId)}`,
  },
} as const;

/** The Questboard's routes. */
export const questboardPaths = {
  questboard: {
    path: '/questboard',
    getHref: () => '/questboard',
  },
  series: {
    path: '/questboard/:handle',
    getHref: (handle: string) => `/questboard/${encodeURIComponent(handle)}`,
  },
} as const;

/** The blueprint pages' addresses (spec §2). */
export const blueprintPaths = {
  blueprints: {
    path: '/dashboard/gm/activity-blueprints',
    getHref: () => '/dashboard/gm/activity-blueprints',
  },
  blueprint: {
    path: '/dashboard/gm/activity-blueprints/:handle',
    getHref: (handle: string) => `/dashboard/gm/activity-blueprints/${encodeURIComponent(handle)}`,
  },
  parts: {
    path: '/dashboard/gm/activity-blueprint-parts',
    getHref: () => '/dashboard/gm/activity-blueprint-parts',
  },
  part: {
    path: '/dashboard/gm/activity-blueprint-parts/:handle',
    getHref: (handle: string) =>
      `/dashboard/gm/activity-blueprint-parts/${encodeURIComponent(handle)}`,
  },
} as const;

/** The GM's series pages (spec §2). */
export const seriesPaths = {
  mySeries: {
    path: '/dashboard/gm/my-series',
    getHref: () => '/dashboard/gm/my-series',
  },
  create: {
    path: '/dashboard/gm/my-series/create',
    getHref: () => '/dashboard/gm/my-series/create',
  },
  series: {
    path: '/dashboard/gm/my-series/:handle',
    getHref: (handle: string) => `/dashboard/gm/my-series/${encodeURIComponent(handle)}`,
  },
} as const;

/** The applications pages (spec §2): the player's games and applications, the GM's applications to their series. */
function withSearch(path: string, search: string): string {
  return search === '' ? path : `${path}?${search}`;
}

export const applicationPaths = {
  myGames: {
    path: '/dashboard/player/my-games',
    getHref: () => '/dashboard/player/my-games',
  },
  myApplications: {
    path: '/dashboard/player/my-games/applications',
    /** With `application`, that one is selected (in the palette's context). */
    getHref: (application?: string) =>
      withSearch(
        '/dashboard/player/my-games/applications',
        application ? new URLSearchParams({ application }).toString() : '',
      ),
  },
  seriesApplications: {
    path: '/dashboard/gm/my-series/applications',
    /** `search`: the filters' search part (`applicationsFilterSearch`), e.g. `series=…&status=pending`. */
    getHref: (search = '') => withSearch('/dashboard/gm/my-series/applications', search),
  },
} as const;

/**
 * The sessions pages' route patterns (spec §2), in the order of `features/sessions/routes/pages.tsx`: the player's
 * list, the GM's list, the player's session, the create form, the GM's session; `sessionHrefs` builds their links.
 */
const playerSessions = '/dashboard/player/my-sessions';
const gmSessions = '/dashboard/gm/my-sessions';

/** [player list, GM list, player session, create (`?series=` chooses the series), GM session] */
export const sessionPaths = [
  playerSessions,
  gmSessions,
  `${playerSessions}/:id`,
  `${gmSessions}/create`,
  `${gmSessions}/:id`,
] as const;

/** Links to the sessions pages. */
const [playerList, gmList, , create] = sessionPaths;

export const sessionHrefs = {
  playerSessions: () => playerList,
  playerSession: (id: string) => `${playerList}/${encodeURIComponent(id)}`,
  gmSessions: () => gmList,
  /** With `series`, that series is chosen in the form. */
  create: (series?: string) =>
    series ? `${create}?${new URLSearchParams({ series }).toString()}` : create,
  gmSession: (id: string) => `${gmList}/${encodeURIComponent(id)}`,
  /** The session's event as an `.ics` download ("Add to calendar"): the API's address, not a page. */
  calendarEvent: (id: string) => `/api/sessions/${encodeURIComponent(id)}/calendar.ics`,
};

/** The notifications pages (issue 18): the full list, and unsubscribing by a mailed link. */
export const notificationsPath = '/notifications';
export const unsubscribePath = '/unsubscribe';
/** The preferences section of the account settings page. */
export const preferencesHref = '/account#notifications';
