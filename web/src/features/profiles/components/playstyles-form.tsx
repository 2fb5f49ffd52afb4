import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { useFieldErrors } from '@/lib/forms';
import { cn } from '@/lib/utils';

import type { MyProfile } from '../api/get-my-profile';
import { useUpdateProfile } from '../api/update-profile';
import { isKnownPlaystyle, knownPlaystyles, type ExperiencePart } from '../lib/constants';
import { handleProfileFormError } from '../lib/form-errors';
import { playstyleLabel } from '../lib/playstyles';
import { playstylesSchema, type PlaystylesValues } from '../lib/schemas';

/** The playstyles a player (or game master) enjoys: at least one. */
export function PlaystylesForm({
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
  const id = useId();
  const current = part === 'gm' ? profile.gm : profile.player;
  const form = useForm<PlaystylesValues>({
    resolver: zodResolver(playstylesSchema),
    // Only known values can be saved; the server refuses others.
    defaultValues: { playstyles: (current?.playstyles ?? []).filter(isKnownPlaystyle) },
  });
  const errorsOf = useFieldErrors(form);
  const errors = errorsOf('playstyles');
  const update = useUpdateProfile({
    onSuccess: onSaved,
    onError: (error) => handleProfileFormError(error, part, form.setError, ['playstyles']),
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
      <fieldset
        className="flex flex-col gap-3"
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
      >
        <legend className="mb-3 text-sm font-medium">{t('profiles.fields.playstyles')}</legend>
        <Controller
          control={form.control}
          name="playstyles"
          render={({ field }) => (
            <div className="grid gap-2 sm:grid-cols-2">
              {knownPlaystyles.map((style) => {
                const checked = field.value.includes(style);
                return (
                  <label
                    key={style}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      checked ? 'border-primary/50 bg-primary/5 font-medium' : 'hover:bg-muted',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="peer sr-only"
                      name={field.name}
                      value={style}
                      checked={checked}
                      onBlur={field.onBlur}
                      ref={style === knownPlaystyles[0] ? field.ref : undefined}
                      onChange={(event) => {
                        field.onChange(
                          event.target.checked
                            ? knownPlaystyles.filter(
                                (known) => known === style || field.value.includes(known),
                              )
                            : field.value.filter((value) => value !== style),
                        );
                      }}
                    />
                    <span
                      aria-hidden
                      className={cn(
                        'flex size-4 shrink-0 items-center justify-center rounded border',
                        checked
                          ? 'border-primary bg-primary text-primary-foreground'
                          : 'border-border bg-background',
                      )}
                    >
                      {checked && <Check className="size-3" />}
                    </span>
                    {playstyleLabel(style, t)}
                  </label>
                );
              })}
            </div>
          )}
        />
        {errors.length > 0 && (
          <ul id={`${id}-error`} className="flex flex-col gap-1 text-sm text-destructive">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </fieldset>
      {actions({ pending: update.isPending })}
    </form>
  );
}
