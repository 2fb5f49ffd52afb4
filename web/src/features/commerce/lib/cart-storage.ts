/** The cart's id, kept in localStorage under `cart_id` (spec §4 "Cart"), like the region's. */
import { storageKeys } from '@/lib/storage-keys';

export type CartIdStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserStorage(): CartIdStorage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

export function readStoredCartId(storage: CartIdStorage | undefined): string | null {
  try {
    const value = storage?.getItem(storageKeys.cartId) ?? null;
    return value === null || value.trim() === '' ? null : value;
  } catch {
    return null;
  }
}

export function writeStoredCartId(storage: CartIdStorage | undefined, id: string | null): void {
  try {
    if (id === null) storage?.removeItem(storageKeys.cartId);
    else storage?.setItem(storageKeys.cartId, id);
  } catch {
    // Not saving is acceptable: a new cart is made on the next load.
  }
}

/** The spec's error when an action needs the cart and there is none (spec §8). */
export class CartNotInitializedError extends Error {
  override readonly name = 'CartNotInitializedError';

  constructor() {
    super('Cart is not initialized');
  }
}

export function requireStoredCartId(storage: CartIdStorage | undefined = browserStorage()): string {
  const id = readStoredCartId(storage);
  if (id === null) throw new CartNotInitializedError();
  return id;
}
