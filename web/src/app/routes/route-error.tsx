import { useTranslation } from 'react-i18next';
import { useRevalidator, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/errors';

import NotFoundRoute from './not-found';
import { isNotFoundError } from './not-found-error';

/**
 * A page's loader or render failed. Shown inside the shell, so the sidebar, header and palette still work.
 * The message is always translated (never the server's English text); "Try again" runs the loaders again.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  if (isNotFoundError(error)) return <NotFoundRoute />;

  const retrying = revalidator.state === 'loading';
  return (
    <ErrorMessage
      message={errorMessage(error, { t, serverMessage: false })}
      retryLabel={t('errors.routeError.retry')}
      retrying={retrying}
      onRetry={() => {
        void revalidator.revalidate();
      }}
    />
  );
}

/**
 * The shell itself could not load (the server's config or the session): nothing to keep around it, so the
 * whole page is loaded again on "Try again".
 */
export function RootError() {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh">
      <ErrorMessage
        message={errorMessage(error, { t, serverMessage: false })}
        retryLabel={t('errors.routeError.retry')}
        retrying={false}
        onRetry={() => {
          window.location.reload();
        }}
      />
    </div>
  );
}

function ErrorMessage({
  message,
  retryLabel,
  retrying,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60svh] flex-1 items-center justify-center px-6">
      <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{t('errors.routeError.title')}</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button onClick={onRetry} disabled={retrying}>
          {retryLabel}
        </Button>
      </div>
    </div>
  );
}
