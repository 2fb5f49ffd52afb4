/**
 * The schedule fields of the create form and the schedule dialog (spec §9): a calendar (past days disabled, up to
 * two years ahead, weeks from Monday, in the active language), a 24-hour time typed by hand (digits shaped as
 * hh:mm; a half-typed entry goes back after 2 seconds), and the duration in minutes. Times are the viewer's own.
 */
import { useState } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, pl } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFormat, useLocale } from '@/lib/i18n';

import { dateKey, parseDateKey } from '../lib/schedule';
import { viewerZone } from '../lib/zone';
import { useTimeEntry } from './use-time-entry';

export type ScheduleFieldValues = { date: string; time: string; duration: string };

type FieldProps<T> = { value: T; onChange: (value: T) => void; errors?: readonly string[] };

export function DateField({ value, onChange, errors = [] }: FieldProps<string>) {
  const { t } = useTranslation();
  const locale = useLocale();
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const last = new Date(today.getFullYear() + 2, today.getMonth(), today.getDate());
  const selected = parseDateKey(value);
  // The month shown follows the value when it changes from outside (a series' proposed date arriving after the
  // calendar first showed); the arrows still move it freely.
  const [month, setMonth] = useState<Date>(selected ?? today);
  const [shownFor, setShownFor] = useState(value);
  if (value !== shownFor) {
    setShownFor(value);
    if (selected) setMonth(selected);
  }
  return (
    <fieldset className="flex flex-col gap-2" data-invalid={errors.length > 0 || undefined}>
      <legend className="text-sm font-medium">{t('sessions.form.date')}</legend>
      <DayPicker
        mode="single"
        selected={selected}
        onSelect={(day) => {
          onChange(day ? dateKey(day) : '');
        }}
        month={month}
        onMonthChange={setMonth}
        locale={locale === 'pl-PL' ? pl : enGB}
        weekStartsOn={1}
        startMonth={today}
        endMonth={last}
        disabled={[{ before: today }, { after: last }]}
        className="w-fit rounded-xl border border-border p-3 text-sm"
        data-testid="session-date"
      />
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

export function TimeField({
  value,
  onChange,
  onEdit,
  errors,
}: FieldProps<string> & {
  /** Every keystroke, a half-typed time included (`onChange` hears only whole times). */
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { shown, type } = useTimeEntry(value, onChange);
  return (
    <Field
      label={t('sessions.form.time')}
      errors={errors}
      description={t('sessions.form.timeHint', { zone: format.zoneName(viewerZone()) })}
    >
      {(control) => (
        <Input
          {...control}
          value={shown}
          onChange={(event) => {
            type(event.target.value);
            onEdit?.();
          }}
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh:mm"
          maxLength={5}
          className="w-28 tabular-nums"
        />
      )}
    </Field>
  );
}

export function DurationField({ value, onChange, errors }: FieldProps<string>) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('sessions.form.duration')}
      errors={errors}
      description={t('sessions.form.durationHint')}
    >
      {(control) => (
        <Input
          {...control}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
          }}
          type="number"
          min={1}
          max={1440}
          step={1}
          inputMode="numeric"
          autoComplete="off"
          className="w-28 tabular-nums"
        />
      )}
    </Field>
  );
}
