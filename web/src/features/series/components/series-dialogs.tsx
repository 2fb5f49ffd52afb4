/**
 * The series edit dialogs the page and the palette open (spec §2, §7): basic info, status, pricing, player
 * requirements, schedule, and delete (drafts only). Each sends the spec's payload and shows the spec's toasts.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/errors';
import type { CommandDialogProps } from '@/lib/commands/types';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import { useDeleteSeries, useSetSeriesSchedule, useUpdateSeries, type Series } from '../api/series';
import { parseRecurrenceRule } from '../lib/rrule';
import { seriesPaths } from '@/lib/paths';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';
import {
  basicInfoSchema,
  DEFAULT_DURATION,
  languages,
  lifecycleStatuses,
  locationPayload,
  pricingPayload,
  pricingFormSchema,
  recruitmentAllowed,
  recruitmentStatuses,
  requirementsSchema,
  statusSchema,
  type BasicInfoFormValues,
  type PricingFormValues,
  type RequirementsFormValues,
  type StatusFormValues,
} from '../lib/schemas';
import { locationFormValues, pricingFormValues, requirementsFormValues } from '../lib/form-values';
import { browserTimeZone, todayIn } from '../lib/zones';
import { ScheduleForm } from './schedule-form';
import { LocationFields, PricingFields, RequirementsFields } from './series-fields';

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };
type SeriesDialogProps = DialogProps & { series: Series };

function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
}: DialogProps & { title: string; description: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.close')}
        className={wide ? 'max-w-2xl overflow-y-auto' : 'max-w-lg overflow-y-auto'}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function Actions({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogFooter className="pt-2">
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t('common.cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? t('common.saving') : t('series.dialogs.save')}
      </Button>
    </DialogFooter>
  );
}

export function BasicInfoDialog({ open, onOpenChange, series }: SeriesDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateSeries();
  const form = useForm<BasicInfoFormValues>({
    resolver: zodResolver(basicInfoSchema),
    mode: 'onChange',
    defaultValues: {
      title: series.title,
      short_description: series.short_description,
      language: series.language,
      location: locationFormValues(series),
    },
  });
  const errorsOf = useFieldErrors(form);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('series.dialogs.basicInfo.title')}
      description={t('series.dialogs.basicInfo.description')}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(async (values) => {
            try {
              const location = locationPayload(values.location);
              await update.mutateAsync({
                id: series.id,
                body: {
                  title: values.title,
                  short_description: values.short_description,
                  language: values.language,
                  ...(location ? { location } : {}),
                },
              });
              onOpenChange(false);
              toastSuccess('series.toasts.updated');
            } catch (error) {
              toastFailure('series.toasts.updateFailed', error);
              handleFormError(error, form.setError, [
                'title',
                'short_description',
                'language',
                'location.link',
                'location.city',
                'location.venue',
              ]);
            }
          })(event);
        }}
      >
        <Field label={t('series.fields.title')} errors={errorsOf('title')}>
          {(control) => <Input {...control} {...form.register('title')} autoComplete="off" />}
        </Field>
        <Field label={t('series.fields.description')} errors={errorsOf('short_description')}>
          {(control) => <Textarea {...control} {...form.register('short_description')} rows={4} />}
        </Field>
        <SelectField
          control={form.control}
          name="language"
          label={t('series.fields.language')}
          options={languages.map((value) => ({ value, label: t(`series.languages.${value}`) }))}
        />
        <LocationFields form={form} />
        <Actions pending={update.isPending} />
      </form>
    </FormDialog>
  );
}

export function StatusDialog({ open, onOpenChange, series }: SeriesDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateSeries();
  // The refusal the spec shows in the dialog itself; other refusals are the generic status toast.
  // The lifecycle status the server refused for want of a schedule; choosing another hides the message.
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const form = useForm<StatusFormValues>({
    resolver: zodResolver(statusSchema),
    defaultValues: {
      lifecycle_status: series.lifecycle_status,
      recruitment_status: series.recruitment_status,
    },
  });
  const lifecycle = useWatch({ control: form.control, name: 'lifecycle_status' });
  const canRecruit = recruitmentAllowed(lifecycle);
  useEffect(() => {
    // Spec §4: outside published and active the control is disabled and forced to closed.
    if (!canRecruit) form.setValue('recruitment_status', 'closed');
  }, [canRecruit, form]);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('series.dialogs.status.title')}
      description={t('series.dialogs.status.description')}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(async (values) => {
            try {
              await update.mutateAsync({ id: series.id, body: values });
              onOpenChange(false);
              toastSuccess('series.toasts.statusUpdated');
            } catch (error) {
              if (
                error instanceof ApiError &&
                error.detail?.code === 'series_must_have_schedule_to_publish'
              ) {
                setRefusedFor(values.lifecycle_status);
              } else {
                toastFailure('series.toasts.statusUpdateFailed', error);
              }
            }
          })(event);
        }}
      >
        <SelectField
          control={form.control}
          name="lifecycle_status"
          label={t('series.fields.lifecycleStatus')}
          options={lifecycleStatuses.map((value) => ({
            value,
            label: t(`series.lifecycle.${value}`),
          }))}
        />
        <Field
          label={t('series.fields.recruitmentStatus')}
          description={canRecruit ? undefined : t('series.dialogs.status.recruitmentHint')}
        >
          {(control) => (
            <Controller
              control={form.control}
              name="recruitment_status"
              render={({ field }) => (
                <Select
                  value={canRecruit ? field.value : 'closed'}
                  onValueChange={field.onChange}
                  name={field.name}
                  disabled={!canRecruit}
                >
                  <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {recruitmentStatuses.map((value) => (
                      <SelectItem key={value} value={value}>
                        {t(`series.recruitment.${value}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          )}
        </Field>
        {refusedFor === lifecycle && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-background px-3 py-2 text-sm text-destructive"
          >
            {t('workspaceErrors.series_must_have_schedule_to_publish')}
          </p>
        )}
        <Actions pending={update.isPending} />
      </form>
    </FormDialog>
  );
}

export function PricingDialog({ open, onOpenChange, series }: SeriesDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateSeries();
  const form = useForm<{ pricing: PricingFormValues }>({
    resolver: zodResolver(pricingFormSchema),
    mode: 'onChange',
    defaultValues: { pricing: pricingFormValues(series) },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('series.dialogs.pricing.title')}
      description={t('series.dialogs.pricing.description')}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(async (values) => {
            try {
              await update.mutateAsync({
                id: series.id,
                body: { pricing: pricingPayload(values.pricing) },
              });
              onOpenChange(false);
              toastSuccess('series.toasts.pricingUpdated');
            } catch (error) {
              toastFailure('series.toasts.pricingUpdateFailed', error);
              handleFormError(error, form.setError, [
                'pricing.model',
                'pricing.amount',
                'pricing.currency_code',
              ]);
            }
          })(event);
        }}
      >
        <PricingFields form={form} legend={false} />
        <Actions pending={update.isPending} />
      </form>
    </FormDialog>
  );
}

export function RequirementsDialog({ open, onOpenChange, series }: SeriesDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateSeries();
  const form = useForm<RequirementsFormValues>({
    resolver: zodResolver(requirementsSchema),
    mode: 'onChange',
    defaultValues: requirementsFormValues(series),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('series.dialogs.requirements.title')}
      description={t('series.dialogs.requirements.description')}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(async (values) => {
            try {
              await update.mutateAsync({ id: series.id, body: values });
              onOpenChange(false);
              toastSuccess('series.toasts.requirementsUpdated');
            } catch (error) {
              toastFailure('series.toasts.requirementsUpdateFailed', error);
              handleFormError(error, form.setError, [
                'min_players',
                'max_players',
                'min_player_age',
              ]);
            }
          })(event);
        }}
      >
        <RequirementsFields form={form} legend={false} />
        <Actions pending={update.isPending} />
      </form>
    </FormDialog>
  );
}

export function ScheduleDialog({ open, onOpenChange, series }: SeriesDialogProps) {
  const { t } = useTranslation();
  const setSchedule = useSetSeriesSchedule();
  const schedule = series.schedule;
  const choice = schedule?.recurrence_rule
    ? parseRecurrenceRule(schedule.recurrence_rule)
    : undefined;
  const zone = schedule?.time_zone ?? browserTimeZone();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('series.dialogs.schedule.title')}
      description={t('series.dialogs.schedule.description')}
      wide
    >
      <ScheduleForm
        defaultValues={{
          start_time: schedule?.start_time ?? '',
          session_duration_minutes: schedule?.session_duration_minutes ?? DEFAULT_DURATION,
          is_recurring: schedule?.is_recurring ?? false,
          frequency: choice?.frequency ?? '',
          interval: choice?.interval ?? 1,
          weekdays: [...(choice?.weekdays ?? [])],
          time_zone: zone,
          first_date: schedule?.first_date ?? todayIn(zone),
        }}
        onSubmit={async (body) => {
          try {
            await setSchedule.mutateAsync({ id: series.id, body });
            onOpenChange(false);
            toastSuccess('series.toasts.scheduleUpdated');
          } catch (error) {
            toastFailure('series.toasts.scheduleUpdateFailed', error);
            throw error;
          }
        }}
        actions={({ pending }) => <Actions pending={pending || setSchedule.isPending} />}
      />
    </FormDialog>
  );
}

export function DeleteSeriesDialog({ open, onOpenChange, series }: SeriesDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteSeries({
    onSuccess: () => {
      onOpenChange(false);
      toastSuccess('series.toasts.deleted');
      void navigate(seriesPaths.mySeries.getHref());
    },
    onError: (error) => {
      toastFailure('series.toasts.deleteFailed', error);
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('series.dialogs.delete.title')}</DialogTitle>
          <DialogDescription>
            {t('series.dialogs.delete.description', { title: series.title })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate(series);
            }}
          >
            {t('series.dialogs.delete.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The palette's series dialogs: the series of the page in view (data scope `gm_series`). */
export function BasicInfoCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const series = context.data.gm_series;
  return series ? (
    <BasicInfoDialog open={open} onOpenChange={onOpenChange} series={series} />
  ) : null;
}

export function StatusCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const series = context.data.gm_series;
  return series ? <StatusDialog open={open} onOpenChange={onOpenChange} series={series} /> : null;
}

export function PricingCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const series = context.data.gm_series;
  return series ? <PricingDialog open={open} onOpenChange={onOpenChange} series={series} /> : null;
}

export function RequirementsCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const series = context.data.gm_series;
  return series ? (
    <RequirementsDialog open={open} onOpenChange={onOpenChange} series={series} />
  ) : null;
}

export function ScheduleCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const series = context.data.gm_series;
  return series ? <ScheduleDialog open={open} onOpenChange={onOpenChange} series={series} /> : null;
}
