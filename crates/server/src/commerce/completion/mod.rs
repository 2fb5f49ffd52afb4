//! completeCart (`POST /store/carts/{id}/complete`): a cart becomes an order, the payment `completed`, the ledger
//! three rows richer (decisions.md, commerce §4). The work is a state machine stored in `cart_completions`
//! (`started → authorized → captured → recorded`, or `voided`; the domain's `CompletionState`) because it talks
//! to a payment provider, which no database transaction can include:
//!
//! 1. **Claim**, one write: a recorded completion answers its order; a live lease answers 409
//!    `cart_completion_in_progress`; otherwise the caller takes a 30-second lease, a fresh claim checks the cart
//!    and the seat, and the recovery job `commerce.finish_completion` is scheduled (unique per cart, in 60 s).
//! 2. **Authorise**, no transaction open. A declined attempt releases the lease, counts the attempt on the
//!    payment and answers 200 `{type: "cart", cart, error}`, Medusa's shape.
//! 3. **Capture** with the key `capture:<cart_id>` → `captured` (the transaction id kept).
//! 4. **Record**, one write: the order (invoice fields, display number), the cart completed, the payment session
//!    captured, the three ledger rows, `recorded`, and `sessions::payment_completed`, which completes the payment
//!    and lets the session move on. A seat no longer payable by then → `voided`, the money returned, 409
//!    `seat_not_payable`.
//!
//! Every step stores its result before the next begins and every provider call is idempotent, so whoever comes
//! next (a second click, another instance, the recovery job after a crash) resumes from the stored state and
//! nothing is charged or recorded twice; 100 concurrent completions make one order.
//!
//! A provider that settles in-process (`PaymentProvider::settles_locally`, the built-in one) needs no steps: the
//! claim authorises, captures and records in its own write (`started → recorded`), so there is no state between
//! for a crash to leave and no recovery job is scheduled. Either the whole sale commits or nothing does. This
//! halves the writes of a checkout's slowest request (docs/performance.md, checkout).

use std::sync::Arc;

use axum::extract::State;
use chrono::{DateTime, Duration, Utc};
use questline_domain::commerce::ledger::{CompletionState, FeeBps, split};
use questline_domain::commerce::{
    BillingAddressInput, OrderId, id_prefix, parse_billing_address, parse_checkout_email,
};
use questline_domain::ids::{AccountId, PaymentId};
use questline_domain::{DomainError, ErrorCode, ErrorType, FieldErrors};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::cart_core::Shopper;
use super::dto::Cart;
use super::entities::{cart, cart_completion, line_item, order, order_counter, payment_collection, payment_session};
use super::ledger;
use super::orders::{Order, StoredItem, order_not_found};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path};
use crate::jobs::kinds::FINISH_COMPLETION;
use crate::jobs::{Job, JobRun};
use crate::payments::{Attempt, Authorisation, PaymentProvider};
use crate::sessions::{self, PayableSeat, PaymentRefs};
use crate::state::{AppState, Write};

mod record;

use record::{Sale, record, write_order};

/// How long a claim holds a cart: far longer than a built-in completion takes, short enough that a crashed one
/// is resumed by the next click.
pub const LEASE: Duration = Duration::seconds(30);
/// When the recovery job first looks: after the lease, so it never races a completion still running.
pub const RECOVERY_DELAY: Duration = Duration::seconds(60);

fn in_progress() -> ApiError {
    ApiError::conflict(
        ErrorCode::CartCompletionInProgress,
        "This cart is being completed. Wait a moment and try again.",
    )
}

fn seat_not_payable() -> ApiError {
    ApiError::conflict(
        ErrorCode::SeatNotPayable,
        "This seat can no longer be paid for: you no longer hold it, or the session moved on. Any money taken is \
         returned.",
    )
}

fn cart_empty() -> ApiError {
    ApiError::new(ErrorType::InvalidData, ErrorCode::CartEmpty, "The cart has no seat to pay for.")
}

