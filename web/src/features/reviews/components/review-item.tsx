/**
 * One review as everyone reads it: the stars, who wrote it and when, about which series (a link to it), the
 * text and the GM's answer. Texts are plain: rendered as React text with their line breaks kept, never as HTML.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useFormat } from '@/lib/i18n';

import type { Review } from '../api/types';
import { seriesHref } from '../lib/text';
import { StarDisplay } from './stars';

export function ReviewText({ text, className }: { text: string; className?: string }) {
  return <p className={`max-w-prose break-words whitespace-pre-wrap ${className ?? ''}`}>{text}</p>;
}

export function ReviewItem({
  review,
  actions,
  showAuthor = true,
}: {
  review: Review;
  actions?: ReactNode;
  showAuthor?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <article
      className="flex flex-col gap-3"
      data-testid="review"
      aria-labelledby={`review-${review.id}`}
    >
      <header className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StarDisplay rating={review.rating} />
          <h3 id={`review-${review.id}`} className="font-medium [overflow-wrap:anywhere]">
            {showAuthor ? review.author.display_name : t('reviews.item.yours')}
          </h3>
        </div>
        <p className="text-sm text-muted-foreground">
          <time dateTime={review.created_at}>{format.date(review.created_at)}</time>
          {' · '}
          <Link to={seriesHref(review.series_handle)} className="underline underline-offset-4">
            {review.series_title}
          </Link>
          {review.updated_at !== review.created_at && (
            <span>
              {' · '}
              {t('reviews.item.edited')}
            </span>
          )}
        </p>
      </header>
      {review.body.trim() ? (
        <ReviewText text={review.body} />
      ) : (
        <p className="text-sm text-muted-foreground italic">{t('reviews.item.ratingOnly')}</p>
      )}
      {review.answer && (
        <div
          className="flex flex-col gap-1 border-s-2 border-border ps-4"
          data-testid="review-answer"
        >
          <p className="text-sm font-medium">
            {t('reviews.item.answer')}{' '}
            <span className="font-normal text-muted-foreground">
              <time dateTime={review.answer.created_at}>
                {format.date(review.answer.created_at)}
              </time>
            </span>
          </p>
          <ReviewText text={review.answer.body} className="text-sm" />
        </div>
      )}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </article>
  );
}
