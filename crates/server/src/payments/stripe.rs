//! `pp_stripe_stripe`: Stripe PaymentIntents through a small reqwest client (decisions.md, "Commerce (issue 16)"
//! §5). No Stripe SDK crate: the seven calls below are form-encoded POSTs and GETs with `Authorization: Bearer sk_…`,
//! and every POST carries an `Idempotency-Key`, so a retried initiation, capture, cancellation or refund is the same
//! one at Stripe.
//!
//! - initiate: `POST /v1/payment_intents` (minor units, currency in lower case, `capture_method=manual`,
//!   `automatic_payment_methods[enabled]=true`, `metadata[cart_id]`, `metadata[payment_id]`; key
//!   `intent:<payment session id>`). The browser gets `{client_secret, id}` and confirms with Stripe.js.
//! - authorise: `GET /v1/payment_intents/{id}`: the server reads the intent itself and never takes the browser's
//!   word; the intent must be this cart's (metadata), for this amount and currency.
//! - capture: `POST …/{id}/capture`; an intent already captured answers its id again (nothing is taken twice).
//! - cancel: `POST …/{id}/cancel`; one already cancelled is fine.
//! - refund: `POST /v1/refunds` (`payment_intent`, `amount`); refund_status: `GET /v1/refunds/{id}`.
//! - dispute: `GET /v1/disputes/{id}`: a chargeback's status and balance moves, read when a webhook says it moved.
//!
//! The transaction id kept on the order and the payment is the PaymentIntent's id (`pi_…`): the refund names it.
//! The webhook's signature check lives here too ([`verify_signature`]), beside the client it belongs to.

use std::time::Duration;

use anyhow::anyhow;
use hmac::{Hmac, Mac};
use questline_domain::commerce::disputes::DisputeReading;
use serde_json::{Value, json};
use sha2::Sha256;

use super::{
    Attempt, Authorisation, Captured, InitiateRequest, Initiated, PaymentProvider, ProviderDispute, ProviderError,
    ProviderRefund, ProviderResult, RefundState,
};

pub const STRIPE_PROVIDER_ID: &str = "pp_stripe_stripe";

/// The API version the shapes read here are those of; pinned, so a change of the account's default changes nothing.
pub const STRIPE_API_VERSION: &str = "2024-06-20";

/// How far a webhook's signed time may be from ours (Stripe's libraries default to five minutes too).
pub const SIGNATURE_TOLERANCE_SECS: i64 = 300;

/// A Stripe client for one account.
#[derive(Clone)]
pub struct StripeProvider {
    http: reqwest::Client,
    /// `https://api.stripe.com`, or the local stand-in in tests.
    api_base: String,
    secret_key: String,
}

impl std::fmt::Debug for StripeProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeProvider").field("api_base", &self.api_base).field("secret_key", &"***").finish()
    }
}

/// What a failed Stripe call said: Stripe's own error body, or nothing usable (no answer, not JSON).
#[derive(Debug)]
enum CallError {
    Stripe { status: u16, kind: String, code: Option<String>, message: String },
    Transport(anyhow::Error),
}

impl CallError {
    fn code(&self) -> Option<&str> {
        match self {
            Self::Stripe { code, .. } => code.as_deref(),
            Self::Transport(_) => None,
        }
    }
}

impl From<CallError> for ProviderError {
    fn from(error: CallError) -> Self {
        match error {
            CallError::Stripe { status, kind, code, message } => ProviderError(anyhow!(
                "Stripe answered {status} ({kind}{}): {message}",
                code.map(|code| format!(", {code}")).unwrap_or_default()
            )),
            CallError::Transport(error) => ProviderError(error.context("calling Stripe failed")),
        }
    }
}

