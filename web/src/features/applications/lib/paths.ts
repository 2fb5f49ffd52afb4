/**
 * The applications pages (spec §2): the player's games and applications, the GM's applications to their series.
 * Kept free of imports: the shell's router and sidebar load it with the first page.
 */
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
