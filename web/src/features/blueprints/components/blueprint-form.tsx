/** The fields of a blueprint (create and edit share them): title, language, activity type, game system. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/select-field';
import { GameSystemSelector } from '@/features/game-systems';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import {
  activityTypes,
  blueprintSchema,
  languages,
  type BlueprintInput,
  type BlueprintValues,
} from '../lib/schemas';

const blueprintFormFields = ['title', 'language', 'activity_type', 'game_system_id'] as const;

export function BlueprintForm({
  defaultValues,
  onSubmit,
  actions,
  pending,
}: {
  defaultValues: BlueprintInput;
  /** Resolves when saved; rejects with the server's error, shown on the fields it names. */
  onSubmit: (values: BlueprintValues) => Promise<unknown>;
  actions: (state: { pending: boolean }) => ReactNode;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<BlueprintInput, unknown, BlueprintValues>({
    resolver: zodResolver(blueprintSchema),
    defaultValues,
  });
  const errorsOf = useFieldErrors(form);

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit(async (values) => {
          try {
            await onSubmit(values);
          } catch (error) {
            handleFormError(error, form.setError, blueprintFormFields);
          }
        })(event);
      }}
    >
      <Field label={t('blueprints.fields.title')} errors={errorsOf('title')}>
        {(control) => <Input {...control} {...form.register('title')} autoComplete="off" />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="language"
          label={t('blueprints.fields.language')}
          errors={errorsOf('language')}
          options={languages.map((language) => ({
            value: language,
            label: t(`blueprints.languages.${language}`),
          }))}
        />
        <SelectField
          control={form.control}
          name="activity_type"
          label={t('blueprints.fields.activityType')}
          errors={errorsOf('activity_type')}
          options={activityTypes.map((type) => ({
            value: type,
            label: t(`blueprints.activityTypes.${type}`),
          }))}
        />
      </div>
      <Field
        label={t('gameSystems.label')}
        errors={errorsOf('game_system_id')}
        description={t('gameSystems.hint')}
      >
        {(control) => (
          <Controller
            control={form.control}
            name="game_system_id"
            render={({ field }) => (
              <GameSystemSelector
                {...control}
                value={field.value}
                onChange={(id) => {
                  field.onChange(id);
                }}
              />
            )}
          />
        )}
      </Field>
      {actions({ pending })}
    </form>
  );
}
