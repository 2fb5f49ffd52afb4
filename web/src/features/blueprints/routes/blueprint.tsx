/**
 * `/dashboard/gm/activity-blueprints/{handle}`: one blueprint — its facts, edit and delete, and its description
 * as an ordered list of parts (add, reorder by drag or keyboard, remove). The blueprint is in the palette's
 * context here (data scope `gm_activity_blueprint`), so "Edit activity blueprint" is offered.
 */
import type { QueryClient } from '@tanstack/react-query';
import { FileQuestion, ListPlus, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { useSignedInUser } from '@/lib/auth/current-user';
import {
  gameSystemsQueryOptions,
  treeLanguage,
  useGameSystems,
  formatSystemPath,
} from '@/features/game-systems';
import { activeLocale, i18n } from '@/lib/i18n';

import {
  blueprintQueryOptions,
  useBlueprint,
  useDeleteBlueprint,
  type ActivityBlueprint,
} from '../api/blueprints';
import { AddPartsDialog } from '../components/add-parts-dialog';
import { EditBlueprintDialog } from '../components/blueprint-dialogs';
import { BlueprintPartsList } from '../components/blueprint-parts-list';
import { GmInvitation } from '@/features/accounts';
import { Page, PageHeader } from '@/components/page';
import { isNotFound, preloadUnlessNotFound, requireSignedInGm } from '@/lib/gm-loader';
import { blueprintPaths } from '@/lib/paths';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';

export function createLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    if (!(await requireSignedInGm(queryClient, request))) return null;
    await Promise.all([
      preloadUnlessNotFound(queryClient, blueprintQueryOptions(params.handle ?? '')),
      // eslint-disable-next-line @typescript-eslint/no-deprecated -- still the documented loader call in v5
      queryClient.ensureQueryData(gameSystemsQueryOptions(treeLanguage(activeLocale(i18n)))),
    ]);
    return null;
  };
}

export default function BlueprintRoute() {
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
  return <BlueprintPage handle={handle} />;
}

type OpenDialog = 'edit' | 'delete' | 'add' | null;

function BlueprintPage({ handle }: { handle: string }) {
  const { t } = useTranslation();
  const { data: blueprint, error } = useBlueprint(handle);
  const { data: systems = [] } = useGameSystems();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  if (!blueprint) {
    if (!isNotFound(error)) return null;
    return (
      <Page>
        <EmptyState
          icon={FileQuestion}
          headingLevel={1}
          title={t('blueprints.detail.notFound')}
          description={t('blueprints.detail.notFoundText')}
          action={
            <Button asChild variant="outline">
              <Link to={blueprintPaths.blueprints.getHref()}>
                {t('blueprints.detail.backToList')}
              </Link>
            </Button>
          }
        />
      </Page>
    );
  }
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <Page>
      <PageHeader
        before={
          <Link
            to={blueprintPaths.blueprints.getHref()}
            className="text-sm text-muted-foreground underline-offset-4 hover:underline"
          >
            {t('blueprints.detail.backToList')}
          </Link>
        }
        title={blueprint.title}
        action={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => {
                setDialog('edit');
              }}
            >
              <Pencil aria-hidden />
              {t('blueprints.detail.edit')}
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setDialog('delete');
              }}
            >
              <Trash2 aria-hidden />
              {t('blueprints.detail.delete')}
            </Button>
          </div>
        }
      />
      <dl className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('blueprints.fields.activityType')}</dt>
          <dd>
            <Badge variant="secondary">
              {t(`blueprints.activityTypes.${blueprint.activity_type}`)}
            </Badge>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">{t('blueprints.fields.language')}:</dt>
          <dd>{t(`blueprints.languages.${blueprint.language}`)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-muted-foreground">{t('blueprints.detail.gameSystem')}:</dt>
          <dd data-testid="blueprint-game-system">
            {formatSystemPath(systems, blueprint.game_system_id)}
          </dd>
        </div>
      </dl>

      <section aria-labelledby="blueprint-description" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="blueprint-description" className="text-xl font-semibold">
            {t('blueprints.detail.description')}
          </h2>
          {blueprint.parts.length > 0 && (
            <Button
              variant="outline"
              onClick={() => {
                setDialog('add');
              }}
            >
              <ListPlus aria-hidden />
              {t('blueprints.detail.addParts')}
            </Button>
          )}
        </div>
        {blueprint.parts.length === 0 ? (
          <EmptyState
            icon={ListPlus}
            title={t('blueprints.detail.noParts')}
            description={t('blueprints.detail.noPartsText')}
            action={
              <Button
                onClick={() => {
                  setDialog('add');
                }}
              >
                <ListPlus aria-hidden />
                {t('blueprints.detail.addParts')}
              </Button>
            }
          />
        ) : (
          <BlueprintPartsList blueprint={blueprint} />
        )}
      </section>

      {dialog === 'edit' && <EditBlueprintDialog open onOpenChange={close} blueprint={blueprint} />}
      {dialog === 'add' && <AddPartsDialog open onOpenChange={close} blueprint={blueprint} />}
      <DeleteBlueprintDialog
        blueprint={blueprint}
        open={dialog === 'delete'}
        onOpenChange={close}
      />
    </Page>
  );
}

function DeleteBlueprintDialog({
  blueprint,
  open,
  onOpenChange,
}: {
  blueprint: ActivityBlueprint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteBlueprint({
    onSuccess: () => {
      toastSuccess('blueprints.toasts.deleted');
      void navigate(blueprintPaths.blueprints.getHref());
    },
    onError: (error) => {
      toastFailure('blueprints.toasts.deleteFailed', error);
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('blueprints.dialogs.delete.title')}</DialogTitle>
          <DialogDescription>
            {t('blueprints.dialogs.delete.description', { title: blueprint.title })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate(blueprint);
            }}
          >
            {t('blueprints.dialogs.delete.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
