//! Payment collections and sessions (Medusa's shapes): a cart has at most one collection, asking the cart's total;
//! a payment session is one attempt with one provider, and a new one replaces the live one. Starting a session
//! marks the seat's payment `pending` through the sessions front door. Which providers a region offers is
//! `region_payment_providers` narrowed to those this instance has (the registry on `AppState`).

use axum::extract::State;
use questline_domain::commerce::ledger::CompletionState;
use questline_domain::commerce::{id_prefix, is_store_id};
use questline_domain::ids::{AccountId, PaymentId};
use questline_domain::{ErrorCode, ErrorType};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
};
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;
use uuid::Uuid;

use super::cart_core::{self, Shopper};
use super::dto::{
    CreatePaymentCollectionBody, InitiatePaymentSessionBody, PaymentCollection, PaymentCollectionResponse,
    PaymentProvider, PaymentProviderList, PaymentSession, major,
};
use super::entities::{cart, cart_completion, line_item, payment_collection, payment_session, region_payment_provider};
use super::{TAG, new_id};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::jobs::{Job, JobRun};
use crate::pagination::{PageQuery, PageRequest};
use crate::payments::InitiateRequest;
use crate::state::{AppState, Write};

/// A collection nobody has started paying.
pub const NOT_PAID: &str = "not_paid";
/// A payment session just started, nothing authorised yet.
pub const SESSION_PENDING: &str = "pending";

/// Releases a replaced attempt at its provider (a Stripe PaymentIntent the shopper may have confirmed, holding money
/// that will now never be captured). Scheduled in the transaction that drops the payment session; best effort with
/// the runner's retries, and a no-op for a provider that holds nothing.
pub const CANCEL_ATTEMPT: &str = "commerce.cancel_attempt";

/// What the cancellation job needs: the provider and its id of the attempt.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CancelPayload {
    pub provider_id: String,
    pub provider_ref: String,
    pub cart_id: String,
    pub amount_minor: i64,
    pub currency_code: String,
}

/// Schedules the cancellation of every attempt of the collection that a provider holds, before they are deleted.
async fn cancel_attempts(w: &Write<'_>, collection_id: &str, cart_id: &str) -> Result<(), DbErr> {
    let sessions = payment_session::Entity::find()
        .filter(payment_session::Column::PaymentCollectionId.eq(collection_id))
        .all(w.txn)
        .await?;
    cancel_held(w, sessions, cart_id).await
}

/// Schedules the cancelling of each of `sessions` whose attempt the provider may still hold.
async fn cancel_held(w: &Write<'_>, sessions: Vec<payment_session::Model>, cart_id: &str) -> Result<(), DbErr> {
    for session in sessions {
        if matches!(session.status.as_str(), "captured" | "canceled") {
            continue;
        }
        let Some(provider_ref) = session.provider_ref else { continue };
        let key = format!("{CANCEL_ATTEMPT}:{provider_ref}");
        let payload = CancelPayload {
            provider_id: session.provider_id,
            provider_ref,
            cart_id: cart_id.to_owned(),
            amount_minor: session.amount_minor,
            currency_code: session.currency_code,
        };
        w.schedule(Job::new(CANCEL_ATTEMPT, payload).unique(key)).await?;
    }
    Ok(())
}

/// `commerce.release_attempt`: the seat's payment failed before the cart completed, or another cart paid it, so
/// the cart's live attempts are cancelled (their payment sessions `canceled`, the provider's hold released by
/// `commerce.cancel_attempt`). A completion that moved money already owns it (a captured one is voided and paid
/// back); one still authorising is waited for.
pub async fn release_attempt_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: crate::jobs::kinds::ReleasePayload = serde_json::from_value(run.payload)?;
    let cart_id = payload.cart_id;
    let released = state
        .write(move |w| {
            Box::pin(async move {
                let completion = cart_completion::Entity::find_by_id(cart_id.clone()).one(w.txn).await?;
                match completion {
                    Some(row) if row.state != CompletionState::Started.as_str() => return Ok(true),
                    Some(row) if row.locked_until.is_some_and(|until| until > w.now) => return Ok(false),
                    _ => {}
                }
                let Some(collection) = payment_collection::Entity::find()
                    .filter(payment_collection::Column::CartId.eq(&cart_id))
                    .one(w.txn)
                    .await?
                else {
                    return Ok(true);
                };
                cancel_attempts(&w, &collection.id, &cart_id).await?;
                payment_session::Entity::update_many()
                    .col_expr(payment_session::Column::Status, Expr::value("canceled"))
                    .col_expr(payment_session::Column::UpdatedAt, Expr::value(w.now))
                    .filter(payment_session::Column::PaymentCollectionId.eq(&collection.id))
                    .filter(payment_session::Column::Status.is_not_in(["captured", "canceled"]))
                    .exec(w.txn)
                    .await?;
                Ok::<_, ApiError>(true)
            })
        })
        .await
        .map_err(|error| anyhow::anyhow!("releasing the attempts of a cart failed: {error:?}"))?;
    if !released {
        anyhow::bail!("a completion of the cart is running; its attempts are released after it");
    }
    Ok(())
}

