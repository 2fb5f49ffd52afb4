import type { ComponentProps, ReactNode } from 'react';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** A labelled e-mail input: the e-mail keyboard on phones, autofill, no spell-checking. */
export function EmailField({
  label,
  errors,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; errors: string[] }) {
  return (
    <Field label={label} errors={errors}>
      {(control) => (
        <Input
          {...control}
          {...inputProps}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
        />
      )}
    </Field>
  );
}
