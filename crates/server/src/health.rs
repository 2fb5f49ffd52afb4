//! The probes: `GET /api/health`, whether this instance and its database answer (`make run`'s readiness wait);
//! `GET /api/live`, whether the process can serve at all (no database call: a restart is the cure when it fails);
//! `GET /api/ready`, whether to send it requests (503 while the database does not answer and once it is
//! draining after a stop signal). The server listens only after its migrations ran, so before that nothing answers.

use axum::extract::State;
use questline_domain::ErrorCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiError, ErrorBody};
use crate::http::Json;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health)).routes(routes!(live)).routes(routes!(ready))
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
    database_answers(&state, "health").await?;
    let database = match state.db.backend() {
        sea_orm::DbBackend::Postgres => "postgres",
        sea_orm::DbBackend::Sqlite => "sqlite",
        _ => "other",
    };
    Ok(Json(Health { status: "ok".into(), database: database.into() }))
}

/// 503 `database_unavailable` unless the database answers a ping; `check` names the probe in the log.
async fn database_answers(state: &AppState, check: &str) -> Result<(), ApiError> {
    state.db.ping().await.map_err(|error| {
        tracing::warn!(%error, check, "database unreachable");
        ApiError::service_unavailable(ErrorCode::DatabaseUnavailable, "The database cannot be reached.")
    })
}

#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct Probe {
    /// Always `ok` in a 200 answer.
    pub status: String,
}

/// Whether the process can serve; asks nothing of the database.
#[utoipa::path(
    get,
    path = "/live",
    operation_id = "live",
    tag = "health",
    responses((status = 200, description = "The process serves requests", body = Probe))
)]
async fn live() -> Json<Probe> {
    Json(Probe { status: "ok".into() })
}

/// Whether this instance should be sent requests: its database answers and it is not shutting down.
#[utoipa::path(
    get,
    path = "/ready",
    operation_id = "ready",
    tag = "health",
    responses(
        (status = 200, description = "Ready for requests", body = Probe),
        (status = 503, description = "Shutting down, or the database cannot be reached", body = ErrorBody),
    )
)]
async fn ready(State(state): State<AppState>) -> Result<Json<Probe>, ApiError> {
    if state.lifecycle.is_draining() {
        return Err(ApiError::service_unavailable(ErrorCode::ShuttingDown, "This instance is shutting down."));
    }
    database_answers(&state, "readiness").await?;
    Ok(Json(Probe { status: "ok".into() }))
}
