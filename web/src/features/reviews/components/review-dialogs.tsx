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
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const answer = useAnswerReview({
    onSuccess: () => {
      toast.success(t('reviews.answer.done'));
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
      title={t('reviews.answer.title')}
      description={t('reviews.answer.description')}
      submitLabel={t('reviews.answer.submit')}
      backLabel={t('reviews.back')}
      busyLabel={t('common.saving')}
      busy={answer.isPending}
      onSubmit={() => {
        const count = characterCount(body);
        if (count === 0) {
          setError(t('reviews.answer.required'));
          return;
        }
        if (count > bodyMax) return;
        setError(undefined);
        answer.mutate({ reviewId: review.id, body: body.trim() });
      }}
    >
      <Quoted review={review} />
      <CountedText
        label={t('reviews.answer.label')}
        value={body}
        onChange={setBody}
        max={bodyMax}
        required
        errors={error ? [error] : []}
      />
    </FormDialog>
  );
}

export function ReportReviewDialog({ open, onOpenChange, review }: DialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const report = useReportReview({
    onSuccess: () => {
      toast.success(t('reviews.report.done'));
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
      title={t('reviews.report.title', { name: review.author.display_name })}
      description={t('reviews.report.description')}
      submitLabel={t('reviews.report.submit')}
      backLabel={t('reviews.back')}
      busyLabel={t('reviews.report.sending')}
      destructive
      busy={report.isPending}
      onSubmit={() => {
        const count = characterCount(reason);
        if (count === 0) {
          setError(t('reviews.report.required'));
          return;
        }
        if (count > reasonMax) return;
        setError(undefined);
        report.mutate({ reviewId: review.id, reason: reason.trim() });
      }}
    >
      <CountedText
        label={t('reviews.report.label')}
        value={reason}
        onChange={setReason}
        max={reasonMax}
        rows={3}
        required
        errors={error ? [error] : []}
      />
    </FormDialog>
  );
}
