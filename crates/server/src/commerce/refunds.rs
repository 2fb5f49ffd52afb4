//! Refunds (decisions.md, "Commerce (issue 16)" §2): the player's request and the GM's decision, the list of a
//! session's payments with their refunds, and the `commerce.refund` job that pays a completed payment back in full.
//!
//! The sessions store schedules the job in the transaction of the move that causes a refund (a cancellation, a
//! player leaving before the start, …); an approved request schedules the same job. The job runs in three steps so
//! that no transaction is open while the provider is called: (1) upsert the `refunds` row `due`; (2) create the
//! provider's refund once (`refund:<refund id>` as the idempotency key, the provider's id kept) or read where it
//! stands; (3) on success one transaction marks it `confirmed`, moves the payment through the sessions front door
//! (`refunded`, or `waived` for an approved request), writes the ledger reversals dated the month of the
//! confirmation and marks the order refunded. A pending refund fails the run, so the runner retries it with
//! backoff; a refused one is `failed` and logged for the operator. Every step is safe to repeat.

use std::sync::Arc;

use axum::extract::State;
use chrono::{DateTime, Utc};
use futures::FutureExt;
use questline_domain::applications::message_field;
use questline_domain::commerce::format_minor;
use questline_domain::commerce::refunds::{
    self as rules, RefundDecision, RefundMove, RefundReason, RefundRefusal, RefundStatus,
};
use questline_domain::ids::{AccountId, PaymentId, SessionId};
use questline_domain::sessions::PaymentStatus;
use questline_domain::{DomainError, ErrorCode};
use sea_orm::sea_query::Expr;
use sea_orm::{
    AccessMode, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, IsolationLevel,
    QueryFilter, QueryOrder, TransactionTrait,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::entities::{order, refund};
use crate::auth::CurrentUser;
use crate::db::unique;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::jobs::kinds::{self, COMMERCE_REFUND, RefundPayload};
use crate::jobs::{Handler, JobRun};
use crate::pagination::{PageQuery, PageRequest};
use crate::payments::{RefundState, SYSTEM_PROVIDER_ID};
use crate::sessions::{self, SessionPayment};
use crate::state::{AppState, Write};

const TAG: &str = "commerce";

/// The job this module runs.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(COMMERCE_REFUND, Arc::new(|state, run| refund_job(state, run).boxed()))]
}

// ---------------------------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------------------------

