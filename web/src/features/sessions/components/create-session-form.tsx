/**
 * The create-session form (spec §2, §5, §9): one of the GM's active series, at least one of its accepted players,
 * the date, the 24-hour time and the duration (1–1440, 60 or the series' own by default; a recurring series
 * proposes its next occurrence). The spec's messages on the fields; on success the new session's page.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

import {
  useAcceptedPlayers,
  useActiveSeries,
  useCreateSession,
  type GmSession,
} from '../api/sessions';
import { clampDuration } from '../lib/duration';
import { toastFailure, toastSuccess } from '../lib/outcome';
import { scheduleFieldFor, serverFieldErrors } from '../lib/refusals';
import { proposalFor } from '../lib/proposal';
import { createSessionSchema, scheduleInput } from '../lib/schedule';
import { PlayerChecklist } from './session-dialogs';
import { DateField, DurationField, TimeField } from './schedule-fields';

type Errors = Partial<Record<'series' | 'players' | 'date' | 'time' | 'duration', string[]>>;

function serverField(field: string): string | undefined {
  if (field === 'series_id') return 'series';
  if (field === 'participant_ids') return 'players';
  return scheduleFieldFor(field);
}

export function CreateSessionForm({
  initialSeries,
  onCreated,
}: {
  initialSeries?: string;
  onCreated: (session: GmSession) => void;
}) {
  const { t } = useTranslation();
  const { data: seriesList } = useActiveSeries();
  const [seriesId, setSeriesId] = useState<string>();
  const chosenId =
    seriesId ?? (seriesList?.some((series) => series.id === initialSeries) ? initialSeries : '');
  const chosen = seriesList?.find((series) => series.id === chosenId);
  const { data: players = [] } = useAcceptedPlayers(chosenId === '' ? undefined : chosenId);
  const [picked, setPicked] = useState<string[]>([]);
  // The schedule the GM typed; until then, what the chosen series proposes.
  const [typed, setTyped] = useState<{ date?: string; time?: string; duration?: string }>({});
  const proposal = proposalFor(chosen);
  const date = typed.date ?? proposal.date;
  const time = typed.time ?? proposal.time;
  const duration = typed.duration ?? proposal.duration;
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateSession({ onError: () => undefined });
  const translate = (messages?: string[]) =>
    messages?.map((message) =>
      message.startsWith('sessions.')
        ? t(message as 'sessions.validation.tooShort', { min: 1, max: 1440 })
        : message,
    );
  const clear = (...fields: (keyof Errors)[]) => {
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(fields.map((field) => [field, undefined])),
    }));
  };
  // The start is the date and the time together: a change of either answers an error about the start ("too
  // soon"), so neither keeps a stale one.
  const clearStart = () => {
    clear('date', 'time');
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      data-testid="create-session-form"
      onSubmit={(event) => {
        event.preventDefault();
        const minutes = clampDuration(duration);
        setTyped((current) => ({ ...current, duration: String(minutes) }));
        const parsed = createSessionSchema(() => Date.now()).safeParse({
          series: chosenId ?? '',
          players: picked.filter((id) => players.some((player) => player.id === id)),
          date,
          time,
          duration: minutes,
        });
        if (!parsed.success) {
          const next: Errors = {};
          for (const issue of parsed.error.issues) {
            const field = issue.path[0] as keyof Errors;
            next[field] = [...(next[field] ?? []), issue.message];
          }
          setErrors(next);
          return;
        }
        setErrors({});
        create.mutate(
          {
            series_id: parsed.data.series,
            participant_ids: parsed.data.players,
            schedule: scheduleInput(parsed.data),
          },
          {
            onSuccess: (session) => {
              toastSuccess('create');
              onCreated(session);
            },
            onError: (error) => {
              const fieldErrors = serverFieldErrors(error, serverField);
              if (fieldErrors) setErrors(fieldErrors);
              else toastFailure('create', error);
            },
          },
        );
      }}
    >
      <Field label={t('sessions.form.series')} errors={translate(errors.series)}>
        {(control) => (
          <Select
            value={chosenId === '' ? undefined : chosenId}
            onValueChange={(value) => {
              setSeriesId(value);
              setPicked([]);
              setTyped({});
              clear('series', 'date', 'time', 'duration');
            }}
          >
            <SelectTrigger {...control} className="w-full sm:w-96">
              <SelectValue placeholder={t('sessions.form.chooseSeries')} />
            </SelectTrigger>
            <SelectContent>
              {(seriesList ?? []).map((series) => (
                <SelectItem key={series.id} value={series.id}>
                  {series.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      {seriesList?.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('sessions.form.noSeries')}</p>
      )}
      <PlayerChecklist
        legend={t('sessions.form.players')}
        players={players}
        chosen={picked}
        onChange={(next) => {
          setPicked(next);
          clear('players');
        }}
        errors={translate(errors.players)}
        empty={chosenId ? t('sessions.form.noPlayers') : t('sessions.form.choosePlayersFirst')}
      />
      {proposal.proposed && typed.date === undefined && typed.time === undefined && (
        <p className="text-sm text-muted-foreground">{t('sessions.form.proposed')}</p>
      )}
      <DateField
        value={date}
        onChange={(value) => {
          setTyped((current) => ({ ...current, date: value }));
          clearStart();
        }}
        errors={translate(errors.date)}
      />
      <TimeField
        value={time}
        onChange={(value) => {
          setTyped((current) => ({ ...current, time: value }));
          clearStart();
        }}
        onEdit={clearStart}
        errors={translate(errors.time)}
      />
      <DurationField
        value={duration}
        onChange={(value) => {
          setTyped((current) => ({ ...current, duration: value }));
          clear('duration');
        }}
        errors={translate(errors.duration)}
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('common.saving') : t('sessions.form.submit')}
        </Button>
      </div>
    </form>
  );
}
