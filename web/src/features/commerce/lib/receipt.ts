import type { Order } from '../api/store-types';

/** The receipt is the spec's return page with the order's id (decisions.md §1): no page of its own. */
export const checkoutSuccessPath = '/checkout/success';

export function receiptHref(orderId: string): string {
  return `${checkoutSuccessPath}?${new URLSearchParams({ order_id: orderId }).toString()}`;
}

/**
 * A line's seat in the reader's words: the series and its start formatted for their language and time zone, from
 * the metadata the server adds; the stored title (the invoice's fixed text, in the series' zone) otherwise.
 */
export function itemLabel(
  item: Pick<Order['items'][number], 'title'> & { metadata: unknown },
  dateTime: (value: string) => string,
): string {
  const metadata = (item.metadata ?? {}) as Record<string, unknown>;
  const { series_title: series, starts_at: startsAt } = metadata;
  if (typeof series === 'string' && series !== '' && typeof startsAt === 'string') {
    return `${series} — ${dateTime(startsAt)}`;
  }
  return item.title;
}
