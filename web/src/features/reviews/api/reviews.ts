/**
 * The reviews calls (issue 19): a player's feedback on a session, the GM's public reviews and answers, reports,
 * and the GM's private note about a player. Query keys start with `reviews`: the realtime `review` event (to the
 * GM and the author) marks them stale, so a new review or an edit shows on the GM's profile without a reload.
 */
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import { registerInvalidation } from '@/features/realtime';
import { api } from '@/lib/api/client';
import { ensureOk, unwrap } from '@/lib/api/errors';
import { useFeatureMutation, type MutationConfig } from '@/lib/mutation';

import type { FeedbackRequest, GmReviewPage, PlayerNote, Review, SessionFeedback } from './types';

export const reviewsQueryKey = ['reviews'] as const;
const feedbackKey = (sessionId: string) => [...reviewsQueryKey, 'session', sessionId] as const;
const gmReviewsKey = (accountId: string) => [...reviewsQueryKey, 'gm', accountId] as const;
const noteKey = (playerId: string) => [...reviewsQueryKey, 'note', playerId] as const;

// The event carries no data: every review view refetches (the notes do not change with reviews, but are cheap).
registerInvalidation('review', () => [
  [...reviewsQueryKey, 'session'],
  [...reviewsQueryKey, 'gm'],
]);

/** Reviews per page on a GM's profile. */
export const reviewsPageSize = 20;

export async function getMySessionFeedback(sessionId: string): Promise<SessionFeedback> {
  return unwrap(
    await api.GET('/api/sessions/{session_id}/feedback', {
      params: { path: { session_id: sessionId } },
    }),
  );
}

export async function submitSessionFeedback(
  sessionId: string,
  body: FeedbackRequest,
): Promise<Review> {
  return unwrap(
    await api.POST('/api/sessions/{session_id}/feedback', {
      params: { path: { session_id: sessionId } },
      body,
    }),
  );
}

export async function updateSessionFeedback(
  sessionId: string,
  body: FeedbackRequest,
): Promise<Review> {
  return unwrap(
    await api.PUT('/api/sessions/{session_id}/feedback', {
      params: { path: { session_id: sessionId } },
      body,
    }),
  );
}

export async function answerReview(reviewId: string, body: string): Promise<Review> {
  return unwrap(
    await api.POST('/api/reviews/{review_id}/answer', {
      params: { path: { review_id: reviewId } },
      body: { body },
    }),
  );
}

export async function listGmReviews(accountId: string, offset: number): Promise<GmReviewPage> {
  return unwrap(
    await api.GET('/api/accounts/{account_id}/reviews', {
      params: { path: { account_id: accountId }, query: { offset, limit: reviewsPageSize } },
    }),
  );
}

export async function reportReview(reviewId: string, reason: string): Promise<void> {
  ensureOk(await api.POST('/api/review-reports', { body: { review_id: reviewId, reason } }));
}

export async function getPlayerNote(playerId: string): Promise<PlayerNote> {
  return unwrap(
    await api.GET('/api/players/{player_id}/note', { params: { path: { player_id: playerId } } }),
  );
}

export async function setPlayerNote(playerId: string, body: string): Promise<PlayerNote> {
  return unwrap(
    await api.PUT('/api/players/{player_id}/note', {
      params: { path: { player_id: playerId } },
      body: { body },
    }),
  );
}

export function sessionFeedbackQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: feedbackKey(sessionId),
    queryFn: () => getMySessionFeedback(sessionId),
  });
}

export function useSessionFeedback(sessionId: string) {
  return useQuery(sessionFeedbackQueryOptions(sessionId));
}

export function gmReviewsQueryOptions(accountId: string, offset: number) {
  return queryOptions({
    queryKey: [...gmReviewsKey(accountId), offset],
    queryFn: () => listGmReviews(accountId, offset),
  });
}

/** One page of a GM's reviews; the previous page stays on screen while the next loads. */
export function useGmReviews(accountId: string, offset: number, enabled = true) {
  return useQuery({
    ...gmReviewsQueryOptions(accountId, offset),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function playerNoteQueryOptions(playerId: string) {
  return queryOptions({ queryKey: noteKey(playerId), queryFn: () => getPlayerNote(playerId) });
}

export function usePlayerNote(playerId: string) {
  return useQuery(playerNoteQueryOptions(playerId));
}

export type FeedbackVariables = FeedbackRequest & { mode: 'create' | 'edit' };

/**
 * Submits a new review or saves the edit of the caller's own; the session's and the GM's views refresh. A refusal
 * (a review sent meanwhile from another tab, the edit window closed) refetches the session's feedback too, so the
 * page shows what is true now.
 */
export function useSaveFeedback(
  sessionId: string,
  { onError, ...config }: MutationConfig<Review, FeedbackVariables> = {},
) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: ({ mode, ...body }) =>
        mode === 'create'
          ? submitSessionFeedback(sessionId, body)
          : updateSessionFeedback(sessionId, body),
      settle: (review) => {
        queryClient.setQueryData<SessionFeedback>(feedbackKey(sessionId), {
          eligible: true,
          feedback: review,
        });
        void queryClient.invalidateQueries({ queryKey: gmReviewsKey(review.gm_id) });
      },
    },
    {
      ...config,
      onError: (...args) => {
        void queryClient.invalidateQueries({ queryKey: feedbackKey(sessionId) });
        return onError?.(...args);
      },
    },
  );
}

export function useAnswerReview(
  config?: MutationConfig<Review, { reviewId: string; body: string }>,
) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: ({ reviewId, body }) => answerReview(reviewId, body),
      settle: (review) => {
        void queryClient.invalidateQueries({ queryKey: gmReviewsKey(review.gm_id) });
      },
    },
    config,
  );
}

export function useReportReview(
  config?: MutationConfig<void, { reviewId: string; reason: string }>,
) {
  return useFeatureMutation(
    { mutationFn: ({ reviewId, reason }) => reportReview(reviewId, reason) },
    config,
  );
}

export function useSetPlayerNote(playerId: string, config?: MutationConfig<PlayerNote, string>) {
  const queryClient = useQueryClient();
  return useFeatureMutation(
    {
      mutationFn: (body) => setPlayerNote(playerId, body),
      settle: (note) => {
        queryClient.setQueryData(noteKey(playerId), note);
      },
    },
    config,
  );
}
