import type { LucideIcon } from 'lucide-react';
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

export type ChoiceOption = {
  value: string;
  label: string;
  /** The option's language, when its label is written in it. */
  lang?: string;
};

/**
 * A dialog that asks for one choice from a list, such as the palette's language and region dialogs. `onChoose`
 * gets the value applied; the dialog closes either way.
 */
export function ChoiceDialog({
  open,
  onOpenChange,
  icon: Icon,
  title,
  description,
  label,
  options,
  current,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  icon: LucideIcon;
  title: string;
  description: string;
  label: string;
  options: readonly ChoiceOption[];
  /** The value in force (undefined while it loads). */
  current: string | undefined;
  onChoose: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <ChoiceForm
          label={label}
          options={options}
          current={current}
          onApply={(value) => {
            onOpenChange(false);
            onChoose(value);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ChoiceForm({
  label,
  options,
  current,
  onApply,
}: {
  label: string;
  options: readonly ChoiceOption[];
  current: string | undefined;
  onApply: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  // Until the person picks, the value in force (which may arrive after the dialog opened).
  const value = chosen ?? current;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (value !== undefined) onApply(value);
      }}
    >
      <Field label={label}>
        {(control) => (
          <Select
            value={value}
            // Only one of the options is accepted (never an empty value).
            onValueChange={(picked) => {
              if (options.some((option) => option.value === picked)) setChosen(picked);
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder={t('common.loading')} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value} lang={option.lang}>
                  {option.label}
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
