/** Loader helpers for pages that depend on who is signed in. */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';

import { paths } from '@/lib/paths';

import {
  currentUserQueryOptions,
  isSignedIn,
  type SignedInUserContext,
  type UserContext,
} from '@/lib/auth/current-user';
import { returnToParam, sanitizeReturnTo } from '@/lib/auth/return-to';

export async function loadCurrentUser(queryClient: QueryClient): Promise<UserContext> {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
  return queryClient.ensureQueryData(currentUserQueryOptions());
}

/** The signed-in user, or a redirect to sign-in that comes back to this page afterwards. */
export async function requireSignedIn(
  queryClient: QueryClient,
  request: Request,
): Promise<SignedInUserContext> {
  const context = await loadCurrentUser(queryClient);
  if (isSignedIn(context)) return context;
  const url = new URL(request.url);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's redirect is thrown
  throw redirect(paths.signIn.getHref(`${url.pathname}${url.search}`));
}

/** Sign-in and sign-up have nothing to offer someone already signed in: send them on. */
export async function redirectIfSignedIn(queryClient: QueryClient, request: Request) {
  const context = await loadCurrentUser(queryClient);
  if (!isSignedIn(context)) return;
  const target = sanitizeReturnTo(new URL(request.url).searchParams.get(returnToParam));
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's redirect is thrown
  throw redirect(target);
}

/** The loader of the sign-in and sign-up pages. */
export function redirectIfSignedInLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await redirectIfSignedIn(queryClient, request);
    return null;
  };
}
