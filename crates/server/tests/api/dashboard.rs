//! The Dashboard index (issue 19): a player's invitation becomes confirm, then ready and pay, then nothing; a GM
//! sees the applications waiting and the sessions to fix, prepare and start, in order, and when preparation opens
//! by the clock; nobody sees anyone else's.

use serde_json::{Value, json};

use crate::helpers::json::{body, id};
use crate::helpers::sessions::{START, activate, create, create_ok, gm_act_ok, play_ok, series_with_players};
use crate::helpers::store::{cart_for_seat, complete, player_view, store, store_ok};
use crate::helpers::{Browser, TestApp, error_of};

async fn dashboard(browser: &Browser) -> Value {
    let response = browser.get("/api/dashboard").await;
    assert_eq!(response.status(), 200, "getDashboard");
    body(response).await
}

/// The actions of a section as `kind` (`kind:<series title>` for reviews, with their count).
fn actions(section: &Value) -> Vec<String> {
    section["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| match a["count"].as_u64() {
            Some(count) => {
                format!("{}:{}:{count}", a["kind"].as_str().unwrap(), a["series"]["title"].as_str().unwrap())
            }
            None => format!("{}:{}", a["kind"].as_str().unwrap(), a["session"]["id"].as_str().unwrap()),
        })
        .collect()
}

fn next_ids(section: &Value) -> Vec<&str> {
    section["next_sessions"].as_array().unwrap().iter().map(|s| s["id"].as_str().unwrap()).collect()
}

fn at(app: &TestApp, text: &str) {
    app.clock.set(chrono::DateTime::parse_from_rfc3339(text).unwrap().into());
}

db_test!(async fn a_players_invitation_asks_to_confirm_then_to_get_ready_and_pay_then_nothing(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let series = series_with_players(&gm, "Curse of Strahd", json!({"min_players": 1, "max_players": 3,
        "min_player_age": 1}), &[&pia], &[]).await;
    activate(&gm, &series, json!({"model": "paid", "amount": "25.50", "currency_code": "pln"})).await;
    let session = create_ok(&gm, &series, &[&pia_id]).await;
    let sid = id(&session).to_owned();

    // Invited while the GM still plans: the session is next, but there is nothing to do yet.
    let mine = dashboard(&pia).await;
    assert!(mine["gm"].is_null(), "a player has no GM section");
    assert_eq!(mine["player"]["next_sessions"], json!([{"id": sid, "series": {"id": series["id"],
        "handle": series["handle"], "title": "Curse of Strahd", "time_zone": "Europe/Warsaw"}, "status": "planning",
        "scheduled_start_datetime": START, "scheduled_duration_minutes": 120, "my_status": "invited"}]));
    assert_eq!(actions(&mine["player"]), Vec::<String>::new());

    gm_act_ok(&gm, &session, "fix-schedule").await;
    let mine = dashboard(&pia).await;
    assert_eq!(actions(&mine["player"]), vec![format!("confirm:{sid}")]);
    let confirm = &mine["player"]["actions"][0];
    assert_eq!(confirm["series"]["handle"], series["handle"]);
    assert_eq!(confirm["session"], json!({"id": sid, "status": "scheduled", "scheduled_start_datetime": START}));
    assert_eq!((confirm["count"].clone(), confirm["payment"].clone()), (Value::Null, Value::Null));

    play_ok(&pia, &session, "confirm", Value::Null).await;
    let mine = dashboard(&pia).await;
    assert_eq!(actions(&mine["player"]), vec![format!("ready:{sid}")]);
    assert_eq!(mine["player"]["next_sessions"][0]["my_status"], "confirmed");

    // Preparation brings the payment, but the session waits for players: ready only (issue 31).
    at(&app, "2026-11-22T11:50:00Z");
    gm_act_ok(&gm, &session, "start-preparation").await;
    let mine = dashboard(&pia).await;
    assert_eq!(actions(&mine["player"]), vec![format!("ready:{sid}")]);

    play_ok(&pia, &session, "ready", Value::Null).await;
    let mine = dashboard(&pia).await;
    assert_eq!(actions(&mine["player"]), vec![format!("pay:{sid}")]);
    assert_eq!(mine["player"]["next_sessions"][0]["status"], "waiting_for_payment");
    let payment = &mine["player"]["actions"][0]["payment"];
    assert_eq!((payment["amount"].as_str(), payment["currency_code"].as_str()), (Some("25.50"), Some("pln")));

    let cart = cart_for_seat(&pia, payment["id"].as_str().unwrap()).await;
    assert_eq!(complete(&pia, &cart, None).await.status(), 200, "paid");
    let mine = dashboard(&pia).await;
    assert_eq!(actions(&mine["player"]), Vec::<String>::new(), "paid and ready: nothing waits");
    assert_eq!(mine["player"]["next_sessions"][0]["status"], "ready_to_start");
    assert_eq!(mine["player"]["next_sessions"][0]["my_status"], "ready");
});

