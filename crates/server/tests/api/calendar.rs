//! Calendars (issue 35): an account's private feed read back with a real iCalendar parser (the `ical` crate) — one
//! stable UID per session, SEQUENCE raised by a reschedule and a cancellation, times in UTC, the table link only for
//! those holding a seat, no e-mail address — its validators (304 on `If-None-Match`), a replaced token ending the old
//! address, the token kept out of the logs' spans, and one session's event for "Add to calendar".

use std::io::BufReader;

use ical::parser::ical::component::IcalEvent;
use serde_json::{Value, json};

use crate::helpers::json::{body, id};
use crate::helpers::sessions::{activate, create_ok, gm_act_ok, play_ok, series_with_players};
use crate::helpers::{Browser, TestApp};

/// The feed's events by UID: each event's properties as (name, value).
fn events(text: &str) -> Vec<Vec<(String, String)>> {
    let mut parser = ical::IcalParser::new(BufReader::new(text.as_bytes()));
    let calendar = parser.next().expect("one calendar").expect("parses");
    assert!(parser.next().is_none(), "one calendar only");
    calendar.events.iter().map(properties).collect()
}

fn properties(event: &IcalEvent) -> Vec<(String, String)> {
    event.properties.iter().map(|p| (p.name.clone(), p.value.clone().unwrap_or_default())).collect()
}

fn value<'a>(event: &'a [(String, String)], name: &str) -> Option<&'a str> {
    event.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

