import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { ChoiceDialog } from '@/components/choice-dialog';

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
  const { region, regions } = useRegion();
  return (
    <ChoiceDialog
      open={open}
      onOpenChange={onOpenChange}
      icon={Globe}
      title={t('commerce.region.dialogTitle')}
      description={t('commerce.region.dialogText')}
      label={t('commerce.region.label')}
      options={regions.map((option) => ({ value: option.id, label: regionLabel(option) }))}
      current={region?.id}
      onChoose={(id) => {
        const chosen = regions.find((option) => option.id === id);
        if (chosen && chosen.id !== region?.id) selectRegion(chosen);
      }}
    />
  );
}
