//! The OpenID Connect tables. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod oidc_flow;
pub mod oidc_identity;
pub mod oidc_pending_link;
