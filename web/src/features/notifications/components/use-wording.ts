import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import { useLocale } from '@/lib/i18n';

import type { Notification } from '../api/types';
import { wordNotification } from '../lib/wording';

/** `word(notification)` in the active language; components re-render when it changes. */
export function useWording() {
  const { t } = useTranslation();
  const locale = useLocale();
  return useCallback(
    (notification: Pick<Notification, 'kind' | 'params'>) =>
      wordNotification(notification, t, locale),
    [t, locale],
  );
}
