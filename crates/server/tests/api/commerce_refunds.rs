//! Refunds, earnings and payouts (issue 16, decisions.md "Commerce" §1–§2), on both databases. A completed payment
//! is made the way a completion leaves it: the `session_payments` row `completed` with a built-in transaction id and
//! the three ledger charge rows. Then: a cancellation refunds every completed payment and the ledger sums to zero;
//! leaving before the start refunds, leaving a running game does not, a no-show is never charged; a request
//! approved keeps the seat (`waived`), a declined one is final; only the player requests and only the GM decides,
//! with nothing written on a refusal; a suspended GM's sessions are cancelled and refunded; earnings and the payouts
//! CSV sum the ledger, refunds dated the month the provider confirmed them.

use std::process::Command;
use std::time::Duration;

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::commerce_store::store_get;
use crate::helpers::json::{body, id};
use crate::helpers::sessions::{
    activate, create_ok, execute, gm_act_ok, gm_view, play, play_ok, refusal, series_with_players, statuses,
};
use crate::helpers::store::{cart_for_seat, complete};
use crate::helpers::{Browser, TestApp};

/// 25.00 PLN at the default 10 % fee: 2.50 to the platform, 22.50 to the GM.
const PRICE: &str = "25.00";

/// A paid session of Gwen's with the players given, confirmed and in preparation (payments created).
async fn prepared_session(app: &TestApp, gm: &Browser, players: &[(&Browser, &str)], min_players: u32) -> Value {
    let browsers: Vec<&Browser> = players.iter().map(|(browser, _)| *browser).collect();
    let series = series_with_players(
        gm,
        "Curse of Strahd",
        json!({"min_players": min_players, "max_players": 4,
        "min_player_age": 1}),
        &browsers,
        &[],
    )
    .await;
    activate(gm, &series, json!({"model": "paid", "amount": PRICE, "currency_code": "pln"})).await;
    let ids: Vec<&str> = players.iter().map(|(_, id)| *id).collect();
    let session = create_ok(gm, &series, &ids).await;
    gm_act_ok(gm, &session, "fix-schedule").await;
    for (player, _) in players {
        play_ok(player, &session, "confirm", Value::Null).await;
    }
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:50:00Z").unwrap().into());
    let prepared = gm_act_ok(gm, &session, "start-preparation").await;
    assert_eq!(prepared["payments"].as_array().unwrap().len(), players.len());
    prepared
}

fn payment_of<'a>(view: &'a Value, player: &str) -> &'a Value {
    view["payments"].as_array().unwrap().iter().find(|p| p["player_id"] == player).expect("a payment of the player")
}

async fn scalar(app: &TestApp, sql: &str, values: Vec<sea_orm::Value>) -> Vec<sea_orm::QueryResult> {
    let conn = app.state.db.conn();
    let backend = conn.get_database_backend();
    let sql = if backend == sea_orm::DatabaseBackend::Postgres {
        let mut n = 0;
        sql.chars()
            .map(|c| {
                if c == '?' {
                    n += 1;
                    format!("${n}")
                } else {
                    c.to_string()
                }
            })
            .collect()
    } else {
        sql.to_owned()
    };
    conn.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await.unwrap()
}

