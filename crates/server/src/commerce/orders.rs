//! Orders: what a completed cart became, read back by its buyer (`GET /store/orders/{id}`, Medusa's getOrder;
//! the receipt page `/checkout/success?order_id=…`; `GET /store/orders`, the buyer's own, newest first, from which
//! the checkout fills the billing address of the next one). An order is written once, by the completion's recording
//! transaction, with everything an invoice needs snapshotted (decisions.md, commerce §1); only its
//! `payment_status` changes later, when a refund is confirmed.
//!
//! Amounts travel as JSON numbers in major units (`25.5`), Medusa's shape (commerce §3); the fee split stays
//! internal.

use axum::extract::State;
use questline_domain::ErrorCode;
use questline_domain::commerce::{id_prefix, is_store_id};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::dto::{Address, major};
use super::entities::order;
use crate::auth::extract::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::state::AppState;

pub fn order_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::OrderNotFound, "Order not found")
}

/// One line of an order: the seat.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct OrderItem {
    pub id: String,
    /// `variant_<session payment id>`.
    pub variant_id: String,
    /// "<series title> — <session start>".
    pub title: String,
    pub quantity: i64,
    /// Major units.
    pub unit_price: f64,
    pub subtotal: f64,
    pub total: f64,
    pub requires_shipping: bool,
    /// `session_id`, `payment_id`, `series_title`, `starts_at` (RFC 3339), and what the shopper sent.
    pub metadata: serde_json::Value,
}

/// Who sold the seat: the session's GM, named as they were at the sale.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct OrderSeller {
    pub id: Uuid,
    pub name: String,
}

/// An order in Medusa v2's store shape.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Order {
    /// `order_` + 26 base32 characters.
    pub id: String,
    /// The number people see and quote.
    pub display_id: i64,
    /// Always `completed`: an order exists only once paid.
    pub status: String,
    /// `captured`, or `refunded` once a refund is confirmed.
    pub payment_status: String,
    pub email: String,
    pub region_id: Uuid,
    pub currency_code: String,
    pub items: Vec<OrderItem>,
    /// As the invoice keeps it: snapshotted from the cart at completion.
    pub billing_address: Address,
    pub subtotal: f64,
    /// 0: no VAT logic yet.
    pub tax_total: f64,
    pub total: f64,
    pub seller: OrderSeller,
    /// Who took the money (`pp_system_default`, `pp_stripe_stripe`).
    pub provider_id: String,
    /// The provider's reference for the payment, shown on the receipt so the buyer can quote it.
    pub transaction_id: String,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OrderResponse {
    pub order: Order,
}

/// A page of the buyer's orders, newest first (Medusa's list shape).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct OrderListResponse {
    pub orders: Vec<Order>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

/// A line as the order row keeps it (`items` json), written by the completion.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredItem {
    pub id: String,
    pub variant_id: String,
    pub title: String,
    pub quantity: i64,
    pub unit_price_minor: i64,
    pub metadata: serde_json::Value,
}

impl From<order::Model> for Order {
    fn from(row: order::Model) -> Self {
        let items: Vec<StoredItem> = serde_json::from_value(row.items.clone()).unwrap_or_default();
        Self {
            items: items
                .into_iter()
                .map(|item| OrderItem {
                    id: item.id,
                    variant_id: item.variant_id,
                    title: item.title,
                    quantity: item.quantity,
                    unit_price: major(item.unit_price_minor),
                    subtotal: major(item.unit_price_minor * item.quantity),
                    total: major(item.unit_price_minor * item.quantity),
                    requires_shipping: false,
                    metadata: item.metadata,
                })
                .collect(),
            billing_address: Address {
                first_name: row.billing_first_name,
                last_name: row.billing_last_name,
                address_1: row.billing_address_1,
                address_2: row.billing_address_2,
                city: row.billing_city,
                postal_code: row.billing_postal_code,
                country_code: row.billing_country_code,
                phone: row.billing_phone,
            },
            id: row.id,
            display_id: row.display_id,
            status: "completed".to_owned(),
            payment_status: row.payment_status,
            email: row.email,
            region_id: row.region_id,
            currency_code: row.currency_code,
            subtotal: major(row.subtotal_minor),
            tax_total: major(row.tax_total_minor),
            total: major(row.total_minor),
            seller: OrderSeller { id: row.gm_id, name: row.seller_name },
            provider_id: row.provider_id,
            transaction_id: row.transaction_id,
            created_at: row.created_at,
        }
    }
}

/// The order, if `buyer` bought it; anyone else's is not found (its existence is not revealed).
pub async fn of_buyer(conn: &impl ConnectionTrait, buyer: Uuid, id: &str) -> Result<Option<order::Model>, DbErr> {
    if !is_store_id(id, id_prefix::ORDER) {
        return Ok(None);
    }
    order::Entity::find_by_id(id.to_owned()).filter(order::Column::AccountId.eq(buyer)).one(conn).await
}

/// One order, for its buyer only.
#[utoipa::path(
    get, path = "/store/orders/{id}", operation_id = "getOrder", tag = super::TAG,
    params(("id" = String, Path, description = "Order id (`order_…`)")),
    responses(
        (status = 200, description = "The order", body = OrderResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such order of yours (`order_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(order = %id, account = %user.id()))]
pub async fn get_order(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> Result<Json<OrderResponse>, ApiError> {
    let row = of_buyer(state.db.conn(), user.account.id, &id).await?.ok_or_else(order_not_found)?;
    Ok(Json(OrderResponse { order: row.into() }))
}

/// The signed-in buyer's orders, newest first (the checkout fills the billing address from the latest).
#[utoipa::path(
    get, path = "/store/orders", operation_id = "listOrders", tag = super::TAG,
    params(PageQuery),
    responses(
        (status = 200, description = "Your orders, newest first", body = OrderListResponse),
        (status = 400, description = "A bad `offset` or `limit` (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn list_orders(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<OrderListResponse>, ApiError> {
    let page = PageRequest::try_from(query)?;
    let conn = state.db.conn();
    let mine = order::Entity::find().filter(order::Column::AccountId.eq(user.account.id));
    let count = mine.clone().count(conn).await?;
    let rows = mine
        .order_by_desc(order::Column::CreatedAt)
        .order_by_desc(order::Column::DisplayId)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    Ok(Json(OrderListResponse {
        orders: rows.into_iter().map(Order::from).collect(),
        count,
        offset: page.offset,
        limit: page.limit,
    }))
}
