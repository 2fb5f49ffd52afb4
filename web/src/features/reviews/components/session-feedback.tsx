/**
 * The player's feedback on their session page (spec §4 "give feedback"): once the session is completed and the
 * server says they may, "Rate this session"; once sent, their review with "Edit" while its 7 days last (the date
 * shown), then read-only.
 */
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/i18n';

import { useSessionFeedback } from '../api/reviews';
import { FeedbackDialog } from '../lazy/dialogs';
import { isEditable } from '../lib/text';
import { ReviewItem } from './review-item';

export type SessionFeedbackProps = {
  sessionId: string;
  gameMasterName: string;
};

export function SessionFeedback({ sessionId, gameMasterName }: SessionFeedbackProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const { data } = useSessionFeedback(sessionId);
  if (!data?.eligible) return null;
  const review = data.feedback ?? null;
  const editable = review !== null && isEditable(review.editable_until);
  return (
    <section
      aria-labelledby="session-feedback"
      data-testid="session-feedback"
      className="flex flex-col gap-4 rounded-2xl border border-border p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="session-feedback" className="text-lg font-semibold">
          {t('reviews.feedback.section')}
        </h2>
        {review === null ? (
          <Button
            type="button"
            onClick={() => {
              setOpen(true);
            }}
          >
            <Star aria-hidden />
            {t('reviews.feedback.rate')}
          </Button>
        ) : (
          editable && (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setOpen(true);
              }}
            >
              {t('reviews.feedback.edit')}
            </Button>
          )
        )}
      </div>
      {review === null ? (
        <p className="text-sm text-muted-foreground">
          {t('reviews.feedback.invite', { name: gameMasterName })}
        </p>
      ) : (
        <>
          <ReviewItem review={review} showAuthor={false} />
          <p className="text-sm text-muted-foreground" data-testid="feedback-window">
            {editable
              ? t('reviews.feedback.editableUntil', {
                  date: format.dateTime(review.editable_until),
                })
              : t('reviews.feedback.readOnly')}
          </p>
        </>
      )}
      {open && (
        <FeedbackDialog
          open
          onOpenChange={setOpen}
          sessionId={sessionId}
          review={review}
          gameMasterName={gameMasterName}
        />
      )}
    </section>
  );
}
