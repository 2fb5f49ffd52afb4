import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { useConfig } from '@/lib/runtime-config';

import {
  currentUserQueryKey,
  currentUserQueryOptions,
  resetUserScopedQueries,
  type UserContext,
} from '@/lib/auth/current-user';
import { finishOidcSignIn, oidcStartHref, type OidcClaims } from '../api/oidc';
import {
  continueAfterLink,
  failureScreens,
  readCallbackParams,
  refusalFailure,
  runOidcCallback,
  type CallbackDeps,
  type CallbackFailure,
  type CallbackProgress,
  type CallbackResult,
} from '../lib/oidc-callback';
import { AuthCard } from './auth-card';
import { OidcCallbackSteps } from './oidc-callback-steps';
import { OidcLinkForm } from './oidc-link-form';

type PendingLink = { linkToken: string; returnTo: string; claims: OidcClaims };

/**
 * Where the provider sends the browser back to. Shows the sign-in's steps as they happen, asks for the
 * existing account's password when the identity must be linked first, and ends on the page the person
 * came from — or on a screen that says what went wrong.
 */
export function OidcCallback({
  minStepMs = 400,
  goHomeAfterMs = 3000,
}: {
  /** How long each step stays on screen at least (0 in tests). */
  minStepMs?: number;
  /** How long the "Authentication Failed" screen shows before going home. */
  goHomeAfterMs?: number;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: config } = useConfig();
  const provider = config?.oidc?.provider_name ?? t('accounts.oidc.providerFallback');
  // Read once: the address is what the provider sent; later navigation must not restart anything.
  const [searchParams] = useSearchParams();
  const [params] = useState(() => readCallbackParams(searchParams));
  const [progress, setProgress] = useState<CallbackProgress>({ active: 'authenticating' });
  const [failure, setFailure] = useState<CallbackFailure | undefined>(
    params.kind === 'refused' ? refusalFailure(params.error) : undefined,
  );
  const [pendingLink, setPendingLink] = useState<PendingLink>();

  // The code can be exchanged once: Strict Mode's second effect run must not send it again.
  const started = useRef(false);
  // False once the page is really gone (Strict Mode's pretend unmount flips it back at once).
  const mounted = useRef(false);
  const stepDeps = useRef<Omit<CallbackDeps, 'finish'>>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    let previousUserId: string | undefined;
    let signedInUser: UserContext | undefined;
    stepDeps.current = {
      minStepMs,
      isActive: () => mounted.current,
      report: setProgress,
      loadAccountData: async (user) => {
        previousUserId = queryClient.getQueryData<UserContext>(currentUserQueryKey)?.user?.id;
        signedInUser = user;
        queryClient.setQueryData(currentUserQueryKey, user);
        // The session cookie is set now: the server confirms who is signed in. Should that fail, the
        // answer's user stays (it came from the same server a moment ago).
        try {
          await queryClient.query({ ...currentUserQueryOptions(), staleTime: 0 });
        } catch {
          queryClient.setQueryData(currentUserQueryKey, user);
        }
      },
      process: () => {
        resetUserScopedQueries(queryClient, previousUserId, signedInUser?.user?.id);
      },
      redirect: (to, { outcome, user }) => {
        const name = user.user?.name ?? '';
        toast.success(
          outcome === 'registered'
            ? t('oidcCallback.welcomeNew', { name })
            : outcome === 'reauthenticated'
              ? t('oidcCallback.reauthenticated', { name })
              : t('accounts.signIn.success', { name }),
        );
        void navigate(to, { replace: true });
      },
    };
  }, [minStepMs, navigate, queryClient, t]);

  useEffect(() => {
    if (started.current || params.kind !== 'code' || stepDeps.current === null) return;
    started.current = true;
    const deps = stepDeps.current;
    void runOidcCallback({ ...deps, finish: () => finishOidcSignIn(params.input) }).then(
      (result: CallbackResult) => {
        if (result.kind === 'failed') setFailure(result.failure);
        if (result.kind === 'linkRequired') setPendingLink(result);
      },
    );
  }, [params]);

  const screen = failure === undefined ? undefined : failureScreens[failure];
  const goesHome = screen?.goesHome === true;
  const failureTitle = screen === undefined ? '' : t(screen.titleKey);

  useEffect(() => {
    if (!goesHome) return;
    const timer = setTimeout(() => {
      toast.error(failureTitle);
      void navigate(paths.home.getHref(), { replace: true });
    }, goHomeAfterMs);
    return () => {
      clearTimeout(timer);
    };
  }, [goesHome, goHomeAfterMs, failureTitle, navigate]);

  if (screen !== undefined) {
    return (
      <AuthCard title={failureTitle}>
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div className="flex flex-col gap-1">
            <p>{t(screen.messageKey, { provider })}</p>
            {screen.goesHome && <p>{t('oidcCallback.goingHome')}</p>}
          </div>
        </div>
        <OidcCallbackSteps progress={progress} failed />
        <div className="flex flex-col gap-2">
          {screen.actions.map((action, index) => {
            const variant = index === 0 ? 'default' : 'outline';
            switch (action) {
              case 'retry':
                return (
                  <Button key={action} asChild variant={variant} className="w-full">
                    {/* A new sign-in with the provider: a plain navigation, like the first one. */}
                    <a href={oidcStartHref()}>{t('oidcCallback.actions.retry', { provider })}</a>
                  </Button>
                );
              case 'signIn':
                return (
                  <Button key={action} asChild variant={variant} className="w-full">
                    <Link to={paths.signIn.getHref()} replace>
                      {t('oidcCallback.actions.signIn')}
                    </Link>
                  </Button>
                );
              case 'home':
                return (
                  <Button key={action} asChild variant={variant} className="w-full">
                    <Link to={paths.home.getHref()} replace>
                      {t('oidcCallback.actions.home')}
                    </Link>
                  </Button>
                );
            }
          })}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('pageTitles.callback')} lead={t('oidcCallback.lead', { provider })}>
      <OidcCallbackSteps progress={progress} />
      {pendingLink && (
        <OidcLinkForm
          linkToken={pendingLink.linkToken}
          claims={pendingLink.claims}
          provider={provider}
          onFailed={setFailure}
          onLinked={(user) => {
            const deps = stepDeps.current;
            if (deps === null) return;
            setPendingLink(undefined);
            void continueAfterLink(deps, {
              user,
              claims: pendingLink.claims,
              returnTo: pendingLink.returnTo,
            });
          }}
        />
      )}
    </AuthCard>
  );
}
