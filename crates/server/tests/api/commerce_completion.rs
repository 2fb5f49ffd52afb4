//! Completing carts (issue 16, decisions.md commerce §4): a paid session goes from waiting for payment to ready to
//! start as two players check out through the whole store sequence with the built-in provider; the GM's view shows
//! both payments completed; the order belongs to its buyer only; 100 concurrent completions of one cart make one
//! order and one set of ledger rows; the `Idempotency-Key` layer replays, refuses a key in use and a key reused;
//! and the recovery job finishes a completion a crash left captured but unrecorded.

use std::sync::Arc;

use sea_orm::sea_query::{Alias, Query};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::json;
use tokio::sync::Barrier;
use uuid::Uuid;

use crate::helpers::error_of;
use crate::helpers::json::{body, id};
use crate::helpers::store::{
    address, cart_for_seat, complete, count, gm_view, ledger, paid_session_waiting_for_payment, payment_of,
    player_view, store, store_get, store_ok,
};

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes).iter().map(|byte| format!("{byte:02x}")).collect()
}

db_test!(async fn two_players_pay_through_the_store_and_the_session_becomes_ready_to_start(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, pia_id) = &paid.players[0];
    let (bo, _) = &paid.players[1];

    let pia_payment = payment_of(pia, &paid.session).await;
    let cart = cart_for_seat(pia, &pia_payment).await;
    assert_eq!(player_view(pia, &paid.session).await["payment"]["status"], "pending", "paying started");
    let answer = body(complete(pia, &cart, None).await).await;
    assert_eq!(answer["type"], "order", "{answer}");
    let order = &answer["order"];
    assert!(id(order).starts_with("order_"));
    assert_eq!(order["display_id"], 1);
    assert_eq!((order["status"].as_str(), order["payment_status"].as_str()), (Some("completed"), Some("captured")));
    assert_eq!((order["total"].as_f64(), order["subtotal"].as_f64(), order["tax_total"].as_f64()),
        (Some(25.5), Some(25.5), Some(0.0)));
    assert_eq!(order["currency_code"], "pln");
    assert_eq!(order["email"], "pia@example.test");
    assert_eq!(order["billing_address"]["city"], "Gdańsk");
    assert_eq!(order["seller"], json!({"id": paid.gm_id, "name": "Gwen"}));
    assert_eq!(order["items"][0]["unit_price"], 25.5);
    assert_eq!(order["items"][0]["metadata"]["payment_id"], pia_payment.as_str());
    assert_eq!(gm_view(&paid.gm, &paid.session).await["status"], "waiting_for_payment", "one of two paid");
    // The GM's page learns of it live: the completion recorded a session event for the GM and the players.
    use questline::db::entities::event;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    let last = event::Entity::find()
        .filter(event::Column::EntityId.eq(paid.session.as_str()))
        .order_by_desc(event::Column::Id)
        .one(app.state.db.conn())
        .await
        .unwrap()
        .unwrap();
    assert_eq!((last.entity.as_str(), last.kind.as_str()), ("session", "updated"));
    assert!(last.audience.to_string().contains(&paid.gm_id), "{}", last.audience);

    let bo_payment = payment_of(bo, &paid.session).await;
    let bo_cart = cart_for_seat(bo, &bo_payment).await;
    let bo_answer = body(complete(bo, &bo_cart, None).await).await;
    assert_eq!(bo_answer["order"]["display_id"], 2, "display numbers are dense");

    let view = gm_view(&paid.gm, &paid.session).await;
    assert_eq!(view["status"], "ready_to_start", "every player ready and paid");
    let payments = view["payments"].as_array().unwrap();
    assert_eq!(payments.len(), 2);
    for payment in payments {
        assert_eq!(payment["status"], "completed");
        assert_eq!(payment["transactions_count"], 1);
        assert!(payment["transaction_id"].as_str().unwrap().starts_with("sys_"), "{payment}");
        assert!(payment["order_id"].as_str().unwrap().starts_with("order_"));
        assert!(payment["cart_id"].as_str().unwrap().starts_with("cart_"));
    }
    let pia_row = payments.iter().find(|p| p["player_id"] == pia_id.as_str()).unwrap();
    assert_eq!(pia_row["order_id"], order["id"]);
    assert_eq!(pia_row["cart_id"], cart["id"]);

    // 25.50 at the default 10 %: the fee 2.55, the GM 22.95, for each of the two orders.
    assert_eq!(ledger(&app).await, vec![("charge".into(), 2550), ("charge".into(), 2550),
        ("gm_share".into(), 2295), ("gm_share".into(), 2295), ("platform_fee".into(), 255),
        ("platform_fee".into(), 255)]);

    // The completed cart completes again as the same order; changing it is refused.
    let again = body(complete(pia, &cart, None).await).await;
    assert_eq!(again["order"]["id"], order["id"]);
    assert_eq!(count(&app, "orders").await, 2);
    let response = store(pia, &format!("/carts/{}", id(&cart)), &json!({"email": "x@example.test"}), None).await;
    assert_eq!(response.status(), 409);
    assert_eq!(error_of(response).await.1, "cart_completed");
});

