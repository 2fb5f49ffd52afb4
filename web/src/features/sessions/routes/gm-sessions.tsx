/** `/dashboard/gm/my-sessions`: the GM's sessions, upcoming first then past, in pages of 20. */
import type { QueryClient } from '@tanstack/react-query';
import { CalendarClock, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { GmInvitation } from '@/features/accounts';
import { offsetFrom, requireSignedInGm, useOffsetParam } from '@/lib/gm-loader';
import { EarningsSection } from '@/features/commerce';
import { useSignedInUser } from '@/lib/auth/current-user';

import { gmSessionsQueryOptions, useGmSessions } from '../api/sessions';
import { SessionCard } from '../components/session-card';
import { pageSize } from '../lib/pages';
import { sessionHrefs } from '@/lib/paths';
import { ZoneHint } from '../components/zone-hint';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    const offset = offsetFrom(request.url, pageSize);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(gmSessionsQueryOptions(offset));
    return null;
  };
}

export default function GmSessionsRoute() {
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <GmSessionsPage />;
}

function GmSessionsPage() {
  const { t } = useTranslation();
  const [offset, setOffset] = useOffsetParam(pageSize);
  const { data: page } = useGmSessions(offset);
  const create = (
    <Button asChild>
      <Link to={sessionHrefs.create()}>
        <Plus aria-hidden />
        {t('sessions.actions.createSession')}
      </Link>
    </Button>
  );
  return (
    <ListPage
      header={{
        title: t('sessions.pageTitles.mySessions'),
        intro: t('sessions.list.gmIntro'),
        action: page && page.count > 0 ? create : undefined,
      }}
      above={<ZoneHint />}
      empty={{
        icon: CalendarClock,
        title: t('sessions.list.empty'),
        description: t('sessions.list.gmEmptyText'),
        action: create,
      }}
      page={page}
      offset={offset}
      pageSize={pageSize}
      onOffsetChange={setOffset}
      list={{ testId: 'gm-sessions', label: t('sessions.list.label') }}
      item={(session) => (
        <SessionCard
          href={sessionHrefs.gmSession(session.id)}
          title={session.series.title}
          status={session.status}
          start={session.schedule.scheduled_start_datetime}
          seats={session.seats}
          details={
            <span>{t('sessions.list.participants', { count: session.participant_count })}</span>
          }
        />
      )}
    >
      <EarningsSection />
    </ListPage>
  );
}
