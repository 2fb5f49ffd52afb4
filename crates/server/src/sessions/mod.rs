//! Sessions: one game of a series, run by its GM with the players who got a seat. The GM creates a session of an
//! active series with pricing for some of its accepted players (invited), fixes the date, starts preparation
//! (payments for a paid series), starts, completes or stops it early, or cancels it; the players confirm (a seat),
//! reject, mark ready and leave. The state machines, the automatic moves and the schedule rules are the domain's
//! (`questline_domain::sessions`). Every change is a history row and an event for the GM and the participants.
//! A durable job cancels a session still not in progress an hour after its scheduled start.
//!
//! Other features call the hooks below (a player leaving a series, a series ending, an account erased).

mod commands;
mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use futures::FutureExt;
use futures::future::BoxFuture;
use questline_domain::ErrorCode;
use questline_domain::ids::{AccountId, PaymentId, SeriesId, SessionId};
use questline_domain::sessions::{PaymentStatus, SessionStatus};
use sea_orm::{ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub use dto::SessionPayment;
pub use store::{ABANDON, PaymentRefs, REMIND};

use crate::error::ApiError;
use crate::jobs::{Handler, JobRun};
use crate::state::{AppState, Write};
use store::Tx;

/// The background work of this feature: the 60-minute rule and the reminders before a session.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![
        (ABANDON, Arc::new(|state, run| abandon_job(state, run).boxed())),
        (REMIND, Arc::new(|state, run| remind_job(state, run).boxed())),
    ]
}

async fn remind_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: store::RemindPayload = serde_json::from_value(run.payload)?;
    let now = state.clock.now();
    state
        .db
        .write(move |txn| Box::pin(async move { store::remind(Tx { txn, now }, &payload).await }))
        .await
        .map_err(|error| anyhow::anyhow!("reminding of a session failed: {error:?}"))?;
    Ok(())
}

async fn abandon_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: store::AbandonPayload = serde_json::from_value(run.payload)?;
    let now = state.clock.now();
    let cancelled = state
        .db
        .write(move |txn| Box::pin(async move { store::abandon(Tx { txn, now }, payload.session_id).await }))
        .await
        .map_err(|error| anyhow::anyhow!("abandoning a session failed: {error:?}"))?;
    if cancelled {
        tracing::info!(session = %payload.session_id, "cancelled a session not started an hour after its start");
    }
    Ok(())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::create_session))
        .routes(routes!(handlers::list_gm_sessions))
        .routes(routes!(handlers::get_gm_session))
        .routes(routes!(handlers::delete_session))
        .routes(routes!(handlers::update_session_schedule))
        .routes(routes!(handlers::start_session_planning))
        .routes(routes!(handlers::fix_session_schedule))
        .routes(routes!(handlers::start_session_preparation))
        .routes(routes!(handlers::start_session))
        .routes(routes!(handlers::complete_session))
        .routes(routes!(handlers::stop_session_early))
        .routes(routes!(handlers::cancel_session))
        .routes(routes!(handlers::add_session_participants))
        .routes(routes!(handlers::remove_session_participant))
        .routes(routes!(handlers::list_player_sessions))
        .routes(routes!(handlers::get_player_session))
        .routes(routes!(handlers::confirm_participation))
        .routes(routes!(handlers::reject_participation))
        .routes(routes!(handlers::mark_ready))
        .routes(routes!(handlers::leave_session))
}

/// A seat the store may sell: the session payment behind a `variant_…` id, with what a line item and an order
/// need to show and split it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayableSeat {
    pub payment_id: Uuid,
    pub session_id: Uuid,
    pub series_id: Uuid,
    /// The seller: the session's GM.
    pub gm_id: Uuid,
    /// The buyer: the payment's player.
    pub player_id: Uuid,
    pub amount_minor: i64,
    /// Lower-case ISO 4217.
    pub currency_code: String,
    /// "<series title> — <session start>", the start in the series' time zone.
    pub title: String,
    /// The series' title alone, for a buyer's screen that shows the start in their own words.
    pub series_title: String,
    pub scheduled_start: DateTime<Utc>,
}

