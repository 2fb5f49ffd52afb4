/**
 * The session dialogs (spec §2, §7): the GM's status moves that ask first, removing a participant, adding
 * players, editing the schedule; the player's confirm, ready, reject and leave. Each shows the spec's success
 * toast and closes, or its failure toast (a field error stays on its field and the dialog stays open).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { FormDialog as SharedFormDialog, type FormDialogProps } from '@/components/ui/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/errors';

import {
  useAcceptedPlayers,
  useAddParticipants,
  useDeleteSession,
  useGmMove,
  usePlayerMove,
  useRemoveParticipant,
  useUpdateSchedule,
  type GmSession,
  type PlayerSession,
  type SessionParticipant,
} from '../api/sessions';
import type { StatusAction } from '../lib/actions';
import { clampDuration } from '../lib/duration';
import { toastFailure, toastSuccess } from '../lib/outcome';
import { scheduleFieldFor, serverFieldErrors } from '../lib/refusals';
import { fromInstant, scheduleInput, scheduleSchema } from '../lib/schedule';
import { DateField, DurationField, TimeField } from './schedule-fields';

/** The server's limit on a message (as for applications). */
const MESSAGE_MAX = 1000;

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The shared form dialog with the sessions' Back label. */
function FormDialog(props: Omit<FormDialogProps, 'backLabel'>) {
  const { t } = useTranslation();
  return <SharedFormDialog backLabel={t('sessions.actions.back')} {...props} />;
}

function MessageField({
  label,
  value,
  onChange,
  errors,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={label}
      errors={errors}
      description={t('sessions.dialogs.messageCounter', { count: value.length, max: MESSAGE_MAX })}
    >
      {(control) => (
        <Textarea
          {...control}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          maxLength={MESSAGE_MAX}
          rows={4}
        />
      )}
    </Field>
  );
}

function messageErrors(error: unknown) {
  return serverFieldErrors(error, (field) => (field === 'message' ? 'message' : undefined))
    ?.message;
}

export type GmStatusDialogProps = DialogProps & {
  session: GmSession;
  action: StatusAction;
  /** After a delete (the page goes back to the list). */
  onDeleted?: () => void;
};

/** A GM status move, asked first (cancel takes an optional message to the players). */
export function GmStatusDialog({
  open,
  onOpenChange,
  session,
  action,
  onDeleted,
}: GmStatusDialogProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>();
  // Outcomes are told from the hooks, not from `mutate`'s callbacks, which do not run once the answer has
  // unmounted the component that asked (the allowed actions change with every move).
  const done = () => {
    toastSuccess(action);
    setMessage('');
    onOpenChange(false);
  };
  const move = useGmMove(action === 'delete' ? 'cancel' : action, {
    onSuccess: done,
    onError: (error) => {
      const fieldErrors = messageErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else toastFailure(action, error);
    },
  });
  const remove = useDeleteSession({
    onSuccess: () => {
      done();
      onDeleted?.();
    },
    onError: (error) => {
      toastFailure('delete', error);
    },
  });
  const busy = move.isPending || remove.isPending;
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setMessage('');
          setErrors(undefined);
        }
        onOpenChange(next);
      }}
      title={t(`sessions.confirmations.${action}.title`)}
      description={t(`sessions.confirmations.${action}.description`)}
      submitLabel={t(`sessions.actions.${action}`)}
      destructive={action === 'cancel' || action === 'delete' || action === 'stop_early'}
      busy={busy}
      onSubmit={() => {
        if (action === 'delete') remove.mutate({ id: session.id });
        else move.mutate({ id: session.id, message });
      }}
    >
      {action === 'cancel' && (
        <MessageField
          label={t('sessions.dialogs.message')}
          value={message}
          onChange={setMessage}
          errors={errors}
        />
      )}
    </FormDialog>
  );
}

export type PlayerMove = 'confirm' | 'reject' | 'ready' | 'leave';

/** The player's own move; confirm and ready carry an optional message to the GM. */
export function PlayerMoveDialog({
  open,
  onOpenChange,
  session,
  move,
}: DialogProps & { session: Pick<PlayerSession, 'id'>; move: PlayerMove }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>();
  const mutation = usePlayerMove(move, {
    onSuccess: () => {
      toastSuccess(move);
      setMessage('');
      onOpenChange(false);
    },
    onError: (error) => {
      const fieldErrors = messageErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else toastFailure(move, error);
    },
  });
  const withMessage = move === 'confirm' || move === 'ready';
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setMessage('');
          setErrors(undefined);
        }
        onOpenChange(next);
      }}
      title={t(`sessions.confirmations.${move}.title`)}
      description={t(`sessions.confirmations.${move}.description`)}
      submitLabel={t(`sessions.actions.${move}`)}
      destructive={move === 'reject' || move === 'leave'}
      busy={mutation.isPending}
      onSubmit={() => {
        mutation.mutate({ id: session.id, message: withMessage ? message : '' });
      }}
    >
      {withMessage && (
        <MessageField
          label={t('sessions.dialogs.messageToGm')}
          value={message}
          onChange={setMessage}
          errors={errors}
        />
      )}
    </FormDialog>
  );
}