/// `commerce.cancel_attempt`: asks the provider to release a replaced attempt. A provider this instance no longer
/// has is logged for the operator (nothing else can reach it).
pub async fn cancel_attempt_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: CancelPayload = serde_json::from_value(run.payload)?;
    let Some(provider) = state.payment_providers.get(&payload.provider_id) else {
        tracing::error!(provider = %payload.provider_id, attempt = %payload.provider_ref,
            "a replaced payment attempt cannot be cancelled: its provider is not configured; release it by hand");
        return Ok(());
    };
    let attempt = crate::payments::Attempt {
        cart_id: payload.cart_id.clone(),
        // The provider needs only its own reference to cancel; the seat is not looked at.
        payment_id: Uuid::nil(),
        provider_ref: Some(payload.provider_ref.clone()),
        amount_minor: payload.amount_minor,
        currency_code: payload.currency_code.clone(),
    };
    provider.cancel(&attempt).await.map_err(|error| anyhow::anyhow!("{error}"))?;
    tracing::info!(cart = %payload.cart_id, attempt = %payload.provider_ref, "a replaced payment attempt was cancelled");
    Ok(())
}

fn collection_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::PaymentCollectionNotFound, "Payment collection not found")
}

fn cart_empty() -> ApiError {
    ApiError::new(ErrorType::InvalidData, ErrorCode::CartEmpty, "Add a seat to the cart first.")
}

fn session_view(row: payment_session::Model) -> PaymentSession {
    PaymentSession {
        id: row.id,
        provider_id: row.provider_id,
        amount: major(row.amount_minor),
        currency_code: row.currency_code,
        status: row.status,
        data: row.data,
    }
}

async fn view(conn: &impl ConnectionTrait, row: payment_collection::Model) -> Result<PaymentCollection, DbErr> {
    let sessions = payment_session::Entity::find()
        .filter(payment_session::Column::PaymentCollectionId.eq(&row.id))
        .order_by_desc(payment_session::Column::CreatedAt)
        .all(conn)
        .await?;
    Ok(collection_view(row, sessions))
}

/// The collection as answered, with its sessions (newest first).
fn collection_view(row: payment_collection::Model, sessions: Vec<payment_session::Model>) -> PaymentCollection {
    PaymentCollection {
        id: row.id,
        currency_code: row.currency_code,
        amount: major(row.amount_minor),
        status: row.status,
        payment_sessions: sessions.into_iter().map(session_view).collect(),
    }
}

/// The cart's collection with its sessions, if it has one.
pub async fn of_cart(conn: &impl ConnectionTrait, cart_id: &str) -> Result<Option<PaymentCollection>, DbErr> {
    let row =
        payment_collection::Entity::find().filter(payment_collection::Column::CartId.eq(cart_id)).one(conn).await?;
    match row {
        Some(row) => Ok(Some(view(conn, row).await?)),
        None => Ok(None),
    }
}

