/**
 * `/questboard/{handle}`: one series for players, preloaded by the router. Its banner, description, schedule with
 * the next dates in the viewer's zone, requirements, price, where it is played (the table link only for those the
 * server sends it to), its game master, and the adventure: its blueprint's parts, rendered safely.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  CalendarClock,
  FileQuestion,
  Globe2,
  MapPin,
  Ticket,
  UserRound,
  Users,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { UserAvatar } from '@/components/user-avatar';
import { SeriesApplicationPanel } from '@/features/applications';
import { RefundPolicyDisclosure } from '@/features/commerce';
import {
  formatSystemPath,
  gameSystemsQueryOptions,
  treeLanguage,
  useGameSystems,
} from '@/features/game-systems';
import { useProfile } from '@/features/profiles';
import { describeRecurrence } from '@/features/series';
import { ApiError } from '@/lib/api/errors';
import { useSignedInUser } from '@/lib/auth/current-user';
import { activeLocale, i18n, useFormat } from '@/lib/i18n';
import { usePageTitle } from '@/lib/page-title';
import { paths, questboardPaths } from '@/lib/paths';

import {
  publicSeriesQueryOptions,
  seriesLocation,
  usePublicSeries,
  type Series,
} from '../api/questboard';
import { AdventureParts } from '../components/adventure-parts';
import { ApplyLink } from '../components/apply-link';
import { ChatLink } from '../components/chat-link';
import { SeriesImage } from '../components/series-image';
import { formatPrice, languageName, viewerTimeZone } from '../lib/format';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function createLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    await Promise.all([
      queryClient
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
        .ensureQueryData(publicSeriesQueryOptions(params.handle ?? ''))
        .catch((error: unknown) => {
          // A missing series (or someone else's draft) is this page's own "not found" state.
          if (!isNotFound(error)) throw error;
        }),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(gameSystemsQueryOptions(treeLanguage(activeLocale(i18n)))),
    ]);
    return null;
  };
}

export default function SeriesRoute() {
  const { handle = '' } = useParams();
  const { t } = useTranslation();
  const { data: series, error, isPending } = usePublicSeries(handle);
  if (isPending) return null;
  if (!series) {
    if (!isNotFound(error)) throw error;
    return (
      <div className="mx-auto w-full max-w-4xl px-5 py-10 md:px-10">
        <EmptyState
          icon={FileQuestion}
          headingLevel={1}
          title={t('questboard.series.notFound')}
          description={t('questboard.series.notFoundText')}
          action={
            <Link
              to={questboardPaths.questboard.getHref()}
              className={buttonVariants({ variant: 'outline' })}
            >
              {t('questboard.series.back')}
            </Link>
          }
        />
      </div>
    );
  }
  return <SeriesPage series={series} />;
}

function Section({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: typeof Users;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-border p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold tracking-tight">
        <Icon className="size-5 text-primary" aria-hidden />
        {title}
      </h2>
      {children}
    </section>
  );
}

function SeriesPage({ series }: { series: Series }) {
  const { t } = useTranslation();
  usePageTitle(series.title);
  const format = useFormat();
  const { data: systems = [] } = useGameSystems();
  const signedIn = useSignedInUser();
  const [viewerZone] = useState(viewerTimeZone);
  const systemName = formatSystemPath(systems, series.game_system_id) || undefined;
  const price = formatPrice(format.locale, series.pricing, t('questboard.card.free'));
  const location = seriesLocation(series);
  const schedule = series.schedule;
  const requirements = series.requirements;
  const parts = series.activity_blueprint.parts ?? [];
  const rule = schedule?.is_recurring ? (schedule.recurrence_rule ?? '') : '';
  const recurrence = rule && describeRecurrence(rule, t, format.locale);

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-5 py-8 md:px-10 md:py-10">
      <SeriesImage
        src={series.banner_url ?? series.thumbnail_url}
        systemId={series.game_system_id}
        systemName={systemName}
        className="aspect-[3/1] min-h-32 rounded-2xl"
      />
      <header className="flex flex-col gap-3">
        <Link
          to={questboardPaths.questboard.getHref()}
          className="w-fit text-sm text-primary underline-offset-4 hover:underline"
        >
          {t('questboard.series.back')}
        </Link>
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant="secondary">{t(`questboard.format.${series.activity_type}`)}</Badge>
          <Badge variant="secondary">{languageName(format.locale, series.language)}</Badge>
          {series.recruitment_status === 'open' ? (
            <Badge variant="success">{t('questboard.series.recruiting')}</Badge>
          ) : (
            <Badge variant="secondary">{t('questboard.series.notRecruiting')}</Badge>
          )}
        </div>
        <h1 className="text-3xl font-semibold tracking-tight break-words md:text-4xl">
          {series.title}
        </h1>
        {systemName && <p className="font-medium text-primary">{systemName}</p>}
        {series.recruitment_status !== 'open' && (
          <p className="text-sm text-muted-foreground" data-testid="recruitment-closed">
            {t('questboard.series.closedNote')}
          </p>
        )}
        {signedIn ? (
          <SeriesApplicationPanel series={series} />
        ) : (
          series.recruitment_status === 'open' && (
            <div className="flex flex-wrap gap-2">
              <ApplyLink series={series} handle={series.handle} size="default" />
            </div>
          )
        )}
      </header>

      <section aria-labelledby="series-about" className="flex flex-col gap-2">
        <h2 id="series-about" className="text-xl font-semibold tracking-tight">
          {t('questboard.series.about')}
        </h2>
        <p className="leading-relaxed whitespace-pre-line text-foreground/90">
          {series.short_description || t('questboard.series.noDescription')}
        </p>
      </section>

      {parts.length > 0 && <AdventureParts parts={parts} />}

      <div className="grid gap-5 md:grid-cols-2">
        <Section title={t('questboard.series.schedule')} icon={CalendarClock}>
          {schedule ? (
            <>
              <p className="text-sm text-muted-foreground">
                {t('questboard.series.scheduleSummary', {
                  time: schedule.start_time,
                  // Named in the reader's language ("Central European Time"), not by its id.
                  zone: format.zoneName(schedule.time_zone),
                  count: schedule.session_duration_minutes,
                })}
              </p>
              {recurrence && (
                <p className="text-sm font-medium" data-testid="series-recurrence">
                  {recurrence}
                </p>
              )}
              {schedule.next_sessions.length > 0 ? (
                <>
                  <h3 className="text-sm font-semibold">{t('questboard.series.nextSessions')}</h3>
                  <ol className="flex flex-col gap-1 text-sm" data-testid="next-sessions">
                    {schedule.next_sessions.map((start) => (
                      <li key={start}>
                        <time dateTime={start}>
                          {format.when(start, { style: 'short', timeZone: viewerZone })}
                        </time>
                      </li>
                    ))}
                  </ol>
                </>
              ) : (
                <p className="text-sm">{t('questboard.series.noUpcoming')}</p>
              )}
            </>
          ) : (
            <p className="text-sm">{t('questboard.series.noSchedule')}</p>
          )}
        </Section>

        <Section title={t('questboard.series.requirements')} icon={Users}>
          {requirements ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">{t('questboard.card.playersLabel')}</dt>
              <dd>
                {t('questboard.card.players', {
                  min: format.number(requirements.min_players),
                  max: format.number(requirements.max_players),
                })}
              </dd>
              <dt className="text-muted-foreground">{t('questboard.series.seats')}</dt>
              <dd>{t('questboard.card.seatsTaken', { count: series.seats_taken })}</dd>
              <dt className="text-muted-foreground">{t('questboard.series.minAge')}</dt>
              <dd>{format.number(requirements.min_player_age)}</dd>
            </dl>
          ) : (
            <p className="text-sm">{t('questboard.series.notSet')}</p>
          )}
        </Section>

        <Section title={t('questboard.card.priceLabel')} icon={Ticket}>
          <p className="text-sm">
            {price === null
              ? t('questboard.series.notSet')
              : series.pricing?.model === 'free'
                ? price
                : t('questboard.card.perSession', { price })}
          </p>
          {series.pricing?.model === 'paid' && <RefundPolicyDisclosure />}
        </Section>

        <Section
          title={t('questboard.series.location')}
          icon={location?.kind === 'in_person' ? MapPin : Globe2}
        >
          {location === null ? (
            <p className="text-sm">{t('questboard.series.notSet')}</p>
          ) : location.kind === 'online' ? (
            location.link ? (
              <a
                href={location.link}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="text-sm break-all text-primary underline-offset-4 hover:underline"
              >
                {t('questboard.series.onlineLink')}
              </a>
            ) : (
              <p className="text-sm">{t('questboard.series.onlineHidden')}</p>
            )
          ) : (
            <p className="text-sm">{[location.venue, location.city].filter(Boolean).join(', ')}</p>
          )}
        </Section>
      </div>

      <GameMasterCard
        accountId={series.game_master_id}
        seriesId={series.id}
        seriesTitle={series.title}
      />
    </div>
  );
}

function GameMasterCard({
  accountId,
  seriesId,
  seriesTitle,
}: {
  accountId: string;
  seriesId: string;
  seriesTitle: string;
}) {
  const { t } = useTranslation();
  const { data: profile } = useProfile(accountId);
  const name = profile?.display_name ?? t('questboard.series.gameMaster');
  return (
    <section
      aria-labelledby="series-gm"
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-border bg-muted/30 p-5"
    >
      <UserAvatar name={name} className="size-12 text-base" />
      <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
        <h2 id="series-gm" className="text-sm font-medium text-muted-foreground">
          {t('questboard.series.gameMaster')}
        </h2>
        <p className="text-lg font-semibold break-words">{profile?.display_name ?? '…'}</p>
        {profile?.bio && (
          <p className="line-clamp-2 text-sm text-muted-foreground">{profile.bio}</p>
        )}
      </div>
      <Link
        to={paths.profileById.getHref(accountId)}
        className={buttonVariants({ variant: 'outline' })}
      >
        <UserRound aria-hidden />
        {t('questboard.card.gmProfile')}
      </Link>
      <ChatLink otherId={accountId} seriesId={seriesId} seriesTitle={seriesTitle} size="default" />
    </section>
  );
}
