//! Profiles: one per account, with a player part and, for game masters, a GM part. The public view
//! (`getProfile`) never holds private fields (birthdate, phone, street address, e-mail); the owner's view
//! (`getMyProfile`) holds everything. Audience of profile events: everyone signed in (`Audience::Public`), since the
//! public view changes; events carry no data.

mod dto;
mod handlers;
pub mod queries;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::get_profile))
        .routes(routes!(handlers::get_my_profile))
        .routes(routes!(handlers::update_profile))
}