/// The cart's seat or currency changed: its collection (if any) asks the new total, and its payment sessions, made
/// for the old one, are dropped; an attempt a provider holds (a Stripe PaymentIntent) is cancelled there by the
/// `commerce.cancel_attempt` job.
pub async fn reset(w: &Write<'_>, cart_id: &str) -> Result<(), ApiError> {
    let Some(row) =
        payment_collection::Entity::find().filter(payment_collection::Column::CartId.eq(cart_id)).one(w.txn).await?
    else {
        return Ok(());
    };
    let cart = cart::Entity::find_by_id(cart_id).one(w.txn).await?.ok_or_else(cart_core::cart_not_found)?;
    cancel_attempts(w, &row.id, cart_id).await?;
    payment_session::Entity::delete_many()
        .filter(payment_session::Column::PaymentCollectionId.eq(&row.id))
        .exec(w.txn)
        .await?;
    let mut active: payment_collection::ActiveModel = row.into();
    active.amount_minor = Set(cart_core::total_minor(w.txn, cart_id).await?);
    active.currency_code = Set(cart.currency_code);
    active.status = Set(NOT_PAID.into());
    active.updated_at = Set(w.now);
    active.update(w.txn).await?;
    Ok(())
}

/// The providers `region` offers on this instance, in id order.
async fn offered(state: &AppState, conn: &impl ConnectionTrait, region: Uuid) -> Result<Vec<String>, DbErr> {
    let rows = region_payment_provider::Entity::find()
        .filter(region_payment_provider::Column::RegionId.eq(region))
        .filter(region_payment_provider::Column::IsEnabled.eq(true))
        .order_by_asc(region_payment_provider::Column::ProviderId)
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(|row| row.provider_id).filter(|id| state.payment_providers.has(id)).collect())
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PaymentProvidersQuery {
    /// The cart's region.
    pub region_id: Uuid,
    /// How many to skip (default 0).
    #[param(maximum = 9_223_372_036_854_775_807_i64)]
    pub offset: Option<u64>,
    /// How many to return (default 20, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
}

