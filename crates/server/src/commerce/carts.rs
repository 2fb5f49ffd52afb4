//! Carts: created for a region (a signed-out shopper's with the `ql_visitor` cookie), read, changed, handed to the
//! account that signs in, and pruned once abandoned. Who reaches a cart and how a write locks it are the cart core's
//! (`cart_core.rs`); how a cart reads is `cart_view.rs`.

use axum::extract::State;
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use questline_domain::commerce::{
    BillingAddress, BillingAddressInput, id_prefix, parse_billing_address, parse_checkout_email,
};
use questline_domain::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
};

use super::cart_core::{Shopper, adopt, lock_open, owned, visitor_hash};
use super::cart_view::{answer, answer_row, assemble, region_by_id, view};
use super::dto::{CartResponse, CreateCartBody, UpdateCartBody};
use super::entities::{cart, line_item, region};
use super::payment_collections;
use super::{TAG, new_id};
use crate::error::{ApiError, ErrorBody};
use crate::http::{ClientAddress, Json, Path};
use crate::idempotency::VISITOR_COOKIE;
use crate::state::AppState;

/// The per-address limit's name for creating a cart.
const CREATE_CART: &str = "create_cart";

/// How long a visitor's cart stays reachable from its browser.
const VISITOR_COOKIE_DAYS: i64 = 30;

fn new_visitor_token() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn region_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::RegionNotFound, "Region not found")
}

fn invalid_fields(fields: FieldErrors) -> ApiError {
    DomainError::invalid_fields(fields).into()
}

async fn first_region(conn: &impl ConnectionTrait) -> Result<Option<region::Model>, DbErr> {
    region::Entity::find().order_by_asc(region::Column::Position).order_by_asc(region::Column::Name).one(conn).await
}

/// A sales channel from the client: ours, or refused (there is one storefront).
fn check_sales_channel(input: Option<&str>, ours: &str, fields: &mut FieldErrors) -> String {
    match input.map(str::trim) {
        None => ours.to_owned(),
        Some(channel) if channel == ours => channel.to_owned(),
        Some(_) => {
            fields
                .entry("sales_channel_id".into())
                .or_default()
                .push(FieldError::new(ErrorCode::Invalid, "Unknown sales channel"));
            ours.to_owned()
        }
    }
}

fn check_email(input: Option<&str>, fields: &mut FieldErrors) -> Option<String> {
    let input = input?;
    match parse_checkout_email(Some(input)) {
        Ok(email) => Some(email),
        Err(error) => {
            fields.entry("email".into()).or_default().push(error);
            None
        }
    }
}

fn check_address(input: Option<super::dto::AddressInput>, fields: &mut FieldErrors) -> Option<BillingAddress> {
    let input = BillingAddressInput::from(input?);
    match parse_billing_address(&input, "billing_address.") {
        Ok(address) => Some(address),
        Err(errors) => {
            fields.extend(errors);
            None
        }
    }
}

fn set_address(row: &mut cart::ActiveModel, address: BillingAddress) {
    row.billing_first_name = Set(Some(address.first_name));
    row.billing_last_name = Set(Some(address.last_name));
    row.billing_address_1 = Set(Some(address.address_1));
    row.billing_address_2 = Set(address.address_2);
    row.billing_city = Set(Some(address.city));
    row.billing_postal_code = Set(Some(address.postal_code));
    row.billing_country_code = Set(Some(address.country_code));
    row.billing_phone = Set(Some(address.phone));
}

fn currency_mismatch(cart: &str, asked: &str) -> ApiError {
    ApiError::new(
        ErrorType::InvalidData,
        ErrorCode::CurrencyMismatch,
        format!(
            "The region's currency is {}, not {}: a cart is in its region's currency.",
            cart.to_ascii_uppercase(),
            asked.to_ascii_uppercase()
        ),
    )
}

