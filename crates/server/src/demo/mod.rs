//! `questline demo-data`: fills an empty database with a believable world — twelve verified game masters with
//! profiles, and forty published or active series across game systems, languages, prices, schedules and time zones,
//! each with a thumbnail and a banner drawn by this program (nothing is downloaded), and applications between the
//! game masters (some accepted), so My Games and the application lists have content. Every demo account signs in
//! with [`DEMO_PASSWORD`].
//!
//! The accounts are created through the accounts feature (verified, as an administrator would); everything else
//! goes through the API itself, on a private port of an application started for the purpose, so every rule of every
//! feature checks the data exactly as it checks a user's.

use anyhow::{Context, bail};
use chrono::{Days, Utc};
use image::{ImageEncoder, Rgb, RgbImage};
use questline_domain::accounts::{DisplayName, Email, Locale, NewPassword, TimeZone};
use reqwest::Client;
use sea_orm::{EntityTrait, PaginatorTrait};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::accounts;
use crate::app::Application;
use crate::config::Config;
use crate::db::entities::account;
use crate::state::AppState;

/// The password of every demo account (the README names it).
pub const DEMO_PASSWORD: &str = "questline-demo";

/// What a run did.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Loaded {
        game_masters: usize,
        series: usize,
    },
    /// The database already has accounts: nothing was written.
    NotEmpty,
}

mod pictures;
#[cfg(test)]
mod tests;
mod world;

use pictures::*;
use world::*;

/// Fills the database if it has no account yet (otherwise answers `NotEmpty` and writes nothing).
pub async fn load(mut config: Config) -> anyhow::Result<Outcome> {
    // A private port and address for this run; cookies without `Secure`, which a plain-http client would not send.
    config.port = 0;
    config.bind = std::net::IpAddr::from([127, 0, 0, 1]);
    config.public_url = None;
    let app = Application::build(config).await?;
    if account::Entity::find().count(app.state.db.conn()).await? > 0 {
        app.run_until(async {}).await?;
        return Ok(Outcome::NotEmpty);
    }
    let base = format!("http://{}", app.local_addr());
    let state = app.state.clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    let result = fill(&state, &base).await;
    let _ = stop.send(());
    let _ = server.await;
    result
}

async fn fill(state: &AppState, base: &str) -> anyhow::Result<Outcome> {
    let systems: Value = Client::new().get(format!("{base}/api/game-systems")).send().await?.json().await?;
    let systems = systems["items"].as_array().context("game systems")?.clone();
    let system_id = |name: &str, family: Option<&str>| -> anyhow::Result<String> {
        let family_id = match family {
            Some(family) => Some(
                systems
                    .iter()
                    .find(|s| s["name"] == family && s["parent_id"].is_null())
                    .with_context(|| format!("game system family {family}"))?["id"]
                    .clone(),
            ),
            None => None,
        };
        systems
            .iter()
            .find(|s| s["name"] == name && family_id.as_ref().is_none_or(|id| &s["parent_id"] == id))
            .and_then(|s| s["id"].as_str())
            .map(str::to_owned)
            .with_context(|| format!("game system {name}"))
    };
    let today = Utc::now().date_naive();
    let mut clients = Vec::new();
    for (index, gm) in GMS.iter().enumerate() {
        clients.push(game_master(state, base, index, gm).await.with_context(|| format!("game master {}", gm.first))?);
    }
    let mut created = Vec::new();
    for (index, (title, description, system, family, one_shot)) in SERIES.iter().enumerate() {
        let gm_index = GM_OF[index];
        let (client, _) = &clients[gm_index];
        let gm = &GMS[gm_index];
        let system = system_id(system, *family)?;
        let series = series(client, base, index, gm, title, description, &system, *one_shot, today)
            .await
            .with_context(|| format!("series {title}"))?;
        tracing::debug!(handle = %series["handle"], "demo series");
        created.push(series);
    }
    applications(&clients, base, &created).await.context("applications")?;
    Ok(Outcome::Loaded { game_masters: GMS.len(), series: SERIES.len() })
}

