import { describe, expect, it, vi } from 'vitest';

import { ApiError, NetworkError } from '@/lib/api/errors';
import { createI18n } from '@/lib/i18n/create-i18n';

import type { UserContext } from '@/lib/auth/current-user';
import type { OidcSignInResult } from '../api/oidc';
import {
  callbackFailureOf,
  callbackSteps,
  continueAfterLink,
  failureScreens,
  readCallbackParams,
  refusalFailure,
  runOidcCallback,
  stepStatus,
  type CallbackDeps,
  type CallbackProgress,
} from './oidc-callback';

const user: UserContext = {
  authenticated: true,
  user: { id: '0195f0c4-0000-7000-8000-000000000001', name: 'Alice', roles: ['player'] },
  account: null,
};

function answer(overrides: Partial<OidcSignInResult>): OidcSignInResult {
  return {
    outcome: 'signed_in',
    user,
    claims: { email: 'alice@example.test', name: 'Alice' },
    return_to: '/account',
    link_token: null,
    ...overrides,
  };
}

function apiError(status: number, code: string) {
  return new ApiError(status, { type: 'unauthorized', code, message: code, fields: {} });
}

/** Runs with recording fakes; `log` lists, in order, every step shown and every side effect. */
function harness(finish: CallbackDeps['finish']) {
  const log: string[] = [];
  const reports: CallbackProgress[] = [];
  const deps: CallbackDeps = {
    finish: async () => {
      log.push('call:finish');
      return finish();
    },
    loadAccountData: vi.fn(async () => {
      log.push('call:loadAccountData');
      await Promise.resolve();
    }),
    process: vi.fn(() => log.push('call:process')),
    redirect: vi.fn((to: string) => log.push(`call:redirect ${to}`)),
    report: (progress) => {
      reports.push(progress);
      const last = log.at(-1);
      if (last !== `step:${progress.active}`) log.push(`step:${progress.active}`);
    },
    isActive: () => true,
  };
  return { deps, log, reports };
}

describe('callbackSteps', () => {
  it('lists the spec steps in order, registering only for a new account', () => {
    expect(callbackSteps('registered')).toEqual([
      'authenticating',
      'claims',
      'accountData',
      'registering',
      'processing',
      'redirecting',
    ]);
    expect(callbackSteps('signed_in')).toEqual([
      'authenticating',
      'claims',
      'accountData',
      'processing',
      'redirecting',
    ]);
    expect(callbackSteps('link_required')).not.toContain('registering');
    expect(callbackSteps(undefined)).not.toContain('registering');
  });

  it('marks the steps before the active one done', () => {
    const steps = callbackSteps('signed_in');
    expect(steps.map((step) => stepStatus(steps, 'accountData', step))).toEqual([
      'done',
      'done',
      'active',
      'pending',
      'pending',
    ]);
    expect(steps.every((step) => stepStatus(steps, 'finished', step) === 'done')).toBe(true);
  });
});

