//! A local stand-in for the few Stripe calls Questline makes (decisions.md, "Commerce (issue 16)" §5). Stripe cannot
//! be reached from the test machines, so the adapter is tested against this: it speaks Stripe's request format
//! (form-encoded parameters with `metadata[key]` brackets, `Authorization: Bearer sk_…`), Stripe's answers and
//! error bodies (`{"error": {"type", "code", "message"}}`), replays a POST repeated with the same `Idempotency-Key`
//! and refuses one reused with other parameters, and signs webhook events exactly as Stripe does
//! (`Stripe-Signature: t=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the whsec_ secret>`).
//!
//! Served, as Stripe serves them:
//! - `POST /v1/payment_intents`, `GET /v1/payment_intents/{id}`, `POST /v1/payment_intents/{id}/confirm`,
//!   `…/capture`, `…/cancel`; `POST /v1/refunds`, `GET /v1/refunds/{id}`; `GET /v1/disputes/{id}`.
//!
//! `confirm` is what Stripe.js does in the browser. Its test payment methods: `pm_card_visa` holds the money
//! (`requires_capture` with manual capture), `pm_card_chargeDeclined` is refused (402 `card_error`, the intent back
//! to `requires_payment_method` with `last_payment_error`), `pm_card_threeDSecure` needs the shopper's bank
//! (`requires_action`, `next_action.redirect_to_url`). Confirm accepts the secret key, or, as Stripe.js sends it,
//! a publishable key (`pk_…`) with the intent's `client_secret`.
//!
//! Not Stripe, controls for tests (no key needed):
//! - `GET|POST /test/payment_intents/{id}/authenticate[?outcome=fail]`: the bank's 3-D Secure page. Succeeds (or
//!   fails) the pending authentication; the GET redirects to the confirm's `return_url` with `payment_intent`,
//!   `payment_intent_client_secret` and `redirect_status`, as Stripe's redirect does.
//! - `POST /test/refunds/{id}/succeed` and `…/fail`: settle a refund left `pending` (`Settings::refunds_pending`).
//! - `POST /test/payment_intents/{id}/dispute`: the buyer's bank disputes a charged intent (the amount leaves the
//!   balance); `POST /test/disputes/{id}/win` and `…/lose`: the bank decides (a win brings the amount back).
//!
//! Every change an event describes (`payment_intent.amount_capturable_updated`, `.succeeded`, `.payment_failed`,
//! `.canceled`, `refund.created`, `refund.updated`, `charge.dispute.created`, `.funds_withdrawn`, `.closed`,
//! `.funds_reinstated`) is kept in [`StandIn::events`] and, with a webhook target, posted
//! to it signed, before the call that caused it answers (so a test sees the receiver's effect at once; Stripe
//! itself delivers a moment later and retries, which the stand-in does not).

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use hmac::{Hmac, Mac};
use serde::Serialize;
use serde_json::{Value, json};
use sha2::Sha256;

/// The secret key the stand-in expects unless told another.
pub const DEFAULT_SECRET_KEY: &str = "sk_test_questline_stand_in";
/// The webhook signing secret the binary uses when given a webhook URL but no secret.
pub const DEFAULT_WEBHOOK_SECRET: &str = "whsec_questline_stand_in";

/// Where signed events go.
#[derive(Clone, Debug)]
pub struct WebhookTarget {
    pub url: String,
    /// The `whsec_…` secret the receiver checks signatures with.
    pub secret: String,
}

/// How the stand-in behaves.
#[derive(Clone)]
pub struct Settings {
    /// The only secret key accepted as `Authorization: Bearer …`.
    pub secret_key: String,
    /// Events are posted here, signed, when set.
    pub webhook: Option<WebhookTarget>,
    /// Refunds start `pending` (settled by `/test/refunds/{id}/succeed`), instead of succeeding at once.
    pub refunds_pending: bool,
    /// The time, in Unix seconds: objects' `created` and the signatures' `t`. Tests give the app's clock.
    pub now: Arc<dyn Fn() -> i64 + Send + Sync>,
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("webhook", &self.webhook.as_ref().map(|target| &target.url))
            .field("refunds_pending", &self.refunds_pending)
            .finish_non_exhaustive()
    }
}

impl Settings {
    /// The default key, no webhook, refunds succeeding at once, the system clock.
    pub fn new(secret_key: impl Into<String>) -> Self {
        Self { secret_key: secret_key.into(), webhook: None, refunds_pending: false, now: Arc::new(unix_now) }
    }
}

/// The system clock in Unix seconds.
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// The value of a `Stripe-Signature` header for `payload` sent at `timestamp`, signed with `secret` as Stripe
/// signs: `t=<timestamp>,v1=<hex HMAC-SHA256 of "<timestamp>.<payload>">`.
pub fn signature_header(payload: &[u8], secret: &str, timestamp: i64) -> String {
    format!("t={timestamp},v1={}", signature(payload, secret, timestamp))
}

