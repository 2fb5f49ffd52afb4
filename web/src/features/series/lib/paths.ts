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