/// Commerce's front door to a seat: `payment_id` as `account` may pay it now, read in `conn` (commerce's
/// transaction when it adds or records the seat, so the answer holds for the write). Someone else's payment, or
/// none, is 404 `variant_not_found` (its existence is not revealed); a payment the caller may not pay now
/// (`sessions::may_pay`: not open, of a participant not holding a seat, or of a session not waiting for payment
/// or ready to start — waiting for players is too early) is 409 `seat_not_payable`.
pub async fn payable_seat(
    conn: &impl ConnectionTrait,
    account: AccountId,
    payment_id: PaymentId,
) -> Result<PayableSeat, ApiError> {
    let not_found = || ApiError::not_found(ErrorCode::VariantNotFound, "Variant not found");
    let found = queries::payment_with_session(conn, payment_id.as_uuid()).await?;
    let (payment, session) = found.filter(|(p, _)| p.player_id == account.as_uuid()).ok_or_else(not_found)?;
    let participant = queries::participant_of(conn, session.id, account.as_uuid()).await?;
    // The rule `store::payment_completed` and `store::payment_pending` apply again under the session's lock.
    let may_pay = participant.as_ref().is_some_and(|p| {
        questline_domain::sessions::may_pay(
            queries::status(&session),
            queries::participant_status(p),
            Some(queries::payment_status(&payment)),
        )
    });
    if !may_pay {
        return Err(ApiError::conflict(
            ErrorCode::SeatNotPayable,
            "This seat cannot be paid now: it is already paid, or you no longer hold it, or the session is not \
             waiting for payment.",
        ));
    }
    let facts = crate::series::session_facts_of(conn, SeriesId(session.series_id)).await?;
    let (series_title, zone) = match &facts {
        Some(facts) => (facts.title.clone(), facts.time_zone.clone()),
        None => (String::new(), "UTC".to_owned()),
    };
    Ok(PayableSeat {
        payment_id: payment.id,
        session_id: session.id,
        series_id: session.series_id,
        gm_id: session.game_master_id,
        player_id: payment.player_id,
        amount_minor: payment.amount_minor,
        currency_code: payment.currency_code.clone(),
        title: seat_title(&series_title, session.scheduled_start, &zone),
        series_title,
        scheduled_start: session.scheduled_start,
    })
}

/// Commerce's front door when a payment session starts for a seat: an open payment becomes `pending` (decisions.md,
/// Commerce §2) and names the cart, in commerce's transaction. `false` when the payment is no longer open or the
/// session is no longer being prepared.
pub async fn payment_pending(w: &Write<'_>, payment_id: PaymentId, cart_id: &str) -> Result<bool, ApiError> {
    store::payment_pending(Tx::from(w), payment_id.as_uuid(), cart_id).await
}

/// "<series title> — <start>": the start as the series' players read it, in its time zone (UTC when unknown).
fn seat_title(series_title: &str, start: DateTime<Utc>, zone: &str) -> String {
    let local = match zone.parse::<chrono_tz::Tz>() {
        Ok(tz) => start.with_timezone(&tz).format("%Y-%m-%d %H:%M").to_string(),
        Err(_) => start.format("%Y-%m-%d %H:%M UTC").to_string(),
    };
    format!("{series_title} — {local}")
}

/// What feedback on a session needs to know of it and of one player's part in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedbackFacts {
    pub session_id: Uuid,
    pub series_id: Uuid,
    pub gm_id: AccountId,
    pub status: SessionStatus,
    /// The player's participation; `None` when they were never in the session.
    pub participation: Option<questline_domain::sessions::ParticipantStatus>,
}

/// Reviews' front door: the session and `player`'s participation in it, `None` for no such session.
pub async fn feedback_facts(
    conn: &impl ConnectionTrait,
    session_id: SessionId,
    player: AccountId,
) -> Result<Option<FeedbackFacts>, DbErr> {
    let Some(row) = queries::by_id(conn, session_id.as_uuid()).await? else { return Ok(None) };
    let participation = queries::participant_of(conn, session_id.as_uuid(), player.as_uuid()).await?;
    Ok(Some(FeedbackFacts {
        session_id: row.id,
        series_id: row.series_id,
        gm_id: AccountId(row.game_master_id),
        status: queries::status(&row),
        participation: participation.as_ref().map(queries::participant_status),
    }))
}

/// Profiles' front door: how many sessions the account played (to the end, or leaving early).
pub async fn sessions_played(conn: &impl ConnectionTrait, account: AccountId) -> Result<u64, DbErr> {
    queries::played_count(conn, account.as_uuid()).await
}

/// Player hook: how many sessions each of these accounts played (none: left out), as applications show it.
pub fn sessions_played_by<'c>(
    conn: &'c DatabaseConnection,
    accounts: &'c [Uuid],
) -> BoxFuture<'c, Result<std::collections::HashMap<Uuid, u64>, DbErr>> {
    Box::pin(queries::played_counts(conn, accounts))
}

/// Profiles' front door: how many sessions the GM ran (completed, or stopped early once started).
pub async fn sessions_run(conn: &impl ConnectionTrait, gm: AccountId) -> Result<u64, DbErr> {
    queries::run_count(conn, gm.as_uuid()).await
}

/// Series hook: a player who cancelled their accepted application (`removed` false) or whom the GM removed from
/// the series (`removed` true) leaves the series' sessions that have not started, in the transaction of the move.
pub fn on_player_left_series(
    txn: &DatabaseTransaction,
    series: SeriesId,
    player: AccountId,
    removed: bool,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), ApiError>> {
    Box::pin(store::leave_series(Tx { txn, now }, series.as_uuid(), player.as_uuid(), removed))
}

