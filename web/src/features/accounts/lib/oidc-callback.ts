/**
 * The `/callback` page's logic, free of React: which steps it shows, what runs in each, and which screen a
 * failure leads to. The provider sends the browser back with `?code&state&iss` (or `?error` when the person
 * cancelled); the code can be exchanged once only.
 */
import { ApiError, NetworkError } from '@/lib/api/errors';
import type { TranslationKey } from '@/lib/i18n';

import type { UserContext } from '@/lib/auth/current-user';
import type { FinishOidcInput, OidcClaims, OidcOutcome, OidcSignInResult } from '../api/oidc';
import { sanitizeReturnTo } from '@/lib/auth/return-to';

/** The spec's steps, in its order. */
export const callbackStepOrder = [
  'authenticating',
  'claims',
  'accountData',
  'registering',
  'processing',
  'redirecting',
] as const;

export type CallbackStep = (typeof callbackStepOrder)[number];

/** The steps the checklist shows: "registering a new account" only when the sign-in created one. */
export function callbackSteps(outcome: OidcOutcome | undefined): CallbackStep[] {
  return callbackStepOrder.filter((step) => step !== 'registering' || outcome === 'registered');
}

export type StepStatus = 'done' | 'active' | 'pending';

/** Steps before the active one are done; `finished` means all of them are. */
export function stepStatus(
  steps: readonly CallbackStep[],
  active: CallbackStep | 'finished',
  step: CallbackStep,
): StepStatus {
  if (active === 'finished') return 'done';
  const at = steps.indexOf(active);
  const index = steps.indexOf(step);
  if (index < at) return 'done';
  return index === at ? 'active' : 'pending';
}

/** What the checklist shows right now. */
export type CallbackProgress = {
  active: CallbackStep | 'finished';
  outcome?: OidcOutcome;
  claims?: OidcClaims;
  /** The flow waits for the existing account's password (`link_required`). */
  awaitingPassword?: boolean;
};

// ---------------------------------------------------------------------------------------------------------
// Failures

export type CallbackFailure =
  | 'authenticationFailed'
  | 'claimsUnreadable'
  | 'registrationFailed'
  | 'emailInUse'
  | 'emailUnverified'
  | 'reauthenticationFailed'
  | 'suspended'
  | 'providerUnavailable'
  | 'notConfigured'
  | 'linkExpired'
  | 'network'
  | 'unknown';

/**
 * The screen for `/callback?error=…`: Questline's own code when sign-in could not even start (the start address
 * sends a browser here rather than show it an error document), otherwise the provider's refusal.
 */
export function refusalFailure(error: string): CallbackFailure {
  switch (error) {
    case 'oidc_provider_unavailable':
      return 'providerUnavailable';
    case 'oidc_not_configured':
      return 'notConfigured';
    default:
      return 'authenticationFailed';
  }
}

/** The screen a failure leads to, by the server's error code (the status only as a fallback). */
export function callbackFailureOf(error: unknown): CallbackFailure {
  if (error instanceof NetworkError) return 'network';
  if (!(error instanceof ApiError)) return 'unknown';
  switch (error.detail?.code) {
    case 'oidc_authentication_failed':
      return 'authenticationFailed';
    case 'oidc_claims_unreadable':
      return 'claimsUnreadable';
    case 'oidc_registration_failed':
      return 'registrationFailed';
    case 'oidc_email_in_use':
      return 'emailInUse';
    case 'oidc_email_unverified':
      return 'emailUnverified';
    case 'oidc_reauthentication_failed':
      return 'reauthenticationFailed';
    case 'account_suspended':
      return 'suspended';
    case 'oidc_provider_unavailable':
      return 'providerUnavailable';
    case 'oidc_not_configured':
      return 'notConfigured';
    case 'oidc_link_expired':
      return 'linkExpired';
    default:
      break;
  }
  if (error.status === 401) return 'authenticationFailed';
  if (error.status === 503) return 'providerUnavailable';
  return 'unknown';
}

/**
 * The step a failure of the finish call belongs to, for the checklist: the provider's claims were
 * unreadable (authenticated, but no claims), or the account could not be created (registering).
 */
export function failedStep(failure: CallbackFailure): Pick<CallbackProgress, 'active' | 'outcome'> {
  if (failure === 'claimsUnreadable') return { active: 'claims' };
  if (failure === 'registrationFailed') return { active: 'registering', outcome: 'registered' };
  return { active: 'authenticating' };
}

