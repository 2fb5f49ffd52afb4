//! SeaORM entities, one module per table.

pub mod account;
pub mod account_token;
pub mod event;
pub mod job;
pub mod oidc_flow;
pub mod oidc_identity;
pub mod oidc_pending_link;
pub mod profile;
pub mod region;
pub mod session;
