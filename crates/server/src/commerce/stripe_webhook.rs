//! stripeWebhook (`POST /api/payments/stripe/webhook`): Stripe's news about PaymentIntents and refunds
//! (decisions.md, "Commerce (issue 16)" §5). It only makes things happen sooner; it is never believed about money.
//!
//! - The raw body is checked before it is parsed: `Stripe-Signature` must carry a `v1` HMAC of `"<t>.<body>"` with
//!   `QUESTLINE_STRIPE_WEBHOOK_SECRET`, and `t` must be within five minutes of our clock; otherwise 400
//!   `webhook_signature_invalid` and nothing is written. Without a secret configured the route answers 404.
//! - It needs no CSRF header (no browser sends it: `app.rs` lists it in `CSRF_EXEMPT`) and no publishable key.
//! - Each event is handled once: its id goes into `stripe_events` in the transaction of its effect, and a redelivery
//!   finds it there and does nothing.
//! - `payment_intent.amount_capturable_updated` / `.succeeded`: the cart's completion is scheduled (the recovery
//!   job, brought forward), so a shopper whose browser never came back from the bank still gets the order. The job
//!   asks Stripe itself (authorise), as every completion does.
//! - `payment_intent.payment_failed` / `.canceled`: the cart's attempt is marked `error` / `canceled` (nothing was
//!   charged; the shopper may try again or choose another method).
//! - `refund.updated`: the refund job of that payment runs now instead of at its next retry.
//! - `charge.dispute.*` (created, updated, closed, funds withdrawn or reinstated): the dispute is read from Stripe
//!   and the ledger made to follow its money (`disputes.rs`).
//! - Anything else is recorded and answered 200 (Stripe stops resending what we acknowledged).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use questline_domain::ErrorCode;
use questline_domain::commerce::refunds::RefundReason;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, DbErr, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::entities::{payment_session, refund, stripe_event};
use crate::error::{ApiError, ErrorBody};
use crate::http::Json;
use crate::payments::stripe::{SignatureError, verify_signature};
use crate::state::{AppState, Write};

/// The route, relative to `/api` (the CSRF exemption names it).
pub const PATH: &str = "/payments/stripe/webhook";

/// The answer Stripe gets for every event we accept.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct WebhookReceived {
    /// Always `true`.
    pub received: bool,
}

/// The part of an event we read; the object stays JSON (PaymentIntent or Refund).
#[derive(Debug, Deserialize)]
struct StripeEvent {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Debug, Deserialize)]
struct EventData {
    object: Value,
}

fn signature_invalid() -> ApiError {
    ApiError::invalid_argument(
        ErrorCode::WebhookSignatureInvalid,
        "The Stripe-Signature header does not match this request: it is missing, made with another secret, or too \
         old.",
    )
}

fn payload_invalid() -> ApiError {
    ApiError::invalid_argument(ErrorCode::WebhookPayloadInvalid, "The body is not a Stripe event.")
}