impl StripeProvider {
    pub fn new(secret_key: &str, api_base: &str) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            // Below the request timeout (30 s by default), so a completion answers before it is cut off.
            .timeout(Duration::from_secs(20))
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self { http, api_base: api_base.trim_end_matches('/').to_owned(), secret_key: secret_key.to_owned() })
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.api_base)
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Value, CallError> {
        let response = request
            .bearer_auth(&self.secret_key)
            .header("Stripe-Version", STRIPE_API_VERSION)
            .send()
            .await
            .map_err(|error| CallError::Transport(error.into()))?;
        let status = response.status();
        let body: Value = response
            .json()
            .await
            .map_err(|error| CallError::Transport(anyhow!("Stripe's answer ({status}) is not JSON: {error}")))?;
        if status.is_success() {
            return Ok(body);
        }
        let error = &body["error"];
        let text = |field: &str| error[field].as_str().map(str::to_owned);
        Err(CallError::Stripe {
            status: status.as_u16(),
            kind: text("type").unwrap_or_else(|| "unknown".into()),
            code: text("code"),
            message: text("message").unwrap_or_else(|| body.to_string()),
        })
    }

    /// A form-encoded POST with its idempotency key.
    async fn post(&self, path: &str, form: &[(&str, String)], key: &str) -> Result<Value, CallError> {
        self.send(self.http.post(self.url(path)).header("Idempotency-Key", key).form(form)).await
    }

    async fn get(&self, path: &str) -> Result<Value, CallError> {
        self.send(self.http.get(self.url(path))).await
    }

    async fn intent(&self, id: &str) -> Result<Value, CallError> {
        self.get(&format!("/v1/payment_intents/{id}")).await
    }
}

/// The PaymentIntent id of a stored attempt.
fn intent_id(attempt: &Attempt) -> ProviderResult<&str> {
    attempt
        .provider_ref
        .as_deref()
        .ok_or_else(|| ProviderError(anyhow!("the Stripe attempt of cart {} has no PaymentIntent", attempt.cart_id)))
}

fn text<'a>(value: &'a Value, field: &str) -> ProviderResult<&'a str> {
    value[field].as_str().ok_or_else(|| ProviderError(anyhow!("Stripe's answer has no {field}")))
}

/// Where a PaymentIntent's status leaves a completion (the mapping of decisions.md §5): held or already captured
/// → authorised; refused (a card error on the last try, or cancelled) → declined with Stripe's message; the shopper
/// still has a step to do (3-D Secure, a confirmation, processing, or not paid yet) → more needed.
pub fn authorisation_of(status: &str, last_payment_error: Option<&str>) -> Option<Authorisation> {
    Some(match (status, last_payment_error) {
        ("requires_capture" | "succeeded", _) => Authorisation::Authorized,
        ("requires_payment_method", Some(message)) => Authorisation::Declined { message: message.to_owned() },
        ("requires_payment_method" | "requires_action" | "requires_confirmation" | "processing", _) => {
            Authorisation::RequiresMore
        }
        ("canceled", _) => Authorisation::Declined { message: "The payment was cancelled.".to_owned() },
        _ => return None,
    })
}

/// A refund's status at Stripe: `succeeded`; `failed` or `canceled`; anything else (`pending`, `requires_action`)
/// is still on its way.
pub fn refund_state_of(status: &str) -> RefundState {
    match status {
        "succeeded" => RefundState::Succeeded,
        "failed" | "canceled" => RefundState::Failed,
        _ => RefundState::Pending,
    }
}

/// A Stripe Dispute object as commerce reads it: the PaymentIntent it disputes, its amount, reason, status and the
/// balance transactions it made (withdrawal negative, reinstatement positive).
pub fn dispute_of(body: &Value) -> ProviderResult<ProviderDispute> {
    let moves = body["balance_transactions"]
        .as_array()
        .ok_or_else(|| ProviderError(anyhow!("Stripe's dispute has no balance_transactions")))?
        .iter()
        .map(|transaction| {
            transaction["amount"]
                .as_i64()
                .ok_or_else(|| ProviderError(anyhow!("a dispute's balance transaction has no amount")))
        })
        .collect::<ProviderResult<Vec<i64>>>()?;
    Ok(ProviderDispute {
        id: text(body, "id")?.to_owned(),
        transaction_id: text(body, "payment_intent")?.to_owned(),
        amount_minor: body["amount"]
            .as_i64()
            .ok_or_else(|| ProviderError(anyhow!("Stripe's dispute has no amount")))?,
        currency_code: text(body, "currency")?.to_ascii_lowercase(),
        reason: body["reason"].as_str().unwrap_or("general").to_owned(),
        reading: DisputeReading { status: text(body, "status")?.to_owned(), balance_moves: moves },
    })
}

