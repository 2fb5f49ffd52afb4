/**
 * `/dashboard/gm/my-series/applications` (Series Applications): applications to the GM's series, pending first,
 * then most recently changed, in pages of 20, filtered by series and status in the URL. Each shows the player,
 * the series, the message history, and Accept / Reject (pending) or Remove (accepted). `?application=` selects
 * one: the palette's accept and reject act on it (data scope `gm_series_application`).
 */
import type { QueryClient } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { GmInvitation } from '@/features/accounts';
import { requireSignedInGm } from '@/lib/gm-loader';
import { PlayerNoteButton } from '@/features/reviews';
import { seriesPaths, paths } from '@/lib/paths';
import { useSignedInUser } from '@/lib/auth/current-user';

import {
  gmSeriesChoicesQueryOptions,
  seriesApplicationsQueryOptions,
  useGmSeriesChoices,
  useSeriesApplications,
  type SeriesApplication,
} from '../api/applications';
import { ApplicationCard } from '../components/application-card';
import { MoveDialog } from '../components/application-dialogs';
import {
  applicationStatuses,
  applicationsFilterSearch,
  isApplicationStatus,
  pageSize,
  parseApplicationsFilters,
  type ApplicationsFilters,
} from '../lib/filters';
import { gmMoves, type GmMove } from '../lib/moves';
import { playerName } from '../lib/names';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    const filters = parseApplicationsFilters(new URL(request.url).searchParams);
    await Promise.all([
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(seriesApplicationsQueryOptions(filters)),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(gmSeriesChoicesQueryOptions()),
    ]);
    return null;
  };
}

export default function SeriesApplicationsRoute() {
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <SeriesApplicationsPage />;
}

const all = 'all';

function SeriesApplicationsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseApplicationsFilters(searchParams);
  const { data: page } = useSeriesApplications(filters);
  const { data: choices = [] } = useGmSeriesChoices();
  const [dialog, setDialog] = useState<{ move: GmMove; application: SeriesApplication }>();
  const go = (next: Partial<ApplicationsFilters>) => {
    setSearchParams(new URLSearchParams(applicationsFilterSearch({ ...filters, ...next })));
  };
  const filtered = filters.series !== null || filters.status !== null;
  return (
    <ListPage
      header={{ title: t('pageTitles.seriesApplications'), intro: t('applications.gm.intro') }}
      above={
        <div className="grid gap-4 sm:grid-cols-2" data-testid="application-filters">
          <Field label={t('applications.gm.series')}>
            {(control) => (
              <Select
                value={filters.series ?? all}
                onValueChange={(value) => {
                  go({ series: value === all ? null : value, offset: 0, application: null });
                }}
              >
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={all}>{t('applications.gm.allSeries')}</SelectItem>
                  {choices.map((series) => (
                    <SelectItem key={series.id} value={series.id}>
                      {series.title}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field label={t('applications.gm.status')}>
            {(control) => (
              <Select
                value={filters.status ?? all}
                onValueChange={(value) => {
                  go({
                    status: isApplicationStatus(value) ? value : null,
                    offset: 0,
                    application: null,
                  });
                }}
              >
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={all}>{t('applications.gm.allStatuses')}</SelectItem>
                  {applicationStatuses.map((status) => (
                    <SelectItem key={status} value={status}>
                      {t(`applications.status.${status}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
        </div>
      }
      empty={{
        icon: Inbox,
        title: t('applications.gm.empty'),
        description: filtered ? t('applications.gm.emptyFiltered') : t('applications.gm.emptyText'),
        action: filtered ? (
          <Button
            variant="outline"
            onClick={() => {
              go({ series: null, status: null, offset: 0, application: null });
            }}
          >
            {t('applications.gm.clear')}
          </Button>
        ) : undefined,
      }}
      page={page}
      offset={filters.offset}
      pageSize={pageSize}
      onOffsetChange={(next) => {
        go({ offset: next, application: null });
      }}
      list={{ testId: 'series-applications', className: 'gap-4' }}
      item={(application) => {
        const name = playerName(application.player_display_name, t('applications.unnamedPlayer'));
        const selected = application.id === filters.application;
        return (
          <ApplicationCard
            application={application}
            viewer="gm"
            selected={selected}
            heading={
              <Link
                to={paths.profileById.getHref(application.player_id)}
                className="underline-offset-4 hover:underline"
              >
                {name}
              </Link>
            }
            subheading={
              <Link
                to={seriesPaths.series.getHref(application.series_handle)}
                className="underline-offset-4 hover:underline"
              >
                {application.series_title}
              </Link>
            }
            actions={
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link
                    to={`?${applicationsFilterSearch({ ...filters, application: application.id })}`}
                    aria-label={`${t('applications.actions.select')}: ${name}, ${application.series_title}`}
                    aria-current={selected ? 'true' : undefined}
                  >
                    {t('applications.actions.select')}
                  </Link>
                </Button>
                {gmMoves(application.status).map((move) => (
                  <Button
                    key={move}
                    variant={move === 'accept' ? 'default' : 'outline'}
                    size="sm"
                    onClick={() => {
                      setDialog({ move, application });
                    }}
                  >
                    {t(`applications.actions.${move}`)}
                  </Button>
                ))}
                <PlayerNoteButton playerId={application.player_id} playerName={name} />
              </>
            }
          />
        );
      }}
    >
      {dialog && (
        <MoveDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(undefined);
          }}
          move={dialog.move}
          application={dialog.application}
        />
      )}
    </ListPage>
  );
}
