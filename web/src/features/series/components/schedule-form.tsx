/**
 * The schedule form (spec §4, §5): start time (auto-formatted hh:mm), duration (default 60), the recurring flag
 * with its frequency, "every N", weekdays (weekly and bi-weekly only), the GM's time zone (default the
 * browser's) and the first date that anchors the rule. The spec aborts a recurring submit without frequency or
 * weekdays silently; the form says what is still missing beforehand, so the GM is never left guessing.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { TimeZoneField } from '@/features/accounts';
import { handleFormError, useFieldErrors } from '@/lib/forms';
import { cn } from '@/lib/utils';

import type { SetScheduleBody } from '../api/series';
import {
  buildRecurrenceRule,
  frequencies,
  INTERVAL_MAX,
  INTERVAL_MIN,
  missingRecurrence,
  takesInterval,
  takesWeekdays,
  weekdays,
  type Frequency,
} from '../lib/rrule';
import { scheduleSchema, type ScheduleFormValues } from '../lib/schemas';
import { formatTimeInput } from '../lib/time-input';

const scheduleFields = [
  'start_time',
  'session_duration_minutes',
  'time_zone',
  'first_date',
] as const;

export function ScheduleForm({
  defaultValues,
  onSubmit,
  actions,
}: {
  defaultValues: ScheduleFormValues;
  /** Resolves when saved; rejects with the server's error, shown on the fields it names. */
  onSubmit: (body: SetScheduleBody) => Promise<unknown>;
  actions: (state: { pending: boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const missingId = useId();
  const form = useForm<ScheduleFormValues>({
    resolver: zodResolver(scheduleSchema),
    defaultValues,
    mode: 'onChange',
  });
  const errorsOf = useFieldErrors(form);
  const [isRecurring, frequency, interval, chosenDays] = useWatch({
    control: form.control,
    name: ['is_recurring', 'frequency', 'interval', 'weekdays'],
  });
  const missing = isRecurring
    ? missingRecurrence({ frequency, interval, weekdays: chosenDays })
    : [];

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit(async (values) => {
          const rule = values.is_recurring
            ? buildRecurrenceRule({
                frequency: values.frequency,
                interval: values.interval,
                weekdays: values.weekdays,
              })
            : undefined;
          // Spec §5: recurring without frequency or weekdays aborts the submit silently.
          if (values.is_recurring && rule === undefined) return;
          try {
            await onSubmit({
              start_time: values.start_time,
              session_duration_minutes: values.session_duration_minutes,
              is_recurring: values.is_recurring,
              recurrence_rule: rule ?? null,
              time_zone: values.time_zone,
              first_date: values.first_date,
            });
          } catch (error) {
            handleFormError(error, form.setError, scheduleFields);
          }
        })(event);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('series.schedule.startTime')}
          description={t('series.schedule.startTimeHint')}
          errors={errorsOf('start_time')}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="start_time"
              render={({ field }) => (
                <Input
                  {...control}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="19:00"
                  maxLength={5}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(formatTimeInput(event.target.value));
                  }}
                />
              )}
            />
          )}
        </Field>
        <Field label={t('series.schedule.duration')} errors={errorsOf('session_duration_minutes')}>
          {(control) => (
            <Input
              {...control}
              {...form.register('session_duration_minutes', { valueAsNumber: true })}
              type="number"
              min={1}
              max={1440}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('series.schedule.firstDate')} errors={errorsOf('first_date')}>
          {(control) => <Input {...control} {...form.register('first_date')} type="date" />}
        </Field>
        <Field
          label={t('series.schedule.timeZone')}
          description={t('series.schedule.timeZoneHint')}
          errors={errorsOf('time_zone')}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="time_zone"
              render={({ field }) => (
                <TimeZoneField
                  control={control}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              )}
            />
          )}
        </Field>
      </div>
      <label className="flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register('is_recurring')}
        />
        {t('series.schedule.recurring')}
      </label>
      {isRecurring && <RecurrenceFields form={form} frequency={frequency} missingId={missingId} />}
      {missing.length > 0 && (
        <p
          id={missingId}
          role="status"
          className="rounded-md border border-border bg-muted px-3 py-2 text-sm"
          data-testid="schedule-missing"
        >
          {t(`series.schedule.missing.${missing[0] ?? 'frequency'}`)}
        </p>
      )}
      {actions({ pending: form.formState.isSubmitting })}
    </form>
  );
}

function RecurrenceFields({
  form,
  frequency,
  missingId,
}: {
  form: ReturnType<typeof useForm<ScheduleFormValues>>;
  frequency: Frequency | '';
  missingId: string;
}) {
  const { t } = useTranslation();
  const errorsOf = useFieldErrors(form);
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('series.schedule.frequency')} errors={errorsOf('frequency')}>
          {(control) => (
            <Controller
              control={form.control}
              name="frequency"
              render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger
                    {...control}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-describedby={field.value === '' ? missingId : control['aria-describedby']}
                  >
                    <SelectValue placeholder={t('series.schedule.chooseFrequency')} />
                  </SelectTrigger>
                  <SelectContent>
                    {frequencies.map((value) => (
                      <SelectItem key={value} value={value}>
                        {t(`series.schedule.frequencies.${value}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
        {takesInterval(frequency) && (
          <Field
            label={t(`series.schedule.intervalLabel.${frequency as 'every_n_days'}`)}
            errors={errorsOf('interval')}
          >
            {(control) => (
              <Input
                {...control}
                {...form.register('interval', { valueAsNumber: true })}
                type="number"
                min={INTERVAL_MIN}
                max={INTERVAL_MAX}
              />
            )}
          </Field>
        )}
      </div>
      {takesWeekdays(frequency) && (
        <Controller
          control={form.control}
          name="weekdays"
          render={({ field }) => (
            <fieldset className="flex flex-col gap-2" aria-describedby={missingId}>
              <legend className="mb-2 text-sm font-medium">{t('series.schedule.weekdays')}</legend>
              <div className="flex flex-wrap gap-2">
                {weekdays.map((day) => {
                  const checked = field.value.includes(day);
                  return (
                    <label
                      key={day}
                      className={cn(
                        'flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                        checked ? 'border-primary/50 bg-primary/5 font-medium' : 'hover:bg-muted',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        name={field.name}
                        value={day}
                        checked={checked}
                        onBlur={field.onBlur}
                        onChange={(event) => {
                          field.onChange(
                            event.target.checked
                              ? weekdays.filter((d) => d === day || field.value.includes(d))
                              : field.value.filter((d) => d !== day),
                          );
                        }}
                      />
                      {checked && <Check aria-hidden className="size-3.5" />}
                      <span aria-hidden>{t(`series.schedule.weekdayShort.${day}`)}</span>
                      <span className="sr-only">{t(`series.schedule.weekdayNames.${day}`)}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}
        />
      )}
    </div>
  );
}
