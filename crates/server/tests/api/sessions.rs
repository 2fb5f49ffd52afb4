//! Sessions (issue 15): every message of the spec's session list, refused moves, who may do what (the GM, another
//! GM, a player who is not a participant, anonymous), a free session from creation to completion with the automatic
//! moves, a paid one through waiting for payment, confirmations racing for the last seats, the 60-minute rule on the
//! injectable clock, and the hooks from applications and series.

use std::sync::Arc;
use std::time::Duration;

use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query};
use serde_json::{Value, json};
use tokio::sync::Barrier;
use uuid::Uuid;

use crate::helpers::json::{body, id};
use crate::helpers::sessions::{
    START, activate, create, create_ok, execute, gm_act, gm_act_ok, gm_view, patch_series, play, play_ok, refusal,
    series_with_players, statuses,
};
use crate::helpers::{Browser, TestApp, error_of, field_codes, field_messages};

fn kinds(view: &Value) -> Vec<String> {
    view["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| match e["status"].as_str() {
            Some(status) => format!("{}:{status}", e["kind"].as_str().unwrap()),
            None => e["kind"].as_str().unwrap().to_owned(),
        })
        .collect()
}

fn actions(view: &Value) -> Vec<&str> {
    view["allowed_actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect()
}

async fn mark_paid(app: &TestApp, player: &str) {
    let statement = Query::update()
        .table(Alias::new("session_payments"))
        .value(Alias::new("status"), "completed")
        .and_where(Expr::col(Alias::new("player_id")).eq(Uuid::parse_str(player).unwrap()))
        .to_owned();
    execute(app, statement).await;
}

db_test!(async fn a_free_session_runs_from_creation_to_completion_with_the_automatic_moves(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, cy_id, _) = app.signed_up("Cy").await;
    let series = series_with_players(&gm, "Tomb of Horrors", json!({"min_players": 1, "max_players": 3,
        "min_player_age": 1}), &[&pia, &bo, &cy], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;

    let session = create_ok(&gm, &series, &[&pia_id, &bo_id]).await;
    assert_eq!(session["status"], "planning");
    assert_eq!(session["schedule"], json!({"scheduled_start_datetime": START, "scheduled_duration_minutes": 120}));
    assert_eq!(session["series"]["title"], "Tomb of Horrors");
    assert_eq!(session["series"]["time_zone"], "Europe/Warsaw");
    assert_eq!(session["series"]["pricing"]["model"], "free");
    assert_eq!(session["seats"], json!({"confirmed": 0, "total": 3}));
    assert_eq!(session["preparation_opens_at"], "2026-11-22T11:45:00Z");
    assert_eq!(statuses(&session), vec![("Pia".into(), "invited".into()), ("Bo".into(), "invited".into())]);
    assert_eq!(kinds(&session), vec!["created", "invited", "invited"]);
    assert_eq!(
        actions(&session),
        vec!["update_schedule", "fix_schedule", "cancel", "delete", "add_participants", "remove_participant"]
    );

    // Before the date is fixed, the players can only look.
    let mine = body(pia.get(&format!("/api/my-sessions/{}", id(&session))).await).await;
    assert_eq!(mine["me"], json!({"status": "invited", "message": null, "allowed_actions": []}));
    let (status, kind, code, message) = refusal(play(&pia, &session, "confirm", Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "unexpected_state", "participation_transition_not_allowed"));
    assert_eq!(message, "This participation cannot be confirmed now that it is invited and the session is planning");
    let (status, _, code, message) = refusal(gm_act(&gm, &session, "start").await).await;
    assert_eq!((status, code.as_str()), (409, "session_transition_not_allowed"));
    assert_eq!(message, "This session cannot be started now that it is planning");

    let session = gm_act_ok(&gm, &session, "fix-schedule").await;
    assert_eq!(session["status"], "scheduled");
    let mine = play_ok(&pia, &session, "confirm", json!("  See you there!  ")).await;
    assert_eq!(mine["me"]["status"], "confirmed");
    assert_eq!(mine["me"]["message"], "See you there!");
    assert_eq!(mine["me"]["allowed_actions"], json!(["ready", "leave"]));
    assert_eq!(mine["seats"]["confirmed"], 1);
    assert_eq!(refusal(play(&pia, &session, "confirm", Value::Null).await).await.2, "participation_transition_not_allowed");
    play_ok(&pia, &session, "ready", json!("Dice packed")).await;
    let bo_view = play_ok(&bo, &session, "reject", json!("Cannot make it")).await;
    assert_eq!(bo_view["me"]["status"], "rejected");
    assert_eq!(bo_view["participants"].as_array().unwrap().len(), 1, "the others holding a seat: Pia");
    assert_eq!(bo_view["participants"][0]["message"], Value::Null, "another's message is theirs and the GM's");

    // Preparation opens 15 minutes before the start.
    let (status, kind, code, _) = refusal(gm_act(&gm, &session, "start-preparation").await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "unexpected_state", "preparation_not_open"));
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:45:00Z").unwrap().into());
    assert!(actions(&gm_view(&gm, &session).await).contains(&"start_preparation"));
    let session = gm_act_ok(&gm, &session, "start-preparation").await;
    assert_eq!(session["status"], "ready_to_start", "Pia is ready and the minimum is one");
    let moves: Vec<&Value> = session["events"].as_array().unwrap().iter().filter(|e| e["kind"] == "status_changed").collect();
    assert_eq!(moves[moves.len() - 2]["status"], "waiting_for_players");
    assert_eq!(moves[moves.len() - 1]["status"], "ready_to_start");
    assert_eq!(moves[moves.len() - 1]["actor_id"], Value::Null, "an automatic move is the platform's");
    assert_eq!(moves[moves.len() - 1]["actor_display_name"], "");
    assert!(session["payments"].as_array().unwrap().is_empty(), "a free series has no payments");

    // Leaving drops the readiness back, marking ready again restores it.
    play_ok(&pia, &session, "leave", Value::Null).await;
    let view = gm_view(&gm, &session).await;
    assert_eq!(view["status"], "waiting_for_players");
    assert_eq!(view["seats"]["confirmed"], 0);
    assert_eq!(refusal(play(&pia, &session, "confirm", Value::Null).await).await.2, "participation_transition_not_allowed");

    // A second session for the rest of the flow (Pia left this one for good).
    let response = create(&gm, &series, &[&cy_id], START, json!(90)).await;
    let second = body(response).await;
    gm_act_ok(&gm, &second, "fix-schedule").await;
    play_ok(&cy, &second, "confirm", Value::Null).await;
    play_ok(&cy, &second, "ready", Value::Null).await;
    let second = gm_act_ok(&gm, &second, "start-preparation").await;
    assert_eq!(second["status"], "ready_to_start");
    let second = gm_act_ok(&gm, &second, "start").await;
    assert_eq!(second["status"], "in_progress");
    assert_eq!(second["actual_start_datetime"], "2026-11-22T11:45:00Z", "started before its time");
    assert_eq!(statuses(&second), vec![("Cy".into(), "participating".into())]);
    assert_eq!(actions(&second), vec!["complete", "stop_early"]);
    app.clock.advance(chrono::Duration::minutes(95));
    let second = gm_act_ok(&gm, &second, "complete").await;
    assert_eq!(second["status"], "completed");
    assert_eq!(second["actual_duration_minutes"], 95);
    assert!(actions(&second).is_empty());
    let (_, _, code, message) = refusal(gm_act(&gm, &second, "complete").await).await;
    assert_eq!(code, "session_transition_not_allowed", "completing is irreversible");
    assert_eq!(message, "This session cannot be completed now that it is completed");
    let cy_view = body(cy.get(&format!("/api/my-sessions/{}", id(&second))).await).await;
    assert_eq!(cy_view["me"]["status"], "participated_fully");
    assert_eq!(cy_view["me"]["allowed_actions"], json!([]));

    // Lists: upcoming first, then past.
    let gm_list = body(gm.get("/api/gm/sessions").await).await;
    assert_eq!(gm_list["count"], 2);
    assert_eq!(gm_list["items"][0]["id"], session["id"], "the upcoming one first");
    assert_eq!(gm_list["items"][1]["status"], "completed");
    assert_eq!(gm_list["items"][0]["participant_count"], 0, "Bo rejected and Pia left: nobody is in it any more");
    let filtered = body(gm.get("/api/gm/sessions?status=completed").await).await;
    assert_eq!(filtered["count"], 1);
    let cy_list = body(cy.get("/api/my-sessions").await).await;
    assert_eq!(cy_list["count"], 1);
    assert_eq!(cy_list["items"][0]["my_status"], "participated_fully");
    assert_eq!(cy_list["items"][0]["game_master_display_name"], "Gwen");
    assert_eq!(body(pia.get("/api/my-sessions?limit=100").await).await["count"], 1);
    assert_eq!(gm.get("/api/my-sessions?limit=101").await.status(), 400);
});