/// The hex `v1` signature alone.
pub fn signature(payload: &[u8], secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    hex(&mac.finalize().into_bytes())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// A Stripe event of `kind` about `object`, as the webhook body carries it.
pub fn event(id: &str, kind: &str, object: Value, created: i64) -> Value {
    json!({
        "id": id,
        "object": "event",
        "api_version": "2024-06-20",
        "created": created,
        "livemode": false,
        "pending_webhooks": 1,
        "type": kind,
        "data": {"object": object},
    })
}

fn random_id(prefix: &str) -> String {
    let bits: u128 = rand::random();
    // 24 characters of base 36, Stripe-like and unguessable.
    let mut rest = bits;
    let mut text = String::with_capacity(prefix.len() + 24);
    text.push_str(prefix);
    for _ in 0..24 {
        let digit = (rest % 36) as u8;
        rest /= 36;
        text.push(char::from(if digit < 10 { b'0' + digit } else { b'a' + digit - 10 }));
    }
    text
}

// ---------------------------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------------------------

#[derive(Clone, Debug, Serialize)]
struct Intent {
    id: String,
    object: &'static str,
    amount: i64,
    amount_capturable: i64,
    amount_received: i64,
    currency: String,
    status: String,
    capture_method: String,
    client_secret: String,
    metadata: BTreeMap<String, String>,
    automatic_payment_methods: Option<Value>,
    payment_method: Option<String>,
    last_payment_error: Option<Value>,
    next_action: Option<Value>,
    latest_charge: Option<String>,
    canceled_at: Option<i64>,
    cancellation_reason: Option<String>,
    created: i64,
    livemode: bool,
    /// Where 3-D Secure sends the shopper back to (kept, not shown: Stripe does not echo it either).
    #[serde(skip)]
    return_url: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
struct Refund {
    id: String,
    object: &'static str,
    amount: i64,
    currency: String,
    payment_intent: String,
    charge: Option<String>,
    status: String,
    metadata: BTreeMap<String, String>,
    created: i64,
}

#[derive(Clone, Debug, Serialize)]
struct Dispute {
    id: String,
    object: &'static str,
    amount: i64,
    currency: String,
    charge: Option<String>,
    payment_intent: String,
    reason: String,
    status: String,
    /// What the dispute moved on the balance: the withdrawal (its amount negative) and any reinstatement.
    balance_transactions: Vec<Value>,
    is_charge_refundable: bool,
    metadata: BTreeMap<String, String>,
    created: i64,
    livemode: bool,
}

/// Stripe's fee for a dispute (taken with the withdrawal, not given back when it is won).
const DISPUTE_FEE: i64 = 1500;

fn balance_transaction(amount: i64, fee: i64, currency: &str, now: i64) -> Value {
    json!({"id": random_id("txn_"), "object": "balance_transaction", "amount": amount, "fee": fee,
        "net": amount - fee, "currency": currency, "type": "adjustment", "created": now})
}

/// A Stripe error answer.
#[derive(Debug)]
struct StripeError {
    status: StatusCode,
    body: Value,
}

impl StripeError {
    fn new(status: StatusCode, kind: &str, code: Option<&str>, message: impl Into<String>) -> Self {
        let mut error = json!({"type": kind, "message": message.into()});
        if let Some(code) = code {
            error["code"] = json!(code);
        }
        Self { status, body: json!({"error": error}) }
    }

    fn invalid(code: &str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_request_error", Some(code), message)
    }

    fn missing(kind: &str, id: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "invalid_request_error",
            Some("resource_missing"),
            format!("No such {kind}: '{id}'"),
        )
    }

    fn unexpected_state(message: impl Into<String>) -> Self {
        Self::invalid("payment_intent_unexpected_state", message)
    }
}

impl IntoResponse for StripeError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body)).into_response()
    }
}

type Answer = Result<Value, StripeError>;

/// A `GET /v1/<objects>/{id}`: behind the secret key, the object as stored, or Stripe's "No such <kind>".
fn retrieved(stand_in: &StandIn, headers: &HeaderMap, kind: &str, id: &str, found: Option<Value>) -> Response {
    if let Err(error) = check_secret_key(stand_in, headers) {
        return error.into_response();
    }
    match found {
        Some(object) => axum::Json(object).into_response(),
        None => StripeError::missing(kind, id).into_response(),
    }
}

/// Posts the events a call caused to the webhook target, then answers the call.
async fn delivered(stand_in: &StandIn, answer: Answer) -> Response {
    stand_in.deliver().await;
    match answer {
        Ok(object) => axum::Json(object).into_response(),
        Err(error) => error.into_response(),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------------------------------

#[derive(Default)]
struct Inner {
    intents: HashMap<String, Intent>,
    refunds: HashMap<String, Refund>,
    disputes: HashMap<String, Dispute>,
    /// Idempotency key → (what the request was, the status and body answered).
    idempotency: HashMap<String, (String, StatusCode, Value)>,
    /// Every event, oldest first.
    events: Vec<Value>,
    /// Events not yet posted to the webhook target.
    outbox: Vec<Value>,
}

impl Inner {
    fn emit(&mut self, kind: &str, object: Value, now: i64) {
        let event = event(&random_id("evt_"), kind, object, now);
        self.events.push(event.clone());
        self.outbox.push(event);
    }

    fn intent(&mut self, id: &str) -> Result<&mut Intent, StripeError> {
        self.intents.get_mut(id).ok_or_else(|| StripeError::missing("payment_intent", id))
    }
}

struct Shared {
    settings: Settings,
    /// Starts as the settings say; tests point it at an app started after the stand-in.
    webhook: Mutex<Option<WebhookTarget>>,
    inner: Mutex<Inner>,
    http: reqwest::Client,
}

/// A stand-in: clone it into the router and keep one to look inside.
#[derive(Clone)]
pub struct StandIn {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for StandIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StandIn").field("settings", &self.shared.settings).finish()
    }
}

impl StandIn {
    pub fn new(settings: Settings) -> Self {
        let webhook = Mutex::new(settings.webhook.clone());
        Self { shared: Arc::new(Shared { settings, webhook, inner: Mutex::default(), http: webhook_client() }) }
    }

    /// Where events go from now on (`None`: nowhere).
    pub fn set_webhook(&self, target: Option<WebhookTarget>) {
        *self.shared.webhook.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = target;
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.shared.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn now(&self) -> i64 {
        (self.shared.settings.now)()
    }

    /// The PaymentIntent as `GET /v1/payment_intents/{id}` would answer it.
    pub fn intent(&self, id: &str) -> Option<Value> {
        self.lock().intents.get(id).map(|intent| json!(intent))
    }

    /// Every PaymentIntent, in no order.
    pub fn intents(&self) -> Vec<Value> {
        self.lock().intents.values().map(|intent| json!(intent)).collect()
    }

    /// Every refund, in no order.
    pub fn refunds(&self) -> Vec<Value> {
        self.lock().refunds.values().map(|refund| json!(refund)).collect()
    }

    /// Every dispute, in no order.
    pub fn disputes(&self) -> Vec<Value> {
        self.lock().disputes.values().map(|dispute| json!(dispute)).collect()
    }

    /// Every event so far, oldest first (posted to the webhook target or not).
    pub fn events(&self) -> Vec<Value> {
        self.lock().events.clone()
    }

    /// Posts waiting events to the webhook target, in order, each signed at the stand-in's time. Failures are
    /// reported on stderr and not retried (Stripe would retry; tests redeliver by hand).
    async fn deliver(&self) {
        let target = self.shared.webhook.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
        let Some(target) = target else {
            self.lock().outbox.clear();
            return;
        };
        let events = std::mem::take(&mut self.lock().outbox);
        for event in events {
            let body = serde_json::to_vec(&event).unwrap_or_default();
            let signature = signature_header(&body, &target.secret, self.now());
            let sent = self
                .shared
                .http
                .post(&target.url)
                .header(header::CONTENT_TYPE, "application/json; charset=utf-8")
                .header("Stripe-Signature", signature)
                .body(body)
                .send()
                .await;
            match sent {
                Ok(response) if response.status().is_success() => {}
                Ok(response) => {
                    eprintln!("stripe stand-in: {} answered {} to {}", target.url, response.status(), event["type"])
                }
                Err(error) => eprintln!("stripe stand-in: posting {} to {} failed: {error}", event["type"], target.url),
            }
        }
    }
}

/// Posts events; an unreachable receiver holds up the call that caused the event for at most five seconds.
fn webhook_client() -> reqwest::Client {
    reqwest::Client::builder().timeout(std::time::Duration::from_secs(5)).build().unwrap_or_default()
}

/// A stand-in serving on a local port.
#[derive(Debug, Clone)]
pub struct Running {
    /// `http://127.0.0.1:<port>`: the server's `QUESTLINE_STRIPE_API_BASE`.
    pub base_url: String,
    pub stand_in: StandIn,
}

/// Serves a stand-in on `127.0.0.1:port` (0 picks a free port) until the runtime ends.
pub async fn spawn(settings: Settings, port: u16) -> std::io::Result<Running> {
    let listener = tokio::net::TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port))).await?;
    let address = listener.local_addr()?;
    let stand_in = StandIn::new(settings);
    let app = router(stand_in.clone());
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            eprintln!("stripe stand-in stopped: {error}");
        }
    });
    Ok(Running { base_url: format!("http://{address}"), stand_in })
}