/// Every table that recruits gets an application from the next game master (accepted at two tables in three, with
/// a reply), and every third one a second, still pending, so My Games and the GMs' application lists have content.
async fn applications(clients: &[(Client, Uuid)], base: &str, created: &[Value]) -> anyhow::Result<()> {
    let post = |client: &Client, path: String, body: Value| {
        client.post(format!("{base}{path}")).header("X-Questline-Csrf", "1").json(&body).send()
    };
    for (index, series) in created.iter().enumerate() {
        if series["recruitment_status"] != "open" {
            continue;
        }
        let gm_index = GM_OF[index];
        let mut applicants = vec![(gm_index + 1) % clients.len()];
        if index % 3 == 0 {
            applicants.push((gm_index + 5) % clients.len());
        }
        for (n, applicant) in applicants.into_iter().enumerate() {
            let message =
                ["Count me in! I can bring dice and snacks.", "First time at this table, looking forward to it."][n];
            let body = json!({"series_id": series["id"], "message": message});
            let application =
                expect(post(&clients[applicant].0, "/api/series-applications".into(), body).await?, "apply").await?;
            if n == 0 && index % 3 != 1 {
                let id = application["id"].as_str().context("application id")?;
                let reply = json!({"message": "Welcome aboard!"});
                let path = format!("/api/series-applications/{id}/accept");
                expect(post(&clients[gm_index].0, path, reply).await?, "accept").await?;
            }
        }
    }
    Ok(())
}

fn email_of(gm: &Gm) -> String {
    let ascii = |text: &str| -> String {
        text.chars()
            .filter_map(|c| match c {
                'ą' => Some('a'),
                'ć' => Some('c'),
                'ę' => Some('e'),
                'ł' => Some('l'),
                'ń' => Some('n'),
                'ó' => Some('o'),
                'ś' => Some('s'),
                'ź' | 'ż' => Some('z'),
                'é' | 'É' => Some('e'),
                ' ' => None,
                c => Some(c.to_ascii_lowercase()),
            })
            .collect()
    };
    format!("{}.{}@demo.questline.test", ascii(gm.first), ascii(gm.last))
}

/// The demo e-mail addresses, in order (the README lists a few).
pub fn demo_emails() -> Vec<String> {
    GMS.iter().map(email_of).collect()
}

async fn expect(response: reqwest::Response, what: &str) -> anyhow::Result<Value> {
    let status = response.status();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    if !status.is_success() {
        bail!("{what} answered {status}: {body}");
    }
    Ok(body)
}

