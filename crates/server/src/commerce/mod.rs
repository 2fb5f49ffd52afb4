//! The built-in commerce backend, shaped after the Medusa v2 store API: regions now; carts, payments and orders come
//! with checkout.

pub mod regions;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(regions::list_regions)).routes(routes!(regions::get_region))
}
