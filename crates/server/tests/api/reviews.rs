//! Feedback and GM reviews (issue 19): only the players who took part in a completed session review it, once; the
//! 7-day edit window on the injectable clock; the average and count on the list and the GM's profile, sessions
//! played on a player's; the GM's one public answer; private notes seen by their GM alone; reports, and an
//! administrator's hide taking a review out of the list and the average; the Dashboard asks those who played for
//! their feedback for two weeks; bad input answers 400/422 and writes nothing.

use questline_domain::ids::AccountId;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::json::{body, id};
use crate::helpers::sessions::{activate, create_ok, gm_act_ok, play_ok, refusal, series_with_players};
use crate::helpers::{Browser, PASSWORD, TestApp, field_codes};

/// A free session of Gwen's "Tomb of Horrors" that Pia and Bo played to the end and Cy missed (no-show), and Dee,
/// who never applied.
struct Table {
    gm: Browser,
    gm_id: String,
    pia: Browser,
    pia_id: String,
    bo: Browser,
    bo_email: String,
    cy: Browser,
    cy_id: String,
    dee: Browser,
    dee_id: String,
    series: Value,
    session: Value,
}

async fn table(app: &TestApp) -> Table {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, bo_email) = app.signed_up("Bo").await;
    let (cy, cy_id, _) = app.signed_up("Cy").await;
    let (dee, dee_id, _) = app.signed_up("Dee").await;
    let series = series_with_players(
        &gm,
        "Tomb of Horrors",
        json!({"min_players": 1, "max_players": 3,
        "min_player_age": 1}),
        &[&pia, &bo, &cy],
        &[],
    )
    .await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id, &cy_id]).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    for player in [&pia, &bo] {
        play_ok(player, &session, "confirm", Value::Null).await;
        play_ok(player, &session, "ready", Value::Null).await;
    }
    play_ok(&cy, &session, "confirm", Value::Null).await;
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:45:00Z").unwrap().into());
    gm_act_ok(&gm, &session, "start-preparation").await;
    let session = gm_act_ok(&gm, &session, "start").await;
    assert_eq!(session["status"], "in_progress");
    Table { gm, gm_id, pia, pia_id, bo, bo_email, cy, cy_id, dee, dee_id, series, session }
}

async fn complete(app: &TestApp, table: &Table) {
    app.clock.advance(chrono::Duration::minutes(90));
    assert_eq!(gm_act_ok(&table.gm, &table.session, "complete").await["status"], "completed");
}

fn feedback_path(session: &Value) -> String {
    format!("/api/sessions/{}/feedback", id(session))
}

