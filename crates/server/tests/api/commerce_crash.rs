//! The crash test (issue 16, decisions.md commerce §4): a server killed in the middle of a completion, after the
//! provider authorised or captured but before the order was recorded, leaves a state that the recovery job or the
//! next click finishes, with one order, one set of ledger rows and one capture. The server that dies is the real
//! binary (`questline serve`, built with the `failpoints` feature, which only test builds have) running beside the
//! test's own app on the same database; `QUESTLINE_FAILPOINTS` arms the crash point, which aborts the process as a
//! crash would. The players pay with Stripe (the local stand-in): a provider that holds money outside our database
//! is what a crash can catch halfway (the built-in provider settles a cart in one write, with nothing between).

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use chrono::Duration as Span;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::commerce_stripe::{PUBLISHABLE_KEY, SECRET_KEY, StripeApp, cart_paying_with};
use crate::helpers::json::{body, id};
use crate::helpers::store::{KEY, complete, count, ledger, paid_session_waiting_for_payment, payment_of, player_view};
use crate::helpers::{Browser, TestApp, error_of};

/// `questline serve` on the test's database with one crash point armed, its clock pinned to the test app's.
struct DoomedServer {
    process: Child,
    address: String,
    _data_dir: tempfile::TempDir,
}

impl DoomedServer {
    async fn start(stripe: &StripeApp, point: &str) -> Self {
        let app = &stripe.app;
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let data_dir = tempfile::tempdir().unwrap();
        let process = Command::new(env!("CARGO_BIN_EXE_questline"))
            .arg("serve")
            .env("PORT", port.to_string())
            .env("QUESTLINE_BIND", "127.0.0.1")
            .env("DATABASE_URL", app.state.config.database_url())
            .env("QUESTLINE_DATA_DIR", data_dir.path())
            .env("QUESTLINE_FAILPOINTS", format!("{point}=abort"))
            .env("QUESTLINE_FAILPOINTS_CLOCK", app.clock_now().to_rfc3339())
            .env("QUESTLINE_STRIPE_SECRET_KEY", SECRET_KEY)
            .env("QUESTLINE_STRIPE_PUBLISHABLE_KEY", PUBLISHABLE_KEY)
            .env("QUESTLINE_STRIPE_API_BASE", &stripe.stripe.base_url)
            .env("QUESTLINE_LOG_FORMAT", "text")
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start questline serve");
        let server = Self { process, address: format!("http://127.0.0.1:{port}"), _data_dir: data_dir };
        server.until_healthy().await;
        server
    }

