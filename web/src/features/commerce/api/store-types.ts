/**
 * The commerce calls' shapes (decisions.md "Commerce (issue 16)" §3), in one file so the rest of the feature
 * names them from here only: the generated schema's where the server's OpenAPI document has them, written by
 * hand from the contract for the calls of branches not merged yet (completion, refunds, earnings).
 *
 * The store calls (`/api/store/*`) answer in Medusa v2's shapes: amounts are JSON numbers in major units. Our
 * own calls (refunds, earnings) answer with decimal strings, as everywhere else.
 */
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** A billing address as the checkout sends it: every required part present (lib/address checks first). */
export type BillingAddress = {
  first_name: string;
  last_name: string;
  address_1: string;
  address_2?: string;
  city: string;
  postal_code: string;
  /** `pl` or `be`. */
  country_code: string;
  phone: string;
};

/** A billing address as a cart or an order keeps it (each part may be missing on a cart). */
export type SavedAddress = Schemas['Address'];
export type CartLineItem = Schemas['LineItem'];
export type PaymentSession = Schemas['PaymentSession'];
export type PaymentCollection = Schemas['PaymentCollection'];
export type Cart = Schemas['Cart'];
export type PaymentProvider = Schemas['PaymentProvider'];
export type CreateCartBody = Schemas['CreateCartBody'];
export type UpdateCartBody = Schemas['UpdateCartBody'];
export type CommerceConfig = Schemas['CommerceSettings'];

export type Order = {
  id: string;
  display_id: number;
  status: string;
  payment_status: 'captured' | 'refunded';
  email: string;
  region_id: string;
  currency_code: string;
  items: CartLineItem[];
  billing_address?: SavedAddress | null;
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
