//! Game systems, activity blueprints and their rich-text parts: the tree in two languages and its admin commands,
//! the spec's validation messages, handles, versions, the order of parts, and documents that must be refused.

use questline::events::EventBus;
use questline::game_systems::admin::{self, GameSystemAction};
use serde_json::{Value, json};

use crate::helpers::json::body;
use crate::helpers::{Browser, TestApp, error_of, field_codes, field_messages};

async fn game_systems(app: &TestApp, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/game-systems{query}")).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["items"].as_array().unwrap().clone()
}

fn named<'a>(items: &'a [Value], name: &str) -> &'a Value {
    items.iter().find(|item| item["name"] == name).unwrap_or_else(|| panic!("{name} is in the tree"))
}

db_test!(async fn game_systems_are_a_curated_tree_in_english_and_polish(app) {
    let english = game_systems(&app, "").await;
    assert!((38..=50).contains(&english.len()), "about 40 systems, got {}", english.len());
    // Families with their editions as children, depth first: the family, then its editions in order.
    let dnd = named(&english, "Dungeons & Dragons");
    assert!(dnd["parent_id"].is_null());
    let editions: Vec<&Value> = dnd["children_ids"].as_array().unwrap().iter()
        .map(|id| english.iter().find(|s| &s["id"] == id).unwrap()).collect();
    assert_eq!(editions[0]["name"], "5e (2024)");
    assert_eq!(editions[1]["name"], "5e (2014)");
    assert!(editions.iter().all(|edition| edition["parent_id"] == dnd["id"]));
    let position = |name: &str| english.iter().position(|s| s["name"] == name).unwrap();
    assert_eq!(position("5e (2024)"), position("Dungeons & Dragons") + 1);
    for name in ["Pathfinder", "Call of Cthulhu", "Warhammer Fantasy Roleplay", "Vampire: The Masquerade",
                 "Blades in the Dark", "Cyberpunk RED", "Savage Worlds", "Shadowrun", "Mörk Borg", "Daggerheart",
                 "Neuroshima", "Monastyr", "Wiedźmin: Gra Wyobraźni", "Dzikie Pola", "4e, Polish edition"] {
        named(&english, name);
    }

    let polish = game_systems(&app, "?language=pl").await;
    assert_eq!(polish.len(), english.len());
    assert_eq!(named(&polish, "Zew Cthulhu")["id"], named(&english, "Call of Cthulhu")["id"]);
    assert_eq!(named(&polish, "5. edycja (2024)")["id"], named(&english, "5e (2024)")["id"]);
    // No Polish name: the English one.
    assert_eq!(named(&polish, "Mörk Borg")["id"], named(&english, "Mörk Borg")["id"]);

    let (kind, code, _) = error_of(app.get("/api/game-systems?language=xx").await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "invalid_query_parameter"));
});

db_test!(async fn the_admin_commands_manage_the_tree_and_refuse_cycles_and_systems_in_use(app) {
    let events = EventBus::new(std::sync::Arc::new(app.clock.clone()));
    let run = |action| {
        let (db, events) = (app.state.db.clone(), events.clone());
        async move { admin::apply(&db, &events, action).await }
    };
    let add = |key: &str, name: &str, parent: Option<&str>| GameSystemAction::Add {
        key: key.into(), name: name.into(), pl: Some(format!("{name} PL")), parent: parent.map(Into::into),
    };
    run(add("homebrew", "Homebrew", None)).await.unwrap();
    run(add("homebrew-2", "Second draft", Some("homebrew"))).await.unwrap();
    run(add("homebrew-3", "Third draft", Some("homebrew-2"))).await.unwrap();
    let duplicate = run(add("homebrew", "Again", None)).await.unwrap_err();
    assert!(duplicate.to_string().contains("already exists"), "{duplicate}");

    let polish = game_systems(&app, "?language=pl").await;
    assert_eq!(named(&polish, "Third draft PL")["parent_id"], named(&polish, "Second draft PL")["id"]);

    // A family cannot go under its own edition.
    let cycle = run(GameSystemAction::Move { key: "homebrew".into(), parent: Some("homebrew-3".into()), root: false })
        .await.unwrap_err();
    assert!(cycle.to_string().contains("inside itself"), "{cycle}");
    run(GameSystemAction::Move { key: "homebrew-3".into(), parent: None, root: true }).await.unwrap();
    run(GameSystemAction::Rename { key: "homebrew-3".into(), name: "Final draft".into(), pl: Some(String::new()) })
        .await.unwrap();
    let english = game_systems(&app, "").await;
    assert!(named(&english, "Final draft")["parent_id"].is_null());
    assert_eq!(named(&game_systems(&app, "?language=pl").await, "Final draft")["id"], named(&english, "Final draft")["id"]);

    // A system with editions, or one a blueprint uses, stays.
    let with_editions = run(GameSystemAction::Remove { key: "homebrew".into() }).await.unwrap_err();
    assert!(with_editions.to_string().contains("edition"), "{with_editions}");
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    gm.create_blueprint_ok("Homebrew night", named(&english, "Second draft")["id"].as_str().unwrap()).await;
    let in_use = run(GameSystemAction::Remove { key: "homebrew-2".into() }).await.unwrap_err();
    assert!(in_use.to_string().contains("blueprints use it"), "{in_use}");
    run(GameSystemAction::Remove { key: "homebrew-3".into() }).await.unwrap();
    assert!(!game_systems(&app, "").await.iter().any(|s| s["name"] == "Final draft"));
    let listed = run(GameSystemAction::List).await.unwrap();
    assert!(listed.contains("  Second draft (homebrew-2)"), "{listed}");
});

