import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import { useChangePassword } from '../api/change-password';
import { changePasswordSchema, type ChangePasswordValues } from '../lib/schemas';
import { PasswordField } from './password-field';

export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const errorsOf = useFieldErrors(form);
  const change = useChangePassword({
    onSuccess: () => {
      form.reset();
      toast.success(t('accountSettings.password.success'));
    },
    onError: (error) => handleFormError(error, form.setError, ['current_password', 'new_password']),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          change.mutate(values);
        })(event);
      }}
    >
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          label={t('accounts.fields.currentPassword')}
          errors={errorsOf('current_password')}
          autoComplete="current-password"
          {...form.register('current_password')}
        />
        <PasswordField
          label={t('accounts.fields.newPassword')}
          errors={errorsOf('new_password')}
          description={t('accounts.password.hint')}
          autoComplete="new-password"
          {...form.register('new_password')}
        />
      </div>
      <Button type="submit" variant="outline" className="self-start" disabled={change.isPending}>
        {t('accountSettings.password.submit')}
      </Button>
    </form>
  );
}
