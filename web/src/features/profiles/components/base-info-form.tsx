import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/select-field';
import { Textarea } from '@/components/ui/textarea';
import { useFieldErrors } from '@/lib/forms';
import { useLocale } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import type { MyProfile } from '../api/get-my-profile';
import { useUpdateProfile } from '../api/update-profile';
import { baseInfoBody, baseInfoDefaults, countryName } from '../lib/base-info';
import { BIO_MAX_LENGTH, profileCountries, profileLanguages } from '../lib/constants';
import { handleProfileFormError } from '../lib/form-errors';
import {
  baseInfoSchema,
  characterCount,
  noCountry,
  todayIso,
  type BaseInfoInput,
  type BaseInfoValues,
} from '../lib/schemas';

const allFields = [
  'first_name',
  'last_name',
  'display_name',
  'birthdate',
  'bio',
  'language',
  'phone',
  'location.address1',
  'location.city',
  'location.postal_code',
  'location.country',
] as const;

/**
 * Basic info. `basics` (the wizard's first step) asks for names, birthdate and bio; `full` (the edit dialog)
 * adds language, phone and address. `actions` renders the buttons inside the form (one of them submits).
 */
export function BaseInfoForm({
  profile,
  mode,
  onSaved,
  actions,
}: {
  profile: MyProfile;
  mode: 'basics' | 'full';
  onSaved: (profile: MyProfile) => void;
  actions: (state: { pending: boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const uiLocale = useLocale();
  const form = useForm<BaseInfoInput, unknown, BaseInfoValues>({
    resolver: zodResolver(baseInfoSchema()),
    defaultValues: baseInfoDefaults(profile, uiLocale),
  });
  const errorsOf = useFieldErrors(form);
  const bio = useWatch({ control: form.control, name: 'bio' });
  const bioLength = characterCount(bio);
  const update = useUpdateProfile({
    onSuccess: onSaved,
    onError: (error) => handleProfileFormError(error, 'base', form.setError, allFields),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          update.mutate({
            profileId: profile.profile_id,
            body: { base: baseInfoBody(values, mode), version: profile.version },
          });
        })(event);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('profiles.fields.firstName')} errors={errorsOf('first_name')}>
          {(control) => (
            <Input {...control} {...form.register('first_name')} autoComplete="given-name" />
          )}
        </Field>
        <Field label={t('profiles.fields.lastName')} errors={errorsOf('last_name')}>
          {(control) => (
            <Input {...control} {...form.register('last_name')} autoComplete="family-name" />
          )}
        </Field>
        <Field label={t('profiles.fields.displayName')} errors={errorsOf('display_name')}>
          {(control) => (
            <Input {...control} {...form.register('display_name')} autoComplete="nickname" />
          )}
        </Field>
        <Field label={t('profiles.fields.birthdate')} errors={errorsOf('birthdate')}>
          {(control) => (
            <Input
              {...control}
              {...form.register('birthdate')}
              type="date"
              min="1900-01-01"
              max={todayIso()}
              autoComplete="bday"
            />
          )}
        </Field>
      </div>
      <Field
        label={t('profiles.fields.bio')}
        errors={errorsOf('bio')}
        description={
          <span
            className={cn(
              'flex justify-end tabular-nums',
              bioLength > BIO_MAX_LENGTH && 'font-medium text-destructive',
            )}
            data-testid="bio-counter"
          >
            {t('profiles.bioCounter', { count: bioLength, max: BIO_MAX_LENGTH })}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('bio')}
            rows={4}
            placeholder={t('profiles.bioPlaceholder')}
          />
        )}
      </Field>

      {mode === 'full' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              control={form.control}
              name="language"
              label={t('profiles.fields.language')}
              description={t('profiles.fields.languageHint')}
              errors={errorsOf('language')}
              options={profileLanguages.map((language) => ({
                value: language,
                label: t(`profiles.languages.${language}`),
              }))}
            />
            <Field
              label={t('profiles.fields.phone')}
              errors={errorsOf('phone')}
              description={t('profiles.privateHint')}
            >
              {(control) => (
                <Input {...control} {...form.register('phone')} type="tel" autoComplete="tel" />
              )}
            </Field>
          </div>
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-sm font-medium">{t('profiles.fields.address')}</legend>
            <Field label={t('profiles.fields.address1')} errors={errorsOf('location.address1')}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('location.address1')}
                  autoComplete="street-address"
                />
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                label={t('profiles.fields.postalCode')}
                errors={errorsOf('location.postal_code')}
              >
                {(control) => (
                  <Input
                    {...control}
                    {...form.register('location.postal_code')}
                    autoComplete="postal-code"
                  />
                )}
              </Field>
              <Field label={t('profiles.fields.city')} errors={errorsOf('location.city')}>
                {(control) => (
                  <Input
                    {...control}
                    {...form.register('location.city')}
                    autoComplete="address-level2"
                  />
                )}
              </Field>
              <SelectField
                control={form.control}
                name="location.country"
                label={t('profiles.fields.country')}
                errors={errorsOf('location.country')}
                options={[
                  { value: noCountry, label: t('profiles.notSet') },
                  ...profileCountries.map((country) => ({
                    value: country,
                    label: countryName(country, uiLocale),
                  })),
                ]}
              />
            </div>
          </fieldset>
        </>
      )}
      {actions({ pending: update.isPending })}
    </form>
  );
}