/** Where the user can go from a failure screen: `retry` starts the sign-in with the provider again. */
export type FailureAction = 'retry' | 'signIn' | 'home';

export type FailureScreen = {
  titleKey: TranslationKey;
  messageKey: TranslationKey;
  actions: readonly FailureAction[];
  /** The page goes home by itself after a moment (the spec: "on authentication failure … the user goes home"). */
  goesHome: boolean;
};

const failures = 'oidcCallback.failures';

export const failureScreens: Record<CallbackFailure, FailureScreen> = {
  authenticationFailed: {
    titleKey: `${failures}.authenticationFailed.title`,
    messageKey: `${failures}.authenticationFailed.message`,
    actions: ['home'],
    goesHome: true,
  },
  claimsUnreadable: {
    titleKey: `${failures}.claimsUnreadable.title`,
    messageKey: `${failures}.claimsUnreadable.message`,
    actions: ['retry', 'signIn'],
    goesHome: false,
  },
  registrationFailed: {
    titleKey: `${failures}.registrationFailed.title`,
    messageKey: `${failures}.registrationFailed.message`,
    actions: ['retry', 'home'],
    goesHome: false,
  },
  emailInUse: {
    titleKey: `${failures}.emailInUse.title`,
    messageKey: `${failures}.emailInUse.message`,
    actions: ['signIn'],
    goesHome: false,
  },
  emailUnverified: {
    titleKey: `${failures}.emailUnverified.title`,
    messageKey: `${failures}.emailUnverified.message`,
    actions: ['signIn', 'home'],
    goesHome: false,
  },
  reauthenticationFailed: {
    titleKey: `${failures}.reauthenticationFailed.title`,
    messageKey: `${failures}.reauthenticationFailed.message`,
    actions: ['home'],
    goesHome: false,
  },
  suspended: {
    titleKey: `${failures}.suspended.title`,
    messageKey: `${failures}.suspended.message`,
    actions: ['home'],
    goesHome: false,
  },
  providerUnavailable: {
    titleKey: `${failures}.providerUnavailable.title`,
    messageKey: `${failures}.providerUnavailable.message`,
    actions: ['retry', 'signIn'],
    goesHome: false,
  },
  notConfigured: {
    titleKey: `${failures}.notConfigured.title`,
    messageKey: `${failures}.notConfigured.message`,
    actions: ['signIn'],
    goesHome: false,
  },
  linkExpired: {
    titleKey: `${failures}.linkExpired.title`,
    messageKey: `${failures}.linkExpired.message`,
    actions: ['retry', 'signIn'],
    goesHome: false,
  },
  network: {
    titleKey: `${failures}.network.title`,
    messageKey: 'errors.network',
    actions: ['retry', 'home'],
    goesHome: false,
  },
  unknown: {
    titleKey: `${failures}.unknown.title`,
    messageKey: 'errors.generic',
    actions: ['retry', 'home'],
    goesHome: false,
  },
};

// ---------------------------------------------------------------------------------------------------------
// The provider's answer in the address bar

export type CallbackParams =
  { kind: 'code'; input: FinishOidcInput } | { kind: 'refused'; error: string };

/** `?code&state[&iss]`, or the provider's `?error` (the person cancelled, or the provider refused). */
export function readCallbackParams(search: URLSearchParams): CallbackParams {
  const error = search.get('error');
  if (error !== null) return { kind: 'refused', error };
  const code = search.get('code') ?? '';
  const state = search.get('state') ?? '';
  if (code === '' || state === '') return { kind: 'refused', error: 'invalid_request' };
  const iss = search.get('iss');
  return { kind: 'code', input: iss === null ? { code, state } : { code, state, iss } };
}

// ---------------------------------------------------------------------------------------------------------
// Running the steps

export type CallbackDeps = {
  /** POST /api/auth/oidc/finish with the code and state. */
  finish: () => Promise<OidcSignInResult>;
  /** Puts the signed-in user in the current-user query and refetches it (the session cookie is set). */
  loadAccountData: (user: UserContext) => Promise<void>;
  /** Clears what was cached for whoever used the app before, as every sign-in does. */
  process: () => void;
  /** Opens the page to continue on (a sanitised, same-origin path), welcoming the person. */
  redirect: (to: string, signedIn: { outcome: OidcOutcome; user: UserContext }) => void;
  report: (progress: CallbackProgress) => void;
  /** False once the page is gone: nothing more runs and nobody is redirected. */
  isActive: () => boolean;
  /** Each step stays on screen at least this long, so people can follow it. */
  minStepMs?: number;
  delay?: (ms: number) => Promise<void>;
  now?: () => number;
};