db_test!(async fn creating_and_rescheduling_answer_every_message_of_the_spec(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let series = series_with_players(&gm, "Curse of Strahd", json!({"min_players": 1, "max_players": 4,
        "min_player_age": 1}), &[&pia], &[&bo]).await;

    let (status, kind, code, message) = refusal(create(&gm, &series, &[&pia_id], START, json!(60)).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "unexpected_state", "series_must_be_active"));
    assert_eq!(message, "Cannot create session: series must be active to create a session");
    assert_eq!(patch_series(&gm, &series, json!({"lifecycle_status": "active"})).await.status(), 200);
    let (status, kind, code, message) = refusal(create(&gm, &series, &[&pia_id], START, json!(60)).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "unexpected_state", "series_must_have_pricing"));
    assert_eq!(message, "Cannot create session: series must have pricing to create a session");
    assert_eq!(patch_series(&gm, &series, json!({"pricing": {"model": "free"}})).await.status(), 200);

    let response = gm.post_json("/api/sessions", &json!({"series_id": series["id"]})).await;
    let (kind, _, error) = error_of(response).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_messages(&error, "participant_ids"), json!(["Player selection is required"]));
    assert_eq!(field_codes(&error, "participant_ids"), json!(["required"]));
    assert_eq!(field_messages(&error, "schedule.scheduled_start_datetime"), json!(["Session date and time is required"]));
    assert_eq!(field_messages(&error, "schedule.scheduled_duration_minutes"), json!(["Session duration is required"]));
    let (_, _, error) = error_of(create(&gm, &series, &[&bo_id], "2026-11-22T10:14:00Z", json!(0)).await).await;
    assert_eq!(field_codes(&error, "participant_ids"), json!(["not_accepted"]));
    assert_eq!(field_codes(&error, "schedule.scheduled_start_datetime"), json!(["too_soon"]));
    assert_eq!(field_messages(&error, "schedule.scheduled_duration_minutes"), json!(["Session must be at least 1 minutes long"]));
    assert_eq!(error["fields"]["schedule.scheduled_duration_minutes"][0]["params"], json!({"min": 1}));
    let (_, _, error) = error_of(create(&gm, &series, &[&pia_id], "next Tuesday", json!(60)).await).await;
    assert_eq!(field_messages(&error, "schedule.scheduled_start_datetime"), json!(["Session date and time is invalid"]));
    assert_eq!(field_codes(&error, "schedule.scheduled_start_datetime"), json!(["invalid"]));
    let (_, _, error) = error_of(create(&gm, &series, &[&pia_id], START, json!(1441)).await).await;
    assert_eq!(field_messages(&error, "schedule.scheduled_duration_minutes"), json!(["Session cannot be longer than 1440 minutes"]));
    assert_eq!(field_codes(&error, "schedule.scheduled_duration_minutes"), json!(["too_long"]));
    assert_eq!(body(gm.get("/api/gm/sessions").await).await["count"], 0, "nothing written");
    let response = create(&gm, &json!({"id": Uuid::now_v7()}), &[&pia_id], START, json!(60)).await;
    assert_eq!(refusal(response).await.2, "series_not_found");

    // The schedule changes only in planning, and at least 15 minutes ahead.
    let session = create_ok(&gm, &series, &[&pia_id]).await;
    let path = format!("/api/sessions/{}/schedule", id(&session));
    let schedule = |start: &str, minutes: i64| json!({"schedule": {"scheduled_start_datetime": start,
        "scheduled_duration_minutes": minutes}});
    let response = gm.send_json(reqwest::Method::PUT, &path, &schedule("2026-11-22T10:10:00Z", 60)).await;
    let (status, kind, code, message) = refusal(response).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (422, "invalid_data", "session_too_soon"));
    assert_eq!(message, "Cannot update session schedule: session must be at least 15 minutes in the future");
    let response = gm.send_json(reqwest::Method::PUT, &path, &schedule("2026-11-23T18:30:00Z", 240)).await;
    let updated = body(response).await;
    assert_eq!(updated["schedule"]["scheduled_start_datetime"], "2026-11-23T18:30:00Z");
    assert_eq!(updated["schedule"]["scheduled_duration_minutes"], 240);
    assert_eq!(kinds(&updated).last().unwrap(), "updated");
    gm_act_ok(&gm, &session, "fix-schedule").await;
    let response = gm.send_json(reqwest::Method::PUT, &path, &schedule("2026-11-24T18:30:00Z", 60)).await;
    let (status, _, code, message) = refusal(response).await;
    assert_eq!((status, code.as_str()), (409, "session_not_in_planning"));
    assert_eq!(message, "Cannot update session schedule: session must be in planning status");
    play_ok(&pia, &session, "confirm", Value::Null).await;
    let back = gm_act_ok(&gm, &session, "start-planning").await;
    assert_eq!(back["status"], "planning");
    assert_eq!(statuses(&back), vec![("Pia".into(), "invited".into())], "confirmations reset");
    assert_eq!(back["seats"]["confirmed"], 0);
    let cancelled = gm.post_json(&format!("/api/sessions/{}/cancel", id(&session)), &json!({"message": "Sorry"})).await;
    let cancelled = body(cancelled).await;
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["events"].as_array().unwrap().last().unwrap()["message"], "Sorry");
    let response = gm.send_json(reqwest::Method::PUT, &path, &schedule("2026-11-24T18:30:00Z", 60)).await;
    let (status, _, code, message) = refusal(response).await;
    assert_eq!((status, code.as_str()), (409, "session_completed_or_cancelled"));
    assert_eq!(message, "Cannot update session schedule: session is completed or cancelled");
    assert_eq!(refusal(gm.delete(&format!("/api/sessions/{}", id(&session))).await).await.2, "session_transition_not_allowed");

    // Add, remove and delete in planning; a long message is refused.
    let other = create_ok(&gm, &series, &[&pia_id]).await;
    let participants = format!("/api/sessions/{}/participants", id(&other));
    let (_, _, error) = error_of(gm.post_json(&participants, &json!({"player_ids": [pia_id]})).await).await;
    assert_eq!(field_codes(&error, "player_ids"), json!(["already_participant"]));
    let (_, _, error) = error_of(gm.post_json(&participants, &json!({"player_ids": []})).await).await;
    assert_eq!(field_codes(&error, "player_ids"), json!(["required"]));
    let remove = format!("/api/sessions/{}/participants/{pia_id}/remove", id(&other));
    let (_, _, error) = error_of(gm.post_json(&remove, &json!({"message": "x".repeat(1001)})).await).await;
    assert_eq!(field_codes(&error, "message"), json!(["message_too_long"]));
    let removed = body(gm.post_json(&remove, &json!({"message": "Next time"})).await).await;
    assert_eq!(statuses(&removed), vec![("Pia".into(), "removed_by_gm".into())]);
    assert_eq!(gm.delete(&format!("/api/sessions/{}", id(&other))).await.status(), 204);
    assert_eq!(gm.get(&format!("/api/gm/sessions/{}", id(&other))).await.status(), 404);
});

