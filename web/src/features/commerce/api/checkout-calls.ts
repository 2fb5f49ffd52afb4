/** The checkout's calls as the dialog makes them: the store API's, a real wait, a new key per attempt. */
import { wait, type CheckoutCalls } from '../lib/checkout-flow';
import {
  addCartLineItem,
  addCartShippingMethod,
  completeCart,
  createPaymentCollection,
  initiatePaymentSession,
  saveBillingAddress,
} from './store';

export const defaultCheckoutCalls: CheckoutCalls = {
  addCartLineItem,
  addCartShippingMethod,
  saveBillingAddress,
  createPaymentCollection,
  initiatePaymentSession,
  completeCart,
  wait,
  newIdempotencyKey: () => crypto.randomUUID(),
};
