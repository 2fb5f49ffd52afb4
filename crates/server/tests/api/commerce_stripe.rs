//! Paying with Stripe (issue 16, decisions.md commerce §5), against the local stand-in that speaks Stripe's formats
//! (`test-support/stripe-stand-in`). The browser's part (Stripe.js confirming the PaymentIntent) is done by calling
//! the stand-in's confirm as Stripe.js would. A declined card and a pending 3-D Secure answer the cart again with
//! nothing charged, then the card pays and the order carries the PaymentIntent; the signed webhook completes a cart
//! whose browser never came back, refuses a wrong or stale signature with nothing written, ignores a redelivery and
//! runs a refund as soon as Stripe settles it; a dispute takes a payment out of the ledger while Stripe holds its
//! money withdrawn and puts it back when the dispute is won; a replaced attempt is cancelled at Stripe; the CSP
//! and `/api/config` name Stripe only when it is configured.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use questline::clock::{Clock, ManualClock};
use serde_json::{Value, json};
use stripe_stand_in::{Running, Settings, WebhookTarget};

use crate::helpers::json::{body, id};
use crate::helpers::store::{
    PaidSession, address, complete, count, gm_view, ledger, paid_session_waiting_for_payment, payment_of, player_view,
    store_get, store_ok,
};
use crate::helpers::{Backend, Browser, TestApp, error_of};

pub(crate) const SECRET_KEY: &str = "sk_test_questline_tests";
pub(crate) const PUBLISHABLE_KEY: &str = "pk_test_questline_tests";
const WEBHOOK_SECRET: &str = "whsec_questline_tests";
const WEBHOOK: &str = "/api/payments/stripe/webhook";

/// The app configured for Stripe against a stand-in that posts its events to the app's webhook, both on the app's
/// clock.
pub(crate) struct StripeApp {
    pub(crate) app: TestApp,
    pub(crate) stripe: Running,
}

impl StripeApp {
    async fn start(backend: Backend, refunds_pending: bool) -> Self {
        let clock: Arc<OnceLock<ManualClock>> = Arc::default();
        let mut settings = Settings::new(SECRET_KEY);
        settings.refunds_pending = refunds_pending;
        let clock_for_stand_in = clock.clone();
        settings.now = Arc::new(move || {
            clock_for_stand_in.get().map_or_else(stripe_stand_in::unix_now, |clock| clock.now().timestamp())
        });
        let stripe = stripe_stand_in::spawn(settings, 0).await.expect("the stand-in starts");
        let base = stripe.base_url.clone();
        let app = TestApp::spawn_with(backend, move |config| {
            config.stripe_secret_key = Some(SECRET_KEY.into());
            config.stripe_publishable_key = Some(PUBLISHABLE_KEY.into());
            config.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
            config.stripe_api_base = base;
            config.jobs_poll_ms = 20;
            // Beside Stripe, "Test payment" is offered only when asked for (issue 31), as the journeys do.
            config.system_payments = Some(questline::config::Switch::On);
        })
        .await;
        let _ = clock.set(app.clock.clone());
        stripe.stand_in.set_webhook(Some(WebhookTarget { url: app.url(WEBHOOK), secret: WEBHOOK_SECRET.into() }));
        Self { app, stripe }
    }

    pub(crate) async fn spawn(backend: Backend) -> Self {
        Self::start(backend, false).await
    }

    pub(crate) async fn with_pending_refunds(backend: Backend) -> Self {
        Self::start(backend, true).await
    }

    fn intent(&self, id: &str) -> Value {
        self.stripe.stand_in.intent(id).expect("the intent exists at Stripe")
    }

    /// Posts to the stand-in as Stripe.js (or the bank's page) would.
    async fn at_stripe(&self, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let response = reqwest::Client::new()
            .post(format!("{}{path}", self.stripe.base_url))
            .bearer_auth(PUBLISHABLE_KEY)
            .form(form)
            .send()
            .await
            .expect("the stand-in answers");
        (response.status().as_u16(), response.json().await.expect("Stripe answers JSON"))
    }

    /// Stripe.js's `confirmPayment` with a test card.
    pub(crate) async fn confirm(&self, session: &Value, payment_method: &str) -> (u16, Value) {
        let intent = session["data"]["id"].as_str().unwrap();
        let secret = session["data"]["client_secret"].as_str().unwrap();
        let path = format!("/v1/payment_intents/{intent}/confirm");
        let form = [
            ("payment_method", payment_method),
            ("client_secret", secret),
            ("return_url", "http://q/checkout/success"),
        ];
        self.at_stripe(&path, &form).await
    }

