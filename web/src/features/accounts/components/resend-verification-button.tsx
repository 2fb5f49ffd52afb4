import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import { handleApiError } from '@/lib/api/errors';

import { useResendVerificationEmail } from '../api/resend-verification';

/** "Send the link again": the server limits how often (a 429 toast says how long to wait). */
export function ResendVerificationButton({
  email,
  variant = 'outline',
  label,
  className = 'self-start',
}: {
  email: string;
  variant?: 'outline' | 'default';
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const resend = useResendVerificationEmail({
    onSuccess: () => {
      toast.success(t('accounts.emailLink.resent', { email }));
    },
    onError: (error) => {
      handleApiError(error);
    },
  });
  return (
    <Button
      type="button"
      variant={variant}
      className={className}
      disabled={resend.isPending || resend.isSuccess}
      onClick={() => {
        resend.mutate();
      }}
    >
      {label ?? t('accounts.emailLink.resend')}
    </Button>
  );
}
