/** Under a list's heading: the times below are in the viewer's own zone. */
import { useTranslation } from 'react-i18next';

import { viewerZone } from '../lib/zone';

export function ZoneHint() {
  const { t } = useTranslation();
  return (
    <p className="-mt-4 text-sm text-muted-foreground">
      {t('sessions.list.zone', { zone: viewerZone() })}
    </p>
  );
}
