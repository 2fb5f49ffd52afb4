//! Accounts and sign-in with built-in accounts: sign-up, sign-in, sign-out, the current user, settings, becoming a
//! game master, e-mail verification, password change and reset, deletion. Events about an account go to its owner
//! only (audience rule: `Audience::account(owner)`).

pub mod admin;
mod dto;
mod handlers;
pub mod jobs;
pub(crate) mod mails;
pub(crate) mod queries;

use utoipa_axum::{router::OpenApiRouter, routes};

pub use dto::{AccountView, PrimaryEmail, SessionUser, UserContext};
pub use queries::user_context;

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::sign_up))
        .routes(routes!(handlers::sign_in))
        .routes(routes!(handlers::sign_out))
        .routes(routes!(handlers::get_current_user))
        .routes(routes!(handlers::update_account_settings, handlers::delete_account))
        .routes(routes!(handlers::become_game_master))
        .routes(routes!(handlers::verify_email))
        .routes(routes!(handlers::change_password))
        .routes(routes!(handlers::request_password_reset))
        .routes(routes!(handlers::reset_password))
}
