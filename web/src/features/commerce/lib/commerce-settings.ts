/** The commerce settings of `/api/config` (decisions.md §3) the cart needs, with the spec's local defaults. */
/** The settings as the cart uses them: no sales channel means the server's default one. */
export type CartSettings = {
  publishable_key: string;
  sales_channel_id: string | null;
  shipping_profile_id: string;
};

let warned = false;

export function commerceSettings(config: unknown): CartSettings {
  const commerce = (config as { commerce?: Partial<CartSettings> | null } | undefined)?.commerce;
  const salesChannel = commerce?.sales_channel_id;
  const missing = salesChannel === undefined || salesChannel === null || salesChannel === '';
  if (missing && !warned) {
    // Spec §7: a missing sales channel id is logged, not shown; the server then uses its default channel.
    warned = true;
    console.warn('The server sent no commerce sales channel id; carts use the default channel.');
  }
  return {
    publishable_key: commerce?.publishable_key ?? 'pk_questline_local',
    sales_channel_id: missing ? null : salesChannel,
    shipping_profile_id: commerce?.shipping_profile_id ?? 'sp_digital_seat',
  };
}