db_test!(async fn an_order_is_its_buyers_only(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let (bo, _) = &paid.players[1];
    let cart = cart_for_seat(pia, &payment_of(pia, &paid.session).await).await;
    let order = body(complete(pia, &cart, None).await).await["order"].clone();
    let path = format!("/orders/{}", id(&order));

    let mine = body(store_get(pia, &path).await).await;
    assert_eq!(mine["order"]["id"], order["id"]);
    assert_eq!(mine["order"]["display_id"], order["display_id"]);
    for other in [bo, &paid.gm] {
        let response = store_get(other, &path).await;
        assert_eq!(response.status(), 404);
        let (kind, code, _) = error_of(response).await;
        assert_eq!((kind.as_str(), code.as_str()), ("not_found", "order_not_found"));
    }
    let unknown = store_get(pia, "/orders/order_00000000000000000000000000").await;
    assert_eq!(error_of(unknown).await.1, "order_not_found");
    assert_eq!(error_of(store_get(pia, "/orders/not-an-order").await).await.1, "order_not_found");
    assert_eq!(store_get(&app.browser(), &path).await.status(), 401, "signed out");
    // Another shopper cannot complete someone's cart: it is not found, and nothing is written.
    let response = complete(bo, &cart, None).await;
    assert_eq!(error_of(response).await.1, "cart_not_found");
});

db_test!(async fn a_buyer_lists_their_own_orders_newest_first_for_the_next_billing_address(app) {
    // Issue 32: the checkout asked for all seven billing fields every time; it fills them from the last order.
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let (bo, _) = &paid.players[1];
    let none = body(store_get(pia, "/orders").await).await;
    assert_eq!(none, json!({"orders": [], "count": 0, "offset": 0, "limit": 20}));
    let cart = cart_for_seat(pia, &payment_of(pia, &paid.session).await).await;
    let order = body(complete(pia, &cart, None).await).await["order"].clone();

    let mine = body(store_get(pia, "/orders?limit=1").await).await;
    assert_eq!((mine["count"].clone(), mine["limit"].clone()), (json!(1), json!(1)));
    assert_eq!(mine["orders"][0]["id"], order["id"]);
    assert_eq!(mine["orders"][0]["billing_address"]["city"], "Gdańsk");
    assert_eq!(mine["orders"][0]["billing_address"]["phone"], "+48 600 100 200");
    for other in [bo, &paid.gm] {
        assert_eq!(body(store_get(other, "/orders").await).await["count"], 0, "only the buyer's own");
    }
    assert_eq!(store_get(&app.browser(), "/orders").await.status(), 401, "signed out");
    let response = store_get(pia, "/orders?limit=0").await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_of(response).await.1, "invalid_query_parameter");
});

db_test!(configure = |config| config.db_max_connections = 10, async fn a_hundred_concurrent_completions_make_one_order(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let cart = cart_for_seat(pia, &payment_of(pia, &paid.session).await).await;
    let barrier = Arc::new(Barrier::new(100));
    let racers: Vec<_> = (0..100)
        .map(|_| {
            let (pia, cart, barrier) = (pia.clone(), cart.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                let response = complete(&pia, &cart, None).await;
                (response.status().as_u16(), body(response).await)
            })
        })
        .collect();
    let mut orders = std::collections::BTreeSet::new();
    let mut conflicts = 0;
    for racer in racers {
        let (status, answer) = racer.await.unwrap();
        match status {
            200 => {
                assert_eq!(answer["type"], "order", "{answer}");
                orders.insert(answer["order"]["id"].as_str().unwrap().to_owned());
            }
            409 => {
                assert_eq!(answer["error"]["type"], "conflict", "{answer}");
                assert_eq!(answer["error"]["code"], "cart_completion_in_progress");
                conflicts += 1;
            }
            other => panic!("{other}: {answer}"),
        }
    }
    assert_eq!(orders.len(), 1, "one order, whoever answered with it");
    assert!(conflicts < 100, "someone completed it");
    assert_eq!(count(&app, "orders").await, 1);
    assert_eq!(count(&app, "ledger_entries").await, 3, "one charge, one fee, one share");
    let view = player_view(pia, &paid.session).await;
    assert_eq!(view["payment"]["transactions_count"], 1, "captured once");
    // After the race, every completion answers the one order.
    let settled = body(complete(pia, &cart, None).await).await;
    assert_eq!(orders.iter().next().unwrap(), settled["order"]["id"].as_str().unwrap());
});

