//! Carts: created for a region, reached only by their owner (decisions.md, Commerce §3 "Ownership"). A signed-in
//! shopper's cart is their account's; a signed-out shopper's is reached by the `ql_visitor` cookie set when it was
//! created (256 random bits; only its SHA-256 is stored), never by the id alone, so a leaked cart id shows nothing.
//! Anyone else's cart, and an unknown one, is 404 `cart_not_found`; a completed cart is never changed (409
//! `cart_completed`).

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use questline_domain::commerce::ledger::CompletionState;
use questline_domain::commerce::{
    BillingAddress, BillingAddressInput, id_prefix, is_store_id, parse_billing_address, parse_checkout_email,
};
use questline_domain::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors};
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Query, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::dto::{Address, Cart, CartResponse, CreateCartBody, UpdateCartBody, major};
use super::entities::{cart, cart_completion, line_item, region, shipping_method};
use super::payment_collections;
use super::{TAG, new_id};
use crate::auth::{CurrentUser, MaybeUser};
use crate::error::{ApiError, ErrorBody};
use crate::http::{ClientAddress, Json, Path};
use crate::state::{AppState, Write};

/// The cookie that reaches a signed-out shopper's cart (the platform's idempotency layer keys a visitor's requests
/// by it too, so it is named there).
pub use crate::idempotency::VISITOR_COOKIE;

/// The per-address limit's name for creating a cart.
const CREATE_CART: &str = "create_cart";

/// How long a visitor's cart stays reachable from its browser.
const VISITOR_COOKIE_DAYS: i64 = 30;

/// Who is shopping: the signed-in account, and the visitor cookie's hash if the browser sent one.
#[derive(Debug, Clone)]
pub struct Shopper {
    pub user: Option<CurrentUser>,
    pub visitor_hash: Option<String>,
}

impl Shopper {
    pub fn account_id(&self) -> Option<Uuid> {
        self.user.as_ref().map(|user| user.account.id)
    }

    /// Whether this shopper may see and change `cart`: the owning account only, or, for a visitor's cart, the
    /// browser holding its cookie.
    pub fn reaches(&self, cart: &cart::Model) -> bool {
        match cart.account_id {
            Some(owner) => self.account_id() == Some(owner),
            None => cart.visitor_hash.is_some() && cart.visitor_hash == self.visitor_hash,
        }
    }

    /// The principal idempotency keys and the like are kept under: the account, else the visitor.
    pub fn principal(&self) -> Option<String> {
        self.account_id().map(|id| id.to_string()).or_else(|| self.visitor_hash.clone())
    }
}

impl FromRequestParts<AppState> for Shopper {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let MaybeUser(user) = MaybeUser::from_request_parts(parts, state).await?;
        let jar = CookieJar::from_headers(&parts.headers);
        let visitor_hash = state.auth.sessions.read_cookie(&jar, VISITOR_COOKIE).map(visitor_hash);
        Ok(Shopper { user, visitor_hash })
    }
}

/// The stored form of a visitor cookie: a leaked database does not hand out carts.
pub fn visitor_hash(token: &str) -> String {
    format!("{:x}", Sha256::digest(token.as_bytes()))
}

fn new_visitor_token() -> String {
    let bytes: [u8; 32] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn cart_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::CartNotFound.as_str(), "Cart not found")
}

pub fn cart_completed() -> ApiError {
    ApiError::conflict(ErrorCode::CartCompleted.as_str(), "This cart is already completed: start a new one.")
}

fn region_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::RegionNotFound.as_str(), "Region not found")
}

fn invalid_fields(fields: FieldErrors) -> ApiError {
    DomainError::invalid_fields(fields).into()
}

/// The shopper's cart `id`, read in `conn`; anyone else's is not found.
pub async fn owned(conn: &impl ConnectionTrait, id: &str, shopper: &Shopper) -> Result<cart::Model, ApiError> {
    if !is_store_id(id, id_prefix::CART) {
        return Err(cart_not_found());
    }
    let row = cart::Entity::find_by_id(id).one(conn).await?.ok_or_else(cart_not_found)?;
    if shopper.reaches(&row) { Ok(row) } else { Err(cart_not_found()) }
}

