/**
 * The blueprint and part dialogs the palette and the pages open: create blueprint, edit blueprint, create part.
 * Creating opens the new item's page (spec §2 "Navigation after actions").
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { CommandDialogProps } from '@/lib/commands/types';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import { useCreateBlueprint, useUpdateBlueprint, type ActivityBlueprint } from '../api/blueprints';
import { useCreatePart } from '../api/parts';
import { blueprintPaths } from '@/lib/paths';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';
import { partSchema, type PartValues } from '../lib/schemas';
import { BlueprintForm } from './blueprint-form';

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
}: DialogProps & { title: string; description: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-lg" data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function Actions({ pending, submit }: { pending: boolean; submit: string }) {
  const { t } = useTranslation();
  return (
    <DialogFooter className="pt-2">
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t('common.cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? t('common.saving') : submit}
      </Button>
    </DialogFooter>
  );
}

export function CreateBlueprintDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBlueprint();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('blueprints.dialogs.create.title')}
      description={t('blueprints.dialogs.create.description')}
    >
      <BlueprintForm
        // Spec §9: English and campaign unless the GM says otherwise.
        defaultValues={{
          title: '',
          language: 'en',
          activity_type: 'campaign',
          game_system_id: null,
        }}
        pending={create.isPending}
        onSubmit={async (values) => {
          try {
            const blueprint = await create.mutateAsync(values);
            onOpenChange(false);
            toastSuccess('blueprints.toasts.created');
            void navigate(blueprintPaths.blueprint.getHref(blueprint.handle));
          } catch (error) {
            toastFailure('blueprints.toasts.createFailed', error);
            throw error;
          }
        }}
        actions={({ pending }) => (
          <Actions pending={pending} submit={t('blueprints.dialogs.create.submit')} />
        )}
      />
    </FormDialog>
  );
}

export function EditBlueprintDialog({
  open,
  onOpenChange,
  blueprint,
}: DialogProps & { blueprint: ActivityBlueprint }) {
  const { t } = useTranslation();
  const update = useUpdateBlueprint();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('blueprints.dialogs.edit.title')}
      description={t('blueprints.dialogs.edit.description')}
    >
      <BlueprintForm
        defaultValues={{
          title: blueprint.title,
          language: blueprint.language,
          activity_type: blueprint.activity_type,
          game_system_id: blueprint.game_system_id,
        }}
        pending={update.isPending}
        onSubmit={async (values) => {
          try {
            await update.mutateAsync({
              id: blueprint.id,
              body: { ...values, version: blueprint.version },
            });
            onOpenChange(false);
            toastSuccess('blueprints.toasts.updated');
          } catch (error) {
            toastFailure('blueprints.toasts.updateFailed', error);
            throw error;
          }
        }}
        actions={({ pending }) => (
          <Actions pending={pending} submit={t('blueprints.dialogs.edit.submit')} />
        )}
      />
    </FormDialog>
  );
}

export function CreatePartDialog({ open, onOpenChange }: DialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePart();
  const form = useForm<PartValues>({
    resolver: zodResolver(partSchema),
    defaultValues: { title: '', language: 'en' },
  });
  const errorsOf = useFieldErrors(form);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('blueprints.dialogs.createPart.title')}
      description={t('blueprints.dialogs.createPart.description')}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit(async (values) => {
            try {
              // Spec §3: content is an empty object on create, content type 'activity blueprint'.
              const part = await create.mutateAsync({
                ...values,
                content: {},
                content_type: 'activity_blueprint',
              });
              onOpenChange(false);
              toastSuccess('blueprints.toasts.partCreated');
              void navigate(blueprintPaths.part.getHref(part.handle));
            } catch (error) {
              toastFailure('blueprints.toasts.partCreateFailed', error);
              handleFormError(error, form.setError, ['title', 'language']);
            }
          })(event);
        }}
      >
        <Field label={t('blueprints.fields.title')} errors={errorsOf('title')}>
          {(control) => <Input {...control} {...form.register('title')} autoComplete="off" />}
        </Field>
        <Actions pending={create.isPending} submit={t('blueprints.dialogs.createPart.submit')} />
      </form>
    </FormDialog>
  );
}

/** The palette's "edit activity blueprint": the blueprint of the page in view (its data scope). */
export function EditBlueprintCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const blueprint = context.data.gm_activity_blueprint;
  if (!blueprint) return null;
  return <EditBlueprintDialog open={open} onOpenChange={onOpenChange} blueprint={blueprint} />;
}
