//! Sign-in through an OpenID Connect provider (issue 3): the authorization code flow with PKCE, state and nonce,
//! Questline as the confidential client. The browser comes back to the web app's `/callback` page, which posts the
//! code and state to `finishOidcSignIn`. Identities are linked to accounts by (issuer, subject); see
//! docs/decisions.md for the linking rule. Flow secrets live in the database for at most ten minutes; no provider
//! token is kept after sign-in.

mod dto;
mod handlers;
pub mod provider;
pub(crate) mod queries;

use utoipa_axum::{router::OpenApiRouter, routes};

pub use dto::{OidcClaims, OidcOutcome, OidcSignInResult};
pub use provider::OidcProvider;

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::start_oidc_sign_in))
        .routes(routes!(handlers::finish_oidc_sign_in))
        .routes(routes!(handlers::link_oidc_identity))
}