/// A refund of a session payment: always the payment's full amount.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Refund {
    pub id: Uuid,
    pub payment_id: Uuid,
    pub session_id: Uuid,
    pub reason: RefundReason,
    pub status: RefundStatus,
    /// The payment's amount as a decimal string (`"25.00"`).
    pub amount: String,
    pub currency_code: String,
    /// The player's words with a request.
    pub request_message: Option<String>,
    /// The GM's words with a decision.
    pub decision_message: Option<String>,
    /// The GM who decided a request.
    pub decided_by: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RefundResponse {
    pub refund: Refund,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct RefundRequestBody {
    /// Why you ask (at most 1000 characters; blank is none).
    pub message: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct RefundDecisionBody {
    pub decision: RefundDecision,
    /// Why (at most 1000 characters; blank is none).
    pub message: Option<String>,
}

/// A session payment with its refund, if any.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionPaymentWithRefund {
    #[serde(flatten)]
    pub payment: SessionPayment,
    pub refund: Option<Refund>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionPaymentPage {
    pub items: Vec<SessionPaymentWithRefund>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

fn refund_view(row: &refund::Model, amount: String, currency_code: String) -> Refund {
    Refund {
        id: row.id,
        payment_id: row.payment_id,
        session_id: row.session_id,
        reason: RefundReason::parse(&row.reason).unwrap_or(RefundReason::SessionCancelled),
        status: status_of(row),
        amount,
        currency_code,
        request_message: row.request_message.clone(),
        decision_message: row.decision_message.clone(),
        decided_by: row.decided_by,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// Only the wire names are ever written; anything else reads as failed (final: nothing more happens to it).
fn status_of(row: &refund::Model) -> RefundStatus {
    RefundStatus::parse(&row.status).unwrap_or(RefundStatus::Failed)
}

fn payment_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SessionPaymentNotFound, "Session payment not found")
}

fn refused(refusal: RefundRefusal) -> ApiError {
    DomainError::from(refusal).into()
}

fn message(text: Option<&str>) -> Result<Option<String>, DomainError> {
    message_field(text, "message")
}

async fn refund_of(conn: &impl ConnectionTrait, payment_id: Uuid) -> Result<Option<refund::Model>, DbErr> {
    refund::Entity::find().filter(refund::Column::PaymentId.eq(payment_id)).one(conn).await
}

/// A refund request that waits for the GM's decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingRefund {
    pub payment_id: Uuid,
    pub session_id: Uuid,
    pub requested_at: DateTime<Utc>,
}

/// The refund requests of `sessions` that wait for a decision, the oldest first: one query.
pub async fn waiting_for_decision(conn: &impl ConnectionTrait, sessions: &[Uuid]) -> Result<Vec<WaitingRefund>, DbErr> {
    if sessions.is_empty() {
        return Ok(Vec::new());
    }
    let rows = refund::Entity::find()
        .filter(refund::Column::SessionId.is_in(sessions.to_vec()))
        .filter(refund::Column::Status.eq(RefundStatus::Requested.as_str()))
        .order_by_asc(refund::Column::CreatedAt)
        .order_by_asc(refund::Column::Id)
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| WaitingRefund {
            payment_id: row.payment_id,
            session_id: row.session_id,
            requested_at: row.created_at,
        })
        .collect())
}

// ---------------------------------------------------------------------------------------------------------------
// The request and the decision
// ---------------------------------------------------------------------------------------------------------------

/// Who acts on a payment: its payer asks for a refund, the session's GM decides.
#[derive(Clone, Copy)]
enum Side {
    Payer,
    GameMaster,
}

/// The payment, locked with its session, when `caller` is on `side` of it. The other side sees the payment but may
/// not do this (403); anyone else does not learn it exists (404). Callers read the body only after this, so a
/// stranger learns nothing from how it is refused.
async fn payment_for(
    w: &Write<'_>,
    payment_id: Uuid,
    caller: AccountId,
    side: Side,
) -> Result<sessions::PaymentFacts, ApiError> {
    let facts = sessions::lock_payment(w, PaymentId(payment_id)).await?.ok_or_else(payment_not_found)?;
    let (ours, theirs) = match side {
        Side::Payer => (facts.player_id, facts.gm_id),
        Side::GameMaster => (facts.gm_id, facts.player_id),
    };
    if ours == caller {
        return Ok(facts);
    }
    Err(match side {
        _ if theirs != caller => payment_not_found(),
        Side::Payer => ApiError::forbidden(ErrorCode::PayerOnly, "Only the player who paid can request a refund"),
        Side::GameMaster => {
            ApiError::forbidden(ErrorCode::GameMasterOnly, "Only the game master decides a refund request")
        }
    })
}

/// The player asks for their money back: a completed payment of a session not yet started, once.
async fn request(
    w: &Write<'_>,
    player: AccountId,
    payment_id: Uuid,
    message_sent: Option<String>,
) -> Result<Refund, ApiError> {
    let facts = payment_for(w, payment_id, player, Side::Payer).await?;
    let message = message(message_sent.as_deref())?;
    let existing = refund_of(w.txn, payment_id).await?;
    rules::check_request(facts.status, facts.session_status, existing.as_ref().map(status_of)).map_err(refused)?;
    let id = Uuid::now_v7();
    let row = refund::ActiveModel {
        id: Set(id),
        payment_id: Set(payment_id),
        session_id: Set(facts.session_id),
        // What it will be paid back as, if the GM approves.
        reason: Set(RefundReason::RequestApproved.as_str().to_owned()),
        status: Set(RefundStatus::Requested.as_str().to_owned()),
        request_message: Set(message),
        decision_message: Set(None),
        decided_by: Set(None),
        provider_refund_id: Set(None),
        created_at: Set(w.now),
        updated_at: Set(w.now),
    };
    refund::Entity::insert(row).exec_without_returning(w.txn).await.map_err(|error| {
        // Two requests racing: the unique payment id lets one in.
        crate::error::on_unique_violation(error, &unique::REFUND_PER_PAYMENT, || {
            refused(RefundRefusal::AlreadyExists { status: RefundStatus::Requested })
        })
    })?;
    let row = refund::Entity::find_by_id(id).one(w.txn).await?.ok_or_else(payment_not_found)?;
    // The GM hears of the request (it waits for their decision) and the session's pages refetch.
    sessions::refund_requested(w, PaymentId(payment_id)).await?;
    Ok(refund_view(&row, format_minor(facts.amount_minor), facts.currency_code.clone()))
}

