/**
 * `/checkout/success` (spec §2): the card provider's return address and the receipt. With `order_id` it shows
 * the order (decisions.md §1: the receipt is this page, linked from the payment); with `payment_intent` and
 * `redirect_status` (a provider's redirect) it completes the stored cart — the server checks the payment with
 * the provider itself, the browser's word (`redirect_status` included) is never trusted — and shows the receipt,
 * or that nothing was charged, with the way back to the session the seat is in (lib/checkout-return).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';

import { Page, PageHeader } from '@/components/page';
import { sessionPaths } from '@/lib/paths';
import { requireSignedIn } from '@/lib/auth/guards';
import { useFormat } from '@/lib/i18n';

import { completeCart, getOrder } from '../api/store';
import type { CompleteCartResponse, Order } from '../api/store-types';
import { refreshCartAfterOrder } from '../api/use-cart';
import { describeAddress } from '../lib/address';
import { requireStoredCartId } from '../lib/cart-storage';
import { forgetCheckoutSession, readCheckoutSession } from '../lib/checkout-return';
import { commerceErrorMessage } from '../lib/errors';
import { itemLabel } from '../lib/receipt';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    return null;
  };
}

const [mySessionsPath, , playerSessionPath] = sessionPaths;

function orderQueryOptions(id: string) {
  return { queryKey: ['commerce', 'order', id], queryFn: () => getOrder(id), retry: false };
}

export default function CheckoutSuccessRoute() {
  const [params] = useSearchParams();
  const orderId = params.get('order_id');
  const paymentIntent = params.get('payment_intent');
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader title={t('checkout.pageTitles.success')} />
      {orderId ? (
        <OrderReceipt id={orderId} />
      ) : paymentIntent ? (
        <ReturnFromProvider />
      ) : (
        <Notice>{t('checkout.receipt.nothing')}</Notice>
      )}
    </Page>
  );
}

function Notice({ children, sessionId }: { children: ReactNode; sessionId?: string | null }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">{children}</p>
      <BackLink sessionId={sessionId} />
    </div>
  );
}

/** To the session the payment was for when it is known, else to the player's sessions. */
function BackLink({ sessionId }: { sessionId?: string | null }) {
  const { t } = useTranslation();
  return sessionId ? (
    <Link
      // Not react-router's generatePath: it would join the router's code that every page's first load carries.
      to={playerSessionPath.replace(':id', encodeURIComponent(sessionId))}
      className="self-start text-sm underline underline-offset-4"
    >
      {t('checkout.receipt.toSession')}
    </Link>
  ) : (
    <Link to={mySessionsPath} className="self-start text-sm underline underline-offset-4">
      {t('checkout.receipt.toSessions')}
    </Link>
  );
}

/** Spec §8: the payment did not go through, said as a failure (the reason after it), and nothing was charged. */
function PaymentFailed({ reason, sessionId }: { reason: string; sessionId: string | null }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col gap-3" data-testid="checkout-return-failed">
      <h2 className="text-lg font-semibold">{t('checkout.receipt.failedTitle')}</h2>
      <p className="text-sm">{t('checkout.payment.declined')}</p>
      <p className="text-sm text-muted-foreground">{reason}</p>
      <BackLink sessionId={sessionId} />
    </div>
  );
}