export type CallbackResult =
  | { kind: 'redirected'; to: string; outcome: OidcOutcome; user: UserContext }
  | { kind: 'linkRequired'; linkToken: string; returnTo: string; claims: OidcClaims }
  | { kind: 'failed'; failure: CallbackFailure; error: unknown }
  | { kind: 'abandoned' };

class Abandoned extends Error {}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

type StepDeps = Omit<CallbackDeps, 'finish'>;

function stepper(deps: StepDeps, initial: CallbackProgress) {
  const { minStepMs = 0, delay = sleep, now = () => Date.now() } = deps;
  let progress = initial;
  function update(next: Partial<CallbackProgress>) {
    progress = { ...progress, ...next };
    deps.report(progress);
  }
  /** Shows `step` as active, does its work, and keeps it on screen for the minimum time. */
  async function run<T>(step: CallbackStep, work: () => Promise<T> | T): Promise<T> {
    if (!deps.isActive()) throw new Abandoned();
    update({ active: step });
    const started = now();
    const result = await work();
    const left = minStepMs - (now() - started);
    if (left > 0) await delay(left);
    if (!deps.isActive()) throw new Abandoned();
    return result;
  }
  return { update, run };
}

type SignedIn = {
  outcome: OidcOutcome;
  user: UserContext;
  claims: OidcClaims;
  returnTo: string;
};

async function finishSignedIn(
  deps: StepDeps,
  steps: ReturnType<typeof stepper>,
  signedIn: SignedIn,
): Promise<CallbackResult> {
  const { outcome, user, returnTo } = signedIn;
  await steps.run('accountData', () => deps.loadAccountData(user));
  // The server created the account while answering; this step tells the person so.
  if (outcome === 'registered') await steps.run('registering', () => undefined);
  await steps.run('processing', () => {
    deps.process();
  });
  const to = sanitizeReturnTo(returnTo);
  await steps.run('redirecting', () => undefined);
  deps.redirect(to, { outcome, user });
  steps.update({ active: 'finished' });
  return { kind: 'redirected', to, outcome, user };
}

/**
 * The whole callback: authenticating (the finish call), the claims, then the account steps — or a pause
 * for the password when the identity must be linked to an existing account first.
 */
export async function runOidcCallback(deps: CallbackDeps): Promise<CallbackResult> {
  const steps = stepper(deps, { active: 'authenticating' });
  try {
    let answer: OidcSignInResult;
    try {
      answer = await steps.run('authenticating', deps.finish);
    } catch (error) {
      if (error instanceof Abandoned) throw error;
      const failure = callbackFailureOf(error);
      steps.update(failedStep(failure));
      return { kind: 'failed', failure, error };
    }
    const { outcome, claims, return_to: returnTo } = answer;
    await steps.run('claims', () => {
      steps.update({ outcome, claims });
    });
    if (outcome === 'link_required' || !answer.user) {
      if (!answer.link_token) {
        return { kind: 'failed', failure: 'unknown', error: new Error('no link token') };
      }
      steps.update({ active: 'accountData', awaitingPassword: true });
      return { kind: 'linkRequired', linkToken: answer.link_token, returnTo, claims };
    }
    return await finishSignedIn(deps, steps, { outcome, user: answer.user, claims, returnTo });
  } catch (error) {
    if (error instanceof Abandoned) return { kind: 'abandoned' };
    throw error;
  }
}

/** After the password linked the identity: the remaining steps, from "loading account data" on. */
export async function continueAfterLink(
  deps: StepDeps,
  linked: { user: UserContext; claims: OidcClaims; returnTo: string },
): Promise<CallbackResult> {
  const steps = stepper(deps, {
    active: 'accountData',
    outcome: 'link_required',
    claims: linked.claims,
    awaitingPassword: false,
  });
  try {
    return await finishSignedIn(deps, steps, {
      outcome: 'link_required',
      ...linked,
    });
  } catch (error) {
    if (error instanceof Abandoned) return { kind: 'abandoned' };
    throw error;
  }
}
