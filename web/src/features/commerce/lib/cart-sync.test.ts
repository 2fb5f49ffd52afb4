import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/errors';
import { storageKeys } from '@/lib/storage-keys';

import type { Cart, CreateCartBody, UpdateCartBody } from '../api/store-types';
import {
  CartNotInitializedError,
  readStoredCartId,
  requireStoredCartId,
  writeStoredCartId,
} from './cart-storage';
import { forgetCart, syncCart, type CartCalls } from './cart-sync';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
    removeItem: (key: string) => {
      values.delete(key);
    },
  };
}

function cart(overrides: Partial<Cart> = {}): Cart {
  return {
    id: 'cart_OLD',
    region_id: 'reg_pl',
    sales_channel_id: 'sc_questline',
    currency_code: 'pln',
    customer_id: null,
    items: [],
    shipping_methods: [],
    shipping_total: 0,
    item_total: 0,
    subtotal: 0,
    tax_total: 0,
    total: 0,
    payment_collection: null,
    completed_at: null,
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}

function calls(overrides: Partial<CartCalls> = {}) {
  return {
    createCart: vi.fn((body: CreateCartBody) =>
      Promise.resolve(cart({ id: 'cart_NEW', region_id: body.region_id ?? 'reg_pl' })),
    ),
    getCart: vi.fn((id: string) => Promise.resolve(cart({ id }))),
    updateCart: vi.fn((id: string, body: UpdateCartBody) =>
      Promise.resolve(cart({ id, region_id: body.region_id ?? 'reg_pl' })),
    ),
    transferCart: vi.fn((id: string) => Promise.resolve(cart({ id, customer_id: 'acc_1' }))),
    ...overrides,
  };
}

const notFound = new ApiError(404, {
  type: 'not_found',
  code: 'cart_not_found',
  message: 'No such cart',
  fields: {},
});
const target = { regionId: 'reg_pl', salesChannelId: 'sc_questline', signedIn: false };

describe('the cart id in local storage', () => {
  it('is kept under cart_id, and a blank or missing one reads as none', () => {
    const storage = memoryStorage();
    expect(readStoredCartId(storage)).toBeNull();
    writeStoredCartId(storage, 'cart_A');
    expect(storage.getItem(storageKeys.cartId)).toBe('cart_A');
    expect(storageKeys.cartId).toBe('cart_id');
    writeStoredCartId(storage, null);
    expect(readStoredCartId(storage)).toBeNull();
    expect(readStoredCartId(memoryStorage({ cart_id: '  ' }))).toBeNull();
  });

  it("says 'Cart is not initialized' when an action needs a cart and there is none", () => {
    expect(() => requireStoredCartId(memoryStorage())).toThrow(CartNotInitializedError);
    expect(() => requireStoredCartId(memoryStorage())).toThrow('Cart is not initialized');
    expect(requireStoredCartId(memoryStorage({ cart_id: 'cart_A' }))).toBe('cart_A');
  });
});

describe('syncCart', () => {
  it('creates a cart for the selected region and sales channel when none is stored, and keeps its id', async () => {
    const storage = memoryStorage();
    const api = calls();
    const result = await syncCart(api, storage, target);
    expect(api.createCart).toHaveBeenCalledWith({
      region_id: 'reg_pl',
      sales_channel_id: 'sc_questline',
    });
    expect(result.id).toBe('cart_NEW');
    expect(readStoredCartId(storage)).toBe('cart_NEW');
  });

  it('retrieves the stored cart on load and changes nothing when it matches', async () => {
    const storage = memoryStorage({ cart_id: 'cart_OLD' });
    const api = calls();
    const result = await syncCart(api, storage, target);
    expect(result.id).toBe('cart_OLD');
    expect(api.getCart).toHaveBeenCalledWith('cart_OLD');
    expect(api.createCart).not.toHaveBeenCalled();
    expect(api.updateCart).not.toHaveBeenCalled();
  });

  it('creates a new cart when retrieval fails (404) and replaces the stored id', async () => {
    const storage = memoryStorage({ cart_id: 'cart_GONE' });
    const api = calls({ getCart: vi.fn(() => Promise.reject(notFound)) });
    const result = await syncCart(api, storage, target);
    expect(result.id).toBe('cart_NEW');
    expect(readStoredCartId(storage)).toBe('cart_NEW');
  });

  it('starts again after an order: a completed cart is never reused', async () => {
    const storage = memoryStorage({ cart_id: 'cart_DONE' });
    const api = calls({
      getCart: vi.fn(() =>
        Promise.resolve(cart({ id: 'cart_DONE', completed_at: '2030-01-02T00:00:00Z' })),
      ),
    });
    expect((await syncCart(api, storage, target)).id).toBe('cart_NEW');
    expect(readStoredCartId(storage)).toBe('cart_NEW');
  });

  it("moves the cart's region and sales channel with a region change", async () => {
    const storage = memoryStorage({ cart_id: 'cart_OLD' });
    const api = calls();
    const result = await syncCart(api, storage, { ...target, regionId: 'reg_eu' });
    expect(api.updateCart).toHaveBeenCalledWith('cart_OLD', {
      region_id: 'reg_eu',
      sales_channel_id: 'sc_questline',
    });
    expect(result.region_id).toBe('reg_eu');
  });

  it("transfers a visitor's cart to the account on sign-in, once", async () => {
    const storage = memoryStorage({ cart_id: 'cart_OLD' });
    const api = calls();
    const result = await syncCart(api, storage, { ...target, signedIn: true });
    expect(api.transferCart).toHaveBeenCalledWith('cart_OLD');
    expect(result.customer_id).toBe('acc_1');

    const owned = calls({
      getCart: vi.fn(() => Promise.resolve(cart({ customer_id: 'acc_1' }))),
    });
    await syncCart(owned, storage, { ...target, signedIn: true });
    expect(owned.transferCart).not.toHaveBeenCalled();
  });

  it("makes a new cart when the stored one is someone else's (the transfer answers 404)", async () => {
    const storage = memoryStorage({ cart_id: 'cart_OLD' });
    const api = calls({ transferCart: vi.fn(() => Promise.reject(notFound)) });
    expect((await syncCart(api, storage, { ...target, signedIn: true })).id).toBe('cart_NEW');
  });

  it('passes on failures that a new cart would not mend (the server is down)', async () => {
    const storage = memoryStorage({ cart_id: 'cart_OLD' });
    const down = new ApiError(503, undefined);
    const api = calls({ getCart: vi.fn(() => Promise.reject(down)) });
    await expect(syncCart(api, storage, target)).rejects.toBe(down);
    expect(api.createCart).not.toHaveBeenCalled();
    expect(readStoredCartId(storage)).toBe('cart_OLD');
  });

  it('forgets the cart after an order', () => {
    const storage = memoryStorage({ cart_id: 'cart_OLD' });
    forgetCart(storage);
    expect(readStoredCartId(storage)).toBeNull();
  });
});
