import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { Button } from '@/components/ui/button';
import { describeError } from '@/lib/api/errors';

import NotFoundRoute from './not-found';

/** A loader or page failed: say what happened and offer to try again. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;

  const outcome = describeError(error, t);
  return (
    <div className="flex min-h-svh items-center justify-center px-6">
      <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{t('errors.routeError.title')}</h1>
        {outcome.kind === 'toast' && <p className="text-muted-foreground">{outcome.message}</p>}
        <Button
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('errors.routeError.retry')}
        </Button>
      </div>
    </div>
  );
}