/// Whether `id` can go into a Stripe path as it is (ids are letters, digits and underscores).
pub fn is_stripe_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 255 && id.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
}

fn refund_of(body: &Value) -> ProviderResult<ProviderRefund> {
    Ok(ProviderRefund { refund_id: text(body, "id")?.to_owned(), state: refund_state_of(text(body, "status")?) })
}

#[async_trait::async_trait]
impl PaymentProvider for StripeProvider {
    fn id(&self) -> &'static str {
        STRIPE_PROVIDER_ID
    }

    async fn initiate(&self, request: &InitiateRequest) -> ProviderResult<Initiated> {
        let form = [
            ("amount", request.amount_minor.to_string()),
            ("currency", request.currency_code.to_ascii_lowercase()),
            ("capture_method", "manual".to_owned()),
            ("automatic_payment_methods[enabled]", "true".to_owned()),
            ("metadata[cart_id]", request.cart_id.clone()),
            ("metadata[payment_id]", request.payment_id.to_string()),
        ];
        let key = format!("intent:{}", request.payment_session_id);
        let intent = self.post("/v1/payment_intents", &form, &key).await?;
        let id = text(&intent, "id")?.to_owned();
        let client_secret = text(&intent, "client_secret")?;
        Ok(Initiated { provider_ref: Some(id.clone()), data: json!({"client_secret": client_secret, "id": id}) })
    }

    async fn authorise(&self, attempt: &Attempt) -> ProviderResult<Authorisation> {
        let intent = self.intent(intent_id(attempt)?).await?;
        // The intent must be the one made for this cart, at this amount: a client secret of another cart's intent
        // (or one changed at Stripe) never pays for this one.
        let matches = intent["metadata"]["cart_id"].as_str() == Some(attempt.cart_id.as_str())
            && intent["amount"].as_i64() == Some(attempt.amount_minor)
            && intent["currency"].as_str() == Some(attempt.currency_code.to_ascii_lowercase().as_str());
        if !matches {
            tracing::warn!(cart = %attempt.cart_id, intent = %intent["id"], "a PaymentIntent does not match its cart");
            return Ok(Authorisation::Declined {
                message: "The payment does not match this cart. Start the payment again.".to_owned(),
            });
        }
        let status = text(&intent, "status")?;
        let error = intent["last_payment_error"]["message"].as_str();
        authorisation_of(status, error)
            .ok_or_else(|| ProviderError(anyhow!("the PaymentIntent has a status we do not know: {status}")))
    }

    async fn capture(&self, attempt: &Attempt, key: &str) -> ProviderResult<Captured> {
        let id = intent_id(attempt)?;
        let captured = match self.post(&format!("/v1/payment_intents/{id}/capture"), &[], key).await {
            Ok(intent) => intent,
            // Captured already (by an earlier try whose answer was lost, or at Stripe): the same transaction.
            Err(error) if error.code() == Some("payment_intent_unexpected_state") => {
                let intent = self.intent(id).await?;
                if intent["status"] != "succeeded" {
                    return Err(error.into());
                }
                intent
            }
            Err(error) => return Err(error.into()),
        };
        if captured["status"] != "succeeded" {
            return Err(ProviderError(anyhow!("the captured PaymentIntent {id} is {}", captured["status"])));
        }
        Ok(Captured { transaction_id: text(&captured, "id")?.to_owned() })
    }

    async fn cancel(&self, attempt: &Attempt) -> ProviderResult<()> {
        let Some(id) = attempt.provider_ref.as_deref() else { return Ok(()) };
        let key = format!("cancel:{id}");
        match self.post(&format!("/v1/payment_intents/{id}/cancel"), &[], &key).await {
            Ok(_) => Ok(()),
            Err(error) if error.code() == Some("payment_intent_unexpected_state") => {
                let intent = self.intent(id).await?;
                if intent["status"] == "canceled" { Ok(()) } else { Err(error.into()) }
            }
            Err(error) => Err(error.into()),
        }
    }

    async fn refund(
        &self,
        transaction_id: &str,
        amount_minor: i64,
        _currency_code: &str,
        key: &str,
    ) -> ProviderResult<ProviderRefund> {
        let form = [("payment_intent", transaction_id.to_owned()), ("amount", amount_minor.to_string())];
        refund_of(&self.post("/v1/refunds", &form, key).await?)
    }

    async fn refund_status(&self, refund_id: &str) -> ProviderResult<RefundState> {
        let refund = self.get(&format!("/v1/refunds/{refund_id}")).await?;
        Ok(refund_state_of(text(&refund, "status")?))
    }

    async fn dispute(&self, dispute_id: &str) -> ProviderResult<ProviderDispute> {
        if !is_stripe_id(dispute_id) {
            return Err(ProviderError(anyhow!("{dispute_id:?} is not a Stripe id")));
        }
        dispute_of(&self.get(&format!("/v1/disputes/{dispute_id}")).await?)
    }
}

