/** Every route of the app, one place to build links from. */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
  },
} as const;
