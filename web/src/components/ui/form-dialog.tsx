/**
 * A dialog that asks before doing something: its title and words, a form (the fields the caller gives), and a
 * footer with Back and the submit button, which shows the busy label while the work runs. Sessions, applications
 * and refunds each ask this way; the state and what submitting does stay theirs.
 */
import type { ReactNode, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from './button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';

export type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** The button that closes the dialog without doing anything. */
  backLabel: string;
  /** Shown on the submit button while `busy` (default "Saving…"). */
  busyLabel?: string;
  destructive?: boolean;
  busy: boolean;
  /** The form was submitted (the browser's own submission already prevented). */
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  children?: ReactNode;
  wide?: boolean;
};

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  backLabel,
  busyLabel,
  destructive,
  busy,
  onSubmit,
  children,
  wide,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.close')}
        className={`overflow-y-auto ${wide ? 'max-w-xl' : 'max-w-lg'}`}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit(event);
          }}
        >
          {children}
          <DialogFooter className="pt-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {backLabel}
              </Button>
            </DialogClose>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
              {busy ? (busyLabel ?? t('common.saving')) : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
