import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { z } from 'zod';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/select-field';
import { handleFormError, useFieldErrors, validationMessage } from '@/lib/forms';
import { localeLabels, supportedLocales } from '@/lib/i18n';

import type { AccountView } from '@/lib/auth/current-user';
import { useUpdateAccountSettings } from '../api/update-account-settings';
import { TimeZoneField } from './time-zone-field';

const preferencesSchema = z.object({
  locale: z.enum(supportedLocales, { message: validationMessage('localeInvalid') }),
  time_zone: z.string().min(1, validationMessage('timeZoneInvalid')),
});
type PreferencesValues = z.infer<typeof preferencesSchema>;

/**
 * The account's e-mail language and time zone: what its e-mails and reminders use. The interface language is
 * this browser's own (sidebar, palette); see docs/decisions.md, "Three languages".
 */
export function AccountPreferencesForm({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const form = useForm<PreferencesValues>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: { locale: account.locale, time_zone: account.time_zone },
  });
  const errorsOf = useFieldErrors(form);
  const update = useUpdateAccountSettings({
    onSuccess: (_context, values) => {
      form.reset({
        locale: values.locale ?? form.getValues('locale'),
        time_zone: values.time_zone ?? '',
      });
      toast.success(t('accountSettings.preferences.saved'));
    },
    onError: (error) => handleFormError(error, form.setError, ['locale', 'time_zone']),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          update.mutate(values);
        })(event);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="locale"
          label={t('accounts.fields.language')}
          errors={errorsOf('locale')}
          options={supportedLocales.map((option) => ({
            value: option,
            label: localeLabels[option],
            lang: option,
          }))}
        />
        <Field label={t('accounts.fields.timeZone')} errors={errorsOf('time_zone')}>
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
      <Button
        type="submit"
        className="self-start"
        disabled={update.isPending || !form.formState.isDirty}
      >
        {update.isPending ? t('common.saving') : t('accountSettings.preferences.save')}
      </Button>
    </form>
  );
}