fn payment_session_required() -> ApiError {
    ApiError::new(
        ErrorType::InvalidData,
        ErrorCode::PaymentSessionRequired,
        "Choose a payment method before completing the cart.",
    )
}

/// Medusa's error beside a cart that did not complete.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CompletionError {
    pub message: String,
    /// Always `Error`, as Medusa sends it.
    pub name: String,
    /// `payment_authorization_error` (declined) or `payment_requires_more_error` (the shopper has a step to do).
    #[serde(rename = "type")]
    pub kind: String,
}

/// completeCart's answer: the order, or the cart again with why it did not complete.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CompleteCartResponse {
    // Both boxed: the answer is built once and serialised, and the two shapes differ much in size.
    Order { order: Box<Order> },
    Cart { cart: Box<Cart>, error: CompletionError },
}

/// The recovery job's input.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FinishPayload {
    pub cart_id: String,
    /// Set when Stripe's webhook said this PaymentIntent holds the money: the job then starts the completion even
    /// if the shopper never asked for it (their browser never came back from the bank), as long as the intent is
    /// still the cart's live attempt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_intent: Option<String>,
}

/// How long a completion started by the webhook waits, so the shopper's returning browser, which usually follows
/// within a second or two, completes first instead of finding the cart busy.
pub const WEBHOOK_GRACE: Duration = Duration::seconds(10);

/// The webhook's news that `payment_intent` holds the money for `cart_id`: the cart's recovery job is scheduled (or
/// brought forward) to finish the completion shortly, whether or not the browser comes back. Nothing is trusted from
/// the event: the job asks Stripe (authorise) like any completion.
pub async fn finish_after_webhook(w: &Write<'_>, cart_id: &str, payment_intent: &str) -> Result<(), DbErr> {
    let payload = FinishPayload { cart_id: cart_id.to_owned(), payment_intent: Some(payment_intent.to_owned()) };
    let job =
        Job::new(FINISH_COMPLETION, payload).at(w.now + WEBHOOK_GRACE).unique(format!("{FINISH_COMPLETION}:{cart_id}"));
    crate::jobs::hasten(w.txn, w.now, job).await
}

/// A completion this caller holds the lease of, with what the provider calls need.
#[derive(Debug, Clone)]
struct Claimed {
    state: CompletionState,
    cart_id: String,
    /// The transaction id once captured.
    provider_ref: Option<String>,
    provider_id: String,
    attempt: Attempt,
}

/// What a claim found.
enum Claim {
    /// Already recorded: this order.
    Recorded(String),
    /// Settled and recorded in the claim's own write (a provider that settles locally).
    Settled(Box<order::Model>),
    Claimed(Claimed),
}

/// How a completion ended for this caller.
enum Outcome {
    Order(String),
    /// Declined or more needed: the error for Medusa's cart answer.
    Cart(CompletionError),
}

fn state_of(row: &cart_completion::Model) -> CompletionState {
    CompletionState::parse(&row.state).unwrap_or(CompletionState::Started)
}

/// The cart's live payment session, if it has one: one query, its collection found by a subquery.
async fn live_session(conn: &impl ConnectionTrait, cart_id: &str) -> Result<Option<payment_session::Model>, DbErr> {
    let collection = Query::select()
        .column(payment_collection::Column::Id)
        .from(payment_collection::Entity)
        .and_where(Expr::col((payment_collection::Entity, payment_collection::Column::CartId)).eq(cart_id))
        .to_owned();
    payment_session::Entity::find()
        .filter(Expr::col(payment_session::Column::PaymentCollectionId).in_subquery(collection))
        .filter(payment_session::Column::Status.ne("canceled"))
        .one(conn)
        .await
}

