//! Series and the Questboard: the spec's validation messages, the lifecycle and recruitment rules, ownership and
//! drafts, the schedule in the GM's zone, each Questboard filter and their combination, and a blueprint in use.

use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::helpers::json::body;
use crate::helpers::sessions::weekly;
use crate::helpers::{Browser, TestApp, error_of, field_messages};

async fn create_series(gm: &Browser, payload: &Value) -> reqwest::Response {
    gm.post_json("/api/series", payload).await
}

async fn create_series_ok(gm: &Browser, payload: Value) -> Value {
    let response = create_series(gm, &payload).await;
    assert_eq!(response.status(), 201, "create series {payload}");
    body(response).await
}

async fn update(gm: &Browser, series: &Value, payload: Value) -> reqwest::Response {
    gm.send_json(reqwest::Method::PATCH, &format!("/api/series/{}", series["id"].as_str().unwrap()), &payload).await
}

async fn set_schedule(gm: &Browser, series: &Value, payload: Value) -> reqwest::Response {
    let path = format!("/api/series/{}/schedule", series["id"].as_str().unwrap());
    gm.send_json(reqwest::Method::PUT, &path, &payload).await
}

/// A GM's series, published with a schedule.
async fn published(gm: &Browser, blueprint: &Value, title: &str, extra: Value) -> Value {
    let mut payload = json!({"title": title, "blueprint_id": blueprint["id"]});
    payload.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    let series = create_series_ok(gm, payload).await;
    assert_eq!(set_schedule(gm, &series, weekly()).await.status(), 200);
    let response = update(gm, &series, json!({"lifecycle_status": "published", "recruitment_status": "open"})).await;
    assert_eq!(response.status(), 200, "publish {title}");
    body(response).await
}

async fn board(app: &TestApp, query: &str) -> Vec<String> {
    let response = app.get(&format!("/api/questboard{query}")).await;
    assert_eq!(response.status(), 200, "questboard {query}");
    let page = body(response).await;
    page["items"].as_array().unwrap().iter().map(|card| card["title"].as_str().unwrap().to_owned()).collect()
}

