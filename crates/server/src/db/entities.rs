//! SeaORM entities, one module per table.

pub mod event;
