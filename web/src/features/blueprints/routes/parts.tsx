/** `/dashboard/gm/activity-blueprint-parts`: the GM's parts, in pages of 20. */
import type { QueryClient } from '@tanstack/react-query';
import { FileText, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';

import { ListPage } from '@/components/list-page';
import { Page } from '@/components/page';
import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/lib/auth/current-user';
import { useFormat } from '@/lib/i18n';

import { pageSize } from '../api/blueprints';
import { partsQueryOptions, useMyParts } from '../api/parts';
import { CreatePartDialog } from '../components/blueprint-dialogs';
import { GmInvitation } from '@/features/accounts';
import { offsetFrom, requireSignedInGm, useOffsetParam } from '@/lib/gm-loader';
import { blueprintPaths } from '@/lib/paths';

export function createLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
    await queryClient.ensureQueryData(partsQueryOptions(offsetFrom(request.url, pageSize)));
    return null;
  };
}

export default function PartsRoute() {
  const signedIn = useSignedInUser();
  if (!signedIn) return null;
  if (!signedIn.user.roles.includes('gm')) {
    return (
      <Page>
        <GmInvitation accountId={signedIn.user.id} />
      </Page>
    );
  }
  return <PartsPage />;
}

function PartsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [offset, setOffset] = useOffsetParam(pageSize);
  const { data: page } = useMyParts(offset);
  const [creating, setCreating] = useState(false);
  const create = (
    <Button
      onClick={() => {
        setCreating(true);
      }}
    >
      <Plus aria-hidden />
      {t('blueprints.partsList.create')}
    </Button>
  );
  return (
    <ListPage
      header={{
        title: t('pageTitles.activityBlueprintParts'),
        intro: t('blueprints.partsList.intro'),
        action: page && page.count > 0 ? create : undefined,
      }}
      empty={{
        icon: FileText,
        title: t('blueprints.partsList.empty'),
        description: t('blueprints.partsList.emptyText'),
        action: create,
      }}
      page={page}
      offset={offset}
      pageSize={pageSize}
      onOffsetChange={setOffset}
      list={{ testId: 'part-list' }}
      itemClassName="flex flex-col gap-1 rounded-2xl border border-border p-4"
      item={(part) => (
        <>
          <Link
            to={blueprintPaths.part.getHref(part.handle)}
            className="text-lg font-semibold break-words underline-offset-4 hover:underline"
          >
            {part.title}
          </Link>
          <p className="text-sm text-muted-foreground">
            {t('blueprints.partsList.characters', { count: part.characters })}
            {' · '}
            {t('blueprints.list.updated', { date: format.date(part.updated_at) })}
          </p>
        </>
      )}
    >
      <CreatePartDialog open={creating} onOpenChange={setCreating} />
    </ListPage>
  );
}
