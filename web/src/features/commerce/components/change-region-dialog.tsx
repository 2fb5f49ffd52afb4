import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

import { regionLabel, selectRegion, useRegion } from '../api/use-region';

/** The palette's region dialog: the same choice as the sidebar's, with the same toast. */
export function ChangeRegionDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Globe className="size-5" aria-hidden />
          </span>
          <DialogTitle>{t('commerce.region.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('commerce.region.dialogText')}</DialogDescription>
        </DialogHeader>
        <RegionForm
          onDone={() => {
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function RegionForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { region, regions } = useRegion();
  const [chosenId, setChosenId] = useState(region?.id);
  const value = chosenId ?? region?.id;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = regions.find((option) => option.id === value);
        if (chosen && chosen.id !== region?.id) selectRegion(chosen);
        onDone();
      }}
    >
      <Field label={t('commerce.region.label')}>
        {(control) => (
          <Select
            value={value}
            // A select option never has an empty value; ignore one if it ever came.
            onValueChange={(id) => {
              if (id !== '') setChosenId(id);
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder={t('common.loading')} />
            </SelectTrigger>
            <SelectContent>
              {regions.map((option) => (
                <SelectItem key={option.id} value={option.id}>
                  {regionLabel(option)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={value === undefined}>
          {t('common.apply')}
        </Button>
      </DialogFooter>
    </form>
  );
}
