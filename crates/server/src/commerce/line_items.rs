//! The seat in a cart. The variant is the session payment (`variant_<payment hex>`); adding it asks the sessions
//! feature whether the caller may pay that seat now (`sessions::payable_seat`) and prices the line from the payment,
//! never from the client. One seat per cart: another variant replaces the line and resets the payment collection.
//! Seats go only into an account's cart: a signed-in shopper's visitor cart becomes theirs as the seat is added.

use axum::extract::State;
use questline_domain::ErrorCode;
use questline_domain::commerce::{check_seat_currency, id_prefix, parse_seat_quantity, payment_of_variant};
use questline_domain::ids::{AccountId, PaymentId};
use questline_domain::{DomainError, FieldErrors};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Map, Value, json};

use super::cart_core::{self, Shopper};
use super::cart_view;
use super::dto::{AddLineItemBody, CartResponse};
use super::entities::line_item;
use super::payment_collections;
use super::{TAG, new_id};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path};
use crate::state::{AppState, Write};

/// Empties the cart (its region moved to another currency): the seat was priced in the old one.
pub async fn remove_all(w: &Write<'_>, cart_id: &str) -> Result<(), ApiError> {
    line_item::Entity::delete_many().filter(line_item::Column::CartId.eq(cart_id)).exec(w.txn).await?;
    Ok(())
}

fn variant_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::VariantNotFound, "Variant not found")
}

/// The shopper's metadata with ours on top, so nobody relabels the seat.
fn metadata(given: Option<Map<String, Value>>, seat: &crate::sessions::PayableSeat) -> Value {
    let mut map = given.unwrap_or_default();
    map.insert("session_id".into(), json!(seat.session_id));
    map.insert("payment_id".into(), json!(seat.payment_id));
    // The receipt shows the start in the reader's language and time zone; `title` stays the invoice's fixed text.
    map.insert("series_title".into(), json!(seat.series_title));
    map.insert("starts_at".into(), json!(seat.scheduled_start));
    Value::Object(map)
}

/// Puts the seat of a session payment into the cart, replacing any other seat.
#[utoipa::path(
    post, path = "/store/carts/{id}/line-items", operation_id = "addCartLineItem", tag = TAG,
    params(("id" = String, Path, description = "Cart id (`cart_…`)")),
    request_body = AddLineItemBody,
    responses(
        (status = 200, description = "The cart with the seat", body = CartResponse),
        (status = 400, description = "`metadata` is not flat string values of at most 4 KiB (`metadata_not_flat`, \
            `metadata_too_large`)", body = ErrorBody),
        (status = 401, description = "Not signed in: seats are sold to accounts", body = ErrorBody),
        (status = 404, description = "`cart_not_found`, or the variant is not the caller's seat (`variant_not_found`)", body = ErrorBody),
        (status = 409, description = "`cart_completed`, `seat_not_payable`", body = ErrorBody),
        (status = 422, description = "`currency_mismatch`, or a quantity other than 1", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(cart = %id, account = ?shopper.account_id()))]
pub async fn add_cart_line_item(
    State(state): State<AppState>,
    shopper: Shopper,
    Path(id): Path<String>,
    Json(body): Json<AddLineItemBody>,
) -> Result<Json<CartResponse>, ApiError> {
    let Some(user) = shopper.user.clone() else { return Err(ApiError::unauthorized()) };
    super::check_free_form("metadata", body.metadata.as_ref())?;
    let quantity = parse_seat_quantity(body.quantity).map_err(|error| {
        ApiError::from(DomainError::invalid_fields(FieldErrors::from([("quantity".to_owned(), vec![error])])))
    })?;
    let payment_id = payment_of_variant(body.variant_id.trim()).ok_or_else(variant_not_found)?;
    // The seat is checked before the write, not in it: whether it can still be paid is checked again under the
    // session's lock when a payment session starts and when the order is recorded, so the write (on SQLite, every
    // writer's turn) holds only the cart's own statements.
    let seat =
        crate::sessions::payable_seat(state.db.conn(), AccountId(user.account.id), PaymentId(payment_id)).await?;
    let updated = state
        .write(move |w| {
            Box::pin(async move {
                let row = cart_core::lock_open(&w, &id, &shopper).await?;
                check_seat_currency(&row.currency_code, &seat.currency_code).map_err(ApiError::from)?;
                let row = cart_core::adopt(&w, row, &shopper).await?;
                let current =
                    line_item::Entity::find().filter(line_item::Column::CartId.eq(&row.id)).all(w.txn).await?;
                let unchanged = matches!(current.as_slice(), [only] if only.payment_id == seat.payment_id
                    && only.unit_price_minor == seat.amount_minor);
                if !unchanged {
                    remove_all(&w, &row.id).await?;
                    line_item::ActiveModel {
                        id: Set(new_id(id_prefix::LINE_ITEM)),
                        cart_id: Set(row.id.clone()),
                        variant_id: Set(body.variant_id.trim().to_owned()),
                        payment_id: Set(seat.payment_id),
                        session_id: Set(seat.session_id),
                        title: Set(seat.title.clone()),
                        quantity: Set(quantity),
                        unit_price_minor: Set(seat.amount_minor),
                        metadata: Set(metadata(body.metadata, &seat)),
                        created_at: Set(w.now),
                    }
                    .insert(w.txn)
                    .await?;
                    payment_collections::reset(&w, &row.id).await?;
                }
                Ok(row)
            })
        })
        .await?;
    Ok(Json(cart_view::answer_row(&state, updated).await?))
}
