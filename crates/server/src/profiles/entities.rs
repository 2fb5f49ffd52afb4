//! The profile table. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod profile;
