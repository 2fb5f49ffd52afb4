/**
 * The GM's earnings for a month (`listMyEarnings`, decisions.md §1): what was paid, refunded, the platform's fee
 * and their share, per currency and per session. Sums of the ledger only, as the payouts are.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Input } from '@/components/ui/input';
import { useFormat } from '@/lib/i18n';

import { listMyEarnings } from '../api/store';
import { commerceErrorMessage } from '../lib/errors';
import { isMonth, utcMonth } from '../lib/month';

export function EarningsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const inputId = useId();
  const [month, setMonth] = useState(utcMonth);
  const earnings = useQuery({
    queryKey: ['commerce', 'earnings', month],
    queryFn: () => listMyEarnings(month),
    enabled: isMonth(month),
    placeholderData: keepPreviousData,
  });
  const data = earnings.data;
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-4 rounded-lg border border-border p-4 sm:p-5"
      data-testid="gm-earnings"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${inputId}-title`} className="text-lg font-semibold">
          {t('checkout.earnings.title')}
        </h2>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('checkout.earnings.month')}
          </label>
          <Input
            id={inputId}
            type="month"
            className="w-44"
            value={month}
            onChange={(event) => {
              setMonth(event.target.value);
            }}
          />
        </div>
      </div>
      {earnings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {commerceErrorMessage(earnings.error)}
        </p>
      ) : !data ? (
        <p className="text-sm text-muted-foreground">{t('checkout.loading')}</p>
      ) : data.totals.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('checkout.earnings.empty')}</p>
      ) : (
        // Five columns scroll sideways on a phone; the region takes focus so a keyboard can scroll it too.
        <div
          className="overflow-x-auto"
          role="region"
          aria-labelledby={`${inputId}-title`}
          tabIndex={0}
        >
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                {/* Every amount names its currency, so a phone can spare this column for "Your share". */}
                <th scope="col" className="hidden py-2 pr-2 sm:pr-3 font-medium sm:table-cell">
                  {t('checkout.earnings.currency')}
                </th>
                <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">
                  {t('checkout.earnings.gross')}
                </th>
                <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">
                  {t('checkout.earnings.refunded')}
                </th>
                <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">
                  {t('checkout.earnings.fee')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('checkout.earnings.net')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.totals.map((total) => (
                <tr key={total.currency_code} className="border-t border-border tabular-nums">
                  <th scope="row" className="hidden py-2 pr-2 sm:pr-3 font-normal sm:table-cell">
                    {total.currency_code.toUpperCase()}
                  </th>
                  <td className="py-2 pr-2 sm:pr-3 text-right">
                    {format.currency(total.gross, total.currency_code)}
                  </td>
                  <td className="py-2 pr-2 sm:pr-3 text-right">
                    {format.currency(total.refunded, total.currency_code)}
                  </td>
                  <td className="py-2 pr-2 sm:pr-3 text-right">
                    {format.currency(total.platform_fee, total.currency_code)}
                  </td>
                  <td className="py-2 text-right font-medium">
                    {format.currency(total.net, total.currency_code)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.sessions.length > 0 && (
            <table className="mt-4 w-full text-left text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-2 sm:pr-3 font-medium">
                    {t('checkout.earnings.session')}
                  </th>
                  <th scope="col" className="py-2 pr-2 sm:pr-3 text-right font-medium">
                    {t('checkout.earnings.payments')}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t('checkout.earnings.net')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.sessions.map((session) => (
                  <tr
                    key={`${session.session_id}-${session.currency_code}`}
                    className="border-t border-border tabular-nums"
                  >
                    <td className="py-2 pr-2 sm:pr-3">
                      {`${session.series_title} — ${format.dateTime(session.scheduled_start_datetime)}`}
                    </td>
                    <td className="py-2 pr-2 sm:pr-3 text-right">{session.payments}</td>
                    <td className="py-2 text-right">
                      {format.currency(session.net, session.currency_code)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