async fn feedback_of(player: &Browser, session: &Value) -> Value {
    let response = player.get(&feedback_path(session)).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

async fn submit(player: &Browser, session: &Value, rating: Value, text: &str) -> reqwest::Response {
    player.post_json(&feedback_path(session), &json!({"rating": rating, "body": text})).await
}

async fn submit_ok(player: &Browser, session: &Value, rating: i64, text: &str) -> Value {
    let response = submit(player, session, json!(rating), text).await;
    let status = response.status();
    let answer = body(response).await;
    assert_eq!(status, 201, "{answer}");
    answer
}

async fn edit(player: &Browser, session: &Value, rating: Value, text: &str) -> reqwest::Response {
    player.send_json(Method::PUT, &feedback_path(session), &json!({"rating": rating, "body": text})).await
}

async fn reviews_of(viewer: &Browser, gm_id: &str, query: &str) -> Value {
    let response = viewer.get(&format!("/api/accounts/{gm_id}/reviews{query}")).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

async fn profile_of(viewer: &Browser, account_id: &str) -> Value {
    body(viewer.get(&format!("/api/accounts/{account_id}/profile")).await).await
}

async fn answer(gm: &Browser, review: &Value, text: &str) -> reqwest::Response {
    gm.post_json(&format!("/api/reviews/{}/answer", id(review)), &json!({"body": text})).await
}

async fn report(who: &Browser, review: &Value, reason: &str) -> reqwest::Response {
    who.post_json("/api/review-reports", &json!({"review_id": review["id"], "reason": reason})).await
}

fn note_path(player_id: &str) -> String {
    format!("/api/players/{player_id}/note")
}

async fn set_note(gm: &Browser, player_id: &str, text: &str) -> reqwest::Response {
    gm.send_json(Method::PUT, &note_path(player_id), &json!({"body": text})).await
}

db_test!(async fn only_players_of_a_completed_session_review_it_once(app) {
    let t = table(&app).await;
    let session = &t.session;

    // While the game runs, feedback waits.
    assert_eq!(feedback_of(&t.pia, session).await, json!({"eligible": false, "feedback": null}));
    assert_eq!(refusal(submit(&t.pia, session, json!(5), "").await).await.2, "session_not_completed");
    let (status, kind, _, _) = refusal(submit(&t.pia, session, json!(5), "").await).await;
    assert_eq!((status, kind.as_str()), (409, "unexpected_state"));
    complete(&app, &t).await;

    // Only those who played: not the no-show, not a stranger, not the GM; no such session is 404.
    assert_eq!(feedback_of(&t.pia, session).await, json!({"eligible": true, "feedback": null}));
    assert_eq!(feedback_of(&t.cy, session).await["eligible"], false);
    for outsider in [&t.cy, &t.gm] {
        let (status, kind, code, _) = refusal(submit(outsider, session, json!(1), "").await).await;
        assert_eq!((status, kind.as_str(), code.as_str()), (403, "forbidden", "not_a_participant"));
    }
    // A stranger is not told the session exists (issue 31).
    let (status, _, code, _) = refusal(submit(&t.dee, session, json!(1), "").await).await;
    assert_eq!((status, code.as_str()), (404, "session_not_found"));
    let (status, _, code, _) = refusal(t.dee.get(&feedback_path(session)).await).await;
    assert_eq!((status, code.as_str()), (404, "session_not_found"), "the same answer as for no session at all");
    assert_eq!(feedback_of(&t.gm, session).await, json!({"eligible": false, "feedback": null}), "the GM knows it");
    let nowhere = format!("/api/sessions/{}/feedback", uuid::Uuid::now_v7());
    let (status, _, code, _) = refusal(t.pia.post_json(&nowhere, &json!({"rating": 5, "body": ""})).await).await;
    assert_eq!((status, code.as_str()), (404, "session_not_found"));
    assert_eq!(t.pia.get(&nowhere).await.status(), 404);
    assert_eq!(app.browser().get(&feedback_path(session)).await.status(), 401);

    // Bad input answers 400 or 422 and writes nothing.
    for rating in [json!(0), json!(6), json!(-3)] {
        let (status, kind, code, _) = refusal(submit(&t.pia, session, rating, "Nice").await).await;
        assert_eq!((status, kind.as_str(), code.as_str()), (400, "invalid_argument", "invalid_rating"));
    }
    assert_eq!(submit(&t.pia, session, json!(4.5), "").await.status(), 400, "a whole number");
    assert_eq!(submit(&t.pia, session, json!("five"), "").await.status(), 400);
    let response = submit(&t.pia, session, json!(5), &"x".repeat(2001)).await;
    assert_eq!(response.status(), 422);
    assert_eq!(field_codes(&body(response).await["error"], "body"), json!(["too_long"]));
    let response = submit(&t.pia, session, json!(5), "sneaky\u{202E}text").await;
    assert_eq!(field_codes(&body(response).await["error"], "body"), json!(["control_characters"]));
    assert_eq!(feedback_of(&t.pia, session).await["feedback"], Value::Null, "nothing was written");
    assert_eq!(reviews_of(&t.dee, &t.gm_id, "").await["count"], 0);

    // Stored trimmed, verbatim otherwise: markup is text. The GM and the author hear of it, nobody else.
    let mut events = app.state.events.subscribe();
    let review = submit_ok(&t.pia, session, 5, "  <script>alert(1)</script>\r\nGreat GM!  ").await;
    let event = loop {
        let event = tokio::time::timeout(std::time::Duration::from_secs(5), events.recv()).await.unwrap().unwrap();
        if event.entity == "review" {
            break event;
        }
    };
    assert_eq!((event.kind.as_str(), event.id.as_str(), &event.data), ("created", id(&review), &None));
    let account = |id: &str| AccountId(id.parse().unwrap());
    assert!(event.audience.includes(account(&t.gm_id)) && event.audience.includes(account(&t.pia_id)));
    assert!(!event.audience.includes(account(&t.dee_id)));
    // The GM is notified (issue 18's `review_received`), with what the notification is worded from; nobody else.
    questline::notifications::consume_now(&app.state).await.expect("the consumer runs");
    let notices = body(t.gm.get("/api/notifications?limit=100").await).await;
    let received: Vec<&Value> =
        notices["items"].as_array().unwrap().iter().filter(|n| n["kind"] == "review_received").collect();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0]["link"], format!("/profile/{}", t.gm_id));
    let params = &received[0]["params"];
    assert_eq!((params["actor_name"].as_str(), params["series_title"].as_str()), (Some("Pia"), Some("Tomb of Horrors")));
    assert_eq!((params["rating"].clone(), params["session_id"].clone()), (json!(5), session["id"].clone()));
    for other in [&t.pia, &t.dee] {
        let notices = body(other.get("/api/notifications?limit=100").await).await;
        assert!(notices["items"].as_array().unwrap().iter().all(|n| n["kind"] != "review_received"));
    }
    assert_eq!(review["body"], "<script>alert(1)</script>\nGreat GM!");
    assert_eq!(review["rating"], 5);
    assert_eq!(review["session_id"], session["id"]);
    assert_eq!(review["series_id"], t.series["id"]);
    assert_eq!(review["series_title"], "Tomb of Horrors");
    assert_eq!(review["series_handle"], t.series["handle"]);
    assert_eq!(review["gm_id"], t.gm_id.as_str());
    assert_eq!(review["author"], json!({"account_id": t.pia_id, "display_name": "Pia"}));
    assert_eq!(review["created_at"], "2026-11-22T13:15:00Z");
    assert_eq!(review["editable_until"], "2026-11-29T13:15:00Z");
    assert_eq!(review["answer"], Value::Null);
    let (status, kind, code, _) = refusal(submit(&t.pia, session, json!(1), "Again").await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "conflict", "feedback_already_submitted"));
    let mine = feedback_of(&t.pia, session).await;
    assert_eq!((mine["eligible"].clone(), mine["feedback"]["id"].clone()), (json!(true), review["id"].clone()));
    assert_eq!(mine["feedback"]["rating"], 5, "the second submit changed nothing");

    // A rating alone; the list is newest first with the average, for anyone, signed in or not.
    app.clock.advance(chrono::Duration::minutes(1));
    let second = submit_ok(&t.bo, session, 4, "").await;
    assert_eq!(second["body"], "");
    for viewer in [&app.browser(), &t.dee] {
        let page = reviews_of(viewer, &t.gm_id, "").await;
        assert_eq!((page["count"].clone(), page["average"].clone(), page["rating_count"].clone()), (json!(2), json!(4.5), json!(2)));
        assert_eq!((page["offset"].clone(), page["limit"].clone()), (json!(0), json!(20)));
        let ids: Vec<&Value> = page["items"].as_array().unwrap().iter().map(|r| &r["id"]).collect();
        assert_eq!(ids, vec![&second["id"], &review["id"]], "newest first");
    }
    let paged = reviews_of(&t.dee, &t.gm_id, "?offset=1&limit=1").await;
    assert_eq!((paged["count"].clone(), paged["items"][0]["id"].clone()), (json!(2), review["id"].clone()));
    assert_eq!(paged["average"], 4.5, "the average is of every review, not the page");
    assert_eq!(t.dee.get(&format!("/api/accounts/{}/reviews?limit=101", t.gm_id)).await.status(), 400);
    let unknown = t.dee.get(&format!("/api/accounts/{}/reviews", uuid::Uuid::now_v7())).await;
    assert_eq!(refusal(unknown).await.2, "profile_not_found");

    // Profiles: the GM's summary, the players' sessions played.
    let gm_profile = profile_of(&app.browser(), &t.gm_id).await;
    assert_eq!(gm_profile["review_summary"], json!({"average": 4.5, "count": 2}));
    assert_eq!(gm_profile["sessions_played"], 0);
    let pia_profile = profile_of(&t.dee, &t.pia_id).await;
    assert_eq!((pia_profile["sessions_played"].clone(), pia_profile["review_summary"].clone()), (json!(1), Value::Null));
    assert_eq!(profile_of(&t.dee, &t.cy_id).await["sessions_played"], 0, "a no-show did not play");
    assert_eq!(t.pia.my_profile().await["sessions_played"], 1);
    assert_eq!(t.gm.my_profile().await["review_summary"]["count"], 2);
});

