//! `GET /api/config`: the settings the web app needs at run time. The Content-Security-Policy forbids inline
//! scripts, so they cannot be injected into `index.html`; the app asks for them instead. Nothing secret goes here.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::Json;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_config))
}

#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct RuntimeConfig {
    /// The server's version, shown in the app's footer.
    pub version: String,
    /// The address users reach Questline at.
    pub public_url: String,
    /// Sign-in through an OpenID Connect provider; `null` when not configured (no "Sign in with …" button).
    pub oidc: Option<OidcSettings>,
    /// What the store's client (Medusa's SDK) needs.
    pub commerce: CommerceSettings,
    /// The card payment provider's public settings.
    pub payment: PaymentSettings,
}

/// The store's public identifiers, sent with every store request.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct CommerceSettings {
    /// Sent as `x-publishable-api-key` on every `/api/store/*` request.
    pub publishable_key: String,
    /// The sales channel a cart is created and kept in.
    pub sales_channel_id: String,
    /// The shipping profile of the one shipping option (a seat ships nothing).
    pub shipping_profile_id: String,
}

/// The card provider's public settings.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct PaymentSettings {
    /// Stripe's publishable key (`pk_…`) for Stripe.js; `null` when Stripe is not configured.
    pub stripe_publishable_key: Option<String>,
}

/// What the web app needs to offer sign-in through the OpenID Connect provider.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct OidcSettings {
    /// Shown on the button: "Sign in with <provider_name>".
    pub provider_name: String,
}

/// Settings the web app reads at start.
#[utoipa::path(
    get,
    path = "/config",
    operation_id = "getConfig",
    tag = "config",
    responses((status = 200, description = "Runtime settings for the web app", body = RuntimeConfig))
)]
async fn get_config(State(state): State<AppState>) -> Json<RuntimeConfig> {
    Json(RuntimeConfig {
        version: env!("CARGO_PKG_VERSION").to_owned(),
        public_url: state.config.public_url(),
        oidc: state.config.oidc().map(|oidc| OidcSettings { provider_name: oidc.provider_name }),
        commerce: CommerceSettings {
            publishable_key: state.config.publishable_key.clone(),
            sales_channel_id: state.config.sales_channel_id.clone(),
            shipping_profile_id: crate::commerce::SHIPPING_PROFILE_ID.to_owned(),
        },
        payment: PaymentSettings {
            stripe_publishable_key: state.config.stripe().ok().flatten().map(|stripe| stripe.publishable_key),
        },
    })
}
