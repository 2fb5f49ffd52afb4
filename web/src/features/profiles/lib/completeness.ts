/**
 * Where the basic profile wizard stopped, so it resumes there (kept in this browser, per account, until the
 * wizard finishes), and what a profile still lacks, for the notes on Home and the profile page.
 */
import { storageKeys } from '@/lib/storage-keys';

import type { MyProfile } from '../api/get-my-profile';

/** The basic wizard's steps, in order. */
export const basicSteps = ['about', 'experience', 'playstyles'] as const;
export type BasicStep = (typeof basicSteps)[number];

function isBasicStep(value: unknown): value is BasicStep {
  return typeof value === 'string' && (basicSteps as readonly string[]).includes(value);
}

/** The step the account's basic wizard stopped at, if it was left unfinished in this browser. */
export function readWizardStep(accountId: string): BasicStep | undefined {
  try {
    const stored = JSON.parse(
      window.localStorage.getItem(storageKeys.profileWizardStep) ?? 'null',
    ) as {
      account?: unknown;
      step?: unknown;
    } | null;
    return stored?.account === accountId && isBasicStep(stored.step) ? stored.step : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the step the wizard reached; `undefined` forgets it (the wizard finished). */
export function storeWizardStep(accountId: string, step: BasicStep | undefined) {
  try {
    if (step === undefined) window.localStorage.removeItem(storageKeys.profileWizardStep);
    else
      window.localStorage.setItem(
        storageKeys.profileWizardStep,
        JSON.stringify({ account: accountId, step }),
      );
  } catch {
    // Without storage the wizard starts over next time.
  }
}

export type MissingPart = 'about' | 'experience' | 'playstyles' | 'gmPlaystyles';

/**
 * What the profile still lacks: the basics (name, birthdate), the player's playstyles (the wizard's last step:
 * at least one), the experience when the wizard stopped before it, and a game master's own playstyles.
 */
export function missingParts(profile: MyProfile, stoppedAt?: BasicStep): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!profile.basics_completed) missing.push('about');
  if (
    stoppedAt !== undefined &&
    basicSteps.indexOf(stoppedAt) <= basicSteps.indexOf('experience')
  ) {
    missing.push('experience');
  }
  if (profile.player.playstyles.length === 0) missing.push('playstyles');
  if (profile.gm?.playstyles.length === 0) missing.push('gmPlaystyles');
  return missing;
}
