/**
 * The cart as a query: keyed by the region and who is signed in, so a region change or a sign-in runs the sync
 * again (lib/cart-sync) and every reader shares one answer.
 */
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { useSignedInUser } from '@/lib/auth/current-user';
import { useConfig } from '@/lib/runtime-config';

import { browserStorage } from '../lib/cart-storage';
import { forgetCart, syncCart, type CartTarget } from '../lib/cart-sync';
import { commerceSettings } from '../lib/commerce-settings';
import { createCart, getCart, transferCart, updateCart } from './store';
import type { Cart } from './store-types';
import { useRegion } from './use-region';

export const cartQueryKey = ['commerce', 'cart'] as const;

const calls = { createCart, getCart, updateCart, transferCart };

export function cartQueryOptions(target: CartTarget & { userId: string | null }) {
  return queryOptions({
    queryKey: [...cartQueryKey, target.regionId, target.userId],
    queryFn: (): Promise<Cart> => syncCart(calls, browserStorage(), target),
    // The server's copy changes only through this app's own calls, which put their answer in the cache.
    staleTime: Infinity,
    retry: 1,
  });
}

/** The cart of the selected region, created when there is none; undefined until the region is known. */
export function useCart() {
  const { region } = useRegion();
  const user = useSignedInUser();
  const { data: config } = useConfig();
  const settings = commerceSettings(config);
  return useQuery({
    ...cartQueryOptions({
      regionId: region?.id ?? '',
      salesChannelId: settings.sales_channel_id,
      signedIn: user !== undefined,
      userId: user?.user.id ?? null,
    }),
    enabled: region !== undefined,
  });
}

/** Puts a cart a call answered with in the cache of every reader. */
export function storeCart(queryClient: QueryClient, cart: Cart) {
  queryClient.setQueriesData<Cart>({ queryKey: cartQueryKey }, (previous) =>
    previous?.id === cart.id ? cart : previous,
  );
}

/** After an order: a new cart for the next purchase (spec §4 "On success the cart is … refreshed"). */
export async function refreshCartAfterOrder(queryClient: QueryClient) {
  forgetCart(browserStorage());
  // The next checkout fills its address from this order.
  void queryClient.invalidateQueries({ queryKey: ['commerce', 'orders'] });
  await queryClient.invalidateQueries({ queryKey: cartQueryKey });
}

export function useStoreCart() {
  const queryClient = useQueryClient();
  return (cart: Cart) => {
    storeCart(queryClient, cart);
  };
}