async fn links(browser: &Browser) -> Value {
    let response = browser.post_json("/api/account/calendar", &json!({})).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

/// The host of an address: the feed's UIDs end with the public address's.
fn host(url: &str) -> &str {
    url.split_once("://").unwrap().1.split(['/', ':']).next().unwrap()
}

/// The feed as a calendar app reads it: no cookie, the address's token only.
async fn feed(app: &TestApp, https_url: &str) -> reqwest::Response {
    let path = https_url.split_once("/api/").map(|(_, rest)| format!("/api/{rest}")).unwrap();
    app.get(&path).await
}

db_test!(async fn the_feed_lists_a_players_and_a_gms_sessions_and_follows_their_changes(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let series = series_with_players(&gm, "Żelazna Wieża", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}), &[&pia, &bo], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id, &bo_id]).await;

    // Before asking, there is no feed; asking gives both addresses.
    assert_eq!(body(pia.get("/api/account/calendar").await).await, json!({"feed": null}));
    let pia_links = links(&pia).await;
    let https = pia_links["https_url"].as_str().unwrap().to_owned();
    assert!(https.contains("/api/calendar.ics?token="), "{https}");
    assert!(pia_links["webcal_url"].as_str().unwrap().starts_with("webcal://"));
    assert_eq!(body(pia.get("/api/account/calendar").await).await["feed"], pia_links);

    let response = feed(&app, &https).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/calendar"));
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    let text = response.text().await.unwrap();
    assert!(!text.contains('@') || !text.contains("@example"), "no e-mail address in the feed");
    let first = events(&text);
    assert_eq!(first.len(), 1);
    let event = &first[0];
    let uid = value(event, "UID").unwrap().to_owned();
    assert_eq!(uid, format!("session-{}@{}", id(&session), host(&https)));
    assert_eq!(value(event, "SEQUENCE"), Some("0"));
    assert_eq!(value(event, "DTSTART"), Some("20261122T120000Z"));
    assert_eq!(value(event, "DTEND"), Some("20261122T140000Z"));
    assert_eq!(value(event, "SUMMARY"), Some("Żelazna Wieża"));
    assert_eq!(value(event, "STATUS"), Some("TENTATIVE"), "in planning");
    // Pia is only invited: the table's link is for those who hold a seat.
    assert_eq!(value(event, "LOCATION"), None);
    assert!(!text.contains("table.example"));
    assert!(value(event, "URL").unwrap().ends_with(&format!("/dashboard/player/my-sessions/{}", id(&session))));

    // Unchanged: the app's copy is current.
    let cached = app.client.get(app.url(&https.split_once("/api/").map(|(_, r)| format!("/api/{r}")).unwrap()))
        .header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(cached.status(), 304);

    // The GM fixes the date, Pia confirms: she holds a seat and sees the table; the fix raised the sequence.
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    let response = feed(&app, &https).await;
    assert_ne!(response.headers()["etag"].to_str().unwrap(), etag);
    let event = &events(&response.text().await.unwrap())[0];
    assert_eq!(value(event, "UID"), Some(uid.as_str()), "one UID per session, whatever changes");
    assert_eq!(value(event, "SEQUENCE"), Some("1"));
    assert_eq!(value(event, "STATUS"), Some("CONFIRMED"));
    assert_eq!(value(event, "LOCATION"), Some("https://table.example/secret"));

    // The GM's own feed has the session with its table, pointing at the GM's page.
    let gm_https = links(&gm).await["https_url"].as_str().unwrap().to_owned();
    let gm_event = &events(&feed(&app, &gm_https).await.text().await.unwrap())[0];
    assert_eq!(value(gm_event, "UID"), Some(uid.as_str()));
    assert_eq!(value(gm_event, "LOCATION"), Some("https://table.example/secret"));
    assert!(value(gm_event, "URL").unwrap().contains("/dashboard/gm/my-sessions/"));

    // Bo turns the fixed date down: his calendar drops the session (cancelled for him, one change later).
    let bo_https = links(&bo).await["https_url"].as_str().unwrap().to_owned();
    play_ok(&bo, &session, "reject", Value::Null).await;
    let bo_event = &events(&feed(&app, &bo_https).await.text().await.unwrap())[0];
    assert_eq!(value(bo_event, "UID"), Some(uid.as_str()));
    assert_eq!(value(bo_event, "STATUS"), Some("CANCELLED"));
    assert_eq!(value(bo_event, "SEQUENCE"), Some("2"));
    assert_eq!(value(bo_event, "LOCATION"), None);

    // Cancelled: still in the feed, as cancelled, one change later.
    let cancel = gm.post_json(&format!("/api/sessions/{}/cancel", id(&session)), &json!({})).await;
    assert_eq!(cancel.status(), 200);
    let event = &events(&feed(&app, &https).await.text().await.unwrap())[0];
    assert_eq!(value(event, "STATUS"), Some("CANCELLED"));
    assert_eq!(value(event, "SEQUENCE"), Some("2"));
    assert_eq!(value(event, "UID"), Some(uid.as_str()));

    // A made-up token finds nothing; no token is a bad request.
    assert_eq!(app.get("/api/calendar.ics?token=made-up").await.status(), 404);
    assert_eq!(app.get("/api/calendar.ics").await.status(), 400);
});

db_test!(async fn a_replaced_token_ends_the_old_address_and_a_session_downloads_as_one_event(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (other, _, _) = app.signed_up("Olek").await;
    let series = series_with_players(&gm, "The Keep", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}), &[&pia], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let session = create_ok(&gm, &series, &[&pia_id]).await;

    let old = links(&pia).await["https_url"].as_str().unwrap().to_owned();
    let new = links(&pia).await["https_url"].as_str().unwrap().to_owned();
    assert_ne!(old, new);
    assert_eq!(feed(&app, &old).await.status(), 404, "the old address stops working at once");
    assert_eq!(feed(&app, &new).await.status(), 200);

    let path = format!("/api/sessions/{}/calendar.ics", id(&session));
    let response = pia.get(&path).await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-disposition"].to_str().unwrap().starts_with("attachment"));
    let events = events(&response.text().await.unwrap());
    assert_eq!(events.len(), 1);
    assert_eq!(value(&events[0], "UID"), Some(format!("session-{}@{}", id(&session), host(&new)).as_str()));
    // Someone with no part in the session, and a visitor, get nothing.
    assert_eq!(other.get(&path).await.status(), 404);
    assert_eq!(app.get(&path).await.status(), 401);
});