describe('runOidcCallback', () => {
  it('a first sign-in goes through every step, registering included, then redirects', async () => {
    const { deps, log, reports } = harness(() =>
      Promise.resolve(answer({ outcome: 'registered' })),
    );
    const result = await runOidcCallback(deps);
    expect(log).toEqual([
      'step:authenticating',
      'call:finish',
      'step:claims',
      'step:accountData',
      'call:loadAccountData',
      'step:registering',
      'step:processing',
      'call:process',
      'step:redirecting',
      'call:redirect /account',
      'step:finished',
    ]);
    expect(result).toMatchObject({ kind: 'redirected', to: '/account', outcome: 'registered' });
    expect(deps.loadAccountData).toHaveBeenCalledWith(user);
    // The claims are on screen from their step on.
    const claimsReport = reports.find((progress) => progress.claims !== undefined);
    expect(claimsReport).toMatchObject({
      active: 'claims',
      claims: { email: 'alice@example.test' },
    });
  });

  it('a returning sign-in skips the registering step', async () => {
    const { deps, log } = harness(() => Promise.resolve(answer({ outcome: 'signed_in' })));
    await runOidcCallback(deps);
    expect(log.filter((entry) => entry.startsWith('step:'))).toEqual([
      'step:authenticating',
      'step:claims',
      'step:accountData',
      'step:processing',
      'step:redirecting',
      'step:finished',
    ]);
  });

  it('never follows a return_to to another origin', async () => {
    const { deps } = harness(() => Promise.resolve(answer({ return_to: '//evil.example/phish' })));
    expect(await runOidcCallback(deps)).toMatchObject({ kind: 'redirected', to: '/' });
    expect(deps.redirect).toHaveBeenCalledWith('/', expect.anything());
  });

  it('stops at the password when the identity must be linked', async () => {
    const { deps, log } = harness(() =>
      Promise.resolve(
        answer({ outcome: 'link_required', user: null, link_token: 'tok', return_to: '/x' }),
      ),
    );
    const result = await runOidcCallback(deps);
    expect(result).toEqual({
      kind: 'linkRequired',
      linkToken: 'tok',
      returnTo: '/x',
      claims: { email: 'alice@example.test', name: 'Alice' },
    });
    expect(log).not.toContain('call:loadAccountData');
    expect(deps.redirect).not.toHaveBeenCalled();

    // The password linked it: the remaining steps, without registering.
    const after = harness(() => Promise.reject(new Error('not called')));
    const continued = await continueAfterLink(after.deps, {
      user,
      claims: { email: 'alice@example.test', name: 'Alice' },
      returnTo: '/x',
    });
    expect(continued).toMatchObject({ kind: 'redirected', to: '/x' });
    expect(after.log).toEqual([
      'step:accountData',
      'call:loadAccountData',
      'step:processing',
      'call:process',
      'step:redirecting',
      'call:redirect /x',
      'step:finished',
    ]);
  });

  it('reports a failure of the finish call with its screen', async () => {
    const { deps } = harness(() => Promise.reject(apiError(409, 'oidc_registration_failed')));
    expect(await runOidcCallback(deps)).toMatchObject({
      kind: 'failed',
      failure: 'registrationFailed',
    });
    expect(deps.loadAccountData).not.toHaveBeenCalled();
  });

  it('marks the step a failure belongs to', async () => {
    const unreadable = harness(() => Promise.reject(apiError(422, 'oidc_claims_unreadable')));
    await runOidcCallback(unreadable.deps);
    expect(unreadable.reports.at(-1)).toMatchObject({ active: 'claims' });

    const registration = harness(() => Promise.reject(apiError(500, 'oidc_registration_failed')));
    await runOidcCallback(registration.deps);
    expect(registration.reports.at(-1)).toEqual({ active: 'registering', outcome: 'registered' });

    const refused = harness(() => Promise.reject(apiError(401, 'oidc_authentication_failed')));
    await runOidcCallback(refused.deps);
    expect(refused.reports.at(-1)).toMatchObject({ active: 'authenticating' });
  });

  it('does nothing more once the page is gone', async () => {
    let active = true;
    const { deps } = harness(() => {
      active = false;
      return Promise.resolve(answer({}));
    });
    deps.isActive = () => active;
    expect(await runOidcCallback(deps)).toEqual({ kind: 'abandoned' });
    expect(deps.redirect).not.toHaveBeenCalled();
  });

  it('keeps each step on screen for the minimum time', async () => {
    const waits: number[] = [];
    let clock = 0;
    const { deps } = harness(() => {
      clock += 150;
      return Promise.resolve(answer({}));
    });
    await runOidcCallback({
      ...deps,
      minStepMs: 400,
      now: () => clock,
      delay: (ms) => {
        waits.push(ms);
        clock += ms;
        return Promise.resolve();
      },
    });
    // Authenticating already took 150 ms; the other four steps wait the whole time.
    expect(waits).toEqual([250, 400, 400, 400, 400]);
  });
});

