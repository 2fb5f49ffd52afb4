/**
 * Recent activity: the user's latest notifications, which the notifications feature shows here (its list is the
 * child). Without one, the section says there is nothing new.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ActivitySection({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-activity" className="flex flex-col gap-3">
      <h2 id="dashboard-activity" className="text-xl font-semibold tracking-tight">
        {t('dashboard.activity')}
      </h2>
      {children ?? <p className="text-sm text-muted-foreground">{t('dashboard.noActivity')}</p>}
    </section>
  );
}
