/**
 * `/dashboard/gm/my-series/{handle}`: everything about one of the GM's series, each part with its edit action
 * (basic info, status, pricing, player requirements, schedule, images) and delete while it is a draft. The
 * series is in the palette's context here (data scope `gm_series`), so the edit commands are offered.
 */
import type { QueryClient } from '@tanstack/react-query';
import { CalendarClock, FileQuestion, Pencil, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SeriesPlayers } from '@/features/applications';
import { sessionPaths, blueprintPaths, seriesPaths } from '@/lib/paths';
import { GmInvitation } from '@/features/accounts';
import { isNotFound, preloadUnlessNotFound, requireSignedInGm } from '@/lib/gm-loader';
import { Page, PageHeader } from '@/components/page';
import {
  formatSystemPath,
  gameSystemsQueryOptions,
  treeLanguage,
  useGameSystems,
} from '@/features/game-systems';
import { usePageTitle } from '@/lib/page-title';
import { useSignedInUser } from '@/lib/auth/current-user';
import { activeLocale, i18n, useFormat } from '@/lib/i18n';

import { seriesQueryOptions, useSeries, type Series } from '../api/series';
import {
  BasicInfoDialog,
  DeleteSeriesDialog,
  PricingDialog,
  RequirementsDialog,
  ScheduleDialog,
  StatusDialog,
} from '../components/series-dialogs';
import { SeriesImage } from '../components/series-image';
import { describeRecurrence } from '../lib/recurrence-text';
import { browserTimeZone } from '../lib/zones';

export function createLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    await Promise.all([
      preloadUnlessNotFound(queryClient, seriesQueryOptions(params.handle ?? '')),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(gameSystemsQueryOptions(treeLanguage(activeLocale(i18n)))),
    ]);
    return null;
  };
}

export default function SeriesRoute() {
  const { handle = '' } = useParams();
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <SeriesPage handle={handle} />;
}

type OpenDialog = 'basic' | 'status' | 'pricing' | 'requirements' | 'schedule' | 'delete' | null;