db_test!(async fn series_follow_the_spec_rules_and_belong_to_their_gm(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (other, _, _) = app.signed_up_gm("Otto").await;
    let system = app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await;
    let blueprint = gm.create_blueprint_ok("The Sunless Citadel", &system).await;
    let others_blueprint = other.create_blueprint_ok("Otto's Keep", &system).await;

    // Every message at once, word for word; nothing written.
    let (kind, _, error) = error_of(create_series(&gm, &json!({"title": "ab",
        "pricing": {"model": "paid", "amount": "abc", "currency_code": ""},
        "min_players": 6, "max_players": 4, "min_player_age": 0})).await).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_messages(&error, "title"), json!(["Title must be at least 3 characters"]));
    assert_eq!(field_messages(&error, "blueprint_id"), json!(["Activity blueprint is required"]));
    assert_eq!(field_messages(&error, "pricing.amount"), json!(["Price must be a number"]));
    assert_eq!(field_messages(&error, "pricing.currency_code"), json!(["Currency code is required"]));
    assert_eq!(field_messages(&error, "min_players"),
        json!(["Minimum players must be less than or equal to maximum players"]));
    assert_eq!(field_messages(&error, "min_player_age"), json!(["Minimum player age must be positive"]));
    let (_, _, error) = error_of(create_series(&gm, &json!({"title": "Citadel", "blueprint_id": blueprint["id"],
        "pricing": {"model": "paid", "amount": "0.01", "currency_code": "usd"}})).await).await;
    assert_eq!(field_messages(&error, "pricing.amount"), json!(["Price must be greater than zero"]));
    assert_eq!(field_messages(&error, "pricing.currency_code"), json!(["Invalid currency code"]));
    let (_, _, error) = error_of(create_series(&gm, &json!({"title": "Citadel", "blueprint_id": blueprint["id"],
        "pricing": {"model": "paid", "currency_code": "pln"}})).await).await;
    assert_eq!(field_messages(&error, "pricing.amount"), json!(["Price is required"]));
    let (_, _, error) = error_of(create_series(&gm, &json!({"title": "Citadel", "pricing": {}})).await).await;
    assert_eq!(field_messages(&error, "pricing.model"), json!(["Pricing model is required"]));
    // Someone else's blueprint is as missing as one that does not exist.
    let (_, _, error) =
        error_of(create_series(&gm, &json!({"title": "Citadel", "blueprint_id": others_blueprint["id"]})).await).await;
    assert_eq!(field_messages(&error, "blueprint_id"), json!(["Activity blueprint not found"]));
    let (_, _, error) = error_of(create_series(&gm, &json!({"title": "Citadel", "blueprint_id": ""})).await).await;
    assert_eq!(field_messages(&error, "blueprint_id"), json!(["Activity blueprint is required"]));
    let mine: Value = body(gm.get("/api/series").await).await;
    assert_eq!(mine["count"], 0);
    // Only game masters create series.
    let (player, _, _) = app.signed_up("Pia").await;
    let (_, code, _) = error_of(create_series(&player, &json!({"title": "Citadel", "blueprint_id": blueprint["id"]})).await).await;
    assert_eq!(code, "role_required");

    // Title and blueprint suffice; pricing and requirements stay unset; activity type and system are the blueprint's.
    let series = create_series_ok(&gm, json!({"title": "The Sunless Citadel", "blueprint_id": blueprint["id"]})).await;
    assert_eq!(series["handle"], "the-sunless-citadel");
    assert_eq!(series["lifecycle_status"], "draft");
    assert_eq!(series["recruitment_status"], "closed");
    assert!(series["pricing"].is_null() && series["requirements"].is_null() && series["schedule"].is_null());
    assert_eq!((series["activity_type"].as_str(), series["game_system_id"].as_str()), (Some("campaign"), Some(system.as_str())));
    assert_eq!(series["game_master_id"], gm_id);
    assert_eq!(series["language"], "en");
    let reserved = create_series_ok(&gm, json!({"title": "Applications", "blueprint_id": blueprint["id"]})).await;
    assert_eq!(reserved["handle"], "applications-2", "reserved words are skipped");

    // A draft is its GM's alone.
    assert_eq!(gm.get("/api/series/by-handle/the-sunless-citadel").await.status(), 200);
    assert_eq!(other.get("/api/series/by-handle/the-sunless-citadel").await.status(), 404);
    assert_eq!(app.get("/api/series/by-handle/the-sunless-citadel").await.status(), 404);
    let (_, code, _) = error_of(update(&other, &series, json!({"title": "Mine now"})).await).await;
    assert_eq!(code, "series_not_found");
    assert_eq!(set_schedule(&other, &series, weekly()).await.status(), 404);
    assert_eq!(other.delete(&format!("/api/series/{}", series["id"].as_str().unwrap())).await.status(), 404);

    // The four payloads.
    let saved = body(update(&gm, &series, json!({"title": "The Sunless Citadel, revised",
        "short_description": "  A ruined fortress.  ", "language": "pl",
        "location": {"kind": "online", "link": "https://discord.gg/citadel"}})).await).await;
    assert_eq!(saved["handle"], "the-sunless-citadel", "the handle stays");
    assert_eq!(saved["short_description"], "A ruined fortress.");
    assert_eq!(saved["language"], "pl");
    assert_eq!(saved["location"]["link"], "https://discord.gg/citadel");
    let saved = body(update(&gm, &series, json!({"pricing": {"model": "paid", "amount": "25.5", "currency_code": "eur"}})).await).await;
    assert_eq!(saved["pricing"], json!({"model": "paid", "amount": "25.50", "currency_code": "eur"}));
    let saved = body(update(&gm, &series, json!({"min_players": 3, "max_players": 5, "min_player_age": 16})).await).await;
    assert_eq!(saved["requirements"], json!({"min_players": 3, "max_players": 5, "min_player_age": 16}));
    let (_, _, error) = error_of(update(&gm, &series, json!({"min_players": 101, "max_players": 0, "min_player_age": 100})).await).await;
    assert!(error["fields"]["min_players"].is_array() && error["fields"]["max_players"].is_array());
    assert!(error["fields"]["min_player_age"].is_array());
    let (_, code, _) = error_of(update(&gm, &series, json!({"title": "Stale", "version": 1})).await).await;
    assert_eq!(code, "stale_version");
    let (_, _, error) = error_of(update(&gm, &series, json!({})).await).await;
    assert_eq!(error["fields"]["title"][0]["code"], "series_fields_required");

    // Status: publishing needs a schedule; recruitment opens only while published or active.
    let (kind, code, error) = error_of(update(&gm, &series, json!({"lifecycle_status": "published"})).await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unexpected_state", "series_must_have_schedule_to_publish"));
    assert_eq!(error["message"], "Series needs to have a schedule before publishing.");
    let (_, code, _) = error_of(update(&gm, &series, json!({"recruitment_status": "open"})).await).await;
    assert_eq!(code, "recruitment_requires_open_series");
    let (_, code, _) = error_of(update(&gm, &series, json!({"lifecycle_status": "active"})).await).await;
    assert_eq!(code, "series_status_move_not_allowed");

    // The schedule: every message, then a weekly Tuesday and Thursday 19:00 in Warsaw.
    let (_, _, error) = error_of(set_schedule(&gm, &series, json!({"start_time": "25:00", "session_duration_minutes": 0,
        "is_recurring": true, "recurrence_rule": "FREQ=SOMETIMES", "time_zone": "Mars/Olympus", "first_date": "24.11.2026"})).await).await;
    assert_eq!(field_messages(&error, "start_time"), json!(["Start time is invalid"]));
    assert_eq!(field_messages(&error, "session_duration_minutes"), json!(["Session duration is invalid"]));
    assert_eq!(field_messages(&error, "recurrence_rule"), json!(["Recurrence rule is invalid"]));
    assert!(error["fields"]["time_zone"].is_array() && error["fields"]["first_date"].is_array());
    let saved = body(set_schedule(&gm, &series, weekly()).await).await;
    assert_eq!(saved["schedule"]["start_time"], "19:00");
    assert_eq!(saved["schedule"]["recurrence_rule"], "FREQ=WEEKLY;BYDAY=TU,TH");
    assert_eq!(saved["next_session_at"], "2026-11-24T18:00:00Z", "19:00 in Warsaw is 18:00 UTC in winter");
    assert_eq!(saved["schedule"]["next_sessions"][1], "2026-11-26T18:00:00Z");
    // Updating replaces it.
    let one_shot = json!({"start_time": "18:30", "is_recurring": false, "time_zone": "America/New_York", "first_date": "2026-12-05"});
    let saved = body(set_schedule(&gm, &series, one_shot).await).await;
    assert_eq!(saved["schedule"]["session_duration_minutes"], 60, "the default duration");
    assert_eq!(saved["next_session_at"], "2026-12-05T23:30:00Z");
    assert_eq!(saved["schedule"]["next_sessions"].as_array().unwrap().len(), 1);

    let response = update(&gm, &series, json!({"lifecycle_status": "published", "recruitment_status": "open"})).await;
    let saved = body(response).await;
    assert_eq!((saved["lifecycle_status"].as_str(), saved["recruitment_status"].as_str()), (Some("published"), Some("open")));
    // Now public; the link stays the GM's.
    let public = body(other.get("/api/series/by-handle/the-sunless-citadel").await).await;
    assert!(public["location"]["link"].is_null());
    assert_eq!(public["location"]["kind"], "online");
    assert_eq!(app.get("/api/series/by-handle/the-sunless-citadel").await.status(), 200);
    // A published series is not deleted; moves follow the table; completed is final and closes recruitment.
    let (_, code, _) = error_of(gm.delete(&format!("/api/series/{}", series["id"].as_str().unwrap())).await).await;
    assert_eq!(code, "series_delete_not_draft");
    let (_, code, _) = error_of(update(&gm, &series, json!({"lifecycle_status": "draft"})).await).await;
    assert_eq!(code, "series_status_move_not_allowed");
    assert_eq!(update(&gm, &series, json!({"lifecycle_status": "active"})).await.status(), 200);
    let done = body(update(&gm, &series, json!({"lifecycle_status": "completed"})).await).await;
    assert_eq!(done["recruitment_status"], "closed");
    let (_, code, _) = error_of(update(&gm, &series, json!({"lifecycle_status": "cancelled"})).await).await;
    assert_eq!(code, "series_status_final");

    // A draft is deleted; events of a draft go to its GM, of a published series to everyone.
    assert_eq!(gm.delete(&format!("/api/series/{}", reserved["id"].as_str().unwrap())).await.status(), 204);
    assert_eq!(gm.get("/api/series/by-handle/applications-2").await.status(), 404);
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
    let events = questline::db::entities::event::Entity::find()
        .filter(questline::db::entities::event::Column::Entity.eq("series"))
        .order_by_asc(questline::db::entities::event::Column::Id)
        .all(app.state.db.conn()).await.unwrap();
    assert_eq!(events.first().unwrap().audience, json!({"accounts": [gm_id]}));
    assert!(events.iter().any(|event| event.audience == json!("public")), "{:?}",
        events.iter().map(|e| e.audience.clone()).collect::<Vec<_>>());

    // My Series, in pages.
    for n in 0..3 {
        create_series_ok(&gm, json!({"title": format!("Extra {n}"), "blueprint_id": blueprint["id"]})).await;
    }
    let page = body(gm.get("/api/series?limit=2").await).await;
    assert_eq!((page["count"].as_u64(), page["items"].as_array().unwrap().len()), (Some(4), 2));
    assert_eq!(page["items"][0]["title"], "Extra 2");
    assert_eq!(body(other.get("/api/series").await).await["count"], 0);
});