async fn the_item(conn: &impl ConnectionTrait, cart_id: &str) -> Result<Option<line_item::Model>, DbErr> {
    let mut items = line_item::Entity::find().filter(line_item::Column::CartId.eq(cart_id)).all(conn).await?;
    Ok(if items.len() == 1 { items.pop() } else { None })
}

/// What a fresh claim checks: the cart can become an order (the spec's checkout-address messages for the e-mail
/// and the billing address, one seat, a payment session) and its seat is still the buyer's to pay. Nothing is
/// written when it fails.
async fn check_cart(conn: &impl ConnectionTrait, cart: &cart::Model) -> Result<Checked, ApiError> {
    let mut fields = FieldErrors::new();
    if let Err(error) = parse_checkout_email(cart.email.as_deref()) {
        fields.entry("email".to_owned()).or_default().push(error);
    }
    let address = BillingAddressInput {
        first_name: cart.billing_first_name.clone(),
        last_name: cart.billing_last_name.clone(),
        address_1: cart.billing_address_1.clone(),
        address_2: cart.billing_address_2.clone(),
        city: cart.billing_city.clone(),
        postal_code: cart.billing_postal_code.clone(),
        country_code: cart.billing_country_code.clone(),
        phone: cart.billing_phone.clone(),
    };
    if let Err(errors) = parse_billing_address(&address, "billing_address.") {
        fields.extend(errors);
    }
    if !fields.is_empty() {
        return Err(DomainError::invalid_fields(fields).into());
    }
    let item = the_item(conn, &cart.id).await?.ok_or_else(cart_empty)?;
    let buyer = cart.account_id.ok_or_else(cart_empty)?;
    let session = live_session(conn, &cart.id).await?.ok_or_else(payment_session_required)?;
    let seat = sessions::payable_seat(conn, AccountId(buyer), PaymentId(item.payment_id)).await?;
    Ok(Checked { item, session, seat })
}

/// A cart found ready to become an order, with what the order needs.
#[derive(Debug, Clone)]
struct Checked {
    item: line_item::Model,
    session: payment_session::Model,
    seat: PayableSeat,
}

/// The cart, its row locked for this write (`FOR UPDATE` on PostgreSQL; SQLite's write lock is the whole
/// database). Every write that touches a cart and its seat's payment takes the cart first, then the session and
/// its payment (`sessions::payment_completed`, `sessions::payment_pending`), then the payment sessions, so a
/// completion racing `initiatePaymentSession` on the same cart waits for it instead of deadlocking (issue 31).
async fn lock_cart(w: &Write<'_>, cart_id: &str) -> Result<Option<cart::Model>, DbErr> {
    cart::Entity::find_by_id(cart_id.to_owned()).lock_exclusive().one(w.txn).await
}

/// The cart checked in the claim's write. `precheck` is [`check_cart`] run before the write on `cart` (as the
/// caller read it), so the write's turn is not spent on it: it is trusted when the cart has not changed since (every
/// change to a cart, its seat, address or payment session included, bumps its version), else the cart as it is now
/// is checked again. The seat itself may have gone meanwhile without the cart changing: `sessions::payment_completed`
/// refuses it under the session's lock (the payment no longer open, or the session no longer being prepared).
async fn checked_in(
    w: &Write<'_>,
    cart: &cart::Model,
    precheck: Option<Checked>,
) -> Result<(cart::Model, Checked), ApiError> {
    let current = lock_cart(w, &cart.id).await?.ok_or_else(super::cart_core::cart_not_found)?;
    let checked = match precheck {
        Some(checked) if current.version == cart.version => checked,
        _ => check_cart(w.txn, &current).await?,
    };
    Ok((current, checked))
}