/// Why a webhook's signature was refused (logged, never told to the sender beyond "invalid").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignatureError {
    /// No `Stripe-Signature`, or no `t=` or `v1=` in it.
    Malformed,
    /// The signed time is more than [`SIGNATURE_TOLERANCE_SECS`] from ours.
    Stale,
    /// No `v1` is the HMAC of this body with our secret.
    Mismatch,
}

/// Checks a `Stripe-Signature` header (`t=<unix time>,v1=<hex>[,v1=<hex>…]`, other schemes ignored) against the
/// raw body: one `v1` must be the HMAC-SHA256 of `"<t>.<body>"` keyed with the `whsec_` secret, compared in constant
/// time, and `t` within five minutes of `now` (so a captured request cannot be replayed later).
pub fn verify_signature(header: Option<&str>, body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Malformed)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = Some(value.parse::<i64>().map_err(|_| SignatureError::Malformed)?),
            Some(("v1", value)) => signatures.push(value),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > SIGNATURE_TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let valid = signatures.iter().filter_map(|hex| from_hex(hex)).any(|signature| {
        // `verify_slice` compares in constant time; the MAC is cloned for each candidate.
        mac.clone().verify_slice(&signature).is_ok()
    });
    if valid { Ok(()) } else { Err(SignatureError::Mismatch) }
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|index| text.get(index..index + 2).and_then(|pair| u8::from_str_radix(pair, 16).ok()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // HMAC-SHA256 of "1700000000.{}" keyed "whsec_test", computed independently with `openssl dgst -sha256 -hmac`.
    const SIGNED: &str = "35495024f4ef3f94e5a93e22221544c4b75e9a42300cd965ab81cb85cd994e91";
    const T: i64 = 1_700_000_000;

    #[test]
    fn a_dispute_is_read_with_its_balance_moves() {
        let body = serde_json::json!({"id": "dp_1", "object": "dispute", "amount": 2550, "currency": "PLN",
            "payment_intent": "pi_1", "charge": "ch_1", "reason": "fraudulent", "status": "won",
            "balance_transactions": [{"id": "txn_1", "amount": -2550, "fee": 1500}, {"id": "txn_2", "amount": 2550}]});
        let dispute = dispute_of(&body).unwrap();
        assert_eq!((dispute.id.as_str(), dispute.transaction_id.as_str()), ("dp_1", "pi_1"));
        assert_eq!((dispute.amount_minor, dispute.currency_code.as_str()), (2550, "pln"));
        assert_eq!(dispute.reading, DisputeReading { status: "won".into(), balance_moves: vec![-2550, 2550] });
        let mut broken = body.clone();
        broken["balance_transactions"] = serde_json::json!([{"id": "txn_1"}]);
        assert!(dispute_of(&broken).is_err());
        assert!(dispute_of(&serde_json::json!({"id": "dp_1"})).is_err());
    }

    #[test]
    fn only_plain_ids_go_into_a_path() {
        assert!(is_stripe_id("dp_1Abc"));
        for id in ["", "dp_1/../../v1/charges", "dp 1", "dp_1?x=1", &"d".repeat(256)] {
            assert!(!is_stripe_id(id), "{id}");
        }
    }

    #[test]
    fn a_signature_is_the_hmac_of_time_and_body_within_five_minutes() {
        let header = format!("t={T},v1={SIGNED}");
        assert_eq!(verify_signature(Some(&header), b"{}", "whsec_test", T), Ok(()));
        assert_eq!(verify_signature(Some(&header), b"{}", "whsec_test", T + 300), Ok(()), "at the edge");
        assert_eq!(verify_signature(Some(&header), b"{}", "whsec_test", T - 300), Ok(()), "clocks differ both ways");
        assert_eq!(verify_signature(Some(&header), b"{}", "whsec_test", T + 301), Err(SignatureError::Stale));
        assert_eq!(verify_signature(Some(&header), b"{} ", "whsec_test", T), Err(SignatureError::Mismatch));
        assert_eq!(verify_signature(Some(&header), b"{}", "whsec_other", T), Err(SignatureError::Mismatch));
        let other_time = format!("t={},v1={SIGNED}", T + 1);
        assert_eq!(verify_signature(Some(&other_time), b"{}", "whsec_test", T), Err(SignatureError::Mismatch));
    }

    #[test]
    fn any_v1_may_match_and_other_schemes_are_ignored() {
        // Stripe sends two v1 while a secret is being rolled, and a v0 test scheme.
        let rolled = format!("t={T}, v1={}, v0=abc, v1={SIGNED}", "00".repeat(32));
        assert_eq!(verify_signature(Some(&rolled), b"{}", "whsec_test", T), Ok(()));
        let only_v0 = format!("t={T},v0={SIGNED}");
        assert_eq!(verify_signature(Some(&only_v0), b"{}", "whsec_test", T), Err(SignatureError::Malformed));
        for header in [None, Some(""), Some("v1=abc"), Some("t=soon,v1=abc"), Some(&format!("t={T}"))] {
            assert_eq!(verify_signature(header, b"{}", "whsec_test", T), Err(SignatureError::Malformed), "{header:?}");
        }
        let not_hex = format!("t={T},v1=zz{}", &SIGNED[2..]);
        assert_eq!(verify_signature(Some(&not_hex), b"{}", "whsec_test", T), Err(SignatureError::Mismatch));
        let short = format!("t={T},v1={}", &SIGNED[..62]);
        assert_eq!(verify_signature(Some(&short), b"{}", "whsec_test", T), Err(SignatureError::Mismatch));
    }

    #[test]
    fn intent_statuses_map_to_what_the_completion_does() {
        use Authorisation::*;
        assert_eq!(authorisation_of("requires_capture", None), Some(Authorized));
        assert_eq!(authorisation_of("succeeded", None), Some(Authorized), "captured already: capture is a no-op");
        let declined = authorisation_of("requires_payment_method", Some("Your card was declined."));
        assert_eq!(declined, Some(Declined { message: "Your card was declined.".into() }));
        assert_eq!(authorisation_of("requires_payment_method", None), Some(RequiresMore), "not paid yet");
        for status in ["requires_action", "requires_confirmation", "processing"] {
            assert_eq!(authorisation_of(status, None), Some(RequiresMore), "{status}");
        }
        assert!(matches!(authorisation_of("canceled", None), Some(Declined { .. })));
        assert_eq!(authorisation_of("something_new", None), None);
    }

    #[test]
    fn refund_statuses_settle_or_wait() {
        assert_eq!(refund_state_of("succeeded"), RefundState::Succeeded);
        assert_eq!(refund_state_of("failed"), RefundState::Failed);
        assert_eq!(refund_state_of("canceled"), RefundState::Failed);
        assert_eq!(refund_state_of("pending"), RefundState::Pending);
        assert_eq!(refund_state_of("requires_action"), RefundState::Pending);
    }

    #[test]
    fn the_secret_key_is_never_printed() {
        let provider = StripeProvider::new("sk_test_very_secret", "https://api.stripe.com/").unwrap();
        assert!(!format!("{provider:?}").contains("very_secret"));
        assert_eq!(provider.url("/v1/refunds"), "https://api.stripe.com/v1/refunds");
    }
}
