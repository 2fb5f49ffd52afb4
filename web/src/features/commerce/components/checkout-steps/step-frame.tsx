/** What every checkout step shows around its form: where the buyer is among the steps, and the step's buttons. */
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

const steps = ['address', 'method', 'payment'] as const;

/** The dialog's steps, and `done` once the order is placed. */
export type CheckoutStep = (typeof steps)[number] | 'done';

export function StepList({ current }: { current: Exclude<CheckoutStep, 'done'> }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('checkout.stepsLabel')}>
      {steps.map((step, position) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={
            step === current
              ? 'rounded-md bg-primary px-2 py-1 text-primary-foreground'
              : position < index
                ? 'rounded-md bg-muted px-2 py-1'
                : 'rounded-md px-2 py-1 text-muted-foreground'
          }
        >
          {t('checkout.stepName', { number: position + 1, name: t(`checkout.steps.${step}`) })}
        </li>
      ))}
    </ol>
  );
}

export function StepFooter({
  onBack,
  busy,
  submitDisabled = false,
  submitLabel,
}: {
  onBack?: () => void;
  busy: boolean;
  /** The step cannot be submitted yet (nothing to submit), though the buyer may go back. */
  submitDisabled?: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter className="pt-2">
      {onBack && (
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          {t('checkout.back')}
        </Button>
      )}
      <Button type="submit" disabled={busy || submitDisabled}>
        {busy ? t('checkout.working') : submitLabel}
      </Button>
    </DialogFooter>
  );
}
