/**
 * Block, unblock and report ask first (issue 17). Blocking hides the conversation and stops the other person's
 * messages; a report (of a message or of the person) is kept for an administrator, with an optional reason.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';

import { chatErrorMessage } from '../lib/errors';
import { useBlock, useReport, type ReportTarget } from '../api/chat';
import type { ChatUser } from '../lib/types';

export function BlockDialog({
  open,
  onOpenChange,
  other,
  block,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  other: ChatUser;
  /** Block (true) or unblock (false). */
  block: boolean;
}) {
  const { t } = useTranslation();
  const name = other.nickname;
  const mutation = useBlock({
    onSuccess: () => {
      toast.success(block ? t('chat.block.done', { name }) : t('chat.unblock.done', { name }));
      onOpenChange(false);
    },
    onError: (error) => {
      toast.error(chatErrorMessage(error, t));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={block ? t('chat.block.title', { name }) : t('chat.unblock.title', { name })}
      description={block ? t('chat.block.description', { name }) : t('chat.unblock.description')}
      submitLabel={block ? t('chat.block.confirm') : t('chat.unblock.confirm')}
      backLabel={t('chat.cancel')}
      destructive={block}
      busy={mutation.isPending}
      onSubmit={() => {
        mutation.mutate({ userId: other.userId, block });
      }}
    />
  );
}

export function ReportDialog({
  open,
  onOpenChange,
  target,
  other,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: ReportTarget;
  other: ChatUser;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const mutation = useReport({
    onSuccess: () => {
      toast.success(t('chat.report.done'));
      setReason('');
      onOpenChange(false);
    },
    onError: (error) => {
      toast.error(chatErrorMessage(error, t));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={
        'messageId' in target
          ? t('chat.report.messageTitle')
          : t('chat.report.personTitle', { name: other.nickname })
      }
      description={t('chat.report.description')}
      submitLabel={t('chat.report.confirm')}
      backLabel={t('chat.cancel')}
      destructive
      busy={mutation.isPending}
      onSubmit={() => {
        mutation.mutate({ ...target, reason });
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        {t('chat.report.reasonLabel')}
        <Textarea
          value={reason}
          maxLength={1000}
          onChange={(event) => {
            setReason(event.target.value);
          }}
        />
      </label>
    </FormDialog>
  );
}
