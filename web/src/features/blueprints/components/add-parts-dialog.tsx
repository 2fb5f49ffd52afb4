/** Adds one or more of the GM's parts to the end of a blueprint ('At least one part must be selected'). */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

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
import { useFieldErrors } from '@/lib/forms';

import { useSetBlueprintParts, type ActivityBlueprint } from '../api/blueprints';
import { useMyParts } from '../api/parts';
import { blueprintPaths } from '@/lib/paths';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';
import { addPartsSchema, type AddPartsValues } from '../lib/schemas';

export function AddPartsDialog({
  open,
  onOpenChange,
  blueprint,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  blueprint: ActivityBlueprint;
}) {
  const { t } = useTranslation();
  // Every part of the GM (up to the API's page maximum) that the blueprint does not hold yet.
  const { data } = useMyParts(0, 100);
  const inBlueprint = new Set(blueprint.parts.map((part) => part.id));
  const available = (data?.items ?? []).filter((part) => !inBlueprint.has(part.id));
  const form = useForm<AddPartsValues>({
    resolver: zodResolver(addPartsSchema),
    defaultValues: { part_ids: [] },
  });
  const errorsOf = useFieldErrors(form);
  const setParts = useSetBlueprintParts();
  const errors = errorsOf('part_ids');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('blueprints.dialogs.addParts.title')}</DialogTitle>
          <DialogDescription>{t('blueprints.dialogs.addParts.description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            void form.handleSubmit((values) => {
              setParts.mutate(
                {
                  id: blueprint.id,
                  partIds: [...blueprint.parts.map((part) => part.id), ...values.part_ids],
                  version: blueprint.version,
                },
                {
                  onSuccess: () => {
                    onOpenChange(false);
                    toastSuccess('blueprints.toasts.sectionsAdded');
                  },
                  onError: (error) => {
                    toastFailure('blueprints.toasts.sectionCreateFailed', error);
                  },
                },
              );
            })(event);
          }}
        >
          {available.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {t('blueprints.dialogs.addParts.none')}{' '}
              <Link to={blueprintPaths.parts.getHref()} className="underline underline-offset-4">
                {t('blueprints.dialogs.addParts.createFirst')}
              </Link>
            </p>
          ) : (
            <Controller
              control={form.control}
              name="part_ids"
              render={({ field }) => (
                <fieldset
                  className="flex max-h-72 flex-col gap-1 overflow-y-auto"
                  aria-invalid={errors.length > 0}
                  aria-describedby={errors.length > 0 ? 'add-parts-errors' : undefined}
                >
                  <legend className="sr-only">{t('blueprints.fields.parts')}</legend>
                  {available.map((part) => {
                    const checked = field.value.includes(part.id);
                    return (
                      <label
                        key={part.id}
                        className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-muted"
                      >
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          checked={checked}
                          onChange={() => {
                            field.onChange(
                              checked
                                ? field.value.filter((id) => id !== part.id)
                                : [...field.value, part.id],
                            );
                          }}
                        />
                        <span className="truncate">{part.title}</span>
                      </label>
                    );
                  })}
                </fieldset>
              )}
            />
          )}
          {errors.length > 0 && (
            <ul id="add-parts-errors" className="text-sm text-destructive">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
          <DialogFooter className="pt-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={setParts.isPending || available.length === 0}>
              {setParts.isPending ? t('common.saving') : t('blueprints.dialogs.addParts.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
