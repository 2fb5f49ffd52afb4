//! Shared set-ups of the commerce tests: store requests as the web app sends them, a cart holding a seat, its
//! completion, a paid session waiting for payment, and what the ledger holds.

use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use super::json::{body, id};
use uuid::Uuid;

use super::{Browser, TestApp};

pub const KEY: &str = "pk_questline_local";

/// A store request as the web app sends it: the publishable key, the CSRF header, and an Idempotency-Key if given.
pub async fn store(browser: &Browser, path: &str, payload: &Value, key: Option<&str>) -> reqwest::Response {
    let mut request = browser
        .client
        .post(browser.url(&format!("/api/store{path}")))
        .header("X-Questline-Csrf", "1")
        .header("x-publishable-api-key", KEY)
        .json(payload);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.expect("request sent")
}

pub async fn store_ok(browser: &Browser, path: &str, payload: &Value) -> Value {
    let response = store(browser, path, payload, None).await;
    let status = response.status();
    let answer = body(response).await;
    assert_eq!(status, 200, "{path}: {answer}");
    answer
}

pub async fn store_get(browser: &Browser, path: &str) -> reqwest::Response {
    browser
        .client
        .get(browser.url(&format!("/api/store{path}")))
        .header("x-publishable-api-key", KEY)
        .send()
        .await
        .expect("request sent")
}

pub fn address() -> Value {
    json!({"first_name": "Pia", "last_name": "Nowak", "address_1": "ul. Długa 1", "city": "Gdańsk",
        "postal_code": "80-001", "country_code": "pl", "phone": "+48 600 100 200"})
}

/// A cart of `player`'s with their seat of the session, an address and a built-in payment session: ready to
/// complete. Returns the cart.
pub async fn cart_for_seat(player: &Browser, payment_id: &str) -> Value {
    let cart = store_ok(player, "/carts", &json!({})).await["cart"].clone();
    let path = format!("/carts/{}", id(&cart));
    store_ok(player, &path, &json!({"email": "pia@example.test", "billing_address": address()})).await;
    let variant = format!("variant_{}", Uuid::parse_str(payment_id).unwrap().simple());
    store_ok(player, &format!("{path}/line-items"), &json!({"variant_id": variant, "quantity": 1})).await;
    let collection =
        store_ok(player, "/payment-collections", &json!({"cart_id": id(&cart)})).await["payment_collection"].clone();
    let path = format!("/payment-collections/{}/payment-sessions", id(&collection));
    store_ok(player, &path, &json!({"provider_id": "pp_system_default"})).await;
    cart
}

pub async fn complete(player: &Browser, cart: &Value, key: Option<&str>) -> reqwest::Response {
    store(player, &format!("/carts/{}/complete", id(cart)), &json!({}), key).await
}

pub async fn gm_view(gm: &Browser, session: &str) -> Value {
    body(gm.get(&format!("/api/gm/sessions/{session}")).await).await
}

pub async fn player_view(player: &Browser, session: &str) -> Value {
    body(player.get(&format!("/api/my-sessions/{session}")).await).await
}

pub struct PaidSession {
    pub gm: Browser,
    pub gm_id: String,
    pub players: Vec<(Browser, String)>,
    pub session: String,
}

/// A paid session (25.50 PLN, minimum two players) waiting for payment: both players confirmed and ready.
pub async fn paid_session_waiting_for_payment(app: &TestApp) -> PaidSession {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let systems = body(gm.get("/api/game-systems").await).await;
    let system = systems["items"][0]["id"].as_str().unwrap().to_owned();
    let blueprint = gm.create_blueprint_ok("Curse of Strahd blueprint", &system).await;
    let payload = json!({"title": "Curse of Strahd", "blueprint_id": blueprint["id"],
        "location": {"kind": "online", "link": "https://table.example/secret"}});
    let series = body(gm.post_json("/api/series", &payload).await).await;
    let path = format!("/api/series/{}", id(&series));
    let schedule = json!({"start_time": "19:00", "session_duration_minutes": 180, "is_recurring": true,
        "recurrence_rule": "FREQ=WEEKLY;BYDAY=TU", "time_zone": "Europe/Warsaw", "first_date": "2026-11-24"});
    assert_eq!(gm.send_json(reqwest::Method::PUT, &format!("{path}/schedule"), &schedule).await.status(), 200);
    let open = json!({"lifecycle_status": "published", "recruitment_status": "open"});
    assert_eq!(gm.send_json(reqwest::Method::PATCH, &path, &open).await.status(), 200);
    for player in [&pia, &bo] {
        let application =
            body(player.post_json("/api/series-applications", &json!({"series_id": series["id"]})).await).await;
        let accept = format!("/api/series-applications/{}/accept", id(&application));
        assert_eq!(gm.post_json(&accept, &json!({})).await.status(), 200);
    }
    let active = json!({"min_players": 2, "max_players": 2, "min_player_age": 1, "lifecycle_status": "active",
        "pricing": {"model": "paid", "amount": "25.50", "currency_code": "pln"}});
    let response = gm.send_json(reqwest::Method::PATCH, &path, &active).await;
    assert_eq!(response.status(), 200, "activate: {}", body(response).await);
    let payload = json!({"series_id": series["id"], "participant_ids": [pia_id, bo_id],
        "schedule": {"scheduled_start_datetime": "2026-11-22T12:00:00Z", "scheduled_duration_minutes": 120}});
    let session = body(gm.post_json("/api/sessions", &payload).await).await;
    let session = id(&session).to_owned();
    assert_eq!(gm.post_json(&format!("/api/sessions/{session}/fix-schedule"), &json!({})).await.status(), 200);
    for player in [&pia, &bo] {
        let response = player.post_json(&format!("/api/sessions/{session}/confirm"), &json!({})).await;
        assert_eq!(response.status(), 200, "confirm");
    }
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:50:00Z").unwrap().into());
    let prepared = gm.post_json(&format!("/api/sessions/{session}/start-preparation"), &json!({})).await;
    assert_eq!(prepared.status(), 200, "start preparation");
    for player in [&pia, &bo] {
        let response = player.post_json(&format!("/api/sessions/{session}/ready"), &json!({})).await;
        assert_eq!(response.status(), 200, "ready");
    }
    assert_eq!(gm_view(&gm, &session).await["status"], "waiting_for_payment");
    PaidSession { gm, gm_id, players: vec![(pia, pia_id), (bo, bo_id)], session }
}

pub async fn payment_of(player: &Browser, session: &str) -> String {
    player_view(player, session).await["payment"]["id"].as_str().unwrap().to_owned()
}

pub async fn count(app: &TestApp, table: &str) -> i64 {
    let backend = app.state.db.conn().get_database_backend();
    let row = app
        .state
        .db
        .conn()
        .query_one_raw(Statement::from_string(backend, format!("SELECT COUNT(*) AS n FROM {table}")))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

pub async fn ledger(app: &TestApp) -> Vec<(String, i64)> {
    let backend = app.state.db.conn().get_database_backend();
    let rows = app
        .state
        .db
        .conn()
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT kind, amount_minor FROM ledger_entries ORDER BY kind, amount_minor".to_owned(),
        ))
        .await
        .unwrap();
    rows.iter().map(|row| (row.try_get("", "kind").unwrap(), row.try_get("", "amount_minor").unwrap())).collect()
}
