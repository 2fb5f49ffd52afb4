/**
 * The applications dialogs (spec §2, §5, §7): apply to a series, and the moves on an application — the player's
 * cancel and reopen, the GM's accept, reject and remove — each with an optional message. On success the form is
 * reset, the dialog closes and the spec's success toast shows; a refusal the user can act on (issue 14's codes) is
 * shown in the dialog, anything else is the spec's failure toast.
 */
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Field } from '@/components/ui/field';
import { FormDialog } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { translatorFor, type Translate } from '@/lib/api/errors';
import type { CommandDialogProps } from '@/lib/commands/types';
import { handleFormError, useFieldErrors } from '@/lib/forms';
import { i18n, type TranslationKey } from '@/lib/i18n';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';
import { paths } from '@/lib/paths';

import { useApplicationMove, useApplyToSeries, type SeriesApplication } from '../api/applications';
import type { ApplyTarget } from '../lib/apply-target';
import type { Move } from '../lib/moves';
import { playerName } from '../lib/names';
import { describeRefusal, type Refusal } from '../lib/refusals';

/** The server's limit on a message (issue 14's contract). */
const MESSAGE_MAX = 1000;

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };
type MessageValues = { message: string };

const moveKeys = {
  cancel: { success: 'applications.toasts.cancelled', failure: 'applications.toasts.cancelFailed' },
  reopen: { success: 'applications.toasts.reopened', failure: 'applications.toasts.reopenFailed' },
  accept: { success: 'applications.toasts.accepted', failure: 'applications.toasts.acceptFailed' },
  reject: { success: 'applications.toasts.rejected', failure: 'applications.toasts.rejectFailed' },
  remove: { success: 'applications.toasts.removed', failure: 'applications.toasts.removeFailed' },
} as const satisfies Record<Move, { success: TranslationKey; failure: TranslationKey }>;

/** The refusal in the dialog itself (`role="alert"`), with the way to the profile when a birthdate is missing. */
function RefusalAlert({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="application-refusal"
      className="flex flex-col gap-1 rounded-md border border-destructive/40 bg-background px-3 py-2 text-sm text-destructive"
    >
      <p>{refusal.message}</p>
      {refusal.profileLink && (
        <Link
          to={paths.profile.getHref()}
          className="w-fit font-medium underline underline-offset-4"
        >
          {t('applications.dialogs.profileLink')}
        </Link>
      )}
    </div>
  );
}

/**
 * The form every dialog here is: an optional message with its counter, the refusal if any, and the buttons.
 * `send` throws to keep the dialog open; it resolves when the dialog may close.
 */
function MessageDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  placeholder,
  destructive,
  send,
}: DialogProps & {
  title: string;
  description: ReactNode;
  submitLabel: string;
  placeholder: string;
  destructive?: boolean;
  send: (message: string, showRefusal: (refusal: Refusal | undefined) => void) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  const form = useForm<MessageValues>({ defaultValues: { message: '' } });
  const errorsOf = useFieldErrors(form);
  const message = useWatch({ control: form.control, name: 'message' });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        onOpenChange(next);
      }}
      title={title}
      description={description}
      submitLabel={submitLabel}
      backLabel={t('applications.actions.back')}
      destructive={destructive}
      busy={form.formState.isSubmitting}
      onSubmit={(event) => {
        void form.handleSubmit(async (values) => {
          setRefusal(undefined);
          try {
            await send(values.message, setRefusal);
            form.reset();
            onOpenChange(false);
          } catch (error) {
            handleFormError(error, form.setError, ['message'], {
              showMessage: () => undefined,
            });
          }
        })(event);
      }}
    >
      <Field
        label={t('applications.fields.message')}
        errors={errorsOf('message')}
        description={t('applications.fields.messageCounter', {
          count: message.length,
          max: MESSAGE_MAX,
        })}
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('message', {
              maxLength: {
                value: MESSAGE_MAX,
                message: t('applications.fields.messageTooLong'),
              },
            })}
            maxLength={MESSAGE_MAX}
            rows={4}
            placeholder={placeholder}
          />
        )}
      </Field>
      {refusal && <RefusalAlert refusal={refusal} />}
    </FormDialog>
  );
}