db_test!(async fn idempotency_keys_replay_refuse_a_key_in_use_and_a_key_reused(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let first = store(&pia, "/carts", &json!({}), Some("create-1")).await;
    assert_eq!(first.status(), 200);
    assert!(first.headers().get("idempotent-replayed").is_none());
    let first = body(first).await;
    let replayed = store(&pia, "/carts", &json!({}), Some("create-1")).await;
    assert_eq!(replayed.status(), 200);
    assert_eq!(replayed.headers()["idempotent-replayed"], "true");
    assert_eq!(body(replayed).await, first, "the first answer, not a second cart");
    assert_eq!(count(&app, "carts").await, 1);

    // The same key with another body, or on another path, is a client bug.
    let response = store(&pia, "/carts", &json!({"email": "pia@example.test"}), Some("create-1")).await;
    assert_eq!(response.status(), 422);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_data", "idempotency_key_reused"));
    let path = format!("/carts/{}", first["cart"]["id"].as_str().unwrap());
    let response = store(&pia, &path, &json!({}), Some("create-1")).await;
    assert_eq!(error_of(response).await.1, "idempotency_key_reused");

    // Keys are per principal: another account's same key is its own.
    let (bo, _, _) = app.signed_up("Bo").await;
    let theirs = body(store(&bo, "/carts", &json!({}), Some("create-1")).await).await;
    assert_ne!(theirs["cart"]["id"], first["cart"]["id"]);

    // A key held by a request still running: 409, never a second run.
    let now = app.clock_now();
    let backend = app.state.db.conn().get_database_backend();
    let principal = format!("account:{}", pia.me().await["user"]["id"].as_str().unwrap());
    let insert = Query::insert()
        .into_table(Alias::new("idempotency_keys"))
        .columns(["principal", "key", "method", "path", "request_hash", "state", "created_at", "expires_at"]
            .map(Alias::new))
        .values_panic([principal.into(), "busy".into(), "POST".into(), "/store/carts".into(),
            sha256_hex(b"{}").into(), "in_progress".into(),
            now.into(), (now + chrono::Duration::seconds(60)).into()])
        .to_owned();
    app.state.db.conn().execute_raw(backend.build(&insert)).await.unwrap();
    let response = store(&pia, "/carts", &json!({}), Some("busy")).await;
    assert_eq!(response.status(), 409);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("conflict", "idempotency_key_in_use"));
    // Once its lease ran out (the request was lost), the key is free again.
    app.clock.set(now + chrono::Duration::seconds(61));
    assert_eq!(store(&pia, "/carts", &json!({}), Some("busy")).await.status(), 200);

    // An error is not kept: the retry runs afresh.
    let response = store(&pia, "/carts/cart_00000000000000000000000000", &json!({}), Some("err")).await;
    assert_eq!(response.status(), 404);
    let response = store(&pia, "/carts/cart_00000000000000000000000000", &json!({}), Some("err")).await;
    assert!(response.headers().get("idempotent-replayed").is_none());
    assert_eq!(response.status(), 404);

    // Answers are kept a day.
    app.clock.set(now + chrono::Duration::hours(25));
    let fresh = store(&pia, "/carts", &json!({}), Some("create-1")).await;
    assert!(fresh.headers().get("idempotent-replayed").is_none());
    assert_ne!(body(fresh).await["cart"]["id"], first["cart"]["id"]);

    let response = store(&pia, "/carts", &json!({}), Some("has space")).await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_of(response).await.1, "idempotency_key_invalid");
});