/// Series hook: a completed or cancelled series cancels its sessions that have not started.
pub fn on_series_ended(
    txn: &DatabaseTransaction,
    series: SeriesId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), ApiError>> {
    Box::pin(store::series_ended(Tx { txn, now }, series.as_uuid()))
}

/// Series hook: the series' player requirements changed, so each of its sessions in preparation makes the
/// automatic moves the new minimum calls for (a lower minimum with enough players ready moves it on), in the
/// transaction of the change.
pub fn on_series_requirements_changed(
    txn: &DatabaseTransaction,
    series: SeriesId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), ApiError>> {
    Box::pin(store::requirements_changed(Tx { txn, now }, series.as_uuid()))
}

/// Account hook: an erased account's own sessions that have not started are cancelled and their payments
/// refunded (`gm_unavailable`), and its participations in sessions that have not started are cancelled (seats
/// freed, payments refunded as `withdrawn`); the rows and the history stay.
pub fn on_account_erased(
    txn: &DatabaseTransaction,
    account: AccountId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(async move {
        let tx = Tx { txn, now };
        store::gm_unavailable(tx, account)
            .await
            .map_err(|error| DbErr::Custom(format!("cancelling the sessions of an erased GM: {error:?}")))?;
        store::account_erased(tx, account)
            .await
            .map_err(|error| DbErr::Custom(format!("cancelling the participations of an erased account: {error:?}")))
    })
}

/// Account hook: a suspended GM's sessions that have not started are cancelled and their payments refunded
/// (`gm_unavailable`). Their participations as a player stay: a suspension may be lifted before the game.
pub fn on_account_suspended(
    txn: &DatabaseTransaction,
    account: AccountId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(async move {
        store::gm_unavailable(Tx { txn, now }, account)
            .await
            .map_err(|error| DbErr::Custom(format!("cancelling the sessions of a suspended GM: {error:?}")))
    })
}

/// Commerce's front door to the payments: the provider confirmed the refund of `payment_id`, which becomes `to`
/// (`refunded`, or `waived` for an approved request), in commerce's transaction. `false`: it was not completed.
pub async fn payment_refunded(w: &Write<'_>, payment_id: PaymentId, to: PaymentStatus) -> Result<bool, ApiError> {
    store::payment_refunded(Tx::from(w), payment_id.as_uuid(), to).await
}

/// What commerce's refunds need to know of one session payment and its session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentFacts {
    pub payment_id: Uuid,
    pub session_id: Uuid,
    pub series_id: Uuid,
    pub player_id: AccountId,
    pub gm_id: AccountId,
    pub status: PaymentStatus,
    pub session_status: SessionStatus,
    pub amount_minor: i64,
    pub currency_code: String,
    pub order_id: Option<String>,
    pub transaction_id: Option<String>,
}

fn facts(paid: entities::payment::Model, row: entities::session::Model) -> PaymentFacts {
    PaymentFacts {
        payment_id: paid.id,
        session_id: row.id,
        series_id: row.series_id,
        player_id: AccountId(paid.player_id),
        gm_id: AccountId(row.game_master_id),
        status: queries::payment_status(&paid),
        session_status: queries::status(&row),
        amount_minor: paid.amount_minor,
        currency_code: paid.currency_code,
        order_id: paid.order_id,
        transaction_id: paid.transaction_id,
    }
}

/// Commerce's front door: a payment and its session as they are now; `None` when there is no such payment.
pub async fn payment_facts(conn: &impl ConnectionTrait, payment_id: PaymentId) -> Result<Option<PaymentFacts>, DbErr> {
    Ok(queries::payment_with_session(conn, payment_id.as_uuid()).await?.map(|(paid, row)| facts(paid, row)))
}

/// Commerce's front door: the same, with the session's row locked for the rest of the write, so a refund request
/// or decision and a status move of the session happen one after the other.
pub async fn lock_payment(w: &Write<'_>, payment_id: PaymentId) -> Result<Option<PaymentFacts>, DbErr> {
    Ok(store::lock_payment(Tx::from(w), payment_id.as_uuid()).await?.map(|(row, paid)| facts(paid, row)))
}

/// Commerce's front door: a session's payments as `viewer` sees them (its GM all, a participant their own);
/// `None` for anyone else and for no such session, which the caller answers "not found".
pub async fn payments_seen_by(
    conn: &impl ConnectionTrait,
    viewer: AccountId,
    session_id: SessionId,
) -> Result<Option<Vec<SessionPayment>>, DbErr> {
    queries::payments_seen_by(conn, viewer, session_id.as_uuid()).await
}

