//! The role matrix: every protected operation is tried as each kind of caller, and each must get exactly the
//! expected status. Later features copy this style: build a `Cast`, then `expect_matrix` per operation.

use std::future::Future;

use questline::accounts::admin::AdminAction;
use serde_json::json;

use crate::helpers::{Browser, TestApp};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    Anonymous,
    Player,
    Gm,
    /// A game master who does not own the thing being acted on.
    OtherGm,
    Admin,
}

pub const EVERYONE: [Actor; 5] = [Actor::Anonymous, Actor::Player, Actor::Gm, Actor::OtherGm, Actor::Admin];

/// One signed-in browser per kind of caller (and one anonymous).
pub struct Cast {
    pub anonymous: Browser,
    pub player: Member,
    pub gm: Member,
    pub other_gm: Member,
    pub admin: Member,
}

pub struct Member {
    pub browser: Browser,
    pub id: String,
    pub email: String,
}

impl Cast {
    pub async fn new(app: &TestApp) -> Self {
        let member = |(browser, id, email)| Member { browser, id, email };
        let admin = member(app.signed_up("Admin Ada").await);
        app.admin(&admin.email, AdminAction::GrantAdmin).await;
        // A grant ends the account's sessions; the admin signs in again.
        assert_eq!(admin.browser.sign_in(&admin.email, crate::helpers::PASSWORD).await.status(), 200);
        Self {
            anonymous: app.browser(),
            player: member(app.signed_up("Player Pat").await),
            gm: member(app.signed_up_gm("Gm Gwen").await),
            other_gm: member(app.signed_up_gm("Gm Otto").await),
            admin,
        }
    }

    pub fn browser(&self, actor: Actor) -> &Browser {
        match actor {
            Actor::Anonymous => &self.anonymous,
            Actor::Player => &self.player.browser,
            Actor::Gm => &self.gm.browser,
            Actor::OtherGm => &self.other_gm.browser,
            Actor::Admin => &self.admin.browser,
        }
    }
}

/// Runs `attempt` as every actor and checks each status against `expected`.
pub async fn expect_matrix<F, Fut>(cast: &Cast, operation: &str, expected: [(Actor, u16); 5], attempt: F)
where
    F: Fn(Browser, Actor) -> Fut,
    Fut: Future<Output = reqwest::Response>,
{
    let mut mismatches = Vec::new();
    for (actor, status) in expected {
        let got = attempt(cast.browser(actor).clone(), actor).await.status().as_u16();
        if got != status {
            mismatches.push(format!("{actor:?}: expected {status}, got {got}"));
        }
    }
    assert!(mismatches.is_empty(), "{operation}: {}", mismatches.join("; "));
}

db_test!(async fn account_operations_by_role(app) {
    let cast = Cast::new(&app).await;
    let roles = |browser: &Browser| {
        let browser = browser.clone();
        async move { browser.me().await["user"]["roles"].clone() }
    };
    assert_eq!(roles(&cast.admin.browser).await, json!(["player", "admin"]));
    assert_eq!(roles(&cast.gm.browser).await, json!(["player", "gm"]));

    expect_matrix(&cast, "updateAccountSettings", [
        (Actor::Anonymous, 401), (Actor::Player, 200), (Actor::Gm, 200), (Actor::OtherGm, 200), (Actor::Admin, 200),
    ], |browser, _| async move {
        browser.send_json(reqwest::Method::PATCH, "/api/account", &json!({"locale": "pl-PL"})).await
    }).await;

    // Only the account itself may make itself a game master; nobody can do it for someone else, admins included.
    let player_id = &cast.player.id;
    app.verify_email(player_id).await;
    expect_matrix(&cast, "becomeGameMaster (the player's account)", [
        (Actor::Anonymous, 401), (Actor::Player, 200), (Actor::Gm, 403), (Actor::OtherGm, 403), (Actor::Admin, 403),
    ], |browser, _| async move {
        browser.post_json(&format!("/api/accounts/{player_id}/become-game-master"), &json!({})).await
    }).await;

    expect_matrix(&cast, "changePassword (wrong current password)", [
        (Actor::Anonymous, 401), (Actor::Player, 422), (Actor::Gm, 422), (Actor::OtherGm, 422), (Actor::Admin, 422),
    ], |browser, _| async move {
        let body = json!({"current_password": "nope nope nope", "new_password": "another long phrase"});
        browser.post_json("/api/account/password", &body).await
    }).await;

    expect_matrix(&cast, "getCurrentUser", EVERYONE.map(|actor| (actor, 200)), |browser, _| async move {
        browser.get("/api/auth/me").await
    }).await;
});

