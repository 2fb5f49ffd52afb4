//! The built-in commerce backend, shaped after the Medusa v2 store API (decisions.md, "Commerce (issue 16): the
//! plan"): regions, carts with one seat, shipping, payment collections and sessions with pluggable providers. A seat
//! is a session payment (`sessions::payable_seat`); the sessions feature is changed only through its front door.
//! Every `/api/store/*` route passes the publishable-key layer (`publishable_key.rs`, applied in `app.rs`).
//! Refunds (`refunds.rs`: the request, the decision, the refund job) and what the ledger says a GM earned
//! (`earnings.rs`: the earnings page and the payouts CSV) are ours, not Medusa's: our envelope, decimal strings.
//! So is Stripe's signed webhook (`stripe_webhook.rs`), which finishes completions and refunds sooner and has
//! disputes (chargebacks) read and followed in the ledger (`disputes.rs`).
//!
//! This file is the table of contents: each operation lives in the module named for its resource.

mod cart_core;
mod cart_view;
pub mod carts;
pub mod completion;
mod disputes;
mod dto;
pub mod earnings;
mod entities;
mod ledger;
pub mod line_items;
pub mod orders;
pub mod payment_collections;
pub mod publishable_key;
pub mod refunds;
pub mod regions;
pub mod shipping;
pub mod stripe_webhook;

use std::sync::Arc;

use futures::FutureExt;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::kinds::{FINISH_COMPLETION, RELEASE_ATTEMPT};
use crate::jobs::{Handler, JobRun};
use crate::state::AppState;

pub(crate) const TAG: &str = "commerce";

/// The shipping profile of the one shipping option (served by `GET /api/config`).
pub const SHIPPING_PROFILE_ID: &str = "sp_digital_seat";

pub use refunds::WaitingRefund;

/// The Dashboard's front door: the refund requests of the GM's `sessions` that wait for their decision (one query).
pub async fn refunds_waiting(
    conn: &impl sea_orm::ConnectionTrait,
    sessions: &[uuid::Uuid],
) -> Result<Vec<WaitingRefund>, sea_orm::DbErr> {
    refunds::waiting_for_decision(conn, sessions).await
}

/// A new store id with `prefix`: 128 bits from the operating system's generator (decisions.md, Commerce §3).
pub fn new_id(prefix: &str) -> String {
    questline_domain::commerce::store_id(prefix, rand::random())
}

/// A shopper's free-form object (`data`, `metadata`) checked before anything is written: flat string values of at
/// most 4 KiB (`questline_domain::commerce::check_free_form`), else 400 naming `field`.
pub(crate) fn check_free_form(
    field: &str,
    given: Option<&serde_json::Map<String, serde_json::Value>>,
) -> Result<(), crate::error::ApiError> {
    let Some(map) = given else { return Ok(()) };
    questline_domain::commerce::check_free_form(map).map_err(|error| {
        let message = format!("{field}: {}", error.message);
        crate::error::ApiError::invalid_argument(error.code, message)
            .with_fields(questline_domain::FieldErrors::from([(field.to_owned(), vec![error])]))
    })
}

/// The background work of this feature: abandoned carts are deleted daily, completions a crash or a lost
/// connection interrupted are finished, refunds are paid back and disputes are followed.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    let mut jobs: Vec<(&'static str, Handler)> = vec![
        (carts::PRUNE_CARTS, Arc::new(|state, run| prune_carts(state, run).boxed())),
        (FINISH_COMPLETION, Arc::new(|state, run| completion::finish_completion_job(state, run).boxed())),
        (
            payment_collections::CANCEL_ATTEMPT,
            Arc::new(|state, run| payment_collections::cancel_attempt_job(state, run).boxed()),
        ),
        (RELEASE_ATTEMPT, Arc::new(|state, run| payment_collections::release_attempt_job(state, run).boxed())),
    ];
    jobs.extend(refunds::jobs());
    jobs.extend(disputes::jobs());
    jobs
}

async fn prune_carts(state: AppState, _run: JobRun) -> anyhow::Result<()> {
    let deleted = carts::prune_abandoned(state.db.conn(), state.clock.now()).await?;
    tracing::info!(deleted, "pruned abandoned carts");
    Ok(())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(regions::list_regions))
        .routes(routes!(regions::get_region))
        .routes(routes!(carts::create_cart))
        .routes(routes!(carts::get_cart, carts::update_cart))
        .routes(routes!(carts::transfer_cart))
        .routes(routes!(line_items::add_cart_line_item))
        .routes(routes!(shipping::list_shipping_options))
        .routes(routes!(shipping::add_cart_shipping_method))
        .routes(routes!(payment_collections::list_payment_providers))
        .routes(routes!(payment_collections::create_payment_collection))
        .routes(routes!(payment_collections::initiate_payment_session))
        .routes(routes!(completion::complete_cart))
        .routes(routes!(orders::get_order))
        .routes(routes!(orders::list_orders))
        .routes(routes!(refunds::request_refund))
        .routes(routes!(refunds::decide_refund))
        .routes(routes!(refunds::list_session_payments))
        .routes(routes!(earnings::list_my_earnings))
        .routes(routes!(stripe_webhook::stripe_webhook))
}
