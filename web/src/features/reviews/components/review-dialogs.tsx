/**
 * The GM's public answer to a review (once: the server refuses a second) and anyone's report of a review with a
 * reason (1–500 characters; an administrator reads it). Each says what happened in a toast and closes; a refusal
 * is shown in the dialog, which stays open.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/lib/toast';

import { useAnswerReview, useReportReview } from '../api/reviews';
import type { Review } from '../api/types';
import { reviewErrorMessage } from '../lib/errors';
import { bodyMax, characterCount, reasonMax } from '../lib/text';
import { CountedText } from './counted-text';
import { ReviewText } from './review-item';

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void; review: Review };

/**
 * A required text of at most `max` characters (counted as the server counts them) and its error: `checked()` gives
 * the trimmed text to send, or undefined after saying why not (the counter already shows a text that is too long).
 */
function useRequiredText(max: number, requiredMessage: string) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const checked = () => {
    const count = characterCount(value);
    if (count === 0) {
      setError(requiredMessage);
      return undefined;
    }
    if (count > max) return undefined;
    setError(undefined);
    return value.trim();
  };
  return { value, setValue, error, setError, checked };
}

function Quoted({ review }: { review: Review }) {
  const { t } = useTranslation();
  if (!review.body.trim()) return null;
  return (
    <figure className="flex flex-col gap-1 rounded-md bg-muted p-3 text-sm">
      <figcaption className="text-xs text-muted-foreground">
        {t('reviews.answer.quote', { name: review.author.display_name })}
      </figcaption>
      <blockquote className="max-h-40 overflow-y-auto">
        <ReviewText text={review.body} />
      </blockquote>
    </figure>
  );
}

export function AnswerReviewDialog({ open, onOpenChange, review }: DialogProps) {
  const { t } = useTranslation();
  const text = useRequiredText(bodyMax, t('reviews.answer.required'));
  const answer = useAnswerReview({
    onSuccess: () => {
      toast.success(t('reviews.answer.done'));
      onOpenChange(false);
    },
    onError: (failure) => {
      text.setError(reviewErrorMessage(failure));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('reviews.answer.title')}
      description={t('reviews.answer.description')}
      submitLabel={t('reviews.answer.submit')}
      backLabel={t('reviews.back')}
      busyLabel={t('common.saving')}
      busy={answer.isPending}
      onSubmit={() => {
        const body = text.checked();
        if (body !== undefined) answer.mutate({ reviewId: review.id, body });
      }}
    >
      <Quoted review={review} />
      <CountedText
        label={t('reviews.answer.label')}
        value={text.value}
        onChange={text.setValue}
        max={bodyMax}
        required
        errors={text.error ? [text.error] : []}
      />
    </FormDialog>
  );
}

export function ReportReviewDialog({ open, onOpenChange, review }: DialogProps) {
  const { t } = useTranslation();
  const text = useRequiredText(reasonMax, t('reviews.report.required'));
  const report = useReportReview({
    onSuccess: () => {
      toast.success(t('reviews.report.done'));
      onOpenChange(false);
    },
    onError: (failure) => {
      text.setError(reviewErrorMessage(failure));
    },
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('reviews.report.title', { name: review.author.display_name })}
      description={t('reviews.report.description')}
      submitLabel={t('reviews.report.submit')}
      backLabel={t('reviews.back')}
      busyLabel={t('reviews.report.sending')}
      destructive
      busy={report.isPending}
      onSubmit={() => {
        const reason = text.checked();
        if (reason !== undefined) report.mutate({ reviewId: review.id, reason });
      }}
    >
      <CountedText
        label={t('reviews.report.label')}
        value={text.value}
        onChange={text.setValue}
        max={reasonMax}
        rows={3}
        required
        errors={text.error ? [text.error] : []}
      />
    </FormDialog>
  );
}