/// Starts a cart in a region (default: the first). Signed out, it is the browser's: the `ql_visitor` cookie is set
/// (or kept) and is the only way back to it.
#[utoipa::path(
    post, path = "/store/carts", operation_id = "createCart", tag = TAG,
    request_body = CreateCartBody,
    responses(
        (status = 200, description = "The new cart", body = CartResponse),
        (status = 400, description = "No or a wrong publishable key", body = ErrorBody),
        (status = 404, description = "No such region (`region_not_found`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule, or `currency_mismatch`", body = ErrorBody),
        (status = 429, description = "Too many carts from this address this hour (`rate_limited`, with \
            `Retry-After`; `QUESTLINE_CARTS_PER_ADDRESS_PER_HOUR`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = ?shopper.account_id()))]
pub async fn create_cart(
    State(state): State<AppState>,
    ClientAddress(client): ClientAddress,
    shopper: Shopper,
    jar: CookieJar,
    Json(body): Json<CreateCartBody>,
) -> Result<(CookieJar, Json<CartResponse>), ApiError> {
    // Every cart is stored, whoever asks: an address makes only so many an hour (issue 31).
    state.auth.limits.address_action_per_hour(CREATE_CART, client, state.config.carts_per_address_per_hour)?;
    let mut fields = FieldErrors::new();
    let sales_channel =
        check_sales_channel(body.sales_channel_id.as_deref(), &state.config.sales_channel_id, &mut fields);
    let email = check_email(body.email.as_deref(), &mut fields);
    let address = check_address(body.billing_address, &mut fields);
    if !fields.is_empty() {
        return Err(invalid_fields(fields));
    }
    // A visitor keeps the cookie they have (their earlier carts stay theirs), its 30 days starting again with the
    // new cart; a first-time visitor gets one.
    let (jar, visitor) = match &shopper.user {
        Some(_) => (jar, None),
        None => {
            let token = match state.auth.sessions.read_cookie(&jar, VISITOR_COOKIE) {
                Some(token) => token.to_owned(),
                None => new_visitor_token(),
            };
            let hash = visitor_hash(&token);
            let cookie =
                state.auth.sessions.build_cookie(VISITOR_COOKIE, token, chrono::Duration::days(VISITOR_COOKIE_DAYS));
            (jar.add(cookie), Some(hash))
        }
    };
    let account = shopper.user.as_ref().map(|user| (user.account.id, user.account.email.clone()));
    let asked_currency = body.currency_code.map(|code| code.trim().to_ascii_lowercase());
    // Read before the write: a cart keeps its region's id and currency whatever becomes of the region (no foreign
    // key), so nothing here needs the write's turn.
    let region = match body.region_id {
        Some(id) => region_by_id(state.db.conn(), id).await?.ok_or_else(region_not_found)?,
        None => first_region(state.db.conn()).await?.ok_or_else(region_not_found)?,
    };
    if let Some(asked) = asked_currency.as_deref()
        && asked != region.currency_code
    {
        return Err(currency_mismatch(&region.currency_code, asked));
    }
    let response = state
        .write(move |w| {
            Box::pin(async move {
                let id = new_id(id_prefix::CART);
                let mut row = new_cart_row(&id, &region, sales_channel, w.now);
                row.account_id = Set(account.as_ref().map(|(id, _)| *id));
                row.visitor_hash = Set(visitor);
                // Signed in, the account's address is where receipts go unless the shopper gives another.
                row.email = Set(email.or_else(|| account.map(|(_, email)| email)));
                if let Some(address) = address {
                    set_address(&mut row, address);
                }
                let row = row.insert(w.txn).await?;
                // A new cart has no seat, shipping or payment yet: answered from what was written.
                Ok(CartResponse { cart: assemble(row, Some(region), Vec::new(), Vec::new(), None) })
            })
        })
        .await?;
    Ok((jar, Json(response)))
}

fn new_cart_row(id: &str, region: &region::Model, sales_channel: String, now: DateTime<Utc>) -> cart::ActiveModel {
    cart::ActiveModel {
        id: Set(id.to_owned()),
        region_id: Set(region.id),
        sales_channel_id: Set(sales_channel),
        currency_code: Set(region.currency_code.clone()),
        email: Set(None),
        account_id: Set(None),
        visitor_hash: Set(None),
        billing_first_name: Set(None),
        billing_last_name: Set(None),
        billing_address_1: Set(None),
        billing_address_2: Set(None),
        billing_city: Set(None),
        billing_postal_code: Set(None),
        billing_country_code: Set(None),
        billing_phone: Set(None),
        completed_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        version: Set(1),
    }
}

/// The shopper's cart, whole (Medusa's `fields` are accepted and ignored).
#[utoipa::path(
    get, path = "/store/carts/{id}", operation_id = "getCart", tag = TAG,
    params(
        ("id" = String, Path, description = "Cart id (`cart_…`)"),
        ("fields" = Option<String>, Query, description = "Ignored: the cart is always answered whole"),
    ),
    responses(
        (status = 200, description = "The cart", body = CartResponse),
        (status = 404, description = "Not the shopper's cart, or none (`cart_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(cart = %id, account = ?shopper.account_id()))]
pub async fn get_cart(
    State(state): State<AppState>,
    shopper: Shopper,
    Path(id): Path<String>,
) -> Result<Json<CartResponse>, ApiError> {
    let row = owned(state.db.conn(), &id, &shopper).await?;
    Ok(Json(CartResponse { cart: view(state.db.conn(), row).await? }))
}

/// Changes the region, sales channel, e-mail or billing address. A region of another currency removes the seat
/// (it is priced in the old one) and resets the payment collection.
#[utoipa::path(
    post, path = "/store/carts/{id}", operation_id = "updateCart", tag = TAG,
    params(("id" = String, Path, description = "Cart id (`cart_…`)")),
    request_body = UpdateCartBody,
    responses(
        (status = 200, description = "The cart", body = CartResponse),
        (status = 404, description = "`cart_not_found`, `region_not_found`", body = ErrorBody),
        (status = 409, description = "`cart_completed`", body = ErrorBody),
        (status = 422, description = "A field breaks a rule (the checkout address messages)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(cart = %id, account = ?shopper.account_id()))]
pub async fn update_cart(
    State(state): State<AppState>,
    shopper: Shopper,
    Path(id): Path<String>,
    Json(body): Json<UpdateCartBody>,
) -> Result<Json<CartResponse>, ApiError> {
    let mut fields = FieldErrors::new();
    let sales_channel = body
        .sales_channel_id
        .as_deref()
        .map(|channel| check_sales_channel(Some(channel), &state.config.sales_channel_id, &mut fields));
    let email = check_email(body.email.as_deref(), &mut fields);
    let address = check_address(body.billing_address, &mut fields);
    if !fields.is_empty() {
        return Err(invalid_fields(fields));
    }
    let region_id = body.region_id;
    let updated = state
        .write(move |w| {
            Box::pin(async move {
                let current = lock_open(&w, &id, &shopper).await?;
                let mut row: cart::ActiveModel = current.clone().into();
                let mut currency_changed = false;
                if let Some(region_id) = region_id {
                    let region = region_by_id(w.txn, region_id).await?.ok_or_else(region_not_found)?;
                    if region.currency_code != current.currency_code {
                        super::line_items::remove_all(&w, &current.id).await?;
                        row.currency_code = Set(region.currency_code.clone());
                        currency_changed = true;
                    }
                    row.region_id = Set(region.id);
                }
                if let Some(channel) = sales_channel {
                    row.sales_channel_id = Set(channel);
                }
                if let Some(email) = email {
                    row.email = Set(Some(email));
                }
                if let Some(address) = address {
                    set_address(&mut row, address);
                }
                row.updated_at = Set(w.now);
                let updated = row.update(w.txn).await?;
                // The web app sets the region again on every load: only a new currency touches the payment.
                if currency_changed {
                    payment_collections::reset(&w, &current.id).await?;
                }
                Ok(updated)
            })
        })
        .await?;
    Ok(Json(answer_row(&state, updated).await?))
}

/// Gives a visitor's cart to the signed-in account (Medusa's "transfer cart"): needs the session and the cart's
/// cookie; the account's own cart is answered unchanged.
#[utoipa::path(
    post, path = "/store/carts/{id}/customer", operation_id = "transferCart", tag = TAG,
    params(("id" = String, Path, description = "Cart id (`cart_…`)")),
    responses(
        (status = 200, description = "The cart, now the account's", body = CartResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "`cart_not_found`", body = ErrorBody),
        (status = 409, description = "`cart_completed`", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(cart = %id, account = ?shopper.account_id()))]
pub async fn transfer_cart(
    State(state): State<AppState>,
    shopper: Shopper,
    Path(id): Path<String>,
) -> Result<Json<CartResponse>, ApiError> {
    if shopper.user.is_none() {
        return Err(ApiError::unauthorized());
    }
    let cart_id = id.clone();
    state
        .write(move |w| {
            Box::pin(async move {
                let row = lock_open(&w, &id, &shopper).await?;
                adopt(&w, row, &shopper).await?;
                Ok(())
            })
        })
        .await?;
    Ok(Json(answer(&state, &cart_id).await?))
}

/// The job that deletes abandoned carts.
pub const PRUNE_CARTS: &str = "commerce.prune_carts";

/// An open cart untouched this long is abandoned: its visitor cookie has expired, and a seat waiting that long
/// belongs to a session long over.
pub fn abandoned_after() -> chrono::Duration {
    chrono::Duration::days(VISITOR_COOKIE_DAYS)
}

/// How long a visitor's (signed-out) cart with no seat in it is kept from its creation (issue 31): anyone can
/// make one, and it holds nothing worth keeping, so it goes long before an abandoned cart does.
pub fn empty_visitor_cart_kept() -> chrono::Duration {
    chrono::Duration::hours(24)
}

/// Deletes carts never completed and untouched since `abandoned_after()` before `now`, and visitors' carts without
/// a line item created more than `empty_visitor_cart_kept()` before `now`, with their lines, shipping and payment
/// collections; a cart whose completion ever started is kept (its state is the money's record until completion or
/// recovery settles it). Returns how many went.
pub async fn prune_abandoned(conn: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64, DbErr> {
    use sea_orm::sea_query::Query;
    let started = || {
        Query::select()
            .column(super::entities::cart_completion::Column::CartId)
            .from(super::entities::cart_completion::Entity)
            .to_owned()
    };
    let deleted = cart::Entity::delete_many()
        .filter(cart::Column::CompletedAt.is_null())
        .filter(cart::Column::UpdatedAt.lt(now - abandoned_after()))
        .filter(cart::Column::Id.not_in_subquery(started()))
        .exec(conn)
        .await?;
    let with_items = Query::select().column(line_item::Column::CartId).from(line_item::Entity).to_owned();
    let empty_visitors = cart::Entity::delete_many()
        .filter(cart::Column::AccountId.is_null())
        .filter(cart::Column::CompletedAt.is_null())
        .filter(cart::Column::CreatedAt.lt(now - empty_visitor_cart_kept()))
        .filter(cart::Column::Id.not_in_subquery(with_items))
        .filter(cart::Column::Id.not_in_subquery(started()))
        .exec(conn)
        .await?;
    Ok(deleted.rows_affected + empty_visitors.rows_affected)
}
