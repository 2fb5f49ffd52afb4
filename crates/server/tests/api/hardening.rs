//! Issue 31's hardening: text that breaks things, what a stranger may learn, the headers, and the limits on what
//! one account may store or cost.

use serde_json::{Value, json};

use crate::commerce_store::store_post;
use crate::helpers::json::body;
use crate::helpers::{error_of, field_codes, field_messages};

/// The `(status, type, code)` of a refusal.
async fn refusal(response: reqwest::Response) -> (u16, String, String) {
    let status = response.status().as_u16();
    let (kind, code, _) = error_of(response).await;
    (status, kind, code)
}

fn document(text: &str) -> Value {
    json!({"type": "doc", "content": [{"type": "paragraph", "content": [{"type": "text", "text": text}]}]})
}

// --- Text that breaks things ------------------------------------------------------------------------------------

db_test!(async fn nul_and_hidden_characters_are_refused_everywhere_before_any_sql(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let system = app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await;
    let blueprint = gm.create_blueprint_ok("The Sunless Citadel", &system).await;
    let part = gm.create_part_ok("Bestiary").await;

    for title in ["Null\u{0}byte", "Evil\u{202E}txt.exe", "Zero\u{200B}width"] {
        let response = gm.create_blueprint(&json!({"title": title, "game_system_id": system})).await;
        assert_eq!(response.status(), 422, "blueprint {title:?}");
        let (_, _, error) = error_of(response).await;
        assert_eq!(field_codes(&error, "title"), json!(["control_characters"]), "{title:?}");
        assert_eq!(field_messages(&error, "title"), json!(["Title must not contain control characters"]));

        let response = gm.create_part(&json!({"title": title})).await;
        assert_eq!(field_codes(&error_of(response).await.2, "title"), json!(["control_characters"]), "{title:?}");
        let response = gm.post_json("/api/series", &json!({"title": title, "blueprint_id": blueprint["id"]})).await;
        assert_eq!(field_codes(&error_of(response).await.2, "title"), json!(["control_characters"]), "{title:?}");
    }
    // A title is one line; a short description and a part's text may hold line breaks, not NUL.
    let response = gm.create_part(&json!({"title": "Two\nlines"})).await;
    assert_eq!(field_codes(&error_of(response).await.2, "title"), json!(["control_characters"]));
    let response = gm
        .post_json("/api/series", &json!({"title": "Citadel", "blueprint_id": blueprint["id"],
            "short_description": "Short\u{0}"}))
        .await;
    assert_eq!(field_codes(&error_of(response).await.2, "short_description"), json!(["control_characters"]));
    let part_id = part["id"].as_str().unwrap();
    let response = gm.update_part(part_id, &json!({"content": document("Gob\u{0}lins"), "version": 1})).await;
    assert_eq!(response.status(), 422);
    let (_, _, error) = error_of(response).await;
    assert_eq!(field_codes(&error, "content.content.0.content.0.text"), json!(["control_characters"]));
    let response = gm.update_part(part_id, &json!({"content": document("Line one\tand\r\nmore"), "version": 1})).await;
    assert_eq!(response.status(), 200, "tabs and line breaks are text");
    let response = gm.update_blueprint(blueprint["id"].as_str().unwrap(), &json!({"title": "Nul\u{0}", "version": 1}))
        .await;
    assert_eq!(response.status(), 422);

    // Nothing was written.
    let series = body(gm.get("/api/series").await).await;
    assert_eq!(series["count"], 0, "{series}");
    let blueprints = body(gm.get("/api/activity-blueprints").await).await;
    assert_eq!(blueprints["count"], 1, "{blueprints}");

    // A key with NUL, even one no field reads (a cart's body is free-form to a client).
    let visitor = app.browser();
    let response = store_post(&visitor, "/api/store/carts", &json!({"x\u{0}": "y"})).await;
    assert_eq!(response.status(), 422, "a key with NUL");
    let response = store_post(&visitor, "/api/store/carts", &json!({"email": "ada\u{0}@example.test"})).await;
    assert_eq!(response.status(), 422);

    // Paths and queries: refused before any lookup.
    for path in [
        "/api/series/by-handle/a%00b",
        "/api/activity-blueprints/by-handle/a%00b",
        "/api/activity-blueprint-parts/by-handle/a%00b",
        "/api/series/by-handle/a%E2%80%AEb",
    ] {
        assert_eq!(refusal(gm.get(path).await).await.0, 404, "{path}");
    }
    for query in ["q=a%00b", "q=%E2%80%AE", "q%00=x"] {
        let response = app.get(&format!("/api/questboard?{query}")).await;
        assert_eq!(refusal(response).await, (400, "invalid_argument".into(), "invalid_query_parameter".into()), "{query}");
    }
    assert_eq!(app.get("/api/questboard?q=Citadel%20%C5%81%C3%B3d%C5%BA").await.status(), 200);
});