/// The kinds of `who`'s notifications, once every event committed so far has made its notifications.
async fn notified(app: &TestApp, who: &Browser) -> Vec<String> {
    questline::notifications::consume_now(&app.state).await.expect("the consumer runs");
    let page = body(who.get("/api/notifications?limit=100").await).await;
    page["items"].as_array().unwrap().iter().map(|n| n["kind"].as_str().unwrap().to_owned()).collect()
}

db_test!(async fn a_seat_is_not_asked_for_or_sold_while_the_session_waits_for_players(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let series = series_with_players(&gm, "Curse of Strahd", json!({"min_players": 2, "max_players": 3,
        "min_player_age": 1}), &[&pia, &bo], &[]).await;
    activate(&gm, &series, json!({"model": "paid", "amount": "25.50", "currency_code": "pln"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id]).await;
    let sid = id(&session).to_owned();
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    play_ok(&bo, &session, "confirm", Value::Null).await;
    at(&app, "2026-11-22T11:50:00Z");
    gm_act_ok(&gm, &session, "start-preparation").await;
    play_ok(&pia, &session, "ready", Value::Null).await;

    // One of two ready: waiting for players. Pia holds a seat with an open payment, yet nothing asks her to pay,
    // the page offers no checkout and the store does not sell the seat.
    let view = player_view(&pia, &sid).await;
    assert_eq!(view["status"], "waiting_for_players");
    assert_eq!(view["payment"]["status"], "created");
    assert_eq!(view["may_pay"], false);
    assert_eq!(actions(&dashboard(&pia).await["player"]), Vec::<String>::new());
    assert!(!notified(&app, &pia).await.contains(&"payment_due".to_owned()));
    let variant = format!("variant_{}", view["payment"]["id"].as_str().unwrap().replace('-', ""));
    let cart = store_ok(&pia, "/carts", &json!({})).await["cart"].clone();
    let line = json!({"variant_id": variant, "quantity": 1});
    let response = store(&pia, &format!("/carts/{}/line-items", id(&cart)), &line, None).await;
    assert_eq!(response.status(), 409);
    assert_eq!(error_of(response).await.1, "seat_not_payable");

    // Bo gets ready: the session waits for payment, and both hear their payment is due, once.
    play_ok(&bo, &session, "ready", Value::Null).await;
    let view = player_view(&pia, &sid).await;
    assert_eq!(view["status"], "waiting_for_payment");
    assert_eq!(view["may_pay"], true);
    assert_eq!(actions(&dashboard(&pia).await["player"]), vec![format!("pay:{sid}")]);
    for player in [&pia, &bo] {
        let due = notified(&app, player).await.into_iter().filter(|kind| kind == "payment_due").count();
        assert_eq!(due, 1);
    }
    store_ok(&pia, &format!("/carts/{}/line-items", id(&cart)), &line).await;

    // Bo pays: his seat is no longer payable, Pia's still is.
    let cart = cart_for_seat(&bo, player_view(&bo, &sid).await["payment"]["id"].as_str().unwrap()).await;
    assert_eq!(complete(&bo, &cart, None).await.status(), 200, "Bo paid");
    let view = player_view(&pia, &sid).await;
    assert_eq!(view["status"], "waiting_for_payment", "one of two paid");
    assert_eq!(view["may_pay"], true);
    assert_eq!(player_view(&bo, &sid).await["may_pay"], false, "paid");
});

db_test!(async fn a_gm_sees_applications_to_review_and_sessions_to_fix_prepare_and_start_in_order(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, _, _) = app.signed_up("Bo").await;
    let (cy, _, _) = app.signed_up("Cy").await;
    let (stranger, _, _) = app.signed_up_gm("Sam").await;
    let (nobody, _, _) = app.signed_up("Nia").await;
    let requirements = json!({"min_players": 1, "max_players": 5, "min_player_age": 1});
    let tomb = series_with_players(&gm, "Tomb of Horrors", requirements.clone(), &[&pia], &[&bo, &cy]).await;
    activate(&gm, &tomb, json!({"model": "free"})).await;
    app.clock.advance(chrono::Duration::minutes(1));
    series_with_players(&gm, "Keep on the Borderlands", requirements, &[], &[&pia]).await;

    let later = create(&gm, &tomb, &[&pia_id], "2026-11-23T12:00:00Z", json!(120)).await;
    assert_eq!(later.status(), 201);
    let later = body(later).await;
    let soon = create_ok(&gm, &tomb, &[&pia_id]).await;
    let (later_id, soon_id) = (id(&later).to_owned(), id(&soon).to_owned());

    // Both in planning: the soonest first, then the series whose applications waited longest.
    let mine = dashboard(&gm).await;
    let gm_part = &mine["gm"];
    assert_eq!(next_ids(gm_part), vec![soon_id.as_str(), later_id.as_str()]);
    assert!(gm_part["next_sessions"][0]["my_status"].is_null());
    assert_eq!(
        actions(gm_part),
        vec![
            format!("fix_schedule:{soon_id}"),
            format!("fix_schedule:{later_id}"),
            "review_applications:Tomb of Horrors:2".to_owned(),
            "review_applications:Keep on the Borderlands:1".to_owned(),
        ]
    );
    let review = &gm_part["actions"][2];
    assert_eq!((review["series"]["id"].clone(), review["series"]["handle"].clone()), (tomb["id"].clone(), tomb["handle"].clone()));
    assert!(review["session"].is_null());
    assert!(mine["refresh_at"].is_null(), "nothing changes by the clock while both are in planning");
    assert_eq!(actions(&mine["player"]), Vec::<String>::new(), "a GM is a player too, with nothing to do");

    // Fixed but too early to prepare: nothing to do for it until preparation opens, which the answer says.
    gm_act_ok(&gm, &soon, "fix-schedule").await;
    let mine = dashboard(&gm).await;
    assert_eq!(actions(&mine["gm"])[0], format!("fix_schedule:{later_id}"));
    assert_eq!(mine["refresh_at"], "2026-11-22T11:45:00Z");
    at(&app, "2026-11-22T11:45:00Z");
    let mine = dashboard(&gm).await;
    assert_eq!(actions(&mine["gm"])[..2], [format!("start_preparation:{soon_id}"), format!("fix_schedule:{later_id}")]);
    assert!(mine["refresh_at"].is_null());

    gm_act_ok(&gm, &soon, "start-preparation").await;
    play_ok(&pia, &soon, "confirm", Value::Null).await;
    play_ok(&pia, &soon, "ready", Value::Null).await;
    let mine = dashboard(&gm).await;
    assert_eq!(actions(&mine["gm"])[..2], [format!("start:{soon_id}"), format!("fix_schedule:{later_id}")]);
    assert_eq!(mine["gm"]["next_sessions"][0]["status"], "ready_to_start");

    // Started: still next (running), nothing to do; the player's view follows.
    gm_act_ok(&gm, &soon, "start").await;
    let mine = dashboard(&gm).await;
    assert_eq!(actions(&mine["gm"])[0], format!("fix_schedule:{later_id}"));
    assert_eq!(next_ids(&mine["gm"]), vec![soon_id.as_str(), later_id.as_str()]);
    let theirs = dashboard(&pia).await;
    assert_eq!(next_ids(&theirs["player"]), vec![soon_id.as_str(), later_id.as_str()]);
    assert_eq!(theirs["player"]["next_sessions"][0]["my_status"], "participating");

    // Completed: off the Dashboard.
    gm_act_ok(&gm, &soon, "complete").await;
    assert_eq!(next_ids(&dashboard(&gm).await["gm"]), vec![later_id.as_str()]);

    // Nobody else sees any of it: another GM, a player in nothing, a visitor.
    let theirs = dashboard(&stranger).await;
    assert_eq!(theirs["gm"], json!({"next_sessions": [], "actions": []}));
    assert_eq!(theirs["player"], json!({"next_sessions": [], "actions": []}));
    let theirs = dashboard(&nobody).await;
    assert_eq!(theirs["player"], json!({"next_sessions": [], "actions": []}));
    assert!(theirs["gm"].is_null());
    let waiting = dashboard(&bo).await;
    assert_eq!(waiting["player"], json!({"next_sessions": [], "actions": []}), "an application is not a session");
    assert_eq!(app.browser().get("/api/dashboard").await.status(), 401);
});

