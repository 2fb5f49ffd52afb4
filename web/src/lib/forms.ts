/**
 * Form helpers shared by every feature: one vocabulary of validation messages for zod (instant feedback)
 * and the server (the source of truth), both shown in the active language.
 */
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';

import { ApiError, handleApiError, type Translate } from '@/lib/api/errors';
import type { TranslationKey } from '@/lib/i18n';
import enGB from '@/locales/en-GB.json';

export type ValidationKey = keyof typeof enGB.validation;

/** The message a zod rule carries: a key of `validation`, translated when shown. */
export function validationMessage(key: ValidationKey): `validation.${ValidationKey}` {
  return `validation.${key}`;
}

function isValidationKey(key: string): key is ValidationKey {
  return Object.hasOwn(enGB.validation, key);
}

/** The server sends the spec's English messages; en-GB.json holds the same text, so it finds the key. */
const keyByEnglishMessage = new Map<string, ValidationKey>(
  Object.entries(enGB.validation).map(([key, text]) => [text, key as ValidationKey]),
);

/** A zod key or a server message, in the active language; unknown messages are shown as they came. */
export function translateValidationMessage(message: string, t: Translate): string {
  const prefix = 'validation.';
  if (message.startsWith(prefix)) {
    const key = message.slice(prefix.length);
    if (isValidationKey(key)) return t(`validation.${key}` as TranslationKey);
  }
  const key = keyByEnglishMessage.get(message);
  return key === undefined ? message : t(`validation.${key}` as TranslationKey);
}

/** Several server messages for one field travel in react-hook-form's single message, one per line. */
const messageSeparator = '\n';

/**
 * Shows a failed submit: the server's field messages on the form's fields when the form has all of them,
 * otherwise one translated toast (a message for a field the user cannot see would be lost).
 */
export function handleFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
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
          setFieldError: (field, messages) => {
            setError(
              field as Path<T>,
              { type: 'server', message: messages.join(messageSeparator) },
              { shouldFocus: !focused },
            );
            focused = true;
          },
        }
      : {},
  );
}

/** The translated messages of each field of `form`, for `<Field errors>`. */
export function useFieldErrors<T extends FieldValues>(form: UseFormReturn<T>) {
  const { t } = useTranslation();
  const translate: Translate = (key, options) => t(key, options ?? {});
  return (name: Path<T>): string[] => {
    const message = form.getFieldState(name, form.formState).error?.message;
    if (!message) return [];
    return message
      .split(messageSeparator)
      .map((part) => translateValidationMessage(part, translate));
  };
}