/// The kinds of the Dashboard's actions for the player.
async fn waiting(player: &Browser) -> Vec<String> {
    let dashboard = body(player.get("/api/dashboard").await).await;
    let actions = dashboard["player"]["actions"].as_array().unwrap_or_else(|| panic!("{dashboard}")).clone();
    actions
        .iter()
        .map(|a| format!("{}:{}", a["kind"].as_str().unwrap(), a["session"]["id"].as_str().unwrap()))
        .collect()
}

db_test!(async fn the_dashboard_asks_who_played_for_feedback_until_they_give_it_or_two_weeks_pass(app) {
    let t = table(&app).await;
    let asked = vec![format!("give_feedback:{}", id(&t.session))];
    assert_eq!(waiting(&t.pia).await, Vec::<String>::new(), "not while the game runs");
    complete(&app, &t).await;
    assert_eq!(waiting(&t.pia).await, asked);
    assert_eq!(waiting(&t.bo).await, asked);
    assert_eq!(waiting(&t.cy).await, Vec::<String>::new(), "the no-show did not play");
    assert_eq!(waiting(&t.dee).await, Vec::<String>::new());

    submit_ok(&t.pia, &t.session, 4, "Spooky.").await;
    assert_eq!(waiting(&t.pia).await, Vec::<String>::new(), "given");
    // Bo comes back 13 days later (signing in again: his session ran out), then a day after.
    app.clock.advance(chrono::Duration::days(13));
    assert_eq!(t.bo.sign_in(&t.bo_email, PASSWORD).await.status(), 200);
    assert_eq!(waiting(&t.bo).await, asked, "still within two weeks of the start");
    app.clock.advance(chrono::Duration::days(1));
    assert_eq!(waiting(&t.bo).await, Vec::<String>::new(), "no longer asked; still allowed");
    assert_eq!(feedback_of(&t.bo, &t.session).await["eligible"], true);
});

