/** Sign-in through the OpenID Connect provider the server is configured with (GET /api/config `oidc`). */
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

import { sanitizeReturnTo } from '@/lib/auth/return-to';
import type { UserContext } from '@/lib/auth/current-user';

export type OidcOutcome = components['schemas']['OidcOutcome'];
export type OidcClaims = components['schemas']['OidcClaims'];
export type OidcSignInResult = components['schemas']['OidcSignInResult'];
export type FinishOidcInput = components['schemas']['FinishRequest'];
export type LinkOidcInput = components['schemas']['LinkRequest'];

export const oidcStartPath = '/api/auth/oidc/start';

/**
 * Where "Sign in with …" goes: a plain browser navigation (never fetch), because the server answers with a
 * redirect to the provider's own sign-in page. Only a same-origin path is passed on as `return_to`.
 */
export function oidcStartHref(returnTo?: string | null): string {
  const target = sanitizeReturnTo(returnTo, '/');
  return target === '/'
    ? oidcStartPath
    : `${oidcStartPath}?${new URLSearchParams({ return_to: target }).toString()}`;
}

/**
 * "Sign in with … again" for a signed-in user who must confirm who they are (deleting an account without a
 * password): the provider asks for the login again, and `/callback` comes back to `returnTo`.
 */
export function oidcReauthenticateHref(returnTo: string): string {
  const query = new URLSearchParams({
    intent: 'reauthenticate',
    return_to: sanitizeReturnTo(returnTo, '/'),
  });
  return `${oidcStartPath}?${query.toString()}`;
}

/** Exchanges the provider's code (once: the state is single use) for a session. */
export async function finishOidcSignIn(body: FinishOidcInput): Promise<OidcSignInResult> {
  return unwrap(await api.POST('/api/auth/oidc/finish', { body }));
}

/** Links the provider identity of a `link_required` answer to the existing account, then signs in. */
export async function linkOidcIdentity(body: LinkOidcInput): Promise<UserContext> {
  return unwrap(await api.POST('/api/auth/oidc/link', { body }));
}