/// Receives one Stripe event.
#[utoipa::path(
    post, path = "/payments/stripe/webhook", operation_id = "stripeWebhook", tag = super::TAG,
    params(("Stripe-Signature" = String, Header,
        description = "`t=<unix time>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\" with the webhook secret>`")),
    request_body(content = Object, content_type = "application/json",
        description = "A Stripe event, exactly as Stripe sent it (the signature covers the raw bytes)"),
    responses(
        (status = 200, description = "Accepted (also a redelivery, and an event type we do not act on)",
            body = WebhookReceived),
        (status = 400, description = "`webhook_signature_invalid` (nothing written), `webhook_payload_invalid`",
            body = ErrorBody),
        (status = 404, description = "Stripe's webhook is not configured on this instance (`route_not_found`)",
            body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<WebhookReceived>, ApiError> {
    // A call without Stripe's signature is not Stripe's, whether or not webhooks are on here: refused first, so the
    // answer to a stranger does not depend on the configuration (and the header is required, as documented).
    let signature = headers.get("stripe-signature").and_then(|value| value.to_str().ok());
    if signature.is_none() {
        tracing::warn!(reason = "missing", "a Stripe webhook was refused");
        return Err(signature_invalid());
    }
    let secret = state.config.stripe().ok().flatten().and_then(|stripe| stripe.webhook_secret);
    let Some(secret) = secret else {
        return Err(ApiError::not_found(ErrorCode::RouteNotFound, "There is no such API endpoint."));
    };
    let now = state.clock.now().timestamp();
    if let Err(error) = verify_signature(signature, &body, &secret, now) {
        let reason = match error {
            SignatureError::Malformed => "missing or malformed",
            SignatureError::Stale => "outside the five-minute tolerance",
            SignatureError::Mismatch => "no signature matches",
        };
        tracing::warn!(reason, "a Stripe webhook was refused");
        return Err(signature_invalid());
    }
    let event: StripeEvent = serde_json::from_slice(&body).map_err(|_| payload_invalid())?;
    if !event.id.starts_with("evt_") || event.id.len() > 255 || event.kind.len() > 255 {
        return Err(payload_invalid());
    }
    let (id, kind) = (event.id.clone(), event.kind.clone());
    let first = state.write(move |w| Box::pin(async move { handle(&w, &event).await })).await?;
    if first {
        tracing::info!(event = %id, %kind, "a Stripe event was handled");
    } else {
        tracing::info!(event = %id, %kind, "a Stripe event came again; nothing to do");
    }
    Ok(Json(WebhookReceived { received: true }))
}

/// Records the event and does what it asks, in one transaction; `false` when it was handled before.
async fn handle(w: &Write<'_>, event: &StripeEvent) -> Result<bool, ApiError> {
    let inserted = stripe_event::Entity::insert(stripe_event::ActiveModel {
        id: Set(event.id.clone()),
        kind: Set(event.kind.clone()),
        received_at: Set(w.now),
    })
    .on_conflict(OnConflict::column(stripe_event::Column::Id).do_nothing().to_owned())
    .exec_without_returning(w.txn)
    .await?;
    if inserted != 1 {
        return Ok(false);
    }
    let object = &event.data.object;
    let object_id = object["id"].as_str().unwrap_or_default();
    match event.kind.as_str() {
        "payment_intent.amount_capturable_updated" | "payment_intent.succeeded" => {
            if let Some(cart_id) = object["metadata"]["cart_id"].as_str() {
                super::completion::finish_after_webhook(w, cart_id, object_id).await?;
            }
        }
        "payment_intent.payment_failed" => attempt_ended(w, object_id, "error").await?,
        "payment_intent.canceled" => attempt_ended(w, object_id, "canceled").await?,
        "refund.updated" => refund_updated(w, object_id).await?,
        kind if kind.starts_with("charge.dispute.") && !object_id.is_empty() => {
            super::disputes::schedule(w, object_id, &event.id).await?;
        }
        _ => {}
    }
    Ok(true)
}

/// The attempt of this PaymentIntent failed or was cancelled at Stripe: its payment session says so, unless the
/// money already moved (an `authorized` or `captured` session is the completion's to finish).
async fn attempt_ended(w: &Write<'_>, intent: &str, status: &str) -> Result<(), DbErr> {
    payment_session::Entity::update_many()
        .col_expr(payment_session::Column::Status, Expr::value(status))
        .col_expr(payment_session::Column::UpdatedAt, Expr::value(w.now))
        .filter(payment_session::Column::ProviderRef.eq(intent))
        .filter(payment_session::Column::Status.is_in(["pending", "requires_more", "error"]))
        .exec(w.txn)
        .await?;
    Ok(())
}

/// A refund moved at Stripe: its payment's refund job runs now (it reads the refund from Stripe and confirms or
/// fails it), instead of waiting for its next retry.
async fn refund_updated(w: &Write<'_>, refund_id: &str) -> Result<(), DbErr> {
    let Some(row) = refund::Entity::find().filter(refund::Column::ProviderRefundId.eq(refund_id)).one(w.txn).await?
    else {
        return Ok(());
    };
    let reason = RefundReason::parse(&row.reason).unwrap_or(RefundReason::SessionCancelled);
    crate::jobs::hasten(w.txn, w.now, crate::jobs::kinds::refund(row.payment_id, reason)).await
}