/// The GM approves (the job pays it back; the player keeps the seat) or declines (final) a request.
async fn decide(
    w: &Write<'_>,
    gm: AccountId,
    payment_id: Uuid,
    decision: RefundDecision,
    message_sent: Option<String>,
) -> Result<Refund, ApiError> {
    let facts = payment_for(w, payment_id, gm, Side::GameMaster).await?;
    let message = message(message_sent.as_deref())?;
    let existing = refund_of(w.txn, payment_id).await?;
    let to = rules::check_decision(existing.as_ref().map(status_of), decision).map_err(refused)?;
    let Some(existing) = existing else { return Err(refused(RefundRefusal::NotRequested { status: None })) };
    let moved = refund::Entity::update_many()
        .col_expr(refund::Column::Status, Expr::value(to.as_str()))
        .col_expr(refund::Column::DecisionMessage, Expr::value(message))
        .col_expr(refund::Column::DecidedBy, Expr::value(gm.as_uuid()))
        .col_expr(refund::Column::UpdatedAt, Expr::value(w.now))
        .filter(refund::Column::Id.eq(existing.id))
        .filter(refund::Column::Status.eq(RefundStatus::Requested.as_str()))
        .exec(w.txn)
        .await?;
    if moved.rows_affected != 1 {
        return Err(refused(RefundRefusal::NotRequested { status: Some(status_of(&existing)) }));
    }
    if decision == RefundDecision::Approve {
        w.schedule(kinds::refund(payment_id, RefundReason::RequestApproved)).await?;
    }
    sessions::payments_changed(w, SessionId(facts.session_id)).await?;
    let row = refund::Entity::find_by_id(existing.id).one(w.txn).await?.ok_or_else(payment_not_found)?;
    Ok(refund_view(&row, format_minor(facts.amount_minor), facts.currency_code.clone()))
}

