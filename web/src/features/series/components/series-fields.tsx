/**
 * The groups of fields the wizard and the edit dialogs share: location, player requirements and pricing. Each
 * works on any form whose values hold its fields under the server's names, so server field errors
 * (`pricing.amount`, `location.link`, `min_players`) land on them.
 */
import {
  Controller,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { SelectField } from '@/components/select-field';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/lib/forms';

import {
  currencies,
  locationKinds,
  pricingModels,
  type LocationFormValues,
  type PricingFormValues,
  type RequirementsFormValues,
} from '../lib/schemas';
import { PriceInput } from './price-input';

type WithLocation = FieldValues & { location: LocationFormValues };
type WithPricing = FieldValues & { pricing: PricingFormValues };
type WithRequirements = FieldValues & RequirementsFormValues;

export function LocationFields<T extends WithLocation>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  const errorsOf = useFieldErrors(form);
  const path = (name: string) => name as Path<T>;
  const kind = useWatch({ control: form.control, name: path('location.kind') }) as string;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold">{t('series.fields.location')}</legend>
      <SelectField
        control={form.control}
        name={path('location.kind')}
        label={t('series.fields.locationKind')}
        options={locationKinds.map((value) => ({
          value,
          label: t(`series.locationKinds.${value}`),
        }))}
      />
      {kind === 'online' && (
        <Field
          label={t('series.fields.link')}
          description={t('series.fields.linkHint')}
          errors={errorsOf(path('location.link'))}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register(path('location.link'))}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
            />
          )}
        </Field>
      )}
      {kind === 'in_person' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('series.fields.city')} errors={errorsOf(path('location.city'))}>
            {(control) => (
              <Input {...control} {...form.register(path('location.city'))} autoComplete="off" />
            )}
          </Field>
          <Field label={t('series.fields.venue')} errors={errorsOf(path('location.venue'))}>
            {(control) => (
              <Input {...control} {...form.register(path('location.venue'))} autoComplete="off" />
            )}
          </Field>
        </div>
      )}
    </fieldset>
  );
}

export function RequirementsFields<T extends WithRequirements>({
  form,
  legend = true,
}: {
  form: UseFormReturn<T>;
  legend?: boolean;
}) {
  const { t } = useTranslation();
  const errorsOf = useFieldErrors(form);
  const path = (name: keyof RequirementsFormValues) => name as Path<T>;
  const number = (name: keyof RequirementsFormValues) =>
    form.register(path(name), {
      valueAsNumber: true,
      // min ≤ max is told on min_players, so a change of max judges min again.
      deps: name === 'max_players' ? [path('min_players')] : undefined,
    });
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className={legend ? 'mb-2 text-base font-semibold' : 'sr-only'}>
        {t('series.fields.requirements')}
      </legend>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('series.fields.minPlayers')} errors={errorsOf(path('min_players'))}>
          {(control) => (
            <Input {...control} {...number('min_players')} type="number" min={1} max={100} />
          )}
        </Field>
        <Field label={t('series.fields.maxPlayers')} errors={errorsOf(path('max_players'))}>
          {(control) => (
            <Input {...control} {...number('max_players')} type="number" min={1} max={100} />
          )}
        </Field>
        <Field label={t('series.fields.minPlayerAge')} errors={errorsOf(path('min_player_age'))}>
          {(control) => (
            <Input {...control} {...number('min_player_age')} type="number" min={1} max={99} />
          )}
        </Field>
      </div>
    </fieldset>
  );
}

export function PricingFields<T extends WithPricing>({
  form,
  legend = true,
}: {
  form: UseFormReturn<T>;
  legend?: boolean;
}) {
  const { t } = useTranslation();
  const errorsOf = useFieldErrors(form);
  const path = (name: string) => name as Path<T>;
  const model = useWatch({ control: form.control, name: path('pricing.model') }) as string;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className={legend ? 'mb-2 text-base font-semibold' : 'sr-only'}>
        {t('series.fields.pricing')}
      </legend>
      <SelectField
        control={form.control}
        name={path('pricing.model')}
        label={t('series.fields.pricingModel')}
        errors={errorsOf(path('pricing.model'))}
        options={pricingModels.map((value) => ({
          value,
          label: t(`series.pricingModels.${value}`),
        }))}
      />
      {/* Price and currency only for paid (spec §4). */}
      {model === 'paid' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('series.fields.price')}
            description={t('series.fields.priceHint')}
            errors={errorsOf(path('pricing.amount'))}
          >
            {(control) => (
              <Controller
                control={form.control}
                name={path('pricing.amount')}
                render={({ field }) => (
                  <PriceInput
                    {...control}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </Field>
          <SelectField
            control={form.control}
            name={path('pricing.currency_code')}
            label={t('series.fields.currency')}
            errors={errorsOf(path('pricing.currency_code'))}
            options={currencies.map((value) => ({ value, label: value.toUpperCase() }))}
          />
        </div>
      )}
    </fieldset>
  );
}