db_test!(async fn a_blueprint_used_by_a_series_is_not_deleted(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let system = app.game_system_id("Mörk Borg", None).await;
    let used = gm.create_blueprint_ok("Used", &system).await;
    let unused = gm.create_blueprint_ok("Unused", &system).await;
    let series = create_series_ok(&gm, json!({"title": "Dying Lands", "blueprint_id": used["id"]})).await;
    let (kind, code, error) = error_of(gm.delete_blueprint(used["id"].as_str().unwrap()).await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("not_allowed", "blueprint_in_use"));
    assert_eq!(error["message"], "Cannot delete activity blueprint: it is used in one or more series");
    assert_eq!(gm.blueprint("used").await.status(), 200);
    assert_eq!(gm.delete_blueprint(unused["id"].as_str().unwrap()).await.status(), 204);
    // Once the draft is gone, so can the blueprint be.
    assert_eq!(gm.delete(&format!("/api/series/{}", series["id"].as_str().unwrap())).await.status(), 204);
    assert_eq!(gm.delete_blueprint(used["id"].as_str().unwrap()).await.status(), 204);
});

db_test!(async fn a_published_series_shows_its_blueprints_parts_to_everyone(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let system = app.game_system_id("Mörk Borg", None).await;
    let blueprint = gm.create_blueprint_ok("Dying Lands", &system).await;
    let hook = gm.create_part_ok("The hook").await;
    let doc = json!({"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": "Rot."}]}]});
    let story = body(gm.create_part(&json!({"title": "The story", "content": doc})).await).await;
    let version = blueprint["version"].as_i64().unwrap();
    let parts = [story["id"].as_str().unwrap(), hook["id"].as_str().unwrap()];
    assert_eq!(gm.set_blueprint_parts(blueprint["id"].as_str().unwrap(), &parts, version).await.status(), 200);
    let series = published(&gm, &blueprint, "Weekly doom", json!({})).await;

    let visitor = app.browser();
    let page = body(visitor.get(&format!("/api/series/by-handle/{}", series["handle"].as_str().unwrap())).await).await;
    let shown = &page["activity_blueprint"]["parts"];
    assert_eq!((shown[0]["title"].as_str(), shown[1]["title"].as_str()), (Some("The story"), Some("The hook")));
    assert_eq!(shown[0]["content"], doc, "in the blueprint's order, as written");
    assert_eq!(shown[0]["language"], "en");
    // The other part stays its owner's: its own address is not public.
    assert_ne!(visitor.get("/api/activity-blueprint-parts/by-handle/the-hook").await.status(), 200);
    let mine = body(gm.get("/api/series").await).await;
    assert!(mine["items"][0]["activity_blueprint"].get("parts").is_none(), "lists leave the parts out");
});

