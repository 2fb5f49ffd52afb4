//! Sessions mended (issues 31 and 32): what a player's view of a session shows of the others, who hears of a
//! player's moves and of a removal, and how a change of the series' requirements moves its sessions in preparation.

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::json::{body, id};
use crate::helpers::sessions::{activate, create_ok, execute, gm_act_ok, patch_series, play_ok, series_with_players};

async fn player_view(player: &crate::helpers::Browser, session: &Value) -> Value {
    body(player.get(&format!("/api/my-sessions/{}", id(session))).await).await
}

db_test!(async fn a_player_sees_the_sessions_moves_and_their_own_nothing_another_wrote(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, cy_id, _) = app.signed_up("Cy").await;
    let series = series_with_players(&gm, "Out of the Abyss", json!({"min_players": 1, "max_players": 4,
        "min_player_age": 1}), &[&pia, &bo, &cy], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id, &cy_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", json!("Count me in")).await;
    play_ok(&bo, &session, "confirm", json!("gotta go early")).await;
    play_ok(&bo, &session, "leave", json!("gotta go")).await;
    let path = format!("/api/sessions/{}/participants/{cy_id}/remove", id(&session));
    let response = gm.post_json(&path, &json!({"message": "Cy keeps missing games"})).await;
    assert_eq!(response.status(), 200, "remove Cy");

    // The GM sees everything.
    let gm_events = crate::helpers::sessions::gm_view(&gm, &session).await["events"].as_array().unwrap().clone();
    let messages: Vec<&str> = gm_events.iter().filter_map(|e| e["message"].as_str()).collect();
    assert!(messages.contains(&"gotta go") && messages.contains(&"Cy keeps missing games"), "{messages:?}");

    // Pia: the session's own moves and hers, nothing about Bo or Cy.
    let mine = player_view(&pia, &session).await;
    let events = mine["events"].as_array().unwrap();
    for event in events {
        let about = event["player_id"].as_str();
        assert!(about.is_none() || about == Some(pia_id.as_str()), "another's row: {event}");
        let by = event["actor_id"].as_str();
        assert!(by.is_none() || by == Some(gm_id.as_str()) || by == Some(pia_id.as_str()), "another's row: {event}");
    }
    let text = serde_json::to_string(events).unwrap();
    assert!(!text.contains("gotta go") && !text.contains("Cy keeps missing games"), "{text}");
    assert!(!text.contains(&bo_id) && !text.contains(&cy_id), "{text}");
    let kinds: Vec<&str> = events.iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["created", "invited", "status_changed", "confirmed"], "{text}");
    assert_eq!(events[3]["message"], "Count me in", "her own message stays");

    // Cy, removed, still reads the GM's reason for removing them: it is about them.
    let theirs = player_view(&cy, &session).await;
    let removed: Vec<&Value> = theirs["events"].as_array().unwrap().iter().filter(|e| e["kind"] == "removed").collect();
    assert_eq!(removed.len(), 1);
    assert_eq!(removed[0]["message"], "Cy keeps missing games");
    assert!(!serde_json::to_string(&theirs["events"]).unwrap().contains("gotta go"));
});

db_test!(async fn lowering_the_minimum_moves_a_waiting_session_on_and_the_gm_reads_what_it_waits_for(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, cy_id, _) = app.signed_up("Cy").await;
    let series = series_with_players(&gm, "Princes of the Apocalypse", json!({"min_players": 3, "max_players": 4,
        "min_player_age": 1}), &[&pia, &bo, &cy], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id, &cy_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    for player in [&pia, &bo] {
        play_ok(player, &session, "confirm", Value::Null).await;
        play_ok(player, &session, "ready", Value::Null).await;
    }
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:45:00Z").unwrap().into());
    let view = gm_act_ok(&gm, &session, "start-preparation").await;
    assert_eq!(view["status"], "waiting_for_players");
    assert_eq!(view["progress"], json!({"needed": 3, "ready": 2, "ready_and_paid": null}));

    // A lower minimum: two ready players are enough now.
    let lower = json!({"min_players": 2, "max_players": 4, "min_player_age": 1});
    assert_eq!(patch_series(&gm, &series, lower).await.status(), 200);
    let view = crate::helpers::sessions::gm_view(&gm, &session).await;
    assert_eq!(view["status"], "ready_to_start", "{}", view["events"]);
    assert_eq!(view["progress"], json!({"needed": 2, "ready": 2, "ready_and_paid": null}));
    let last = view["events"].as_array().unwrap().iter().rev().find(|e| e["kind"] == "status_changed").unwrap().clone();
    assert_eq!((last["status"].as_str(), last["actor_id"].as_str()), (Some("ready_to_start"), None));
    assert_eq!(player_view(&cy, &session).await["status"], "ready_to_start");

    // A higher one moves it back, as a player leaving would.
    let higher = json!({"min_players": 3, "max_players": 4, "min_player_age": 1});
    assert_eq!(patch_series(&gm, &series, higher).await.status(), 200);
    assert_eq!(crate::helpers::sessions::gm_view(&gm, &session).await["status"], "waiting_for_players");
});

/// `who`'s notifications of `kind`, newest first.
async fn notices(who: &crate::helpers::Browser, kind: &str) -> Vec<Value> {
    let page = body(who.get("/api/notifications?limit=100").await).await;
    page["items"].as_array().unwrap().iter().filter(|n| n["kind"] == kind).cloned().collect()
}

