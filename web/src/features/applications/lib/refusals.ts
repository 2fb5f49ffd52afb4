/**
 * The refusals a player or GM can do something about, by the server's stable code (issue 14's contract): shown
 * in the dialog itself, in the active language, where the user is still looking. Anything else is the spec's
 * failure toast ('Failed to apply to series', …) with the generic description.
 */
import { ApiError, type ErrorCode, type Translate } from '@/lib/api/errors';
import type { TranslationKey } from '@/lib/i18n';

import type { Move } from './moves';

export type Refusal = {
  code: string;
  message: string;
  /** birthdate_required: the way to fix it. */
  profileLink: boolean;
};

const codeKeys = {
  recruitment_closed: 'applications.refusals.recruitment_closed',
  own_series: 'applications.refusals.own_series',
  already_applied: 'applications.refusals.already_applied',
  birthdate_required: 'applications.refusals.birthdate_required',
  series_full: 'applications.refusals.series_full',
  series_ended: 'applications.refusals.series_ended',
} as const satisfies Partial<Record<ErrorCode, TranslationKey>>;

/** Codes the server sends (a renamed one fails to compile here), worded in the dialog. */
type KnownCode = Extract<ErrorCode, keyof typeof codeKeys | 'too_young' | 'application_state'>;

function isKnownCode(code: string): code is KnownCode {
  return Object.hasOwn(codeKeys, code) || code === 'too_young' || code === 'application_state';
}

/**
 * What to show in the dialog for `error`, or undefined when it is not a refusal we explain there. `minAge` is the
 * series' minimum age (for too_young, whose figure the error body does not carry apart from its English text);
 * `move` words the state refusal ("cannot be accepted in its current state").
 */
export function describeRefusal(
  error: unknown,
  t: Translate,
  { move, minAge }: { move?: Move | 'apply'; minAge?: number | null } = {},
): Refusal | undefined {
  if (!(error instanceof ApiError) || error.detail === undefined) return undefined;
  const { code, message } = error.detail;
  if (!isKnownCode(code)) return undefined;
  let text: string;
  if (code === 'too_young') {
    text =
      minAge === undefined || minAge === null
        ? message
        : t('applications.refusals.too_young', { age: minAge });
  } else if (code === 'application_state') {
    text = move && move !== 'apply' ? t(`applications.refusals.state.${move}`) : message;
  } else {
    text = t(codeKeys[code]);
  }
  return { code, message: text, profileLink: code === 'birthdate_required' };
}
