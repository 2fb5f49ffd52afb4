import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

import { formatDocumentTitle, titleKeyFromMatches } from './route-handle';

/** Keeps `document.title` on the current page's translated title. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation();
  const titleKey = titleKeyFromMatches(matches);
  const title = formatDocumentTitle(titleKey ? t(titleKey) : undefined);

  useEffect(() => {
    document.title = title;
  }, [title]);
}
