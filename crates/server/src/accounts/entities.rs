//! The accounts' own tables (the `accounts` table itself is the platform's, `db::entities::account`, since
//! sign-in reads it). Private to this feature.

pub mod account_token;
