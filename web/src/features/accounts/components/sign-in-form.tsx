import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import type { UserContext } from '../api/current-user';
import { useSignIn } from '../api/sign-in';
import { signInSchema, type SignInValues } from '../lib/schemas';
import { PasswordField } from './password-field';

export function SignInForm({ onSignedIn }: { onSignedIn: (context: UserContext) => void }) {
  const { t } = useTranslation();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const errorsOf = useFieldErrors(form);
  const signIn = useSignIn({
    onSuccess: onSignedIn,
    onError: (error) => handleFormError(error, form.setError, ['email', 'password']),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          signIn.mutate(values);
        })(event);
      }}
    >
      <Field label={t('accounts.fields.email')} errors={errorsOf('email')}>
        {(control) => (
          <Input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
        )}
      </Field>
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