db_test!(async fn blueprints_follow_the_spec_rules_and_defaults(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let system = app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await;

    // Every field message at once; nothing written.
    let (kind, _, error) = error_of(gm.create_blueprint(&json!({"title": " "})).await).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_messages(&error, "title"), json!(["Title is required"]));
    assert_eq!(field_messages(&error, "game_system_id"), json!(["Game system is required"]));
    let (_, _, error) = error_of(gm.create_blueprint(&json!({"title": "ab", "game_system_id": system})).await).await;
    assert_eq!(field_messages(&error, "title"), json!(["Title must be at least 3 characters"]));
    assert_eq!(
        error["fields"]["title"],
        json!([{"code": "title_too_short", "message": "Title must be at least 3 characters", "params": {"min": 3}}]),
        "each field error has a code the web translates, the spec's message and the values it names"
    );
    let long = "x".repeat(101);
    let (_, _, error) = error_of(gm.create_blueprint(&json!({"title": long, "game_system_id": system})).await).await;
    assert_eq!(field_messages(&error, "title"), json!(["Title must be less than 100 characters"]));
    let unknown = uuid::Uuid::now_v7();
    let (_, _, error) = error_of(gm.create_blueprint(&json!({"title": "The Keep", "game_system_id": unknown})).await).await;
    assert_eq!(field_messages(&error, "game_system_id"), json!(["Game system not found"]));
    assert_eq!(field_codes(&error, "game_system_id"), json!(["game_system_not_found"]));
    let response = gm.create_blueprint(&json!({"title": "The Keep", "game_system_id": system, "activity_type": "raid"})).await;
    assert_eq!(error_of(response).await.1, "invalid_body");
    let list: Value = body(gm.get("/api/activity-blueprints").await).await;
    assert_eq!(list["count"], 0);

    // Defaults: English, campaign. A readable handle from the title.
    let citadel = gm.create_blueprint_ok("The Sunless Citadel", &system).await;
    assert_eq!(citadel["handle"], "the-sunless-citadel");
    assert_eq!(citadel["language"], "en");
    assert_eq!(citadel["activity_type"], "campaign");
    assert_eq!(citadel["game_system_id"], system);
    assert_eq!(citadel["parts"], json!([]));
    assert_eq!(citadel["version"], 1);
    let again = gm.create_blueprint_ok("The Sunless Citadel!", &system).await;
    assert_eq!(again["handle"], "the-sunless-citadel-2");
    let polish = gm.create_blueprint(&json!({"title": "Wiedźmin: Łowca z Żółtej Wieży", "game_system_id": system,
        "language": "pl", "activity_type": "one_shot"})).await;
    let polish = body(polish).await;
    assert_eq!(polish["handle"], "wiedzmin-lowca-z-zoltej-wiezy");
    assert_eq!(polish["activity_type"], "one_shot");
    assert_eq!(gm.create_blueprint_ok("Create", &system).await["handle"], "create-2", "reserved words are skipped");

    // Editing keeps the handle; a stale version is a conflict and writes nothing.
    app.clock.advance(chrono::Duration::minutes(1));
    let id = citadel["id"].as_str().unwrap();
    let edit = |title: &str, version: i64| json!({"title": title, "language": "pl", "activity_type": "one_shot",
        "game_system_id": system, "version": version});
    let updated = body(gm.update_blueprint(id, &edit("The Sunless Citadel, revised", 1)).await).await;
    assert_eq!(updated["handle"], "the-sunless-citadel");
    assert_eq!(updated["title"], "The Sunless Citadel, revised");
    assert_eq!(updated["language"], "pl");
    assert_eq!(updated["version"], 2);
    let (kind, code, _) = error_of(gm.update_blueprint(id, &edit("Overwritten", 1)).await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("conflict", "stale_version"));
    let (_, _, error) = error_of(gm.update_blueprint(id, &edit("", 2)).await).await;
    assert_eq!(field_messages(&error, "title"), json!(["Title is required"]));
    let current = body(gm.blueprint("the-sunless-citadel").await).await;
    assert_eq!(current["title"], "The Sunless Citadel, revised");

    // The owner's list, in pages, most recently changed first.
    let page: Value = body(gm.get("/api/activity-blueprints?limit=2&offset=0").await).await;
    assert_eq!((page["count"].as_u64(), page["limit"].as_u64()), (Some(4), Some(2)));
    assert_eq!(page["items"][0]["title"], "The Sunless Citadel, revised");
    let rest: Value = body(gm.get("/api/activity-blueprints?limit=2&offset=2").await).await;
    assert_eq!(rest["items"].as_array().unwrap().len(), 2);
    assert_eq!(error_of(gm.get("/api/activity-blueprints?limit=101").await).await.1, "invalid_query_parameter");
    // An offset past what the databases can bind is refused, not a server error (found by schemathesis).
    let past = gm.get("/api/activity-blueprints?offset=9223372036854775808").await;
    assert_eq!(error_of(past).await.1, "invalid_query_parameter");
    let far = body(gm.get("/api/activity-blueprints?offset=9223372036854775807").await).await;
    assert_eq!(far["items"].as_array().unwrap().len(), 0);

    // Events go to the owner only.
    use sea_orm::{EntityTrait, QueryFilter, ColumnTrait};
    let events = questline::db::entities::event::Entity::find()
        .filter(questline::db::entities::event::Column::Entity.eq("activity_blueprint"))
        .all(app.state.db.conn()).await.unwrap();
    assert!(!events.is_empty());
    for event in events {
        assert_eq!(event.audience, json!({"accounts": [gm_id]}));
    }

    assert_eq!(gm.delete_blueprint(id).await.status(), 204);
    assert_eq!(gm.blueprint("the-sunless-citadel").await.status(), 404);
    assert_eq!(gm.delete_blueprint(id).await.status(), 404);
});

