//! Series applications (issue 14): each refusal of applying, every state move and the ones that must be refused,
//! who may do what (the GM, another GM, another player, anonymous), the lists and their filters, the age rule
//! around a birthday in the series' zone, the hourly limit, the events, and 50 accepts racing for the last seat.

use std::sync::Arc;

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use tokio::sync::Barrier;

use crate::helpers::json::{body, id};
use crate::helpers::sessions::weekly;
use crate::helpers::{Browser, TestApp, error_of, field_codes, field_messages};

/// Weekly on Tuesdays and Thursdays at 19:00 in Warsaw from Tuesday 24 November 2026; the test clock starts on
/// Sunday 22 November, so the next session is on the 24th.
/// A GM's series with the schedule and requirements given (none when null), published with recruitment open.
async fn recruiting(gm: &Browser, title: &str, schedule: Value, requirements: Value) -> Value {
    let system = {
        let systems: Value = body(gm.get("/api/game-systems").await).await;
        systems["items"][0]["id"].as_str().unwrap().to_owned()
    };
    let blueprint = gm.create_blueprint_ok(&format!("{title} blueprint"), &system).await;
    let mut payload = json!({"title": title, "blueprint_id": blueprint["id"],
        "location": {"kind": "online", "link": "https://table.example/secret"}});
    if !requirements.is_null() {
        payload.as_object_mut().unwrap().extend(requirements.as_object().unwrap().clone());
    }
    let response = gm.post_json("/api/series", &payload).await;
    assert_eq!(response.status(), 201, "create {title}");
    let series = body(response).await;
    let path = format!("/api/series/{}", id(&series));
    assert_eq!(gm.send_json(reqwest::Method::PUT, &format!("{path}/schedule"), &schedule).await.status(), 200);
    let open = json!({"lifecycle_status": "published", "recruitment_status": "open"});
    let response = gm.send_json(reqwest::Method::PATCH, &path, &open).await;
    assert_eq!(response.status(), 200, "publish {title}");
    body(response).await
}

async fn update_series(gm: &Browser, series: &Value, payload: Value) {
    let response = gm.send_json(reqwest::Method::PATCH, &format!("/api/series/{}", id(series)), &payload).await;
    assert_eq!(response.status(), 200, "update series {payload}");
}

/// A signed-up player, with a birthdate in the profile when given.
async fn player(app: &TestApp, name: &str, birthdate: Option<&str>) -> (Browser, String) {
    let (browser, player_id, _) = app.signed_up(name).await;
    if let Some(birthdate) = birthdate {
        let profile_id = browser.my_profile().await["profile_id"].as_str().unwrap().to_owned();
        let base = json!({"base": {"first_name": name, "last_name": "Player", "display_name": name,
            "birthdate": birthdate, "language": "en"}});
        let response = browser.update_profile(&profile_id, &base).await;
        assert_eq!(response.status(), 200, "profile of {name}");
    }
    (browser, player_id)
}

async fn apply(player: &Browser, series: &Value, message: Value) -> reqwest::Response {
    player.post_json("/api/series-applications", &json!({"series_id": series["id"], "message": message})).await
}

async fn apply_ok(player: &Browser, series: &Value, message: Value) -> Value {
    let response = apply(player, series, message).await;
    assert_eq!(response.status(), 201, "apply to {}", series["title"]);
    body(response).await
}

async fn act(browser: &Browser, application: &Value, action: &str, message: Value) -> reqwest::Response {
    let path = format!("/api/series-applications/{}/{action}", id(application));
    browser.post_json(&path, &json!({"message": message})).await
}

async fn act_ok(browser: &Browser, application: &Value, action: &str, message: Value) -> Value {
    let response = act(browser, application, action, message).await;
    assert_eq!(response.status(), 200, "{action}");
    body(response).await
}

