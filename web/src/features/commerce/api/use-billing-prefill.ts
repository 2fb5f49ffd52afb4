/**
 * Where a new checkout's billing address comes from: the buyer's last order, else their profile. Answers
 * `undefined` while it is being read, `null` when there is nothing to fill in.
 */
import { useQuery } from '@tanstack/react-query';

import { useMyProfile } from '@/features/profiles';

import { addressFromHistory, type AddressForm } from '../lib/address';
import { getLatestOrder } from './store';

export const latestOrderQueryKey = ['commerce', 'orders', 'latest'] as const;

export function useBillingPrefill(enabled: boolean): Partial<AddressForm> | null | undefined {
  const latest = useQuery({
    queryKey: latestOrderQueryKey,
    queryFn: getLatestOrder,
    enabled,
    retry: false,
  });
  const profile = useMyProfile();
  if (!enabled) return null;
  if (latest.isPending) return undefined;
  const order = latest.data?.billing_address;
  if (order) return addressFromHistory(order, null) ?? null;
  if (profile.isPending) return undefined;
  return addressFromHistory(null, profile.data) ?? null;
}