    /// Posts `body` to the webhook with a `Stripe-Signature` made by `secret` at `timestamp`; no CSRF header, no
    /// publishable key, as Stripe sends it.
    async fn deliver(&self, body: &[u8], secret: &str, timestamp: i64) -> reqwest::Response {
        reqwest::Client::new()
            .post(self.app.url(WEBHOOK))
            .header("content-type", "application/json")
            .header("Stripe-Signature", stripe_stand_in::signature_header(body, secret, timestamp))
            .body(body.to_vec())
            .send()
            .await
            .expect("request sent")
    }
}

/// A cart of `player`'s for their seat, with an address and a payment session of `provider`: returns the cart and
/// the payment session.
pub(crate) async fn cart_paying_with(player: &Browser, payment_id: &str, provider: &str) -> (Value, Value) {
    let cart = store_ok(player, "/carts", &json!({})).await["cart"].clone();
    let path = format!("/carts/{}", id(&cart));
    store_ok(player, &path, &json!({"email": "pia@example.test", "billing_address": address()})).await;
    let variant = format!("variant_{}", uuid::Uuid::parse_str(payment_id).unwrap().simple());
    store_ok(player, &format!("{path}/line-items"), &json!({"variant_id": variant, "quantity": 1})).await;
    let collection =
        store_ok(player, "/payment-collections", &json!({"cart_id": id(&cart)})).await["payment_collection"].clone();
    let session = initiate(player, &collection, provider).await;
    (cart, session)
}

async fn initiate(player: &Browser, collection: &Value, provider: &str) -> Value {
    let path = format!("/payment-collections/{}/payment-sessions", id(collection));
    let answer = store_ok(player, &path, &json!({"provider_id": provider})).await;
    answer["payment_collection"]["payment_sessions"][0].clone()
}

async fn orders_transaction(app: &TestApp) -> Vec<String> {
    use sea_orm::{ConnectionTrait, Statement};
    let backend = app.state.db.conn().get_database_backend();
    let rows = app
        .state
        .db
        .conn()
        .query_all_raw(Statement::from_string(backend, "SELECT transaction_id FROM orders".to_owned()))
        .await
        .unwrap();
    rows.iter().map(|row| row.try_get::<String>("", "transaction_id").unwrap()).collect()
}

