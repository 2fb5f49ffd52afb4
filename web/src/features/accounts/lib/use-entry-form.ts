/**
 * The small form state of the entry pages (sign-in, sign-up): react-hook-form's behaviour for two or three text
 * fields — rules checked on submit and again on every change after the first submit, the server's field errors
 * set on the fields (through `handleFormError`, as for every form) and cleared when the field changes, the first
 * invalid field focused — without loading react-hook-form and zod on the pages a visitor opens first (issue 11's
 * JavaScript budget). Every other form uses react-hook-form.
 */
import { useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormSetError } from 'react-hook-form';

import type { Translate } from '@/lib/api/errors';
import { translateFieldMessage } from '@/lib/forms';
import { activeLocale } from '@/lib/i18n';

import type { Checked } from './entry-rules';

type Values = Record<string, string>;
type Errors<V> = Partial<Record<keyof V & string, string>>;

export function useEntryForm<V extends Values>({
  defaultValues,
  check,
}: {
  defaultValues: V;
  check: (values: V) => Checked<V>;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Errors<V>>({});
  const submitted = useRef(false);
  const inputs = useRef(new Map<keyof V, HTMLInputElement>());

  const checkErrors = (next: V): Errors<V> => {
    const result = check(next);
    return result.ok ? {} : result.errors;
  };

  const focusFirst = (found: Errors<V>) => {
    const first = (Object.keys(values) as (keyof V & string)[]).find((name) => found[name]);
    if (first) inputs.current.get(first)?.focus();
  };

  /** Props for a text input of field `name` (spread after the field's own props). */
  const register = (name: keyof V & string) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      // Before the first submit nothing is judged; after it, the rules again (a server error goes away).
      if (submitted.current) setErrors(checkErrors(next));
    },
  });

  /** Runs `onValid` with the checked values, or shows what is wrong and focuses it. */
  const handleSubmit =
    (onValid: (checked: V) => void) => (event: SyntheticEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      const result = check(values);
      if (result.ok) {
        setErrors({});
        onValid(result.values);
      } else {
        const found = result.errors as Errors<V>;
        setErrors(found);
        focusFirst(found);
      }
    };

  /** react-hook-form's `setError`, for `handleFormError` and the server's answers. */
  const setError: UseFormSetError<V> = (name, error, options) => {
    setErrors((current) => ({ ...current, [name]: error.message }));
    if (options?.shouldFocus) inputs.current.get(name)?.focus();
  };

  const translate: Translate = (key, options) => t(key, options ?? {});
  const locale = activeLocale(i18n);
  /** The translated messages of field `name`, for `<Field errors>`. */
  const errorsOf = (name: keyof V & string): string[] => {
    const message = errors[name];
    return message ? translateFieldMessage(message, translate, locale) : [];
  };

  return { register, handleSubmit, setError, errorsOf };
}
