//! Direct chat (issue 17): one conversation per pair of accounts, started from a series (with its GM, the series
//! becoming the conversation's context, marked in the history where it changed) or from a profile. Only the two
//! participants read or write it. Messages are plain text, stored before they are acknowledged, idempotent by the
//! sender's client id, numbered within their conversation (`seq`) for paging and read markers, and limited per
//! minute (`QUESTLINE_CHAT_MESSAGES_PER_MINUTE`). A block stops the blocked person's messages and hides the
//! conversation from the blocker; reports are kept for an admin (`questline admin reports`). The rules are the
//! domain's (`questline_domain::chat`). Audience of chat events: the two participants (`events.rs`).

mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use std::fmt::Write as _;

use sea_orm::{ConnectionTrait, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: a message still unread a few minutes after it was sent becomes a
/// notification for its reader (decisions.md, "Notifications (issue 18)").
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(store::UNREAD, std::sync::Arc::new(|state, run| futures::FutureExt::boxed(unread_job(state, run))))]
}

async fn unread_job(state: AppState, run: crate::jobs::JobRun) -> anyhow::Result<()> {
    let payload: store::UnreadPayload = serde_json::from_value(run.payload)?;
    let now = state.clock.now();
    state
        .db
        .write(move |txn| {
            Box::pin(async move { Ok::<_, crate::error::ApiError>(store::notify_unread(txn, &payload, now).await?) })
        })
        .await
        .map_err(|error| anyhow::anyhow!("notifying of an unread message failed: {error:?}"))?;
    Ok(())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::start_direct_chat, handlers::list_chats))
        .routes(routes!(handlers::get_chat))
        .routes(routes!(handlers::get_chat_user))
        .routes(routes!(handlers::list_chat_messages, handlers::send_chat_message))
        .routes(routes!(handlers::mark_chat_read))
        .routes(routes!(handlers::block_user, handlers::unblock_user))
        .routes(routes!(handlers::report_chat_message))
}

/// `questline admin reports`: every report, newest first, as tab-separated lines (when, reporter, reported
/// account, message id, the message as reported, the reason), with a header line. Tabs and line breaks inside a
/// text are shown as `\t` and `\n` so that each report stays on one line.
pub async fn reports_listing(conn: &impl ConnectionTrait) -> Result<String, DbErr> {
    let rows = queries::reports(conn).await?;
    let mut ids: Vec<uuid::Uuid> = rows.iter().flat_map(|row| [row.reporter_id, row.reported_account_id]).collect();
    ids.sort_unstable();
    ids.dedup();
    let names = crate::accounts::display_names(conn, &ids).await?;
    let who = |id: &uuid::Uuid| format!("{id} ({})", one_line(names.get(id).map_or("", String::as_str)));
    let mut out = String::from("created_at\treporter\treported\tmessage_id\tmessage\treason\n");
    for row in &rows {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}",
            row.created_at.to_rfc3339(),
            who(&row.reporter_id),
            who(&row.reported_account_id),
            row.message_id.map(|id| id.to_string()).unwrap_or_default(),
            one_line(row.message_body.as_deref().unwrap_or("")),
            one_line(row.reason.as_deref().unwrap_or("")),
        );
    }
    Ok(out)
}

fn one_line(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n").replace('\r', "\\r")
}
