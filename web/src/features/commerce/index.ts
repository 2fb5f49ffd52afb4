// The front door of the commerce feature: other features import only what is exported here. The dialogs and the
// policy are lazy (their code and strings load when first shown).
export { useRegion } from './api/use-region';
export { CheckoutDialog } from './lazy/checkout-dialog';
export { EarningsSection } from './lazy/earnings';
export { DecideRefundDialog, RequestRefundDialog } from './lazy/refund-dialogs';
export { RefundPolicyDisclosure } from './lazy/refund-policy';
export { receiptHref } from './lib/receipt';
export { canCheckout, canRequestRefund, checkoutSeat, type CheckoutSeat } from './lib/seat';
