import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';

import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/errors';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { resetPasswordSchema, type ResetPasswordValues } from '../lib/schemas';

/** The link's token is spent or unknown: no form can help, only a new link. */
function isLinkError(error: unknown): boolean {
  const code = error instanceof ApiError ? error.detail?.code : undefined;
  return code === 'link_invalid' || code === 'link_expired';
}

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [linkError, setLinkError] = useState<'link_invalid' | 'link_expired' | undefined>(
    token === '' ? 'link_invalid' : undefined,
  );
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { new_password: '' },
  });
  const errorsOf = useFieldErrors(form);
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success(t('accounts.resetPassword.success'));
      void navigate(paths.signIn.getHref(), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && isLinkError(error)) {
        setLinkError(error.detail?.code === 'link_expired' ? 'link_expired' : 'link_invalid');
        return;
      }
      handleFormError(error, form.setError, ['new_password']);
    },
  });

  if (linkError !== undefined) {
    return (
      <AuthCard title={t('accounts.resetPassword.title')}>
        <div
          role="alert"
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{t(`errors.codes.${linkError}`)}</p>
        </div>
        <Button asChild>
          <Link to={paths.forgotPassword.getHref()}>{t('accounts.resetPassword.requestNew')}</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('accounts.resetPassword.title')} lead={t('accounts.resetPassword.lead')}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            reset.mutate({ token, new_password: values.new_password });
          })(event);
        }}
      >
        <PasswordField
          label={t('accounts.fields.newPassword')}
          errors={errorsOf('new_password')}
          description={t('accounts.password.hint')}
          autoComplete="new-password"
          {...form.register('new_password')}
        />
        <Button type="submit" disabled={reset.isPending} className="mt-2">
          {t('accounts.resetPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
