/** `/dashboard/gm/my-sessions/create`: the create-session form; `?series=<id>` chooses the series. */
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { GmInvitation } from '@/features/accounts';
import { Page, PageHeader } from '@/components/page';
import { requireSignedInGm } from '@/lib/gm-loader';
import { useSignedInUser } from '@/lib/auth/current-user';

import { activeSeriesQueryOptions } from '../api/sessions';
import { CreateSessionForm } from '../components/create-session-form';
import { sessionHrefs } from '@/lib/paths';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(activeSeriesQueryOptions());
    return null;
  };
}

export default function CreateSessionRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader
        before={
          <Link
            to={sessionHrefs.gmSessions()}
            className="text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            {t('sessions.detail.back')}
          </Link>
        }
        title={t('sessions.actions.createSession')}
        intro={t('sessions.form.intro')}
      />
      <CreateSessionForm
        initialSeries={searchParams.get('series') ?? undefined}
        onCreated={(session) => {
          void navigate(sessionHrefs.gmSession(session.id));
        }}
      />
    </Page>
  );
}