/// Step 1: take the cart's completion for this caller, in one write; with a provider that settles locally, the
/// whole completion.
async fn claim(
    w: &Write<'_>,
    state: &AppState,
    cart: &cart::Model,
    precheck: Option<Checked>,
) -> Result<Claim, ApiError> {
    let locked_until = w.now + LEASE;
    // A first click inserts the completion (one statement); only when there is one already is it read. On
    // PostgreSQL the insert waits for a racing claim to commit, so a completion settled meanwhile is read here and
    // its order answered, as a later click would be.
    let order_id = super::new_id(id_prefix::ORDER);
    let inserted = cart_completion::Entity::insert(cart_completion::ActiveModel {
        cart_id: Set(cart.id.clone()),
        state: Set(CompletionState::Started.as_str().to_owned()),
        order_id: Set(order_id.clone()),
        provider_ref: Set(None),
        locked_until: Set(Some(locked_until)),
        attempt: Set(0),
        created_at: Set(w.now),
        updated_at: Set(w.now),
    })
    .on_conflict(OnConflict::column(cart_completion::Column::CartId).do_nothing().to_owned())
    .exec_without_returning(w.txn)
    .await?;
    let (stage, provider_ref, order_id) = if inserted == 1 {
        (CompletionState::Started, None, order_id)
    } else {
        let existing = cart_completion::Entity::find_by_id(cart.id.clone()).one(w.txn).await?;
        match existing {
            Some(row) if state_of(&row) == CompletionState::Recorded => return Ok(Claim::Recorded(row.order_id)),
            Some(row) if state_of(&row) == CompletionState::Voided => return Err(seat_not_payable()),
            Some(row) => take_over(w, row, locked_until).await?,
            None => return Err(in_progress()),
        }
    };
    // A fresh attempt checks everything; one resumed after the money moved goes on to record (which checks the
    // seat again, and voids if it went).
    let (item, session) = if stage == CompletionState::Started {
        let (cart, Checked { item, session, seat }) = checked_in(w, cart, precheck).await?;
        if let Some(order) = settle_now(w, state, &cart, &order_id, &item, &session, seat).await? {
            return Ok(Claim::Settled(Box::new(order)));
        }
        (item, session)
    } else {
        let item = the_item(w.txn, &cart.id).await?.ok_or_else(|| ApiError::internal(anyhow::anyhow!("no item")))?;
        let session =
            live_session(w.txn, &cart.id).await?.ok_or_else(|| ApiError::internal(anyhow::anyhow!("no session")))?;
        (item, session)
    };
    let job = Job::new(FINISH_COMPLETION, FinishPayload { cart_id: cart.id.clone(), payment_intent: None })
        .at(w.now + RECOVERY_DELAY)
        .unique(format!("{FINISH_COMPLETION}:{}", cart.id));
    w.schedule(job).await?;
    Ok(Claim::Claimed(Claimed {
        state: stage,
        cart_id: cart.id.clone(),
        provider_ref,
        provider_id: session.provider_id.clone(),
        attempt: attempt_of(cart, &item, &session),
    }))
}

/// Takes an unfinished completion whose lease was released or ran out (a declined attempt, a crashed holder) for
/// this caller until `locked_until`: its stage, provider reference and order id. `in_progress` while its lease is
/// live, or when another caller took it first.
async fn take_over(
    w: &Write<'_>,
    row: cart_completion::Model,
    locked_until: DateTime<Utc>,
) -> Result<(CompletionState, Option<String>, String), ApiError> {
    if row.locked_until.is_some_and(|until| until > w.now) {
        return Err(in_progress());
    }
    let free = Condition::any()
        .add(cart_completion::Column::LockedUntil.is_null())
        .add(cart_completion::Column::LockedUntil.lte(w.now));
    let taken = cart_completion::Entity::update_many()
        .col_expr(cart_completion::Column::LockedUntil, Expr::value(locked_until))
        .col_expr(cart_completion::Column::UpdatedAt, Expr::value(w.now))
        .filter(cart_completion::Column::CartId.eq(row.cart_id.clone()))
        .filter(cart_completion::Column::State.eq(row.state.clone()))
        .filter(free)
        .exec(w.txn)
        .await?;
    if taken.rows_affected != 1 {
        return Err(in_progress());
    }
    Ok((state_of(&row), row.provider_ref, row.order_id))
}