/// The payment providers a region offers.
#[utoipa::path(
    get, path = "/store/payment-providers", operation_id = "listPaymentProviders", tag = TAG,
    params(PaymentProvidersQuery),
    responses(
        (status = 200, description = "The providers (none for an unknown region)", body = PaymentProviderList),
        (status = 400, description = "No `region_id`", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn list_payment_providers(
    State(state): State<AppState>,
    Query(query): Query<PaymentProvidersQuery>,
) -> Result<Json<PaymentProviderList>, ApiError> {
    let page = PageRequest::try_from(PageQuery { offset: query.offset, limit: query.limit })?;
    let all = offered(&state, state.db.conn(), query.region_id).await?;
    let count = all.len() as u64;
    let payment_providers = all
        .into_iter()
        .skip(usize::try_from(page.offset).unwrap_or(usize::MAX))
        .take(usize::try_from(page.limit).unwrap_or(usize::MAX))
        .map(|id| PaymentProvider { id, is_enabled: true })
        .collect();
    Ok(Json(PaymentProviderList { payment_providers, count, offset: page.offset, limit: page.limit }))
}

/// The cart's payment collection: created at its total the first time, the same one after.
#[utoipa::path(
    post, path = "/store/payment-collections", operation_id = "createPaymentCollection", tag = TAG,
    request_body = CreatePaymentCollectionBody,
    responses(
        (status = 200, description = "The cart's collection", body = PaymentCollectionResponse),
        (status = 404, description = "`cart_not_found`", body = ErrorBody),
        (status = 409, description = "`cart_completed` (and no collection)", body = ErrorBody),
        (status = 422, description = "`cart_empty`", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = ?shopper.account_id()))]
pub async fn create_payment_collection(
    State(state): State<AppState>,
    shopper: Shopper,
    Json(body): Json<CreatePaymentCollectionBody>,
) -> Result<Json<PaymentCollectionResponse>, ApiError> {
    let response = state
        .write(move |w| {
            Box::pin(async move {
                // The cart is locked first, so two racing requests find the one the first created; a completed
                // cart still answers its collection.
                let cart = match cart_core::lock(&w, &body.cart_id, &shopper).await? {
                    cart_core::Locked::Open(cart) | cart_core::Locked::Completed(cart) => cart,
                };
                let existing = payment_collection::Entity::find()
                    .filter(payment_collection::Column::CartId.eq(&cart.id))
                    .one(w.txn)
                    .await?;
                if let Some(row) = existing {
                    return Ok(PaymentCollectionResponse { payment_collection: view(w.txn, row).await? });
                }
                if cart.completed_at.is_some() {
                    return Err(cart_core::cart_completed());
                }
                let items = line_item::Entity::find().filter(line_item::Column::CartId.eq(&cart.id)).all(w.txn).await?;
                if items.is_empty() {
                    return Err(cart_empty());
                }
                let row = payment_collection::ActiveModel {
                    id: Set(new_id(id_prefix::PAYMENT_COLLECTION)),
                    cart_id: Set(cart.id.clone()),
                    currency_code: Set(cart.currency_code.clone()),
                    amount_minor: Set(cart_core::total_of(w.txn, &cart.id, &items).await?),
                    status: Set(NOT_PAID.into()),
                    created_at: Set(w.now),
                    updated_at: Set(w.now),
                }
                .insert(w.txn)
                .await?;
                // A new collection has no payment session yet.
                Ok(PaymentCollectionResponse { payment_collection: collection_view(row, Vec::new()) })
            })
        })
        .await?;
    Ok(Json(response))
}

/// What a payment session is started for, read before the provider is asked.
#[derive(Clone)]
struct Attempt {
    collection: payment_collection::Model,
    /// The collection's sessions as they were read.
    sessions: Vec<payment_session::Model>,
    cart_id: String,
    /// The cart's version when read: every change to the cart bumps it.
    cart_version: i64,
    account_id: Uuid,
    region_id: Uuid,
    payment_id: Uuid,
    amount_minor: i64,
    currency_code: String,
}

/// The shopper's open collection `id` with its one seat, still payable by them: what an attempt pays.
async fn attempt(conn: &impl ConnectionTrait, id: &str, shopper: &Shopper) -> Result<Attempt, ApiError> {
    if !is_store_id(id, id_prefix::PAYMENT_COLLECTION) {
        return Err(collection_not_found());
    }
    let collection = payment_collection::Entity::find_by_id(id).one(conn).await?.ok_or_else(collection_not_found)?;
    let cart = match cart_core::owned(conn, &collection.cart_id, shopper).await {
        Ok(cart) => cart,
        Err(_) => return Err(collection_not_found()),
    };
    if cart.completed_at.is_some() {
        return Err(cart_core::cart_completed());
    }
    let items = line_item::Entity::find().filter(line_item::Column::CartId.eq(&cart.id)).all(conn).await?;
    let ([item], Some(account)) = (items.as_slice(), cart.account_id) else { return Err(cart_empty()) };
    let seat = crate::sessions::payable_seat(conn, AccountId(account), PaymentId(item.payment_id)).await?;
    let sessions = payment_session::Entity::find()
        .filter(payment_session::Column::PaymentCollectionId.eq(&collection.id))
        .all(conn)
        .await?;
    Ok(Attempt {
        collection,
        sessions,
        cart_id: cart.id.clone(),
        cart_version: cart.version,
        account_id: account,
        region_id: cart.region_id,
        payment_id: seat.payment_id,
        amount_minor: cart_core::total_of(conn, &cart.id, &items).await?,
        currency_code: cart.currency_code,
    })
}

/// Starts paying the collection with a provider the cart's region offers; the new session replaces the live one.
#[utoipa::path(
    post, path = "/store/payment-collections/{id}/payment-sessions", operation_id = "initiatePaymentSession", tag = TAG,
    params(("id" = String, Path, description = "Payment collection id (`pay_col_…`)")),
    request_body = InitiatePaymentSessionBody,
    responses(
        (status = 200, description = "The collection with its new session", body = PaymentCollectionResponse),
        (status = 404, description = "`payment_collection_not_found`, `variant_not_found`", body = ErrorBody),
        (status = 409, description = "`cart_completed`, `seat_not_payable`", body = ErrorBody),
        (status = 422, description = "`cart_empty`, `no_payment_providers`, `provider_not_available`", body = ErrorBody),
        (status = 503, description = "The provider could not be reached (`payment_provider_unavailable`); nothing \
            was written", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(payment_collection = %id, account = ?shopper.account_id()))]
pub async fn initiate_payment_session(
    State(state): State<AppState>,
    shopper: Shopper,
    Path(id): Path<String>,
    Json(body): Json<InitiatePaymentSessionBody>,
) -> Result<Json<PaymentCollectionResponse>, ApiError> {
    let first = attempt(state.db.conn(), &id, &shopper).await?;
    let offered = offered(&state, state.db.conn(), first.region_id).await?;
    if offered.is_empty() {
        return Err(ApiError::new(
            ErrorType::InvalidData,
            ErrorCode::NoPaymentProviders,
            "No payment method is available in this region.",
        ));
    }
    let provider_id = body.provider_id.trim().to_owned();
    let provider = match state.payment_providers.get(&provider_id) {
        Some(provider) if offered.contains(&provider_id) => provider,
        _ => {
            return Err(ApiError::new(
                ErrorType::InvalidData,
                ErrorCode::ProviderNotAvailable,
                format!("The payment method {provider_id} is not available in this region."),
            ));
        }
    };
    let session_id = new_id(id_prefix::PAYMENT_SESSION);
    // The provider is asked outside any transaction (it may be a network call); what it answers is stored below
    // only if the cart still asks the same amount for the same seat.
    let initiated = provider
        .initiate(&InitiateRequest {
            cart_id: first.cart_id.clone(),
            payment_id: first.payment_id,
            payment_session_id: session_id.clone(),
            amount_minor: first.amount_minor,
            currency_code: first.currency_code.clone(),
        })
        .await
        .map_err(|error| {
            // The provider is down or refused our request (Stripe unreachable, a revoked key): nothing is written,
            // the shopper may try again or choose another method.
            tracing::error!(cart = %first.cart_id, provider = %provider_id, %error, "starting a payment failed");
            ApiError::service_unavailable(
                ErrorCode::PaymentProviderUnavailable,
                "The payment provider could not be reached. Try again in a moment, or choose another payment method.",
            )
        })?;
    // Retried once if it races another write on this cart (a completion): it starts again from the cart's lock.
    let response = state
        .write_retrying(move |w| {
            let (first, shopper, id) = (first.clone(), shopper.clone(), id.clone());
            let (initiated, provider_id, session_id) = (initiated.clone(), provider_id.clone(), session_id.clone());
            Box::pin(async move {
                let locked = cart_core::lock_open(&w, &first.cart_id, &shopper).await?;
                // Moved by this lock only: nothing in the cart changed since `first` was read, which still holds
                // (the seat itself is checked again below, by `payment_pending`).
                let now = if locked.version == first.cart_version + 1 {
                    first
                } else {
                    let now = attempt(w.txn, &id, &shopper).await?;
                    if (now.payment_id, now.amount_minor, &now.currency_code)
                        != (first.payment_id, first.amount_minor, &first.currency_code)
                    {
                        return Err(ApiError::stale_version());
                    }
                    now
                };
                // The sessions read with `now` are the collection's: only a write under this cart's lock adds one.
                let replaced = !now.sessions.is_empty();
                cancel_held(&w, now.sessions, &now.cart_id).await?;
                if replaced {
                    payment_session::Entity::delete_many()
                        .filter(payment_session::Column::PaymentCollectionId.eq(&now.collection.id))
                        .exec(w.txn)
                        .await?;
                }
                let session = payment_session::ActiveModel {
                    id: Set(session_id),
                    payment_collection_id: Set(now.collection.id.clone()),
                    provider_id: Set(provider_id),
                    amount_minor: Set(now.amount_minor),
                    currency_code: Set(now.currency_code.clone()),
                    status: Set(SESSION_PENDING.into()),
                    data: Set(initiated.data),
                    provider_ref: Set(initiated.provider_ref),
                    created_at: Set(w.now),
                    updated_at: Set(w.now),
                }
                .insert(w.txn)
                .await?;
                let collection = if now.collection.amount_minor == now.amount_minor {
                    now.collection
                } else {
                    payment_collection::Entity::update_many()
                        .col_expr(payment_collection::Column::AmountMinor, Expr::value(now.amount_minor))
                        .col_expr(payment_collection::Column::UpdatedAt, Expr::value(w.now))
                        .filter(payment_collection::Column::Id.eq(&now.collection.id))
                        .exec_with_returning(w.txn)
                        .await?
                        .pop()
                        .ok_or_else(collection_not_found)?
                };
                if !crate::sessions::payment_pending(&w, PaymentId(now.payment_id), &now.cart_id).await? {
                    // The seat went since it was checked: its own refusal (rolling all of this back).
                    crate::sessions::payable_seat(w.txn, AccountId(now.account_id), PaymentId(now.payment_id)).await?;
                    return Err(ApiError::stale_version());
                }
                // The collection's only session is the one just made.
                Ok(PaymentCollectionResponse { payment_collection: collection_view(collection, vec![session]) })
            })
        })
        .await?;
    Ok(Json(response))
}
