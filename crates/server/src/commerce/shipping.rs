//! Shipping, for the SDK's checkout: a seat ships nothing, so there is one free option, `so_digital_seat`, in the
//! shipping profile `sp_digital_seat`. Choosing it is optional for completion.

use axum::extract::State;
use questline_domain::commerce::id_prefix;
use questline_domain::{ErrorCode, ErrorType};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;

use super::cart_core::{self, Shopper};
use super::cart_view;
use super::dto::{AddShippingMethodBody, CartResponse, ShippingOption, ShippingOptionList};
use super::entities::shipping_method;
use super::{SHIPPING_PROFILE_ID, TAG, new_id};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::state::AppState;

/// The one shipping option.
pub const SHIPPING_OPTION_ID: &str = "so_digital_seat";
const SHIPPING_OPTION_NAME: &str = "Digital seat";

fn option() -> ShippingOption {
    ShippingOption {
        id: SHIPPING_OPTION_ID.into(),
        name: SHIPPING_OPTION_NAME.into(),
        amount: 0.0,
        price_type: "flat".into(),
        shipping_profile_id: SHIPPING_PROFILE_ID.into(),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShippingOptionsQuery {
    /// The cart to ship (the shopper's).
    pub cart_id: String,
}

/// The shipping options of the shopper's cart: the free digital seat.
#[utoipa::path(
    get, path = "/store/shipping-options", operation_id = "listShippingOptions", tag = TAG,
    params(ShippingOptionsQuery),
    responses(
        (status = 200, description = "The options", body = ShippingOptionList),
        (status = 404, description = "`cart_not_found`", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = ?shopper.account_id()))]
pub async fn list_shipping_options(
    State(state): State<AppState>,
    shopper: Shopper,
    Query(query): Query<ShippingOptionsQuery>,
) -> Result<Json<ShippingOptionList>, ApiError> {
    cart_core::owned(state.db.conn(), &query.cart_id, &shopper).await?;
    Ok(Json(ShippingOptionList { shipping_options: vec![option()] }))
}

/// Chooses the digital seat as the cart's shipping (replacing any earlier choice).
#[utoipa::path(
    post, path = "/store/carts/{id}/shipping-methods", operation_id = "addCartShippingMethod", tag = TAG,
    params(("id" = String, Path, description = "Cart id (`cart_…`)")),
    request_body = AddShippingMethodBody,
    responses(
        (status = 200, description = "The cart", body = CartResponse),
        (status = 400, description = "`data` is not flat string values of at most 4 KiB (`metadata_not_flat`, \
            `metadata_too_large`)", body = ErrorBody),
        (status = 404, description = "`cart_not_found`", body = ErrorBody),
        (status = 409, description = "`cart_completed`", body = ErrorBody),
        (status = 422, description = "Not an option of this cart (`shipping_option_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(cart = %id, account = ?shopper.account_id()))]
pub async fn add_cart_shipping_method(
    State(state): State<AppState>,
    shopper: Shopper,
    Path(id): Path<String>,
    Json(body): Json<AddShippingMethodBody>,
) -> Result<Json<CartResponse>, ApiError> {
    if body.option_id != SHIPPING_OPTION_ID {
        return Err(ApiError::new(
            ErrorType::InvalidData,
            ErrorCode::ShippingOptionNotFound,
            format!("Shipping option {} is not available for this cart", body.option_id),
        ));
    }
    super::check_free_form("data", body.data.as_ref())?;
    let data = Value::Object(body.data.unwrap_or_default());
    let cart_id = id.clone();
    state
        .write(move |w| {
            Box::pin(async move {
                let row = cart_core::lock_open(&w, &id, &shopper).await?;
                shipping_method::Entity::delete_many()
                    .filter(shipping_method::Column::CartId.eq(&row.id))
                    .exec(w.txn)
                    .await?;
                shipping_method::Entity::insert(shipping_method::ActiveModel {
                    id: Set(new_id(id_prefix::SHIPPING_METHOD)),
                    cart_id: Set(row.id.clone()),
                    option_id: Set(SHIPPING_OPTION_ID.into()),
                    name: Set(SHIPPING_OPTION_NAME.into()),
                    amount_minor: Set(0),
                    data: Set(data),
                    created_at: Set(w.now),
                })
                .exec_without_returning(w.txn)
                .await?;
                Ok(())
            })
        })
        .await?;
    Ok(Json(cart_view::answer(&state, &cart_id).await?))
}