async fn version(gm: &Browser, handle: &str) -> i64 {
    body(gm.blueprint(handle).await).await["version"].as_i64().unwrap()
}

db_test!(async fn parts_keep_their_order_and_serve_several_blueprints(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (other, _, _) = app.signed_up_gm("Otto").await;
    let system = app.game_system_id("Mörk Borg", None).await;
    let keep = gm.create_blueprint_ok("The Keep", &system).await;
    let tower = gm.create_blueprint_ok("The Tower", &system).await;
    let (keep_id, tower_id) = (keep["id"].as_str().unwrap(), tower["id"].as_str().unwrap());
    let [intro, map, finale] = [gm.create_part_ok("Intro").await, gm.create_part_ok("Map").await, gm.create_part_ok("Finale").await];
    let id = |part: &Value| part["id"].as_str().unwrap().to_owned();
    let (intro_id, map_id, finale_id) = (id(&intro), id(&map), id(&finale));

    let set = body(gm.set_blueprint_parts(keep_id, &[&finale_id, &intro_id, &map_id], 1).await).await;
    let titles = |blueprint: &Value| blueprint["parts"].as_array().unwrap().iter().map(|p| p["title"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(titles(&set), ["Finale", "Intro", "Map"]);
    assert_eq!(set["version"], 2);
    // Reordered (what drag and keyboard send), read back in the same order.
    gm.set_blueprint_parts(keep_id, &[&intro_id, &map_id, &finale_id], 2).await;
    assert_eq!(titles(&body(gm.blueprint("the-keep").await).await), ["Intro", "Map", "Finale"]);
    let (_, code, _) = error_of(gm.set_blueprint_parts(keep_id, &[&map_id], 2).await).await;
    assert_eq!(code, "stale_version");

    // A part repeats, or is someone else's: refused on `part_ids`.
    let (_, _, error) = error_of(gm.set_blueprint_parts(keep_id, &[&map_id, &map_id], 3).await).await;
    assert_eq!(field_messages(&error, "part_ids"), json!(["A part can appear only once in a blueprint"]));
    let stranger = id(&other.create_part_ok("Not yours").await);
    let (_, _, error) = error_of(gm.set_blueprint_parts(keep_id, &[&intro_id, &stranger], 3).await).await;
    assert_eq!(field_messages(&error, "part_ids"), json!(["Part not found"]));
    assert_eq!(titles(&body(gm.blueprint("the-keep").await).await), ["Intro", "Map", "Finale"], "nothing written");

    // One part serves two blueprints.
    app.clock.advance(chrono::Duration::minutes(1));
    gm.set_blueprint_parts(tower_id, &[&map_id], 1).await;
    let map_now = body(gm.part("map").await).await;
    let users: Vec<&str> = map_now["used_in"].as_array().unwrap().iter().map(|b| b["handle"].as_str().unwrap()).collect();
    assert_eq!(users, ["the-keep", "the-tower"]);
    let list: Value = body(gm.get("/api/activity-blueprints").await).await;
    let counts: Vec<u64> = list["items"].as_array().unwrap().iter().map(|b| b["part_count"].as_u64().unwrap()).collect();
    assert_eq!(counts, [1, 3], "the tower changed last");

    // Deleting a part takes it out of both; deleting a blueprint keeps its parts.
    assert_eq!(gm.delete_part(&map_id).await.status(), 204);
    assert_eq!(titles(&body(gm.blueprint("the-keep").await).await), ["Intro", "Finale"]);
    assert_eq!(titles(&body(gm.blueprint("the-tower").await).await), Vec::<String>::new());
    assert_eq!(gm.delete_blueprint(keep_id).await.status(), 204);
    assert_eq!(gm.part("intro").await.status(), 200);
    // Removing every part is allowed (the "at least one" rule is the add dialog's).
    let version = version(&gm, "the-tower").await;
    assert_eq!(gm.set_blueprint_parts(tower_id, &[], version).await.status(), 200);
});

fn document(text: &str) -> Value {
    json!({"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": text}]}]})
}

