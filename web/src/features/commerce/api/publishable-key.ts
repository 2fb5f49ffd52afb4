/**
 * Every `/api/store/*` call carries the publishable key from `/api/config` (decisions.md §3), the region calls
 * too. Read from the config query the root loader already filled, so asking costs no request. Kept this small:
 * the region list is on every page's first load.
 */
import { queryClient } from '@/lib/query-client';
import { configQueryOptions } from '@/lib/runtime-config';

/** The spec's local development default, for a server that does not say (it does since issue 16). */
const localKey = 'pk_questline_local';

export async function storeHeaders(): Promise<Record<string, string>> {
  const config = (await queryClient.query(configQueryOptions())) as {
    commerce?: { publishable_key?: string } | null;
  };
  return { 'x-publishable-api-key': config.commerce?.publishable_key ?? localKey };
}