db_test!(async fn feedback_is_editable_for_seven_days(app) {
    let t = table(&app).await;
    complete(&app, &t).await;
    let (status, _, code, _) = refusal(edit(&t.pia, &t.session, json!(3), "Edited").await).await;
    assert_eq!((status, code.as_str()), (404, "feedback_not_found"), "nothing to edit yet");
    let review = submit_ok(&t.pia, &t.session, 5, "First thoughts").await;
    assert_eq!(refusal(edit(&t.bo, &t.session, json!(3), "x").await).await.2, "feedback_not_found", "only the author's own");

    app.clock.advance(chrono::Duration::days(7) - chrono::Duration::minutes(1));
    let response = edit(&t.pia, &t.session, json!(3), "  Second thoughts ").await;
    assert_eq!(response.status(), 200);
    let edited = body(response).await;
    assert_eq!((edited["id"].clone(), edited["rating"].clone(), edited["body"].clone()), (review["id"].clone(), json!(3), json!("Second thoughts")));
    assert_eq!(edited["created_at"], review["created_at"]);
    assert_eq!(edited["updated_at"], "2026-11-29T13:14:00Z");
    assert_eq!(edited["editable_until"], review["editable_until"], "editing does not extend the window");
    assert_eq!(refusal(edit(&t.pia, &t.session, json!(9), "x").await).await.2, "invalid_rating");
    assert_eq!(reviews_of(&t.dee, &t.gm_id, "").await["average"], 3.0);

    app.clock.advance(chrono::Duration::minutes(1));
    let (status, kind, code, _) = refusal(edit(&t.pia, &t.session, json!(1), "Too late").await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "unexpected_state", "feedback_edit_window_closed"));
    let mine = feedback_of(&t.pia, &t.session).await["feedback"].clone();
    assert_eq!((mine["rating"].clone(), mine["body"].clone()), (json!(3), json!("Second thoughts")));
    // A week on, a player who has not reviewed yet still may (signing in again: a week idle ended their session).
    assert_eq!(t.bo.sign_in(&t.bo_email, PASSWORD).await.status(), 200);
    assert_eq!(submit_ok(&t.bo, &t.session, 2, "Late but fair").await["rating"], 2);
});

