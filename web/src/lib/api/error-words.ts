/**
 * The one translator of the server's codes: a refusal's code, or a field's broken rule by field and code, becomes
 * words in the reader's language. The words live in the locale files, in namespaces keyed by `ErrorCode`; the
 * compiler checks each namespace when it is named (`codeWords`, `fieldWords`), so a misspelt or retired code fails
 * to compile. Every caller ends with the app's own words (the shell's, on every page, then the signed-in
 * workspace's); a feature whose refusals read differently on its screens (chat, reviews, the checkout, sessions)
 * keeps its words in its part of the workspace's strings, which load with its code, names that namespace once and
 * passes it first. `describeError` (./errors) turns a whole error into a message with these.
 */
import { formatNumber } from '@/lib/format';
import type { Locale, TranslationKey } from '@/lib/i18n';
import type enGB from '@/locales/en-GB.json';
import type enGBWorkspace from '@/locales/workspace/en-GB.json';

import type { Translate } from './errors';
import type { components } from './schema';

type ErrorCode = components['schemas']['ErrorCode'];
type FieldError = components['schemas']['FieldError'];

/** Every string the app has, shell and workspace, as one tree (as i18next sees them once both are loaded). */
type Strings = typeof enGB & typeof enGBWorkspace;

/** The value at the dotted `Path` of `T`, or never. */
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

/** The keys of `T` that hold a message (a nested group of messages is not one). */
type MessageKeys<T> = { [Key in keyof T]: T[Key] extends string ? Key : never }[keyof T];

/**
 * A code in camelCase, as the by-field namespaces spell it: i18next would read a key such as `too_many` as the
 * `many` plural form of `too`.
 */
type CamelCase<Code extends string> = Code extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Code;

type Checked<Namespace extends string, Stray> = [At<Strings, Namespace>] extends [never]
  ? { error: 'the locale files have no such namespace'; namespace: Namespace }
  : [Stray] extends [never]
    ? unknown
    : { error: 'these keys are no code the server sends'; keys: Stray };

/** A namespace of the locale files whose messages are keyed by the server's code (made by `codeWords`). */
export type CodeWords = { readonly kind: 'by code'; readonly namespace: string };

/**
 * A namespace of the locale files keyed by a field's name, then by the code of its rule in camelCase (made by
 * `fieldWords`).
 */
export type FieldWords = { readonly kind: 'by field and code'; readonly namespace: string };

/** Names the namespace of words by code at `namespace` (`'chat.errors'`); its keys must be `ErrorCode`s. */
export function codeWords<const Namespace extends string>(
  namespace: Namespace &
    Checked<Namespace, Exclude<MessageKeys<At<Strings, Namespace>>, ErrorCode>>,
): CodeWords {
  return { kind: 'by code', namespace };
}

/**
 * Names the namespace of words by field and code at `namespace` (`'sessions.fieldErrors'`, whose
 * `scheduled_start_datetime.tooSoon` words the `too_soon` rule of that field); its codes must be `ErrorCode`s.
 */
export function fieldWords<const Namespace extends string>(
  namespace: Namespace &
    Checked<
      Namespace,
      Exclude<
        {
          [Field in keyof At<Strings, Namespace>]: MessageKeys<At<Strings, Namespace>[Field]>;
        }[keyof At<Strings, Namespace>],
        CamelCase<ErrorCode>
      >
    >,
): FieldWords {
  return { kind: 'by field and code', namespace };
}

/** The app's words for refusals, after the caller's: the shell's (every page), then the workspace's. */
export const appCodeWords: readonly CodeWords[] = [
  codeWords('errors.codes'),
  // Loaded with the workspace's pages and dialogs (lib/i18n), which are the only ones that meet these codes.
  codeWords('workspaceErrors'),
];

/** The app's words for a field's rule, by code alone: the shell's forms', then the workspace's. */
const appFieldCodeWords: readonly CodeWords[] = [
  codeWords('fieldErrors'),
  codeWords('workspaceFieldErrors'),
];

/** The message at `key`, or undefined when the loaded strings have none. */
function lookUp(
  t: Translate,
  key: string,
  params: Record<string, string | number> = {},
): string | undefined {
  const text = t(key as TranslationKey, { ...params, defaultValue: '' });
  return text === '' ? undefined : text;
}

function firstFound(
  keys: readonly string[],
  t: Translate,
  params?: Record<string, string | number>,
) {
  for (const key of keys) {
    const text = lookUp(t, key, params);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The words for `code` in the first of `words` that has them, or undefined. */
export function codeMessage(
  code: string,
  t: Translate,
  words: readonly CodeWords[],
): string | undefined {
  return firstFound(
    words.map(({ namespace }) => `${namespace}.${code}`),
    t,
  );
}

/**
 * A field's broken rule in the reader's language, with the values it names (numbers formatted for `locale`): by
 * the field's name (the last part of a dotted one) and code in the caller's `words`, else by code in the app's
 * words for fields; the server's English message when nothing has words for it.
 */
export function fieldErrorMessage(
  error: FieldError,
  t: Translate,
  locale: Locale,
  { field, words = [] }: { field?: string; words?: readonly FieldWords[] } = {},
): string {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(error.params ?? {})) {
    params[name] = typeof value === 'number' ? formatNumber(locale, value) : value;
  }
  const name = field?.split('.').pop();
  const camelCode = error.code.replace(/_(\w)/g, (_match, letter: string) => letter.toUpperCase());
  const keys = [
    ...(name === undefined
      ? []
      : words.map(({ namespace }) => `${namespace}.${name}.${camelCode}`)),
    ...appFieldCodeWords.map(({ namespace }) => `${namespace}.${error.code}`),
  ];
  return firstFound(keys, t, params) ?? error.message;
}
