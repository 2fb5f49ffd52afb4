/**
 * The commerce settings of `/api/config` (§3): every `/api/store/*` call carries the publishable key, the region
 * calls too. Read from the config query the root loader already filled, so asking costs no request.
 */
import { queryClient } from '@/lib/query-client';
import { configQueryOptions } from '@/lib/runtime-config';

import type { CommerceConfig } from './store-types';

export const publishableKeyHeader = 'x-publishable-api-key';

/** The spec's local development defaults, for a server that does not say (it always does since issue 16). */
const localDefaults: CommerceConfig = {
  publishable_key: 'pk_questline_local',
  sales_channel_id: 'sc_questline',
  shipping_profile_id: 'sp_digital_seat',
};

let warned = false;

export function commerceSettings(config: unknown): CommerceConfig {
  const commerce = (config as { commerce?: Partial<CommerceConfig> | null } | undefined)?.commerce;
  const salesChannel = commerce?.sales_channel_id;
  if ((salesChannel === undefined || salesChannel === null || salesChannel === '') && !warned) {
    // Spec §7: a missing sales channel id is logged, not shown.
    warned = true;
    console.warn('The server sent no commerce sales channel id; carts use the default channel.');
  }
  return {
    publishable_key:
      commerce?.publishable_key === undefined || commerce.publishable_key === ''
        ? localDefaults.publishable_key
        : commerce.publishable_key,
    sales_channel_id: salesChannel === undefined || salesChannel === '' ? null : salesChannel,
    shipping_profile_id: commerce?.shipping_profile_id ?? localDefaults.shipping_profile_id,
  };
}

export async function getCommerceSettings(): Promise<CommerceConfig> {
  return commerceSettings(await queryClient.query(configQueryOptions()));
}

/** The header every store call sends. */
export async function storeHeaders(): Promise<Record<string, string>> {
  return { [publishableKeyHeader]: (await getCommerceSettings()).publishable_key };
}
