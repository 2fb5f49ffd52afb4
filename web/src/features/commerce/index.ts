// The front door of the commerce feature: other features import only what is exported here.
export { useRegion } from './api/use-region';
export type { PaymentRefund, RefundStatus } from './api/store-types';
export {
  CheckoutDialog,
  DecideRefundDialog,
  RefundPolicyDisclosure,
  RequestRefundDialog,
} from './components/lazy';
export { receiptHref } from './lib/receipt';
export {
  canCheckout,
  canRequestRefund,
  checkoutSeat,
  type CheckoutSeat,
  type CommercePayment,
} from './lib/seat';
