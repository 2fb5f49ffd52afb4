/**
 * What a profile shows of reviews (issue 19): how many sessions the person played (and a GM ran), and for a GM the average,
 * the count and the reviews, newest first, a page of 20 at a time. The GM reading their own profile may answer
 * a review publicly (once); anyone signed in but its author may report one.
 */
import { MessageSquareReply, Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { ListPagination } from '@/components/list-pagination';
import { useSignedInUser } from '@/lib/auth/current-user';
import { useFormat } from '@/lib/i18n';

import { reviewsPageSize, useGmReviews } from '../api/reviews';
import type { ProfileReviewFields, Review } from '../api/types';
import { AnswerReviewDialog, ReportReviewDialog } from '../lazy/dialogs';
import { ReviewItem } from './review-item';
import { StarDisplay } from './stars';

/** The profile's fields the reviews read (the profiles feature's `PublicProfile` has them). */
export type ProfileReviewsProps = {
  profile: { account_id: string; type: string } & Partial<ProfileReviewFields>;
};

export function ProfileReviews({ profile }: ProfileReviewsProps) {
  const { t } = useTranslation();
  return (
    <>
      {profile.sessions_played !== undefined && (
        <p className="text-sm" data-testid="sessions-played">
          {profile.sessions_run != null && (
            <span data-testid="sessions-run">
              {t('reviews.profile.sessionsRun', { count: profile.sessions_run })}
              {' · '}
            </span>
          )}
          {t('reviews.profile.sessionsPlayed', { count: profile.sessions_played })}
        </p>
      )}
      {profile.type === 'gm' && <GmReviews gmId={profile.account_id} />}
    </>
  );
}

type OpenDialog = { kind: 'answer' | 'report'; review: Review } | undefined;

function GmReviews({ gmId }: { gmId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const viewer = useSignedInUser();
  const [offset, setOffset] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>();
  const { data: page, isError } = useGmReviews(gmId, offset);
  const viewerId = viewer?.user.id;
  return (
    <section
      aria-labelledby="profile-reviews"
      className="flex flex-col gap-4"
      data-testid="gm-reviews"
    >
      <h2 id="profile-reviews" className="text-lg font-semibold">
        {t('reviews.profile.title')}
      </h2>
      {isError && !page && (
        <p className="text-sm text-muted-foreground">{t('reviews.profile.loadFailed')}</p>
      )}
      {page && (
        <>
          {page.average != null && page.rating_count > 0 ? (
            <div
              className="flex flex-wrap items-center gap-x-4 gap-y-2"
              data-testid="review-summary"
            >
              <span className="text-3xl font-semibold tabular-nums" data-testid="review-average">
                {format.number(page.average, {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                })}
              </span>
              <StarDisplay rating={page.average} size="lg" />
              <span className="text-sm text-muted-foreground" data-testid="review-count">
                {t('reviews.profile.count', { count: page.rating_count })}
              </span>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t('reviews.profile.none')}</p>
          )}
          {page.items.length > 0 && (
            <ul className="flex flex-col divide-y divide-border rounded-2xl border border-border">
              {page.items.map((review) => (
                <li key={review.id} className="p-5">
                  <ReviewItem
                    review={review}
                    actions={
                      <ReviewActions
                        review={review}
                        viewerId={viewerId}
                        onOpen={(kind) => {
                          setDialog({ kind, review });
                        }}
                      />
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          <ListPagination
            offset={offset}
            limit={reviewsPageSize}
            count={page.count}
            onOffsetChange={setOffset}
          />
        </>
      )}
      {dialog?.kind === 'answer' && (
        <AnswerReviewDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(undefined);
          }}
          review={dialog.review}
        />
      )}
      {dialog?.kind === 'report' && (
        <ReportReviewDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(undefined);
          }}
          review={dialog.review}
        />
      )}
    </section>
  );
}

/** Answer (the reviewed GM, while unanswered) and Report (anyone signed in but the author). */
function ReviewActions({
  review,
  viewerId,
  onOpen,
}: {
  review: Review;
  viewerId: string | undefined;
  onOpen: (kind: 'answer' | 'report') => void;
}) {
  const { t } = useTranslation();
  if (viewerId === undefined) return null;
  const canAnswer = viewerId === review.gm_id && review.answer == null;
  const canReport = viewerId !== review.author.account_id;
  if (!canAnswer && !canReport) return null;
  return (
    <>
      {canAnswer && (
        <Button
          type="button"
          size="sm"
          onClick={() => {
            onOpen('answer');
          }}
        >
          <MessageSquareReply aria-hidden />
          {t('reviews.answer.button')}
        </Button>
      )}
      {canReport && (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-label={t('reviews.report.buttonFor', { name: review.author.display_name })}
          onClick={() => {
            onOpen('report');
          }}
        >
          <Flag aria-hidden />
          {t('reviews.report.button')}
        </Button>
      )}
    </>
  );
}
