//! The built-in commerce backend, shaped after the Medusa v2 store API: regions now; carts, payments and orders come
//! with checkout.

mod entities;
pub mod regions;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none yet.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(regions::list_regions)).routes(routes!(regions::get_region))
}
