/**
 * The checkout's calls, step by step (spec §4 "Checkout": address, then payment method, then payment), apart
 * from the dialog so the order of the calls and the wait are tested without a browser.
 */
import type {
  Cart,
  CompleteCartResponse,
  PaymentCollection,
  BillingAddress,
} from '../api/store-types';
import { billingAddress, type AddressForm } from './address';

export type CheckoutCalls = {
  addCartLineItem: (cartId: string, variantId: string) => Promise<Cart>;
  addCartShippingMethod: (cartId: string) => Promise<Cart>;
  saveBillingAddress: (cartId: string, email: string, address: BillingAddress) => Promise<Cart>;
  createPaymentCollection: (cartId: string) => Promise<PaymentCollection>;
  initiatePaymentSession: (collectionId: string, providerId: string) => Promise<PaymentCollection>;
  completeCart: (cartId: string, idempotencyKey: string) => Promise<CompleteCartResponse>;
  wait: (ms: number) => Promise<void>;
  newIdempotencyKey: () => string;
};

/** Spec §4: after saving the billing address, 100 ms pass before the payment session is initiated. */
export const paymentSessionDelayMs = 100;

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Step 1: the seat in the cart (one per cart: another replaces it), its digital shipping method, then the
 * buyer's e-mail and billing address.
 */
export async function saveAddressStep(
  calls: CheckoutCalls,
  cart: Cart,
  variantId: string,
  form: AddressForm,
): Promise<Cart> {
  let current = cart;
  const hasSeat = current.items.length === 1 && current.items[0]?.variant_id === variantId;
  if (!hasSeat) current = await calls.addCartLineItem(current.id, variantId);
  if (current.shipping_methods.length === 0) {
    current = await calls.addCartShippingMethod(current.id);
  }
  return calls.saveBillingAddress(current.id, form.email.trim(), billingAddress(form));
}

/** Step 2: the wait, then a payment session with the chosen provider (the collection made if none). */
export async function startPaymentStep(
  calls: CheckoutCalls,
  cart: Cart,
  providerId: string,
): Promise<PaymentCollection> {
  await calls.wait(paymentSessionDelayMs);
  const collection = cart.payment_collection ?? (await calls.createPaymentCollection(cart.id));
  return calls.initiatePaymentSession(collection.id, providerId);
}

/** Step 3: completes the cart, with a new idempotency key for this attempt. */
export function payStep(calls: CheckoutCalls, cartId: string): Promise<CompleteCartResponse> {
  return calls.completeCart(cartId, calls.newIdempotencyKey());
}