/// Waits until no job of `kind` is left (the runner deletes one that succeeded).
async fn await_no_job(app: &TestApp, kind: &str) {
    for _ in 0..400 {
        if questline::jobs::find_by_kind(app.state.db.conn(), kind).await.unwrap().is_empty() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("a {kind} job is still there");
}

/// Waits until the one job of `kind` has failed a run and waits for its retry.
async fn await_job_retrying(app: &TestApp, kind: &str) {
    for _ in 0..400 {
        let jobs = questline::jobs::find_by_kind(app.state.db.conn(), kind).await.unwrap();
        if let [job] = jobs.as_slice()
            && job.attempts >= 1
            && job.locked_by.is_none()
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("no {kind} job waits for a retry");
}

/// Waits (the job runner works in the background) until the player's payment has `status`.
async fn await_payment_status(player: &Browser, session: &str, status: &str) -> Value {
    for _ in 0..400 {
        let view = player_view(player, session).await;
        if view["payment"]["status"] == status {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the payment never became {status}: {}", player_view(player, session).await["payment"]);
}

db_test!(async fn a_card_declined_then_authenticated_pays_for_the_seat_once(s: StripeApp = StripeApp::spawn) {
    let app = &s.app;
    let PaidSession { players, session, .. } = paid_session_waiting_for_payment(app).await;
    let (pia, _) = &players[0];
    let payment = payment_of(pia, &session).await;

    let region = store_ok(pia, "/carts", &json!({})).await["cart"]["region_id"].as_str().unwrap().to_owned();
    let providers = body(store_get(pia, &format!("/payment-providers?region_id={region}")).await).await;
    let ids: Vec<&str> = providers["payment_providers"].as_array().unwrap().iter().map(id).collect();
    assert_eq!(ids, ["pp_stripe_stripe", "pp_system_default"]);

    let (cart, attempt) = cart_paying_with(pia, &payment, "pp_stripe_stripe").await;
    let intent_id = attempt["data"]["id"].as_str().unwrap().to_owned();
    assert!(intent_id.starts_with("pi_"), "{attempt}");
    assert!(attempt["data"]["client_secret"].as_str().unwrap().starts_with(&format!("{intent_id}_secret_")));
    let intent = s.intent(&intent_id);
    assert_eq!((intent["amount"].as_i64(), intent["currency"].as_str()), (Some(2550), Some("pln")));
    assert_eq!(intent["capture_method"], "manual");
    assert_eq!(intent["automatic_payment_methods"]["enabled"], true);
    assert_eq!((intent["metadata"]["cart_id"].as_str(), intent["metadata"]["payment_id"].as_str()),
        (Some(id(&cart)), Some(payment.as_str())));

    // The browser says nothing the server believes: completing before paying asks for the payment again.
    let early = body(complete(pia, &cart, None).await).await;
    assert_eq!((early["type"].as_str(), early["error"]["type"].as_str()), (Some("cart"), Some("payment_requires_more_error")));

    let (status, declined) = s.confirm(&attempt, "pm_card_chargeDeclined").await;
    assert_eq!((status, declined["error"]["type"].as_str()), (402, Some("card_error")));
    // Stripe's payment_intent.payment_failed reached the webhook before anyone asked: the attempt is failed.
    let seen = body(store_get(pia, &format!("/carts/{}", id(&cart))).await).await;
    assert_eq!(seen["cart"]["payment_collection"]["payment_sessions"][0]["status"], "error");
    let answer = body(complete(pia, &cart, None).await).await;
    assert_eq!(answer["type"], "cart", "{answer}");
    assert_eq!(answer["error"], json!({"message": "Your card was declined.", "name": "Error",
        "type": "payment_authorization_error"}));
    assert_eq!(s.intent(&intent_id)["amount_received"], 0, "nothing charged");

    let (status, pending) = s.confirm(&attempt, "pm_card_threeDSecure").await;
    assert_eq!((status, pending["status"].as_str()), (200, Some("requires_action")));
    let answer = body(complete(pia, &cart, None).await).await;
    assert_eq!((answer["type"].as_str(), answer["error"]["type"].as_str()), (Some("cart"), Some("payment_requires_more_error")));
    assert_eq!(count(app, "orders").await, 0);

    // The bank's page is passed; the webhook schedules a completion for later, but the browser comes back first.
    let (status, held) = s.at_stripe(&format!("/test/payment_intents/{intent_id}/authenticate"), &[]).await;
    assert_eq!((status, held["status"].as_str()), (200, Some("requires_capture")));
    let answer = body(complete(pia, &cart, None).await).await;
    assert_eq!(answer["type"], "order", "{answer}");
    assert_eq!(orders_transaction(app).await, vec![intent_id.clone()], "the transaction is the PaymentIntent");
    let captured = s.intent(&intent_id);
    assert_eq!((captured["status"].as_str(), captured["amount_received"].as_i64()), (Some("succeeded"), Some(2550)));
    let paid = player_view(pia, &session).await["payment"].clone();
    assert_eq!((paid["status"].as_str(), paid["transaction_id"].as_str()), (Some("completed"), Some(intent_id.as_str())));
    assert_eq!(ledger(app).await, vec![("charge".into(), 2550), ("gm_share".into(), 2295), ("platform_fee".into(), 255)]);

    // Again, and once the webhook's job is due: the same order, one capture.
    let again = body(complete(pia, &cart, None).await).await;
    assert_eq!(again["order"]["id"], answer["order"]["id"]);
    app.clock.advance(chrono::Duration::seconds(11));
    await_no_job(app, questline::jobs::kinds::FINISH_COMPLETION).await;
    let captures = s.stripe.stand_in.events().iter().filter(|e| e["type"] == "payment_intent.succeeded").count();
    assert_eq!(captures, 1);
    assert_eq!(count(app, "orders").await, 1);
    let kinds: Vec<String> = {
        use sea_orm::{ConnectionTrait, Statement};
        let backend = app.state.db.conn().get_database_backend();
        let sql = "SELECT type AS kind FROM stripe_events ORDER BY received_at, type".to_owned();
        let rows = app.state.db.conn().query_all_raw(Statement::from_string(backend, sql)).await.unwrap();
        rows.iter().map(|row| row.try_get("", "kind").unwrap()).collect()
    };
    for kind in ["payment_intent.payment_failed", "payment_intent.amount_capturable_updated", "payment_intent.succeeded"] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} received: {kinds:?}");
    }
});

db_test!(async fn the_signed_webhook_completes_a_cart_whose_browser_never_came_back(s: StripeApp = StripeApp::with_pending_refunds) {
    let app = &s.app;
    let PaidSession { gm, players, session, .. } = paid_session_waiting_for_payment(app).await;
    let (bo, _) = &players[1];
    let (_cart, attempt) = cart_paying_with(bo, &payment_of(bo, &session).await, "pp_stripe_stripe").await;
    let intent_id = attempt["data"]["id"].as_str().unwrap().to_owned();
    let (status, _) = s.confirm(&attempt, "pm_card_visa").await;
    assert_eq!(status, 200);
    assert_eq!(count(app, "orders").await, 0, "the webhook's completion waits for the browser a moment");

    // The browser never returns; the completion the webhook scheduled runs once its grace is over.
    app.clock.advance(chrono::Duration::seconds(11));
    let view = await_payment_status(bo, &session, "completed").await;
    assert_eq!(view["payment"]["transaction_id"], intent_id.as_str());
    assert_eq!(s.intent(&intent_id)["status"], "succeeded");
    assert_eq!(count(app, "ledger_entries").await, 3);

    // A redelivery of every event so far changes nothing.
    let events = count(app, "stripe_events").await;
    let now = app.clock.now().timestamp();
    for event in s.stripe.stand_in.events() {
        let bytes = serde_json::to_vec(&event).unwrap();
        assert_eq!(s.deliver(&bytes, WEBHOOK_SECRET, now).await.status(), 200);
    }
    assert_eq!((count(app, "stripe_events").await, count(app, "orders").await), (events, 1));

    // A wrong secret, a stale or a future time, a missing header: 400 and nothing written.
    let unknown = serde_json::to_vec(&stripe_stand_in::event("evt_questline_unknown", "customer.created",
        json!({"id": "cus_1"}), now)).unwrap();
    for (secret, at) in [("whsec_someone_else", now), (WEBHOOK_SECRET, now - 301), (WEBHOOK_SECRET, now + 301)] {
        let response = s.deliver(&unknown, secret, at).await;
        assert_eq!(response.status(), 400);
        let (kind, code, _) = error_of(response).await;
        assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "webhook_signature_invalid"));
    }
    let unsigned = reqwest::Client::new().post(app.url(WEBHOOK)).body(unknown.clone()).send().await.unwrap();
    assert_eq!(error_of(unsigned).await.1, "webhook_signature_invalid");
    assert_eq!(count(app, "stripe_events").await, events, "nothing written");
    // An event we do not act on is acknowledged and kept.
    let response = s.deliver(&unknown, WEBHOOK_SECRET, now).await;
    assert_eq!((response.status().as_u16(), body(response).await), (200, json!({"received": true})));
    assert_eq!(count(app, "stripe_events").await, events + 1);

    // Cancelling the session refunds Bo through Stripe; the refund stays pending (the job retries much later, by
    // the app's clock) until Stripe settles it and says so: the webhook runs the job at once.
    let cancelled = gm.post_json(&format!("/api/sessions/{session}/cancel"), &json!({})).await;
    assert_eq!(cancelled.status(), 200);
    // The refund job's first run asks Stripe for the refund, finds it pending and waits for its retry.
    await_job_retrying(app, questline::jobs::kinds::COMMERCE_REFUND).await;
    let refund = s.stripe.stand_in.refunds().pop().expect("a refund at Stripe");
    assert_eq!((refund["payment_intent"].as_str(), refund["amount"].as_i64(), refund["status"].as_str()),
        (Some(intent_id.as_str()), Some(2550), Some("pending")));
    assert_eq!(player_view(bo, &session).await["payment"]["status"], "completed", "not refunded while pending");
    let (status, settled) = s.at_stripe(&format!("/test/refunds/{}/succeed", id(&refund)), &[]).await;
    assert_eq!((status, settled["status"].as_str()), (200, Some("succeeded")));
    await_payment_status(bo, &session, "refunded").await;
    let listed = body(gm.get(&format!("/api/sessions/{session}/payments")).await).await;
    let bo_refund = listed["items"].as_array().unwrap().iter().find(|p| p["refund"].is_object()).unwrap();
    assert_eq!(bo_refund["refund"]["status"], "confirmed");
    let sums: i64 = ledger(app).await.iter().filter(|(kind, _)| kind == "charge").map(|(_, amount)| amount).sum();
    assert_eq!(sums, 0, "the charge and its reversal");
    assert_eq!(gm_view(&gm, &session).await["status"], "cancelled");
});

