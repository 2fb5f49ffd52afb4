/**
 * `/dashboard` (issue 19): what needs the signed-in user now — for each role they have, the next sessions with a
 * live countdown and the actions waiting, each a link into its screen — and their recent activity. It refetches
 * on the realtime events of sessions, applications and series, and when the server says the actions change by
 * the clock alone (`refresh_at`: a session's preparation opening).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CalendarPlus, Crown, Dices, PencilRuler, ScrollText } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { blueprintPaths, questboardPaths, seriesPaths } from '@/lib/paths';
import { Page, PageHeader } from '@/components/page';
import { RecentNotifications } from '@/features/notifications';
import { useMySeries } from '@/features/series';
import { requireSignedIn } from '@/lib/auth/guards';

import {
  dashboardQueryKey,
  dashboardQueryOptions,
  useDashboard,
  type DashboardSection,
} from '../api/dashboard';
import { ActionList } from '../components/action-list';
import { ActivitySection } from '../components/activity-section';
import { EmptyNote } from '../components/empty-note';
import { NextSessions } from '../components/next-sessions';
import { gmSessionHref, playerSessionHref } from '../lib/actions';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSignedIn(queryClient, request);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(dashboardQueryOptions());
    return null;
  };
}

/** Reads the Dashboard again when the server said its actions change by the clock. */
function useRefreshAt(refreshAt: string | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!refreshAt) return;
    // At most a day ahead (a timer's limit is ~24.8 days; the page is rarely open that long anyway).
    const wait = Math.min(Math.max(0, Date.parse(refreshAt) - Date.now()), 24 * 60 * 60 * 1000);
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    }, wait + 500);
    return () => {
      clearTimeout(timer);
    };
  }, [queryClient, refreshAt]);
}

function RoleSection({
  role,
  section,
  hrefOf,
  empty,
}: {
  role: 'player' | 'gm';
  section: DashboardSection;
  hrefOf: (id: string) => string;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const Icon = role === 'gm' ? Crown : Dices;
  return (
    <section
      aria-labelledby={`dashboard-${role}`}
      className="flex flex-col gap-5"
      data-testid={`dashboard-${role}`}
    >
      <h2
        id={`dashboard-${role}`}
        className="flex items-center gap-2 text-xl font-semibold tracking-tight"
      >
        <Icon className="size-5 text-primary" aria-hidden />
        {t(`dashboard.roles.${role}`)}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <ActionList actions={section.actions} headingId={`dashboard-${role}-actions`} />
        <NextSessions
          sessions={section.next_sessions}
          hrefOf={hrefOf}
          headingId={`dashboard-${role}-sessions`}
          empty={empty}
        />
      </div>
    </section>
  );
}

/**
 * The GM's part. With nothing coming, a GM who has no series yet is told to start with a blueprint; one who has
 * series, to plan a session in one of them.
 */
function GmSection({ section }: { section: DashboardSection }) {
  const { t } = useTranslation();
  const { data: mine } = useMySeries(0);
  const hasSeries = (mine?.count ?? 0) > 0;
  return (
    <RoleSection
      role="gm"
      section={section}
      hrefOf={gmSessionHref}
      empty={
        hasSeries ? (
          <EmptyNote
            icon={CalendarPlus}
            title={t('dashboard.gmEmpty')}
            text={t('dashboard.gmPlanText')}
            action={
              <Link to={seriesPaths.mySeries.getHref()} className={buttonVariants()}>
                {t('dashboard.toMySeries')}
              </Link>
            }
          />
        ) : (
          <EmptyNote
            icon={PencilRuler}
            title={t('dashboard.gmEmpty')}
            text={t('dashboard.gmEmptyText')}
            action={
              <Link to={blueprintPaths.blueprints.getHref()} className={buttonVariants()}>
                {t('dashboard.createBlueprint')}
              </Link>
            }
          />
        )
      }
    />
  );
}

/** The page; `activity` is the recent activity's content (the notifications feature's latest list). */
export function DashboardPage({ activity }: { activity?: ReactNode }) {
  const { t } = useTranslation();
  const { data } = useDashboard();
  useRefreshAt(data?.refresh_at);
  if (!data) return null;
  return (
    <Page>
      <PageHeader title={t('pageTitles.dashboard')} intro={t('dashboard.intro')} />
      <RoleSection
        role="player"
        section={data.player}
        hrefOf={playerSessionHref}
        empty={
          <EmptyNote
            icon={ScrollText}
            title={t('dashboard.playerEmpty')}
            text={t('dashboard.playerEmptyText')}
            action={
              <Link to={questboardPaths.questboard.getHref()} className={buttonVariants()}>
                {t('dashboard.findGame')}
              </Link>
            }
          />
        }
      />
      {data.gm && <GmSection section={data.gm} />}
      <ActivitySection>{activity}</ActivitySection>
    </Page>
  );
}

/** How many of the latest notifications the Dashboard shows as recent activity (all are on /notifications). */
const recentActivity = 5;

export default function DashboardRoute() {
  return <DashboardPage activity={<RecentNotifications limit={recentActivity} />} />;
}
