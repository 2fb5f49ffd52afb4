import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { configQueryKey } from '@/lib/runtime-config';

export type UserContext = components['schemas']['UserContext'];
export type AccountView = components['schemas']['AccountView'];
export type Role = components['schemas']['Role'];

/** A signed-in user context: `user` and `account` are present. */
export type SignedInUserContext = UserContext & {
  authenticated: true;
  user: NonNullable<UserContext['user']>;
  account: AccountView;
};

export const anonymousUserContext: UserContext = {
  authenticated: false,
  user: null,
  account: null,
};

export const currentUserQueryKey = ['accounts', 'me'] as const;

/** Who is signed in (the session is an HttpOnly cookie the app cannot read itself). */
export async function getCurrentUser(): Promise<UserContext> {
  return unwrap(await api.GET('/api/auth/me'));
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser });
}

/** The current user context; the root loader fills it before any page shows. */
export function useCurrentUser(): UserContext {
  const { data } = useQuery(currentUserQueryOptions());
  return data ?? anonymousUserContext;
}

export function isSignedIn(context: UserContext | undefined): context is SignedInUserContext {
  return (
    context?.authenticated === true &&
    context.user !== null &&
    context.user !== undefined &&
    context.account !== null &&
    context.account !== undefined
  );
}

/** The signed-in user context, or undefined for a visitor. */
export function useSignedInUser(): SignedInUserContext | undefined {
  const context = useCurrentUser();
  return isSignedIn(context) ? context : undefined;
}

/** Queries that do not depend on who is signed in survive a change of user. */
const userIndependentKeys: readonly (readonly string[])[] = [currentUserQueryKey, configQueryKey];

function isUserIndependent(queryKey: readonly unknown[]): boolean {
  return userIndependentKeys.some(
    (key) => key.length === queryKey.length && key.every((part, index) => part === queryKey[index]),
  );
}

/**
 * A new user context from the server (signed in, signed up, roles changed). When the user changed, what
 * was cached for the previous one is dropped, so no page shows someone else's data.
 */
export function applyUserContext(queryClient: QueryClient, context: UserContext) {
  const previous = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  queryClient.setQueryData(currentUserQueryKey, context);
  resetUserScopedQueries(queryClient, previous?.user?.id, context.user?.id);
}

/**
 * Drops what was cached for `previousUserId` when someone else is signed in now, or marks it stale when
 * it is the same user (their data may have changed with the new context).
 */
export function resetUserScopedQueries(
  queryClient: QueryClient,
  previousUserId: string | undefined,
  nextUserId: string | undefined,
) {
  if (previousUserId !== nextUserId) {
    queryClient.removeQueries({ predicate: (query) => !isUserIndependent(query.queryKey) });
  } else {
    void queryClient.invalidateQueries({
      predicate: (query) => !isUserIndependent(query.queryKey),
    });
  }
}

/** Signed out (or the account is gone): anonymous again, nothing of the user's kept. */
export function applySignedOut(queryClient: QueryClient) {
  applyUserContext(queryClient, anonymousUserContext);
}