    async fn until_healthy(&self) {
        let client = reqwest::Client::new();
        for _ in 0..1200 {
            if let Ok(response) = client.get(format!("{}/api/health", self.address)).send().await
                && response.status().is_success()
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("the child server did not start within 30 s");
    }

    /// The player's completion, sent to this server with the player's own cookies (cookies do not tell ports apart).
    async fn complete(&self, player: &Browser, cart: &Value) -> reqwest::Result<reqwest::Response> {
        player
            .client
            .post(format!("{}/api/store/carts/{}/complete", self.address, id(cart)))
            .header("X-Questline-Csrf", "1")
            .header("x-publishable-api-key", KEY)
            .json(&json!({}))
            .send()
            .await
    }

    /// Waits for the crash; the process must have died, not exited.
    fn crashed(mut self) {
        let status = self.process.wait().expect("wait for the child");
        assert!(!status.success(), "the crash point ended the process: {status}");
    }
}

impl Drop for DoomedServer {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// The completion row of a cart: its state, the order id allocated at the claim and the captured transaction.
async fn completion(app: &TestApp, cart: &Value) -> (String, String, Option<String>) {
    let conn = app.state.db.conn();
    let row = conn
        .query_one_raw(Statement::from_string(
            conn.get_database_backend(),
            format!("SELECT state, order_id, provider_ref FROM cart_completions WHERE cart_id = '{}'", id(cart)),
        ))
        .await
        .unwrap()
        .expect("a completion row");
    (row.try_get("", "state").unwrap(), row.try_get("", "order_id").unwrap(), row.try_get("", "provider_ref").unwrap())
}

/// A cart of `player`'s for their seat, paid with Stripe and confirmed at Stripe (the money held): ready to complete.
async fn confirmed_stripe_cart(stripe: &StripeApp, player: &Browser, session: &str) -> Value {
    let (cart, payment_session) =
        cart_paying_with(player, &payment_of(player, session).await, "pp_stripe_stripe").await;
    let (status, intent) = stripe.confirm(&payment_session, "pm_card_visa").await;
    assert_eq!((status, intent["status"].as_str()), (200, Some("requires_capture")), "{intent}");
    cart
}

db_test!(async fn a_server_killed_mid_completion_leaves_what_the_job_or_the_next_click_finishes(
    stripe: StripeApp = StripeApp::spawn
) {
    // Only the recovery job and the clicks below may finish a completion: Stripe's events are not delivered here.
    stripe.stripe.stand_in.set_webhook(None);
    let app = &stripe.app;
    let paid = paid_session_waiting_for_payment(app).await;
    let (pia, _) = &paid.players[0];
    let (bo, _) = &paid.players[1];

    // Pia's completion dies once the authorisation is stored, before the capture.
    let cart = confirmed_stripe_cart(&stripe, pia, &paid.session).await;
    let server = DoomedServer::start(&stripe, "commerce.after_authorise").await;
    if let Ok(answer) = server.complete(pia, &cart).await {
        panic!("the server answered instead of dying: {} {}", answer.status(), answer.text().await.unwrap_or_default());
    }
    server.crashed();
    let (state, order_id, transaction) = completion(app, &cart).await;
    assert_eq!((state.as_str(), transaction), ("authorized", None));
    assert_eq!(count(app, "orders").await, 0);
    assert_eq!(count(app, "ledger_entries").await, 0);
    // While the dead server's lease runs, a click is told the completion is in progress and nothing is written.
    let held = complete(pia, &cart, None).await;
    assert_eq!(held.status(), 409);
    assert_eq!(error_of(held).await.1, "cart_completion_in_progress");
    // The recovery job the claim scheduled comes due a minute later and finishes it: captured once, recorded once.
    app.clock.advance(Span::seconds(61));
    let mut orders = 0;
    for _ in 0..400 {
        orders = count(app, "orders").await;
        if orders == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(orders, 1, "the recovery job recorded the order");
    assert_eq!(completion(app, &cart).await.0, "recorded");
    let view = player_view(pia, &paid.session).await;
    assert_eq!(view["payment"]["status"], "completed");
    assert_eq!(view["payment"]["order_id"], order_id.as_str(), "the order the dead server's claim allocated");
    let intent = view["payment"]["transaction_id"].as_str().unwrap().to_owned();
    assert_eq!(stripe.stripe.stand_in.intent(&intent).unwrap()["status"], "succeeded", "captured at Stripe");

    // Bo's completion dies after the capture is stored, before the order is recorded.
    let cart = confirmed_stripe_cart(&stripe, bo, &paid.session).await;
    let server = DoomedServer::start(&stripe, "commerce.after_capture").await;
    if let Ok(answer) = server.complete(bo, &cart).await {
        panic!("the server answered instead of dying: {} {}", answer.status(), answer.text().await.unwrap_or_default());
    }
    server.crashed();
    let (state, order_id, transaction) = completion(app, &cart).await;
    assert_eq!(state, "captured");
    let transaction = transaction.expect("the captured transaction is stored");
    assert_eq!(stripe.stripe.stand_in.intent(&transaction).unwrap()["status"], "succeeded", "the money was taken");
    assert_eq!(count(app, "orders").await, 1);
    // Once the lease has run out, Bo's next click finishes it with the capture the dead server made.
    app.clock.advance(Span::seconds(31));
    let answer = body(complete(bo, &cart, None).await).await;
    assert_eq!(answer["type"], "order", "{answer}");
    assert_eq!(answer["order"]["id"], order_id.as_str());
    let view = player_view(bo, &paid.session).await;
    assert_eq!(view["payment"]["transaction_id"], transaction.as_str(), "captured once, by the dead server");
    assert_eq!(view["payment"]["transactions_count"], 1);

    // Two orders, two sets of ledger rows, and the session is paid up.
    assert_eq!(count(app, "orders").await, 2);
    assert_eq!(ledger(app).await.len(), 6);
    let again = body(complete(bo, &cart, None).await).await;
    assert_eq!(again["order"]["id"], order_id.as_str());
    assert_eq!(count(app, "orders").await, 2);
    assert_eq!(body(paid.gm.get(&format!("/api/gm/sessions/{}", paid.session)).await).await["status"], "ready_to_start");
});