/// The stand-in's routes.
pub fn router(stand_in: StandIn) -> Router {
    Router::new()
        .route("/", get(|| async { axum::Json(json!({"stripe_stand_in": true})) }))
        .route("/v1/payment_intents", post(create_intent))
        .route("/v1/payment_intents/{id}", get(retrieve_intent))
        .route("/v1/payment_intents/{id}/{action}", post(act_on_intent))
        .route("/v1/refunds", post(create_refund))
        .route("/v1/refunds/{id}", get(retrieve_refund))
        .route("/test/payment_intents/{id}/authenticate", get(authenticate_redirect).post(authenticate))
        .route("/test/refunds/{id}/{outcome}", post(settle_refund))
        .route("/v1/disputes/{id}", get(retrieve_dispute))
        .route("/test/payment_intents/{id}/dispute", post(open_dispute))
        .route("/test/disputes/{id}/{outcome}", post(close_dispute))
        .fallback(|| async {
            StripeError::new(StatusCode::NOT_FOUND, "invalid_request_error", None, "Unrecognized request URL.")
        })
        .with_state(stand_in)
}

// ---------------------------------------------------------------------------------------------------------------
// Request checks
// ---------------------------------------------------------------------------------------------------------------

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ")
}

fn unauthorised(key: Option<&str>) -> StripeError {
    let message = match key {
        Some(key) => format!("Invalid API Key provided: {}", mask(key)),
        None => "You did not provide an API key. You need to provide your API key in the Authorization header, \
                 using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
            .to_owned(),
    };
    StripeError::new(StatusCode::UNAUTHORIZED, "invalid_request_error", None, message)
}

/// Stripe shows only the key's start and end.
fn mask(key: &str) -> String {
    let start: String = key.chars().take(8).collect();
    let end: String = key.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
    format!("{start}*********{end}")
}

fn check_secret_key(stand_in: &StandIn, headers: &HeaderMap) -> Result<(), StripeError> {
    match bearer(headers) {
        Some(key) if key == stand_in.shared.settings.secret_key => Ok(()),
        other => Err(unauthorised(other)),
    }
}

/// Form parameters, in order; a body that is not form-encoded is refused as Stripe refuses it.
type Params = Vec<(String, String)>;

fn params(headers: &HeaderMap, body: &Bytes) -> Result<Params, StripeError> {
    if body.is_empty() {
        return Ok(Vec::new());
    }
    let form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/x-www-form-urlencoded"));
    let parsed = if form { serde_urlencoded::from_bytes::<Params>(body).ok() } else { None };
    parsed.ok_or_else(|| {
        StripeError::invalid("parameter_invalid", "Invalid request: the body must be application/x-www-form-urlencoded")
    })
}

fn param<'a>(params: &'a Params, name: &str) -> Option<&'a str> {
    params.iter().rev().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
}

/// Refuses a parameter the endpoint does not know (`metadata[…]` aside), as Stripe does: our client's encoding is
/// checked, not guessed.
fn only_known(params: &Params, known: &[&str]) -> Result<(), StripeError> {
    for (key, _) in params {
        if !(known.contains(&key.as_str()) || key.starts_with("metadata[") && key.ends_with(']')) {
            return Err(StripeError::invalid("parameter_unknown", format!("Received unknown parameter: {key}")));
        }
    }
    Ok(())
}

fn metadata(params: &Params) -> BTreeMap<String, String> {
    params
        .iter()
        .filter_map(|(key, value)| {
            let name = key.strip_prefix("metadata[")?.strip_suffix(']')?;
            Some((name.to_owned(), value.clone()))
        })
        .collect()
}

