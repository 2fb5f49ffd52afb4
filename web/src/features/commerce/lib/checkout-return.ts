/**
 * The session a card payment is for, kept while the buyer may be away at their bank (a redirect leaves the app):
 * `/checkout/success` reads it to lead back to that session's page. The cart's id is kept already (cart-storage).
 */
import { storageKeys } from '@/lib/storage-keys';

import { browserStorage, type CartIdStorage } from './cart-storage';

export function rememberCheckoutSession(
  sessionId: string,
  storage: CartIdStorage | undefined = browserStorage(),
): void {
  try {
    storage?.setItem(storageKeys.checkoutSessionId, sessionId);
  } catch {
    // Not saving is acceptable: the return page then links to the list of sessions.
  }
}

export function readCheckoutSession(
  storage: CartIdStorage | undefined = browserStorage(),
): string | null {
  try {
    const value = storage?.getItem(storageKeys.checkoutSessionId) ?? null;
    return value === null || value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

export function forgetCheckoutSession(storage: CartIdStorage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(storageKeys.checkoutSessionId);
  } catch {
    // Nothing to do: a stale id only names a session the buyer may open anyway.
  }
}