function SeriesPage({ handle }: { handle: string }) {
  const { t } = useTranslation();
  const { data: series, error } = useSeries(handle);
  const { data: systems = [] } = useGameSystems();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  usePageTitle(series?.title);
  if (!series) {
    if (!isNotFound(error)) return null;
    return (
      <Page>
        <EmptyState
          icon={FileQuestion}
          headingLevel={1}
          title={t('series.detail.notFound')}
          description={t('series.detail.notFoundText')}
          action={
            <Button asChild variant="outline">
              <Link to={seriesPaths.mySeries.getHref()}>{t('series.detail.backToList')}</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const edit = (which: Exclude<OpenDialog, null>, label: string) => (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        setDialog(which);
      }}
    >
      <Pencil aria-hidden />
      {label}
    </Button>
  );
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
        title={series.title}
        action={
          series.lifecycle_status === 'draft' ? (
            <Button
              variant="outline"
              onClick={() => {
                setDialog('delete');
              }}
            >
              <Trash2 aria-hidden />
              {t('series.detail.delete')}
            </Button>
          ) : series.lifecycle_status === 'active' ? (
            <Button asChild>
              <Link
                to={`${sessionPaths[3]}?${new URLSearchParams({ series: series.id }).toString()}`}
              >
                {t('sessions.seriesLink')}
              </Link>
            </Button>
          ) : undefined
        }
      />

      <Section
        id="series-basic"
        title={t('series.detail.basicInfo')}
        action={edit('basic', t('series.detail.editBasicInfo'))}
      >
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Fact label={t('series.fields.description')} wide>
            {series.short_description.trim() === '' ? (
              <span className="text-muted-foreground">{t('series.detail.noDescription')}</span>
            ) : (
              <span className="whitespace-pre-line">{series.short_description}</span>
            )}
          </Fact>
          <Fact label={t('series.fields.blueprint')}>
            <Link
              to={blueprintPaths.blueprint.getHref(series.activity_blueprint.handle)}
              className="underline underline-offset-4"
            >
              {series.activity_blueprint.title}
            </Link>
          </Fact>
          <Fact label={t('series.fields.activityType')}>
            {t(`series.activityTypes.${series.activity_type}`)}
          </Fact>
          <Fact label={t('series.fields.gameSystem')}>
            {formatSystemPath(systems, series.game_system_id)}
          </Fact>
          <Fact label={t('series.fields.language')}>
            {t(`series.languages.${series.language}`)}
          </Fact>
          <Fact label={t('series.fields.location')} wide>
            <LocationText series={series} />
          </Fact>
        </dl>
      </Section>

      <Section
        id="series-status"
        title={t('series.detail.status')}
        action={edit('status', t('series.detail.editStatus'))}
      >
        <div className="flex flex-wrap gap-2" data-testid="series-status">
          <Badge>{t(`series.lifecycle.${series.lifecycle_status}`)}</Badge>
          <Badge variant="secondary">
            {t('series.detail.recruitment', {
              status: t(`series.recruitment.${series.recruitment_status}`),
            })}
          </Badge>
        </div>
      </Section>

      <Section
        id="series-schedule"
        title={t('series.detail.schedule')}
        action={edit('schedule', t('series.detail.editSchedule'))}
      >
        <ScheduleSummary series={series} />
      </Section>

      <div className="grid gap-8 sm:grid-cols-2">
        <Section
          id="series-requirements"
          title={t('series.fields.requirements')}
          action={edit('requirements', t('series.detail.editRequirements'))}
        >
          {series.requirements ? (
            <dl className="grid gap-2 text-sm">
              <Fact label={t('series.fields.players')}>
                {t('series.detail.players', {
                  min: series.requirements.min_players,
                  max: series.requirements.max_players,
                })}
              </Fact>
              <Fact label={t('series.fields.minPlayerAge')}>
                {series.requirements.min_player_age}
              </Fact>
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t('series.detail.notSet')}</p>
          )}
        </Section>
        <Section
          id="series-pricing"
          title={t('series.fields.pricing')}
          action={edit('pricing', t('series.detail.editPricing'))}
        >
          <PriceText series={series} />
        </Section>
      </div>

      <SeriesPlayers seriesId={series.id} />

      <Section id="series-images" title={t('series.images.title')}>
        <div className="grid gap-6 sm:grid-cols-[auto_1fr]">
          <SeriesImage series={series} kind="thumbnail" />
          <SeriesImage series={series} kind="banner" />
        </div>
      </Section>

      {dialog === 'basic' && <BasicInfoDialog open onOpenChange={close} series={series} />}
      {dialog === 'status' && <StatusDialog open onOpenChange={close} series={series} />}
      {dialog === 'pricing' && <PricingDialog open onOpenChange={close} series={series} />}
      {dialog === 'requirements' && (
        <RequirementsDialog open onOpenChange={close} series={series} />
      )}
      {dialog === 'schedule' && <ScheduleDialog open onOpenChange={close} series={series} />}
      <DeleteSeriesDialog series={series} open={dialog === 'delete'} onOpenChange={close} />
    </Page>
  );
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'flex flex-col gap-1 sm:col-span-2' : 'flex flex-col gap-1'}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function LocationText({ series }: { series: Series }) {
  const { t } = useTranslation();
  const location = series.location;
  if (!location) return <span className="text-muted-foreground">{t('series.detail.notSet')}</span>;
  if (location.kind === 'online') {
    return (
      <span>
        {t('series.locationKinds.online')}
        {location.link && (
          <>
            {' · '}
            <a
              href={location.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="underline underline-offset-4"
            >
              {location.link}
            </a>
          </>
        )}
      </span>
    );
  }
  return (
    <span>
      {t('series.locationKinds.in_person')} · {location.venue}, {location.city}
    </span>
  );
}

function PriceText({ series }: { series: Series }) {
  const { t } = useTranslation();
  const format = useFormat();
  const pricing = series.pricing;
  if (!pricing) return <p className="text-sm text-muted-foreground">{t('series.detail.notSet')}</p>;
  if (pricing.model === 'free' || !pricing.amount || !pricing.currency_code) {
    return <p className="text-sm">{t('series.pricingModels.free')}</p>;
  }
  return (
    <p className="text-sm" data-testid="series-price">
      {t('series.detail.perSession', {
        price: format.currency(pricing.amount, pricing.currency_code),
      })}
    </p>
  );
}

function ScheduleSummary({ series }: { series: Series }) {
  const { t } = useTranslation();
  const format = useFormat();
  const schedule = series.schedule;
  if (!schedule) {
    return (
      <EmptyState
        icon={CalendarClock}
        title={t('series.detail.noSchedule')}
        description={t('series.detail.noScheduleText')}
      />
    );
  }
  const viewerZone = browserTimeZone();
  const rule = schedule.recurrence_rule ?? '';
  const repeats = schedule.is_recurring
    ? (describeRecurrence(rule, t, format.locale) ?? rule)
    : t('series.detail.oneOff', {
        date: format.date(`${schedule.first_date}T12:00:00Z`, { timeZone: 'UTC' }),
      });
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="series-schedule">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact label={t('series.schedule.startTime')}>
          {t('series.detail.startsAt', {
            time: schedule.start_time,
            zone: format.zoneName(schedule.time_zone),
          })}
        </Fact>
        <Fact label={t('series.schedule.duration')}>
          {t('series.detail.minutes', { count: schedule.session_duration_minutes })}
        </Fact>
        <Fact label={t('series.detail.repeats')}>{repeats}</Fact>
      </dl>
      <div className="flex flex-col gap-2">
        <h3 className="font-medium">{t('series.detail.nextSessions')}</h3>
        {viewerZone !== schedule.time_zone && (
          <p className="text-muted-foreground">
            {t('series.detail.inYourZone', { zone: format.zoneName(viewerZone) })}
          </p>
        )}
        {schedule.next_sessions.length === 0 ? (
          <p className="text-muted-foreground">{t('series.detail.noNextSessions')}</p>
        ) : (
          <ul className="flex flex-col gap-1" data-testid="series-next-sessions">
            {schedule.next_sessions.map((start) => (
              <li key={start}>
                <time dateTime={start}>
                  {format.when(start, { style: 'long', timeZone: viewerZone })}
                </time>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
