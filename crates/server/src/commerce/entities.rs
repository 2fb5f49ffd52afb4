//! The commerce tables, one module per table. Private to this feature: other features ask through the functions in
//! `mod.rs`.

pub mod cart;
pub mod cart_completion;
pub mod ledger_entry;
pub mod line_item;
pub mod order;
pub mod order_counter;
pub mod payment_collection;
pub mod payment_dispute;
pub mod payment_session;
// Read and written by completion, orders, refunds and the webhook, which build on this schema.
#[allow(dead_code)]
pub mod refund;
pub mod region;
pub mod region_payment_provider;
pub mod shipping_method;
pub mod stripe_event;