db_test!(async fn a_completion_replayed_by_its_key_answers_the_same_order(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let cart = cart_for_seat(pia, &payment_of(pia, &paid.session).await).await;
    let first = body(complete(pia, &cart, Some("pay-1")).await).await;
    let again = complete(pia, &cart, Some("pay-1")).await;
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(body(again).await, first);
    assert_eq!(count(&app, "orders").await, 1);
});

db_test!(async fn the_recovery_job_records_a_completion_left_captured(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let payment = payment_of(pia, &paid.session).await;
    let cart = cart_for_seat(pia, &payment).await;
    // As a crash after the capture leaves it: claimed, captured, the lease run out, nothing recorded.
    let now = app.clock_now();
    let backend = app.state.db.conn().get_database_backend();
    let insert = Query::insert()
        .into_table(Alias::new("cart_completions"))
        .columns(["cart_id", "state", "order_id", "provider_ref", "locked_until", "attempt", "created_at", "updated_at"]
            .map(Alias::new))
        .values_panic([id(&cart).into(), "captured".into(), "order_0000000000000000000000RCVD".into(),
            "sys_6f1c4a52-8a2b-4c3e-9d0f-1a2b3c4d5e6f".into(), (now - chrono::Duration::seconds(5)).into(),
            0.into(), now.into(), now.into()])
        .to_owned();
    app.state.db.conn().execute_raw(backend.build(&insert)).await.unwrap();
    assert_eq!(count(&app, "orders").await, 0);

    let run = questline::jobs::JobRun {
        id: Uuid::now_v7(),
        kind: questline::jobs::kinds::FINISH_COMPLETION.to_owned(),
        payload: json!({"cart_id": id(&cart)}),
        attempt: 1,
    };
    questline::commerce::completion::finish_completion_job(app.state.clone(), run.clone()).await.unwrap();
    assert_eq!(count(&app, "orders").await, 1);
    assert_eq!(count(&app, "ledger_entries").await, 3);
    let view = player_view(pia, &paid.session).await;
    assert_eq!(view["payment"]["status"], "completed");
    assert_eq!(view["payment"]["order_id"], "order_0000000000000000000000RCVD");
    assert_eq!(view["payment"]["transaction_id"], "sys_6f1c4a52-8a2b-4c3e-9d0f-1a2b3c4d5e6f", "the captured one");
    // Running it again, or completing the cart, changes nothing more.
    questline::commerce::completion::finish_completion_job(app.state.clone(), run).await.unwrap();
    let answer = body(complete(pia, &cart, None).await).await;
    assert_eq!(answer["order"]["id"], "order_0000000000000000000000RCVD");
    assert_eq!(count(&app, "orders").await, 1);
    assert_eq!(count(&app, "ledger_entries").await, 3);

    // The built-in provider settles in the claim's own write: the completion is recorded at once, with the
    // capture's transaction id, and no recovery job is left behind, since no step between can be interrupted.
    let (bo, _) = &paid.players[1];
    let bo_cart = cart_for_seat(bo, &payment_of(bo, &paid.session).await).await;
    let answer = body(complete(bo, &bo_cart, None).await).await;
    assert_eq!(answer["type"], "order", "{answer}");
    let jobs = questline::jobs::find_by_kind(app.state.db.conn(), questline::jobs::kinds::FINISH_COMPLETION).await.unwrap();
    assert!(jobs.iter().all(|job| job.payload["cart_id"] != bo_cart["id"]), "{jobs:?}");
    let rows = app.state.db.conn()
        .query_all_raw(Statement::from_string(
            backend,
            format!("SELECT state, provider_ref FROM cart_completions WHERE cart_id = '{}'", id(&bo_cart)),
        ))
        .await
        .unwrap();
    assert_eq!(rows[0].try_get::<String>("", "state").unwrap(), "recorded");
    assert!(rows[0].try_get::<Option<String>>("", "provider_ref").unwrap().is_some_and(|r| r.starts_with("sys_")));
    assert_eq!(count(&app, "orders").await, 2);
    assert_eq!(count(&app, "ledger_entries").await, 6);
    assert_eq!(player_view(bo, &paid.session).await["payment"]["transactions_count"], 1, "captured once");
});