db_test!(async fn the_questboard_shows_published_series_newest_first_and_filters_them(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let dnd = app.game_system_id("Dungeons & Dragons", None).await;
    let dnd5 = app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await;
    let coc = app.game_system_id("Call of Cthulhu", None).await;
    let campaign = gm.create_blueprint_ok("Dragon campaign", &dnd5).await;
    let one_shot = body(gm.create_blueprint(&json!({"title": "Horror night", "game_system_id": coc,
        "activity_type": "one_shot"})).await).await;

    let minute = chrono::Duration::minutes(1);
    published(&gm, &campaign, "Dragons of Autumn", json!({"language": "en",
        "pricing": {"model": "paid", "amount": "40", "currency_code": "pln"}, "short_description": "Old-school 100% dragons"})).await;
    app.clock.advance(minute);
    published(&gm, &one_shot, "Masks of Nyarlathotep", json!({"language": "pl", "short_description": "Żółta mgła nad Arkham",
        "pricing": {"model": "free"}, "min_players": 2, "max_players": 5, "min_player_age": 18})).await;
    app.clock.advance(minute);
    let euro = published(&gm, &campaign, "Euro Dragons", json!({"language": "nl",
        "pricing": {"model": "paid", "amount": "15.00", "currency_code": "eur"}})).await;
    app.clock.advance(minute);
    create_series_ok(&gm, json!({"title": "Secret draft", "blueprint_id": campaign["id"]})).await;

    // Public, signed out; drafts left out; newest first.
    assert_eq!(board(&app, "").await, ["Euro Dragons", "Masks of Nyarlathotep", "Dragons of Autumn"]);
    let page = body(app.get("/api/questboard?limit=1&offset=1").await).await;
    assert_eq!(page["count"], 3);
    let card = &page["items"][0];
    assert_eq!(card["title"], "Masks of Nyarlathotep");
    assert_eq!(card["activity_type"], "one_shot");
    assert_eq!(card["game_system_id"], coc);
    assert_eq!((card["min_players"].as_u64(), card["max_players"].as_u64(), card["min_player_age"].as_u64()), (Some(2), Some(5), Some(18)));
    assert_eq!(card["seats_taken"], 0);
    assert_eq!(card["session_duration_minutes"], 180);
    assert_eq!(card["pricing"]["model"], "free");
    assert_eq!(card["next_session_at"], "2026-11-24T18:00:00Z");
    assert!(card["thumbnail_url"].is_null());

    // Each filter. A family includes its editions.
    assert_eq!(board(&app, &format!("?game_systems={dnd}")).await, ["Euro Dragons", "Dragons of Autumn"]);
    assert_eq!(board(&app, &format!("?game_systems={dnd5},{coc}")).await.len(), 3);
    assert_eq!(board(&app, "?format=one_shot").await, ["Masks of Nyarlathotep"]);
    assert_eq!(board(&app, "?languages=pl,nl").await, ["Euro Dragons", "Masks of Nyarlathotep"]);
    assert_eq!(board(&app, "?price=free").await, ["Masks of Nyarlathotep"]);
    assert_eq!(board(&app, "?price=paid").await, ["Euro Dragons", "Dragons of Autumn"]);
    // A price range in a currency: other currencies left out, free counts as 0.
    assert_eq!(board(&app, "?currency=pln&price_min=0&price_max=50").await, ["Masks of Nyarlathotep", "Dragons of Autumn"]);
    assert_eq!(board(&app, "?currency=pln&price_min=10").await, ["Dragons of Autumn"]);
    assert_eq!(board(&app, "?currency=eur&price_max=15").await, ["Euro Dragons", "Masks of Nyarlathotep"]);
    assert_eq!(board(&app, "?currency=eur&price_max=14.99").await, ["Masks of Nyarlathotep"]);
    // Text over title and description, case-insensitive; wildcards are literal.
    assert_eq!(board(&app, "?q=DRAGON").await, ["Euro Dragons", "Dragons of Autumn"]);
    assert_eq!(board(&app, "?q=100%25").await, ["Dragons of Autumn"]);
    assert_eq!(board(&app, "?q=%25%25%25").await, Vec::<String>::new());
    assert_eq!(board(&app, "?q=secret").await, Vec::<String>::new());
    assert_eq!(board(&app, "?q=mg%C5%82a").await, ["Masks of Nyarlathotep"], "mgła");
    if app.state.db.conn().get_database_backend() == sea_orm::DbBackend::Sqlite {
        // FTS5 folds case and diacritics beyond ASCII: ŻÓŁTA and zolta find "Żółta".
        assert_eq!(board(&app, "?q=%C5%BB%C3%93%C5%81TA").await, ["Masks of Nyarlathotep"]);
        assert_eq!(board(&app, "?q=zo").await, ["Masks of Nyarlathotep"]);
    }
    // A renamed series is found by its new title only (the search index follows writes).
    assert_eq!(update(&gm, &euro, json!({"title": "Euro Wyverns"})).await.status(), 200);
    assert_eq!(board(&app, "?q=wyvern").await, ["Euro Wyverns"]);
    assert_eq!(board(&app, "?q=DRAGON").await, ["Dragons of Autumn"]);
    assert_eq!(update(&gm, &euro, json!({"title": "Euro Dragons"})).await.status(), 200);
    // Combined.
    assert_eq!(board(&app, &format!("?game_systems={dnd}&price=paid&currency=pln&price_max=100&q=autumn&format=campaign&languages=en")).await,
        ["Dragons of Autumn"]);
    assert_eq!(board(&app, &format!("?game_systems={dnd}&format=one_shot")).await, Vec::<String>::new());

    // Filters that cannot be read are 400, not 500.
    for query in ["?currency=usd&price_min=1", "?price_min=1", "?price_max=abc&currency=pln", "?game_systems=nope",
                  "?languages=xx", "?format=raid", "?limit=0"] {
        let response = app.get(&format!("/api/questboard{query}")).await;
        assert_eq!(response.status(), 400, "{query}");
    }
    // A range that ends below where it starts is refused (not answered with an empty page); equal bounds are a price.
    let (_, code, _) = error_of(app.get("/api/questboard?currency=pln&price_min=50&price_max=40").await).await;
    assert_eq!(code, "invalid_query_parameter", "min above max");
    assert_eq!(board(&app, "?currency=pln&price_min=40&price_max=40").await, ["Dragons of Autumn"]);
    let far = body(app.get("/api/questboard?offset=9223372036854775807").await).await;
    assert_eq!((far["count"].as_u64(), far["items"].as_array().unwrap().len()), (Some(3), 0), "past every row");
    let (_, code, _) = error_of(app.get("/api/questboard?offset=9223372036854775808").await).await;
    assert_eq!(code, "invalid_query_parameter", "beyond int64, as the document says");
    let long = "a".repeat(101);
    assert_eq!(app.get(&format!("/api/questboard?q={long}")).await.status(), 400);

    // On PostgreSQL the text search has trigram indexes (pg_trgm is available on the test server).
    use sea_orm::{DbBackend, Statement};
    let conn = app.state.db.conn();
    if conn.get_database_backend() == DbBackend::Postgres {
        let sql = "SELECT indexname FROM pg_indexes WHERE tablename = 'series' AND indexname LIKE '%trgm' ORDER BY 1";
        let rows = conn.query_all_raw(Statement::from_string(DbBackend::Postgres, sql)).await.unwrap();
        let names: Vec<String> = rows.iter().map(|row| row.try_get("", "indexname").unwrap()).collect();
        assert_eq!(names, ["series_description_trgm", "series_title_trgm"]);
    }
});

