//! Shared set-ups of the session tests and of the commerce tests built on them: a series with accepted players, a
//! session created and moved by its GM and players, and what each of them sees.

use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use super::json::{body, id};
use super::{Browser, TestApp, error_of};

/// A schedule on Tuesdays and Thursdays at 19:00 in Warsaw, three hours, from 24 November 2026.
pub fn weekly() -> Value {
    json!({"start_time": "19:00", "session_duration_minutes": 180, "is_recurring": true,
        "recurrence_rule": "FREQ=WEEKLY;BYDAY=TU,TH", "time_zone": "Europe/Warsaw", "first_date": "2026-11-24"})
}

/// Two hours after the test clock's start (Sunday 22 November 2026, 10:00 UTC).
pub const START: &str = "2026-11-22T12:00:00Z";

pub async fn patch_series(gm: &Browser, series: &Value, payload: Value) -> reqwest::Response {
    gm.send_json(reqwest::Method::PATCH, &format!("/api/series/{}", id(series)), &payload).await
}

/// A GM's series, published and recruiting, with the requirements given, the `players`' applications accepted
/// and the `waiting` ones' pending.
pub async fn series_with_players(
    gm: &Browser,
    title: &str,
    requirements: Value,
    players: &[&Browser],
    waiting: &[&Browser],
) -> Value {
    let systems: Value = body(gm.get("/api/game-systems").await).await;
    let system = systems["items"][0]["id"].as_str().unwrap().to_owned();
    let blueprint = gm.create_blueprint_ok(&format!("{title} blueprint"), &system).await;
    let payload = json!({"title": title, "blueprint_id": blueprint["id"],
        "location": {"kind": "online", "link": "https://table.example/secret"}});
    let series = body(gm.post_json("/api/series", &payload).await).await;
    let path = format!("/api/series/{}", id(&series));
    assert_eq!(gm.send_json(reqwest::Method::PUT, &format!("{path}/schedule"), &weekly()).await.status(), 200);
    let open = json!({"lifecycle_status": "published", "recruitment_status": "open"});
    assert_eq!(patch_series(gm, &series, open).await.status(), 200);
    for player in players {
        let response = player.post_json("/api/series-applications", &json!({"series_id": series["id"]})).await;
        assert_eq!(response.status(), 201, "apply");
        let application = body(response).await;
        let path = format!("/api/series-applications/{}/accept", id(&application));
        assert_eq!(gm.post_json(&path, &json!({})).await.status(), 200, "accept");
    }
    for player in waiting {
        let response = player.post_json("/api/series-applications", &json!({"series_id": series["id"]})).await;
        assert_eq!(response.status(), 201, "apply");
    }
    // The requirements come after the players (a minimum age would need their birthdates).
    let response = patch_series(gm, &series, requirements).await;
    let status = response.status();
    let answer = body(response).await;
    assert_eq!(status, 200, "requirements: {answer}");
    answer
}

/// The series made active with the pricing given.
pub async fn activate(gm: &Browser, series: &Value, pricing: Value) {
    let response = patch_series(gm, series, json!({"pricing": pricing, "lifecycle_status": "active"})).await;
    assert_eq!(response.status(), 200, "activate");
}

pub async fn create(gm: &Browser, series: &Value, players: &[&str], start: &str, duration: Value) -> reqwest::Response {
    let payload = json!({"series_id": series["id"], "participant_ids": players,
        "schedule": {"scheduled_start_datetime": start, "scheduled_duration_minutes": duration}});
    gm.post_json("/api/sessions", &payload).await
}

pub async fn create_ok(gm: &Browser, series: &Value, players: &[&str]) -> Value {
    let response = create(gm, series, players, START, json!(120)).await;
    assert_eq!(response.status(), 201, "create session");
    body(response).await
}

pub async fn gm_act(gm: &Browser, session: &Value, action: &str) -> reqwest::Response {
    gm.post_json(&format!("/api/sessions/{}/{action}", id(session)), &json!({})).await
}

pub async fn gm_act_ok(gm: &Browser, session: &Value, action: &str) -> Value {
    let response = gm_act(gm, session, action).await;
    let status = response.status();
    let answer = body(response).await;
    assert_eq!(status, 200, "{action}: {answer}");
    answer
}

pub async fn play(player: &Browser, session: &Value, action: &str, message: Value) -> reqwest::Response {
    player.post_json(&format!("/api/sessions/{}/{action}", id(session)), &json!({"message": message})).await
}

pub async fn play_ok(player: &Browser, session: &Value, action: &str, message: Value) -> Value {
    let response = play(player, session, action, message).await;
    let status = response.status();
    let answer = body(response).await;
    assert_eq!(status, 200, "{action}: {answer}");
    answer
}

pub async fn gm_view(gm: &Browser, session: &Value) -> Value {
    body(gm.get(&format!("/api/gm/sessions/{}", id(session))).await).await
}

pub async fn refusal(response: reqwest::Response) -> (u16, String, String, String) {
    let status = response.status().as_u16();
    let (kind, code, error) = error_of(response).await;
    (status, kind, code, error["message"].as_str().unwrap_or_default().to_owned())
}

pub fn statuses(view: &Value) -> Vec<(String, String)> {
    view["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["display_name"].as_str().unwrap().to_owned(), p["status"].as_str().unwrap().to_owned()))
        .collect()
}

/// Runs a statement built with sea-query on the app's database (payments have no API before the commerce issue).
pub async fn execute(app: &TestApp, statement: sea_orm::sea_query::UpdateStatement) {
    let backend = app.state.db.conn().get_database_backend();
    app.state.db.conn().execute_raw(backend.build(&statement)).await.unwrap();
}
