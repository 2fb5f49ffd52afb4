/** What `/api/config` says about commerce since issue 16, for tests that put a config in the cache. */
export const testCommerceConfig = {
  commerce: {
    publishable_key: 'pk_questline_local',
    sales_channel_id: 'sc_questline',
    shipping_profile_id: 'sp_digital_seat',
  },
  payment: { stripe_publishable_key: null },
};
