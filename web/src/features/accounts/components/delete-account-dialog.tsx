import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useConfig } from '@/lib/runtime-config';
import { ApiError } from '@/lib/api/errors';
import { handleFormError, useFieldErrors } from '@/lib/forms';

import type { AccountView } from '@/lib/auth/current-user';
import { useDeleteAccount } from '../api/delete-account';
import { oidcReauthenticateHref } from '../api/oidc';
import { deleteAccountByEmailSchema, deleteAccountSchema } from '../lib/schemas';
import { PasswordField } from './password-field';

/** Where the identity provider brings the browser back to after signing in again to confirm a deletion. */
export const confirmDeletionPath = '/account?delete=confirm';

/**
 * Deleting is permanent, so it asks for the password in a dialog. An account without a password confirms by
 * signing in with its identity provider again (the page comes back with `?delete=confirm` and the dialog open),
 * then typing its e-mail.
 */
export function DeleteAccountDialog({
  account,
  afterReauthentication = false,
}: {
  account: AccountView;
  /** The page came back from signing in again: open the dialog at its last step. */
  afterReauthentication?: boolean;
}) {
  const { t } = useTranslation();
  const { data: config } = useConfig();
  const provider = config?.oidc?.provider_name ?? t('accounts.oidc.providerFallback');
  const [open, setOpen] = useState(afterReauthentication);
  const [reauthenticated, setReauthenticated] = useState(afterReauthentication);
  const description = account.has_password
    ? t('accountSettings.delete.dialogPassword')
    : reauthenticated
      ? t('accountSettings.delete.reauthDone')
      : t('accountSettings.delete.dialogReauth', { provider });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="self-start">
          {t('accountSettings.delete.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('accountSettings.delete.dialogTitle')}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {account.has_password ? (
          <DeleteWithPassword />
        ) : reauthenticated ? (
          <DeleteWithEmail
            onReauthenticationNeeded={() => {
              setReauthenticated(false);
            }}
          />
        ) : (
          <SignInAgain provider={provider} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function useDeleteAndLeave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    toast.success(t('accountSettings.delete.success'));
    void navigate(paths.home.getHref(), { replace: true });
  };
}

function DeleteWithPassword() {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });
  const errorsOf = useFieldErrors(form);
  const leave = useDeleteAndLeave();
  const remove = useDeleteAccount({
    onSuccess: leave,
    onError: (error) => handleFormError(error, form.setError, ['password']),
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          remove.mutate(values);
        })(event);
      }}
    >
      <PasswordField
        label={t('accounts.fields.password')}
        errors={errorsOf('password')}
        autoComplete="current-password"
        {...form.register('password')}
      />
      <ConfirmFooter pending={remove.isPending} />
    </form>
  );
}

/** The first step without a password: a plain navigation to the provider, which asks for the login again. */
function SignInAgain({ provider }: { provider: string }) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t('common.cancel')}
        </Button>
      </DialogClose>
      <Button asChild variant="destructive">
        <a href={oidcReauthenticateHref(confirmDeletionPath)}>
          {t('accountSettings.delete.reauth', { provider })}
        </a>
      </Button>
    </DialogFooter>
  );
}

function DeleteWithEmail({ onReauthenticationNeeded }: { onReauthenticationNeeded: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(deleteAccountByEmailSchema),
    defaultValues: { confirm_email: '' },
  });
  const errorsOf = useFieldErrors(form);
  const leave = useDeleteAndLeave();
  const remove = useDeleteAccount({
    onSuccess: leave,
    onError: (error) => {
      // Signing in again counts for five minutes: past that, the dialog goes back to its first step.
      if (error instanceof ApiError && error.detail?.code === 'reauthentication_required') {
        onReauthenticationNeeded();
      }
      handleFormError(error, form.setError, ['confirm_email']);
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          remove.mutate(values);
        })(event);
      }}
    >
      <Field label={t('accounts.fields.email')} errors={errorsOf('confirm_email')}>
        {(control) => (
          <Input
            {...control}
            {...form.register('confirm_email')}
            type="email"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <ConfirmFooter pending={remove.isPending} />
    </form>
  );
}

function ConfirmFooter({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t('common.cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" variant="destructive" disabled={pending}>
        {t('accountSettings.delete.confirm')}
      </Button>
    </DialogFooter>
  );
}
