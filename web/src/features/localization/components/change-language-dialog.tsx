import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { ChoiceDialog } from '@/components/choice-dialog';
import { isLocale, localeLabels, supportedLocales, useLocale } from '@/lib/i18n';

import { switchLanguage } from '../lib/switch-language';

const options = supportedLocales.map((locale) => ({
  value: locale,
  label: localeLabels[locale],
  lang: locale,
}));

/** The palette's language dialog: the same choice as the sidebar's switch, with the same toast. */
export function ChangeLanguageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <ChoiceDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={Languages}
      title={t('localization.dialogTitle')}
      description={t('localization.dialogText')}
      label={t('localization.label')}
      options={options}
      current={current}
      onChoose={(value) => {
        if (isLocale(value)) void switchLanguage(value);
      }}
    />
  );
}