async fn remove(gm: &Browser, series: &Value, player_id: &str, message: Value) -> reqwest::Response {
    let path = format!("/api/series/{}/players/{player_id}/remove", id(series));
    gm.post_json(&path, &json!({"message": message})).await
}

async fn seats_taken(app: &TestApp, series: &Value) -> u64 {
    let response = app.get(&format!("/api/series/by-handle/{}", series["handle"].as_str().unwrap())).await;
    body(response).await["seats_taken"].as_u64().unwrap()
}

async fn refusal(response: reqwest::Response) -> (u16, String, String, String) {
    let status = response.status().as_u16();
    let (kind, code, error) = error_of(response).await;
    (status, kind, code, error["message"].as_str().unwrap().to_owned())
}

fn actions(application: &Value) -> Vec<&str> {
    application["history"].as_array().unwrap().iter().map(|entry| entry["action"].as_str().unwrap()).collect()
}

db_test!(async fn applying_is_refused_with_a_reason_until_every_rule_is_met(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let requirements = json!({"min_players": 1, "max_players": 2, "min_player_age": 16});
    let series = recruiting(&gm, "The Sunless Citadel", weekly(), requirements.clone()).await;
    let (pia, pia_id) = player(&app, "Pia", Some("1990-05-01")).await;

    // Input and existence.
    let (status, kind, code, _) = refusal(apply(&pia, &json!({"id": uuid::Uuid::now_v7()}), Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (404, "not_found", "series_not_found"));
    let draft = {
        let blueprint = gm.create_blueprint_ok("Draft blueprint", &app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await).await;
        body(gm.post_json("/api/series", &json!({"title": "Secret draft", "blueprint_id": blueprint["id"]})).await).await
    };
    assert_eq!(refusal(apply(&pia, &draft, Value::Null).await).await.2, "series_not_found", "a draft is its GM's alone");
    let response = apply(&pia, &series, json!("x".repeat(1001))).await;
    let (kind, _, error) = error_of(response).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_messages(&error, "message"), json!(["Message must be at most 1000 characters"]));
    assert_eq!(field_codes(&error, "message"), json!(["message_too_long"]));
    let (_, _, error) = error_of(apply(&pia, &series, json!("Hi\u{0}there")).await).await;
    assert_eq!(field_codes(&error, "message"), json!(["control_characters"]), "refused for every text (issue 31)");
    let (_, _, error) = error_of(apply(&pia, &series, json!("Hi\rthere")).await).await;
    assert_eq!(field_codes(&error, "message"), json!(["message_control_characters"]));
    let mine = body(pia.get("/api/series-applications").await).await;
    assert_eq!(mine["count"], 0, "nothing written");
    assert_eq!(app.get("/api/series-applications").await.status(), 401);
    assert_eq!(app.post_json("/api/series-applications", &json!({"series_id": series["id"]})).await.status(), 401);

    // Own series.
    let (status, kind, code, message) = refusal(apply(&gm, &series, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "own_series"));
    assert_eq!(message, "You cannot apply to your own series");

    // Recruitment closed, and a series that is over.
    update_series(&gm, &series, json!({"recruitment_status": "closed"})).await;
    let (status, kind, code, message) = refusal(apply(&pia, &series, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "recruitment_closed"));
    assert_eq!(message, "Recruitment for this series is closed");
    update_series(&gm, &series, json!({"lifecycle_status": "active", "recruitment_status": "open"})).await;

    // Birthdate unknown while the series has a minimum age.
    let (newcomer, _) = player(&app, "Nell", None).await;
    let (status, kind, code, message) = refusal(apply(&newcomer, &series, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "birthdate_required"));
    assert_eq!(message, "Add your date of birth to your profile before applying to this series");

    // Applied: pending, with the message in the history.
    let application = apply_ok(&pia, &series, json!("  I bring snacks.  ")).await;
    assert_eq!(application["status"], "pending");
    assert_eq!(application["message"], "I bring snacks.");
    assert_eq!(application["reply_message"], Value::Null);
    assert_eq!(application["player_id"], pia_id);
    assert_eq!(application["player_display_name"], "Pia");
    assert_eq!(application["game_master_id"], gm_id);
    assert_eq!((application["series_handle"].as_str(), application["series_title"].as_str()),
        (series["handle"].as_str(), Some("The Sunless Citadel")));
    assert_eq!(application["history"], json!([{"action": "applied", "author_id": pia_id, "message": "I bring snacks.",
        "at": application["created_at"]}]));

    // Already applied (pending, then accepted).
    let (status, kind, code, message) = refusal(apply(&pia, &series, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "conflict", "already_applied"));
    assert_eq!(message, "You have already applied to this series");
    act_ok(&gm, &application, "accept", Value::Null).await;
    assert_eq!(refusal(apply(&pia, &series, Value::Null).await).await.2, "already_applied");

    // Full: the second seat taken, a third player is refused.
    let (bo, _) = player(&app, "Bo", Some("1990-05-01")).await;
    let second = apply_ok(&bo, &series, Value::Null).await;
    act_ok(&gm, &second, "accept", Value::Null).await;
    assert_eq!(seats_taken(&app, &series).await, 2);
    let (cy, _) = player(&app, "Cy", Some("1990-05-01")).await;
    let (status, kind, code, message) = refusal(apply(&cy, &series, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "series_full"));
    assert_eq!(message, "This series is full");
    // The GM cannot lower the maximum below the players already accepted.
    let path = format!("/api/series/{}", id(&series));
    let lower = json!({"min_players": 1, "max_players": 1, "min_player_age": 16});
    let (kind, _, error) = error_of(gm.send_json(reqwest::Method::PATCH, &path, &lower).await).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_codes(&error, "max_players"), json!(["max_players_below_seats_taken"]));
    assert_eq!(field_messages(&error, "max_players"), json!(["Maximum players cannot be less than the 2 players already accepted"]));
    update_series(&gm, &series, json!({"min_players": 1, "max_players": 3, "min_player_age": 16})).await;
    apply_ok(&cy, &series, Value::Null).await;

    // Events: each change goes to the applicant and the GM, the seat count to everyone.
    let events = questline::db::entities::event::Entity::find()
        .filter(questline::db::entities::event::Column::EntityId.eq(id(&application)))
        .order_by_asc(questline::db::entities::event::Column::Id)
        .all(app.state.db.conn()).await.unwrap();
    let kinds: Vec<_> = events.iter().map(|event| (event.entity.as_str(), event.kind.as_str())).collect();
    assert_eq!(kinds, [("series_application", "created"), ("series_application", "updated")]);
    for event in &events {
        assert_eq!(event.audience, json!({"accounts": [pia_id, gm_id]}));
    }
    let series_events = questline::db::entities::event::Entity::find()
        .filter(questline::db::entities::event::Column::EntityId.eq(id(&series)))
        .filter(questline::db::entities::event::Column::Entity.eq("series"))
        .all(app.state.db.conn()).await.unwrap();
    assert!(series_events.iter().filter(|event| event.audience == json!("public")).count() >= 4,
        "the status changes and both seats are public");
});

