//! SeaORM entities, one module per table.

pub mod account;
pub mod account_token;
pub mod event;
pub mod job;
pub mod session;
