import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

import { usePageTitleOverride } from '@/lib/page-title';

import { formatDocumentTitle, titleKeyFromMatches } from './route-handle';

/** Keeps `document.title` on the current page's own title (`usePageTitle`), else its route's translated one. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const { t } = useTranslation();
  const titleKey = titleKeyFromMatches(matches);
  const own = usePageTitleOverride();
  const title = formatDocumentTitle(own ?? (titleKey ? t(titleKey) : undefined));

  useEffect(() => {
    document.title = title;
  }, [title]);
}
