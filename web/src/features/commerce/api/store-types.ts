/**
 * The commerce calls' shapes (decisions.md "Commerce (issue 16)" §3), in one file so the rest of the feature
 * names them from here only: written by hand from the contract until the server's OpenAPI document carries
 * them, then these become aliases of the generated schema (one change).
 *
 * The store calls (`/api/store/*`) answer in Medusa v2's shapes: amounts are JSON numbers in major units. Our
 * own calls (refunds, earnings) answer with decimal strings, as everywhere else.
 */

export type BillingAddress = {
  first_name: string;
  last_name: string;
  address_1: string;
  address_2?: string | null;
  city: string;
  postal_code: string;
  /** `pl` or `be`. */
  country_code: string;
  phone: string;
};

export type CartLineItem = {
  id: string;
  variant_id: string;
  title: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
  total: number;
  metadata?: { session_id?: string; payment_id?: string } | null;
};

export type PaymentSessionStatus =
  'pending' | 'requires_more' | 'authorized' | 'captured' | 'error' | 'canceled';

export type PaymentSession = {
  id: string;
  provider_id: string;
  amount: number;
  currency_code: string;
  status: PaymentSessionStatus;
  data: { client_secret?: string } & Record<string, unknown>;
};

export type PaymentCollection = {
  id: string;
  currency_code: string;
  amount: number;
  status: string;
  payment_sessions: PaymentSession[];
};

export type Cart = {
  id: string;
  region_id: string;
  region?: { id: string; name: string; currency_code: string } | null;
  sales_channel_id?: string | null;
  currency_code: string;
  email?: string | null;
  customer_id?: string | null;
  billing_address?: BillingAddress | null;
  items: CartLineItem[];
  shipping_methods?: { id: string; shipping_option_id?: string | null }[];
  item_total: number;
  subtotal: number;
  tax_total: number;
  total: number;
  payment_collection?: PaymentCollection | null;
  completed_at?: string | null;
  created_at: string;
  updated_at: string;
};

export type Order = {
  id: string;
  display_id: number;
  status: string;
  payment_status: 'captured' | 'refunded';
  email: string;
  region_id: string;
  currency_code: string;
  items: CartLineItem[];
  billing_address?: BillingAddress | null;
  subtotal: number;
  tax_total: number;
  total: number;
  seller: { id: string; name: string };
  /** The provider's transaction id (`sys_…` for the built-in provider), when the server shows it. */
  transaction_id?: string | null;
  created_at: string;
};

/** `completeCart`'s answer: the order, or the cart again with why it was not completed (nothing charged). */
export type CompleteCartResponse =
  | { type: 'order'; order: Order }
  | { type: 'cart'; cart: Cart; error: { message: string; name: string; type: string } };

export type PaymentProvider = { id: string; is_enabled: boolean };

export type CreateCartBody = {
  region_id?: string;
  sales_channel_id?: string;
  email?: string;
  billing_address?: BillingAddress;
};

export type UpdateCartBody = {
  region_id?: string;
  sales_channel_id?: string;
  email?: string;
  billing_address?: BillingAddress;
};

export type RefundStatus = 'requested' | 'declined' | 'due' | 'confirmed' | 'failed';

export type Refund = {
  id: string;
  payment_id: string;
  reason: string;
  status: RefundStatus;
  message?: string | null;
  decision_message?: string | null;
  created_at: string;
  updated_at: string;
};

export type RefundDecision = 'approve' | 'decline';

export type EarningsTotal = {
  currency_code: string;
  payments: number;
  refunds: number;
  gross: string;
  refunded: string;
  platform_fee: string;
  net: string;
};

export type EarningsSession = {
  session_id: string;
  series_title: string;
  scheduled_start_datetime: string;
  currency_code: string;
  payments: number;
  gross: string;
  platform_fee: string;
  net: string;
};

export type Earnings = { month: string; totals: EarningsTotal[]; sessions: EarningsSession[] };

/** A payment's refund as the session views show it (R's `SessionPayment.refund`). */
export type PaymentRefund = {
  status: RefundStatus;
  reason?: string | null;
  message?: string | null;
  decision_message?: string | null;
};

/** What `/api/config` says about commerce (§3); absent from a server that predates it. */
export type CommerceConfig = {
  publishable_key: string;
  sales_channel_id: string | null;
  shipping_profile_id: string | null;
};