db_test!(async fn the_minimum_age_is_judged_on_the_day_of_the_next_session_in_the_series_zone(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let requirements = json!({"min_players": 1, "max_players": 5, "min_player_age": 16});
    // Next session: Tuesday 24 November, 19:00 in Warsaw.
    let warsaw = recruiting(&gm, "Warsaw nights", weekly(), requirements.clone()).await;
    let (sixteen_that_day, _) = player(&app, "Ana", Some("2010-11-24")).await;
    apply_ok(&sixteen_that_day, &warsaw, Value::Null).await;
    let (sixteen_a_day_later, _) = player(&app, "Ben", Some("2010-11-25")).await;
    let (status, kind, code, message) = refusal(apply(&sixteen_a_day_later, &warsaw, Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "not_allowed", "too_young"));
    assert_eq!(message, "You must be at least 16 years old on the day of the next session to join this series");

    // 08:00 on 24 November in Kiritimati (UTC+14) is still the 23rd in UTC: the series' own date counts.
    let kiritimati = json!({"start_time": "08:00", "session_duration_minutes": 120, "is_recurring": false,
        "time_zone": "Pacific/Kiritimati", "first_date": "2026-11-24"});
    let dawn = recruiting(&gm, "Dawn over the Pacific", kiritimati, requirements).await;
    assert_eq!(dawn["next_session_at"], "2026-11-23T18:00:00Z");
    apply_ok(&sixteen_that_day, &dawn, Value::Null).await;
    assert_eq!(refusal(apply(&sixteen_a_day_later, &dawn, Value::Null).await).await.2, "too_young");

    // A leap-day birthday is reached on 1 March in other years.
    let march = json!({"start_time": "18:00", "session_duration_minutes": 120, "is_recurring": false,
        "time_zone": "Europe/Warsaw", "first_date": "2027-03-01"});
    let spring = recruiting(&gm, "Spring awakening", march, json!({"min_players": 1, "max_players": 5, "min_player_age": 19})).await;
    let (leapling, _) = player(&app, "Lea", Some("2008-02-29")).await;
    apply_ok(&leapling, &spring, Value::Null).await;
    let feb = json!({"start_time": "18:00", "session_duration_minutes": 120, "is_recurring": false,
        "time_zone": "Europe/Warsaw", "first_date": "2027-02-28"});
    let winter = recruiting(&gm, "Winter's end", feb, json!({"min_players": 1, "max_players": 5, "min_player_age": 19})).await;
    assert_eq!(refusal(apply(&leapling, &winter, Value::Null).await).await.2, "too_young");
});

