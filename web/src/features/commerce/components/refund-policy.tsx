/**
 * The one platform-wide refund and cancellation policy (decisions.md §2), in short: shown before paying and on
 * a series' page. Refunds are always in full.
 */
import { useTranslation } from 'react-i18next';

const cases = [
  'cancelled',
  'gmUnavailable',
  'newDate',
  'leftBeforeStart',
  'request',
  'none',
] as const;

export function RefundPolicy({ collapsible = false }: { collapsible?: boolean }) {
  const { t } = useTranslation();
  const list = (
    <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted-foreground">
      {cases.map((key) => (
        <li key={key}>{t(`checkout.policy.cases.${key}`)}</li>
      ))}
    </ul>
  );
  if (collapsible) {
    return (
      <details className="rounded-md border border-border p-3" data-testid="refund-policy">
        <summary className="cursor-pointer text-sm font-medium">
          {t('checkout.policy.title')}
        </summary>
        <p className="my-2 text-sm">{t('checkout.policy.summary')}</p>
        {list}
      </details>
    );
  }
  return (
    <section
      className="flex flex-col gap-2 rounded-md border border-border p-3"
      aria-labelledby="refund-policy-title"
      data-testid="refund-policy"
    >
      <h3 id="refund-policy-title" className="text-sm font-medium">
        {t('checkout.policy.title')}
      </h3>
      <p className="text-sm">{t('checkout.policy.summary')}</p>
      {list}
    </section>
  );
}

/** Folded: a series' page shows it under the price. */
export function RefundPolicyDisclosure() {
  return <RefundPolicy collapsible />;
}
