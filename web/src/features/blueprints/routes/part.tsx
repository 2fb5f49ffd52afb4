/** `/dashboard/gm/activity-blueprint-parts/{handle}`: one part in the rich-text editor (loaded on demand). */
import type { QueryClient } from '@tanstack/react-query';
import { FileQuestion } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useSignedInUser } from '@/lib/auth/current-user';

import { partQueryOptions, usePart } from '../api/parts';
import { GmInvitation } from '@/features/accounts';
import { Page } from '@/components/page';
import { isNotFound, preloadUnlessNotFound, requireSignedInGm } from '@/lib/gm-loader';
import { blueprintPaths } from '@/lib/paths';

const PartWorkspace = lazy(() => import('../components/part-workspace'));

export function createLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    // The editor's code starts loading with the data, not after it.
    void import('../components/part-workspace');
    await preloadUnlessNotFound(queryClient, partQueryOptions(params.handle ?? ''));
    return null;
  };
}

export default function PartRoute() {
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
  return <PartPage handle={handle} />;
}

function PartPage({ handle }: { handle: string }) {
  const { t } = useTranslation();
  const { data: part, error } = usePart(handle);
  if (!part) {
    if (!isNotFound(error)) return null;
    return (
      <Page>
        <EmptyState
          icon={FileQuestion}
          headingLevel={1}
          title={t('blueprints.part.notFound')}
          description={t('blueprints.part.notFoundText')}
          action={
            <Button asChild variant="outline">
              <Link to={blueprintPaths.parts.getHref()}>{t('blueprints.part.backToList')}</Link>
            </Button>
          }
        />
      </Page>
    );
  }
  return (
    <Page>
      <Suspense
        fallback={<p className="text-muted-foreground">{t('blueprints.editor.loading')}</p>}
      >
        {/* Keyed by id: another part gets a fresh editor, draft and autosave. */}
        <PartWorkspace key={part.id} part={part} />
      </Suspense>
    </Page>
  );
}
