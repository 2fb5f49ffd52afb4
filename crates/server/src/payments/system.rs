//! `pp_system_default`, "Test payment": Medusa's built-in provider. It authorises, captures and refunds at once and
//! takes no money, so a local install and the tests can walk the whole checkout. Answers are derived from the
//! idempotency keys, so a repeated capture or refund returns the same transaction, as a real provider's would.

use serde_json::json;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::{
    Attempt, Authorisation, Captured, InitiateRequest, Initiated, PaymentProvider, ProviderRefund, ProviderResult,
    RefundState,
};

pub const SYSTEM_PROVIDER_ID: &str = "pp_system_default";

#[derive(Debug, Clone, Copy, Default)]
pub struct SystemProvider;

/// A UUID-shaped id fixed by `key`: the same key always names the same transaction or refund.
fn keyed_uuid(key: &str) -> Uuid {
    let digest = Sha256::digest(key.as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_random_bytes(bytes).into_uuid()
}

#[async_trait::async_trait]
impl PaymentProvider for SystemProvider {
    fn id(&self) -> &'static str {
        SYSTEM_PROVIDER_ID
    }

    fn settles_locally(&self) -> bool {
        true
    }

    async fn initiate(&self, _request: &InitiateRequest) -> ProviderResult<Initiated> {
        Ok(Initiated { provider_ref: None, data: json!({}) })
    }

    async fn authorise(&self, _attempt: &Attempt) -> ProviderResult<Authorisation> {
        Ok(Authorisation::Authorized)
    }

    async fn capture(&self, _attempt: &Attempt, key: &str) -> ProviderResult<Captured> {
        Ok(Captured { transaction_id: format!("sys_{}", keyed_uuid(key)) })
    }

    async fn cancel(&self, _attempt: &Attempt) -> ProviderResult<()> {
        Ok(())
    }

    async fn refund(
        &self,
        _transaction_id: &str,
        _amount: i64,
        _currency: &str,
        key: &str,
    ) -> ProviderResult<ProviderRefund> {
        Ok(ProviderRefund { refund_id: format!("sysre_{}", keyed_uuid(key)), state: RefundState::Succeeded })
    }

    async fn refund_status(&self, _refund_id: &str) -> ProviderResult<RefundState> {
        Ok(RefundState::Succeeded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt() -> Attempt {
        Attempt {
            cart_id: "cart_X".into(),
            payment_id: Uuid::nil(),
            provider_ref: None,
            amount_minor: 2500,
            currency_code: "pln".into(),
        }
    }

    #[tokio::test]
    async fn everything_succeeds_at_once_and_repeats_the_same_answer() {
        let provider = SystemProvider;
        assert!(provider.settles_locally(), "a completion with it is one write");
        assert_eq!(provider.authorise(&attempt()).await.unwrap(), Authorisation::Authorized);
        let first = provider.capture(&attempt(), "capture:cart_X").await.unwrap();
        let again = provider.capture(&attempt(), "capture:cart_X").await.unwrap();
        let other = provider.capture(&attempt(), "capture:cart_Y").await.unwrap();
        assert!(first.transaction_id.starts_with("sys_"));
        assert_eq!(first.transaction_id.len(), "sys_".len() + 36, "sys_<uuid>");
        assert_eq!(first, again);
        assert_ne!(first, other);
        let refund = provider.refund(&first.transaction_id, 2500, "pln", "refund:1").await.unwrap();
        assert_eq!(refund.state, RefundState::Succeeded);
        assert_eq!(provider.refund_status(&refund.refund_id).await.unwrap(), RefundState::Succeeded);
        let initiated = provider
            .initiate(&InitiateRequest {
                cart_id: "cart_X".into(),
                payment_id: Uuid::nil(),
                payment_session_id: "payses_X".into(),
                amount_minor: 2500,
                currency_code: "pln".into(),
            })
            .await
            .unwrap();
        assert_eq!(initiated, Initiated { provider_ref: None, data: json!({}) });
    }
}
