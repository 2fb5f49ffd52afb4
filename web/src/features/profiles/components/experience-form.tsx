import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { SelectField } from '@/components/select-field';
import { useFieldErrors } from '@/lib/forms';

import type { MyProfile } from '../api/get-my-profile';
import { useUpdateProfile } from '../api/update-profile';
import {
  defaultExperienceLevel,
  experienceLevels,
  isExperienceLevel,
  YEARS_MAX,
  YEARS_MIN,
  type ExperiencePart,
} from '../lib/constants';
import { handleProfileFormError } from '../lib/form-errors';
import { experienceSchema, type ExperienceInput, type ExperienceValues } from '../lib/schemas';

/** Years of experience and level, for the player part or the game master part. */
export function ExperienceForm({
  profile,
  part,
  onSaved,
  actions,
}: {
  profile: MyProfile;
  part: ExperiencePart;
  onSaved: (profile: MyProfile) => void;
  actions: (state: { pending: boolean }) => ReactNode;
}) {
  const { t } = useTranslation();
  const current = part === 'gm' ? profile.gm : profile.player;
  const form = useForm<ExperienceInput, unknown, ExperienceValues>({
    resolver: zodResolver(experienceSchema),
    defaultValues: {
      claimed_years_experience: String(current?.claimed_years_experience ?? 0),
      experience_level: isExperienceLevel(current?.experience_level)
        ? current.experience_level
        : defaultExperienceLevel,
    },
  });
  const errorsOf = useFieldErrors(form);
  const update = useUpdateProfile({
    onSuccess: onSaved,
    onError: (error) =>
      handleProfileFormError(error, part, form.setError, [
        'claimed_years_experience',
        'experience_level',
      ]),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          update.mutate({
            profileId: profile.profile_id,
            body:
              part === 'gm'
                ? { gm: values, version: profile.version }
                : { player: values, version: profile.version },
          });
        })(event);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('profiles.fields.years')}
          errors={errorsOf('claimed_years_experience')}
          description={t('profiles.yearsHint', { min: YEARS_MIN, max: YEARS_MAX })}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('claimed_years_experience')}
              type="number"
              inputMode="numeric"
              min={YEARS_MIN}
              max={YEARS_MAX}
              step={1}
            />
          )}
        </Field>
        <SelectField
          control={form.control}
          name="experience_level"
          label={t('profiles.fields.level')}
          errors={errorsOf('experience_level')}
          options={experienceLevels.map((level) => ({
            value: level,
            label: t(`profiles.levels.${level}`),
          }))}
        />
      </div>
      {actions({ pending: update.isPending })}
    </form>
  );
}
