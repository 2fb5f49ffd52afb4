import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';

import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage, translatorFor } from '@/lib/api/errors';
import { useSignedInUser } from '@/lib/auth/current-user';

import { useBecomeGameMaster } from '../api/become-game-master';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * Confirms what becoming a game master means, then does it and opens the profile. A game master needs a proven
 * e-mail address: until it is, the dialog says so and offers the verification link again instead.
 */
export function BecomeGameMasterDialog({
  accountId,
  open,
  onOpenChange,
}: {
  accountId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedInUser();
  const unverifiedEmail =
    signedIn && !signedIn.account.email_verified ? signedIn.account.primary_email.email : undefined;
  const become = useBecomeGameMaster({
    onSuccess: (context) => {
      onOpenChange(false);
      toast.success(t('accounts.becomeGameMaster.success'));
      void navigate(paths.profileById.getHref(context.user?.id ?? accountId));
    },
    onError: (error) => {
      toast.error(t('accounts.becomeGameMaster.failed'), {
        description: errorMessage(error, { t: translatorFor(i18n) }),
      });
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <span className="mb-1 flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Crown className="size-5" aria-hidden />
          </span>
          <DialogTitle>{t('accounts.becomeGameMaster.title')}</DialogTitle>
          <DialogDescription>{t('accounts.becomeGameMaster.text')}</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-muted-foreground">{t('accounts.becomeGameMaster.keep')}</p>
        {unverifiedEmail !== undefined && (
          <div
            className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-3 text-sm"
            data-testid="become-game-master-verify-first"
          >
            <p className="break-words">
              {t('accounts.becomeGameMaster.verifyFirst', { email: unverifiedEmail })}
            </p>
            <ResendVerificationButton email={unverifiedEmail} />
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button
            disabled={become.isPending || unverifiedEmail !== undefined}
            onClick={() => {
              become.mutate({ accountId });
            }}
          >
            {t('accounts.becomeGameMaster.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
