/**
 * The palette's "Give feedback" (spec §4): the same dialog as the session page's, for the session in the context
 * — a new review, or the edit of the player's own while it may still be edited. Where the server says the player
 * may not review it, a toast says so and nothing opens.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import type { CommandDialogProps } from '@/lib/commands/types';
import { toast } from '@/lib/toast';

import { useSessionFeedback } from '../api/reviews';
import { reviewErrorMessage } from '../lib/errors';
import { FeedbackDialog } from './feedback-dialog';

export default function FeedbackCommandDialog({ open, onOpenChange, context }: CommandDialogProps) {
  const session = context.data.player_session;
  if (!session) return null;
  return (
    <SessionFeedbackDialog
      open={open}
      onOpenChange={onOpenChange}
      sessionId={session.id}
      gameMasterName={session.game_master_display_name}
    />
  );
}

function SessionFeedbackDialog({
  open,
  onOpenChange,
  sessionId,
  gameMasterName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessionId: string;
  gameMasterName: string;
}) {
  const { t } = useTranslation();
  const { data, error } = useSessionFeedback(sessionId);
  const refused = error !== null || data?.eligible === false;
  useEffect(() => {
    if (!refused) return;
    toast.error(error ? reviewErrorMessage(error) : t('reviews.feedback.notEligible'));
    onOpenChange(false);
  }, [refused, error, onOpenChange, t]);
  if (!data?.eligible) return null;
  return (
    <FeedbackDialog
      open={open}
      onOpenChange={onOpenChange}
      sessionId={sessionId}
      review={data.feedback}
      gameMasterName={gameMasterName}
    />
  );
}
