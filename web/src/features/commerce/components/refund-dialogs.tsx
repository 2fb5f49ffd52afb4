/**
 * The refund request (the player, on a paid seat before the start) and the GM's decision on it (decisions.md
 * §2): each with an optional message; the session views refresh once answered (their keys start with
 * `session`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';

import { decideRefund, requestRefund } from '../api/store';
import type { RefundDecision } from '../api/store-types';
import { commerceErrorMessage } from '../lib/errors';

const MESSAGE_MAX = 1000;

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

function MessageDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  destructive,
  send,
  successMessage,
  failureMessage,
}: DialogProps & {
  title: string;
  description: string;
  submitLabel: string;
  destructive?: boolean;
  send: (message: string) => Promise<unknown>;
  successMessage: string;
  failureMessage: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await send(message);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      toast.success(successMessage);
      setMessage('');
      onOpenChange(false);
    } catch (error) {
      toast.error(failureMessage, { description: commerceErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      submitLabel={submitLabel}
      backLabel={t('checkout.back')}
      busyLabel={t('checkout.working')}
      destructive={destructive}
      busy={busy}
      onSubmit={() => {
        void submit();
      }}
    >
      <Field label={t('checkout.refunds.message')}>
        {(control) => (
          <Textarea
            {...control}
            value={message}
            maxLength={MESSAGE_MAX}
            rows={4}
            onChange={(event) => {
              setMessage(event.target.value);
            }}
          />
        )}
      </Field>
    </FormDialog>
  );
}

export function RequestRefundDialog({ paymentId, ...props }: DialogProps & { paymentId: string }) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      {...props}
      title={t('checkout.refunds.request.title')}
      description={t('checkout.refunds.request.description')}
      submitLabel={t('checkout.refunds.request.submit')}
      send={(message) => requestRefund(paymentId, message)}
      successMessage={t('checkout.refunds.request.success')}
      failureMessage={t('checkout.refunds.request.failure')}
    />
  );
}

export function DecideRefundDialog({
  paymentId,
  playerName,
  decision,
  ...props
}: DialogProps & { paymentId: string; playerName: string; decision: RefundDecision }) {
  const { t } = useTranslation();
  return (
    <MessageDialog
      {...props}
      title={t(`checkout.refunds.${decision}.title`, { player: playerName })}
      description={t(`checkout.refunds.${decision}.description`)}
      submitLabel={t(`checkout.refunds.${decision}.submit`)}
      destructive={decision === 'decline'}
      send={(message) => decideRefund(paymentId, decision, message)}
      successMessage={t(`checkout.refunds.${decision}.success`)}
      failureMessage={t(`checkout.refunds.${decision}.failure`)}
    />
  );
}