fn positive_amount(params: &Params, name: &str) -> Result<Option<i64>, StripeError> {
    match param(params, name) {
        None => Ok(None),
        Some(text) => match text.parse::<i64>() {
            Ok(amount) if amount > 0 => Ok(Some(amount)),
            _ => Err(StripeError::invalid("parameter_invalid_integer", format!("Invalid positive integer: {name}"))),
        },
    }
}

/// Runs a POST's work once per `Idempotency-Key`: the same key with the same request replays the first answer
/// (with `Idempotent-Replayed: true`), with other parameters it is refused. Events the work caused are posted after.
async fn idempotent(
    stand_in: &StandIn,
    headers: &HeaderMap,
    path: &str,
    params: &Params,
    work: impl FnOnce(&mut Inner, i64) -> Answer,
) -> Response {
    let key = headers.get("idempotency-key").and_then(|value| value.to_str().ok()).map(str::to_owned);
    let mut sorted = params.clone();
    sorted.sort();
    let fingerprint = format!("{} {path} {sorted:?}", Method::POST);
    let (status, body, replayed) = {
        let mut inner = stand_in.lock();
        match key.as_ref().and_then(|key| inner.idempotency.get(key)) {
            Some((seen, status, body)) if *seen == fingerprint => (*status, body.clone(), true),
            Some(_) => {
                let error = StripeError::new(
                    StatusCode::BAD_REQUEST,
                    "idempotency_error",
                    None,
                    "Keys for idempotent requests can only be used with the same parameters they were first used \
                     with. Try using a key other than the one used for the original request.",
                );
                return error.into_response();
            }
            None => {
                let (status, body) = match work(&mut inner, stand_in.now()) {
                    Ok(body) => (StatusCode::OK, body),
                    Err(error) => (error.status, error.body),
                };
                if let Some(key) = key {
                    inner.idempotency.insert(key, (fingerprint, status, body.clone()));
                }
                (status, body, false)
            }
        }
    };
    stand_in.deliver().await;
    let mut response = (status, axum::Json(body)).into_response();
    if replayed {
        response.headers_mut().insert("idempotent-replayed", HeaderValue::from_static("true"));
    }
    response
}

// ---------------------------------------------------------------------------------------------------------------
// PaymentIntents
// ---------------------------------------------------------------------------------------------------------------

async fn create_intent(State(stand_in): State<StandIn>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(error) = check_secret_key(&stand_in, &headers) {
        return error.into_response();
    }
    let params = match params(&headers, &body) {
        Ok(params) => params,
        Err(error) => return error.into_response(),
    };
    idempotent(&stand_in, &headers, "/v1/payment_intents", &params, |inner, now| {
        only_known(
            &params,
            &["amount", "currency", "capture_method", "automatic_payment_methods[enabled]", "description"],
        )?;
        let amount = positive_amount(&params, "amount")?
            .ok_or_else(|| StripeError::invalid("parameter_missing", "Missing required param: amount."))?;
        let currency = param(&params, "currency")
            .filter(|currency| currency.len() == 3 && currency.chars().all(|c| c.is_ascii_alphabetic()))
            .ok_or_else(|| StripeError::invalid("parameter_missing", "Missing required param: currency."))?
            .to_ascii_lowercase();
        let capture_method = param(&params, "capture_method").unwrap_or("automatic").to_owned();
        if !["automatic", "automatic_async", "manual"].contains(&capture_method.as_str()) {
            return Err(StripeError::invalid("parameter_invalid_string", "Invalid capture_method."));
        }
        let automatic = match param(&params, "automatic_payment_methods[enabled]") {
            None => None,
            Some("true") => Some(json!({"enabled": true})),
            Some("false") => Some(json!({"enabled": false})),
            Some(_) => return Err(StripeError::invalid("parameter_invalid_boolean", "Invalid boolean")),
        };
        let id = random_id("pi_");
        let intent = Intent {
            client_secret: format!("{id}_secret_{}", random_id("")),
            id: id.clone(),
            object: "payment_intent",
            amount,
            amount_capturable: 0,
            amount_received: 0,
            currency,
            status: "requires_payment_method".into(),
            capture_method,
            metadata: metadata(&params),
            automatic_payment_methods: automatic,
            payment_method: None,
            last_payment_error: None,
            next_action: None,
            latest_charge: None,
            canceled_at: None,
            cancellation_reason: None,
            created: now,
            livemode: false,
            return_url: None,
        };
        let answer = json!(intent);
        inner.intents.insert(id, intent);
        Ok(answer)
    })
    .await
}

async fn retrieve_intent(State(stand_in): State<StandIn>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let found = stand_in.intent(&id);
    retrieved(&stand_in, &headers, "payment_intent", &id, found)
}

async fn act_on_intent(
    State(stand_in): State<StandIn>,
    headers: HeaderMap,
    Path((id, action)): Path<(String, String)>,
    body: Bytes,
) -> Response {
    let params = match params(&headers, &body) {
        Ok(params) => params,
        Err(error) => return error.into_response(),
    };
    // Stripe.js confirms with the publishable key and the intent's client secret; the server with its secret key.
    let by_browser = bearer(&headers).is_some_and(|key| key.starts_with("pk_"))
        && action == "confirm"
        && param(&params, "client_secret").is_some_and(|secret| {
            stand_in.lock().intents.get(&id).is_some_and(|intent| intent.client_secret == secret)
        });
    if !by_browser && let Err(error) = check_secret_key(&stand_in, &headers) {
        return error.into_response();
    }
    let base = headers.get(header::HOST).and_then(|host| host.to_str().ok()).map(|host| format!("http://{host}"));
    let path = format!("/v1/payment_intents/{id}/{action}");
    idempotent(&stand_in, &headers, &path, &params, |inner, now| match action.as_str() {
        "confirm" => confirm(inner, &id, &params, base.as_deref().unwrap_or(""), now),
        "capture" => capture(inner, &id, &params, now),
        "cancel" => cancel(inner, &id, &params, now),
        _ => Err(StripeError::new(StatusCode::NOT_FOUND, "invalid_request_error", None, "Unrecognized request URL.")),
    })
    .await
}

