import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from '../components/auth-card';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../lib/schemas';
import { EmailField } from '../components/email-field';

export default function ForgotPasswordRoute() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string>();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const errorsOf = useFieldErrors(form);
  const request = useRequestPasswordReset({
    onSuccess: (_data, { email }) => {
      setSentTo(email);
    },
    onError: (error) => handleFormError(error, form.setError, ['email']),
  });

  const backToSignIn = (
    <Link
      to={paths.signIn.getHref()}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      {t('accounts.forgotPassword.backToSignIn')}
    </Link>
  );

  if (sentTo !== undefined) {
    return (
      <AuthCard title={t('accounts.forgotPassword.sentTitle')} footer={backToSignIn}>
        <div role="status" className="flex gap-3 rounded-lg bg-muted p-4 text-sm leading-relaxed">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p>{t('accounts.forgotPassword.sent', { email: sentTo })}</p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('accounts.forgotPassword.title')}
      lead={t('accounts.forgotPassword.lead')}
      footer={backToSignIn}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            request.mutate(values);
          })(event);
        }}
      >
        <EmailField
          label={t('accounts.fields.email')}
          errors={errorsOf('email')}
          {...form.register('email')}
        />
        <Button type="submit" disabled={request.isPending} className="mt-2">
          {t('accounts.forgotPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
