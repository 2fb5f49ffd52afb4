/**
 * The reviews calls' shapes (issue 19), named from the generated schema in one file so the rest of the feature
 * names them from here only.
 */
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

/** Who wrote a review. */
export type ReviewAuthor = Schemas['Review']['author'];

/** The GM's public answer to a review (at most one). */
export type ReviewAnswer = NonNullable<Schemas['Review']['answer']>;

/** A player's rating and review of the GM for one session. Bodies are plain text, rendered inert. */
export type Review = Schemas['Review'];

/** `getMySessionFeedback`: may the caller review this session, and their review if they did. */
export type SessionFeedback = Schemas['MySessionFeedback'];

/** `submitSessionFeedback` and `updateSessionFeedback`. */
export type FeedbackRequest = Schemas['SessionFeedbackRequest'];

/** `answerReview`. */
export type AnswerReviewRequest = Schemas['AnswerReviewRequest'];

/** `listGmReviews`: newest first, hidden reviews left out. */
export type GmReviewPage = Schemas['GmReviewPage'];

/** `getPlayerNote` / `setPlayerNote`: the GM's private note about a player. */
export type PlayerNote = Schemas['PlayerNote'];

export type SetPlayerNoteRequest = Schemas['SetPlayerNoteRequest'];

/** `reportReview`. */
export type ReportReviewRequest = Schemas['ReportReviewRequest'];

/** What `getProfile`/`getMyProfile` gain (PublicProfile). */
export type ReviewSummary = Schemas['ReviewSummary'];
export type ProfileReviewFields = Pick<
  Schemas['PublicProfile'],
  'sessions_played' | 'review_summary' | 'sessions_run'
>;