db_test!(async fn the_gm_answers_once_and_keeps_private_notes(app) {
    let t = table(&app).await;
    complete(&app, &t).await;
    let review = submit_ok(&t.pia, &t.session, 4, "Good pacing").await;
    let (hal, _, _) = app.signed_up_gm("Hal").await;

    // The answer: the reviewed GM's, once.
    for other in [&t.pia, &t.bo, &hal] {
        let (status, _, code, _) = refusal(answer(other, &review, "Me too").await).await;
        assert_eq!((status, code.as_str()), (403, "game_master_only"));
    }
    let response = answer(&t.gm, &review, "   ").await;
    assert_eq!(response.status(), 422);
    assert_eq!(field_codes(&body(response).await["error"], "body"), json!(["required"]));
    assert_eq!(answer(&t.gm, &review, &"y".repeat(2001)).await.status(), 422);
    let missing = json!({"id": uuid::Uuid::now_v7()});
    assert_eq!(refusal(answer(&t.gm, &missing, "Hi").await).await.2, "review_not_found");
    let response = answer(&t.gm, &review, " Thank you, <b>Pia</b>! ").await;
    assert_eq!(response.status(), 200);
    let answered = body(response).await;
    assert_eq!(answered["answer"]["body"], "Thank you, <b>Pia</b>!");
    assert_eq!(answered["answer"]["created_at"], "2026-11-22T13:15:00Z");
    let (status, kind, code, _) = refusal(answer(&t.gm, &review, "Again").await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "conflict", "review_already_answered"));
    let page = reviews_of(&app.browser(), &t.gm_id, "").await;
    assert_eq!(page["items"][0]["answer"]["body"], "Thank you, <b>Pia</b>!");
    assert_eq!(feedback_of(&t.pia, &t.session).await["feedback"]["answer"]["body"], "Thank you, <b>Pia</b>!");

    // Notes: the GM's own, about players who applied to one of their series.
    let path = note_path(&t.pia_id);
    assert_eq!(body(t.gm.get(&path).await).await, json!({"player_id": t.pia_id, "body": "", "updated_at": null}));
    let response = set_note(&t.gm, &t.pia_id, "  Loves puzzles.\nAllergic to <i>cats</i>. ").await;
    assert_eq!(response.status(), 200);
    let note = body(response).await;
    assert_eq!(note["body"], "Loves puzzles.\nAllergic to <i>cats</i>.");
    assert_eq!(note["updated_at"], "2026-11-22T13:15:00Z");
    assert_eq!(body(t.gm.get(&path).await).await, note);
    assert_eq!(set_note(&t.gm, &t.pia_id, &"z".repeat(2001)).await.status(), 422);
    assert_eq!(body(t.gm.get(&path).await).await["body"], note["body"], "a refused note changes nothing");

    // Hal knows Pia too (she applied to his series) but sees his own note, not Gwen's.
    series_with_players(&hal, "Hal's Keep", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}), &[], &[&t.pia]).await;
    assert_eq!(body(hal.get(&path).await).await["body"], "");
    assert_eq!(body(set_note(&hal, &t.pia_id, "Hal's own").await).await["body"], "Hal's own");
    assert_eq!(body(t.gm.get(&path).await).await["body"], note["body"]);
    // Players keep no notes; a GM has none about strangers (nor about themselves).
    let (status, _, code, _) = refusal(t.pia.get(&path).await).await;
    assert_eq!((status, code.as_str()), (403, "role_required"));
    assert_eq!(set_note(&t.bo, &t.pia_id, "x").await.status(), 403);
    assert!(profile_of(&t.gm, &t.pia_id).await.get("note").is_none(), "a note never travels with a profile");
    for stranger in [&t.dee_id, &t.gm_id] {
        let (status, _, code, _) = refusal(t.gm.get(&note_path(stranger)).await).await;
        assert_eq!((status, code.as_str()), (404, "player_not_found"));
        assert_eq!(set_note(&t.gm, stranger, "x").await.status(), 404);
    }
    // Empty deletes.
    let cleared = body(set_note(&t.gm, &t.pia_id, "   ").await).await;
    assert_eq!(cleared, json!({"player_id": t.pia_id, "body": "", "updated_at": null}));
    assert_eq!(body(t.gm.get(&path).await).await, cleared);

    // An erased author's review stays, signed as the deleted account; notes about them go.
    set_note(&t.gm, &t.pia_id, "Back to this").await;
    let deleted = t.pia.send_json(Method::DELETE, "/api/account", &json!({"password": PASSWORD})).await;
    assert_eq!(deleted.status(), 204);
    let page = reviews_of(&app.browser(), &t.gm_id, "").await;
    assert_eq!(page["count"], 1);
    assert_eq!(page["items"][0]["author"]["display_name"], "Deleted user");
    assert_eq!(body(t.gm.get(&path).await).await["updated_at"], Value::Null, "the note about them is gone");
    assert_eq!(body(hal.get(&path).await).await["body"], "", "every GM's");
});