db_test!(async fn a_players_next_sessions_are_the_five_soonest_they_are_still_in(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let series = series_with_players(&gm, "Dungeon of the Week", json!({"min_players": 1, "max_players": 5,
        "min_player_age": 1}), &[&pia], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let mut made = Vec::new();
    // Created out of order: the answer sorts by start, not by creation.
    for day in [27, 23, 25, 29, 24, 28, 26] {
        let start = format!("2026-11-{day}T18:00:00Z");
        let response = create(&gm, &series, &[&pia_id], &start, json!(60)).await;
        assert_eq!(response.status(), 201);
        let session = body(response).await;
        gm_act_ok(&gm, &session, "fix-schedule").await;
        made.push((day, session));
    }
    let rejected = &made.iter().find(|(day, _)| *day == 23).unwrap().1;
    play_ok(&pia, rejected, "reject", Value::Null).await;
    let mine = dashboard(&pia).await;
    let starts: Vec<&str> = mine["player"]["next_sessions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["scheduled_start_datetime"].as_str().unwrap())
        .collect();
    assert_eq!(
        starts,
        vec!["2026-11-24T18:00:00Z", "2026-11-25T18:00:00Z", "2026-11-26T18:00:00Z", "2026-11-27T18:00:00Z",
            "2026-11-28T18:00:00Z"],
        "a rejected session is gone; five at most, soonest first"
    );
    // Every invitation asks to confirm, not only the five shown, soonest first.
    assert_eq!(mine["player"]["actions"].as_array().unwrap().len(), 6);
    assert_eq!(mine["player"]["actions"][0]["session"]["scheduled_start_datetime"], "2026-11-24T18:00:00Z");
    assert!(mine["player"]["actions"].as_array().unwrap().iter().all(|a| a["kind"] == "confirm"));
});