describe('callbackFailureOf', () => {
  it.each([
    [apiError(401, 'oidc_authentication_failed'), 'authenticationFailed'],
    [apiError(422, 'oidc_claims_unreadable'), 'claimsUnreadable'],
    [apiError(409, 'oidc_registration_failed'), 'registrationFailed'],
    [apiError(500, 'oidc_registration_failed'), 'registrationFailed'],
    [apiError(409, 'oidc_email_in_use'), 'emailInUse'],
    [apiError(409, 'oidc_email_unverified'), 'emailUnverified'],
    [apiError(403, 'oidc_reauthentication_failed'), 'reauthenticationFailed'],
    [apiError(403, 'account_suspended'), 'suspended'],
    [apiError(503, 'oidc_provider_unavailable'), 'providerUnavailable'],
    [apiError(404, 'oidc_not_configured'), 'notConfigured'],
    [apiError(409, 'oidc_link_expired'), 'linkExpired'],
    [new ApiError(401, undefined), 'authenticationFailed'],
    [new ApiError(502, undefined), 'unknown'],
    [apiError(500, 'internal_error'), 'unknown'],
    [new NetworkError(new TypeError('offline')), 'network'],
    [new Error('boom'), 'unknown'],
  ] as const)('%o → %s', (error, failure) => {
    expect(callbackFailureOf(error)).toBe(failure);
  });

  it("shows the spec's words, goes home only after an authentication failure", () => {
    const en = createI18n('en-GB');
    expect(en.t(failureScreens.authenticationFailed.titleKey)).toBe('Authentication Failed');
    expect(en.t(failureScreens.registrationFailed.titleKey)).toBe('Account Creation Failed');
    expect(en.t(failureScreens.claimsUnreadable.titleKey)).toBe('Failed to fetch user claims');
    expect(failureScreens.authenticationFailed).toMatchObject({ goesHome: true });
    expect(failureScreens.registrationFailed.actions).toContain('retry');
    expect(failureScreens.emailInUse.actions).toEqual(['signIn']);
    // An unverified address is never used: the person is pointed at a password sign-up or sign-in instead.
    expect(failureScreens.emailUnverified).toMatchObject({ goesHome: false });
    expect(failureScreens.emailUnverified.actions).not.toContain('retry');
    const pl = createI18n('pl-PL');
    for (const screen of Object.values(failureScreens)) {
      expect(pl.t(screen.titleKey)).not.toBe(en.t(screen.titleKey));
      expect(pl.t(screen.messageKey)).not.toBe(screen.messageKey);
    }
    expect(pl.t('pageTitles.callback')).toBe('Logowanie');
  });
});

describe('readCallbackParams', () => {
  it('takes the code, state and issuer', () => {
    expect(readCallbackParams(new URLSearchParams('code=c&state=s&iss=http://idp'))).toEqual({
      kind: 'code',
      input: { code: 'c', state: 's', iss: 'http://idp' },
    });
    expect(readCallbackParams(new URLSearchParams('code=c&state=s'))).toEqual({
      kind: 'code',
      input: { code: 'c', state: 's' },
    });
  });

  it('treats a cancelled or incomplete answer as refused', () => {
    expect(readCallbackParams(new URLSearchParams('error=access_denied&state=s'))).toEqual({
      kind: 'refused',
      error: 'access_denied',
    });
    expect(readCallbackParams(new URLSearchParams('code=c'))).toMatchObject({ kind: 'refused' });
  });

  it("shows Questline's own reason when sign-in could not start, else the provider's refusal", () => {
    expect(refusalFailure('oidc_provider_unavailable')).toBe('providerUnavailable');
    expect(refusalFailure('oidc_not_configured')).toBe('notConfigured');
    expect(refusalFailure('access_denied')).toBe('authenticationFailed');
    expect(refusalFailure('invalid_request')).toBe('authenticationFailed');
  });
});