db_test!(async fn the_next_session_moves_on_when_it_has_passed(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let system = app.game_system_id("Mörk Borg", None).await;
    let blueprint = gm.create_blueprint_ok("Dying Lands", &system).await;
    let series = published(&gm, &blueprint, "Weekly doom", json!({})).await;
    assert_eq!(series["next_session_at"], "2026-11-24T18:00:00Z");
    let one_shot = create_series_ok(&gm, json!({"title": "Once", "blueprint_id": blueprint["id"]})).await;
    let schedule = json!({"start_time": "12:00", "is_recurring": false, "time_zone": "UTC", "first_date": "2026-11-23"});
    assert_eq!(set_schedule(&gm, &one_shot, schedule).await.status(), 200);

    // Two days on: reads already show the next one; the job stores it.
    app.clock.advance(chrono::Duration::days(2) + chrono::Duration::hours(9));
    let card = body(app.get("/api/questboard").await).await;
    assert_eq!(card["items"][0]["next_session_at"], "2026-11-26T18:00:00Z");
    // The app's own job runner may run the same refresh at any moment now (its job is due on the advanced clock):
    // between the two of them both rows move, once each; the rows stored below are what counts.
    let moved = questline::series::refresh_next_sessions(&app.state).await.unwrap();
    assert!(moved <= 2, "each row moves once: {moved}");
    assert_eq!(questline::series::refresh_next_sessions(&app.state).await.unwrap(), 0, "nothing left to move");
    use sea_orm::Statement;
    let backend = app.state.db.conn().get_database_backend();
    let rows = app.state.db.conn()
        .query_all_raw(Statement::from_string(backend, "SELECT title, next_session_at FROM series ORDER BY title"))
        .await.unwrap();
    let stored: Vec<(String, Option<chrono::DateTime<chrono::Utc>>)> = rows.iter()
        .map(|row| (row.try_get("", "title").unwrap(), row.try_get("", "next_session_at").unwrap())).collect();
    assert_eq!(stored[0], ("Once".to_owned(), None), "a one-shot that took place has no next session");
    assert_eq!(stored[1].1.unwrap().to_rfc3339(), "2026-11-26T18:00:00+00:00");
});