/**
 * Shows a failed send: a refusal we explain goes into the dialog, anything else is the failure toast (a field
 * error on `message` is also put on the field by the form). Rethrows so the dialog stays open.
 */
function refuse(
  error: unknown,
  failureKey: TranslationKey,
  showRefusal: (refusal: Refusal | undefined) => void,
  refusalOf: (error: unknown, t: Translate) => Refusal | undefined,
): never {
  const refusal = refusalOf(error, translatorFor(i18n));
  if (refusal) showRefusal(refusal);
  else toastFailure(failureKey, error);
  throw error;
}

export type ApplyDialogProps = DialogProps & { series: ApplyTarget };

export function ApplyDialog({ open, onOpenChange, series }: ApplyDialogProps) {
  const { t } = useTranslation();
  // The dialog says what went wrong itself (in it, or as the spec's failure toast): no second, generic toast.
  const apply = useApplyToSeries({ onError: () => undefined });
  return (
    <MessageDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('applications.dialogs.apply.title', { title: series.title })}
      description={t('applications.dialogs.apply.description')}
      submitLabel={t('applications.dialogs.apply.submit')}
      placeholder={t('applications.dialogs.apply.placeholder')}
      send={async (message, showRefusal) => {
        try {
          await apply.mutateAsync({ seriesId: series.id, message });
        } catch (error) {
          refuse(error, 'applications.toasts.applyFailed', showRefusal, (e, translate) =>
            describeRefusal(e, translate, { move: 'apply', minAge: series.min_player_age }),
          );
        }
        toastSuccess('applications.toasts.applied');
      }}
    />
  );
}

export type MoveDialogProps = DialogProps & { move: Move; application: SeriesApplication };

export function MoveDialog({ open, onOpenChange, move, application }: MoveDialogProps) {
  const { t } = useTranslation();
  const mutation = useApplicationMove(move, { onError: () => undefined });
  const names = {
    title: application.series_title,
    name: playerName(application.player_display_name, t('applications.unnamedPlayer')),
  };
  return (
    <MessageDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(`applications.dialogs.${move}.title`)}
      description={t(`applications.dialogs.${move}.description`, names)}
      submitLabel={t(`applications.dialogs.${move}.submit`)}
      placeholder={
        move === 'cancel' || move === 'reopen' ? '' : t('applications.dialogs.replyPlaceholder')
      }
      destructive={move === 'reject' || move === 'remove' || move === 'cancel'}
      send={async (message, showRefusal) => {
        try {
          await mutation.mutateAsync({ application, message });
        } catch (error) {
          refuse(error, moveKeys[move].failure, showRefusal, (e, translate) =>
            describeRefusal(e, translate, { move }),
          );
        }
        toastSuccess(moveKeys[move].success);
      }}
    />
  );
}

/** The palette's dialogs: the series or application in the context (spec §6). */
export function ApplyCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const series = context.data.series;
  if (!series) return null;
  return (
    <ApplyDialog
      open={open}
      onOpenChange={onOpenChange}
      series={{
        id: series.id,
        title: series.title,
        min_player_age: series.requirements?.min_player_age ?? null,
      }}
    />
  );
}

function PlayerMoveCommandDialog({
  move,
  open,
  onOpenChange,
  context,
}: CommandDialogProps & { move: 'cancel' | 'reopen' }) {
  const application = context.data.series_application;
  return application ? (
    <MoveDialog open={open} onOpenChange={onOpenChange} move={move} application={application} />
  ) : null;
}

function GmMoveCommandDialog({
  move,
  open,
  onOpenChange,
  context,
}: CommandDialogProps & { move: 'accept' | 'reject' }) {
  const application = context.data.gm_series_application;
  return application ? (
    <MoveDialog open={open} onOpenChange={onOpenChange} move={move} application={application} />
  ) : null;
}

export function CancelCommandDialog(props: CommandDialogProps) {
  return <PlayerMoveCommandDialog {...props} move="cancel" />;
}

export function ReopenCommandDialog(props: CommandDialogProps) {
  return <PlayerMoveCommandDialog {...props} move="reopen" />;
}

export function AcceptCommandDialog(props: CommandDialogProps) {
  return <GmMoveCommandDialog {...props} move="accept" />;
}

export function RejectCommandDialog(props: CommandDialogProps) {
  return <GmMoveCommandDialog {...props} move="reject" />;
}