/// What the provider is asked about this cart's payment.
fn attempt_of(cart: &cart::Model, item: &line_item::Model, session: &payment_session::Model) -> Attempt {
    Attempt {
        cart_id: cart.id.clone(),
        payment_id: item.payment_id,
        provider_ref: session.provider_ref.clone(),
        amount_minor: session.amount_minor,
        currency_code: session.currency_code.clone(),
    }
}

/// The key of the cart's one capture.
fn capture_key(cart_id: &str) -> String {
    format!("capture:{cart_id}")
}

/// A fresh claim whose provider settles locally: authorised, captured and recorded in the claim's write, the
/// seat checked just before in the same transaction. `None` when the provider is not such a one or did not
/// authorise; the stepwise path then takes over (and answers a decline as it always does). A seat lost in
/// between (on PostgreSQL another transaction may take it after the check) rolls the whole write back: no money
/// moved, nothing is recorded.
async fn settle_now(
    w: &Write<'_>,
    state: &AppState,
    cart: &cart::Model,
    order_id: &str,
    item: &line_item::Model,
    session: &payment_session::Model,
    seat: PayableSeat,
) -> Result<Option<order::Model>, ApiError> {
    let Some(provider) = state.payment_providers.get(&session.provider_id).filter(|p| p.settles_locally()) else {
        return Ok(None);
    };
    let attempt = attempt_of(cart, item, session);
    if !matches!(provider.authorise(&attempt).await, Ok(Authorisation::Authorized)) {
        return Ok(None);
    }
    let Ok(captured) = provider.capture(&attempt, &capture_key(&cart.id)).await else { return Ok(None) };
    let refs = PaymentRefs {
        cart_id: cart.id.clone(),
        order_id: OrderId::from(order_id.to_owned()),
        transaction_id: captured.transaction_id.clone(),
    };
    if !sessions::payment_completed(w, PaymentId(item.payment_id), refs).await? {
        return Err(seat_not_payable());
    }
    let bps = state.config.platform_fee_bps().unwrap_or_default();
    let sale = Sale {
        cart,
        item,
        seat,
        order_id,
        transaction_id: &captured.transaction_id,
        provider_id: provider.id(),
        payment_session_id: Some(&session.id),
    };
    // Moved before the order is written (one transaction either way) so the order counter is the write's last lock.
    let (from, to) = (CompletionState::Started, CompletionState::Recorded);
    if !advance_state(w, &cart.id, from, to, Some(&captured.transaction_id)).await? {
        return Err(in_progress());
    }
    Ok(Some(write_order(w, sale, bps).await?))
}

/// Moves a held completion from `from` to `to`, keeping the lease; `false` when someone else moved it first.
async fn advance_state(
    w: &Write<'_>,
    cart_id: &str,
    from: CompletionState,
    to: CompletionState,
    provider_ref: Option<&str>,
) -> Result<bool, DbErr> {
    debug_assert!(from.can_move_to(to));
    let mut update = cart_completion::Entity::update_many()
        .col_expr(cart_completion::Column::State, Expr::value(to.as_str()))
        .col_expr(cart_completion::Column::UpdatedAt, Expr::value(w.now))
        .filter(cart_completion::Column::CartId.eq(cart_id))
        .filter(cart_completion::Column::State.eq(from.as_str()));
    if let Some(reference) = provider_ref {
        update = update.col_expr(cart_completion::Column::ProviderRef, Expr::value(reference.to_owned()));
    }
    if to.is_final() {
        update = update.col_expr(cart_completion::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None));
    }
    Ok(update.exec(w.txn).await?.rows_affected == 1)
}

