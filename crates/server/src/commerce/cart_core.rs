//! The cart core that carts, line items, shipping and payment collections share (decisions.md, Commerce §3
//! "Ownership"): who is shopping, how a shopper reaches their cart, how a write locks it, what it totals. A
//! signed-in shopper's cart is their account's; a signed-out shopper's is reached by the `ql_visitor` cookie set
//! when it was created (256 random bits; only its SHA-256 is stored), never by the id alone, so a leaked cart id
//! shows nothing. Anyone else's cart, and an unknown one, is 404 `cart_not_found`; a completed cart is never changed
//! (409 `cart_completed`).

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use questline_domain::ErrorCode;
use questline_domain::commerce::ledger::CompletionState;
use questline_domain::commerce::{id_prefix, is_store_id};
use sea_orm::sea_query::{Condition, Expr, ExprTrait, Query, SelectStatement};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::entities::{cart, cart_completion, line_item, shipping_method};
use crate::auth::{CurrentUser, MaybeUser};
use crate::error::ApiError;
use crate::idempotency::VISITOR_COOKIE;
use crate::state::{AppState, Write};

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

pub fn cart_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::CartNotFound, "Cart not found")
}

pub fn cart_completed() -> ApiError {
    ApiError::conflict(ErrorCode::CartCompleted, "This cart is already completed: start a new one.")
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
                ErrorCode::CartCompletionInProgress,
                "This cart is being paid right now: wait for the payment to finish.",
            ))
        }
    }
}

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
