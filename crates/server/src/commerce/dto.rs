//! What the store answers and accepts, in Medusa v2's shapes (decisions.md, Commerce §3): snake_case fields, amounts
//! as JSON numbers in major units (`unit_price: 25.5`; produced, never parsed), ids with Medusa's prefixes.

use chrono::{DateTime, Utc};
use questline_domain::commerce::{BillingAddressInput, minor_to_major};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use uuid::Uuid;

use super::regions::Region;

/// A billing address as stored on a cart or an order; a part never set is null.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Address {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub address_1: Option<String>,
    pub address_2: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    /// `pl` or `be`.
    pub country_code: Option<String>,
    pub phone: Option<String>,
}

/// A billing address as sent: each part optional so that each missing one gets the checkout's own message.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct AddressInput {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub address_1: Option<String>,
    pub address_2: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    /// `pl` or `be` (default `pl`).
    pub country_code: Option<String>,
    pub phone: Option<String>,
}

impl From<AddressInput> for BillingAddressInput {
    fn from(input: AddressInput) -> Self {
        Self {
            first_name: input.first_name,
            last_name: input.last_name,
            address_1: input.address_1,
            address_2: input.address_2,
            city: input.city,
            postal_code: input.postal_code,
            country_code: input.country_code,
            phone: input.phone,
        }
    }
}

/// The seat in a cart.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LineItem {
    pub id: String,
    pub cart_id: String,
    /// `variant_<session payment id in hex>`.
    pub variant_id: String,
    /// "<series title> — <session start>".
    pub title: String,
    pub quantity: i32,
    /// Major units: 25.5 is 25.50.
    pub unit_price: f64,
    pub subtotal: f64,
    pub total: f64,
    /// A seat ships nothing.
    pub requires_shipping: bool,
    /// The shopper's metadata with ours on top: `session_id`, `payment_id`, `series_title`, `starts_at`.
    #[schema(value_type = Object)]
    pub metadata: Value,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ShippingMethod {
    pub id: String,
    pub shipping_option_id: String,
    pub name: String,
    pub amount: f64,
    #[schema(value_type = Object)]
    pub data: Value,
}

/// One attempt to pay a collection with one provider.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PaymentSession {
    pub id: String,
    pub provider_id: String,
    pub amount: f64,
    pub currency_code: String,
    /// `pending`, `requires_more`, `authorized`, `captured`, `error`, `canceled`.
    pub status: String,
    /// What the browser needs: `{}` for the built-in provider, `{client_secret}` for Stripe.
    #[schema(value_type = Object)]
    pub data: Value,
}

/// What a cart is to pay, with its one live payment session.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PaymentCollection {
    pub id: String,
    pub currency_code: String,
    pub amount: f64,
    /// `not_paid`, `awaiting`, `authorized`, `completed`, `canceled`.
    pub status: String,
    pub payment_sessions: Vec<PaymentSession>,
}

/// A cart, always answered whole (the `fields` of Medusa's SDK are accepted and ignored).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Cart {
    pub id: String,
    pub region_id: Uuid,
    /// Null when the cart's region has been removed since; updating the region repairs it.
    pub region: Option<Region>,
    pub sales_channel_id: String,
    pub currency_code: String,
    pub email: Option<String>,
    /// The signed-in owner's account id (Medusa's customer).
    pub customer_id: Option<Uuid>,
    pub billing_address: Option<Address>,
    pub items: Vec<LineItem>,
    pub shipping_methods: Vec<ShippingMethod>,
    pub item_total: f64,
    pub subtotal: f64,
    pub tax_total: f64,
    pub shipping_total: f64,
    pub total: f64,
    pub payment_collection: Option<PaymentCollection>,
    pub completed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CartResponse {
    pub cart: Cart,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct CreateCartBody {
    /// Default: the first region.
    pub region_id: Option<Uuid>,
    /// Default: `QUESTLINE_SALES_CHANNEL_ID`; no other is accepted.
    pub sales_channel_id: Option<String>,
    pub email: Option<String>,
    pub billing_address: Option<AddressInput>,
    /// Must be the region's currency when sent.
    pub currency_code: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UpdateCartBody {
    /// Another region: a region of another currency removes the seat.
    pub region_id: Option<Uuid>,
    pub sales_channel_id: Option<String>,
    pub email: Option<String>,
    /// The whole address, checked with the checkout's messages.
    pub billing_address: Option<AddressInput>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddLineItemBody {
    /// `variant_<session payment id in hex>`, from `SessionPayment.variant_id`.
    pub variant_id: String,
    /// 1 (a seat); default 1.
    #[schema(minimum = 1, maximum = 1)]
    pub quantity: Option<i64>,
    #[schema(value_type = Option<Object>)]
    pub metadata: Option<Map<String, Value>>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddShippingMethodBody {
    /// `so_digital_seat`.
    pub option_id: String,
    #[schema(value_type = Option<Object>)]
    pub data: Option<Map<String, Value>>,
}

/// The one shipping option: a seat is delivered by taking part.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ShippingOption {
    pub id: String,
    pub name: String,
    pub amount: f64,
    /// `flat`.
    pub price_type: String,
    pub shipping_profile_id: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ShippingOptionList {
    pub shipping_options: Vec<ShippingOption>,
}

/// A provider a region offers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PaymentProvider {
    /// `pp_system_default`, `pp_stripe_stripe`.
    pub id: String,
    pub is_enabled: bool,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PaymentProviderList {
    pub payment_providers: Vec<PaymentProvider>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreatePaymentCollectionBody {
    pub cart_id: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PaymentCollectionResponse {
    pub payment_collection: PaymentCollection,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InitiatePaymentSessionBody {
    pub provider_id: String,
    /// Accepted for the SDK's sake; nothing in it is trusted or stored.
    #[schema(value_type = Option<Object>)]
    pub data: Option<Map<String, Value>>,
    #[schema(value_type = Option<Object>)]
    pub context: Option<Map<String, Value>>,
}

/// Major units for the wire.
pub fn major(minor: i64) -> f64 {
    minor_to_major(minor)
}