/// `player` pays for their seat with a card through Stripe: the order's PaymentIntent.
async fn pay_with_stripe(s: &StripeApp, player: &Browser, session: &str) -> String {
    let (cart, attempt) = cart_paying_with(player, &payment_of(player, session).await, "pp_stripe_stripe").await;
    let (status, _) = s.confirm(&attempt, "pm_card_visa").await;
    assert_eq!(status, 200);
    assert_eq!(body(complete(player, &cart, None).await).await["type"], "order");
    attempt["data"]["id"].as_str().unwrap().to_owned()
}

/// Waits (the reconciliation is a job) until the dispute's row has `status` and says the money is `withdrawn` or
/// not; answers the charge its withdrawal reversed.
async fn await_dispute(app: &TestApp, id: &str, status: &str, withdrawn: bool) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let backend = app.state.db.conn().get_database_backend();
    let sql = format!("SELECT status, withdrawn, reversed_minor FROM payment_disputes WHERE id = '{id}'");
    let mut seen = None;
    for _ in 0..400 {
        let row = app.state.db.conn().query_one_raw(Statement::from_string(backend, sql.clone())).await.unwrap();
        if let Some(row) = row {
            let now: (String, bool, i64) = (
                row.try_get("", "status").unwrap(),
                row.try_get("", "withdrawn").unwrap(),
                row.try_get("", "reversed_minor").unwrap(),
            );
            if now.0 == status && now.1 == withdrawn {
                return now.2;
            }
            seen = Some(now);
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("dispute {id} never became {status} (withdrawn: {withdrawn}); last seen {seen:?}");
}

db_test!(async fn a_disputed_payment_leaves_the_ledger_while_its_money_is_withdrawn(s: StripeApp = StripeApp::spawn) {
    let app = &s.app;
    let PaidSession { gm, players, session, .. } = paid_session_waiting_for_payment(app).await;
    let (pia, _) = &players[0];
    let (bo, _) = &players[1];
    let pia_intent = pay_with_stripe(&s, pia, &session).await;
    let bo_intent = pay_with_stripe(&s, bo, &session).await;
    let earnings = || async { body(gm.get("/api/gm/earnings").await).await["totals"][0].clone() };
    assert_eq!(earnings().await["net"], "45.90", "two shares of 22.95");

    // Pia's bank disputes her payment: Stripe takes the amount back at once, and the GM's payout no longer counts
    // it (the webhook has the dispute read from Stripe, then the ledger follows).
    let (status, opened) = s.at_stripe(&format!("/test/payment_intents/{pia_intent}/dispute"), &[]).await;
    assert_eq!(status, 200);
    let pia_dispute = id(&opened).to_owned();
    assert_eq!(await_dispute(app, &pia_dispute, "needs_response", true).await, 2550);
    assert_eq!(earnings().await["net"], "22.95");
    let charges = |rows: Vec<(String, i64)>| rows.iter().filter(|(kind, _)| kind == "charge").map(|(_, a)| a).sum::<i64>();
    assert_eq!(charges(ledger(app).await), 2550, "Bo's charge alone");

    // Every event delivered again (Stripe retries) moves nothing twice.
    let rows = count(app, "ledger_entries").await;
    let now = app.clock.now().timestamp();
    for event in s.stripe.stand_in.events() {
        let bytes = serde_json::to_vec(&event).unwrap();
        assert_eq!(s.deliver(&bytes, WEBHOOK_SECRET, now).await.status(), 200);
    }
    await_no_job(app, "commerce.reconcile_dispute").await;
    assert_eq!(count(app, "ledger_entries").await, rows);

    // Bo's is disputed too. Pia's bank decides for the GM (the money comes back), Bo's against (it stays out).
    let (_, opened) = s.at_stripe(&format!("/test/payment_intents/{bo_intent}/dispute"), &[]).await;
    let bo_dispute = id(&opened).to_owned();
    await_dispute(app, &bo_dispute, "needs_response", true).await;
    assert_eq!(earnings().await["net"], "0.00");
    let (status, _) = s.at_stripe(&format!("/test/disputes/{pia_dispute}/win"), &[]).await;
    assert_eq!(status, 200);
    assert_eq!(await_dispute(app, &pia_dispute, "won", false).await, 0);
    let (status, _) = s.at_stripe(&format!("/test/disputes/{bo_dispute}/lose"), &[]).await;
    assert_eq!(status, 200);
    assert_eq!(await_dispute(app, &bo_dispute, "lost", true).await, 2550);
    await_no_job(app, "commerce.reconcile_dispute").await;
    let month = earnings().await;
    assert_eq!((month["net"].as_str(), month["gross"].as_str(), month["refunded"].as_str()),
        (Some("22.95"), Some("76.50"), Some("51.00")), "{month}");
    assert_eq!((month["payments"].as_u64(), month["refunds"].as_u64()), (Some(3), Some(2)));
    assert_eq!(charges(ledger(app).await), 2550, "Pia's charge is back, Bo's is not");
    assert_eq!(count(app, "ledger_entries").await, 15, "6 sold, 6 reversed, 3 written again");
    assert_eq!(count(app, "payment_disputes").await, 2);

    // The GM heard of each withdrawal and of the win, once each, with the amount and a link to the session.
    questline::notifications::consume_now(&app.state).await.expect("the consumer runs");
    let page = body(gm.get("/api/notifications?limit=100").await).await;
    let disputes: Vec<&Value> = page["items"].as_array().unwrap().iter()
        .filter(|n| n["kind"] == "payment_disputed" || n["kind"] == "dispute_won").collect();
    let kinds: Vec<&str> = disputes.iter().map(|n| n["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["dispute_won", "payment_disputed", "payment_disputed"], "newest first");
    for notice in &disputes {
        assert_eq!((notice["params"]["amount"].as_i64(), notice["params"]["currency_code"].as_str()),
            (Some(2550), Some("pln")));
        assert_eq!(notice["link"], format!("/dashboard/gm/my-sessions/{session}"));
    }
    let page = body(pia.get("/api/notifications?limit=100").await).await;
    assert!(page["items"].as_array().unwrap().iter().all(|n| n["kind"] != "payment_disputed"), "the GM's alone");
});

db_test!(async fn a_replaced_stripe_attempt_is_cancelled_at_stripe(s: StripeApp = StripeApp::spawn) {
    let app = &s.app;
    // With Stripe configured, the page may load Stripe.js and the config names the publishable key.
    let csp = app.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("script-src 'self' https://js.stripe.com"), "{csp}");
    assert!(csp.contains("connect-src 'self' https://api.stripe.com"), "{csp}");
    assert!(csp.contains("frame-src 'self' https://js.stripe.com"), "{csp}");
    // Wallets in Stripe's card form use the Payment Request API from its frames.
    let permissions = app.get("/").await.headers()["permissions-policy"].to_str().unwrap().to_owned();
    assert!(permissions.contains("payment=(self \"https://js.stripe.com\")"), "{permissions}");
    let config = body(app.get("/api/config").await).await;
    assert_eq!(config["payment"]["stripe_publishable_key"], PUBLISHABLE_KEY);

    let PaidSession { players, session, .. } = paid_session_waiting_for_payment(app).await;
    let (pia, _) = &players[0];
    let (cart, attempt) = cart_paying_with(pia, &payment_of(pia, &session).await, "pp_stripe_stripe").await;
    let intent_id = attempt["data"]["id"].as_str().unwrap().to_owned();
    s.confirm(&attempt, "pm_card_visa").await;
    assert_eq!(s.intent(&intent_id)["status"], "requires_capture", "the money is held");

    // Pia changes her mind and pays with the built-in provider: the held money is released at Stripe.
    let collection = body(store_get(pia, &format!("/carts/{}", id(&cart))).await).await["cart"]["payment_collection"].clone();
    initiate(pia, &collection, "pp_system_default").await;
    for _ in 0..400 {
        if s.intent(&intent_id)["status"] == "canceled" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(s.intent(&intent_id)["status"], "canceled");
    let answer = body(complete(pia, &cart, None).await).await;
    assert_eq!(answer["type"], "order", "{answer}");
    assert!(orders_transaction(app).await[0].starts_with("sys_"));
    assert_eq!(s.intent(&intent_id)["amount_received"], 0, "nothing taken at Stripe");

    // Bo's card is held, then he leaves before completing: his payment fails and Stripe lets the money go.
    let (bo, _) = &players[1];
    let (bo_cart, attempt) = cart_paying_with(bo, &payment_of(bo, &session).await, "pp_stripe_stripe").await;
    let bo_intent = attempt["data"]["id"].as_str().unwrap().to_owned();
    s.confirm(&attempt, "pm_card_visa").await;
    assert_eq!(bo.post_json(&format!("/api/sessions/{session}/leave"), &json!({})).await.status(), 200);
    for _ in 0..400 {
        if s.intent(&bo_intent)["status"] == "canceled" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(s.intent(&bo_intent)["status"], "canceled", "released, never captured");
    let response = complete(bo, &bo_cart, None).await;
    assert_eq!(response.status(), 422, "the attempt is gone");
    assert_eq!(error_of(response).await.1, "payment_session_required");
});

db_test!(async fn without_stripe_nothing_of_it_shows(app) {
    let csp = app.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(!csp.contains("stripe"), "{csp}");
    let config = body(app.get("/api/config").await).await;
    assert_eq!(config["payment"], json!({"stripe_publishable_key": null}));
    // The webhook is inert: a signed call gets 404, not a CSRF refusal, not a signature check; an unsigned one is
    // refused as not Stripe's, as it would be with webhooks on.
    let signed = reqwest::Client::new()
        .post(app.url(WEBHOOK))
        .header("Stripe-Signature", stripe_stand_in::signature_header(b"{}", WEBHOOK_SECRET, 1_700_000_000))
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(signed.status(), 404);
    assert_eq!(error_of(signed).await.1, "route_not_found");
    let unsigned = reqwest::Client::new().post(app.url(WEBHOOK)).body("{}").send().await.unwrap();
    assert_eq!(unsigned.status(), 400);
    assert_eq!(error_of(unsigned).await.1, "webhook_signature_invalid");
    // The exemption is the webhook's alone: any other POST without the header is still refused.
    let response = reqwest::Client::new().post(app.url("/api/payments/stripe/webhooks")).body("{}").send().await.unwrap();
    assert_eq!(error_of(response).await.1, "csrf_header_missing");
});

#[tokio::test]
async fn one_stripe_key_without_the_other_stops_the_server() {
    let data = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/questline.db?mode=rwc", data.path().display());
    let mut config = questline::config::Config::for_database(url, data.path().to_path_buf());
    config.stripe_secret_key = Some(SECRET_KEY.into());
    let error = questline::app::Application::build(config).await.err().expect("the server refuses to start");
    assert!(error.to_string().contains("QUESTLINE_STRIPE_PUBLISHABLE_KEY is not"), "{error}");
    assert!(!data.path().join("questline.db").exists(), "stopped before touching the database");
}

db_test!(configure = |config| {
    config.stripe_secret_key = Some(SECRET_KEY.into());
    config.stripe_publishable_key = Some(PUBLISHABLE_KEY.into());
    // Nothing listens there: Stripe is unreachable.
    config.stripe_api_base = "http://127.0.0.1:9".into();
    config.system_payments = Some(questline::config::Switch::On);
}, async fn an_unreachable_stripe_answers_503_and_writes_nothing(app) {
    let PaidSession { players, session, .. } = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &players[0];
    let cart = store_ok(pia, "/carts", &json!({})).await["cart"].clone();
    let path = format!("/carts/{}", id(&cart));
    store_ok(pia, &path, &json!({"email": "pia@example.test", "billing_address": address()})).await;
    let variant = format!("variant_{}", uuid::Uuid::parse_str(&payment_of(pia, &session).await).unwrap().simple());
    store_ok(pia, &format!("{path}/line-items"), &json!({"variant_id": variant, "quantity": 1})).await;
    let collection =
        store_ok(pia, "/payment-collections", &json!({"cart_id": id(&cart)})).await["payment_collection"].clone();
    let path = format!("/payment-collections/{}/payment-sessions", id(&collection));
    let response = crate::helpers::store::store(pia, &path, &json!({"provider_id": "pp_stripe_stripe"}), None).await;
    assert_eq!(response.status(), 503);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unknown_error", "payment_provider_unavailable"));
    assert_eq!(count(&app, "payment_sessions").await, 0, "nothing written");
    assert_eq!(player_view(pia, &session).await["payment"]["status"], "created", "not pending");
    // The built-in provider still works.
    let answer = store_ok(pia, &path, &json!({"provider_id": "pp_system_default"})).await;
    assert_eq!(answer["payment_collection"]["payment_sessions"][0]["provider_id"], "pp_system_default");
});

db_test!(async fn a_test_order_never_counts_in_earnings_or_payouts(s: StripeApp = StripeApp::spawn) {
    use sea_orm::{ConnectionTrait, Statement};
    let app = &s.app;
    let PaidSession { gm, gm_id, players, session } = paid_session_waiting_for_payment(app).await;
    let (pia, _) = &players[0];
    let (bo, _) = &players[1];
    // Pia pays with "Test payment" (no money moves), Bo with his card.
    let cart = crate::helpers::store::cart_for_seat(pia, &payment_of(pia, &session).await).await;
    assert_eq!(body(complete(pia, &cart, None).await).await["type"], "order");
    pay_with_stripe(&s, bo, &session).await;
    assert_eq!(gm_view(&gm, &session).await["status"], "ready_to_start", "both seats are paid");

    // The ledger keeps both orders, Pia's marked as a test order's.
    let backend = app.state.db.conn().get_database_backend();
    let sql = "SELECT o.provider_id AS provider, l.is_test AS is_test FROM ledger_entries l \
               JOIN orders o ON o.id = l.order_id";
    let rows = app.state.db.conn().query_all_raw(Statement::from_string(backend, sql.to_owned())).await.unwrap();
    assert_eq!(rows.len(), 6);
    for row in rows {
        let provider: String = row.try_get("", "provider").unwrap();
        assert_eq!(row.try_get::<bool>("", "is_test").unwrap(), provider == "pp_system_default", "{provider}");
    }

    // Earnings and payouts count Bo's payment alone.
    let month = body(gm.get("/api/gm/earnings").await).await;
    assert_eq!(month["totals"], json!([{"currency_code": "pln", "payments": 1, "refunds": 0, "gross": "25.50",
        "refunded": "0.00", "platform_fee": "2.55", "net": "22.95"}]), "{month}");
    assert_eq!(month["sessions"][0]["payments"], 1);
    let now = questline_domain::commerce::refunds::Month::of(app.clock.now());
    let csv = questline::commerce::earnings::payouts_csv(app.state.db.conn(), now).await.unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[1].starts_with(&format!("{now},{gm_id},Gwen,")), "{csv}");
    assert!(lines[1].ends_with(",pln,1,0,25.50,0.00,2.55,22.95"), "{csv}");
});

db_test!(configure = |config| {
    config.stripe_secret_key = Some(SECRET_KEY.into());
    config.stripe_publishable_key = Some(PUBLISHABLE_KEY.into());
    config.stripe_api_base = "http://127.0.0.1:9".into();
}, async fn beside_stripe_the_test_provider_is_offered_only_when_asked_for(app) {
    let PaidSession { players, session, .. } = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &players[0];
    let cart = store_ok(pia, "/carts", &json!({})).await["cart"].clone();
    let region = cart["region_id"].as_str().unwrap();
    let providers = body(store_get(pia, &format!("/payment-providers?region_id={region}")).await).await;
    let ids: Vec<&str> = providers["payment_providers"].as_array().unwrap().iter().map(id).collect();
    assert_eq!(ids, ["pp_stripe_stripe"], "QUESTLINE_SYSTEM_PAYMENTS unset: Stripe alone");

    let path = format!("/carts/{}", id(&cart));
    store_ok(pia, &path, &json!({"email": "pia@example.test", "billing_address": address()})).await;
    let variant = format!("variant_{}", uuid::Uuid::parse_str(&payment_of(pia, &session).await).unwrap().simple());
    store_ok(pia, &format!("{path}/line-items"), &json!({"variant_id": variant, "quantity": 1})).await;
    let collection =
        store_ok(pia, "/payment-collections", &json!({"cart_id": id(&cart)})).await["payment_collection"].clone();
    let path = format!("/payment-collections/{}/payment-sessions", id(&collection));
    let response =
        crate::helpers::store::store(pia, &path, &json!({"provider_id": "pp_system_default"}), None).await;
    assert!(response.status().is_client_error(), "{}", response.status());
    error_of(response).await;
    assert_eq!(count(&app, "payment_sessions").await, 0, "nothing written");
    assert_eq!(count(&app, "orders").await, 0);
});

db_test!(async fn paying_a_seat_releases_the_card_held_for_it_in_another_cart(s: StripeApp = StripeApp::spawn) {
    let app = &s.app;
    let PaidSession { players, session, .. } = paid_session_waiting_for_payment(app).await;
    let (pia, _) = &players[0];
    let payment = payment_of(pia, &session).await;
    // One tab: Pia's card is authorised for her seat, the money held at Stripe, the cart never completed.
    let (held_cart, attempt) = cart_paying_with(pia, &payment, "pp_stripe_stripe").await;
    let held = attempt["data"]["id"].as_str().unwrap().to_owned();
    let (status, _) = s.confirm(&attempt, "pm_card_visa").await;
    assert_eq!(status, 200);
    assert_eq!(s.intent(&held)["status"], "requires_capture", "the money is held");

    // Another tab: she pays the same seat with another card, and completes.
    let paid = pay_with_stripe(&s, pia, &session).await;
    assert_ne!(paid, held);
    assert_eq!(s.intent(&paid)["status"], "succeeded");

    // The hold of the first tab is released at once, not left for Stripe to lapse in seven days.
    for _ in 0..400 {
        if s.intent(&held)["status"] == "canceled" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(s.intent(&held)["status"], "canceled");
    assert_eq!(s.intent(&held)["amount_received"], 0, "nothing taken");
    let cart = body(store_get(pia, &format!("/carts/{}", id(&held_cart))).await).await;
    let sessions = cart["cart"]["payment_collection"]["payment_sessions"].as_array().unwrap().clone();
    assert!(sessions.iter().all(|session| session["status"] == "canceled"), "{sessions:?}");
    let response = complete(pia, &held_cart, None).await;
    assert!(response.status().is_client_error(), "the released cart pays nothing: {}", response.status());
    assert_eq!(count(app, "orders").await, 1);
});