/// Completes the player's payment as a completion records it, the ledger rows dated `month`.
async fn complete_payment(app: &TestApp, session: &Value, gm_id: &str, player: &str, month: &str) -> Uuid {
    let payment = Uuid::parse_str(payment_of(session, player)["id"].as_str().unwrap()).unwrap();
    let order = format!("order_TEST{}", &payment.simple().to_string()[..20].to_uppercase());
    let statement = Query::update()
        .table(Alias::new("session_payments"))
        .value(Alias::new("status"), "completed")
        .value(Alias::new("transaction_id"), format!("sys_{payment}"))
        .value(Alias::new("order_id"), order.clone())
        .value(Alias::new("transactions_count"), 1)
        .and_where(Expr::col(Alias::new("id")).eq(payment))
        .to_owned();
    execute(app, statement).await;
    let series = Uuid::parse_str(session["series"]["id"].as_str().unwrap()).unwrap();
    for (kind, amount) in [("charge", 2500_i64), ("platform_fee", 250), ("gm_share", 2250)] {
        let insert = Query::insert()
            .into_table(Alias::new("ledger_entries"))
            .columns(
                [
                    "id",
                    "payment_id",
                    "order_id",
                    "session_id",
                    "series_id",
                    "gm_id",
                    "player_id",
                    "kind",
                    "amount_minor",
                    "currency_code",
                    "month",
                    "created_at",
                ]
                .map(Alias::new),
            )
            .values_panic([
                Uuid::now_v7().into(),
                payment.into(),
                order.clone().into(),
                Uuid::parse_str(id(session)).unwrap().into(),
                series.into(),
                Uuid::parse_str(gm_id).unwrap().into(),
                Uuid::parse_str(player).unwrap().into(),
                kind.into(),
                amount.into(),
                "pln".into(),
                month.into(),
                app.clock_now().into(),
            ])
            .to_owned();
        let backend = app.state.db.conn().get_database_backend();
        app.state.db.conn().execute_raw(backend.build(&insert)).await.unwrap();
    }
    payment
}

/// The payment's ledger rows: (kind, amount, month, reverses set).
async fn ledger_of(app: &TestApp, payment: Uuid) -> Vec<(String, i64, String, bool)> {
    let rows = scalar(
        app,
        "SELECT kind, amount_minor, month, reverses FROM ledger_entries WHERE payment_id = ? ORDER BY created_at, id",
        vec![payment.into()],
    )
    .await;
    rows.iter()
        .map(|row| {
            let reverses: Option<Uuid> = row.try_get("", "reverses").unwrap();
            (
                row.try_get("", "kind").unwrap(),
                row.try_get("", "amount_minor").unwrap(),
                row.try_get("", "month").unwrap(),
                reverses.is_some(),
            )
        })
        .collect()
}

async fn count(app: &TestApp, table: &str) -> i64 {
    let rows = scalar(app, &format!("SELECT COUNT(*) AS n FROM {table}"), vec![]).await;
    rows[0].try_get("", "n").unwrap()
}

/// The audiences of the session's events, oldest first.
async fn session_events(app: &TestApp, session: &Value) -> Vec<String> {
    use questline::db::entities::event;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    event::Entity::find()
        .filter(event::Column::EntityId.eq(id(session)))
        .filter(event::Column::Entity.eq("session"))
        .order_by_asc(event::Column::Id)
        .all(app.state.db.conn())
        .await
        .unwrap()
        .into_iter()
        .map(|event| event.audience.to_string())
        .collect()
}

