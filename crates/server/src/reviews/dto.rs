//! What the review endpoints accept and answer. Every text is plain text: show it as text, never as markup.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// Who wrote a review ("Deleted user" once their account is erased).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ReviewAuthor {
    pub account_id: Uuid,
    pub display_name: String,
}

/// The GM's public answer to a review.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ReviewAnswer {
    pub body: String,
    pub created_at: DateTime<Utc>,
}

/// A player's feedback on a session they played: the rating and a review of its GM, with the GM's answer.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Review {
    pub id: Uuid,
    pub session_id: Uuid,
    pub series_id: Uuid,
    pub series_handle: String,
    pub series_title: String,
    /// The reviewed GM.
    pub gm_id: Uuid,
    pub author: ReviewAuthor,
    /// 1 to 5.
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i32,
    /// Plain text, trimmed; empty for a rating alone.
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// The author's last change (`created_at` until they edit it); the GM's answer and moderation do not count.
    pub updated_at: DateTime<Utc>,
    /// The author may edit it until then (7 days after it was written).
    pub editable_until: DateTime<Utc>,
    pub answer: Option<ReviewAnswer>,
}

/// `getMySessionFeedback`: whether the caller may give (or gave) feedback on the session, and theirs if any.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MySessionFeedback {
    /// The caller took part in this completed session as a player: they may review it now, or already have.
    pub eligible: bool,
    pub feedback: Option<Review>,
}

/// `submitSessionFeedback` and `updateSessionFeedback`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SessionFeedbackRequest {
    /// 1 to 5 (anything else is 400 `invalid_rating`).
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i64,
    /// Plain text, at most 2000 characters once trimmed; may be empty.
    #[schema(max_length = 2000)]
    pub body: String,
}

/// `answerReview`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct AnswerReviewRequest {
    /// Plain text, 1 to 2000 characters once trimmed.
    #[schema(min_length = 1, max_length = 2000)]
    pub body: String,
}

/// A page of a GM's reviews, newest first, with the average and count of every visible review.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GmReviewPage {
    pub items: Vec<Review>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
    /// The average rating to one decimal; null without reviews.
    pub average: Option<f64>,
    pub rating_count: u64,
}

/// A GM's private note about a player, seen by that GM alone.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PlayerNote {
    pub player_id: Uuid,
    /// Empty when there is no note.
    pub body: String,
    /// Null when there is no note.
    pub updated_at: Option<DateTime<Utc>>,
}

/// `setPlayerNote`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SetPlayerNoteRequest {
    /// Plain text, at most 2000 characters once trimmed; empty deletes the note.
    #[schema(max_length = 2000)]
    pub body: String,
}

/// `reportReview`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ReportReviewRequest {
    pub review_id: Uuid,
    /// 1 to 500 characters once trimmed.
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

/// The average and count of a GM's visible reviews, on their profile.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ReviewSummary {
    /// To one decimal.
    pub average: f64,
    pub count: u64,
}
