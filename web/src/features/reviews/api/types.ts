/**
 * The reviews calls' shapes (issue 19), written by hand from /work/briefs/reviews-contract.md while the server's
 * branch was being built, in one file so the rest of the feature names them from here only. At the merge each
 * type becomes the generated schema's (`components['schemas'][...]`), `ReviewPaths` goes and `api/reviews.ts` uses
 * the app's `api` client: the paths and operation names below are the contract's, so nothing else changes.
 */

/** Who wrote a review. */
export type ReviewAuthor = { account_id: string; display_name: string };

/** The GM's public answer to a review (at most one). */
export type ReviewAnswer = { body: string; created_at: string };

/** A player's rating and review of the GM for one session. Bodies are plain text, rendered inert. */
export type Review = {
  id: string;
  session_id: string;
  series_id: string;
  series_handle: string;
  series_title: string;
  gm_id: string;
  author: ReviewAuthor;
  /** 1..5 */
  rating: number;
  /** ≤ 2000 characters, trimmed; may be empty (a rating only). */
  body: string;
  created_at: string;
  updated_at: string;
  /** created_at + 7 days: the author may edit until then. */
  editable_until: string;
  answer: ReviewAnswer | null;
};

/** `getMySessionFeedback`: may the caller review this session, and their review if they did. */
export type SessionFeedback = { eligible: boolean; feedback: Review | null };

/** `submitSessionFeedback` and `updateSessionFeedback`. */
export type FeedbackRequest = { rating: number; body: string };

/** `answerReview`. */
export type AnswerReviewRequest = { body: string };

/** `listGmReviews`: newest first, hidden reviews left out. */
export type GmReviewPage = {
  items: Review[];
  count: number;
  offset: number;
  limit: number;
  /** One decimal; null without a visible review. */
  average: number | null;
  rating_count: number;
};

/** `getPlayerNote` / `setPlayerNote`: the GM's private note about a player. */
export type PlayerNote = { player_id: string; body: string; updated_at: string | null };

export type SetPlayerNoteRequest = { body: string };

/** `reportReview`. */
export type ReportReviewRequest = { review_id: string; reason: string };

/** What `getProfile`/`getMyProfile` gain (PublicProfile). */
export type ReviewSummary = { average: number; count: number };
export type ProfileReviewFields = {
  sessions_played: number;
  review_summary: ReviewSummary | null;
};

// --- The calls, in openapi-typescript's shape, so the app's client types them as it will the generated ones. ---

type Json<T> = { content: { 'application/json': T } };
type Answer<T> = { headers: Record<string, unknown> } & Json<T>;
type NoContent = { headers: Record<string, unknown>; content?: never };
type Params<Path, Query = never> = {
  query?: Query;
  header?: never;
  path: Path;
  cookie?: never;
};
type Operation<P, Body, Responses> = {
  parameters: P;
  requestBody: Json<Body>;
  responses: Responses;
};
type Unused = {
  get?: never;
  put?: never;
  post?: never;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};
type PathItem = {
  parameters: { query?: never; header?: never; path?: never; cookie?: never };
};

type SessionPath = Params<{ session_id: string }>;

export type ReviewPaths = {
  '/api/sessions/{session_id}/feedback': Omit<Unused, 'get' | 'post' | 'put'> &
    PathItem & {
      get: {
        parameters: SessionPath;
        requestBody?: never;
        responses: { 200: Answer<SessionFeedback> };
      };
      post: Operation<SessionPath, FeedbackRequest, { 201: Answer<Review> }>;
      put: Operation<SessionPath, FeedbackRequest, { 200: Answer<Review> }>;
    };
  '/api/reviews/{review_id}/answer': Omit<Unused, 'post'> &
    PathItem & {
      post: Operation<Params<{ review_id: string }>, AnswerReviewRequest, { 200: Answer<Review> }>;
    };
  '/api/accounts/{account_id}/reviews': Omit<Unused, 'get'> &
    PathItem & {
      get: {
        parameters: Params<{ account_id: string }, { offset?: number; limit?: number }>;
        requestBody?: never;
        responses: { 200: Answer<GmReviewPage> };
      };
    };
  '/api/players/{player_id}/note': Omit<Unused, 'get' | 'put'> &
    PathItem & {
      get: {
        parameters: Params<{ player_id: string }>;
        requestBody?: never;
        responses: { 200: Answer<PlayerNote> };
      };
      put: Operation<
        Params<{ player_id: string }>,
        SetPlayerNoteRequest,
        { 200: Answer<PlayerNote> }
      >;
    };
  '/api/review-reports': Omit<Unused, 'post'> &
    PathItem & {
      post: {
        parameters: { query?: never; header?: never; path?: never; cookie?: never };
        requestBody: Json<ReportReviewRequest>;
        responses: { 204: NoContent };
      };
    };
};
