/**
 * The part editor's link dialog: sets, changes or (left empty) removes the link on the selection; only the
 * schemes the server accepts (http, https, mailto) pass.
 */
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

import { isAllowedLink } from '../lib/rich-text';

export function LinkDialog({
  editor,
  open,
  onOpenChange,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('blueprints.editor.link')}</DialogTitle>
          <DialogDescription>{t('blueprints.editor.linkHint')}</DialogDescription>
        </DialogHeader>
        {open && (
          <LinkForm
            initial={(editor.getAttributes('link') as { href?: string }).href ?? ''}
            onApply={(href) => {
              const chain = editor.chain().focus().extendMarkRange('link');
              if (href === '') chain.unsetLink().run();
              else chain.setLink({ href }).run();
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function LinkForm({ initial, onApply }: { initial: string; onApply: (href: string) => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        const value = href.trim();
        if (value !== '' && !isAllowedLink(value)) {
          setError(t('workspaceValidation.linkScheme'));
          return;
        }
        onApply(value);
      }}
    >
      <Field label={t('blueprints.editor.linkPrompt')} errors={error ? [error] : []}>
        {(control) => (
          <Input
            {...control}
            type="url"
            value={href}
            placeholder="https://"
            onChange={(event) => {
              setHref(event.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('common.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit">{t('blueprints.editor.linkApply')}</Button>
      </DialogFooter>
    </form>
  );
}