db_test!(async fn only_the_gm_and_the_participants_see_and_move_a_session(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (other_gm, _, _) = app.signed_up_gm("Otto").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (stranger, _, _) = app.signed_up("Stan").await;
    let series = series_with_players(&gm, "Hoard of the Dragon Queen", json!({"min_players": 1, "max_players": 2,
        "min_player_age": 1}), &[&pia], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id]).await;
    let path = format!("/api/gm/sessions/{}", id(&session));

    let (status, kind, code, _) = refusal(other_gm.get(&path).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (404, "not_found", "session_not_found"));
    assert_eq!(refusal(gm_act(&other_gm, &session, "fix-schedule").await).await.2, "session_not_found");
    assert_eq!(refusal(other_gm.delete(&format!("/api/sessions/{}", id(&session))).await).await.2, "session_not_found");
    assert_eq!(refusal(create(&other_gm, &series, &[&pia_id], START, json!(60)).await).await.2, "series_not_found");
    assert_eq!(refusal(pia.get(&path).await).await.2, "session_not_found", "a player does not get the GM's view");
    let mine = format!("/api/my-sessions/{}", id(&session));
    assert_eq!(refusal(stranger.get(&mine).await).await.2, "session_not_found");
    assert_eq!(refusal(gm.get(&mine).await).await.2, "session_not_found", "the GM is no participant");
    assert_eq!(refusal(play(&stranger, &session, "confirm", Value::Null).await).await.2, "session_not_found");
    assert_eq!(body(stranger.get("/api/my-sessions").await).await["count"], 0);
    assert_eq!(body(other_gm.get("/api/gm/sessions").await).await["count"], 0);
    assert_eq!(app.get(&path).await.status(), 401);
    assert_eq!(app.get(&mine).await.status(), 401);
    assert_eq!(app.get("/api/my-sessions").await.status(), 401);
    assert_eq!(app.post_json(&format!("/api/sessions/{}/confirm", id(&session)), &json!({})).await.status(), 401);
    assert_eq!(app.post_json("/api/sessions", &json!({"series_id": series["id"]})).await.status(), 401);
    assert_eq!(body(pia.get(&mine).await).await["me"]["status"], "invited");

    // Every change is an event for the GM and the participants only, without data.
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    use questline::db::entities::event;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    let events = event::Entity::find()
        .filter(event::Column::EntityId.eq(id(&session)))
        .order_by_asc(event::Column::Id)
        .all(app.state.db.conn())
        .await
        .unwrap();
    let kinds: Vec<_> = events.iter().map(|event| (event.entity.as_str(), event.kind.as_str())).collect();
    assert_eq!(kinds, [("session", "created"), ("session", "updated"), ("session", "updated")]);
    let mut audience = vec![gm_id.clone(), pia_id.clone()];
    audience.sort();
    for event in &events {
        assert_eq!(event.audience, json!({"accounts": audience}));
        assert_eq!(event.data, None);
    }
});