db_test!(async fn a_gm_is_known_by_sessions_run_and_series_and_applicants_by_what_they_played(app) {
    // Issue 32: a GM's profile read "0 sessions played" after running sessions, and listed none of their series;
    // the GM's applications said nothing of the applicant.
    let t = table(&app).await;
    let update = json!({"player": {"claimed_years_experience": 6, "experience_level": "veteran"}});
    let profile_id = t.pia.my_profile().await["profile_id"].as_str().unwrap().to_owned();
    let response = t.pia.send_json(Method::PATCH, &format!("/api/profiles/{profile_id}"), &update).await;
    assert_eq!(response.status(), 200, "{}", body(response).await);
    let before = profile_of(&t.dee, &t.gm_id).await;
    assert_eq!(before["sessions_run"], 0, "running is not yet run");
    complete(&app, &t).await;

    let gm = profile_of(&t.dee, &t.gm_id).await;
    assert_eq!((gm["sessions_run"].clone(), gm["sessions_played"].clone()), (json!(1), json!(0)));
    let series = gm["series"].as_array().unwrap();
    assert_eq!(series.len(), 1, "{gm}");
    assert_eq!(series[0]["handle"], t.series["handle"]);
    assert_eq!(series[0]["title"], "Tomb of Horrors");
    let player = profile_of(&t.dee, &t.pia_id).await;
    assert_eq!((player["sessions_run"].clone(), player["series"].clone()), (Value::Null, json!([])));

    let theirs = body(t.gm.get("/api/gm/series-applications").await).await;
    let applicant = |player: &str| {
        let item = theirs["items"].as_array().unwrap().iter().find(|item| item["player_id"] == player).unwrap();
        item["applicant"].clone()
    };
    assert_eq!(
        applicant(&t.pia_id),
        json!({"experience_level": "veteran", "claimed_years_experience": 6, "sessions_played": 1})
    );
    assert_eq!(applicant(&t.cy_id)["sessions_played"], 0, "a no-show did not play");
});

db_test!(async fn only_the_authors_edits_count_as_edits(app) {
    // Issue 32: a review read "edited" once its GM answered it.
    let t = table(&app).await;
    complete(&app, &t).await;
    let review = submit_ok(&t.pia, &t.session, 4, "Good pacing").await;
    assert_eq!(review["updated_at"], review["created_at"]);
    app.clock.advance(chrono::Duration::hours(1));
    let response = answer(&t.gm, &review, "Thank you!").await;
    assert_eq!(response.status(), 200);
    let answered = body(response).await;
    assert_eq!(answered["updated_at"], review["created_at"], "the GM's answer is no edit of the review");
    assert_eq!(reviews_of(&app.browser(), &t.gm_id, "").await["items"][0]["updated_at"], review["created_at"]);
    app.clock.advance(chrono::Duration::hours(1));
    let edited = body(edit(&t.pia, &t.session, json!(5), "Good pacing, great finale").await).await;
    assert_ne!(edited["updated_at"], review["created_at"], "the author's edit is");
    assert_eq!(edited["answer"]["body"], "Thank you!");
});

