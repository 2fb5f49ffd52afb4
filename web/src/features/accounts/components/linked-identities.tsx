import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { handleFormError, useFieldErrors } from '@/lib/forms';
import { useFormat } from '@/lib/i18n';

import type { AccountView } from '@/lib/auth/current-user';
import {
  useLinkedIdentities,
  useUnlinkIdentity,
  type LinkedIdentity,
} from '../api/linked-identities';
import { deleteAccountSchema } from '../lib/schemas';
import { PasswordField } from './password-field';

/**
 * The identity-provider sign-ins linked to the account, each removable with the account's password. An
 * account without a password cannot remove them (it would lock itself out) and is told how to set one.
 */
export function LinkedIdentities({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const identities = useLinkedIdentities();
  const items = identities.data ?? [];

  if (identities.isPending) return null;
  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('accountSettings.identities.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('accountSettings.identities.title')}>
          {items.map((identity) => (
            <li
              key={identity.identity_id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3"
            >
              <div className="flex min-w-0 items-center gap-3">
                <KeyRound className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                <div className="flex min-w-0 flex-col">
                  <span className="font-medium">{identity.provider_name}</span>
                  <span className="text-sm break-all text-muted-foreground">
                    {t('accountSettings.identities.linkedAs', {
                      email: identity.email,
                      date: format.date(identity.linked_at),
                    })}
                  </span>
                </div>
              </div>
              {account.has_password && <RemoveIdentityDialog identity={identity} />}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && !account.has_password && (
        <p className="text-sm text-muted-foreground">
          {t('accountSettings.identities.noPassword')}
        </p>
      )}
    </div>
  );
}

function RemoveIdentityDialog({ identity }: { identity: LinkedIdentity }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const provider = identity.provider_name;
  const form = useForm({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const errorsOf = useFieldErrors(form);
  const unlink = useUnlinkIdentity({
    onSuccess: () => {
      setOpen(false);
      form.reset();
      toast.success(t('accountSettings.identities.removed', { provider }));
    },
    onError: (error) => handleFormError(error, form.setError, ['password']),
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('accountSettings.identities.removeLabel', { provider })}
        >
          {t('accountSettings.identities.remove')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('accountSettings.identities.removeTitle', { provider })}</DialogTitle>
          <DialogDescription>
            {t('accountSettings.identities.removeText', { provider })}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            void form.handleSubmit(({ password }) => {
              unlink.mutate({ identityId: identity.identity_id, password });
            })(event);
          }}
        >
          <PasswordField
            label={t('accounts.fields.password')}
            errors={errorsOf('password')}
            autoComplete="current-password"
            {...form.register('password')}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={unlink.isPending}>
              {t('accountSettings.identities.removeConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