db_test!(async fn blueprint_and_part_operations_by_role(app) {
    use reqwest::Method;
    use serde_json::Value;

    let cast = Cast::new(&app).await;
    let system = app.game_system_id("Daggerheart", None).await;
    let gm = &cast.gm.browser;
    let blueprint = gm.create_blueprint_ok("Owned Blueprint", &system).await;
    let part = gm.create_part_ok("Owned Part").await;
    let (blueprint_id, part_id) = (blueprint["id"].as_str().unwrap(), part["id"].as_str().unwrap());
    let (blueprint_handle, part_handle) = (blueprint["handle"].as_str().unwrap(), part["handle"].as_str().unwrap());
    // Private to the owner: another GM finds nothing (404), a player or an admin who is not a GM is refused (403).
    let owner_only = |ok: u16| {
        [(Actor::Anonymous, 401), (Actor::Player, 403), (Actor::Gm, ok), (Actor::OtherGm, 404), (Actor::Admin, 403)]
    };
    let gm_only = |ok: u16| {
        [(Actor::Anonymous, 401), (Actor::Player, 403), (Actor::Gm, ok), (Actor::OtherGm, ok), (Actor::Admin, 403)]
    };

    expect_matrix(&cast, "listGameSystems", EVERYONE.map(|actor| (actor, 200)), |browser, _| async move {
        browser.get("/api/game-systems").await
    }).await;
    let system_ref = &system;
    expect_matrix(&cast, "createActivityBlueprint", gm_only(201), |browser, actor| async move {
        browser.create_blueprint(&json!({"title": format!("By {actor:?}"), "game_system_id": system_ref})).await
    }).await;
    expect_matrix(&cast, "listMyActivityBlueprints", gm_only(200), |browser, _| async move {
        browser.get("/api/activity-blueprints").await
    }).await;
    expect_matrix(&cast, "getActivityBlueprint", owner_only(200), |browser, _| async move {
        browser.blueprint(blueprint_handle).await
    }).await;
    // Each attempt reads the current version first, so only the caller decides the outcome.
    let version_of = |handle: &str| {
        let gm = gm.clone();
        let handle = handle.to_owned();
        async move { gm.blueprint(&handle).await.json::<Value>().await.unwrap()["version"].as_i64().unwrap() }
    };
    expect_matrix(&cast, "updateActivityBlueprint", owner_only(200), |browser, _| {
        let version_of = &version_of;
        async move {
            let version = version_of(blueprint_handle).await;
            let body = json!({"title": "Renamed", "language": "en", "activity_type": "one_shot",
                "game_system_id": system_ref, "version": version});
            browser.update_blueprint(blueprint_id, &body).await
        }
    }).await;
    expect_matrix(&cast, "setActivityBlueprintParts", owner_only(200), |browser, _| {
        let version_of = &version_of;
        async move {
            let version = version_of(blueprint_handle).await;
            browser.set_blueprint_parts(blueprint_id, &[part_id], version).await
        }
    }).await;
    expect_matrix(&cast, "createBlueprintPart", gm_only(201), |browser, actor| async move {
        browser.create_part(&json!({"title": format!("Part by {actor:?}")})).await
    }).await;
    expect_matrix(&cast, "listMyBlueprintParts", gm_only(200), |browser, _| async move {
        browser.get("/api/activity-blueprint-parts").await
    }).await;
    expect_matrix(&cast, "getBlueprintPart", owner_only(200), |browser, _| async move {
        browser.part(part_handle).await
    }).await;
    expect_matrix(&cast, "updateBlueprintPart", owner_only(200), |browser, _| {
        let gm = gm.clone();
        async move {
            let version = gm.part(part_handle).await.json::<Value>().await.unwrap()["version"].as_i64().unwrap();
            browser.update_part(part_id, &json!({"title": "Renamed part", "version": version})).await
        }
    }).await;
    // Deletion last: only the owner's attempt removes anything, and it comes third.
    expect_matrix(&cast, "deleteBlueprintPart", owner_only(204), |browser, _| async move {
        browser.delete_part(part_id).await
    }).await;
    expect_matrix(&cast, "deleteActivityBlueprint", owner_only(204), |browser, _| async move {
        browser.send_json(Method::DELETE, &format!("/api/activity-blueprints/{blueprint_id}"), &json!({})).await
    }).await;
});
