/** A role's actions waiting: each a link into the screen where it is done. */
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { ZonedTime } from '@/components/zoned-time';
import { useFormat } from '@/lib/i18n';

import type { DashboardAction } from '../api/dashboard';
import { actionKey, actionLink } from '../lib/actions';

export function ActionList({
  actions,
  headingId,
}: {
  actions: readonly DashboardAction[];
  headingId: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <h3 id={headingId} className="text-lg font-semibold tracking-tight">
        {t('dashboard.waiting')}
      </h3>
      {actions.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          {t('dashboard.nothingWaiting')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="actions">
          {actions.map((action) => {
            const link = actionLink(action);
            const detail =
              action.kind === 'review_applications' ? (
                t('dashboard.applicationsWaiting', { count: action.count ?? 0 })
              ) : action.kind === 'decide_refund' ? (
                t('dashboard.refundsWaiting', { count: action.count ?? 1 })
              ) : action.kind === 'pay' && action.payment ? (
                format.currency(action.payment.amount, action.payment.currency_code)
              ) : action.session ? (
                <ZonedTime
                  value={action.session.scheduled_start_datetime}
                  scheduleZone={action.series.time_zone}
                  noteClassName="block"
                />
              ) : (
                ''
              );
            return (
              <li
                key={actionKey(action)}
                className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border p-4"
                data-testid="action"
              >
                <div className="flex min-w-0 flex-1 basis-48 flex-col gap-0.5">
                  <span className="font-semibold break-words">{action.series.title}</span>
                  <span className="text-sm text-muted-foreground">{detail}</span>
                </div>
                <Link to={link.href} className={buttonVariants({ size: 'sm' })}>
                  {t(link.labelKey)}
                  <ArrowRight aria-hidden />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
