/**
 * On the GM's page of one series: its accepted players, each with Remove (with a message), and the way to the
 * applications to this series. Loaded lazily with the workspace strings.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { paths, applicationPaths } from '@/lib/paths';

import { useSeriesApplications, type SeriesApplication } from '../api/applications';
import { applicationsFilterSearch } from '../lib/filters';
import { playerName } from '../lib/names';
import { MoveDialog } from './application-dialogs';

export default function SeriesPlayers({ seriesId }: { seriesId: string }) {
  const { t } = useTranslation();
  const { data: page } = useSeriesApplications({
    series: seriesId,
    status: 'accepted',
    offset: 0,
    application: null,
  });
  const [removing, setRemoving] = useState<SeriesApplication>();
  return (
    <section aria-labelledby="series-players" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="series-players" className="text-xl font-semibold">
          {t('applications.players.title')}
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link
            to={applicationPaths.seriesApplications.getHref(
              applicationsFilterSearch({ series: seriesId }),
            )}
          >
            {t('applications.players.applications')}
          </Link>
        </Button>
      </div>
      {page?.count === 0 && (
        <p className="text-sm text-muted-foreground">{t('applications.players.empty')}</p>
      )}
      {page && page.items.length > 0 && (
        <ul className="flex flex-col gap-2" data-testid="series-players">
          {page.items.map((application) => {
            const name = playerName(
              application.player_display_name,
              t('applications.unnamedPlayer'),
            );
            return (
              <li
                key={application.id}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-border px-3 py-2"
              >
                <UserAvatar name={name} className="size-8 text-xs" />
                <Link
                  to={paths.profileById.getHref(application.player_id)}
                  className="min-w-0 flex-1 font-medium break-words underline-offset-4 hover:underline"
                >
                  {name}
                </Link>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${t('applications.actions.remove')}: ${name}`}
                  onClick={() => {
                    setRemoving(application);
                  }}
                >
                  {t('applications.actions.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {removing && (
        <MoveDialog
          open
          onOpenChange={(open) => {
            if (!open) setRemoving(undefined);
          }}
          move="remove"
          application={removing}
        />
      )}
    </section>
  );
}
