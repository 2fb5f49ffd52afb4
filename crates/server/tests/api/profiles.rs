//! Profiles: created with the account, the public/private split, the spec's validation messages, GM parts for GMs.

use reqwest::Method;
use serde_json::{Value, json};

use crate::commerce_store::store_get;
use crate::helpers::{error_of, field_codes, field_messages};
use crate::roles::{Actor, Cast, expect_matrix};

fn complete_base() -> Value {
    json!({"base": {
        "first_name": "Ada", "last_name": "Lovelace", "display_name": "Countess", "birthdate": "1990-12-10",
        "bio": "I run gothic horror one-shots.", "language": "pl",
        "location": {"address1": "Main Street 1", "city": "Kraków", "postal_code": "30-001", "country": "PL"},
        "phone": {"phone": "+48 600 100 200"}
    }})
}

db_test!(async fn every_account_gets_a_profile_with_the_defaults(app) {
    let (browser, id, email) = app.signed_up("Ada").await;
    let profile = browser.my_profile().await;
    assert_eq!(profile["account_id"], id);
    assert_eq!(profile["type"], "player");
    assert_eq!(profile["display_name"], "Ada");
    assert_eq!(profile["player"], json!({"claimed_years_experience": 0, "experience_level": "beginner", "playstyles": []}));
    assert_eq!(profile["gm"], Value::Null);
    assert_eq!(profile["basics_completed"], false);
    assert_eq!(profile["email"], email);
    assert_eq!(app.get("/api/profile").await.status(), 401, "anonymous visitors have no own profile");
});

db_test!(async fn strangers_see_the_public_fields_only(app) {
    let (owner, id, email) = app.signed_up("Ada").await;
    let profile_id = owner.my_profile().await["profile_id"].as_str().unwrap().to_owned();
    assert_eq!(owner.update_profile(&profile_id, &complete_base()).await.status(), 200);

    for viewer in [app.browser(), app.signed_up("Stranger").await.0] {
        let response = viewer.get(&format!("/api/accounts/{id}/profile")).await;
        assert_eq!(response.status(), 200);
        let text = response.text().await.unwrap();
        let public: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(public["display_name"], "Countess");
        assert_eq!(public["bio"], "I run gothic horror one-shots.");
        assert_eq!(public["profile_id"], profile_id);
        assert!(public["member_since"].is_string());
        for private in ["birthdate", "phone", "location", "email", "first_name", "last_name"] {
            assert!(public.get(private).is_none(), "{private} must not be public");
        }
        for secret in ["1990-12-10", "600 100 200", "Main Street", &email] {
            assert!(!text.contains(secret), "{secret} leaked into the public profile");
        }
    }

    let own = owner.my_profile().await;
    assert_eq!(own["birthdate"], "1990-12-10");
    assert_eq!(own["phone"]["phone"], "+48 600 100 200");
    assert_eq!(own["location"]["country"], "pl");
    assert_eq!(own["basics_completed"], true);
    assert_eq!(owner.me().await["user"]["name"], "Countess", "the display name is the account's");
});

db_test!(async fn basic_info_follows_the_spec_messages(app) {
    let (browser, _, _) = app.signed_up("Ada").await;
    let profile_id = browser.my_profile().await["profile_id"].as_str().unwrap().to_owned();
    let response = browser.update_profile(&profile_id, &json!({"base": {
        "first_name": " ", "last_name": "", "display_name": "", "bio": "b".repeat(251)
    }})).await;
    assert_eq!(response.status(), 422);
    let (_, _, error) = error_of(response).await;
    assert_eq!(field_messages(&error, "base.first_name"), json!(["First name is required"]));
    assert_eq!(field_messages(&error, "base.last_name"), json!(["Last name is required"]));
    assert_eq!(field_messages(&error, "base.display_name"), json!(["Display name is required"]));
    assert_eq!(field_messages(&error, "base.birthdate"), json!(["Birthdate is required"]));
    assert_eq!(field_messages(&error, "base.bio"), json!(["Bio must be less than 250 characters"]));
    assert_eq!(field_codes(&error, "base.first_name"), json!(["first_name_required"]));
    assert_eq!(field_codes(&error, "base.bio"), json!(["bio_too_long"]));

    let mut future = complete_base();
    future["base"]["birthdate"] = json!("2030-01-01");
    let (_, _, error) = error_of(browser.update_profile(&profile_id, &future).await).await;
    assert_eq!(field_messages(&error, "base.birthdate"), json!(["Birthdate must be in the past"]));
    assert_eq!(browser.my_profile().await["basics_completed"], false, "nothing was written");
});

db_test!(async fn experience_and_playstyles_follow_the_spec_messages(app) {
    let (browser, _, _) = app.signed_up("Ada").await;
    let profile_id = browser.my_profile().await["profile_id"].as_str().unwrap().to_owned();
    let body = json!({"player": {"claimed_years_experience": 101, "experience_level": ""}});
    let (_, _, error) = error_of(browser.update_profile(&profile_id, &body).await).await;
    assert_eq!(field_messages(&error, "player.claimed_years_experience"), json!(["Years of experience must be between 0 and 100"]));
    assert_eq!(field_messages(&error, "player.experience_level"), json!(["Experience level is required"]));
    let (_, _, error) = error_of(browser.update_profile(&profile_id, &json!({"player": {"playstyles": []}})).await).await;
    assert_eq!(field_messages(&error, "player.playstyles"), json!(["At least one playstyle must be selected"]));

    let body = json!({"player": {"claimed_years_experience": 7, "experience_level": "veteran"}});
    assert_eq!(browser.update_profile(&profile_id, &body).await.status(), 200);
    let saved = browser.update_profile(&profile_id, &json!({"player": {"playstyles": ["tactical", "story_driven"]}})).await;
    let saved: Value = saved.json().await.unwrap();
    assert_eq!(
        saved["player"],
        json!({"claimed_years_experience": 7, "experience_level": "veteran", "playstyles": ["tactical", "story_driven"]})
    );
});