db_test!(async fn applications_move_through_their_states_and_keep_every_message(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let series = recruiting(&gm, "Curse of Strahd", weekly(), json!({"min_players": 1, "max_players": 3, "min_player_age": 16})).await;
    let (pia, pia_id) = player(&app, "Pia", Some("1990-05-01")).await;
    let application = apply_ok(&pia, &series, json!("Hello")).await;

    // Refused moves: not allowed from pending, or not the caller's side.
    let (status, kind, code, message) = refusal(act(&pia, &application, "reopen", Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "unexpected_state", "application_state"));
    assert_eq!(message, "This application cannot be reopened now that it is pending");
    let (status, kind, code, _) = refusal(act(&pia, &application, "accept", Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (403, "forbidden", "game_master_only"), "a player accepting their own");
    assert_eq!(refusal(act(&pia, &application, "reject", Value::Null).await).await.2, "game_master_only");
    assert_eq!(refusal(act(&gm, &application, "cancel", Value::Null).await).await.2, "applicant_only");
    assert_eq!(refusal(act(&gm, &application, "accept", json!("y".repeat(1001))).await).await.1, "invalid_data");
    assert_eq!(refusal(remove(&gm, &series, &pia_id, Value::Null).await).await.2, "application_state", "not accepted yet");

    // pending → cancelled → pending → accepted (a seat) → cancelled (seat back).
    let cancelled = act_ok(&pia, &application, "cancel", json!("Something came up")).await;
    assert_eq!((cancelled["status"].as_str(), cancelled["message"].as_str()), (Some("cancelled"), Some("Something came up")));
    let (status, _, code, message) = refusal(act(&gm, &application, "accept", Value::Null).await).await;
    assert_eq!((status, code.as_str()), (409, "application_state"), "accepting a cancelled application");
    assert_eq!(message, "This application cannot be accepted now that it is cancelled");
    assert_eq!(refusal(act(&pia, &application, "cancel", Value::Null).await).await.2, "application_state");
    let reopened = act_ok(&pia, &application, "reopen", Value::Null).await;
    assert_eq!(reopened["status"], "pending");
    assert_eq!(reopened["message"], "Something came up", "a move without a message keeps the latest one");
    let accepted = act_ok(&gm, &application, "accept", json!("Welcome aboard")).await;
    assert_eq!((accepted["status"].as_str(), accepted["reply_message"].as_str()), (Some("accepted"), Some("Welcome aboard")));
    assert_eq!(seats_taken(&app, &series).await, 1);
    assert_eq!(refusal(act(&pia, &application, "reopen", Value::Null).await).await.2, "application_state", "reopening an accepted one");
    assert_eq!(refusal(act(&gm, &application, "accept", Value::Null).await).await.2, "application_state");
    assert_eq!(refusal(act(&gm, &application, "reject", Value::Null).await).await.2, "application_state");
    let left = act_ok(&pia, &application, "cancel", Value::Null).await;
    assert_eq!(left["status"], "cancelled");
    assert_eq!(seats_taken(&app, &series).await, 0);

    // Applying again reuses the row; the GM accepts, then removes the player: rejected, the seat is free.
    let again = apply_ok(&pia, &series, json!("Back again")).await;
    assert_eq!((id(&again), again["status"].as_str()), (id(&application), Some("pending")));
    act_ok(&gm, &again, "accept", Value::Null).await;
    assert_eq!(seats_taken(&app, &series).await, 1);
    let response = remove(&gm, &series, &pia_id, json!("Sorry, the table is too big")).await;
    assert_eq!(response.status(), 200);
    let removed = body(response).await;
    assert_eq!((removed["status"].as_str(), removed["reply_message"].as_str()), (Some("rejected"), Some("Sorry, the table is too big")));
    assert_eq!(seats_taken(&app, &series).await, 0);
    assert_eq!(refusal(remove(&gm, &series, &pia_id, Value::Null).await).await.2, "application_state");

    // Rejected → reopened → rejected.
    act_ok(&pia, &application, "reopen", json!("Please?")).await;
    let rejected = act_ok(&gm, &application, "reject", Value::Null).await;
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(rejected["reply_message"], "Sorry, the table is too big");

    // The whole story, oldest first, on both sides.
    let expected = ["applied", "cancelled", "reopened", "accepted", "cancelled", "applied", "accepted", "removed",
        "reopened", "rejected"];
    for browser in [&pia, &gm] {
        let seen = body(browser.get(&format!("/api/series-applications/{}", id(&application))).await).await;
        assert_eq!(actions(&seen), expected);
        let history = seen["history"].as_array().unwrap();
        assert_eq!(history[1]["message"], "Something came up");
        assert_eq!(history[1]["author_id"], pia_id);
        assert_eq!(history[3]["message"], "Welcome aboard");
        assert_eq!(history[3]["author_id"], gm_id);
        assert_eq!(history[2]["message"], Value::Null);
        assert_eq!(history[7]["author_id"], gm_id);
    }
});

db_test!(async fn a_series_that_has_ended_accepts_nobody_but_a_closed_recruitment_still_lets_the_gm_accept(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let series = recruiting(&gm, "Curse of Strahd", weekly(), json!({"min_players": 1, "max_players": 3, "min_player_age": 16})).await;
    let (pia, _) = player(&app, "Pia", Some("1990-05-01")).await;
    let (ola, _) = player(&app, "Ola", Some("1991-05-01")).await;
    let waiting = apply_ok(&pia, &series, Value::Null).await;
    let later = apply_ok(&ola, &series, Value::Null).await;

    update_series(&gm, &series, json!({"recruitment_status": "closed"})).await;
    assert_eq!(act_ok(&gm, &waiting, "accept", Value::Null).await["status"], "accepted", "already waiting");

    // Cancelling the series answers the applications still waiting: rejected (issue 15), by its GM.
    update_series(&gm, &series, json!({"lifecycle_status": "cancelled", "recruitment_status": "closed"})).await;
    let answered = body(ola.get(&format!("/api/series-applications/{}", id(&later))).await).await;
    assert_eq!(answered["status"], "rejected");
    assert_eq!(actions(&answered), vec!["applied", "rejected"]);
    let (status, kind, code, _) = refusal(act(&gm, &later, "accept", Value::Null).await).await;
    assert_eq!((status, kind.as_str(), code.as_str()), (409, "unexpected_state", "application_state"));
    assert_eq!(seats_taken(&app, &series).await, 1);
});

db_test!(async fn only_the_applicant_and_the_series_gm_see_and_move_an_application(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (other_gm, _, _) = app.signed_up_gm("Otto").await;
    let series = recruiting(&gm, "Tomb of Annihilation", weekly(), Value::Null).await;
    let (pia, pia_id) = player(&app, "Pia", None).await;
    let (other_player, _) = player(&app, "Oz", None).await;
    let application = apply_ok(&pia, &series, Value::Null).await;
    let path = format!("/api/series-applications/{}", id(&application));

    assert_eq!(pia.get(&path).await.status(), 200);
    assert_eq!(gm.get(&path).await.status(), 200);
    for (who, browser) in [("another GM", &other_gm), ("another player", &other_player)] {
        let (status, _, code, _) = refusal(browser.get(&path).await).await;
        assert_eq!((status, code.as_str()), (404, "series_application_not_found"), "{who} reads");
        for action in ["accept", "reject", "cancel", "reopen"] {
            let (status, _, code, _) = refusal(act(browser, &application, action, Value::Null).await).await;
            assert_eq!((status, code.as_str()), (404, "series_application_not_found"), "{who}: {action}");
        }
        let (status, _, code, _) = refusal(remove(browser, &series, &pia_id, Value::Null).await).await;
        assert_eq!((status, code.as_str()), (404, "series_not_found"), "{who} removes");
        let theirs = body(browser.get("/api/gm/series-applications").await).await;
        assert_eq!(theirs["count"], 0, "{who} lists none");
    }
    let anonymous = app.browser();
    assert_eq!(anonymous.get(&path).await.status(), 401);
    for action in ["accept", "reject", "cancel", "reopen"] {
        assert_eq!(act(&anonymous, &application, action, Value::Null).await.status(), 401, "anonymous {action}");
    }
    assert_eq!(remove(&anonymous, &series, &pia_id, Value::Null).await.status(), 401);
    for list in ["/api/series-applications", "/api/my-games", "/api/gm/series-applications"] {
        assert_eq!(anonymous.get(list).await.status(), 401, "{list}");
    }
    // Nothing changed.
    assert_eq!(body(pia.get(&path).await).await["history"].as_array().unwrap().len(), 1);
    // The CSRF header is required as for every write.
    let response = pia.client.post(pia.url(&format!("{path}/cancel"))).json(&json!({})).send().await.unwrap();
    assert_eq!(response.status(), 403);
});

db_test!(async fn players_and_gms_list_applications_and_games(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (other_gm, _, _) = app.signed_up_gm("Otto").await;
    let first = recruiting(&gm, "First table", weekly(), Value::Null).await;
    let second = recruiting(&gm, "Second table", weekly(), Value::Null).await;
    let elsewhere = recruiting(&other_gm, "Elsewhere", weekly(), Value::Null).await;
    let (pia, _) = player(&app, "Pia", None).await;
    let (bo, _) = player(&app, "Bo", None).await;

    let pia_first = apply_ok(&pia, &first, Value::Null).await;
    app.clock.advance(chrono::Duration::minutes(1));
    let bo_first = apply_ok(&bo, &first, Value::Null).await;
    app.clock.advance(chrono::Duration::minutes(1));
    let pia_second = apply_ok(&pia, &second, Value::Null).await;
    app.clock.advance(chrono::Duration::minutes(1));
    apply_ok(&pia, &elsewhere, Value::Null).await;
    app.clock.advance(chrono::Duration::minutes(1));
    act_ok(&gm, &pia_first, "accept", Value::Null).await;
    app.clock.advance(chrono::Duration::minutes(1));
    act_ok(&gm, &bo_first, "reject", Value::Null).await;

    // The player's own, most recently changed first.
    let mine = body(pia.get("/api/series-applications").await).await;
    assert_eq!((mine["count"].as_u64(), mine["offset"].as_u64(), mine["limit"].as_u64()), (Some(3), Some(0), Some(20)));
    let titles: Vec<_> = mine["items"].as_array().unwrap().iter().map(|a| a["series_title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["First table", "Elsewhere", "Second table"]);
    let page = body(pia.get("/api/series-applications?offset=1&limit=1").await).await;
    assert_eq!(page["items"][0]["series_title"], "Elsewhere");
    assert_eq!(pia.get("/api/series-applications?limit=0").await.status(), 400);

    // My Games: the series where the player is accepted, with the table link.
    let games = body(pia.get("/api/my-games").await).await;
    assert_eq!(games["count"], 1);
    assert_eq!(games["items"][0]["title"], "First table");
    assert_eq!(games["items"][0]["seats_taken"], 1);
    assert_eq!(games["items"][0]["location"]["link"], "https://table.example/secret");
    assert_eq!(body(bo.get("/api/my-games").await).await["count"], 0);
    // The series' page shows the table link to its GM and accepted players only.
    let page_path = format!("/api/series/by-handle/{}", first["handle"].as_str().unwrap());
    for (who, browser, link) in [("accepted", &pia, json!("https://table.example/secret")), ("rejected", &bo, Value::Null),
        ("GM", &gm, json!("https://table.example/secret")), ("anonymous", &app.browser(), Value::Null)] {
        assert_eq!(body(browser.get(&page_path).await).await["location"]["link"], link, "{who}");
    }

    // The GM's: pending first, then most recently changed; filters by series and status.
    let theirs = body(gm.get("/api/gm/series-applications").await).await;
    assert_eq!(theirs["count"], 3);
    let order: Vec<_> = theirs["items"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap()).collect();
    assert_eq!(order, [id(&pia_second), id(&bo_first), id(&pia_first)]);
    let of_first = body(gm.get(&format!("/api/gm/series-applications?series_id={}", id(&first))).await).await;
    assert_eq!(of_first["count"], 2);
    let accepted = body(gm.get("/api/gm/series-applications?status=accepted").await).await;
    assert_eq!((accepted["count"].as_u64(), accepted["items"][0]["id"].as_str()), (Some(1), Some(id(&pia_first))));
    let none = body(gm.get(&format!("/api/gm/series-applications?series_id={}&status=cancelled", id(&first))).await).await;
    assert_eq!(none["count"], 0);
    assert_eq!(gm.get("/api/gm/series-applications?status=waiting").await.status(), 400);
    assert_eq!(gm.get("/api/gm/series-applications?series_id=nope").await.status(), 400);
    let elsewhere_for_gm = body(gm.get(&format!("/api/gm/series-applications?series_id={}", id(&elsewhere))).await).await;
    assert_eq!(elsewhere_for_gm["count"], 0, "another GM's series lists nothing");
});

db_test!(configure = |config| config.applications_per_hour = 3, async fn applying_is_limited_per_player_and_hour(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let series = recruiting(&gm, "The Lost Mine", weekly(), Value::Null).await;
    let (pia, _) = player(&app, "Pia", None).await;
    // Refusals cost nothing.
    for _ in 0..4 {
        assert_eq!(apply(&pia, &json!({"id": uuid::Uuid::now_v7()}), Value::Null).await.status(), 404);
    }
    let application = apply_ok(&pia, &series, Value::Null).await;
    assert_eq!(apply(&pia, &series, Value::Null).await.status(), 409, "already applied");
    for _ in 0..2 {
        act_ok(&pia, &application, "cancel", Value::Null).await;
        act_ok(&pia, &application, "reopen", Value::Null).await;
    }
    act_ok(&pia, &application, "cancel", Value::Null).await;
    let limited = act(&pia, &application, "reopen", Value::Null).await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
    assert_eq!(error_of(limited).await.1, "rate_limited");
    assert_eq!(apply(&pia, &series, Value::Null).await.status(), 429, "applying again counts the same");
    // Others are not affected, and the hour passes.
    let (bo, _) = player(&app, "Bo", None).await;
    apply_ok(&bo, &series, Value::Null).await;
    app.clock.advance(chrono::Duration::minutes(61));
    act_ok(&pia, &application, "reopen", Value::Null).await;
});

db_test!(configure = |config| config.address_limit_per_hour = 1000, async fn fifty_accepts_racing_for_the_last_seat_let_exactly_one_through(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    // No requirements yet, so nobody needs a birthdate to apply; the limit comes before the race.
    let series = recruiting(&gm, "The last seat", weekly(), Value::Null).await;
    let mut applications = Vec::new();
    for n in 0..51 {
        let (browser, _) = player(&app, &format!("Player {n}"), None).await;
        applications.push(apply_ok(&browser, &series, Value::Null).await);
    }
    update_series(&gm, &series, json!({"min_players": 1, "max_players": 2, "min_player_age": 1})).await;
    act_ok(&gm, &applications[0], "accept", Value::Null).await;

    let barrier = Arc::new(Barrier::new(50));
    let racers: Vec<_> = applications[1..]
        .iter()
        .map(|application| {
            let (gm, application, barrier) = (gm.clone(), application.clone(), barrier.clone());
            tokio::spawn(async move {
                barrier.wait().await;
                act(&gm, &application, "accept", Value::Null).await
            })
        })
        .collect();
    let mut accepted = 0;
    for racer in racers {
        let response = racer.await.unwrap();
        if response.status() == 200 {
            accepted += 1;
        } else {
            let (status, _, code, _) = refusal(response).await;
            assert_eq!((status, code.as_str()), (409, "series_full"));
        }
    }
    assert_eq!(accepted, 1, "exactly one accept takes the last seat");
    assert_eq!(seats_taken(&app, &series).await, 2);
    let listed = body(gm.get("/api/gm/series-applications?status=accepted").await).await;
    assert_eq!(listed["count"], 2);
    let pending = body(gm.get("/api/gm/series-applications?status=pending").await).await;
    assert_eq!(pending["count"], 49, "the refused ones are untouched");
});

db_test!(async fn a_deleted_account_gives_its_seat_back(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let series = recruiting(&gm, "Out of the Abyss", weekly(), Value::Null).await;
    let other = recruiting(&gm, "Descent into Avernus", weekly(), Value::Null).await;
    let (pia, pia_id) = player(&app, "Pia", None).await;
    let seated = apply_ok(&pia, &series, Value::Null).await;
    act_ok(&gm, &seated, "accept", Value::Null).await;
    let waiting = apply_ok(&pia, &other, Value::Null).await;
    assert_eq!(seats_taken(&app, &series).await, 1);

    let response = pia.send_json(reqwest::Method::DELETE, "/api/account", &json!({"password": crate::helpers::PASSWORD})).await;
    assert_eq!(response.status(), 204);
    assert_eq!(seats_taken(&app, &series).await, 0);
    for application in [&seated, &waiting] {
        let seen = body(gm.get(&format!("/api/series-applications/{}", id(application))).await).await;
        assert_eq!(seen["status"], "cancelled");
        assert_eq!(seen["player_display_name"], "Deleted user");
        let last = seen["history"].as_array().unwrap().last().unwrap().clone();
        assert_eq!((last["action"].as_str(), last["author_id"].as_str()), (Some("cancelled"), Some(pia_id.as_str())));
    }
});