/** The provider sent the buyer back: complete the stored cart once and show what came of it. */
function ReturnFromProvider() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<
    { kind: 'answer'; answer: CompleteCartResponse } | { kind: 'error'; message: string }
  >();
  const started = useRef(false);
  const [sessionId] = useState(readCheckoutSession);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const answer = await completeCart(requireStoredCartId(), crypto.randomUUID());
        if (answer.type === 'order') {
          await refreshCartAfterOrder(queryClient);
          forgetCheckoutSession();
        } else {
          // Logged (spec §8): the provider declined, or the buyer left the bank's page unfinished.
          console.error('Payment not completed', answer.error);
        }
        void queryClient.invalidateQueries({ queryKey: ['session'] });
        setOutcome({ kind: 'answer', answer });
      } catch (error) {
        console.error('Checkout failed', error);
        setOutcome({ kind: 'error', message: commerceErrorMessage(error) });
      }
    })();
  }, [queryClient]);
  if (!outcome) {
    return <p className="text-sm text-muted-foreground">{t('checkout.receipt.checking')}</p>;
  }
  if (outcome.kind === 'error') return <Notice sessionId={sessionId}>{outcome.message}</Notice>;
  if (outcome.answer.type === 'cart') {
    return <PaymentFailed reason={outcome.answer.error.message} sessionId={sessionId} />;
  }
  return (
    <div className="flex flex-col gap-4">
      <ReceiptView order={outcome.answer.order} />
      <BackLink sessionId={sessionId ?? sessionOf(outcome.answer.order)} />
    </div>
  );
}

function OrderReceipt({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery(orderQueryOptions(id));
  if (query.isPending)
    return <p className="text-sm text-muted-foreground">{t('checkout.loading')}</p>;
  if (query.isError) return <Notice>{commerceErrorMessage(query.error)}</Notice>;
  return (
    <div className="flex flex-col gap-4">
      <ReceiptView order={query.data} />
      <BackLink sessionId={sessionOf(query.data)} />
    </div>
  );
}

/** The session the order's seat is in (the server adds it to each line's metadata). */
function sessionOf(order: Order): string | null {
  for (const item of order.items) {
    const metadata = (item.metadata ?? {}) as Record<string, unknown>;
    if (typeof metadata.session_id === 'string' && metadata.session_id !== '') {
      return metadata.session_id;
    }
  }
  return null;
}

function ReceiptView({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (amount: number) => format.currency(amount, order.currency_code);
  const address = order.billing_address;
  return (
    <section
      aria-labelledby="receipt-title"
      className="flex flex-col gap-6 rounded-lg border border-border p-5"
      data-testid="receipt"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="receipt-title" className="text-lg font-semibold">
          {t('checkout.receipt.title', { number: order.display_id })}
        </h2>
        <p className="text-sm text-muted-foreground">{format.dateTime(order.created_at)}</p>
      </div>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t('checkout.receipt.seller')}</dt>
          <dd>{t('checkout.receipt.sellerValue', { name: order.seller.name })}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('checkout.receipt.buyer')}</dt>
          <dd className="break-words">
            {describeAddress(address).name}
            <br />
            {describeAddress(address).lines}
            <br />
            {order.email}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('checkout.receipt.status')}</dt>
          <dd>
            {order.payment_status === 'refunded'
              ? t('checkout.receipt.paymentStatus.refunded')
              : t('checkout.receipt.paymentStatus.captured')}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('checkout.receipt.transaction')}</dt>
          <dd className="font-mono break-all">{order.transaction_id}</dd>
        </div>
      </dl>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('checkout.receipt.lines')}</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t('checkout.receipt.item')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t('checkout.receipt.quantity')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('checkout.receipt.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-t border-border">
              <td className="py-2 pr-3">{itemLabel(item, format.dateTime)}</td>
              <td className="py-2 pr-3 text-right">
                {t('checkout.receipt.times', {
                  quantity: item.quantity,
                  price: money(item.unit_price),
                })}
              </td>
              <td className="py-2 text-right">{money(item.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-border">
            <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-normal">
              {t('checkout.receipt.subtotal')}
            </th>
            <td className="py-2 text-right">{money(order.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="py-2 pr-3 text-right font-normal">
              {t('checkout.receipt.tax')}
            </th>
            <td className="py-2 text-right">{money(order.tax_total)}</td>
          </tr>
          <tr className="font-semibold">
            <th scope="row" colSpan={2} className="py-2 pr-3 text-right">
              {t('checkout.receipt.total')}
            </th>
            <td className="py-2 text-right" data-testid="receipt-total">
              {money(order.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