export function RemoveParticipantDialog({
  open,
  onOpenChange,
  session,
  participant,
}: DialogProps & { session: GmSession; participant: SessionParticipant }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<string[]>();
  const remove = useRemoveParticipant({
    onSuccess: () => {
      toastSuccess('removeParticipant');
      onOpenChange(false);
    },
    onError: (error) => {
      const fieldErrors = messageErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else toastFailure('removeParticipant', error);
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('sessions.confirmations.remove.title')}
      description={t('sessions.confirmations.remove.description', {
        name: participant.display_name,
      })}
      submitLabel={t('sessions.actions.remove')}
      destructive
      busy={remove.isPending}
      onSubmit={() => {
        remove.mutate({ id: session.id, playerId: participant.player_id, message });
      }}
    >
      <MessageField
        label={t('sessions.dialogs.message')}
        value={message}
        onChange={setMessage}
        errors={errors}
      />
    </FormDialog>
  );
}

/** Checkboxes of players, at least one to be chosen. */
export function PlayerChecklist({
  legend,
  players,
  chosen,
  onChange,
  errors = [],
  empty,
}: {
  legend: string;
  players: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  errors?: readonly string[];
  empty: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-invalid={errors.length > 0 || undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {players.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {players.map((player) => (
            <li key={player.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.includes(player.id)}
                  onChange={(event) => {
                    onChange(
                      event.target.checked
                        ? [...chosen, player.id]
                        : chosen.filter((id) => id !== player.id),
                    );
                  }}
                />
                {player.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {errors.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm text-destructive">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export function AddPlayersDialog({
  open,
  onOpenChange,
  session,
}: DialogProps & { session: GmSession }) {
  const { t } = useTranslation();
  const { data: accepted = [] } = useAcceptedPlayers(open ? session.series.id : undefined);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>();
  const add = useAddParticipants({ onError: () => undefined });
  const already = new Set(session.participants.map((participant) => participant.player_id));
  const candidates = accepted.filter((player) => !already.has(player.id));
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setChosen([]);
          setErrors(undefined);
        }
        onOpenChange(next);
      }}
      title={t('sessions.dialogs.addPlayers.title')}
      description={t('sessions.dialogs.addPlayers.description')}
      submitLabel={t('sessions.actions.addPlayers')}
      busy={add.isPending}
      onSubmit={() => {
        if (chosen.length === 0) {
          setErrors([t('sessions.validation.playersRequired')]);
          return;
        }
        add.mutate(
          { id: session.id, playerIds: chosen },
          {
            onSuccess: () => {
              toastSuccess('addParticipants');
              setChosen([]);
              onOpenChange(false);
            },
            onError: (error) => {
              const fieldErrors = serverFieldErrors(error, (field) =>
                field === 'player_ids' ? 'players' : undefined,
              )?.players;
              if (fieldErrors) setErrors(fieldErrors);
              else toastFailure('addParticipants', error);
            },
          },
        );
      }}
    >
      <PlayerChecklist
        legend={t('sessions.dialogs.addPlayers.label')}
        players={candidates}
        chosen={chosen}
        onChange={(next) => {
          setChosen(next);
          setErrors(undefined);
        }}
        errors={errors}
        empty={t('sessions.dialogs.addPlayers.none')}
      />
    </FormDialog>
  );
}

type ScheduleErrors = Partial<Record<'date' | 'time' | 'duration', string[]>>;

/** The schedule's date, time and duration: the start at least 15 minutes ahead. */
export function EditScheduleDialog({
  open,
  onOpenChange,
  session,
}: DialogProps & { session: GmSession }) {
  const { t } = useTranslation();
  const start = fromInstant(session.schedule.scheduled_start_datetime);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [duration, setDuration] = useState(String(session.schedule.scheduled_duration_minutes));
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const update = useUpdateSchedule({ onError: () => undefined });
  const translate = (messages?: string[]) =>
    messages?.map((message) =>
      message.startsWith('sessions.')
        ? t(message as 'sessions.validation.tooShort', { min: 1, max: 1440 })
        : message,
    );
  // A change of the date or the time answers an error about the start: neither keeps a stale one.
  const clearStart = () => {
    setErrors((current) => ({ ...current, date: undefined, time: undefined }));
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setErrors({});
        onOpenChange(next);
      }}
      wide
      title={t('sessions.dialogs.editSchedule.title')}
      description={t('sessions.dialogs.editSchedule.description')}
      submitLabel={t('sessions.dialogs.editSchedule.submit')}
      busy={update.isPending}
      onSubmit={() => {
        const minutes = clampDuration(duration);
        setDuration(String(minutes));
        const parsed = scheduleSchema(() => Date.now()).safeParse({
          date,
          time,
          duration: minutes,
        });
        if (!parsed.success) {
          const next: ScheduleErrors = {};
          for (const issue of parsed.error.issues) {
            const field = issue.path[0] as keyof ScheduleErrors;
            next[field] = [...(next[field] ?? []), issue.message];
          }
          setErrors(next);
          return;
        }
        setErrors({});
        update.mutate(
          { id: session.id, schedule: scheduleInput(parsed.data) },
          {
            onSuccess: () => {
              toastSuccess('schedule');
              onOpenChange(false);
            },
            onError: (error) => {
              const fieldErrors = serverFieldErrors(error, scheduleFieldFor);
              if (
                fieldErrors &&
                !(error instanceof ApiError && error.detail?.code === 'session_too_soon')
              )
                setErrors(fieldErrors);
              else toastFailure('schedule', error);
            },
          },
        );
      }}
    >
      <DateField
        value={date}
        onChange={(value) => {
          setDate(value);
          clearStart();
        }}
        errors={translate(errors.date)}
      />
      <TimeField
        value={time}
        onChange={(value) => {
          setTime(value);
          clearStart();
        }}
        onEdit={clearStart}
        errors={translate(errors.time)}
      />
      <DurationField
        value={duration}
        onChange={(value) => {
          setDuration(value);
          setErrors((current) => ({ ...current, duration: undefined }));
        }}
        errors={translate(errors.duration)}
      />
    </FormDialog>
  );
}
