//! What `listGameSystems` accepts and answers.

use questline_domain::language::Language;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// One node of the tree.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GameSystem {
    pub id: Uuid,
    /// In the language asked for, or English where no translation exists.
    pub name: String,
    /// `null` for a family at the root of the tree.
    pub parent_id: Option<Uuid>,
    /// The editions of a family, in display order.
    pub children_ids: Vec<Uuid>,
}

/// The whole tree, depth first: each family followed by its editions, in display order.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GameSystemList {
    pub items: Vec<GameSystem>,
}

#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GameSystemsQuery {
    /// `en` (the default) or `pl` for Polish names where they exist; `fr` and `nl` get the English names.
    pub language: Option<Language>,
}