db_test!(async fn reports_wait_for_an_admin_whose_hide_takes_a_review_out(app) {
    let t = table(&app).await;
    complete(&app, &t).await;
    let rude = submit_ok(&t.pia, &t.session, 1, "Rude\twords\nhere").await;
    let fair = submit_ok(&t.bo, &t.session, 4, "Fair").await;

    let (status, kind, code, _) = refusal(report(&t.pia, &rude, "Oops").await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "cannot_report_yourself"));
    let response = report(&t.dee, &rude, "  ").await;
    assert_eq!(response.status(), 422);
    assert_eq!(field_codes(&body(response).await["error"], "reason"), json!(["required"]));
    assert_eq!(report(&t.dee, &rude, &"r".repeat(501)).await.status(), 422);
    let missing = json!({"id": uuid::Uuid::now_v7()});
    assert_eq!(refusal(report(&t.dee, &missing, "Spam").await).await.2, "review_not_found");
    assert_eq!(app.browser().post_json("/api/review-reports", &json!({"review_id": rude["id"], "reason": "x"})).await.status(), 401);
    assert_eq!(report(&t.dee, &rude, "Insulting").await.status(), 204);
    assert_eq!(report(&t.dee, &rude, "Insulting, again").await.status(), 204, "a repeat is the same report");
    assert_eq!(report(&t.gm, &rude, "Not true").await.status(), 204);

    let listing = questline::reviews::reports_listing(app.state.db.conn()).await.unwrap();
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 3, "a header and two reports: {listing}");
    assert!(lines[0].starts_with("created_at\treporter\treview_id"));
    assert!(listing.contains(&format!("{}\t{} (Gwen)\t{} (Pia)\t1\tshown\tRude\\twords\\nhere\tInsulting\n", id(&rude), t.gm_id, t.pia_id)), "{listing}");

    // Hidden: out of the list, the count and the average, for everyone; the author still sees their own.
    let hidden = questline::reviews::set_hidden(&app.state.db, &app.state.events, id(&rude).parse().unwrap(), true, app.clock_now()).await.unwrap();
    assert!(hidden.starts_with("hid review"), "{hidden}");
    let page = reviews_of(&t.dee, &t.gm_id, "").await;
    assert_eq!((page["count"].clone(), page["average"].clone(), page["rating_count"].clone()), (json!(1), json!(4.0), json!(1)));
    assert_eq!(page["items"][0]["id"], fair["id"]);
    assert_eq!(profile_of(&t.dee, &t.gm_id).await["review_summary"], json!({"average": 4.0, "count": 1}));
    assert_eq!(feedback_of(&t.pia, &t.session).await["feedback"]["id"], rude["id"]);
    assert_eq!(refusal(report(&t.dee, &rude, "Still there?").await).await.2, "review_not_found");
    assert_eq!(refusal(answer(&t.gm, &rude, "Sorry").await).await.2, "review_not_found");
    assert!(questline::reviews::reports_listing(app.state.db.conn()).await.unwrap().contains("\thidden\t"));
    let again = questline::reviews::set_hidden(&app.state.db, &app.state.events, id(&rude).parse().unwrap(), true, app.clock_now()).await.unwrap();
    assert!(again.contains("already hidden"), "{again}");
    assert!(questline::reviews::set_hidden(&app.state.db, &app.state.events, uuid::Uuid::now_v7(), true, app.clock_now()).await.is_err());

    questline::reviews::set_hidden(&app.state.db, &app.state.events, id(&rude).parse().unwrap(), false, app.clock_now()).await.unwrap();
    let page = reviews_of(&t.dee, &t.gm_id, "").await;
    assert_eq!((page["count"].clone(), page["average"].clone()), (json!(2), json!(2.5)));
});
