/** "Private note" beside a player on the GM's pages: opens the note dialog (its code loads when first opened). */
import { NotebookPen } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import { PlayerNoteDialog } from '../lazy/dialogs';

export type PlayerNoteButtonProps = { playerId: string; playerName: string };

export function PlayerNoteButton({ playerId, playerName }: PlayerNoteButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={t('reviews.note.buttonFor', { name: playerName })}
        onClick={() => {
          setOpen(true);
        }}
      >
        <NotebookPen aria-hidden />
        {t('reviews.note.button')}
      </Button>
      {open && (
        <PlayerNoteDialog open onOpenChange={setOpen} playerId={playerId} playerName={playerName} />
      )}
    </>
  );
}
