//! The game-system endpoint.

use axum::extract::State;
use questline_domain::language::Language;

use super::dto::{GameSystem, GameSystemList, GameSystemsQuery};
use super::queries;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Query};
use crate::state::AppState;

const TAG: &str = "game_systems";

/// The curated tree of game systems, families with their editions as children. Public: the Questboard's filter
/// and the blueprint dialogs both use it.
#[utoipa::path(
    get, path = "/game-systems", operation_id = "listGameSystems", tag = TAG,
    params(GameSystemsQuery),
    responses(
        (status = 200, description = "Every game system, depth first", body = GameSystemList),
        (status = 400, description = "Unknown language (`invalid_query_parameter`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state))]
pub async fn list_game_systems(
    State(state): State<AppState>,
    Query(query): Query<GameSystemsQuery>,
) -> Result<Json<GameSystemList>, ApiError> {
    let language = query.language.unwrap_or_default();
    let rows = queries::all(state.db.conn()).await?;
    let items = queries::depth_first(&rows)
        .into_iter()
        .map(|(row, children_ids)| GameSystem {
            id: row.id,
            name: match (language, &row.name_pl) {
                (Language::Pl, Some(polish)) => polish.clone(),
                _ => row.name.clone(),
            },
            parent_id: row.parent_id,
            children_ids,
        })
        .collect();
    Ok(Json(GameSystemList { items }))
}
