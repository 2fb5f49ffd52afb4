/** Under a list's heading: the times below are in the viewer's own zone. */
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/i18n';

import { viewerZone } from '../lib/zone';

export function ZoneHint() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <p className="-mt-4 text-sm text-muted-foreground">
      {t('sessions.list.zone', { zone: format.zoneName(viewerZone()) })}
    </p>
  );
}