db_test!(async fn a_paid_session_waits_for_payment_and_voids_the_no_shows(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let series = series_with_players(&gm, "Storm King's Thunder", json!({"min_players": 1, "max_players": 2,
        "min_player_age": 1}), &[&pia, &bo], &[]).await;
    activate(&gm, &series, json!({"model": "paid", "amount": "25.00", "currency_code": "pln"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    assert_eq!(refusal(gm_act(&gm, &session, "start-preparation").await).await.2, "preparation_not_open");
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:50:00Z").unwrap().into());
    let prepared = gm_act_ok(&gm, &session, "start-preparation").await;
    assert_eq!(prepared["status"], "waiting_for_players");
    assert_eq!(prepared["payments"].as_array().unwrap().len(), 1, "one per confirmed participant");
    let bo_view = play_ok(&bo, &session, "confirm", Value::Null).await;
    assert_eq!(bo_view["payment"]["status"], "created", "confirming while preparing brings a payment");

    // Back to planning keeps the payments, so the session can no longer be deleted; preparing again adds none.
    let planning = gm_act_ok(&gm, &session, "start-planning").await;
    assert_eq!(planning["payments"].as_array().unwrap().len(), 2);
    let (status, kind, code, _) = refusal(gm.delete(&format!("/api/sessions/{}", id(&session))).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "session_has_payments"));
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    play_ok(&bo, &session, "confirm", Value::Null).await;
    let prepared = gm_act_ok(&gm, &session, "start-preparation").await;
    let payments = prepared["payments"].as_array().unwrap();
    assert_eq!(payments.len(), 2, "one per participant, whatever happens");
    for payment in payments {
        assert_eq!((payment["amount"].as_str(), payment["currency_code"].as_str()), (Some("25.00"), Some("pln")));
        assert_eq!(payment["status"], "created");
        assert_eq!(payment["transactions_count"], 0);
    }
    assert!(!actions(&prepared).contains(&"delete"));

    let bo_view = play_ok(&bo, &session, "ready", Value::Null).await;
    assert_eq!(bo_view["status"], "waiting_for_payment", "ready, not paid");
    assert_eq!(bo_view["payment"]["status"], "created");
    mark_paid(&app, &pia_id).await;
    let pia_view = play_ok(&pia, &session, "ready", Value::Null).await;
    assert_eq!(pia_view["status"], "ready_to_start", "ready and paid");
    let view = gm_view(&gm, &session).await;
    let paid: Vec<(String, bool)> = view["participants"].as_array().unwrap().iter()
        .map(|p| (p["display_name"].as_str().unwrap().to_owned(), p["paid"].as_bool().unwrap())).collect();
    assert_eq!(paid, vec![("Pia".into(), true), ("Bo".into(), false)]);

    let started = gm_act_ok(&gm, &session, "start").await;
    assert_eq!(statuses(&started), vec![("Pia".into(), "participating".into()), ("Bo".into(), "no_show".into())]);
    let bo_payment = started["payments"].as_array().unwrap().iter().find(|p| p["player_id"] == bo_id.as_str()).unwrap();
    assert_eq!(bo_payment["status"], "failed", "a no-show owes nothing");
    let stopped = gm_act_ok(&gm, &session, "stop-early").await;
    assert_eq!(stopped["status"], "stopped_early");
    assert_eq!(statuses(&stopped)[0].1, "participated_fully");
    assert_eq!(refusal(gm.delete(&format!("/api/sessions/{}", id(&session))).await).await.2, "session_transition_not_allowed");
});

db_test!(configure = |config| config.address_limit_per_hour = 1000, async fn confirmations_racing_for_the_last_seats_never_over_fill_them(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let mut players = Vec::new();
    for n in 0..20 {
        players.push(app.signed_up(&format!("Player {n}")).await);
    }
    let browsers: Vec<&Browser> = players.iter().map(|(browser, _, _)| browser).collect();
    let series = series_with_players(&gm, "The last seats", json!({"min_players": 1, "max_players": 20,
        "min_player_age": 1}), &browsers, &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let ids: Vec<&str> = players.iter().map(|(_, id, _)| id.as_str()).collect();
    let session = create_ok(&gm, &series, &ids).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    // Sixteen of the twenty seats are taken (as if by earlier confirmations): four remain for twenty players.
    let statement = Query::update()
        .table(Alias::new("game_sessions"))
        .value(Alias::new("seats_confirmed"), 16)
        .and_where(Expr::col(Alias::new("id")).eq(Uuid::parse_str(id(&session)).unwrap()))
        .to_owned();
    execute(&app, statement).await;

    let barrier = Arc::new(Barrier::new(players.len()));
    let racers: Vec<_> = players
        .iter()
        .map(|(browser, _, _)| {
            let (browser, session, barrier) = (browser.clone(), session.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                play(&browser, &session, "confirm", Value::Null).await
            })
        })
        .collect();
    let mut confirmed = 0;
    for racer in racers {
        let response = racer.await.unwrap();
        if response.status() == 200 {
            confirmed += 1;
        } else {
            let (status, kind, code, _) = refusal(response).await;
            assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "session_full"));
        }
    }
    assert_eq!(confirmed, 4, "exactly the free seats");
    let view = gm_view(&gm, &session).await;
    assert_eq!(view["seats"], json!({"confirmed": 20, "total": 20}));
    assert_eq!(statuses(&view).iter().filter(|(_, status)| status == "confirmed").count(), 4);
});