fn confirm(inner: &mut Inner, id: &str, params: &Params, base: &str, now: i64) -> Answer {
    only_known(params, &["payment_method", "return_url", "client_secret"])?;
    let intent = inner.intent(id)?;
    if !["requires_payment_method", "requires_confirmation"].contains(&intent.status.as_str()) {
        return Err(StripeError::unexpected_state(format!(
            "You cannot confirm this PaymentIntent because it has a status of {}.",
            intent.status
        )));
    }
    let method = param(params, "payment_method")
        .ok_or_else(|| StripeError::invalid("parameter_missing", "Missing required param: payment_method."))?
        .to_owned();
    intent.payment_method = Some(method.clone());
    intent.return_url = param(params, "return_url").map(str::to_owned);
    intent.last_payment_error = None;
    intent.next_action = None;
    match method.as_str() {
        "pm_card_visa" => {
            let event = hold_or_charge(intent);
            let answer = json!(intent);
            inner.emit(event, answer.clone(), now);
            Ok(answer)
        }
        "pm_card_chargeDeclined" => {
            let error = json!({"type": "card_error", "code": "card_declined", "decline_code": "generic_decline",
                "message": "Your card was declined.", "payment_method": {"id": method}});
            intent.status = "requires_payment_method".into();
            intent.last_payment_error = Some(error.clone());
            let answer = json!(intent);
            inner.emit("payment_intent.payment_failed", answer.clone(), now);
            let mut body = json!({"error": error});
            body["error"]["payment_intent"] = answer;
            Err(StripeError { status: StatusCode::PAYMENT_REQUIRED, body })
        }
        "pm_card_threeDSecure" => {
            intent.status = "requires_action".into();
            let url = format!("{base}/test/payment_intents/{id}/authenticate");
            intent.next_action = Some(json!({"type": "redirect_to_url",
                "redirect_to_url": {"url": url, "return_url": intent.return_url}}));
            Ok(json!(intent))
        }
        other => Err(StripeError::invalid("resource_missing", format!("No such PaymentMethod: '{other}'"))),
    }
}

/// The card was accepted: held for a manual capture, else charged. Returns the event that tells it.
fn hold_or_charge(intent: &mut Intent) -> &'static str {
    intent.next_action = None;
    if intent.capture_method == "manual" {
        intent.status = "requires_capture".into();
        intent.amount_capturable = intent.amount;
        "payment_intent.amount_capturable_updated"
    } else {
        intent.status = "succeeded".into();
        intent.amount_received = intent.amount;
        intent.latest_charge = Some(random_id("ch_"));
        "payment_intent.succeeded"
    }
}

fn capture(inner: &mut Inner, id: &str, params: &Params, now: i64) -> Answer {
    only_known(params, &["amount_to_capture"])?;
    let intent = inner.intent(id)?;
    if intent.status != "requires_capture" {
        return Err(StripeError::unexpected_state(format!(
            "This PaymentIntent could not be captured because it has a status of {}. Only a PaymentIntent with one \
             of the following statuses may be captured: requires_capture.",
            intent.status
        )));
    }
    let amount = positive_amount(params, "amount_to_capture")?.unwrap_or(intent.amount_capturable);
    if amount > intent.amount_capturable {
        return Err(StripeError::invalid("amount_too_large", "The amount to capture exceeds the amount capturable."));
    }
    intent.status = "succeeded".into();
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    intent.latest_charge = Some(random_id("ch_"));
    let answer = json!(intent);
    inner.emit("payment_intent.succeeded", answer.clone(), now);
    Ok(answer)
}

fn cancel(inner: &mut Inner, id: &str, params: &Params, now: i64) -> Answer {
    only_known(params, &["cancellation_reason"])?;
    let intent = inner.intent(id)?;
    let cancellable =
        ["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action", "processing"];
    if !cancellable.contains(&intent.status.as_str()) {
        return Err(StripeError::unexpected_state(format!(
            "You cannot cancel this PaymentIntent because it has a status of {}. Only a PaymentIntent with one of \
             the following statuses may be canceled: {}.",
            intent.status,
            cancellable.join(", ")
        )));
    }
    intent.status = "canceled".into();
    intent.amount_capturable = 0;
    intent.next_action = None;
    intent.canceled_at = Some(now);
    intent.cancellation_reason = param(params, "cancellation_reason").map(str::to_owned);
    let answer = json!(intent);
    inner.emit("payment_intent.canceled", answer.clone(), now);
    Ok(answer)
}

#[derive(serde::Deserialize)]
struct Outcome {
    outcome: Option<String>,
}

/// The bank's 3-D Secure page: the pending authentication succeeds (or fails with `?outcome=fail`).
fn finish_authentication(stand_in: &StandIn, id: &str, fail: bool) -> Result<Intent, StripeError> {
    let now = stand_in.now();
    let mut inner = stand_in.lock();
    let intent = inner.intent(id)?;
    if intent.status != "requires_action" {
        return Err(StripeError::unexpected_state(format!(
            "This PaymentIntent has a status of {}; nothing waits for authentication.",
            intent.status
        )));
    }
    let event = if fail {
        intent.status = "requires_payment_method".into();
        intent.next_action = None;
        intent.last_payment_error = Some(json!({"type": "card_error", "code": "payment_intent_authentication_failure",
            "message": "We are unable to authenticate your payment method. Please choose a different payment method \
                        and try again."}));
        "payment_intent.payment_failed"
    } else {
        hold_or_charge(intent)
    };
    let snapshot = intent.clone();
    inner.emit(event, json!(snapshot), now);
    Ok(snapshot)
}

async fn authenticate(
    State(stand_in): State<StandIn>,
    Path(id): Path<String>,
    Query(outcome): Query<Outcome>,
) -> Response {
    let fail = outcome.outcome.as_deref() == Some("fail");
    let answer = finish_authentication(&stand_in, &id, fail);
    delivered(&stand_in, answer.map(|intent| json!(intent))).await
}

