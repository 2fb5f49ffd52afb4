/**
 * The player's rating (1–5 stars) and review of the GM for one completed session: a new one, or an edit of
 * theirs while its 7 days last. After them the dialog only says so (the server refuses an edit then as well).
 */
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
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormat } from '@/lib/i18n';
import { toast } from '@/lib/toast';

import { useSaveFeedback } from '../api/reviews';
import type { Review } from '../api/types';
import { reviewCode, reviewErrorMessage } from '../lib/errors';
import { bodyMax, characterCount, isEditable } from '../lib/text';
import { CountedText } from './counted-text';
import { StarRatingInput } from './stars';

export type FeedbackDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sessionId: string;
  /** The caller's review of this session: the dialog edits it. Absent: a new review. */
  review?: Review | null;
  /** The GM's name, for the dialog's words. */
  gameMasterName?: string;
};

export function FeedbackDialog({
  open,
  onOpenChange,
  sessionId,
  review,
  gameMasterName,
}: FeedbackDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [rating, setRating] = useState<number | undefined>(review?.rating);
  const [body, setBody] = useState(review?.body ?? '');
  const [ratingError, setRatingError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const mode = review ? 'edit' : 'create';
  const save = useSaveFeedback(sessionId, {
    onSuccess: () => {
      toast.success(
        mode === 'create' ? t('reviews.feedback.created') : t('reviews.feedback.updated'),
      );
      onOpenChange(false);
    },
    onError: (error) => {
      // The window closed or the review exists already: the page refetches, the dialog says why.
      const message = reviewErrorMessage(error);
      if (reviewCode(error) === 'invalid_rating') setRatingError(message);
      else setFailure(message);
    },
  });

  if (review && !isEditable(review.editable_until)) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent closeLabel={t('common.close')} className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{t('reviews.feedback.editTitle')}</DialogTitle>
            <DialogDescription>
              {t('reviews.feedback.closed', { date: format.dateTime(review.editable_until) })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.close')}
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  const submit = () => {
    setFailure(undefined);
    if (rating === undefined) {
      setRatingError(t('reviews.rating.required'));
      return;
    }
    if (characterCount(body) > bodyMax) return;
    save.mutate({ mode, rating, body: body.trim() });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'create' ? t('reviews.feedback.title') : t('reviews.feedback.editTitle')}
      description={
        review
          ? t('reviews.feedback.editDescription', {
              date: format.dateTime(review.editable_until),
            })
          : gameMasterName
            ? t('reviews.feedback.descriptionNamed', { name: gameMasterName })
            : t('reviews.feedback.description')
      }
      submitLabel={mode === 'create' ? t('reviews.feedback.submit') : t('reviews.feedback.save')}
      backLabel={t('reviews.back')}
      busyLabel={t('common.saving')}
      busy={save.isPending}
      onSubmit={submit}
    >
      <StarRatingInput
        label={t('reviews.rating.legend')}
        value={rating}
        onChange={(value) => {
          setRating(value);
          setRatingError(undefined);
        }}
        error={ratingError}
      />
      <CountedText
        label={t('reviews.feedback.bodyLabel')}
        description={t('reviews.feedback.bodyHint')}
        value={body}
        onChange={setBody}
        max={bodyMax}
      />
      {failure && (
        <p role="alert" className="text-sm text-destructive">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}
