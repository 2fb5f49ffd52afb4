import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

import { Field } from '@/components/ui/field';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';

export type SelectOption = {
  value: string;
  label: ReactNode;
  /** The option's language, when its label is written in it (a language switcher). */
  lang?: string;
};

export type SelectFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TParsed extends FieldValues = TValues,
> = {
  /** The form's `control`; the value under `name` is one of the options' values. */
  control: Control<TValues, unknown, TParsed>;
  name: TName;
  options: readonly SelectOption[];
  label: ReactNode;
  /** The field's messages, already translated (`useFieldErrors`). */
  errors?: readonly string[];
  description?: ReactNode;
};

/** A labelled react-hook-form field whose value is picked from a list (a Select), with its hint and errors. */
export function SelectField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TParsed extends FieldValues = TValues,
>({
  control,
  name,
  options,
  label,
  errors,
  description,
}: SelectFieldProps<TValues, TName, TParsed>) {
  return (
    <Field label={label} errors={errors} description={description}>
      {(fieldControl) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger {...fieldControl} ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value} lang={option.lang}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      )}
    </Field>
  );
}
