/**
 * The cart's life (spec §4 "Cart"): created for the selected region, its id kept in local storage, retrieved on
 * load and a new one made when retrieval fails; its region and sales channel follow a region change; on sign-in
 * it becomes the account's (`transferCart`). Pure of React and of the network: the calls come in, so the
 * recovery paths are tested without a server.
 */
import { ApiError } from '@/lib/api/errors';

import type { Cart, CreateCartBody, UpdateCartBody } from '../api/store-types';
import { readStoredCartId, writeStoredCartId, type CartIdStorage } from './cart-storage';

export type CartCalls = {
  createCart: (body: CreateCartBody) => Promise<Cart>;
  getCart: (id: string) => Promise<Cart>;
  updateCart: (id: string, body: UpdateCartBody) => Promise<Cart>;
  transferCart: (id: string) => Promise<Cart>;
};

export type CartTarget = {
  regionId: string;
  salesChannelId: string | null;
  /** Signed in: the cart is made the account's. */
  signedIn: boolean;
};

/** A cart that can no longer be used as it is: gone, someone else's, or already turned into an order. */
function isLost(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.status === 404 ||
      error.detail?.code === 'cart_not_found' ||
      error.detail?.code === 'cart_completed')
  );
}

async function freshCart(
  calls: CartCalls,
  storage: CartIdStorage | undefined,
  target: CartTarget,
): Promise<Cart> {
  const cart = await calls.createCart({
    region_id: target.regionId,
    ...(target.salesChannelId ? { sales_channel_id: target.salesChannelId } : {}),
  });
  writeStoredCartId(storage, cart.id);
  return cart;
}

/** The stored cart brought in line with `target`, or a new one when there is none or it cannot be used. */
export async function syncCart(
  calls: CartCalls,
  storage: CartIdStorage | undefined,
  target: CartTarget,
): Promise<Cart> {
  const storedId = readStoredCartId(storage);
  if (storedId === null) return freshCart(calls, storage, target);
  try {
    let cart = await calls.getCart(storedId);
    if (cart.completed_at) return await freshCart(calls, storage, target);
    if (target.signedIn && !cart.customer_id) cart = await calls.transferCart(cart.id);
    const channelDiffers =
      target.salesChannelId !== null && cart.sales_channel_id !== target.salesChannelId;
    if (cart.region_id !== target.regionId || channelDiffers) {
      cart = await calls.updateCart(cart.id, {
        region_id: target.regionId,
        ...(target.salesChannelId ? { sales_channel_id: target.salesChannelId } : {}),
      });
    }
    return cart;
  } catch (error) {
    if (!isLost(error)) throw error;
    return freshCart(calls, storage, target);
  }
}

/** After an order: the completed cart is done with; the next sync makes a new one. */
export function forgetCart(storage: CartIdStorage | undefined) {
  writeStoredCartId(storage, null);
}
