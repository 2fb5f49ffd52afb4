import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

import { paths } from '@/app/paths';
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
import { handleFormError, useFieldErrors } from '@/lib/forms';

import type { AccountView } from '../api/current-user';
import { useDeleteAccount } from '../api/delete-account';
import { deleteAccountByEmailSchema, deleteAccountSchema } from '../lib/schemas';
import { PasswordField } from './password-field';

/** Deleting is permanent, so it asks for the password (or, without one, the e-mail) in a dialog. */
export function DeleteAccountDialog({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="self-start">
          {t('accounts.account.delete.open')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('accounts.account.delete.dialogTitle')}</DialogTitle>
          <DialogDescription>
            {account.has_password
              ? t('accounts.account.delete.dialogPassword')
              : t('accounts.account.delete.dialogEmail')}
          </DialogDescription>
        </DialogHeader>
        {account.has_password ? <DeleteWithPassword /> : <DeleteWithEmail />}
      </DialogContent>
    </Dialog>
  );
}

function useDeleteAndLeave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    toast.success(t('accounts.account.delete.success'));
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

function DeleteWithEmail() {
  const { t } = useTranslation();
  const form = useForm({
    resolver: zodResolver(deleteAccountByEmailSchema),
    defaultValues: { confirm_email: '' },
  });
  const errorsOf = useFieldErrors(form);
  const leave = useDeleteAndLeave();
  const remove = useDeleteAccount({
    onSuccess: leave,
    onError: (error) => handleFormError(error, form.setError, ['confirm_email']),
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
        {t('accounts.account.delete.confirm')}
      </Button>
    </DialogFooter>
  );
}
