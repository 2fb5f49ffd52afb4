/**
 * `/unsubscribe?token=…`, the body link of every notification e-mail (issue 18). Public: no sign-in, the signed
 * token is all the server trusts. Opening the page changes nothing (mail scanners open links); the reader's press
 * of "Unsubscribe" posts the token. Then it says what stopped, or why the link does not work, and points to the
 * notification settings (which need a sign-in).
 */
import { MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/errors';

import { useUnsubscribe } from '../api/unsubscribe';
import { isNotificationKind } from '../lib/kinds';
import { preferencesHref } from '@/lib/paths';

type Failure = 'invalid' | 'expired' | 'failed';

function failureOf(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 400) {
    return error.detail?.code === 'expired_unsubscribe_token' ? 'expired' : 'invalid';
  }
  return 'failed';
}

export default function UnsubscribeRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribe();
  const failure = unsubscribe.isError ? failureOf(unsubscribe.error) : undefined;
  const result = unsubscribe.data?.unsubscribed;

  let body;
  if (token === '') {
    body = (
      <p role="alert" className="text-muted-foreground">
        {t('notifications.unsubscribe.missing')}
      </p>
    );
  } else if (result !== undefined) {
    body = (
      <div role="status" className="flex flex-col gap-2" data-testid="unsubscribe-result">
        <h2 className="text-lg font-semibold tracking-tight">
          {t('notifications.unsubscribe.doneTitle')}
        </h2>
        <p>
          {isNotificationKind(result)
            ? t('notifications.unsubscribe.doneKind', {
                kind: t(`notifications.preferences.kinds.${result}`),
              })
            : t('notifications.unsubscribe.doneAll')}
        </p>
        <p className="text-sm text-muted-foreground">{t('notifications.unsubscribe.doneHint')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-muted-foreground">{t('notifications.unsubscribe.lead')}</p>
        {failure && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="unsubscribe-error"
          >
            {t(`notifications.unsubscribe.${failure}`)}
          </p>
        )}
        {failure !== 'invalid' && failure !== 'expired' && (
          <Button
            className="self-start"
            disabled={unsubscribe.isPending}
            onClick={() => {
              unsubscribe.mutate(token);
            }}
          >
            {unsubscribe.isPending
              ? t('notifications.unsubscribe.pending')
              : t('notifications.unsubscribe.button')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-5 py-10 md:px-10">
      <section className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6 shadow-xs">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <MailX className="size-5" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">
            {t('notifications.unsubscribe.title')}
          </h1>
        </div>
        {body}
        <p className="border-t border-border pt-4 text-sm text-muted-foreground">
          <Link
            to={preferencesHref}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('notifications.unsubscribe.settings')}
          </Link>{' '}
          {t('notifications.unsubscribe.settingsHint')}
        </p>
      </section>
    </div>
  );
}