/// The payments list as `who` sees it.
async fn payments(who: &Browser, session: &Value) -> Value {
    let response = who.get(&format!("/api/sessions/{}/payments", id(session))).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

/// Waits until the player's payment in the GM's view has `status` (the refund job runs in the background).
async fn await_payment(gm: &Browser, session: &Value, player: &str, status: &str) -> Value {
    let mut view = gm_view(gm, session).await;
    for _ in 0..400 {
        if payment_of(&view, player)["status"] == status {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
        view = gm_view(gm, session).await;
    }
    panic!("the payment never became {status}: {}", payment_of(&view, player));
}

fn sums_per_kind(ledger: &[(String, i64, String, bool)]) -> Vec<(String, i64)> {
    ["charge", "platform_fee", "gm_share"]
        .iter()
        .map(|kind| (kind.to_string(), ledger.iter().filter(|(k, ..)| k == kind).map(|(_, amount, ..)| amount).sum()))
        .collect()
}

async fn request_refund(player: &Browser, payment: Uuid, message: Value) -> reqwest::Response {
    player.post_json(&format!("/api/session-payments/{payment}/refund-request"), &json!({"message": message})).await
}

async fn decide(gm: &Browser, payment: Uuid, decision: &str) -> reqwest::Response {
    let path = format!("/api/session-payments/{payment}/refund-request/decision");
    gm.post_json(&path, &json!({"decision": decision, "message": "As you wish"})).await
}

async fn earnings(gm: &Browser, month: &str) -> Value {
    let response = gm.get(&format!("/api/gm/earnings?month={month}")).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

db_test!(configure = |config| config.jobs_poll_ms = 20, async fn a_cancelled_session_refunds_every_completed_payment_in_the_confirmation_month(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let session = prepared_session(&app, &gm, &[(&pia, &pia_id), (&bo, &bo_id)], 2).await;
    // Pia paid in October (as if the session had been prepared then); Bo never paid.
    let paid = complete_payment(&app, &session, &gm_id, &pia_id, "2026-10").await;
    let october = earnings(&gm, "2026-10").await;
    assert_eq!(october["totals"], json!([{"currency_code": "pln", "payments": 1, "refunds": 0, "gross": "25.00",
        "refunded": "0.00", "platform_fee": "2.50", "net": "22.50"}]));
    assert_eq!(october["sessions"][0]["series_title"], "Curse of Strahd");

    let cancelled = gm_act_ok(&gm, &session, "cancel").await;
    assert_eq!(payment_of(&cancelled, &bo_id)["status"], "failed", "an open payment is voided, never captured");
    let view = await_payment(&gm, &session, &pia_id, "refunded").await;
    assert_eq!(view["status"], "cancelled");

    let ledger = ledger_of(&app, paid).await;
    assert_eq!(ledger.len(), 6, "three charges and their three reversals: {ledger:?}");
    assert_eq!(sums_per_kind(&ledger), vec![("charge".into(), 0), ("platform_fee".into(), 0), ("gm_share".into(), 0)]);
    for (_, amount, month, reverses) in &ledger[3..] {
        assert!(*amount < 0 && *reverses);
        assert_eq!(month, "2026-11", "dated the month the provider confirmed it");
    }
    let listed = payments(&gm, &session).await;
    assert_eq!(listed["count"], 2);
    let refund = &listed["items"].as_array().unwrap().iter().find(|p| p["player_id"] == pia_id.as_str()).unwrap()["refund"];
    assert_eq!((refund["reason"].as_str(), refund["status"].as_str()), (Some("session_cancelled"), Some("confirmed")));
    assert_eq!((refund["amount"].as_str(), refund["currency_code"].as_str()), (Some(PRICE), Some("pln")));
    let own = payments(&pia, &session).await;
    assert_eq!(own["count"], 1, "a player sees their own payment only");
    assert_eq!(own["items"][0]["status"], "refunded");
    let (cy, _, _) = app.signed_up("Cy").await;
    let (status, _, code, _) = refusal(cy.get(&format!("/api/sessions/{}/payments", id(&session))).await).await;
    assert_eq!((status, code.as_str()), (404, "session_not_found"));

    // November carries the refund: the GM's share goes below zero, for the operator to settle.
    let november = earnings(&gm, "2026-11").await;
    assert_eq!(november["totals"], json!([{"currency_code": "pln", "payments": 0, "refunds": 1, "gross": "0.00",
        "refunded": "25.00", "platform_fee": "-2.50", "net": "-22.50"}]));
    let current = body(gm.get("/api/gm/earnings").await).await;
    assert_eq!(current["month"], "2026-11", "this UTC month by default");
    let (status, kind, code, _) = refusal(gm.get("/api/gm/earnings?month=2026-13").await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (400, "invalid_argument", "month_invalid"));
    assert_eq!(app.browser().get("/api/gm/earnings").await.status(), 401);

    let month = questline_domain::commerce::refunds::Month::parse("2026-11").unwrap();
    let csv = questline::commerce::earnings::payouts_csv(app.state.db.conn(), month).await.unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "month,gm_account_id,gm_display_name,gm_email,currency,payments,refunds,gross,refunded,platform_fee,payout");
    assert_eq!(lines.len(), 2, "{csv}");
    assert!(lines[1].starts_with(&format!("2026-11,{gm_id},Gwen,")), "{csv}");
    assert!(lines[1].ends_with(",pln,0,1,0.00,25.00,-2.50,-22.50"), "{csv}");
    let empty = questline_domain::commerce::refunds::Month::parse("2026-09").unwrap();
    let csv = questline::commerce::earnings::payouts_csv(app.state.db.conn(), empty).await.unwrap();
    assert_eq!(csv.lines().count(), 1, "an empty month prints the header");
});

db_test!(configure = |config| config.jobs_poll_ms = 20, async fn leaving_before_the_start_refunds_and_a_no_show_is_never_charged(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, cy_id, _) = app.signed_up("Cy").await;
    let session = prepared_session(&app, &gm, &[(&pia, &pia_id), (&bo, &bo_id), (&cy, &cy_id)], 1).await;
    // Pia pays through the real checkout (the built-in provider) once ready, the session then waiting for payment;
    // Cy's payment is recorded directly.
    play_ok(&pia, &session, "ready", Value::Null).await;
    let pia_paid = Uuid::parse_str(payment_of(&session, &pia_id)["id"].as_str().unwrap()).unwrap();
    let cart = cart_for_seat(&pia, &pia_paid.to_string()).await;
    let completed = body(complete(&pia, &cart, None).await).await;
    assert_eq!(completed["type"], "order", "{completed}");
    let order = completed["order"]["id"].as_str().unwrap().to_owned();
    assert_eq!(ledger_of(&app, pia_paid).await.len(), 3, "the completion's charge rows");
    let cy_paid = complete_payment(&app, &session, &gm_id, &cy_id, "2026-11").await;

    // Pia leaves before the start: her money comes back, the order says so.
    play_ok(&pia, &session, "leave", json!("Something came up")).await;
    await_payment(&gm, &session, &pia_id, "refunded").await;
    let ledger = ledger_of(&app, pia_paid).await;
    assert_eq!(ledger.len(), 6);
    assert_eq!(sums_per_kind(&ledger).iter().map(|(_, sum)| *sum).sum::<i64>(), 0);
    assert_eq!(sums_per_kind(&ledger), vec![("charge".into(), 0), ("platform_fee".into(), 0), ("gm_share".into(), 0)]);
    let refund = &payments(&pia, &session).await["items"][0]["refund"];
    assert_eq!((refund["reason"].as_str(), refund["status"].as_str()), (Some("left_before_start"), Some("confirmed")));
    let order = body(store_get(&pia, &format!("/api/store/orders/{order}")).await).await;
    assert_eq!(order["order"]["payment_status"], "refunded", "{order}");

    // Bo is ready but never pays; Cy is ready and paid, so the session may start: Bo is a no-show.
    play_ok(&bo, &session, "ready", Value::Null).await;
    let view = play_ok(&cy, &session, "ready", Value::Null).await;
    assert_eq!(view["status"], "ready_to_start");
    let started = gm_act_ok(&gm, &session, "start").await;
    assert_eq!(
        statuses(&started),
        vec![("Pia".into(), "cancelled".into()), ("Bo".into(), "no_show".into()), ("Cy".into(), "participating".into())]
    );
    assert_eq!(payment_of(&started, &bo_id)["status"], "failed", "a no-show's open payment is never captured");
    // Cy leaves the running game: no refund.
    play_ok(&cy, &session, "leave", Value::Null).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let view = gm_view(&gm, &session).await;
    assert_eq!(payment_of(&view, &cy_id)["status"], "completed");
    assert_eq!(ledger_of(&app, cy_paid).await.len(), 3, "no reversal");
    assert_eq!(count(&app, "refunds").await, 1, "Pia's only");
    let bo_payment = Uuid::parse_str(payment_of(&view, &bo_id)["id"].as_str().unwrap()).unwrap();
    assert!(ledger_of(&app, bo_payment).await.is_empty(), "a no-show is never charged");
});

db_test!(configure = |config| config.jobs_poll_ms = 20, async fn an_approved_request_keeps_the_seat_and_a_declined_one_is_final(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (other_gm, _, _) = app.signed_up_gm("Oscar").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let session = prepared_session(&app, &gm, &[(&pia, &pia_id), (&bo, &bo_id)], 2).await;
    let pia_paid = complete_payment(&app, &session, &gm_id, &pia_id, "2026-11").await;
    let bo_paid = complete_payment(&app, &session, &gm_id, &bo_id, "2026-11").await;
    play_ok(&pia, &session, "ready", Value::Null).await;
    let view = play_ok(&bo, &session, "ready", Value::Null).await;
    assert_eq!(view["status"], "ready_to_start");

    // Only the player asks; only the GM decides; nobody else learns the payment exists. Nothing is written.
    let (status, kind, code, _) = refusal(request_refund(&gm, pia_paid, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (403, "forbidden", "payer_only"));
    let (status, _, code, _) = refusal(request_refund(&bo, pia_paid, Value::Null).await).await;
    assert_eq!((status, code.as_str()), (404, "session_payment_not_found"));
    let (status, _, code, _) = refusal(request_refund(&other_gm, pia_paid, Value::Null).await).await;
    assert_eq!((status, code.as_str()), (404, "session_payment_not_found"));
    let (status, _, code, _) = refusal(request_refund(&pia, Uuid::now_v7(), Value::Null).await).await;
    assert_eq!((status, code.as_str()), (404, "session_payment_not_found"));
    assert_eq!(request_refund(&app.browser(), pia_paid, Value::Null).await.status(), 401);
    let (status, _, _, _) = refusal(request_refund(&pia, pia_paid, json!("x".repeat(1001))).await).await;
    assert_eq!(status, 422);
    let (status, _, code, _) = refusal(decide(&gm, pia_paid, "approve").await).await;
    assert_eq!((status, code.as_str()), (409, "refund_not_requested"));
    assert_eq!(count(&app, "refunds").await, 0, "nothing written");

    let heard = session_events(&app, &session).await;
    let response = request_refund(&pia, pia_paid, json!("I cannot afford it this month")).await;
    assert_eq!(response.status(), 200);
    let requested = body(response).await;
    // The GM's page hears of the request live (a session event for the GM and the players).
    let events = session_events(&app, &session).await;
    assert_eq!(events.len(), heard.len() + 1);
    assert!(events.last().unwrap().contains(&gm_id), "{events:?}");
    assert_eq!(requested["refund"]["status"], "requested");
    assert_eq!(requested["refund"]["request_message"], "I cannot afford it this month");
    let (status, kind, code, _) = refusal(request_refund(&pia, pia_paid, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "conflict", "refund_already_requested"));
    let (status, _, code, _) = refusal(decide(&pia, pia_paid, "approve").await).await;
    assert_eq!((status, code.as_str()), (403, "game_master_only"));
    let (status, _, code, _) = refusal(decide(&other_gm, pia_paid, "approve").await).await;
    assert_eq!((status, code.as_str()), (404, "session_payment_not_found"));
    let bad = gm.post_json(&format!("/api/session-payments/{pia_paid}/refund-request/decision"),
        &json!({"decision": "maybe"})).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(payments(&gm, &session).await["items"][0]["refund"]["status"], "requested", "still undecided");

    // Approved: the money goes back, the seat stays, the session stays ready to start.
    let approved = body(decide(&gm, pia_paid, "approve").await).await;
    assert_eq!((approved["refund"]["status"].as_str(), approved["refund"]["decided_by"].as_str()),
        (Some("due"), Some(gm_id.as_str())));
    let view = await_payment(&gm, &session, &pia_id, "waived").await;
    assert_eq!(view["status"], "ready_to_start", "a waived guest counts as paid");
    assert_eq!(statuses(&view)[0], ("Pia".into(), "ready".into()));
    assert_eq!(sums_per_kind(&ledger_of(&app, pia_paid).await).iter().map(|(_, sum)| *sum).sum::<i64>(), 0);
    let refund = &payments(&pia, &session).await["items"][0]["refund"];
    assert_eq!((refund["reason"].as_str(), refund["status"].as_str()), (Some("request_approved"), Some("confirmed")));
    let (status, _, code, _) = refusal(decide(&gm, pia_paid, "decline").await).await;
    assert_eq!((status, code.as_str()), (409, "refund_not_requested"));
    let (status, _, code, _) = refusal(request_refund(&pia, pia_paid, Value::Null).await).await;
    assert_eq!((status, code.as_str()), (409, "payment_not_refundable"));

    // Declined: final for that payment. Bo's request is sent twice with one Idempotency-Key (a lost answer
    // retried): the first answer is replayed, not refused as a second request.
    let keyed = || {
        bo.client
            .post(bo.url(&format!("/api/session-payments/{bo_paid}/refund-request")))
            .header("X-Questline-Csrf", "1")
            .header("Idempotency-Key", "bo-refund-1")
            .json(&json!({"message": null}))
            .send()
    };
    let first = keyed().await.unwrap();
    assert_eq!(first.status(), 200);
    let first = body(first).await;
    let again = keyed().await.unwrap();
    assert_eq!(again.status(), 200, "replayed");
    assert_eq!(body(again).await["refund"]["id"], first["refund"]["id"]);
    let declined = body(decide(&gm, bo_paid, "decline").await).await;
    assert_eq!(declined["refund"]["status"], "declined");
    assert_eq!(declined["refund"]["decision_message"], "As you wish");
    let (status, _, code, _) = refusal(request_refund(&bo, bo_paid, Value::Null).await).await;
    assert_eq!((status, code.as_str()), (409, "refund_already_requested"));
    let (status, _, code, _) = refusal(decide(&gm, bo_paid, "approve").await).await;
    assert_eq!((status, code.as_str()), (409, "refund_not_requested"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(payment_of(&gm_view(&gm, &session).await, &bo_id)["status"], "completed");
    assert_eq!(ledger_of(&app, bo_paid).await.len(), 3);

    // Both play: the waived guest attends. Once started, nobody asks any more.
    let started = gm_act_ok(&gm, &session, "start").await;
    assert_eq!(statuses(&started), vec![("Pia".into(), "participating".into()), ("Bo".into(), "participating".into())]);
    let (status, _, code, _) = refusal(request_refund(&bo, bo_paid, Value::Null).await).await;
    assert_eq!((status, code.as_str()), (409, "session_already_started"));
    let before = gm_view(&gm, &session).await;
    let (status, _, _, _) = refusal(play(&bo, &session, "ready", Value::Null).await).await;
    assert_eq!(status, 409);
    assert_eq!(gm_view(&gm, &session).await["events"], before["events"], "nothing written on a refusal");

    let november = earnings(&gm, "2026-11").await;
    assert_eq!(november["totals"], json!([{"currency_code": "pln", "payments": 2, "refunds": 1, "gross": "50.00",
        "refunded": "25.00", "platform_fee": "2.50", "net": "22.50"}]));
    assert_eq!(november["sessions"][0]["net"], "22.50");
});

db_test!(configure = |config| config.jobs_poll_ms = 20, async fn a_suspended_gm_s_sessions_not_started_are_cancelled_and_refunded(app) {
    let (gm, gm_id, gm_email) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let session = prepared_session(&app, &gm, &[(&pia, &pia_id)], 1).await;
    let paid = complete_payment(&app, &session, &gm_id, &pia_id, "2026-11").await;
    app.admin(&gm_email, questline::accounts::admin::AdminAction::Suspend).await;
    let mut own = payments(&pia, &session).await;
    for _ in 0..400 {
        if own["items"][0]["status"] == "refunded" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
        own = payments(&pia, &session).await;
    }
    assert_eq!(own["items"][0]["status"], "refunded");
    assert_eq!(own["items"][0]["refund"]["reason"], "gm_unavailable");
    let view = body(pia.get(&format!("/api/my-sessions/{}", id(&session))).await).await;
    assert_eq!(view["status"], "cancelled");
    assert_eq!(sums_per_kind(&ledger_of(&app, paid).await).iter().map(|(_, sum)| *sum).sum::<i64>(), 0);
});

#[test]
fn payouts_refuse_a_month_that_is_not_yyyy_mm_with_status_2() {
    for month in ["2026-13", "2026-1", "november"] {
        let output = Command::new(env!("CARGO_BIN_EXE_questline"))
            .args(["admin", "payouts", "--month", month])
            .env("DATABASE_URL", "sqlite::memory:")
            .output()
            .expect("run questline");
        assert_eq!(output.status.code(), Some(2), "{month}: {}", String::from_utf8_lossy(&output.stderr));
        assert!(String::from_utf8_lossy(&output.stderr).contains("YYYY-MM"));
        assert!(output.stdout.is_empty());
    }
}

/// The refund of one player's payment as they see it, once the job confirmed it.
async fn await_own_refund(player: &Browser, session: &Value) -> Value {
    let mut own = payments(player, session).await;
    for _ in 0..400 {
        if own["items"][0]["refund"]["status"] == "confirmed" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
        own = payments(player, session).await;
    }
    own["items"][0].clone()
}

db_test!(configure = |config| config.jobs_poll_ms = 20, async fn rejecting_the_new_date_a_removal_and_an_erased_gm_refund(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, cy_id, _) = app.signed_up("Cy").await;
    let session = prepared_session(&app, &gm, &[(&pia, &pia_id), (&bo, &bo_id), (&cy, &cy_id)], 1).await;
    for player in [&pia_id, &bo_id, &cy_id] {
        complete_payment(&app, &session, &gm_id, player, "2026-11").await;
    }

    // "Change schedule": everyone is asked again. Pia rejects the new date and is refunded; Bo confirms again and
    // keeps his paid payment (never charged twice).
    gm_act_ok(&gm, &session, "start-planning").await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "reject", json!("That day does not suit me")).await;
    let pia_payment = await_own_refund(&pia, &session).await;
    assert_eq!((pia_payment["status"].as_str(), pia_payment["refund"]["reason"].as_str()),
        (Some("refunded"), Some("new_date_rejected")));
    let bo_view = play_ok(&bo, &session, "confirm", Value::Null).await;
    assert_eq!((bo_view["payment"]["status"].as_str(), bo_view["payment"]["transactions_count"].as_i64()),
        (Some("completed"), Some(1)));

    // The GM removes Cy before the start: refunded.
    let remove = format!("/api/sessions/{}/participants/{cy_id}/remove", id(&session));
    assert_eq!(gm.post_json(&remove, &json!({"message": "Sorry"})).await.status(), 200);
    let cy_payment = await_own_refund(&cy, &session).await;
    assert_eq!((cy_payment["status"].as_str(), cy_payment["refund"]["reason"].as_str()),
        (Some("refunded"), Some("removed_by_gm")));

    // The GM deletes their account: the session not started is cancelled and Bo refunded.
    let deleted = gm.send_json(reqwest::Method::DELETE, "/api/account", &json!({"password": crate::helpers::PASSWORD})).await;
    assert_eq!(deleted.status(), 204);
    let bo_payment = await_own_refund(&bo, &session).await;
    assert_eq!((bo_payment["status"].as_str(), bo_payment["refund"]["reason"].as_str()),
        (Some("refunded"), Some("gm_unavailable")));
    let view = body(bo.get(&format!("/api/my-sessions/{}", id(&session))).await).await;
    assert_eq!(view["status"], "cancelled");

    // The ledger outlives the account: the payouts name it "(deleted account)", every payment reversed.
    let month = questline_domain::commerce::refunds::Month::parse("2026-11").unwrap();
    let csv = questline::commerce::earnings::payouts_csv(app.state.db.conn(), month).await.unwrap();
    assert_eq!(csv.lines().nth(1), Some(format!("2026-11,{gm_id},(deleted account),,pln,3,3,75.00,75.00,0.00,0.00").as_str()), "{csv}");
});

db_test!(configure = |config| config.jobs_poll_ms = 20, async fn an_approval_overtaken_by_a_cancellation_is_a_plain_refund(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let session = prepared_session(&app, &gm, &[(&pia, &pia_id)], 1).await;
    let paid = complete_payment(&app, &session, &gm_id, &pia_id, "2026-11").await;
    // The runner is held while the GM approves and then cancels: one refund job, decided as an approval, runs
    // after the seat is gone, so there is no guest to keep.
    app.state.jobs.stop_and_wait().await;
    assert_eq!(request_refund(&pia, paid, Value::Null).await.status(), 200);
    assert_eq!(decide(&gm, paid, "approve").await.status(), 200);
    gm_act_ok(&gm, &session, "cancel").await;
    app.state.jobs.start(app.state.clone());
    let own = await_own_refund(&pia, &session).await;
    assert_eq!((own["status"].as_str(), own["refund"]["reason"].as_str()), (Some("refunded"), Some("request_approved")));
    assert_eq!(ledger_of(&app, paid).await.len(), 6, "reversed once");
});
