/** After the payment: the order's number and the way to its receipt. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Order } from '../../api/store-types';
import { receiptHref } from '../../lib/receipt';

export function DoneStep({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="checkout-done">
      <p className="text-sm">{t('checkout.done.text', { number: order.display_id })}</p>
      <Link to={receiptHref(order.id)} className="self-start text-sm underline underline-offset-4">
        {t('checkout.done.receipt')}
      </Link>
    </div>
  );
}