db_test!(configure = |config| config.jobs_poll_ms = 20, async fn a_session_not_started_an_hour_after_its_start_is_cancelled(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let series = series_with_players(&gm, "Out of the Abyss", json!({"min_players": 1, "max_players": 2,
        "min_player_age": 1}), &[&pia], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;

    // 59 minutes after the start nothing happens.
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T12:59:00Z").unwrap().into());
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(gm_view(&gm, &session).await["status"], "scheduled");
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T13:00:00Z").unwrap().into());
    let mut view = gm_view(&gm, &session).await;
    for _ in 0..200 {
        if view["status"] == "cancelled" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
        view = gm_view(&gm, &session).await;
    }
    assert_eq!(view["status"], "cancelled");
    let last = view["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["kind"].as_str(), last["status"].as_str()), (Some("status_changed"), Some("cancelled")));
    assert_eq!(last["actor_id"], Value::Null, "the platform cancelled it");
    assert_eq!(statuses(&view), vec![("Pia".into(), "cancelled".into())]);
    assert_eq!(view["seats"]["confirmed"], 0);
});

db_test!(async fn leaving_or_ending_the_series_leaves_its_sessions(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, _, _) = app.signed_up("Cy").await;
    let (dee, dee_id, _) = app.signed_up("Dee").await;
    let series = series_with_players(&gm, "Rime of the Frostmaiden", json!({"min_players": 1, "max_players": 3,
        "min_player_age": 1}), &[&pia, &bo, &dee], &[&cy]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id, &dee_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;

    // Dee confirms, then deletes her account: her participation is cancelled, her seat freed.
    play_ok(&dee, &session, "confirm", Value::Null).await;
    let response = dee.send_json(reqwest::Method::DELETE, "/api/account", &json!({"password": crate::helpers::PASSWORD})).await;
    assert_eq!(response.status(), 204);
    let view = gm_view(&gm, &session).await;
    assert_eq!(statuses(&view)[2], ("Deleted user".into(), "cancelled".into()));
    assert_eq!(view["seats"]["confirmed"], 1);

    // Pia cancels her accepted application: out of the session, her seat freed.
    let mine = body(pia.get("/api/series-applications").await).await;
    let application = mine["items"][0]["id"].as_str().unwrap().to_owned();
    let response = pia.post_json(&format!("/api/series-applications/{application}/cancel"), &json!({})).await;
    assert_eq!(response.status(), 200);
    let view = gm_view(&gm, &session).await;
    assert_eq!(statuses(&view)[..2], [("Pia".into(), "cancelled".into()), ("Bo".into(), "invited".into())]);
    assert_eq!(view["seats"]["confirmed"], 0);
    let last = view["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["kind"].as_str(), last["player_id"].as_str()), (Some("cancelled"), Some(pia_id.as_str())));

    // The GM removes Bo from the series: removed from the session too.
    let response = gm.post_json(&format!("/api/series/{}/players/{bo_id}/remove", id(&series)), &json!({})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(statuses(&gm_view(&gm, &session).await)[1], ("Bo".into(), "removed_by_gm".into()));

    // Cy waits for an answer; the series is completed: the session is cancelled, the application rejected.
    let waiting = body(cy.get("/api/series-applications").await).await["items"][0].clone();
    assert_eq!(waiting["status"], "pending");
    assert_eq!(patch_series(&gm, &series, json!({"lifecycle_status": "completed"})).await.status(), 200);
    assert_eq!(gm_view(&gm, &session).await["status"], "cancelled");
    let cy_application = body(cy.get(&format!("/api/series-applications/{}", id(&waiting))).await).await;
    assert_eq!(cy_application["status"], "rejected");
});
