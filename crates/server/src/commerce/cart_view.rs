//! The cart as the store API answers it, read from its parts: region, seat (line items), shipping method, totals
//! and payment collection. Carts, line items, shipping and completion answer with it.

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use uuid::Uuid;

use super::cart_core::cart_not_found;
use super::dto::{Address, Cart, CartResponse, LineItem, ShippingMethod, major};
use super::entities::{cart, line_item, region, shipping_method};
use super::payment_collections;
use crate::error::ApiError;
use crate::state::AppState;

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
pub fn assemble(
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
        items: items.into_iter().map(line_item_view).collect(),
        shipping_methods: shipping.into_iter().map(shipping_method_view).collect(),
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

pub async fn region_by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<region::Model>, DbErr> {
    region::Entity::find_by_id(id).one(conn).await
}

pub fn line_item_view(row: line_item::Model) -> LineItem {
    let total = major(row.unit_price_minor * i64::from(row.quantity));
    LineItem {
        id: row.id,
        cart_id: row.cart_id,
        variant_id: row.variant_id,
        title: row.title,
        quantity: row.quantity,
        unit_price: major(row.unit_price_minor),
        subtotal: total,
        total,
        requires_shipping: false,
        metadata: row.metadata,
        created_at: row.created_at,
    }
}

pub fn shipping_method_view(row: shipping_method::Model) -> ShippingMethod {
    ShippingMethod {
        id: row.id,
        shipping_option_id: row.option_id,
        name: row.name,
        amount: major(row.amount_minor),
        data: row.data,
    }
}
