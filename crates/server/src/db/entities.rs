//! SeaORM entities of the tables the platform reads, one module per table: accounts (who is signed in), sessions,
//! the event outbox and the jobs. A feature's own tables live in the feature (`<feature>/entities.rs`), private to it.

pub mod account;
pub mod event;
pub mod job;
pub mod session;