/// The shopper's cart `id`, locked for this write (its version bumped, so writes to one cart run one after the
/// other on both databases) and still open to changes.
pub async fn lock_open(w: &Write<'_>, id: &str, shopper: &Shopper) -> Result<cart::Model, ApiError> {
    match lock(w, id, shopper).await? {
        Locked::Open(row) => Ok(row),
        Locked::Completed(_) => Err(cart_completed()),
    }
}

/// What [`lock`] found.
pub enum Locked {
    /// Open, locked for this write.
    Open(cart::Model),
    /// Completed: read, never changed again.
    Completed(cart::Model),
}

/// The shopper's cart `id`: locked for this write when it is open and no completion holds it, read as it is when
/// it is completed (a completed cart is never changed); someone else's or none is not found.
pub async fn lock(w: &Write<'_>, id: &str, shopper: &Shopper) -> Result<Locked, ApiError> {
    if !is_store_id(id, id_prefix::CART) {
        return Err(cart_not_found());
    }
    // One statement for an open cart that no completion holds: the row is locked and comes back with the update
    // (`RETURNING`). Someone else's cart is locked and let go again (the write rolls back on the error).
    let locked = cart::Entity::update_many()
        .col_expr(cart::Column::Version, Expr::col(cart::Column::Version).add(1))
        .col_expr(cart::Column::UpdatedAt, Expr::value(w.now))
        .filter(cart::Column::Id.eq(id))
        .filter(cart::Column::CompletedAt.is_null())
        .filter(Expr::exists(completion_holding_cart(w.now)).not())
        .exec_with_returning(w.txn)
        .await?
        .pop();
    match locked {
        Some(row) if shopper.reaches(&row) => Ok(Locked::Open(row)),
        Some(_) => Err(cart_not_found()),
        // No such cart, a completed one, or a completion holds it: which one, and whose, is read only now.
        None => {
            let row = owned(w.txn, id, shopper).await?;
            if row.completed_at.is_some() {
                return Ok(Locked::Completed(row));
            }
            Err(ApiError::conflict(
                COMPLETION_IN_PROGRESS,
                "This cart is being paid right now: wait for the payment to finish.",
            ))
        }
    }
}

/// The code of the completion's own 409 (its `ErrorCode` is the completion's, `CartCompletionInProgress`).
const COMPLETION_IN_PROGRESS: &str = "cart_completion_in_progress";

/// The cart's completion if it holds the cart ([`CompletionState::holds_cart`]), as a subquery of the update in
/// [`lock`], naming the cart being updated.
fn completion_holding_cart(now: DateTime<Utc>) -> SelectStatement {
    let states = |leased| CompletionState::ALL.into_iter().filter(move |state| state.holds_cart(leased));
    let always = states(false).map(CompletionState::as_str);
    let while_leased = states(true).filter(|state| !state.holds_cart(false)).map(CompletionState::as_str);
    Query::select()
        .expr(Expr::value(1))
        .from(cart_completion::Entity)
        .and_where(
            Expr::col((cart_completion::Entity, cart_completion::Column::CartId))
                .equals((cart::Entity, cart::Column::Id)),
        )
        .cond_where(
            Condition::any().add(cart_completion::Column::State.is_in(always)).add(
                Condition::all()
                    .add(cart_completion::Column::State.is_in(while_leased))
                    .add(cart_completion::Column::LockedUntil.gt(now)),
            ),
        )
        .to_owned()
}

async fn region_by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<region::Model>, DbErr> {
    region::Entity::find_by_id(id).one(conn).await
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
        ErrorCode::CurrencyMismatch.as_str(),
        format!(
            "The region's currency is {}, not {}: a cart is in its region's currency.",
            cart.to_ascii_uppercase(),
            asked.to_ascii_uppercase()
        ),
    )
}

/// The cart as answered: its region, seat, shipping method, totals and payment collection, read in `conn`.
pub async fn view(conn: &impl ConnectionTrait, row: cart::Model) -> Result<Cart, DbErr> {
    let region = region_by_id(conn, row.region_id).await?;
    let items = line_item::Entity::find()
        .filter(line_item::Column::CartId.eq(&row.id))
        .order_by_asc(line_item::Column::CreatedAt)
        .all(conn)
        .await?;
    let shipping = shipping_method::Entity::find()
        .filter(shipping_method::Column::CartId.eq(&row.id))
        .order_by_asc(shipping_method::Column::CreatedAt)
        .all(conn)
        .await?;
    let collection = payment_collections::of_cart(conn, &row.id).await?;
    Ok(assemble(row, region, items, shipping, collection))
}