db_test!(async fn part_content_is_checked_and_hostile_documents_are_refused(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    // Created with `{}`, content type activity_blueprint, English.
    let part = body(gm.create_part(&json!({"title": "Bestiary", "content": {}})).await).await;
    assert_eq!(part["content"], json!({}));
    assert_eq!(part["content_type"], "activity_blueprint");
    assert_eq!(part["language"], "en");
    assert_eq!(part["handle"], "bestiary");
    let id = part["id"].as_str().unwrap();
    let (_, _, error) = error_of(gm.create_part(&json!({"title": "", "content": {}})).await).await;
    assert_eq!(field_messages(&error, "title"), json!(["Title is required"]));

    let saved = body(gm.update_part(id, &json!({"content": document("Goblins, ładnie."), "version": 1})).await).await;
    assert_eq!(saved["characters"], 16);
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["title"], "Bestiary", "autosave sends the content alone");
    let (_, code, _) = error_of(gm.update_part(id, &json!({"content": document("from another tab"), "version": 1})).await).await;
    assert_eq!(code, "stale_version");

    let over = document(&"a".repeat(20_001));
    let (kind, _, error) = error_of(gm.update_part(id, &json!({"content": over, "version": 2})).await).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_messages(&error, "content"), json!(["Content must be less than 20000 characters"]));
    assert_eq!(gm.update_part(id, &json!({"content": document(&"a".repeat(20_000)), "version": 2})).await.status(), 200);

    let corpus: Vec<Value> =
        serde_json::from_str(include_str!("../../../../test-support/rich-text/hostile-documents.json")).unwrap();
    for entry in &corpus {
        let response = gm.update_part(id, &json!({"content": entry["document"], "version": 3})).await;
        let status = response.status().as_u16();
        // Too deep for the JSON reader itself (400), or refused by the allowlist (422): never stored.
        assert!(status == 422 || status == 400, "{}: {status}", entry["name"]);
        let created = gm.create_part(&json!({"title": "Hostile", "content": entry["document"]})).await;
        assert!([400, 422].contains(&created.status().as_u16()), "{} on create", entry["name"]);
    }
    let stored = body(gm.part("bestiary").await).await;
    assert_eq!(stored["version"], 3, "no hostile document was written");
    let list: Value = body(gm.get("/api/activity-blueprint-parts").await).await;
    assert_eq!(list["count"], 1);
});