/// Asks for a refund of your completed payment of a session that has not started. The GM decides; an approved
/// refund pays the full amount back and you keep your seat as the GM's guest. Leaving the session refunds
/// without asking.
#[utoipa::path(
    post, path = "/session-payments/{payment_id}/refund-request", operation_id = "requestRefund", tag = TAG,
    params(("payment_id" = Uuid, Path, description = "Your session payment")),
    request_body = RefundRequestBody,
    responses(
        (status = 200, description = "Requested", body = RefundResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The session's GM cannot ask for a player's money (`payer_only`)", body = ErrorBody),
        (status = 404, description = "No such payment of yours (`session_payment_not_found`)", body = ErrorBody),
        (status = 409, description = "Not completed (`payment_not_refundable`), the session started or ended (`session_already_started`), or already requested (`refund_already_requested`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, body), fields(account = %user.id()))]
pub async fn request_refund(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(payment_id): Path<Uuid>,
    Json(body): Json<RefundRequestBody>,
) -> Result<Json<RefundResponse>, ApiError> {
    let player = user.id();
    let text = body.message;
    let refund = state.write(move |w| Box::pin(async move { request(&w, player, payment_id, text).await })).await?;
    Ok(Json(RefundResponse { refund }))
}

/// Approves or declines a player's refund request on your session. Approving pays the full amount back (the
/// player keeps the seat as your guest: the payment becomes `waived`); declining is final for that payment.
#[utoipa::path(
    post, path = "/session-payments/{payment_id}/refund-request/decision", operation_id = "decideRefund", tag = TAG,
    params(("payment_id" = Uuid, Path, description = "A payment of your session")),
    request_body = RefundDecisionBody,
    responses(
        (status = 200, description = "Decided", body = RefundResponse),
        (status = 400, description = "`decision` is not `approve` or `decline`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The player cannot decide their own request (`game_master_only`)", body = ErrorBody),
        (status = 404, description = "No such payment of your session (`session_payment_not_found`)", body = ErrorBody),
        (status = 409, description = "No request waits for a decision (`refund_not_requested`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, body), fields(account = %user.id()))]
pub async fn decide_refund(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(payment_id): Path<Uuid>,
    Json(body): Json<RefundDecisionBody>,
) -> Result<Json<RefundResponse>, ApiError> {
    let gm = user.id();
    let text = body.message;
    let decision = body.decision;
    let refund =
        state.write(move |w| Box::pin(async move { decide(&w, gm, payment_id, decision, text).await })).await?;
    Ok(Json(RefundResponse { refund }))
}

/// A session's payments with their refunds: the GM sees every one, a participant their own.
#[utoipa::path(
    get, path = "/sessions/{session_id}/payments", operation_id = "listSessionPayments", tag = TAG,
    params(("session_id" = Uuid, Path, description = "A session you run or take part in"), PageQuery),
    responses(
        (status = 200, description = "The payments, oldest first", body = SessionPaymentPage),
        (status = 400, description = "A bad `offset` or `limit` (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, page), fields(account = %user.id()))]
pub async fn list_session_payments(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Query(page): Query<PageQuery>,
) -> Result<Json<SessionPaymentPage>, ApiError> {
    let page = PageRequest::try_from(page)?;
    // The payments and the refunds from one snapshot: a refund confirmed between two reads would otherwise show
    // as `confirmed` beside a payment still `completed`.
    let db = state.db.conn();
    let snapshot = match db.get_database_backend() {
        DbBackend::Postgres => {
            db.begin_with_config(Some(IsolationLevel::RepeatableRead), Some(AccessMode::ReadOnly)).await?
        }
        // SQLite: a deferred transaction reads one snapshot from its first read on.
        _ => db.begin().await?,
    };
    let conn = &snapshot;
    let payments = sessions::payments_seen_by(conn, user.id(), SessionId(session_id))
        .await?
        .ok_or_else(|| ApiError::not_found(ErrorCode::SessionNotFound, "Session not found"))?;
    let count = payments.len() as u64;
    let refunds = refund::Entity::find().filter(refund::Column::SessionId.eq(session_id)).all(conn).await?;
    let offset = usize::try_from(page.offset).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit).unwrap_or(usize::MAX);
    let items = payments
        .into_iter()
        .skip(offset)
        .take(limit)
        .map(|payment| {
            let refund = refunds
                .iter()
                .find(|row| row.payment_id == payment.id)
                .map(|row| refund_view(row, payment.amount.clone(), payment.currency_code.clone()));
            SessionPaymentWithRefund { payment, refund }
        })
        .collect();
    snapshot.commit().await?;
    Ok(Json(SessionPaymentPage { items, count, offset: page.offset, limit: page.limit }))
}

// ---------------------------------------------------------------------------------------------------------------
// The job
// ---------------------------------------------------------------------------------------------------------------

/// What step 2 asks the provider about.
#[derive(Debug, Clone)]
struct Due {
    refund_id: Uuid,
    provider_id: String,
    transaction_id: String,
    amount_minor: i64,
    currency_code: String,
    provider_refund_id: Option<String>,
}

/// Step 1: the refund row is `due` (created, or moved from requested or declined), or `None` when there is nothing
/// to pay back: already confirmed or failed, or the payment is not completed (never captured, or already settled).
async fn make_due(w: &Write<'_>, payload: &RefundPayload) -> Result<Option<Due>, ApiError> {
    let Some(facts) = sessions::lock_payment(w, PaymentId(payload.payment_id)).await? else { return Ok(None) };
    let existing = refund_of(w.txn, payload.payment_id).await?;
    let from = existing.as_ref().map(status_of);
    if facts.status != PaymentStatus::Completed {
        return Ok(None);
    }
    let Some(to) = rules::refund_next(from, RefundMove::Schedule) else { return Ok(None) };
    // A refund already due keeps its reason (an approval and a cancellation racing: the first one decided).
    let reason = match (&existing, from) {
        (Some(row), Some(RefundStatus::Due)) => row.reason.clone(),
        _ => payload.reason.as_str().to_owned(),
    };
    let row = match existing {
        Some(row) => {
            refund::Entity::update_many()
                .col_expr(refund::Column::Status, Expr::value(to.as_str()))
                .col_expr(refund::Column::Reason, Expr::value(reason))
                .col_expr(refund::Column::UpdatedAt, Expr::value(w.now))
                .filter(refund::Column::Id.eq(row.id))
                .exec(w.txn)
                .await?;
            refund::Entity::find_by_id(row.id).one(w.txn).await?.ok_or_else(payment_not_found)?
        }
        None => {
            let row = refund::ActiveModel {
                id: Set(Uuid::now_v7()),
                payment_id: Set(facts.payment_id),
                session_id: Set(facts.session_id),
                reason: Set(reason),
                status: Set(to.as_str().to_owned()),
                request_message: Set(None),
                decision_message: Set(None),
                decided_by: Set(None),
                provider_refund_id: Set(None),
                created_at: Set(w.now),
                updated_at: Set(w.now),
            };
            let id = Uuid::now_v7();
            refund::Entity::insert(refund::ActiveModel { id: Set(id), ..row }).exec_without_returning(w.txn).await?;
            refund::Entity::find_by_id(id).one(w.txn).await?.ok_or_else(payment_not_found)?
        }
    };
    sessions::payments_changed(w, SessionId(facts.session_id)).await?;
    let order = order::Entity::find()
        .filter(order::Column::PaymentId.eq(facts.payment_id))
        .order_by_desc(order::Column::CreatedAt)
        .one(w.txn)
        .await?;
    let transaction_id = order.as_ref().map(|o| o.transaction_id.clone()).or(facts.transaction_id.clone());
    // A payment recorded without an order (completed before orders existed) can only be the built-in provider's,
    // whose transaction ids start `sys_`; anything else has no provider to ask and is left for the operator.
    let provider_id = match (&order, transaction_id.as_deref()) {
        (Some(order), _) => order.provider_id.clone(),
        (None, Some(id)) if id.starts_with("sys_") => SYSTEM_PROVIDER_ID.to_owned(),
        _ => String::new(),
    };
    Ok(Some(Due {
        refund_id: row.id,
        provider_id,
        transaction_id: transaction_id.unwrap_or_default(),
        amount_minor: facts.amount_minor,
        currency_code: facts.currency_code,
        provider_refund_id: row.provider_refund_id,
    }))
}

/// Step 3 on success, one transaction: confirmed, the payment refunded or waived, the ledger reversed in the
/// confirmation's month, the order refunded. Only a `due` refund moves, so a repeated run writes nothing twice.
async fn confirm(w: &Write<'_>, refund_id: Uuid) -> Result<bool, ApiError> {
    let Some(row) = refund::Entity::find_by_id(refund_id).one(w.txn).await? else { return Ok(false) };
    // The session first, then the refund row: the order a request and a decision lock them in, so the two never
    // wait for each other on PostgreSQL.
    sessions::lock_payment(w, PaymentId(row.payment_id)).await?;
    let moved = refund::Entity::update_many()
        .col_expr(refund::Column::Status, Expr::value(RefundStatus::Confirmed.as_str()))
        .col_expr(refund::Column::UpdatedAt, Expr::value(w.now))
        .filter(refund::Column::Id.eq(refund_id))
        .filter(refund::Column::Status.eq(RefundStatus::Due.as_str()))
        .exec(w.txn)
        .await?;
    if moved.rows_affected != 1 {
        return Ok(false);
    }
    let reason = RefundReason::parse(&row.reason).unwrap_or(RefundReason::SessionCancelled);
    sessions::payment_refunded(w, PaymentId(row.payment_id), rules::payment_after_refund(reason)).await?;
    super::ledger::reverse_payment(w.txn, row.payment_id, w.now).await?;
    order::Entity::update_many()
        .col_expr(order::Column::PaymentStatus, Expr::value("refunded"))
        .col_expr(order::Column::UpdatedAt, Expr::value(w.now))
        .filter(order::Column::PaymentId.eq(row.payment_id))
        .exec(w.txn)
        .await?;
    Ok(true)
}

/// Step 3 on a refusal: `failed`, for the operator to settle by hand.
async fn fail(w: &Write<'_>, refund_id: Uuid) -> Result<(), ApiError> {
    refund::Entity::update_many()
        .col_expr(refund::Column::Status, Expr::value(RefundStatus::Failed.as_str()))
        .col_expr(refund::Column::UpdatedAt, Expr::value(w.now))
        .filter(refund::Column::Id.eq(refund_id))
        .filter(refund::Column::Status.eq(RefundStatus::Due.as_str()))
        .exec(w.txn)
        .await?;
    Ok(())
}

async fn refund_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: RefundPayload = serde_json::from_value(run.payload)?;
    let payment_id = payload.payment_id;
    let due = state
        .write(move |w| Box::pin(async move { make_due(&w, &payload).await }))
        .await
        .map_err(|error| anyhow::anyhow!("preparing the refund of payment {payment_id} failed: {error:?}"))?;
    let Some(due) = due else { return Ok(()) };
    let refund_id = due.refund_id;
    let Some(provider) = state.payment_providers.get(&due.provider_id) else {
        tracing::error!(payment = %payment_id, refund = %refund_id, provider = %due.provider_id,
            "a refund cannot be paid: its payment provider is not configured on this instance; settle it by hand");
        state
            .write(move |w| Box::pin(async move { fail(&w, refund_id).await }))
            .await
            .map_err(|error| anyhow::anyhow!("{error:?}"))?;
        return Ok(());
    };
    let state_now = match &due.provider_refund_id {
        Some(id) => provider.refund_status(id).await?,
        None => {
            let key = format!("refund:{refund_id}");
            let created = provider.refund(&due.transaction_id, due.amount_minor, &due.currency_code, &key).await?;
            let provider_refund_id = created.refund_id.clone();
            state
                .write(move |w| {
                    Box::pin(async move {
                        refund::Entity::update_many()
                            .col_expr(refund::Column::ProviderRefundId, Expr::value(provider_refund_id))
                            .filter(refund::Column::Id.eq(refund_id))
                            .exec(w.txn)
                            .await?;
                        Ok::<_, ApiError>(())
                    })
                })
                .await
                .map_err(|error| anyhow::anyhow!("{error:?}"))?;
            created.state
        }
    };
    match state_now {
        RefundState::Succeeded => {
            let confirmed = state
                .write(move |w| Box::pin(async move { confirm(&w, refund_id).await }))
                .await
                .map_err(|error| anyhow::anyhow!("confirming refund {refund_id} failed: {error:?}"))?;
            if confirmed {
                tracing::info!(payment = %payment_id, refund = %refund_id, "refund confirmed");
            }
            Ok(())
        }
        RefundState::Pending => anyhow::bail!("refund {refund_id} is still pending at the provider"),
        RefundState::Failed => {
            tracing::error!(payment = %payment_id, refund = %refund_id,
                "the payment provider refused a refund; settle it by hand");
            state
                .write(move |w| Box::pin(async move { fail(&w, refund_id).await }))
                .await
                .map_err(|error| anyhow::anyhow!("{error:?}"))?;
            Ok(())
        }
    }
}
