import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

import type { FieldControlProps } from '@/components/ui/field';
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

export type SelectFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = {
  /** The form's `control`; the value under `name` is one of the options' values. */
  control: Control<TValues>;
  name: TName;
  options: readonly SelectOption[];
  /** What the surrounding `Field` gives its control (id, aria-invalid, aria-describedby). */
  field: FieldControlProps;
};

/** A react-hook-form field whose value is picked from a list, rendered as a Select inside a `Field`. */
export function SelectField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  options,
  field: fieldControl,
}: SelectFieldProps<TValues, TName>) {
  return (
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
  );
}
