/**
 * The GM's private note about one player (issue 19): read and saved through the server, seen by that GM only
 * (the dialog says so). Saving an empty note deletes it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/ui/form-dialog';
import { useFormat } from '@/lib/i18n';
import { toast } from '@/lib/toast';

import { usePlayerNote, useSetPlayerNote } from '../api/reviews';
import type { PlayerNote } from '../api/types';
import { reviewErrorMessage } from '../lib/errors';
import { bodyMax, characterCount } from '../lib/text';
import { CountedText } from './counted-text';

export type PlayerNoteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  playerId: string;
  playerName: string;
};

export function PlayerNoteDialog({
  open,
  onOpenChange,
  playerId,
  playerName,
}: PlayerNoteDialogProps) {
  const { t } = useTranslation();
  const note = usePlayerNote(playerId);
  const title = t('reviews.note.title', { name: playerName });
  if (note.isError) {
    return (
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        description={reviewErrorMessage(note.error)}
        submitLabel={t('reviews.retry')}
        backLabel={t('common.close')}
        busy={note.isFetching}
        onSubmit={() => {
          void note.refetch();
        }}
      />
    );
  }
  // The form starts from the saved note, so it waits for it (the dialog's code loads meanwhile anyway).
  if (!note.data) return null;
  return (
    <NoteForm
      open={open}
      onOpenChange={onOpenChange}
      playerId={playerId}
      playerName={playerName}
      title={title}
      saved={note.data}
    />
  );
}

function NoteForm({
  open,
  onOpenChange,
  playerId,
  playerName,
  title,
  saved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  playerId: string;
  playerName: string;
  title: string;
  saved: PlayerNote;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [body, setBody] = useState(saved.body);
  const [error, setError] = useState<string>();
  const save = useSetPlayerNote(playerId, {
    onSuccess: (note) => {
      toast.success(note.body ? t('reviews.note.saved') : t('reviews.note.deleted'));
      onOpenChange(false);
    },
    onError: (failure) => {
      setError(reviewErrorMessage(failure));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={t('reviews.note.hint', { name: playerName })}
      submitLabel={t('reviews.note.save')}
      backLabel={t('reviews.back')}
      busy={save.isPending}
      onSubmit={() => {
        if (characterCount(body) > bodyMax) return;
        setError(undefined);
        save.mutate(body.trim());
      }}
    >
      <CountedText
        label={t('reviews.note.label')}
        description={
          saved.updated_at
            ? t('reviews.note.updatedAt', { date: format.dateTime(saved.updated_at) })
            : undefined
        }
        value={body}
        onChange={setBody}
        max={bodyMax}
        rows={6}
        errors={error ? [error] : []}
      />
    </FormDialog>
  );
}
