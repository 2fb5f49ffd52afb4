import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';

/** A labelled password input with the show/hide toggle, in the active language. */
export function PasswordField({
  label,
  errors,
  description,
  autoComplete,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'type' | 'autoComplete'> & {
  label: ReactNode;
  errors: string[];
  description?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} errors={errors} description={description}>
      {(control) => (
        <PasswordInput
          {...control}
          {...inputProps}
          autoComplete={autoComplete}
          showLabel={t('accounts.password.show')}
          hideLabel={t('accounts.password.hide')}
        />
      )}
    </Field>
  );
}