async fn authenticate_redirect(
    State(stand_in): State<StandIn>,
    Path(id): Path<String>,
    Query(outcome): Query<Outcome>,
) -> Response {
    let fail = outcome.outcome.as_deref() == Some("fail");
    let answer = finish_authentication(&stand_in, &id, fail);
    stand_in.deliver().await;
    match answer {
        Ok(Intent { return_url: Some(url), client_secret, status, .. }) => {
            let redirect_status = if status == "requires_payment_method" { "failed" } else { "succeeded" };
            let separator = if url.contains('?') { '&' } else { '?' };
            Redirect::to(&format!(
                "{url}{separator}payment_intent={id}&payment_intent_client_secret={client_secret}&\
                 redirect_status={redirect_status}"
            ))
            .into_response()
        }
        Ok(intent) => axum::Json(json!(intent)).into_response(),
        Err(error) => error.into_response(),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------------------------------------------

async fn create_refund(State(stand_in): State<StandIn>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(error) = check_secret_key(&stand_in, &headers) {
        return error.into_response();
    }
    let params = match params(&headers, &body) {
        Ok(params) => params,
        Err(error) => return error.into_response(),
    };
    let pending = stand_in.shared.settings.refunds_pending;
    idempotent(&stand_in, &headers, "/v1/refunds", &params, |inner, now| {
        only_known(&params, &["payment_intent", "amount", "reason"])?;
        let intent_id = param(&params, "payment_intent")
            .ok_or_else(|| StripeError::invalid("parameter_missing", "Missing required param: payment_intent."))?
            .to_owned();
        let intent = inner.intent(&intent_id)?.clone();
        if intent.status != "succeeded" {
            return Err(StripeError::invalid(
                "charge_not_refundable",
                format!("This PaymentIntent ({intent_id}) does not have a successful charge to refund."),
            ));
        }
        let refunded: i64 = inner
            .refunds
            .values()
            .filter(|refund| refund.payment_intent == intent_id && refund.status != "failed")
            .map(|refund| refund.amount)
            .sum();
        let left = intent.amount_received - refunded;
        let amount = positive_amount(&params, "amount")?.unwrap_or(left);
        if left <= 0 {
            return Err(StripeError::invalid(
                "charge_already_refunded",
                format!("Charge {} has already been refunded.", intent.latest_charge.clone().unwrap_or_default()),
            ));
        }
        if amount > left {
            return Err(StripeError::invalid(
                "amount_too_large",
                format!("Refund amount ({amount}) is greater than unrefunded amount on charge ({left})"),
            ));
        }
        let refund = Refund {
            id: random_id("re_"),
            object: "refund",
            amount,
            currency: intent.currency.clone(),
            payment_intent: intent_id,
            charge: intent.latest_charge.clone(),
            status: if pending { "pending" } else { "succeeded" }.into(),
            metadata: metadata(&params),
            created: now,
        };
        let answer = json!(refund);
        inner.refunds.insert(refund.id.clone(), refund);
        inner.emit("refund.created", answer.clone(), now);
        Ok(answer)
    })
    .await
}

async fn retrieve_refund(State(stand_in): State<StandIn>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let found = stand_in.lock().refunds.get(&id).map(|refund| json!(refund));
    retrieved(&stand_in, &headers, "refund", &id, found)
}

async fn settle_refund(State(stand_in): State<StandIn>, Path((id, outcome)): Path<(String, String)>) -> Response {
    let status = match outcome.as_str() {
        "succeed" => "succeeded",
        "fail" => "failed",
        _ => {
            return StripeError::invalid("parameter_invalid_string", "The outcome is succeed or fail.").into_response();
        }
    };
    let now = stand_in.now();
    let answer = {
        let mut inner = stand_in.lock();
        match inner.refunds.get_mut(&id) {
            Some(refund) if refund.status == "pending" => {
                refund.status = status.into();
                let answer = json!(refund);
                inner.emit("refund.updated", answer.clone(), now);
                Ok(answer)
            }
            Some(refund) => Err(StripeError::invalid(
                "refund_not_pending",
                format!("Refund {id} is {}, not pending.", refund.status),
            )),
            None => Err(StripeError::missing("refund", &id)),
        }
    };
    delivered(&stand_in, answer).await
}

// ---------------------------------------------------------------------------------------------------------------
// Disputes
// ---------------------------------------------------------------------------------------------------------------

async fn retrieve_dispute(State(stand_in): State<StandIn>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    let found = stand_in.lock().disputes.get(&id).map(|dispute| json!(dispute));
    retrieved(&stand_in, &headers, "dispute", &id, found)
}

/// The buyer's bank disputes a charged PaymentIntent: the amount and Stripe's fee leave the balance at once
/// (`charge.dispute.created`, then `charge.dispute.funds_withdrawn`).
async fn open_dispute(State(stand_in): State<StandIn>, Path(id): Path<String>) -> Response {
    let now = stand_in.now();
    let answer = {
        let mut inner = stand_in.lock();
        match inner.intent(&id).map(|intent| intent.clone()) {
            Ok(intent) if intent.status == "succeeded" => {
                let dispute = Dispute {
                    id: random_id("dp_"),
                    object: "dispute",
                    amount: intent.amount_received,
                    currency: intent.currency.clone(),
                    charge: intent.latest_charge.clone(),
                    payment_intent: intent.id.clone(),
                    reason: "fraudulent".into(),
                    status: "needs_response".into(),
                    balance_transactions: vec![balance_transaction(
                        -intent.amount_received,
                        DISPUTE_FEE,
                        &intent.currency,
                        now,
                    )],
                    is_charge_refundable: false,
                    metadata: BTreeMap::new(),
                    created: now,
                    livemode: false,
                };
                let answer = json!(dispute);
                inner.disputes.insert(dispute.id.clone(), dispute);
                inner.emit("charge.dispute.created", answer.clone(), now);
                inner.emit("charge.dispute.funds_withdrawn", answer.clone(), now);
                Ok(answer)
            }
            Ok(intent) => Err(StripeError::invalid(
                "charge_not_disputable",
                format!("PaymentIntent {id} is {}: only a charged one can be disputed.", intent.status),
            )),
            Err(error) => Err(error),
        }
    };
    delivered(&stand_in, answer).await
}

/// The bank decides: `win` gives the amount back (`charge.dispute.closed`, `charge.dispute.funds_reinstated`),
/// `lose` keeps it out (`charge.dispute.closed`).
async fn close_dispute(State(stand_in): State<StandIn>, Path((id, outcome)): Path<(String, String)>) -> Response {
    let status = match outcome.as_str() {
        "win" => "won",
        "lose" => "lost",
        _ => return StripeError::invalid("parameter_invalid_string", "The outcome is win or lose.").into_response(),
    };
    let now = stand_in.now();
    let answer = {
        let mut inner = stand_in.lock();
        match inner.disputes.get_mut(&id) {
            Some(dispute) if !["won", "lost"].contains(&dispute.status.as_str()) => {
                dispute.status = status.into();
                if status == "won" {
                    dispute.balance_transactions.push(balance_transaction(dispute.amount, 0, &dispute.currency, now));
                }
                let answer = json!(dispute);
                inner.emit("charge.dispute.closed", answer.clone(), now);
                if status == "won" {
                    inner.emit("charge.dispute.funds_reinstated", answer.clone(), now);
                }
                Ok(answer)
            }
            Some(dispute) => {
                Err(StripeError::invalid("dispute_already_closed", format!("Dispute {id} is {}.", dispute.status)))
            }
            None => Err(StripeError::missing("dispute", &id)),
        }
    };
    delivered(&stand_in, answer).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_are_stripes_hmac_of_time_dot_body() {
        // HMAC-SHA256("whsec_test", "1700000000.{}"), computed independently with `openssl dgst -sha256 -hmac`.
        let header = signature_header(b"{}", "whsec_test", 1_700_000_000);
        assert_eq!(header, format!("t=1700000000,v1={}", signature(b"{}", "whsec_test", 1_700_000_000)));
        assert_eq!(signature(b"{}", "whsec_test", 1_700_000_000), KNOWN_SIGNATURE);
        assert_ne!(signature(b"{} ", "whsec_test", 1_700_000_000), KNOWN_SIGNATURE, "the body counts");
        assert_ne!(signature(b"{}", "whsec_test", 1_700_000_001), KNOWN_SIGNATURE, "the time counts");
    }

    const KNOWN_SIGNATURE: &str = "35495024f4ef3f94e5a93e22221544c4b75e9a42300cd965ab81cb85cd994e91";

    async fn running() -> Running {
        spawn(Settings::new(DEFAULT_SECRET_KEY), 0).await.unwrap()
    }

    /// Sends `request` and reads its JSON answer, whatever the status.
    async fn json_of(request: reqwest::RequestBuilder) -> Value {
        request.send().await.unwrap().json().await.unwrap()
    }

    fn post(base: &str, path: &str, key: Option<&str>) -> reqwest::RequestBuilder {
        let request = reqwest::Client::new().post(format!("{base}{path}"));
        match key {
            Some(key) => request.bearer_auth(key),
            None => request,
        }
    }

    #[tokio::test]
    async fn the_secret_key_and_form_encoding_are_required() {
        let running = running().await;
        let base = &running.base_url;
        let form = [("amount", "2550"), ("currency", "PLN")];
        let none = post(base, "/v1/payment_intents", None).form(&form).send().await.unwrap();
        assert_eq!(none.status(), 401);
        let wrong = post(base, "/v1/payment_intents", Some("sk_test_wrong")).form(&form).send().await.unwrap();
        assert_eq!(wrong.status(), 401);
        let body: Value = wrong.json().await.unwrap();
        assert_eq!(body["error"]["type"], "invalid_request_error");
        let json_body = post(base, "/v1/payment_intents", Some(DEFAULT_SECRET_KEY))
            .json(&json!({"amount": 2550, "currency": "pln"}))
            .send()
            .await
            .unwrap();
        assert_eq!(json_body.status(), 400, "JSON is not Stripe's encoding");
        let unknown = post(base, "/v1/payment_intents", Some(DEFAULT_SECRET_KEY))
            .form(&[("amount", "2550"), ("currency", "pln"), ("metadata.cart_id", "x")])
            .send()
            .await
            .unwrap();
        assert_eq!(unknown.status(), 400);
        assert_eq!(unknown.json::<Value>().await.unwrap()["error"]["code"], "parameter_unknown");
        let made = post(base, "/v1/payment_intents", Some(DEFAULT_SECRET_KEY))
            .form(&[("amount", "2550"), ("currency", "PLN"), ("metadata[cart_id]", "cart_1")])
            .send()
            .await
            .unwrap();
        assert_eq!(made.status(), 200);
        let intent: Value = made.json().await.unwrap();
        assert_eq!(
            (intent["currency"].as_str(), intent["metadata"]["cart_id"].as_str()),
            (Some("pln"), Some("cart_1"))
        );
        assert!(running.stand_in.events().is_empty(), "creating an intent sends no event we subscribe to");
    }

    #[tokio::test]
    async fn a_repeated_key_replays_and_a_reused_one_is_refused() {
        let running = running().await;
        let base = &running.base_url;
        let create = |amount: &'static str| {
            post(base, "/v1/payment_intents", Some(DEFAULT_SECRET_KEY))
                .header("Idempotency-Key", "intent:payses_1")
                .form(&[("amount", amount), ("currency", "pln"), ("capture_method", "manual")])
        };
        let first: Value = create("2550").send().await.unwrap().json().await.unwrap();
        let again = create("2550").send().await.unwrap();
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(again.json::<Value>().await.unwrap(), first);
        assert_eq!(running.stand_in.intents().len(), 1, "one intent");
        let reused = create("9999").send().await.unwrap();
        assert_eq!(reused.status(), 400);
        assert_eq!(reused.json::<Value>().await.unwrap()["error"]["type"], "idempotency_error");
    }

    #[tokio::test]
    async fn confirm_capture_and_refund_move_as_stripe_moves_them() {
        let running = running().await;
        let base = &running.base_url;
        let key = Some(DEFAULT_SECRET_KEY);
        let intent: Value = json_of(post(base, "/v1/payment_intents", key).form(&[
            ("amount", "2550"),
            ("currency", "pln"),
            ("capture_method", "manual"),
        ]))
        .await;
        let id = intent["id"].as_str().unwrap();
        // The browser confirms with the publishable key and the client secret.
        let confirm = format!("/v1/payment_intents/{id}/confirm");
        let declined = post(base, &confirm, Some("pk_test_x"))
            .form(&[
                ("payment_method", "pm_card_chargeDeclined"),
                ("client_secret", intent["client_secret"].as_str().unwrap()),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(declined.status(), 402);
        let declined: Value = declined.json().await.unwrap();
        assert_eq!(declined["error"]["payment_intent"]["last_payment_error"]["message"], "Your card was declined.");
        let without_secret =
            post(base, &confirm, Some("pk_test_x")).form(&[("payment_method", "pm_card_visa")]).send().await.unwrap();
        assert_eq!(without_secret.status(), 401);
        let held: Value = json_of(post(base, &confirm, key).form(&[("payment_method", "pm_card_visa")])).await;
        assert_eq!(
            (held["status"].as_str(), held["amount_capturable"].as_i64()),
            (Some("requires_capture"), Some(2550))
        );
        let refund_early = post(base, "/v1/refunds", key).form(&[("payment_intent", id)]).send().await.unwrap();
        assert_eq!(refund_early.status(), 400, "nothing captured, nothing to refund");
        let captured: Value = json_of(post(base, &format!("/v1/payment_intents/{id}/capture"), key)).await;
        assert_eq!(
            (captured["status"].as_str(), captured["amount_received"].as_i64()),
            (Some("succeeded"), Some(2550))
        );
        let twice = post(base, &format!("/v1/payment_intents/{id}/capture"), key).send().await.unwrap();
        assert_eq!(twice.json::<Value>().await.unwrap()["error"]["code"], "payment_intent_unexpected_state");
        let refund: Value =
            post(base, "/v1/refunds", key).form(&[("payment_intent", id)]).send().await.unwrap().json().await.unwrap();
        assert_eq!((refund["status"].as_str(), refund["amount"].as_i64()), (Some("succeeded"), Some(2550)));
        let again = post(base, "/v1/refunds", key).form(&[("payment_intent", id)]).send().await.unwrap();
        assert_eq!(again.json::<Value>().await.unwrap()["error"]["code"], "charge_already_refunded");
        let kinds: Vec<String> =
            running.stand_in.events().iter().map(|event| event["type"].as_str().unwrap().to_owned()).collect();
        assert_eq!(
            kinds,
            [
                "payment_intent.payment_failed",
                "payment_intent.amount_capturable_updated",
                "payment_intent.succeeded",
                "refund.created"
            ]
        );
    }

    #[tokio::test]
    async fn a_dispute_withdraws_the_amount_and_a_win_brings_it_back() {
        let running = running().await;
        let base = &running.base_url;
        let key = Some(DEFAULT_SECRET_KEY);
        let made: Value =
            json_of(post(base, "/v1/payment_intents", key).form(&[("amount", "2550"), ("currency", "pln")])).await;
        let id = made["id"].as_str().unwrap();
        let undisputable = post(base, &format!("/test/payment_intents/{id}/dispute"), None).send().await.unwrap();
        assert_eq!(undisputable.json::<Value>().await.unwrap()["error"]["code"], "charge_not_disputable");
        let charged: Value = json_of(
            post(base, &format!("/v1/payment_intents/{id}/confirm"), key).form(&[("payment_method", "pm_card_visa")]),
        )
        .await;
        assert_eq!(charged["status"], "succeeded", "captured at once without capture_method=manual");
        let get = |path: String| reqwest::Client::new().get(format!("{base}{path}")).bearer_auth(DEFAULT_SECRET_KEY);
        let opened: Value = json_of(post(base, &format!("/test/payment_intents/{id}/dispute"), None)).await;
        let dispute = opened["id"].as_str().unwrap();
        assert_eq!((opened["status"].as_str(), opened["payment_intent"].as_str()), (Some("needs_response"), Some(id)));
        assert_eq!(opened["balance_transactions"][0]["amount"], -2550);
        let read: Value = json_of(get(format!("/v1/disputes/{dispute}"))).await;
        assert_eq!(read, opened);
        let without_key = reqwest::Client::new().get(format!("{base}/v1/disputes/{dispute}")).send().await.unwrap();
        assert_eq!(without_key.status(), 401);
        assert_eq!(get("/v1/disputes/dp_none".into()).send().await.unwrap().status(), 404);
        let won: Value = json_of(post(base, &format!("/test/disputes/{dispute}/win"), None)).await;
        assert_eq!(won["status"], "won");
        let moves: Vec<i64> =
            won["balance_transactions"].as_array().unwrap().iter().map(|t| t["amount"].as_i64().unwrap()).collect();
        assert_eq!(moves, [-2550, 2550]);
        let again = post(base, &format!("/test/disputes/{dispute}/lose"), None).send().await.unwrap();
        assert_eq!(again.json::<Value>().await.unwrap()["error"]["code"], "dispute_already_closed");
        let kinds: Vec<String> =
            running.stand_in.events().iter().map(|event| event["type"].as_str().unwrap().to_owned()).collect();
        assert_eq!(
            kinds[kinds.len() - 4..],
            [
                "charge.dispute.created",
                "charge.dispute.funds_withdrawn",
                "charge.dispute.closed",
                "charge.dispute.funds_reinstated"
            ]
        );
    }
}
