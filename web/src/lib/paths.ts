/** Every route of the app, one place to build links from. */

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