/// Sets the status of the cart's live payment session, if it has one.
async fn set_session_status(w: &Write<'_>, cart_id: &str, status: &str) -> Result<(), DbErr> {
    let Some(session) = live_session(w.txn, cart_id).await? else { return Ok(()) };
    set_status_of(w, &session.id, status).await
}

async fn set_status_of(w: &Write<'_>, payment_session_id: &str, status: &str) -> Result<(), DbErr> {
    payment_session::Entity::update_many()
        .col_expr(payment_session::Column::Status, Expr::value(status))
        .col_expr(payment_session::Column::UpdatedAt, Expr::value(w.now))
        .filter(payment_session::Column::Id.eq(payment_session_id))
        .exec(w.txn)
        .await?;
    Ok(())
}

fn provider_of(state: &AppState, id: &str) -> Result<Arc<dyn PaymentProvider>, ApiError> {
    state.payment_providers.get(id).ok_or_else(|| {
        ApiError::new(
            ErrorType::InvalidData,
            ErrorCode::ProviderNotAvailable,
            "This payment provider is not available.",
        )
    })
}

/// A provider failure: the lease is released so the next click (or the recovery job) tries again at once.
async fn provider_failed(state: &AppState, cart_id: &str, error: impl std::fmt::Display) -> ApiError {
    let cart_id_for_log = cart_id.to_owned();
    let cart_id = cart_id.to_owned();
    let released = state
        .write(move |w| {
            Box::pin(async move {
                cart_completion::Entity::update_many()
                    .col_expr(cart_completion::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
                    .filter(cart_completion::Column::CartId.eq(cart_id))
                    .exec(w.txn)
                    .await?;
                Ok(())
            })
        })
        .await;
    if let Err(release) = released {
        tracing::warn!(error = %release, "releasing a completion's lease failed; it runs out by itself");
    }
    tracing::error!(cart = %cart_id_for_log, %error, "a payment provider call failed during a completion");
    ApiError::service_unavailable(
        ErrorCode::PaymentProviderUnavailable,
        "The payment provider could not be reached. Try again in a moment.",
    )
}

/// Steps 2–4 for a held completion.
async fn finish(state: &AppState, mut claimed: Claimed) -> Result<Outcome, ApiError> {
    let provider = provider_of(state, &claimed.provider_id)?;
    if claimed.state == CompletionState::Started {
        let answer = match provider.authorise(&claimed.attempt).await {
            Ok(answer) => answer,
            Err(error) => return Err(provider_failed(state, &claimed.cart_id, error).await),
        };
        if let Some(error) = refused(&answer) {
            decline(state, &claimed).await?;
            return Ok(Outcome::Cart(error));
        }
        let cart_id = claimed.cart_id.clone();
        state
            .write(move |w| {
                Box::pin(async move {
                    advance_state(&w, &cart_id, CompletionState::Started, CompletionState::Authorized, None).await?;
                    set_session_status(&w, &cart_id, "authorized").await?;
                    Ok(())
                })
            })
            .await?;
        crate::failpoints::crash_point("commerce.after_authorise");
        claimed.state = CompletionState::Authorized;
    }
    if claimed.state == CompletionState::Authorized {
        let key = capture_key(&claimed.cart_id);
        let captured = match provider.capture(&claimed.attempt, &key).await {
            Ok(captured) => captured,
            Err(error) => return Err(provider_failed(state, &claimed.cart_id, error).await),
        };
        let cart_id = claimed.cart_id.clone();
        let transaction = captured.transaction_id.clone();
        state
            .write(move |w| {
                Box::pin(async move {
                    let (from, to) = (CompletionState::Authorized, CompletionState::Captured);
                    advance_state(&w, &cart_id, from, to, Some(&transaction)).await?;
                    Ok(())
                })
            })
            .await?;
        crate::failpoints::crash_point("commerce.after_capture");
        claimed.state = CompletionState::Captured;
        claimed.provider_ref = Some(captured.transaction_id);
    }
    record(state, claimed, provider).await
}

/// The error for Medusa's cart answer when the provider did not authorise.
fn refused(answer: &Authorisation) -> Option<CompletionError> {
    match answer {
        Authorisation::Authorized => None,
        Authorisation::RequiresMore => Some(CompletionError {
            message: "The payment needs another step from you before it can be completed.".into(),
            name: "Error".into(),
            kind: "payment_requires_more_error".into(),
        }),
        Authorisation::Declined { message } => Some(CompletionError {
            message: message.clone(),
            name: "Error".into(),
            kind: "payment_authorization_error".into(),
        }),
    }
}

/// A declined attempt: the lease is released (so nothing waits for the job), the attempt counted on the
/// completion and on the session's payment, which stays open.
async fn decline(state: &AppState, claimed: &Claimed) -> Result<(), ApiError> {
    let (cart_id, payment_id) = (claimed.cart_id.clone(), claimed.attempt.payment_id);
    state
        .write(move |w| {
            Box::pin(async move {
                cart_completion::Entity::update_many()
                    .col_expr(cart_completion::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
                    .col_expr(cart_completion::Column::Attempt, Expr::col(cart_completion::Column::Attempt).add(1))
                    .col_expr(cart_completion::Column::UpdatedAt, Expr::value(w.now))
                    .filter(cart_completion::Column::CartId.eq(cart_id.clone()))
                    .filter(cart_completion::Column::State.eq(CompletionState::Started.as_str()))
                    .exec(w.txn)
                    .await?;
                set_session_status(&w, &cart_id, "error").await?;
                sessions::payment_declined(&w, PaymentId(payment_id)).await
            })
        })
        .await
}

/// The answer for an outcome.
async fn answer(state: &AppState, cart: &cart::Model, outcome: Outcome) -> Result<CompleteCartResponse, ApiError> {
    match outcome {
        Outcome::Order(id) => {
            let row = order::Entity::find_by_id(id).one(state.db.conn()).await?.ok_or_else(order_not_found)?;
            Ok(CompleteCartResponse::Order { order: Box::new(row.into()) })
        }
        Outcome::Cart(error) => {
            let cart = super::cart_view::answer(state, &cart.id).await?.cart;
            Ok(CompleteCartResponse::Cart { cart: Box::new(cart), error })
        }
    }
}

/// Completes the cart: pays for its seat and records the order.
#[utoipa::path(
    post, path = "/store/carts/{id}/complete", operation_id = "completeCart", tag = super::TAG,
    params(("id" = String, Path, description = "Cart id (`cart_…`)")),
    responses(
        (status = 200, description = "`{type: \"order\", order}`, or `{type: \"cart\", cart, error}` when the \
            payment was declined or needs another step", body = CompleteCartResponse),
        (status = 404, description = "No such cart of yours (`cart_not_found`)", body = ErrorBody),
        (status = 409, description = "Another completion of this cart is running (`conflict`, \
            `cart_completion_in_progress`); the seat can no longer be paid for (`seat_not_payable`)", body = ErrorBody),
        (status = 422, description = "The cart lacks an e-mail, address, seat or payment session (`cart_incomplete`)",
            body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(cart = %id, account = ?shopper.account_id()))]
pub async fn complete_cart(
    State(state): State<AppState>,
    shopper: Shopper,
    Path(id): Path<String>,
) -> Result<Json<CompleteCartResponse>, ApiError> {
    let cart = super::cart_core::owned(state.db.conn(), &id, &shopper).await?;
    // Checked before the write; the claim trusts it if the cart is unchanged by then (`checked_in`).
    let precheck = check_cart(state.db.conn(), &cart).await.ok();
    let (for_claim, in_claim) = (cart.clone(), state.clone());
    let claim = state
        .write_retrying(move |w| {
            let (state, cart, precheck) = (in_claim.clone(), for_claim.clone(), precheck.clone());
            Box::pin(async move { claim(&w, &state, &cart, precheck).await })
        })
        .await?;
    let outcome = match claim {
        Claim::Settled(order) => return Ok(Json(CompleteCartResponse::Order { order: Box::new((*order).into()) })),
        Claim::Recorded(order_id) => Outcome::Order(order_id),
        Claim::Claimed(claimed) => finish(&state, claimed).await?,
    };
    Ok(Json(answer(&state, &cart, outcome).await?))
}

/// `commerce.finish_completion`: resumes a completion a crash (or a lost connection) left between claim and
/// record. A recorded or voided one, or one released after a decline, needs nothing; one whose lease is still
/// running is retried later by the runner; otherwise it is claimed like a click and finished.
pub async fn finish_completion_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: FinishPayload = serde_json::from_value(run.payload)?;
    let row = cart_completion::Entity::find_by_id(payload.cart_id.clone()).one(state.db.conn()).await?;
    match (&row, &payload.payment_intent) {
        (Some(row), _) if state_of(row).is_final() => return Ok(()),
        // Stripe says the money is held: start (or restart, after an attempt that needed more) the completion, if
        // that intent is still the cart's attempt (a replaced one was cancelled and pays for nothing).
        (_, Some(intent)) => {
            let live = live_session(state.db.conn(), &payload.cart_id).await?;
            if live.and_then(|session| session.provider_ref).as_deref() != Some(intent.as_str()) {
                tracing::info!(cart = %payload.cart_id, %intent, "a webhook's PaymentIntent is no longer the cart's");
                return Ok(());
            }
        }
        (None, None) => return Ok(()),
        (Some(row), None) if state_of(row) == CompletionState::Started && row.locked_until.is_none() => return Ok(()),
        (Some(_), None) => {}
    }
    let Some(cart) = cart::Entity::find_by_id(payload.cart_id.clone()).one(state.db.conn()).await? else {
        return Ok(());
    };
    let (for_claim, in_claim) = (cart.clone(), state.clone());
    let claimed = state
        .write_retrying(move |w| {
            let (state, cart) = (in_claim.clone(), for_claim.clone());
            Box::pin(async move { claim(&w, &state, &cart, None).await })
        })
        .await;
    let claim = match claimed {
        Ok(Claim::Claimed(claimed)) => claimed,
        Ok(Claim::Recorded(_) | Claim::Settled(_)) => return Ok(()),
        // Still held by a live request: the runner retries after it.
        Err(error) if error.code == ErrorCode::CartCompletionInProgress => {
            return Err(anyhow::anyhow!("the completion of {} is still held", cart.id));
        }
        // Raced another write twice: the runner retries later.
        Err(error) if error.is_write_conflict() => {
            return Err(anyhow::anyhow!("claiming the completion of {} raced another write", cart.id));
        }
        // The cart or the seat no longer allows a completion that never moved money: nothing to resume.
        Err(error) if error.status.is_client_error() => {
            tracing::info!(cart = %cart.id, code = %error.code, "the recovery job found nothing to finish");
            return Ok(());
        }
        Err(error) => return Err(anyhow::anyhow!("claiming the completion of {} failed: {error}", cart.id)),
    };
    let claimed = claim;
    match finish(&state, claimed).await {
        Ok(Outcome::Order(order)) => {
            tracing::info!(cart = %cart.id, %order, "the recovery job finished a completion");
            Ok(())
        }
        Ok(Outcome::Cart(error)) => {
            tracing::info!(cart = %cart.id, reason = %error.message, "the recovery job found the payment declined");
            Ok(())
        }
        Err(error) if error.code == ErrorCode::SeatNotPayable => {
            tracing::warn!(cart = %cart.id, "the recovery job voided a completion: the seat went meanwhile");
            Ok(())
        }
        Err(error) => Err(anyhow::anyhow!("finishing the completion of {} failed: {error}", cart.id)),
    }
}
