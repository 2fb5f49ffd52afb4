import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';

import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { handleFormError } from '@/lib/forms';

import type { UserContext } from '@/lib/auth/current-user';
import { useSignIn } from '../api/sign-in';
import { checkSignIn } from '../lib/entry-rules';
import { useEntryForm } from '../lib/use-entry-form';
import { PasswordField } from './password-field';
import { EmailField } from './email-field';

export function SignInForm({ onSignedIn }: { onSignedIn: (context: UserContext) => void }) {
  const { t } = useTranslation();
  const form = useEntryForm({ defaultValues: { email: '', password: '' }, check: checkSignIn });
  const { errorsOf } = form;
  // A refusal that is about the whole form (wrong e-mail or password, too many attempts) is shown on it.
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn({
    onSuccess: (context) => {
      // Errors toasted before (a failed attempt elsewhere, an expired session) are stale now.
      toast.dismiss();
      onSignedIn(context);
    },
    onError: (error) =>
      handleFormError(error, form.setError, ['email', 'password'], { showMessage: setFormError }),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        signIn.mutate(values);
      })}
    >
      {formError !== null && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-red-700"
          data-testid="sign-in-error"
        >
          {formError}
        </p>
      )}
      <EmailField
        label={t('accounts.fields.email')}
        errors={errorsOf('email')}
        {...form.register('email')}
      />
      <div className="flex flex-col gap-1.5">
        <PasswordField
          label={t('accounts.fields.password')}
          errors={errorsOf('password')}
          autoComplete="current-password"
          {...form.register('password')}
        />
        <Link
          to={paths.forgotPassword.getHref()}
          className="self-end text-sm text-primary underline-offset-4 hover:underline"
        >
          {t('accounts.signIn.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" disabled={signIn.isPending} className="mt-2">
        {signIn.isPending ? t('accounts.signIn.submitting') : t('accounts.signIn.submit')}
      </Button>
    </form>
  );
}
