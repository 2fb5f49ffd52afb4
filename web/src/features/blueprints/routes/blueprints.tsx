/** `/dashboard/gm/activity-blueprints`: the GM's blueprints, in pages of 20. */
import type { QueryClient } from '@tanstack/react-query';
import { PencilRuler, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Page } from '@/components/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/lib/auth/current-user';
import {
  gameSystemsQueryOptions,
  treeLanguage,
  useGameSystems,
  formatSystemPath,
} from '@/features/game-systems';
import { activeLocale, i18n, useFormat } from '@/lib/i18n';

import { blueprintsQueryOptions, pageSize, useMyBlueprints } from '../api/blueprints';
import { CreateBlueprintDialog } from '../components/blueprint-dialogs';
import { GmInvitation } from '@/features/accounts';
import { offsetFrom, requireSignedInGm, useOffsetParam } from '@/lib/gm-loader';
import { blueprintPaths } from '@/lib/paths';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    await Promise.all([
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(blueprintsQueryOptions(offsetFrom(request.url, pageSize))),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(gameSystemsQueryOptions(treeLanguage(activeLocale(i18n)))),
    ]);
    return null;
  };
}

export default function BlueprintsRoute() {
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <BlueprintsPage />;
}

function BlueprintsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [offset, setOffset] = useOffsetParam(pageSize);
  const { data: page } = useMyBlueprints(offset);
  const { data: systems = [] } = useGameSystems();
  const [creating, setCreating] = useState(false);
  const create = (
    <Button
      onClick={() => {
        setCreating(true);
      }}
    >
      <Plus aria-hidden />
      {t('blueprints.list.create')}
    </Button>
  );
  return (
    <ListPage
      header={{
        title: t('pageTitles.activityBlueprints'),
        intro: t('blueprints.list.intro'),
        action: page && page.count > 0 ? create : undefined,
      }}
      empty={{
        icon: PencilRuler,
        title: t('blueprints.list.empty'),
        description: t('blueprints.list.emptyText'),
        action: create,
      }}
      page={page}
      offset={offset}
      pageSize={pageSize}
      onOffsetChange={setOffset}
      list={{ testId: 'blueprint-list' }}
      itemClassName="flex flex-col gap-2 rounded-2xl border border-border p-4"
      item={(blueprint) => (
        <>
          <Link
            to={blueprintPaths.blueprint.getHref(blueprint.handle)}
            className="text-lg font-semibold break-words underline-offset-4 hover:underline"
          >
            {blueprint.title}
          </Link>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="secondary">
              {t(`blueprints.activityTypes.${blueprint.activity_type}`)}
            </Badge>
            <span>{formatSystemPath(systems, blueprint.game_system_id)}</span>
            <span aria-hidden>·</span>
            <span>{t('blueprints.list.parts', { count: blueprint.part_count })}</span>
            <span aria-hidden>·</span>
            <span>{t('blueprints.list.updated', { date: format.date(blueprint.updated_at) })}</span>
          </div>
        </>
      )}
    >
      <CreateBlueprintDialog open={creating} onOpenChange={setCreating} />
    </ListPage>
  );
}