/// A verified account that is a game master with a complete profile, and a client signed in as it.
async fn game_master(state: &AppState, base: &str, index: usize, gm: &Gm) -> anyhow::Result<(Client, Uuid)> {
    let email = email_of(gm);
    let parse = |error: questline_domain::FieldError| anyhow::anyhow!("{error}");
    let password = NewPassword::parse(DEMO_PASSWORD).map_err(parse)?;
    let new = accounts::NewAccount {
        id: Uuid::now_v7(),
        email: Email::parse(&email).map_err(parse)?,
        password_hash: Some(state.auth.passwords.hash(&password).await.map_err(|e| anyhow::anyhow!("{e}"))?),
        display_name: DisplayName::parse(&format!("{} {}", gm.first, gm.last)).map_err(parse)?,
        locale: Locale::parse(gm.locale).map_err(parse)?,
        time_zone: TimeZone::parse(gm.zone).map_err(parse)?,
        email_verified: true,
    };
    let id = new.id;
    let (events, hooks, now) = (state.events.clone(), state.hooks.clone(), Utc::now());
    state
        .db
        .write(move |txn| {
            Box::pin(async move {
                accounts::create_account(txn, &hooks.accounts, new, now).await?;
                events.record(txn, accounts::created_event(id.into())).await?;
                Ok(())
            })
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;

    let client = Client::builder().cookie_store(true).build()?;
    let post = |path: &str, body: Value| {
        client.post(format!("{base}{path}")).header("X-Questline-Csrf", "1").json(&body).send()
    };
    expect(post("/api/auth/sign-in", json!({"email": email, "password": DEMO_PASSWORD})).await?, "sign-in").await?;
    // Demo addresses are made up (`.test` never delivers) and the links would point at this private run: demo
    // accounts take no notification by e-mail (each one can turn them on again in its settings).
    let no_mail = json!({"email_kinds": [], "reminder_24h": true, "reminder_1h": true});
    let response = client
        .put(format!("{base}/api/notification-preferences"))
        .header("X-Questline-Csrf", "1")
        .json(&no_mail)
        .send()
        .await?;
    expect(response, "notification preferences").await?;
    expect(post(&format!("/api/accounts/{id}/become-game-master"), json!({})).await?, "become a GM").await?;
    let profile = expect(client.get(format!("{base}/api/profile")).send().await?, "profile").await?;
    let profile_id = profile["profile_id"].as_str().context("profile id")?;
    let birth_year = 1978 + (index * 3) % 22;
    let update = json!({
        "base": {
            "first_name": gm.first, "last_name": gm.last, "display_name": format!("{} {}", gm.first, gm.last),
            "birthdate": format!("{birth_year}-0{}-1{}", 1 + index % 9, index % 9), "bio": gm.bio,
            "language": gm.language, "location": {"city": gm.city, "country": gm.country},
        },
        "player": {"claimed_years_experience": gm.years + 2, "experience_level": gm.level, "playstyles": gm.playstyles},
        "gm": {"claimed_years_experience": gm.years, "experience_level": gm.level, "playstyles": gm.playstyles},
        "version": profile["version"],
    });
    let response = client
        .patch(format!("{base}/api/profiles/{profile_id}"))
        .header("X-Questline-Csrf", "1")
        .json(&update)
        .send()
        .await?;
    expect(response, "profile update").await?;
    Ok((client, id))
}

/// A paragraph of Tiptap document, as the blueprint editor writes it.
fn paragraphs(texts: &[&str]) -> Value {
    let content: Vec<Value> =
        texts.iter().map(|text| json!({"type": "paragraph", "content": [{"type": "text", "text": text}]})).collect();
    json!({"type": "doc", "content": content})
}

#[allow(clippy::too_many_arguments)]
async fn series(
    client: &Client,
    base: &str,
    index: usize,
    gm: &Gm,
    title: &str,
    description: &str,
    system: &str,
    one_shot: bool,
    today: chrono::NaiveDate,
) -> anyhow::Result<Value> {
    let send = |method: reqwest::Method, path: String, body: Value| {
        client.request(method, format!("{base}{path}")).header("X-Questline-Csrf", "1").json(&body).send()
    };
    let language = gm.language;
    let words = Words::of(language);
    let part = expect(
        send(
            reqwest::Method::POST,
            "/api/activity-blueprint-parts".into(),
            json!({"title": format!("{title}{}", words.what_to_expect), "language": language,
                "content": paragraphs(&[description, words.session_zero])}),
        )
        .await?,
        "create part",
    )
    .await?;
    let blueprint = expect(
        send(
            reqwest::Method::POST,
            "/api/activity-blueprints".into(),
            json!({"title": title, "language": language, "game_system_id": system,
                "activity_type": if one_shot { "one_shot" } else { "campaign" }}),
        )
        .await?,
        "create blueprint",
    )
    .await?;
    let blueprint_id = blueprint["id"].as_str().context("blueprint id")?;
    expect(
        send(
            reqwest::Method::PUT,
            format!("/api/activity-blueprints/{blueprint_id}/parts"),
            json!({"part_ids": [part["id"]], "version": blueprint["version"]}),
        )
        .await?,
        "blueprint parts",
    )
    .await?;

    // Prices: a quarter free; the rest in złoty for Polish tables, in euro elsewhere.
    let currency = if language == "pl" { "pln" } else { "eur" };
    let pricing = if index.is_multiple_of(4) {
        json!({"model": "free"})
    } else {
        let amount = if currency == "pln" { 25 + (index * 7) % 60 } else { 5 + (index * 3) % 20 };
        json!({"model": "paid", "amount": format!("{amount}.00"), "currency_code": currency})
    };
    let location = if in_person(index) {
        let venue = words.venues[(index / 3) % words.venues.len()];
        json!({"kind": "in_person", "city": gm.city, "venue": venue})
    } else {
        json!({"kind": "online", "link": format!("https://discord.gg/demo-{index}")})
    };
    let (min_players, max_players) = players(index);
    let series = expect(
        send(
            reqwest::Method::POST,
            "/api/series".into(),
            json!({"title": title, "short_description": description, "blueprint_id": blueprint_id,
                "language": language, "location": location, "pricing": pricing,
                "min_players": min_players, "max_players": max_players,
                "min_player_age": min_age(index)}),
        )
        .await?,
        "create series",
    )
    .await?;
    let id = series["id"].as_str().context("series id")?.to_owned();

    let first_date = today.checked_add_days(Days::new(1 + (index % 13) as u64)).context("date")?;
    let duration = [180, 240, 150, 120, 210][index % 5];
    let schedule = json!({
        "start_time": start_time(index),
        "session_duration_minutes": duration,
        "is_recurring": !one_shot,
        "recurrence_rule": if one_shot { Value::Null } else { json!(recurrence(index)) },
        "time_zone": gm.zone,
        "first_date": first_date.to_string(),
    });
    expect(send(reqwest::Method::PUT, format!("/api/series/{id}/schedule"), schedule).await?, "schedule").await?;

    for (kind, width, height) in [("thumbnail", 640, 360), ("banner", 1600, 400)] {
        let png = picture(index, width, height)?;
        let form = reqwest_form(&png);
        let response = client
            .post(format!("{base}/api/series/{id}/images/{kind}"))
            .header("X-Questline-Csrf", "1")
            .header("content-type", format!("multipart/form-data; boundary={FORM_BOUNDARY}"))
            .body(form)
            .send()
            .await?;
        expect(response, kind).await?;
    }

    let publish = json!({"lifecycle_status": "published", "recruitment_status": "open"});
    let mut saved =
        expect(send(reqwest::Method::PATCH, format!("/api/series/{id}"), publish).await?, "publish").await?;
    if index % 5 == 4 {
        // Some tables are already playing; a few of those are full.
        let status = json!({"lifecycle_status": "active", "recruitment_status": if index % 10 == 9 { "closed" } else { "open" }});
        saved = expect(send(reqwest::Method::PATCH, format!("/api/series/{id}"), status).await?, "activate").await?;
    }
    Ok(saved)
}

/// What a series says in its GM's language besides its own title and description: the blueprint part's title
/// (after the series' title) and second paragraph, and the venues of tables that meet in person.
struct Words {
    what_to_expect: &'static str,
    session_zero: &'static str,
    venues: [&'static str; 3],
}

impl Words {
    fn of(language: &str) -> Self {
        match language {
            "pl" => Words {
                what_to_expect: ": czego się spodziewać",
                session_zero: "Zaczynamy od sesji zerowej: razem ustalamy klimat, granice i postacie.",
                venues: ["Kawiarnia planszówkowa Smocza Jama", "Biblioteka miejska, sala 2", "Pub Pod Meeplem"],
            },
            "fr" => Words {
                what_to_expect: " : à quoi s'attendre",
                session_zero: "On commence par une séance zéro : ton, limites et personnages, ensemble.",
                venues: ["Café ludique L'Antre du Dragon", "Médiathèque, salle 2", "Le Pub des Meeples"],
            },
            "nl" => Words {
                what_to_expect: ": wat je kunt verwachten",
                session_zero: "We beginnen met een sessie nul: samen bepalen we sfeer, grenzen en personages.",
                venues: ["Spellencafé Het Drakenhol", "Stadsbibliotheek, zaal 2", "De Meeple Pub"],
            },
            _ => Words {
                what_to_expect: ": what to expect",
                session_zero: "Session zero first: we agree on tone, limits and characters together.",
                venues: ["Dragon's Den game café", "Town library, room 2", "The Meeple Pub"],
            },
        }
    }
}

/// Whether series `index` meets in person (every third), else online.
fn in_person(index: usize) -> bool {
    index % 3 == 2
}

/// Its minimum and maximum number of players.
fn players(index: usize) -> (i64, i64) {
    let min = 2 + (index % 3) as i64;
    (min, min + 2 + (index % 3) as i64)
}

/// The minimum age: a rotation, but 18 for a series its description says is for adults only.
fn min_age(index: usize) -> i64 {
    if ADULTS_ONLY.iter().any(|words| SERIES[index].1.contains(words)) { 18 } else { [16, 18, 13, 16, 18][index % 5] }
}

/// How a description says a table is for adults only, in each language.
const ADULTS_ONLY: [&str; 4] = ["Tylko dla dorosłych", "Adults only", "Réservé aux adultes", "Alleen voor volwassenen"];

/// The local start time: a rotation, but a series whose description names its afternoon starts then.
fn start_time(index: usize) -> &'static str {
    match SERIES[index].0 {
        "Sunday Starfinder" => "15:00",
        _ => ["18:00", "19:00", "19:30", "20:00", "17:00", "10:30"][index % 6],
    }
}

/// The recurrence of a campaign: a rotation, but a series whose title or description names its rhythm keeps it.
fn recurrence(index: usize) -> &'static str {
    const ROTATION: [&str; 6] = [
        "FREQ=WEEKLY;BYDAY=TU",
        "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
        "FREQ=WEEKLY;BYDAY=TU,TH",
        "FREQ=MONTHLY",
        "FREQ=WEEKLY;BYDAY=FR",
        "FREQ=WEEKLY;INTERVAL=3",
    ];
    match SERIES[index].0 {
        "Friday Night Dungeon" => "FREQ=WEEKLY;BYDAY=FR",
        "Sunday Starfinder" => "FREQ=WEEKLY;BYDAY=SU",
        "Le Temple Englouti" => "FREQ=WEEKLY;INTERVAL=2;BYDAY=WE",
        _ => ROTATION[index % ROTATION.len()],
    }
}
