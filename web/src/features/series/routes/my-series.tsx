/** `/dashboard/gm/my-series`: the GM's series, in pages of 20, each leading to its page. */
import type { QueryClient } from '@tanstack/react-query';
import { Plus, ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Page } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { GmInvitation } from '@/features/accounts';
import { offsetFrom, requireSignedInGm, useOffsetParam } from '@/lib/gm-loader';
import { useSignedInUser } from '@/lib/auth/current-user';
import { useFormat } from '@/lib/i18n';

import { mySeriesQueryOptions, pageSize, useMySeries } from '../api/series';
import { seriesPaths } from '@/lib/paths';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(mySeriesQueryOptions(offsetFrom(request.url, pageSize)));
    return null;
  };
}

export default function MySeriesRoute() {
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <MySeriesPage />;
}

function MySeriesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [offset, setOffset] = useOffsetParam(pageSize);
  const { data: page } = useMySeries(offset);
  const create = (
    <Button asChild>
      <Link to={seriesPaths.create.getHref()}>
        <Plus aria-hidden />
        {t('series.list.create')}
      </Link>
    </Button>
  );
  return (
    <ListPage
      header={{
        title: t('pageTitles.mySeries'),
        intro: t('series.list.intro'),
        action: page && page.count > 0 ? create : undefined,
      }}
      empty={{
        icon: ScrollText,
        title: t('series.list.empty'),
        description: t('series.list.emptyText'),
        action: create,
      }}
      page={page}
      offset={offset}
      pageSize={pageSize}
      onOffsetChange={setOffset}
      list={{ testId: 'series-list' }}
      itemClassName="flex flex-col gap-2 rounded-2xl border border-border p-4"
      item={(series) => (
        <>
          <Link
            to={seriesPaths.series.getHref(series.handle)}
            className="text-lg font-semibold break-words underline-offset-4 hover:underline"
          >
            {series.title}
          </Link>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="secondary">{t(`series.lifecycle.${series.lifecycle_status}`)}</Badge>
            <span>{t(`series.activityTypes.${series.activity_type}`)}</span>
            <span aria-hidden>·</span>
            <span>
              {series.next_session_at
                ? t('series.list.next', { date: format.dateTime(series.next_session_at) })
                : t('series.list.noSchedule')}
            </span>
            <span aria-hidden>·</span>
            <span>{t('series.list.updated', { date: format.date(series.updated_at) })}</span>
          </div>
        </>
      )}
    />
  );
}