db_test!(async fn the_gm_hears_of_a_rejection_and_a_departure_and_a_removed_player_hears_of_it(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, cy_id, _) = app.signed_up("Cy").await;
    let series = series_with_players(&gm, "Storm King's Thunder", json!({"min_players": 1, "max_players": 4,
        "min_player_age": 1}), &[&pia, &bo, &cy], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id, &cy_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "reject", json!("Away that week")).await;
    play_ok(&bo, &session, "confirm", Value::Null).await;
    play_ok(&bo, &session, "leave", json!("gotta go")).await;
    let path = format!("/api/sessions/{}/participants/{cy_id}/remove", id(&session));
    assert_eq!(gm.post_json(&path, &json!({"message": "Table is full"})).await.status(), 200);
    questline::notifications::consume_now(&app.state).await.expect("the consumer runs");

    let gm_link = format!("/dashboard/gm/my-sessions/{}", id(&session));
    let rejected = notices(&gm, "participation_rejected").await;
    assert_eq!(rejected.len(), 1);
    assert_eq!(rejected[0]["params"]["actor_id"], pia_id.as_str());
    assert_eq!(rejected[0]["params"]["actor_name"], "Pia");
    assert_eq!(rejected[0]["params"]["message_preview"], "Away that week");
    assert_eq!(rejected[0]["params"]["series_title"], "Storm King's Thunder");
    assert_eq!(rejected[0]["link"], gm_link.as_str());
    let left = notices(&gm, "participant_left").await;
    assert_eq!(left.len(), 1);
    assert_eq!((left[0]["params"]["actor_name"].as_str(), left[0]["params"]["message_preview"].as_str()),
        (Some("Bo"), Some("gotta go")));
    assert!(notices(&gm, "participant_removed").await.is_empty(), "the GM did it");

    let removed = notices(&cy, "participant_removed").await;
    assert_eq!(removed.len(), 1);
    assert_eq!(removed[0]["params"]["actor_name"], "Gwen");
    assert_eq!(removed[0]["params"]["message_preview"], "Table is full");
    assert_eq!(removed[0]["link"], format!("/dashboard/player/my-sessions/{}", id(&session)));
    for player in [&pia, &bo] {
        for kind in ["participation_rejected", "participant_left", "participant_removed"] {
            assert!(notices(player, kind).await.is_empty(), "{kind} is not the players'");
        }
    }
});

db_test!(async fn a_refund_request_tells_the_gm_and_waits_on_the_dashboard_until_decided(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let series = series_with_players(&gm, "Rime of the Frostmaiden", json!({"min_players": 1, "max_players": 4,
        "min_player_age": 1}), &[&pia], &[]).await;
    activate(&gm, &series, json!({"model": "paid", "amount": "25.00", "currency_code": "pln"})).await;
    let session = create_ok(&gm, &series, &[&pia_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:50:00Z").unwrap().into());
    let prepared = gm_act_ok(&gm, &session, "start-preparation").await;
    let payment = prepared["payments"][0]["id"].as_str().unwrap().to_owned();
    let paid = Query::update()
        .table(Alias::new("session_payments"))
        .value(Alias::new("status"), "completed")
        .and_where(Expr::col(Alias::new("id")).eq(Uuid::parse_str(&payment).unwrap()))
        .to_owned();
    execute(&app, paid).await;
    let dashboard = body(gm.get("/api/dashboard").await).await;
    assert!(dashboard["gm"]["actions"].as_array().unwrap().iter().all(|a| a["kind"] != "decide_refund"));

    let path = format!("/api/session-payments/{payment}/refund-request");
    assert_eq!(pia.post_json(&path, &json!({"message": "Sorry, I fell ill"})).await.status(), 200);
    questline::notifications::consume_now(&app.state).await.expect("the consumer runs");
    let requested = notices(&gm, "refund_requested").await;
    assert_eq!(requested.len(), 1);
    assert_eq!(requested[0]["params"]["actor_name"], "Pia");
    assert_eq!((requested[0]["params"]["amount"].as_i64(), requested[0]["params"]["currency_code"].as_str()),
        (Some(2500), Some("pln")));
    assert_eq!(requested[0]["link"], format!("/dashboard/gm/my-sessions/{}", id(&session)));
    assert!(notices(&pia, "refund_requested").await.is_empty());

    // The GM's Dashboard asks for the decision, linking to the session where it is made.
    let dashboard = body(gm.get("/api/dashboard").await).await;
    let decide: Vec<&Value> =
        dashboard["gm"]["actions"].as_array().unwrap().iter().filter(|a| a["kind"] == "decide_refund").collect();
    assert_eq!(decide.len(), 1, "{dashboard}");
    assert_eq!(decide[0]["session"]["id"], session["id"]);
    assert_eq!(decide[0]["series"]["title"], "Rime of the Frostmaiden");
    assert_eq!(decide[0]["count"], 1, "how many requests wait");
    let pia_dashboard = body(pia.get("/api/dashboard").await).await;
    assert!(pia_dashboard["player"]["actions"].as_array().unwrap().iter().all(|a| a["kind"] != "decide_refund"));

    let decision = format!("/api/session-payments/{payment}/refund-request/decision");
    assert_eq!(gm.post_json(&decision, &json!({"decision": "decline"})).await.status(), 200);
    let dashboard = body(gm.get("/api/dashboard").await).await;
    assert!(dashboard["gm"]["actions"].as_array().unwrap().iter().all(|a| a["kind"] != "decide_refund"), "decided");
});
