import { useTranslation } from 'react-i18next';

/** Shown while the root loader fetches what every page needs. */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh items-center justify-center" role="status">
      <span className="flex items-center gap-3 text-sm text-muted-foreground">
        <span
          className="size-4 animate-spin rounded-full border-2 border-border border-t-primary"
          aria-hidden
        />
        {t('app.loading')}
      </span>
    </div>
  );
}
