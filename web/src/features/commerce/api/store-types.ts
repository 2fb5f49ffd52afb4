/**
 * The commerce calls' shapes (decisions.md "Commerce (issue 16)" §3), in one file so the rest of the feature
 * names them from here only, as the generated schema's (written by hand from the contract while the server's
 * branches were being built).
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

/** An order (the receipt), with the provider's transaction id the buyer can quote. */
export type Order = Schemas['Order'];
export type CompleteCartResponse = Schemas['CompleteCartResponse'];
export type Refund = Schemas['Refund'];
export type RefundStatus = Schemas['RefundStatus'];
export type RefundDecision = Schemas['RefundDecision'];
export type Earnings = Schemas['Earnings'];
/** A session payment with its refund (listSessionPayments). */
export type SessionPaymentWithRefund = Schemas['SessionPaymentWithRefund'];
