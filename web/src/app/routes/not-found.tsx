import { useTranslation } from 'react-i18next';

/** Any path the app does not know: a plain "404 Not Found", as the spec asks. */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60svh] items-center justify-center px-6">
      <h1 className="text-2xl font-semibold tracking-tight text-foreground">
        {t('notFound.heading')}
      </h1>
    </div>
  );
}