// --- What a stranger may learn, and the headers ------------------------------------------------------------------

db_test!(async fn every_response_limits_the_browsers_powers_and_keeps_its_window_to_itself(app) {
    for path in ["/", "/api/health", "/api/nope"] {
        let response = app.get(path).await;
        let headers = response.headers();
        assert_eq!(headers["permissions-policy"], "camera=(), microphone=(), geolocation=(), payment=(self)", "{path}");
        assert_eq!(headers["cross-origin-opener-policy"], "same-origin", "{path}");
    }
});

// --- Limits on what one account may store ------------------------------------------------------------------------

db_test!(configure = |config| { config.max_parts_per_gm = 2; config.max_blueprints_per_gm = 1; },
async fn a_game_master_keeps_a_bounded_number_of_parts_and_blueprints(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (other, _, _) = app.signed_up_gm("Otto").await;
    let system = app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await;
    let blueprint = gm.create_blueprint_ok("The Sunless Citadel", &system).await;
    let response = gm.create_blueprint(&json!({"title": "Tomb of Horrors", "game_system_id": system})).await;
    assert_eq!(refusal(response).await, (409, "not_allowed".into(), "blueprint_limit_reached".into()));
    gm.create_part_ok("Bestiary").await;
    gm.create_part_ok("Maps").await;
    let response = gm.create_part(&json!({"title": "Handouts"})).await;
    assert_eq!(response.status(), 409);
    let (_, code, error) = error_of(response).await;
    assert_eq!(code, "part_limit_reached");
    assert!(error["message"].as_str().unwrap().contains("at most 2 blueprint parts"), "{error}");
    let parts = body(gm.get("/api/activity-blueprint-parts").await).await;
    assert_eq!(parts["count"], 2, "nothing written");

    // The limit is each GM's own; deleting one makes room again.
    other.create_blueprint_ok("Otto's Keep", &system).await;
    assert_eq!(gm.delete_blueprint(blueprint["id"].as_str().unwrap()).await.status(), 204);
    gm.create_blueprint_ok("Tomb of Horrors", &system).await;
});

// --- Becoming a game master ---------------------------------------------------------------------------------------

db_test!(async fn only_a_proven_e_mail_address_becomes_a_game_master_and_a_gm_keeps_the_role(app) {
    let (browser, id, email) = app.signed_up("Gwen").await;
    let path = format!("/api/accounts/{id}/become-game-master");
    let response = browser.post_json(&path, &json!({})).await;
    assert_eq!(response.status(), 403);
    let (kind, code, error) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("forbidden", "email_verification_required"));
    assert!(error["message"].as_str().unwrap().starts_with("Confirm your e-mail address"), "{error}");
    assert_eq!(browser.me().await["user"]["roles"], json!(["player"]), "nothing changed");

    // The verification link proves the address; then the role is granted.
    let token = app.mail.link_token(&email, "/verify-email", 0).await;
    assert!(browser.post_json("/api/auth/verify-email", &json!({"token": token})).await.status().is_success());
    let response = browser.post_json(&path, &json!({})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(body(response).await["user"]["roles"], json!(["player", "gm"]));

    // A game master whose address is no longer proven (an older account) keeps the role.
    {
        use questline::db::entities::account;
        use sea_orm::sea_query::Expr;
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        account::Entity::update_many()
            .col_expr(account::Column::EmailVerifiedAt, Expr::value(Option::<chrono::DateTime<chrono::Utc>>::None))
            .filter(account::Column::Id.eq(uuid::Uuid::parse_str(&id).unwrap()))
            .exec(app.state.db.conn())
            .await
            .unwrap();
    }
    assert_eq!(browser.post_json(&path, &json!({})).await.status(), 200);
    assert_eq!(browser.me().await["user"]["roles"], json!(["player", "gm"]));
});
