//! Shopping regions: where a shopper buys and in which currency. Public: anyone may list them.

use axum::extract::State;
use questline_domain::ErrorCode;
use sea_orm::{EntityTrait, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::entities::region;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path};
use crate::state::AppState;

use super::TAG;

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Region {
    pub id: Uuid,
    pub name: String,
    /// Lower-case ISO 4217 code (`pln`, `eur`); the app shows it upper-cased.
    pub currency_code: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RegionList {
    /// In display order; the first is the default region.
    pub regions: Vec<Region>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct RegionResponse {
    pub region: Region,
}

impl From<region::Model> for Region {
    fn from(row: region::Model) -> Self {
        Self { id: row.id, name: row.name, currency_code: row.currency_code }
    }
}

/// Every region shoppers can choose.
#[utoipa::path(
    get, path = "/store/regions", operation_id = "listRegions", tag = TAG,
    responses((status = 200, description = "The regions, default first", body = RegionList))
)]
#[tracing::instrument(skip_all)]
pub async fn list_regions(State(state): State<AppState>) -> Result<Json<RegionList>, ApiError> {
    let rows = region::Entity::find()
        .order_by_asc(region::Column::Position)
        .order_by_asc(region::Column::Name)
        .all(state.db.conn())
        .await?;
    Ok(Json(RegionList { regions: rows.into_iter().map(Region::from).collect() }))
}

/// One region.
#[utoipa::path(
    get, path = "/store/regions/{id}", operation_id = "getRegion", tag = TAG,
    params(("id" = Uuid, Path, description = "Region id")),
    responses(
        (status = 200, description = "The region", body = RegionResponse),
        (status = 404, description = "No such region (`region_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(region = %id))]
pub async fn get_region(State(state): State<AppState>, Path(id): Path<Uuid>) -> Result<Json<RegionResponse>, ApiError> {
    let row = region::Entity::find_by_id(id)
        .one(state.db.conn())
        .await?
        .ok_or_else(|| ApiError::not_found(ErrorCode::RegionNotFound, "Region not found"))?;
    Ok(Json(RegionResponse { region: row.into() }))
}

/// Adds a region at the end of the list (`questline admin add-region`).
pub async fn add_region(db: &crate::db::Db, name: &str, currency: &str) -> anyhow::Result<Region> {
    use questline_domain::commerce::{parse_currency, parse_region_name};
    use sea_orm::{ActiveModelTrait, ActiveValue::Set, QuerySelect};
    let name = parse_region_name(name).map_err(|message| anyhow::anyhow!(message))?;
    let currency = parse_currency(currency).map_err(|message| anyhow::anyhow!(message))?;
    let last: Option<Option<i32>> = region::Entity::find()
        .select_only()
        .column_as(sea_orm::ColumnTrait::max(&region::Column::Position), "max")
        .into_tuple()
        .one(db.conn())
        .await?;
    let row = region::ActiveModel {
        id: Set(Uuid::now_v7()),
        name: Set(name),
        currency_code: Set(currency),
        position: Set(last.flatten().unwrap_or(-1) + 1),
    };
    let txn = sea_orm::TransactionTrait::begin(db.conn()).await?;
    let row = row.insert(&txn).await?;
    // Like the regions the commerce migrations found, a new one lists the built-in provider and Stripe (offered
    // only where this instance has it configured).
    for provider in [crate::payments::SYSTEM_PROVIDER_ID, crate::payments::STRIPE_PROVIDER_ID] {
        super::entities::region_payment_provider::ActiveModel {
            region_id: Set(row.id),
            provider_id: Set(provider.to_owned()),
            is_enabled: Set(true),
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(row.into())
}

/// Removes a region by name (`questline admin remove-region`). Shoppers who had chosen it fall back to the first
/// region the next time the app loads the list.
pub async fn remove_region(db: &crate::db::Db, name: &str) -> anyhow::Result<()> {
    use sea_orm::QueryFilter;
    let removed = region::Entity::delete_many()
        .filter(sea_orm::ColumnTrait::eq(&region::Column::Name, name.trim()))
        .exec(db.conn())
        .await?;
    if removed.rows_affected == 0 {
        anyhow::bail!("no region is called {name}");
    }
    Ok(())
}