db_test!(async fn a_completion_held_by_another_request_is_refused_and_nothing_is_written(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let cart = cart_for_seat(pia, &payment_of(pia, &paid.session).await).await;
    let now = app.clock_now();
    let statement = Query::insert()
        .into_table(Alias::new("cart_completions"))
        .columns(["cart_id", "state", "order_id", "locked_until", "attempt", "created_at", "updated_at"].map(Alias::new))
        .values_panic([id(&cart).into(), "started".into(), "order_0000000000000000000000HKD0".into(),
            (now + chrono::Duration::seconds(20)).into(), 0.into(), now.into(), now.into()])
        .to_owned();
    let backend = app.state.db.conn().get_database_backend();
    app.state.db.conn().execute_raw(backend.build(&statement)).await.unwrap();
    let response = complete(pia, &cart, None).await;
    assert_eq!(response.status(), 409);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("conflict", "cart_completion_in_progress"));
    assert_eq!(count(&app, "orders").await, 0);
    // The lease runs out: the next click takes over and completes, with the order id the claim allocated.
    app.clock.set(now + chrono::Duration::seconds(31));
    let answer = body(complete(pia, &cart, None).await).await;
    assert_eq!(answer["order"]["id"], "order_0000000000000000000000HKD0");
});

db_test!(async fn a_cart_missing_what_an_order_needs_is_refused_and_nothing_is_written(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let payment = payment_of(pia, &paid.session).await;
    let cart = store_ok(pia, "/carts", &json!({})).await["cart"].clone();
    let path = format!("/carts/{}", id(&cart));
    let variant = format!("variant_{}", Uuid::parse_str(&payment).unwrap().simple());
    store_ok(pia, &format!("{path}/line-items"), &json!({"variant_id": variant, "quantity": 1})).await;

    // No address (the e-mail is the account's): the spec's checkout messages, every one at once.
    let response = complete(pia, &cart, None).await;
    assert_eq!(response.status(), 422);
    let (kind, _, error) = error_of(response).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(error["fields"]["billing_address.last_name"][0]["message"], "Last name is required", "{error}");
    assert_eq!(error["fields"]["billing_address.first_name"][0]["message"], "First name is required");
    assert_eq!(error["fields"]["billing_address.phone"][0]["message"], "Phone number is required");

    // An address but no payment method chosen.
    store_ok(pia, &path, &json!({"email": "pia@example.test", "billing_address": address()})).await;
    let response = complete(pia, &cart, None).await;
    assert_eq!(response.status(), 422);
    assert_eq!(error_of(response).await.1, "payment_session_required");

    // No seat at all.
    let empty = store_ok(pia, "/carts", &json!({})).await["cart"].clone();
    let empty_path = format!("/carts/{}", id(&empty));
    store_ok(pia, &empty_path, &json!({"email": "pia@example.test", "billing_address": address()})).await;
    let response = complete(pia, &empty, None).await;
    assert_eq!(response.status(), 422);
    assert_eq!(error_of(response).await.1, "cart_empty");

    assert_eq!(count(&app, "cart_completions").await, 0, "a refused claim takes nothing");
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(player_view(pia, &paid.session).await["payment"]["transactions_count"], 0);
});

db_test!(async fn a_seat_lost_while_the_money_moved_voids_the_completion(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let cart = cart_for_seat(pia, &payment_of(pia, &paid.session).await).await;
    // Captured, then the player left before the order was recorded (a crash in between).
    let now = app.clock_now();
    let insert = Query::insert()
        .into_table(Alias::new("cart_completions"))
        .columns(["cart_id", "state", "order_id", "provider_ref", "locked_until", "attempt", "created_at", "updated_at"]
            .map(Alias::new))
        .values_panic([id(&cart).into(), "captured".into(), "order_0000000000000000000000VD00".into(),
            "sys_0c2b1a52-8a2b-4c3e-9d0f-1a2b3c4d5e6f".into(), (now - chrono::Duration::seconds(5)).into(),
            0.into(), now.into(), now.into()])
        .to_owned();
    let backend = app.state.db.conn().get_database_backend();
    app.state.db.conn().execute_raw(backend.build(&insert)).await.unwrap();
    let left = pia.post_json(&format!("/api/sessions/{}/leave", paid.session), &json!({})).await;
    assert_eq!(left.status(), 200, "leave");

    let run = questline::jobs::JobRun {
        id: Uuid::now_v7(),
        kind: questline::jobs::kinds::FINISH_COMPLETION.to_owned(),
        payload: json!({"cart_id": id(&cart)}),
        attempt: 1,
    };
    questline::commerce::completion::finish_completion_job(app.state.clone(), run).await.unwrap();
    assert_eq!(count(&app, "orders").await, 0, "no order for a seat that is gone");
    assert_eq!(count(&app, "ledger_entries").await, 0);
    let rows = app.state.db.conn()
        .query_all_raw(Statement::from_string(backend, "SELECT state FROM cart_completions".to_owned()))
        .await
        .unwrap();
    assert_eq!(rows[0].try_get::<String>("", "state").unwrap(), "voided");
    let response = complete(pia, &cart, None).await;
    assert_eq!(response.status(), 409);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("conflict", "seat_not_payable"));
    assert_eq!(player_view(pia, &paid.session).await["payment"]["status"], "failed");
});