/// The cart as answered, from its parts.
fn assemble(
    row: cart::Model,
    region: Option<region::Model>,
    items: Vec<line_item::Model>,
    shipping: Vec<shipping_method::Model>,
    collection: Option<super::dto::PaymentCollection>,
) -> Cart {
    let region = region.map(super::regions::Region::from);
    let item_total: i64 = items.iter().map(|item| item.unit_price_minor * i64::from(item.quantity)).sum();
    let shipping_total: i64 = shipping.iter().map(|method| method.amount_minor).sum();
    let has_address = [
        &row.billing_first_name,
        &row.billing_last_name,
        &row.billing_address_1,
        &row.billing_address_2,
        &row.billing_city,
        &row.billing_postal_code,
        &row.billing_country_code,
        &row.billing_phone,
    ]
    .iter()
    .any(|part| part.is_some());
    Cart {
        region,
        sales_channel_id: row.sales_channel_id,
        currency_code: row.currency_code,
        email: row.email,
        customer_id: row.account_id,
        billing_address: has_address.then_some(Address {
            first_name: row.billing_first_name,
            last_name: row.billing_last_name,
            address_1: row.billing_address_1,
            address_2: row.billing_address_2,
            city: row.billing_city,
            postal_code: row.billing_postal_code,
            country_code: row.billing_country_code,
            phone: row.billing_phone,
        }),
        items: items.into_iter().map(super::line_items::view).collect(),
        shipping_methods: shipping.into_iter().map(super::shipping::view).collect(),
        item_total: major(item_total),
        subtotal: major(item_total + shipping_total),
        tax_total: 0.0,
        shipping_total: major(shipping_total),
        total: major(item_total + shipping_total),
        payment_collection: collection,
        completed_at: row.completed_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        region_id: row.region_id,
        id: row.id,
    }
}

/// The seat's total in minor units: what a payment collection of this cart asks.
pub async fn total_minor(conn: &impl ConnectionTrait, cart_id: &str) -> Result<i64, DbErr> {
    let items = line_item::Entity::find().filter(line_item::Column::CartId.eq(cart_id)).all(conn).await?;
    total_of(conn, cart_id, &items).await
}

/// [`total_minor`] of a cart whose `items` were just read.
pub async fn total_of(conn: &impl ConnectionTrait, cart_id: &str, items: &[line_item::Model]) -> Result<i64, DbErr> {
    let shipping =
        shipping_method::Entity::find().filter(shipping_method::Column::CartId.eq(cart_id)).all(conn).await?;
    Ok(items.iter().map(|item| item.unit_price_minor * i64::from(item.quantity)).sum::<i64>()
        + shipping.iter().map(|method| method.amount_minor).sum::<i64>())
}

/// Answers the cart as it is after a write, read once the write has committed: reading it inside would hold the
/// write (on SQLite, every writer's turn) for a handful of queries more.
pub async fn answer(state: &AppState, id: &str) -> Result<CartResponse, ApiError> {
    let row = cart::Entity::find_by_id(id).one(state.db.conn()).await?.ok_or_else(cart_not_found)?;
    answer_row(state, row).await
}

/// [`answer`] when the write returned the cart's row as it committed it: only its parts are read.
pub async fn answer_row(state: &AppState, row: cart::Model) -> Result<CartResponse, ApiError> {
    Ok(CartResponse { cart: view(state.db.conn(), row).await? })
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

/// Makes a visitor's cart (already reached through its cookie) the signed-in shopper's, e-mail included when the
/// visitor gave none. A no-op for the account's own cart.
pub async fn adopt(w: &Write<'_>, row: cart::Model, shopper: &Shopper) -> Result<cart::Model, ApiError> {
    let Some(user) = &shopper.user else { return Err(ApiError::unauthorized()) };
    if row.account_id == Some(user.account.id) {
        return Ok(row);
    }
    let email = row.email.clone().unwrap_or_else(|| user.account.email.clone());
    let mut active: cart::ActiveModel = row.into();
    active.account_id = Set(Some(user.account.id));
    active.email = Set(Some(email));
    active.updated_at = Set(w.now);
    Ok(active.update(w.txn).await?)
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
