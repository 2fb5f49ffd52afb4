/** The receipt is the spec's return page with the order's id (decisions.md §1): no page of its own. */
export const checkoutSuccessPath = '/checkout/success';

export function receiptHref(orderId: string): string {
  return `${checkoutSuccessPath}?${new URLSearchParams({ order_id: orderId }).toString()}`;
}