db_test!(async fn a_visitors_keys_are_scoped_to_their_cookie(app) {
    let visitor = app.browser();
    // The first cart sets the cookie: without one there is nobody to keep a key for, so nothing is kept.
    let first = store(&visitor, "/carts", &json!({}), Some("v-1")).await;
    assert_eq!(first.status(), 200);
    assert!(first.headers().get("idempotent-replayed").is_none());
    assert_eq!(count(&app, "idempotency_keys").await, 0);
    // With the cookie, the key is the visitor's.
    let second = body(store(&visitor, "/carts", &json!({}), Some("v-2")).await).await;
    let again = store(&visitor, "/carts", &json!({}), Some("v-2")).await;
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(body(again).await, second);
    // Another visitor's same key is theirs, not a replay of someone else's cart.
    let other = app.browser();
    body(store(&other, "/carts", &json!({}), None).await).await;
    let theirs = store(&other, "/carts", &json!({}), Some("v-2")).await;
    assert!(theirs.headers().get("idempotent-replayed").is_none());
    assert_ne!(body(theirs).await["cart"]["id"], second["cart"]["id"]);
});

db_test!(configure = |config| config.system_payments = Some(questline::config::Switch::Off),
async fn with_system_payments_off_the_test_provider_is_not_offered(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let cart = store_ok(&pia, "/carts", &json!({})).await["cart"].clone();
    let providers = body(store_get(&pia, &format!("/payment-providers?region_id={}", cart["region_id"].as_str().unwrap())).await).await;
    assert_eq!(providers["payment_providers"], json!([]), "{providers}");
    assert_eq!(providers["count"], 0);
});

db_test!(async fn completions_racing_new_payment_sessions_on_one_cart_never_answer_500_nor_sell_twice(app) {
    // Issue 31: on PostgreSQL `completeCart` racing `initiatePaymentSession` on one cart deadlocked and one of them
    // answered 500. Four rounds (two sessions, two seats each) of 10 + 10 concurrent calls on one cart.
    let mut seats = Vec::new();
    for _ in 0..2 {
        // Each session is made from the test's first morning (the first one moved the clock to its start).
        app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z").unwrap().into());
        let paid = paid_session_waiting_for_payment(&app).await;
        for (player, _) in paid.players {
            let payment = payment_of(&player, &paid.session).await;
            seats.push((player, payment));
        }
    }
    for (round, (player, payment)) in seats.iter().enumerate() {
        let cart = cart_for_seat(player, payment).await;
        let collection = body(store_get(player, &format!("/carts/{}", id(&cart))).await).await["cart"]
            ["payment_collection"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let barrier = Arc::new(Barrier::new(20));
        let racers: Vec<_> = (0..20)
            .map(|racer| {
                let (player, cart, barrier) = (player.clone(), cart.clone(), barrier.clone());
                let collection = collection.clone();
                tokio::spawn(async move {
                    barrier.wait().await;
                    let response = if racer % 2 == 0 {
                        complete(&player, &cart, None).await
                    } else {
                        let path = format!("/payment-collections/{collection}/payment-sessions");
                        store(&player, &path, &json!({"provider_id": "pp_system_default"}), None).await
                    };
                    let status = response.status().as_u16();
                    (racer, status, body(response).await)
                })
            })
            .collect();
        for racer in racers {
            let (racer, status, answer) = racer.await.unwrap();
            // 409: the cart was completed or being completed, or the race was lost twice (`write_conflict`).
            assert!(matches!(status, 200 | 409), "round {round}, racer {racer}: {status} {answer}");
            if status == 409 {
                assert!(answer["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{answer}");
            }
        }
        // However the race went, the cart completes once: its one order.
        let answer = body(complete(player, &cart, None).await).await;
        assert_eq!(answer["type"], "order", "round {round}: {answer}");
        let orders = count(&app, "orders").await;
        assert_eq!(orders, round as i64 + 1, "round {round}: one order per cart");
    }
});
