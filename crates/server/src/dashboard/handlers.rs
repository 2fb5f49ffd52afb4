//! The Dashboard endpoint: one read for the signed-in user.

use axum::extract::State;
use questline_domain::accounts::Role;

use super::dto::Dashboard;
use super::queries;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::Json;
use crate::state::AppState;

const TAG: &str = "dashboard";

/// What needs you now: your next sessions and the actions waiting, as a player and (once you are one) as a game
/// master.
#[utoipa::path(
    get, path = "/dashboard", operation_id = "getDashboard", tag = TAG,
    responses(
        (status = 200, description = "Your Dashboard", body = Dashboard),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn get_dashboard(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Dashboard>, ApiError> {
    let lead = i64::from(state.config.preparation_lead_minutes);
    let now = state.clock.now();
    let dashboard = queries::dashboard(state.db.conn(), user.id(), user.has_role(Role::Gm), lead, now).await?;
    Ok(Json(dashboard))
}
