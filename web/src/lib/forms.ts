/**
 * Form helpers shared by every feature: zod's rules (instant feedback) carry keys of `validation`, the server's
 * (the source of truth) carry codes, translated by lib/api/error-words; both are shown in the active language.
 * No English message is ever matched to find a translation.
 */
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';

import { fieldErrorMessage } from '@/lib/api/error-words';
import { ApiError, handleApiError, type FieldError, type Translate } from '@/lib/api/errors';
import { activeLocale, type Locale, type TranslationKey } from '@/lib/i18n';
import enGB from '@/locales/en-GB.json';
import type enGBWorkspace from '@/locales/workspace/en-GB.json';

/**
 * The rules' messages: the sign-in and sign-up forms' in the shell (`validation`), the signed-in workspace's
 * (series, blueprints, profiles, account settings) in `workspaceValidation`, which loads with the workspace's
 * pages and dialogs (lib/i18n), so the public pages do not carry them.
 */
export type ValidationKey =
  keyof typeof enGB.validation | keyof typeof enGBWorkspace.workspaceValidation;

/** The message a zod rule carries: `validation.<key>`, translated when shown. */
export function validationMessage(key: ValidationKey): `validation.${ValidationKey}` {
  return `validation.${key}`;
}

/** A zod rule's key in the active language; anything else is shown as it is. */
export function translateValidationMessage(message: string, t: Translate): string {
  const prefix = 'validation.';
  if (!message.startsWith(prefix)) return message;
  const key = message.slice(prefix.length);
  if (Object.hasOwn(enGB.validation, key)) return t(`validation.${key}` as TranslationKey);
  // A workspace rule: its form shows only once the workspace's strings are there.
  return t(`workspaceValidation.${key}` as TranslationKey, { defaultValue: message });
}

/**
 * The server's field errors travel in react-hook-form's single message as JSON behind this marker, and are
 * translated when shown, so switching the language translates them again.
 */
const serverMarker = 'server:';

export function encodeFieldErrors(errors: FieldError[]): string {
  return `${serverMarker}${JSON.stringify(errors)}`;
}

function decodeFieldErrors(message: string): FieldError[] | undefined {
  if (!message.startsWith(serverMarker)) return undefined;
  try {
    const parsed: unknown = JSON.parse(message.slice(serverMarker.length));
    return Array.isArray(parsed) ? (parsed as FieldError[]) : undefined;
  } catch {
    return undefined;
  }
}

/** What a field's message says, in the active language: a zod key, or the server's coded errors. */
export function translateFieldMessage(message: string, t: Translate, locale: Locale): string[] {
  const server = decodeFieldErrors(message);
  if (server) return server.map((error) => fieldErrorMessage(error, t, locale));
  return [translateValidationMessage(message, t)];
}

/**
 * Shows a failed submit: the server's field errors on the form's fields when the form has all of them,
 * otherwise one translated toast (a message for a field the user cannot see would be lost).
 */
export function handleFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  { showMessage }: { showMessage?: (message: string) => void } = {},
) {
  const serverFields =
    error instanceof ApiError
      ? Object.keys(error.detail?.fields ?? {}).filter(
          (field) => (error.detail?.fields[field]?.length ?? 0) > 0,
        )
      : [];
  const formHasThem = serverFields.every((field) => (fields as readonly string[]).includes(field));
  let focused = false;
  return handleApiError(
    error,
    formHasThem
      ? {
          setFieldError: (field, errors) => {
            setError(
              field as Path<T>,
              { type: 'server', message: encodeFieldErrors(errors) },
              { shouldFocus: !focused },
            );
            focused = true;
          },
          showMessage,
        }
      : { showMessage },
  );
}

/** The translated messages of each field of `form`, for `<Field errors>`. */
export function useFieldErrors<T extends FieldValues, TParsed extends FieldValues = T>(
  form: UseFormReturn<T, unknown, TParsed>,
) {
  const { t, i18n } = useTranslation();
  const translate: Translate = (key, options) => t(key, options ?? {});
  const locale = activeLocale(i18n);
  return (name: Path<T>): string[] => {
    const message = form.getFieldState(name, form.formState).error?.message;
    if (!message) return [];
    return translateFieldMessage(message, translate, locale);
  };
}
