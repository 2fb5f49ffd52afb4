/**
 * Stars: the rating input (a native radio group, so Tab reaches it once and the arrow keys choose, as every
 * screen reader expects of a radio group) and the display of a rating or an average, with its words for those
 * who do not see the stars.
 */
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const ratingValues = [1, 2, 3, 4, 5] as const;
const maxRating = 5;

export type StarRatingInputProps = {
  value: number | undefined;
  onChange: (value: number) => void;
  /** The group's name for assistive technology (its legend). */
  label: string;
  /** Already translated; announced with the group. */
  error?: string;
  disabled?: boolean;
};

export function StarRatingInput({ value, onChange, label, error, disabled }: StarRatingInputProps) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState<number>();
  const shown = hovered ?? value ?? 0;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <div
        className="flex flex-wrap items-center gap-1"
        onMouseLeave={() => {
          setHovered(undefined);
        }}
      >
        {ratingValues.map((rating) => (
          <label
            key={rating}
            className="cursor-pointer"
            onMouseEnter={() => {
              setHovered(rating);
            }}
          >
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => {
                onChange(rating);
              }}
              className="peer sr-only"
            />
            <span
              aria-hidden
              className="flex size-10 items-center justify-center rounded-md peer-focus-visible:ring-2 peer-focus-visible:ring-ring"
            >
              <Star
                className={cn(
                  'size-7 transition-colors',
                  rating <= shown
                    ? 'fill-amber-400 text-amber-600'
                    : 'fill-transparent text-muted-foreground',
                )}
              />
            </span>
            <span className="sr-only">{t('reviews.rating.stars', { count: rating })}</span>
          </label>
        ))}
        {value !== undefined && (
          <span className="ms-2 text-sm text-muted-foreground" aria-hidden>
            {t('reviews.rating.outOf', { value, max: maxRating })}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A rating (or an average, one decimal) as stars, read out as "Rated 4.5 out of 5". */
export function StarDisplay({
  rating,
  className,
  size = 'sm',
}: {
  rating: number;
  className?: string;
  size?: 'sm' | 'lg';
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const filled = `${String(Math.max(0, Math.min(rating, maxRating)) * (100 / maxRating))}%`;
  const starClass = size === 'lg' ? 'size-6' : 'size-4';
  const stars = (fill: string) =>
    ratingValues.map((star) => <Star key={star} className={cn(starClass, 'shrink-0', fill)} />);
  return (
    <span
      role="img"
      aria-label={t('reviews.rating.label', {
        value: format.number(rating, { maximumFractionDigits: 1 }),
        max: maxRating,
      })}
      className={cn('relative inline-flex w-max', className)}
    >
      <span aria-hidden className="flex">
        {stars('fill-transparent text-muted-foreground')}
      </span>
      <span
        aria-hidden
        className="absolute inset-y-0 left-0 flex overflow-hidden"
        style={{ width: filled }}
      >
        {stars('fill-amber-400 text-amber-600')}
      </span>
    </span>
  );
}
