import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api/errors';
import { handleFormError, validationMessage } from '@/lib/forms';
import { useLocale } from '@/lib/i18n';

import type { UserContext } from '@/lib/auth/current-user';
import { useSignUp } from '../api/sign-up';
import { checkSignUp } from '../lib/entry-rules';
import { useEntryForm } from '../lib/use-entry-form';
import { browserTimeZone } from '../lib/time-zone-names';
import { PasswordField } from './password-field';
import { EmailField } from './email-field';

export function SignUpForm({ onSignedUp }: { onSignedUp: (context: UserContext) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useEntryForm({
    defaultValues: { email: '', password: '', display_name: '' },
    check: checkSignUp,
  });
  const { errorsOf } = form;
  // A refusal that is about the whole form (too many sign-ups from this address) is shown on it, where the
  // visitor is looking, with how long to wait.
  const [formError, setFormError] = useState<string | null>(null);
  const signUp = useSignUp({
    onSuccess: onSignedUp,
    onError: (error) => {
      // A taken address is a conflict without fields; it still belongs next to the e-mail field.
      if (error instanceof ApiError && error.detail?.code === 'email_taken') {
        form.setError(
          'email',
          { type: 'server', message: validationMessage('emailTaken') },
          { shouldFocus: true },
        );
        return;
      }
      handleFormError(error, form.setError, ['email', 'password', 'display_name'], {
        showMessage: setFormError,
      });
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        // The account's language and time zone start as this browser's; both can be changed later.
        signUp.mutate({ ...values, locale, time_zone: browserTimeZone() });
      })}
    >
      {formError !== null && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-red-700"
        >
          {formError}
        </p>
      )}
      <Field
        label={t('accounts.fields.displayName')}
        errors={errorsOf('display_name')}
        description={t('accounts.signUp.displayNameHint')}
      >
        {(control) => (
          <Input {...control} {...form.register('display_name')} autoComplete="nickname" />
        )}
      </Field>
      <EmailField
        label={t('accounts.fields.email')}
        errors={errorsOf('email')}
        {...form.register('email')}
      />
      <PasswordField
        label={t('accounts.fields.password')}
        errors={errorsOf('password')}
        description={t('accounts.password.hint')}
        autoComplete="new-password"
        {...form.register('password')}
      />
      <Button type="submit" disabled={signUp.isPending} className="mt-2">
        {signUp.isPending ? t('accounts.signUp.submitting') : t('accounts.signUp.submit')}
      </Button>
    </form>
  );
}
