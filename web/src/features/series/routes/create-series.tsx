/**
 * `/dashboard/gm/my-series/create`: the series wizard (spec §2, §5). One of the GM's blueprints (its activity
 * type and game system become the series'), title, description, language of play, location, player
 * requirements and pricing; on success the new series' page opens.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryClient } from '@tanstack/react-query';
import { PencilRuler } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, type LoaderFunctionArgs } from 'react-router';

import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
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
import { blueprintPaths, seriesPaths } from '@/lib/paths';
import { GmInvitation } from '@/features/accounts';
import { Page, PageHeader } from '@/components/page';
import { requireSignedInGm } from '@/lib/gm-loader';
import {
  formatSystemPath,
  gameSystemsQueryOptions,
  treeLanguage,
  useGameSystems,
} from '@/features/game-systems';
import { useSignedInUser } from '@/lib/auth/current-user';
import { handleFormError, useFieldErrors } from '@/lib/forms';
import { activeLocale, i18n } from '@/lib/i18n';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';

import { seriesBlueprintsQueryOptions, useCreateSeries, useSeriesBlueprints } from '../api/series';
import { LocationFields, PricingFields, RequirementsFields } from '../components/series-fields';
import {
  languages,
  locationPayload,
  pricingPayload,
  wizardSchema,
  type WizardFormValues,
} from '../lib/schemas';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    await Promise.all([
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(seriesBlueprintsQueryOptions()),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(gameSystemsQueryOptions(treeLanguage(activeLocale(i18n)))),
    ]);
    return null;
  };
}

export default function CreateSeriesRoute() {
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <CreateSeriesPage />;
}

const wizardFields = [
  'blueprint_id',
  'title',
  'short_description',
  'language',
  'location.link',
  'location.city',
  'location.venue',
  'min_players',
  'max_players',
  'min_player_age',
  'pricing.model',
  'pricing.amount',
  'pricing.currency_code',
] as const;

function CreateSeriesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: blueprints } = useSeriesBlueprints();
  const { data: systems = [] } = useGameSystems();
  const create = useCreateSeries();
  const form = useForm<WizardFormValues>({
    resolver: zodResolver(wizardSchema),
    // Spec §5: errors show only after the field changes (or on submit).
    mode: 'onChange',
    defaultValues: {
      blueprint_id: '',
      title: '',
      short_description: '',
      language: 'en',
      location: { kind: 'online', link: '', city: '', venue: '' },
      min_players: 2,
      max_players: 5,
      min_player_age: 16,
      // Spec §9: free and pln.
      pricing: { model: 'free', amount: '', currency_code: 'pln' },
    },
  });
  const errorsOf = useFieldErrors(form);
  const blueprintId = useWatch({ control: form.control, name: 'blueprint_id' });
  const blueprint = blueprints?.find((item) => item.id === blueprintId);

  if (blueprints?.length === 0) {
    return (
      <Page>
        <PageHeader title={t('series.wizard.title')} />
        <EmptyState
          icon={PencilRuler}
          title={t('series.wizard.noBlueprints')}
          description={t('series.wizard.noBlueprintsText')}
          action={
            <Button asChild>
              <Link to={blueprintPaths.blueprints.getHref()}>
                {t('series.wizard.toBlueprints')}
              </Link>
            </Button>
          }
        />
      </Page>
    );
  }

  return (
    <Page>
      <PageHeader
        before={
          <Link
            to={seriesPaths.mySeries.getHref()}
            className="text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            {t('series.detail.backToList')}
          </Link>
        }
        title={t('series.wizard.title')}
        intro={t('series.wizard.intro')}
      />
      <form
        noValidate
        className="flex flex-col gap-8"
        onSubmit={(event) => {
          void form.handleSubmit(async (values) => {
            try {
              const location = locationPayload(values.location);
              const series = await create.mutateAsync({
                blueprint_id: values.blueprint_id,
                title: values.title,
                short_description: values.short_description,
                language: values.language,
                ...(location ? { location } : {}),
                min_players: values.min_players,
                max_players: values.max_players,
                min_player_age: values.min_player_age,
                pricing: pricingPayload(values.pricing),
              });
              toastSuccess('series.toasts.created');
              void navigate(seriesPaths.series.getHref(series.handle));
            } catch (error) {
              toastFailure('series.toasts.createFailed', error);
              handleFormError(error, form.setError, wizardFields);
            }
          })(event);
        }}
      >
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-base font-semibold">{t('series.wizard.adventure')}</legend>
          <Field
            label={t('series.fields.blueprint')}
            description={t('series.fields.blueprintHint')}
            errors={errorsOf('blueprint_id')}
          >
            {(control) => (
              <Controller
                control={form.control}
                name="blueprint_id"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder={t('series.fields.chooseBlueprint')} />
                    </SelectTrigger>
                    <SelectContent>
                      {(blueprints ?? []).map((item) => (
                        <SelectItem key={item.id} value={item.id}>
                          {item.title}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          {blueprint && (
            <dl
              className="flex flex-wrap gap-x-6 gap-y-2 text-sm"
              data-testid="wizard-blueprint-facts"
            >
              <div className="flex gap-2">
                <dt className="text-muted-foreground">{t('series.fields.activityType')}:</dt>
                <dd>{t(`series.activityTypes.${blueprint.activity_type}`)}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-muted-foreground">{t('series.fields.gameSystem')}:</dt>
                <dd>{formatSystemPath(systems, blueprint.game_system_id)}</dd>
              </div>
            </dl>
          )}
          <Field label={t('series.fields.title')} errors={errorsOf('title')}>
            {(control) => <Input {...control} {...form.register('title')} autoComplete="off" />}
          </Field>
          <Field label={t('series.fields.description')} errors={errorsOf('short_description')}>
            {(control) => (
              <Textarea {...control} {...form.register('short_description')} rows={4} />
            )}
          </Field>
          <SelectField
            control={form.control}
            name="language"
            label={t('series.fields.language')}
            options={languages.map((value) => ({ value, label: t(`series.languages.${value}`) }))}
          />
        </fieldset>
        <LocationFields form={form} />
        <RequirementsFields form={form} />
        <PricingFields form={form} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={seriesPaths.mySeries.getHref()}>{t('common.cancel')}</Link>
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('common.saving') : t('series.wizard.submit')}
          </Button>
        </div>
      </form>
    </Page>
  );
}