db_test!(async fn the_gm_part_is_for_game_masters(app) {
    let (player, player_id, _) = app.signed_up("Pat").await;
    let profile_id = player.my_profile().await["profile_id"].as_str().unwrap().to_owned();
    let refused = player.update_profile(&profile_id, &json!({"gm": {"playstyles": ["sandbox"]}})).await;
    assert_eq!(refused.status(), 403);
    assert_eq!(error_of(refused).await.1, "role_required");

    app.verify_email(&player_id).await;
    player.post_json(&format!("/api/accounts/{player_id}/become-game-master"), &json!({})).await;
    let body = json!({"gm": {"claimed_years_experience": 3, "experience_level": "advanced", "playstyles": ["sandbox"]}});
    assert_eq!(player.update_profile(&profile_id, &body).await.status(), 200);
    let public: Value = app.get(&format!("/api/accounts/{player_id}/profile")).await.json().await.unwrap();
    assert_eq!(public["type"], "gm");
    assert_eq!(public["gm"]["experience_level"], "advanced");
    assert!(public["gm_since"].is_string());
});

db_test!(async fn a_stale_version_is_refused(app) {
    let (browser, _, _) = app.signed_up("Ada").await;
    let profile = browser.my_profile().await;
    let profile_id = profile["profile_id"].as_str().unwrap();
    let version = profile["version"].as_i64().unwrap();
    let first = browser.update_profile(profile_id, &json!({"player": {"playstyles": ["casual"]}, "version": version})).await;
    assert_eq!(first.status(), 200);
    let stale = browser.update_profile(profile_id, &json!({"player": {"playstyles": ["sandbox"]}, "version": version})).await;
    assert_eq!(stale.status(), 409);
    assert_eq!(error_of(stale).await.1, "stale_version");
});

db_test!(async fn only_the_owner_edits_a_profile(app) {
    let cast = Cast::new(&app).await;
    let profile: Value = cast.gm.browser.get("/api/profile").await.json().await.unwrap();
    let profile_id = profile["profile_id"].as_str().unwrap().to_owned();
    let profile_id = &profile_id;
    expect_matrix(&cast, "updateProfile (the gm's profile)", [
        (Actor::Anonymous, 401), (Actor::Player, 403), (Actor::Gm, 200), (Actor::OtherGm, 403), (Actor::Admin, 403),
    ], |browser, _| async move {
        let body = json!({"player": {"playstyles": ["casual"]}});
        browser.send_json(Method::PATCH, &format!("/api/profiles/{profile_id}"), &body).await
    }).await;
});

db_test!(async fn deleted_accounts_have_no_profile(app) {
    let (browser, id, _) = app.signed_up("Dora").await;
    let profile_id = browser.my_profile().await["profile_id"].as_str().unwrap().to_owned();
    browser.update_profile(&profile_id, &complete_base()).await;
    browser.send_json(Method::DELETE, "/api/account", &json!({"password": crate::helpers::PASSWORD})).await;
    assert_eq!(app.get(&format!("/api/accounts/{id}/profile")).await.status(), 404);
    assert_eq!(app.get(&format!("/api/accounts/{}/profile", uuid::Uuid::now_v7())).await.status(), 404);
});

db_test!(async fn regions_are_listed_with_poland_first(app) {
    let shopper = app.browser();
    let list: Value = store_get(&shopper, "/api/store/regions").await.json().await.unwrap();
    let regions = list["regions"].as_array().unwrap();
    assert_eq!(regions[0]["name"], "Poland");
    assert_eq!(regions[0]["currency_code"], "pln");
    assert!(regions.iter().any(|r| r["currency_code"] == "eur"));
    let id = regions[1]["id"].as_str().unwrap();
    let one: Value = store_get(&shopper, &format!("/api/store/regions/{id}")).await.json().await.unwrap();
    assert_eq!(one["region"]["id"], id);
    let missing = store_get(&shopper, &format!("/api/store/regions/{}", uuid::Uuid::now_v7())).await;
    assert_eq!(missing.status(), 404);
    assert_eq!(error_of(missing).await.1, "region_not_found");
});

db_test!(async fn admins_add_and_remove_regions_from_the_command_line(app) {
    let added = questline::commerce::regions::add_region(&app.state.db, "Belgium", "EUR").await.unwrap();
    assert_eq!(added.currency_code, "eur");
    let shopper = app.browser();
    let providers: Value =
        store_get(&shopper, &format!("/api/store/payment-providers?region_id={}", added.id)).await.json().await.unwrap();
    assert_eq!(providers["payment_providers"], json!([{"id": "pp_system_default", "is_enabled": true}]),
        "a new region offers the built-in provider, as the seeded ones do");
    let list: Value = store_get(&shopper, "/api/store/regions").await.json().await.unwrap();
    assert_eq!(list["regions"].as_array().unwrap().last().unwrap()["name"], "Belgium", "new regions go last");
    assert!(questline::commerce::regions::add_region(&app.state.db, "Utopia", "usd").await.is_err());
    questline::commerce::regions::remove_region(&app.state.db, "Belgium").await.unwrap();
    let list: Value = store_get(&shopper, "/api/store/regions").await.json().await.unwrap();
    assert!(list["regions"].as_array().unwrap().iter().all(|r| r["name"] != "Belgium"));
    assert!(questline::commerce::regions::remove_region(&app.state.db, "Atlantis").await.is_err());
});
