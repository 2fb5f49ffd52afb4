import { Circle, CircleCheck, CircleX, KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

import {
  callbackSteps,
  stepStatus,
  type CallbackProgress,
  type CallbackStep,
  type StepStatus,
} from '../lib/oidc-callback';

const stepLabelKeys = {
  authenticating: 'oidcCallback.steps.authenticating',
  claims: 'oidcCallback.steps.claims',
  accountData: 'oidcCallback.steps.accountData',
  registering: 'oidcCallback.steps.registering',
  processing: 'oidcCallback.steps.processing',
  redirecting: 'oidcCallback.steps.redirecting',
} as const satisfies Record<CallbackStep, string>;

type ShownStatus = StepStatus | 'failed' | 'waiting';

function StepIcon({ status }: { status: ShownStatus }) {
  switch (status) {
    case 'done':
      return <CircleCheck className="size-5 shrink-0 text-emerald-600" aria-hidden />;
    case 'failed':
      return <CircleX className="size-5 shrink-0 text-destructive" aria-hidden />;
    case 'waiting':
      return <KeyRound className="size-5 shrink-0 text-primary" aria-hidden />;
    case 'active':
      return (
        <span className="flex size-5 shrink-0 items-center justify-center" aria-hidden>
          <span className="size-4 animate-spin rounded-full border-2 border-border border-t-primary" />
        </span>
      );
    case 'pending':
      return <Circle className="size-5 shrink-0 text-border" aria-hidden />;
  }
}

/**
 * The `/callback` checklist: every step of the sign-in with its state, the claims the provider sent under
 * their step once they are known. `failed` marks the active step as the one that went wrong.
 */
export function OidcCallbackSteps({
  progress,
  failed = false,
}: {
  progress: CallbackProgress;
  failed?: boolean;
}) {
  const { t } = useTranslation();
  const steps = callbackSteps(progress.outcome);
  const { claims } = progress;

  return (
    <ol aria-label={t('oidcCallback.stepsLabel')} className="flex flex-col gap-3">
      {steps.map((step) => {
        const status = stepStatus(steps, progress.active, step);
        const shown: ShownStatus =
          status !== 'active'
            ? status
            : failed
              ? 'failed'
              : progress.awaitingPassword
                ? 'waiting'
                : 'active';
        return (
          <li
            key={step}
            data-step={step}
            data-status={shown}
            aria-current={status === 'active' ? 'step' : undefined}
            className="flex gap-3"
          >
            <StepIcon status={shown} />
            <div className="flex min-w-0 flex-col gap-1">
              <span
                className={cn(
                  'text-sm leading-5',
                  shown === 'pending' && 'text-muted-foreground',
                  (shown === 'active' || shown === 'waiting') && 'font-medium',
                  shown === 'failed' && 'font-medium text-destructive',
                )}
              >
                {t(stepLabelKeys[step])}
                <span className="sr-only"> {t(`oidcCallback.stepStatus.${shown}`)}</span>
              </span>
              {step === 'claims' && claims && status !== 'pending' && (
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-md bg-muted px-3 py-2 text-xs">
                  <dt className="text-muted-foreground">{t('oidcCallback.claimName')}</dt>
                  <dd className="truncate font-medium">{claims.name}</dd>
                  <dt className="text-muted-foreground">{t('oidcCallback.claimEmail')}</dt>
                  <dd className="truncate font-medium">{claims.email}</dd>
                </dl>
              )}
              {step === 'registering' && claims && status !== 'pending' && (
                <span className="text-xs text-muted-foreground">
                  {t('oidcCallback.registeringDetail', { email: claims.email })}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
