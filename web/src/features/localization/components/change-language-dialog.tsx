import { Languages } from 'lucide-react';
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
import { isLocale, localeLabels, supportedLocales, useLocale, type Locale } from '@/lib/i18n';

import { switchLanguage } from '../lib/switch-language';

/** The palette's language dialog: the same choice as the sidebar's switch, with the same toast. */
export function ChangeLanguageDialog({
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
            <Languages className="size-5" aria-hidden />
          </span>
          <DialogTitle>{t('localization.dialogTitle')}</DialogTitle>
          <DialogDescription>{t('localization.dialogText')}</DialogDescription>
        </DialogHeader>
        <LanguageForm
          onDone={() => {
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function LanguageForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const current = useLocale();
  const [chosen, setChosen] = useState<Locale>(current);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onDone();
        void switchLanguage(chosen);
      }}
    >
      <Field label={t('localization.label')}>
        {(control) => (
          <Select
            value={chosen}
            // Only a supported locale is accepted (never an empty value).
            onValueChange={(value) => {
              if (isLocale(value)) setChosen(value);
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {supportedLocales.map((option) => (
                <SelectItem key={option} value={option} lang={option}>
                  {localeLabels[option]}
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
        <Button type="submit">{t('common.apply')}</Button>
      </DialogFooter>
    </form>
  );
}
