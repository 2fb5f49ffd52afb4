//! Payment providers: who takes the money. A provider is looked up by its Medusa id (`pp_system_default`,
//! `pp_stripe_stripe`) in the [`PaymentProviders`] registry on `AppState`; which ones a region offers is the
//! `region_payment_providers` table. Every call that moves money takes an idempotency key, so a completion or a
//! refund resumed after a crash never charges or refunds twice (decisions.md, Commerce §4–§5).

pub mod stripe;
pub mod system;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde_json::Value;

pub use stripe::STRIPE_PROVIDER_ID;
pub use system::SYSTEM_PROVIDER_ID;

/// What a provider needs to start an attempt to pay a cart.
#[derive(Debug, Clone)]
pub struct InitiateRequest {
    pub cart_id: String,
    /// The session payment the cart pays (sent to the provider as metadata, so its events lead back).
    pub payment_id: uuid::Uuid,
    /// The payment session's id: the key that makes a retried initiation return the same attempt.
    pub payment_session_id: String,
    pub amount_minor: i64,
    pub currency_code: String,
}

/// A started attempt.
#[derive(Debug, Clone, PartialEq)]
pub struct Initiated {
    /// The provider's id of the attempt (a PaymentIntent), kept server-side; `None` for the built-in provider.
    pub provider_ref: Option<String>,
    /// What the browser may see, sent as the payment session's `data` (`{}`, or Stripe's `{client_secret}`).
    pub data: Value,
}

/// An attempt as stored: what authorise, capture and cancel act on.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub cart_id: String,
    pub payment_id: uuid::Uuid,
    pub provider_ref: Option<String>,
    pub amount_minor: i64,
    pub currency_code: String,
}

/// Where an attempt stands when the completion asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Authorisation {
    /// The money is held: capture may follow.
    Authorized,
    /// The shopper still has something to do (3-D Secure, a redirect): completion answers the cart again.
    RequiresMore,
    /// Refused, with the provider's message for the shopper.
    Declined { message: String },
}

/// A capture: the provider's transaction id the order and the payment keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Captured {
    pub transaction_id: String,
}

/// Where a refund stands at the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundState {
    Pending,
    Succeeded,
    Failed,
}

/// A refund created at the provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderRefund {
    pub refund_id: String,
    pub state: RefundState,
}

/// A dispute (chargeback) as the provider tells it when asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderDispute {
    pub id: String,
    /// The disputed attempt (Stripe's PaymentIntent): the transaction id our order keeps.
    pub transaction_id: String,
    pub amount_minor: i64,
    pub currency_code: String,
    pub reason: String,
    /// The status and the balance moves, as the domain's rules read them.
    pub reading: questline_domain::commerce::disputes::DisputeReading,
}

/// A provider call that failed: the provider could not be reached or answered something we cannot use. The caller
/// retries (a job) or answers 502-ish; a refusal of the payment itself is [`Authorisation::Declined`], not this.
#[derive(Debug)]
pub struct ProviderError(pub anyhow::Error);

impl fmt::Display for ProviderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "payment provider failed: {:#}", self.0)
    }
}

impl std::error::Error for ProviderError {}

impl From<anyhow::Error> for ProviderError {
    fn from(error: anyhow::Error) -> Self {
        Self(error)
    }
}

pub type ProviderResult<T> = Result<T, ProviderError>;

/// One way to take money. Implementations are stateless towards the database: commerce stores what they answer.
#[async_trait::async_trait]
pub trait PaymentProvider: Send + Sync + fmt::Debug {
    /// The Medusa provider id: `pp_system_default`, `pp_stripe_stripe`.
    fn id(&self) -> &'static str;

    /// Whether `authorise` and `capture` are answered inside this process, with no outside call and no real money
    /// (the built-in provider). A completion then authorises, captures and records in one write: no state is left
    /// between the steps for a crash to interrupt, so there is nothing for the recovery job to resume.
    fn settles_locally(&self) -> bool {
        false
    }

    /// Starts an attempt to pay; called again for the same payment session it returns the same attempt.
    async fn initiate(&self, request: &InitiateRequest) -> ProviderResult<Initiated>;

    /// Reads whether the attempt's money is held. Never trusts the browser: asks the provider.
    async fn authorise(&self, attempt: &Attempt) -> ProviderResult<Authorisation>;

    /// Takes the held money. `key` (`capture:<cart_id>`) makes a repeated capture the same capture.
    async fn capture(&self, attempt: &Attempt, key: &str) -> ProviderResult<Captured>;

    /// Releases held money that will not be captured (a seat no longer payable, a replaced attempt).
    async fn cancel(&self, attempt: &Attempt) -> ProviderResult<()>;

    /// Refunds a captured transaction in full. `key` (`refund:<refund id>`) makes a repeated call the same refund.
    async fn refund(
        &self,
        transaction_id: &str,
        amount_minor: i64,
        currency_code: &str,
        key: &str,
    ) -> ProviderResult<ProviderRefund>;

    /// Reads where a refund stands.
    async fn refund_status(&self, refund_id: &str) -> ProviderResult<RefundState>;

    /// Reads a dispute of one of this provider's payments. A provider whose payments cannot be disputed (the
    /// built-in one) has none to read.
    async fn dispute(&self, dispute_id: &str) -> ProviderResult<ProviderDispute> {
        Err(ProviderError(anyhow::anyhow!("{} has no dispute {dispute_id}", self.id())))
    }
}

/// The providers this instance can use, by id. Built at start from the configuration; which a region offers is
/// the database's.
#[derive(Clone, Debug, Default)]
pub struct PaymentProviders {
    by_id: BTreeMap<&'static str, Arc<dyn PaymentProvider>>,
}

impl PaymentProviders {
    /// The built-in provider only, unless `system_payments` is off (`QUESTLINE_SYSTEM_PAYMENTS=off`, for an
    /// instance that takes real money and must not offer a free way through checkout).
    pub fn new(system_payments: bool) -> Self {
        let mut providers = Self::default();
        if system_payments {
            providers.add(Arc::new(system::SystemProvider));
        }
        providers
    }

    /// Adds (or replaces) a provider under its id.
    pub fn add(&mut self, provider: Arc<dyn PaymentProvider>) {
        self.by_id.insert(provider.id(), provider);
    }

    /// The provider with this id, if this instance has it.
    pub fn get(&self, id: &str) -> Option<Arc<dyn PaymentProvider>> {
        self.by_id.get(id).cloned()
    }

    /// Whether this instance can use the provider: a region row naming a provider that is not configured here
    /// (Stripe without its keys, the built-in one switched off) is not offered.
    pub fn has(&self, id: &str) -> bool {
        self.by_id.contains_key(id)
    }

    pub fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.by_id.keys().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_offers_the_built_in_provider_unless_switched_off() {
        let on = PaymentProviders::new(true);
        assert!(on.has(SYSTEM_PROVIDER_ID));
        assert_eq!(on.get(SYSTEM_PROVIDER_ID).map(|p| p.id()), Some(SYSTEM_PROVIDER_ID));
        assert_eq!(on.ids().collect::<Vec<_>>(), vec![SYSTEM_PROVIDER_ID]);
        let off = PaymentProviders::new(false);
        assert!(!off.has(SYSTEM_PROVIDER_ID));
        assert!(off.get("pp_stripe_stripe").is_none());
    }
}
