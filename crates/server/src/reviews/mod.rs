//! Feedback and GM reviews (issue 19). After a session is completed, each player who took part rates it (1–5) and
//! reviews its GM, once, editable for 7 days; the GM answers publicly once. A GM's profile shows the average, the
//! count and the reviews newest first; a player's profile shows how many sessions they played. Anyone signed in
//! reports a review; an administrator lists reports (`questline admin reports`) and hides or shows a review
//! (`questline admin hide-review` / `unhide-review`): hidden reviews leave the list and the average. A GM keeps a
//! private note per player who applied to one of their series, seen by that GM alone. Texts are plain text. The rules
//! are the domain's (`questline_domain::reviews`). Audience of review events: the GM and the author (`events.rs`).

mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use std::collections::HashSet;
use std::fmt::Write as _;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use questline_domain::ids::AccountId;
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub use dto::ReviewSummary;

use crate::db::Db;
use crate::events::EventBus;
use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            handlers::get_my_session_feedback,
            handlers::submit_session_feedback,
            handlers::update_session_feedback
        ))
        .routes(routes!(handlers::answer_review))
        .routes(routes!(handlers::list_gm_reviews))
        .routes(routes!(handlers::get_player_note, handlers::set_player_note))
        .routes(routes!(handlers::report_review))
}

/// Profiles' front door: the average and count of the GM's visible reviews, `None` without any.
pub async fn summary(conn: &impl ConnectionTrait, gm: AccountId) -> Result<Option<ReviewSummary>, DbErr> {
    queries::summary(conn, gm).await
}

/// The Dashboard's front door: which of `sessions` the player already gave feedback on (one query).
pub async fn feedback_given(
    conn: &impl ConnectionTrait,
    author: AccountId,
    sessions: &[Uuid],
) -> Result<HashSet<Uuid>, DbErr> {
    queries::sessions_reviewed_by(conn, author, sessions).await
}

/// Account hook: the private notes about or by an erased account are deleted; its reviews stay (signed "Deleted
/// user", the name an erased account keeps) so a GM's record does not change when a player leaves the platform.
pub fn on_account_erased(
    txn: &DatabaseTransaction,
    account: AccountId,
    _now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(store::erase_notes(txn, account))
}

/// `questline admin hide-review <id>` (`hidden`) and `unhide-review <id>`: what happened, in words.
pub async fn set_hidden(db: &Db, bus: &EventBus, id: Uuid, hidden: bool, now: DateTime<Utc>) -> anyhow::Result<String> {
    let bus = bus.clone();
    let changed =
        db.transaction(move |txn| Box::pin(async move { store::set_hidden(txn, &bus, id, hidden, now).await })).await?;
    Ok(match (changed, hidden) {
        (None, _) => anyhow::bail!("no review with the id {id}"),
        (Some(true), true) => format!("hid review {id}: it is left out of its GM's reviews and average"),
        (Some(true), false) => format!("review {id} is shown again"),
        (Some(false), true) => format!("review {id} was already hidden"),
        (Some(false), false) => format!("review {id} was not hidden"),
    })
}

/// `questline admin reports`, second part: every review report, newest first, as tab-separated lines (when,
/// reporter, review id, its GM, its author, rating, hidden or not, the review's text, the reason), with a header
/// line. Tabs and line breaks inside a text are shown as `\t` and `\n` so that each report stays on one line.
pub async fn reports_listing(conn: &impl ConnectionTrait) -> Result<String, DbErr> {
    let rows = queries::reports(conn).await?;
    let mut ids: Vec<Uuid> = rows
        .iter()
        .flat_map(|(report, review)| {
            [Some(report.reporter_id), review.as_ref().map(|r| r.gm_id), review.as_ref().map(|r| r.author_id)]
        })
        .flatten()
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let names = crate::accounts::display_names(conn, &ids).await?;
    let who = |id: &Uuid| format!("{id} ({})", one_line(names.get(id).map_or("", String::as_str)));
    let mut out = String::from("created_at\treporter\treview_id\tgm\tauthor\trating\thidden\treview\treason\n");
    for (report, review) in &rows {
        let (gm, author, rating, hidden, body) = match review {
            Some(r) => (who(&r.gm_id), who(&r.author_id), r.rating.to_string(), r.hidden_at.is_some(), r.body.as_str()),
            None => (String::new(), String::new(), String::new(), false, ""),
        };
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{gm}\t{author}\t{rating}\t{}\t{}\t{}",
            report.created_at.to_rfc3339(),
            who(&report.reporter_id),
            report.review_id,
            if hidden { "hidden" } else { "shown" },
            one_line(body),
            one_line(&report.reason),
        );
    }
    Ok(out)
}

fn one_line(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}
