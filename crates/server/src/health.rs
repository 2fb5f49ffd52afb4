//! `GET /api/health`: whether this instance can serve, for load balancers and `make run`'s readiness wait.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiError, ErrorBody};
use crate::http::Json;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct Health {
    /// Always `ok` in a 200 answer.
    pub status: String,
    /// `sqlite` or `postgres`.
    pub database: String,
}

/// Reports whether the server and its database are reachable.
#[utoipa::path(
    get,
    path = "/health",
    operation_id = "health",
    tag = "health",
    responses(
        (status = 200, description = "The server and its database answer", body = Health),
        (status = 503, description = "The database cannot be reached", body = ErrorBody),
    )
)]
async fn health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    if let Err(error) = state.db.ping().await {
        tracing::warn!(%error, "health check: database unreachable");
        return Err(ApiError::service_unavailable("database_unavailable", "The database cannot be reached."));
    }
    let database = match state.db.backend() {
        sea_orm::DbBackend::Postgres => "postgres",
        sea_orm::DbBackend::Sqlite => "sqlite",
        _ => "other",
    };
    Ok(Json(Health { status: "ok".into(), database: database.into() }))
}
