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