/// Commerce's front door: something about the session's payments changed (a refund requested or decided), so the
/// GM's and the players' pages refetch.
pub async fn payments_changed(w: &Write<'_>, session_id: SessionId) -> Result<(), ApiError> {
    store::touched(Tx::from(w), session_id.as_uuid()).await
}

/// Commerce's front door: the payer asked for a refund of `payment_id`; the GM hears of it and the pages refetch.
pub async fn refund_requested(w: &Write<'_>, payment_id: PaymentId) -> Result<(), ApiError> {
    store::refund_requested(Tx::from(w), payment_id.as_uuid()).await
}

/// Commerce's front door: a dispute withdrew a payment's money (`held`) or gave it back; the GM hears of it.
pub async fn payment_disputed(w: &Write<'_>, payment_id: PaymentId, held: bool, key: String) -> Result<(), ApiError> {
    store::payment_disputed(Tx::from(w), payment_id.as_uuid(), held, key).await
}

/// Commerce's front door: what the earnings page names a session by, its series' title and its scheduled start,
/// for each of `ids` that exists.
pub async fn labels(
    conn: &impl ConnectionTrait,
    ids: &[Uuid],
) -> Result<std::collections::HashMap<Uuid, (String, DateTime<Utc>)>, DbErr> {
    queries::labels(conn, ids).await
}

/// One session as the Dashboard lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionGlance {
    pub id: Uuid,
    pub series_id: Uuid,
    pub status: SessionStatus,
    pub scheduled_start: DateTime<Utc>,
    pub duration_minutes: i32,
}

/// One session of an account's calendar (`calendar_of`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarRow {
    pub session: SessionGlance,
    pub gm_id: AccountId,
    /// The reader's participation; `None` when the reader runs the session.
    pub me: Option<questline_domain::sessions::ParticipantStatus>,
    /// How many times the session's time or status changed.
    pub changes: u32,
    /// The last change of the session or of the reader's participation.
    pub changed_at: DateTime<Utc>,
}

/// The calendar's front door: the sessions `account` runs or is (or was) a participant of, scheduled from `since`
/// on, soonest first; or, with `only`, that one session if the account runs it or has a participant row in it.
pub async fn calendar_of(
    conn: &impl ConnectionTrait,
    account: AccountId,
    since: DateTime<Utc>,
    only: Option<SessionId>,
) -> Result<Vec<CalendarRow>, DbErr> {
    queries::calendar_of(conn, account, since, only.map(|id| id.as_uuid())).await
}

/// A player's payment for a session, as the Dashboard shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlancePayment {
    pub id: Uuid,
    pub status: PaymentStatus,
    pub amount_minor: i64,
    pub currency_code: String,
}

/// One of a player's sessions as the Dashboard lists it, with their own participation and payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerGlance {
    pub session: SessionGlance,
    pub me: questline_domain::sessions::ParticipantStatus,
    pub payment: Option<GlancePayment>,
}

/// The Dashboard's front door: the player's sessions not over that they are still in, soonest first, at most
/// `limit` (three queries, whatever the number).
pub async fn glances_of_player(
    conn: &impl ConnectionTrait,
    player: AccountId,
    limit: u64,
) -> Result<Vec<PlayerGlance>, DbErr> {
    queries::glances_of_player(conn, player, limit).await
}

/// The Dashboard's front door: the finished sessions the player played in, scheduled from `since` on, oldest first,
/// at most `limit` (two queries); no payment is read.
pub async fn played_by(
    conn: &impl ConnectionTrait,
    player: AccountId,
    since: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<PlayerGlance>, DbErr> {
    queries::played_by(conn, player, since, limit).await
}

/// The Dashboard's front door: the GM's sessions not over, soonest first, at most `limit` (one query).
pub async fn glances_of_gm(
    conn: &impl ConnectionTrait,
    gm: AccountId,
    limit: u64,
) -> Result<Vec<SessionGlance>, DbErr> {
    queries::glances_of_gm(conn, gm, limit).await
}

/// Commerce's front door: the provider declined an attempt; the payment stays open and counts the attempt.
pub async fn payment_declined(w: &Write<'_>, payment_id: PaymentId) -> Result<(), ApiError> {
    store::payment_declined(Tx::from(w), payment_id.as_uuid()).await
}

/// Commerce's front door: an order paid the payment, in the transaction that records it. The payment becomes
/// `completed` with `refs`, the session makes its automatic moves and its GM's page updates live. `false` (nothing
/// written) when the payment is no longer open, so the order must not be recorded.
pub async fn payment_completed(w: &Write<'_>, payment_id: PaymentId, refs: PaymentRefs) -> Result<bool, ApiError> {
    store::payment_completed(Tx::from(w), payment_id.as_uuid(), refs).await
}
