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

struct Gm {
    first: &'static str,
    last: &'static str,
    zone: &'static str,
    locale: &'static str,
    language: &'static str,
    city: &'static str,
    country: &'static str,
    bio: &'static str,
    years: i64,
    level: &'static str,
    playstyles: &'static [&'static str],
}

const GMS: [Gm; 12] = [
    Gm {
        first: "Agnieszka",
        last: "Nowak",
        zone: "Europe/Warsaw",
        locale: "pl-PL",
        language: "pl",
        city: "Kraków",
        country: "pl",
        bio: "Prowadzę od liceum: mroczne kampanie, dużo rozmów, mało kości.",
        years: 14,
        level: "veteran",
        playstyles: &["narrative", "role_playing_focused"],
    },
    Gm {
        first: "Tomasz",
        last: "Wiśniewski",
        zone: "Europe/Warsaw",
        locale: "pl-PL",
        language: "pl",
        city: "Warszawa",
        country: "pl",
        bio: "Taktyczne walki na siatce i klasyczne lochy. Przynieście kostki.",
        years: 9,
        level: "advanced",
        playstyles: &["tactical", "sandbox"],
    },
    Gm {
        first: "Marta",
        last: "Zielińska",
        zone: "Europe/Warsaw",
        locale: "pl-PL",
        language: "pl",
        city: "Wrocław",
        country: "pl",
        bio: "Horror i śledztwa. Lubię, gdy gracze sami odkrywają, co się stało.",
        years: 6,
        level: "advanced",
        playstyles: &["story_driven", "narrative"],
    },
    Gm {
        first: "Élodie",
        last: "Martin",
        zone: "Europe/Paris",
        locale: "en-GB",
        language: "fr",
        city: "Lyon",
        country: "fr",
        bio: "Je mène des campagnes de fantasy et d'horreur depuis dix ans, en ligne et à Lyon.",
        years: 10,
        level: "veteran",
        playstyles: &["narrative", "story_driven"],
    },
    Gm {
        first: "Julien",
        last: "Bernard",
        zone: "Europe/Paris",
        locale: "en-GB",
        language: "fr",
        city: "Paris",
        country: "fr",
        bio: "One-shots nerveux et science-fiction. Débutants bienvenus.",
        years: 4,
        level: "intermediate",
        playstyles: &["casual", "tactical"],
    },
    Gm {
        first: "Sanne",
        last: "de Vries",
        zone: "Europe/Amsterdam",
        locale: "en-GB",
        language: "nl",
        city: "Utrecht",
        country: "nl",
        bio: "Verhalende campagnes met ruimte voor je personage. Online via Discord.",
        years: 8,
        level: "advanced",
        playstyles: &["role_playing_focused", "narrative"],
    },
    Gm {
        first: "Daan",
        last: "Jansen",
        zone: "Europe/Amsterdam",
        locale: "en-GB",
        language: "nl",
        city: "Amsterdam",
        country: "nl",
        bio: "Sandbox-avonturen en zelfgemaakte werelden, elke week.",
        years: 5,
        level: "intermediate",
        playstyles: &["sandbox", "casual"],
    },
    Gm {
        first: "Oliver",
        last: "Hughes",
        zone: "Europe/London",
        locale: "en-GB",
        language: "en",
        city: "Manchester",
        country: "gb",
        bio: "Long-running fantasy campaigns with consequences. Session zero for every table.",
        years: 16,
        level: "veteran",
        playstyles: &["story_driven", "tactical"],
    },
    Gm {
        first: "Priya",
        last: "Shah",
        zone: "Europe/London",
        locale: "en-GB",
        language: "en",
        city: "London",
        country: "gb",
        bio: "Cosmic horror, cyberpunk and anything with a conspiracy board.",
        years: 7,
        level: "advanced",
        playstyles: &["narrative", "story_driven"],
    },
    Gm {
        first: "Marcus",
        last: "Reed",
        zone: "America/New_York",
        locale: "en-GB",
        language: "en",
        city: "Brooklyn",
        country: "us",
        bio: "Evening games for the East Coast. Friendly to first-timers.",
        years: 3,
        level: "intermediate",
        playstyles: &["casual", "role_playing_focused"],
    },
    Gm {
        first: "Hannah",
        last: "Becker",
        zone: "Europe/Berlin",
        locale: "en-GB",
        language: "en",
        city: "Berlin",
        country: "de",
        bio: "Grim and perilous adventures in the Old World, in English.",
        years: 11,
        level: "veteran",
        playstyles: &["tactical", "narrative"],
    },
    Gm {
        first: "Kenji",
        last: "Sato",
        zone: "Asia/Tokyo",
        locale: "en-GB",
        language: "en",
        city: "Tokyo",
        country: "jp",
        bio: "Weekend one-shots for players across Asia and Europe.",
        years: 2,
        level: "beginner",
        playstyles: &["casual", "sandbox"],
    },
];

/// `(title, short description, game system, its family, one_shot?)`; `GM_OF` names each one's GM.
const SERIES: [(&str, &str, &str, Option<&str>, bool); 40] = [
    (
        "Klątwa Strahda",
        "Gotycka kampania w Barovii dla 2–4 graczy. Mgła, wampiry i trudne wybory.",
        "5e (2024)",
        Some("Dungeons & Dragons"),
        false,
    ),
    (
        "Kopalnia Phandelver",
        "Klasyczna przygoda dla początkujących: od karawany do zaginionej kopalni.",
        "5e (2014)",
        Some("Dungeons & Dragons"),
        false,
    ),
    (
        "Zew Cthulhu: Maska Nyarlathotepa",
        "Śledztwo rozpięte na pięć kontynentów. Tylko dla dorosłych.",
        "7e",
        Some("Call of Cthulhu"),
        false,
    ),
    (
        "Les Masques de Nyarlathotep",
        "Une enquête autour du monde dans les années 1920. Horreur et mystère.",
        "7e",
        Some("Call of Cthulhu"),
        false,
    ),
    (
        "Starfinder : Dérive",
        "Un one-shot de science-fiction : une station à la dérive et un équipage à sauver.",
        "2e",
        Some("Starfinder"),
        true,
    ),
    (
        "De Vloek van de Kraai",
        "Een verhalende campagne in een vervloekt dorp. Aan tafel in Utrecht, met veel rollenspel.",
        "5e (2024)",
        Some("Dungeons & Dragons"),
        false,
    ),
    (
        "Blades in Duskwall",
        "Elke week een nieuwe klus in een stad van geesten en mist.",
        "Blades in the Dark",
        None,
        false,
    ),
    (
        "The Lost Mine Reforged",
        "A classic adventure rebuilt for 2024 rules; new players very welcome.",
        "5e (2024)",
        Some("Dungeons & Dragons"),
        false,
    ),
    (
        "Night's Black Agents: Delta Protocol",
        "Spies, conspiracies and something very old under London.",
        "Delta Green",
        None,
        false,
    ),
    (
        "Brooklyn After Dark",
        "A Vampire chronicle in modern New York. Politics, hunger and family.",
        "5e",
        Some("Vampire: The Masquerade"),
        false,
    ),
    (
        "Enemy Within: Middenheim",
        "The Enemy Within campaign, chapter by chapter, in English.",
        "4e",
        Some("Warhammer Fantasy Roleplay"),
        false,
    ),
    (
        "Tokyo Neon Run",
        "A Cyberpunk RED one-shot: one job, one night, no second chances.",
        "Cyberpunk RED",
        Some("Cyberpunk"),
        true,
    ),
    (
        "Wiedźmin: Szlak Potworów",
        "Kontrakty na potwory w Temerii. Drużyna wiedźminów i ich towarzyszy.",
        "The Witcher TRPG",
        None,
        false,
    ),
    (
        "Neuroshima: Detroit",
        "Postapokaliptyczna kampania: maszyny, mutanci i paliwo na wagę złota.",
        "1.5",
        Some("Neuroshima"),
        false,
    ),
    (
        "Monastyr: Dziedzictwo Dominium",
        "Mroczna fantasy w świecie upadłych bogów. Intrygi i honor.",
        "Monastyr",
        None,
        false,
    ),
    ("La Tour d'Ébène", "Un donjon classique en une soirée pour découvrir Pathfinder.", "2e", Some("Pathfinder"), true),
    (
        "Alien : Chariot des Dieux",
        "Survie et paranoïa à bord d'un cargo. Qui sortira vivant ?",
        "Alien: The Roleplaying Game",
        None,
        true,
    ),
    (
        "Dagboek van een Heks",
        "Een korte campagne over een heksenproces in een Hollands stadje.",
        "Daggerheart",
        None,
        false,
    ),
    (
        "Mörk Borg: Het Einde Nadert",
        "Een brute one-shot waarin de wereld eindigt. Karakters gaan dood.",
        "Mörk Borg",
        None,
        true,
    ),
    (
        "Curse of the Crimson Throne",
        "Intrigue and rebellion in Korvosa, a city on the edge.",
        "1e",
        Some("Pathfinder"),
        false,
    ),
    (
        "Masks of the Deep",
        "A one-shot of coastal horror for four to eight investigators.",
        "7e",
        Some("Call of Cthulhu"),
        true,
    ),
    (
        "Friday Night Dungeon",
        "Drop-in dungeon crawls for the East Coast, new rooms every week.",
        "5e (2014)",
        Some("Dungeons & Dragons"),
        false,
    ),
    (
        "Death on the Reik",
        "River journeys, cults and bad weather: the second Enemy Within book.",
        "4e",
        Some("Warhammer Fantasy Roleplay"),
        false,
    ),
    (
        "Loop Kids: Summer of '86",
        "Bikes, robots and a mystery by the lake. Kind and nostalgic.",
        "Tales from the Loop",
        None,
        true,
    ),
    (
        "Dzikie Pola: Stepowe Sotnie",
        "Kozacy, Tatarzy i szlachecka fantazja na ukraińskim stepie.",
        "Dzikie Pola",
        None,
        false,
    ),
    (
        "Wampir: Krakowskie Noce",
        "Kronika wampirów w Krakowie. Polityka Camarilli i stare długi.",
        "5e",
        Some("Vampire: The Masquerade"),
        false,
    ),
    (
        "Delta Green: Nocna Zmiana",
        "Jednostrzałowe śledztwo agentów w małym mieście. Horror.",
        "Delta Green",
        None,
        true,
    ),
    (
        "Shadowrun : Seattle 2080",
        "Runners, corporations et magie. Campagne en ligne en français.",
        "Sixth World (6e)",
        Some("Shadowrun"),
        false,
    ),
    (
        "Savage Worlds : Pirates de l'Étoile",
        "Aventure pulp et rapide pour découvrir Savage Worlds.",
        "Adventure Edition (SWADE)",
        Some("Savage Worlds"),
        true,
    ),
    (
        "Wrath & Glory: Gilead",
        "Een campagne in het 41e millennium voor nieuwe en ervaren spelers.",
        "Warhammer 40,000: Wrath & Glory",
        None,
        false,
    ),
    (
        "Cyberpunk 2020: Night City Blues",
        "Klassieke cyberpunk met de originele regels. Zwart en neon.",
        "Cyberpunk 2020",
        Some("Cyberpunk"),
        false,
    ),
    (
        "Storm King's Thunder",
        "Giants are on the move. A long campaign across the Sword Coast.",
        "5e (2014)",
        Some("Dungeons & Dragons"),
        false,
    ),
    (
        "Blades: The Crows Rise",
        "A short Blades in the Dark campaign about a gang on the up.",
        "Blades in the Dark",
        None,
        false,
    ),
    ("Sunday Starfinder", "Relaxed space opera on Sunday afternoons, Eastern time.", "1e", Some("Starfinder"), false),
    (
        "The Hollow Crown",
        "Political Vampire drama among Berlin's elders, in English.",
        "20th Anniversary Edition (V20)",
        Some("Vampire: The Masquerade"),
        false,
    ),
    (
        "Daggerheart Starter Night",
        "A gentle one-shot to learn Daggerheart. Pregenerated characters.",
        "Daggerheart",
        None,
        true,
    ),
    (
        "Zew Cthulhu: Dom na Wzgórzu",
        "Klasyczny scenariusz grozy na jeden wieczór dla początkujących.",
        "7e",
        Some("Call of Cthulhu"),
        true,
    ),
    (
        "Ścieżka Chwały",
        "Kampania Pathfinder 2e: od obrońców wioski do bohaterów królestwa.",
        "2e",
        Some("Pathfinder"),
        false,
    ),
    (
        "Le Temple Englouti",
        "Une campagne de fantasy maritime, une séance toutes les deux semaines.",
        "5e (2024)",
        Some("Dungeons & Dragons"),
        false,
    ),
    (
        "Het Zwarte Woud",
        "Een one-shot in een betoverd bos. Ideaal voor beginners.",
        "5e (2024)",
        Some("Dungeons & Dragons"),
        true,
    ),
];

/// `(GM, language)` of each series, by index: each GM runs series in their own language and style.
const GM_OF: [usize; 40] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 0, 4, 3, 5, 6, 7, 8, 9, 10, 11, 1, 0, 2, 4, 4, 6, 6, 7, 8, 9, 10, 11,
    2, 1, 3, 5,
];

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
                accounts::create_account(txn, &hooks, new, now).await?;
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

const FORM_BOUNDARY: &str = "questline-demo-image";

fn reqwest_form(png: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{FORM_BOUNDARY}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"demo.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(png);
    body.extend_from_slice(format!("\r\n--{FORM_BOUNDARY}--\r\n").as_bytes());
    body
}

/// Two colours per series, picked around the colour wheel.
fn palette(index: usize) -> ([f32; 3], [f32; 3]) {
    let hue = (index as f32 * 137.5) % 360.0;
    (hsl(hue, 0.55, 0.32), hsl((hue + 50.0) % 360.0, 0.65, 0.58))
}

fn hsl(hue: f32, saturation: f32, lightness: f32) -> [f32; 3] {
    let c = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let x = c * (1.0 - ((hue / 60.0) % 2.0 - 1.0).abs());
    let m = lightness - c / 2.0;
    let (r, g, b) = match (hue / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    [(r + m) * 255.0, (g + m) * 255.0, (b + m) * 255.0]
}

/// A diagonal gradient with a pattern of the series' own (rings, stripes or dots), as a PNG.
fn picture(index: usize, width: u32, height: u32) -> anyhow::Result<Vec<u8>> {
    let (dark, light) = palette(index);
    let (w, h) = (width as f32, height as f32);
    let pattern = index % 3;
    let (cx, cy) = (w * (0.25 + (index % 5) as f32 * 0.12), h * 0.5);
    let image = RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let t = ((fx / w) * 0.7 + (fy / h) * 0.3).clamp(0.0, 1.0);
        let shade = match pattern {
            0 => {
                let distance = ((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt();
                if ((distance / (h * 0.09)) as u32).is_multiple_of(2) { 1.0 } else { 0.88 }
            }
            1 => {
                if (((fx + fy) / (h * 0.12)) as u32).is_multiple_of(2) {
                    1.0
                } else {
                    0.9
                }
            }
            _ => {
                let cell = h * 0.16;
                let (dx, dy) = (fx % cell - cell / 2.0, fy % cell - cell / 2.0);
                if dx * dx + dy * dy < (cell * 0.18).powi(2) { 1.18 } else { 1.0 }
            }
        };
        let channel = |i: usize| ((dark[i] * (1.0 - t) + light[i] * t) * shade).clamp(0.0, 255.0) as u8;
        Rgb([channel(0), channel(1), channel(2)])
    });
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out).write_image(
        image.as_raw(),
        width,
        height,
        image::ExtendedColorType::Rgb8,
    )?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_series_is_in_its_gms_language_and_every_gm_has_some() {
        for (index, gm) in GMS.iter().enumerate() {
            assert!(GM_OF.iter().filter(|&&of| of == index).count() >= 3, "{}", gm.first);
        }
        let polish = |text: &str| text.chars().any(|c| "ąćęłńóśźż".contains(c.to_lowercase().next().unwrap_or(c)));
        for (index, (title, description, ..)) in SERIES.iter().enumerate() {
            if polish(title) || polish(description) {
                assert_eq!(GMS[GM_OF[index]].language, "pl", "{title}");
            }
        }
    }

    /// The numbers a description gives for its players: "2–4" (any language) or "four to eight" (English).
    fn stated_players(description: &str) -> Option<(i64, i64)> {
        let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
        let word = |text: &str| numbers.iter().position(|n| *n == text).map(|at| at as i64 + 1);
        let tokens: Vec<&str> = description.split(|c: char| c.is_whitespace() || c == '.' || c == ',').collect();
        for (at, token) in tokens.iter().enumerate() {
            if let Some((low, high)) = token.split_once('–')
                && let (Ok(low), Ok(high)) = (low.parse(), high.parse())
            {
                return Some((low, high));
            }
            if *token == "to"
                && at > 0
                && let (Some(low), Some(high)) = (word(tokens[at - 1]), tokens.get(at + 1).and_then(|t| word(t)))
            {
                return Some((low, high));
            }
        }
        None
    }

    #[test]
    fn descriptions_agree_with_the_series_they_describe() {
        // Issue 32: "dla 4–5 graczy" on a table for 2–4, "Online" on one that meets in a café, "every two weeks"
        // on a weekly one.
        assert_eq!(stated_players("Gotycka kampania dla 4–5 graczy."), Some((4, 5)));
        assert_eq!(stated_players("for three to five investigators"), Some((3, 5)));
        for (index, (title, description, .., one_shot)) in SERIES.iter().enumerate() {
            if let Some(stated) = stated_players(description) {
                assert_eq!(stated, players(index), "{title}: {description}");
            }
            let lower = description.to_lowercase();
            if ["online", "en ligne"].iter().any(|word| lower.contains(word)) {
                assert!(!in_person(index), "{title} says it is played online");
            }
            if ADULTS_ONLY.iter().any(|words| description.contains(words)) {
                assert_eq!(min_age(index), 18, "{title}");
            }
            if *one_shot {
                continue;
            }
            let rule = recurrence(index);
            let text = format!("{title} {description}");
            for (day, code) in [("Friday", "FR"), ("Sunday", "SU"), ("Saturday", "SA"), ("Tuesday", "TU")] {
                if text.contains(day) {
                    assert!(rule.contains(&format!("BYDAY={code}")), "{title}: {rule}");
                }
            }
            if ["toutes les deux semaines", "every two weeks", "co dwa tygodnie", "om de week"]
                .iter()
                .any(|words| lower.contains(words))
            {
                assert!(rule.contains("INTERVAL=2"), "{title}: {rule}");
            }
            if ["every week", "elke week", "co tydzień", "chaque semaine"].iter().any(|words| lower.contains(words)) {
                assert!(rule.starts_with("FREQ=WEEKLY") && !rule.contains("INTERVAL"), "{title}: {rule}");
            }
            if lower.contains("afternoon") {
                assert!(("12:00".."18:00").contains(&start_time(index)), "{title}: {}", start_time(index));
            }
        }
    }

    #[test]
    fn a_series_speaks_its_gms_language_throughout() {
        // Issue 32: Polish series carried English parts ("what to expect", the session zero, the venues).
        let english = Words::of("en");
        for language in ["pl", "fr", "nl"] {
            let words = Words::of(language);
            assert_ne!(words.what_to_expect, english.what_to_expect, "{language}");
            assert_ne!(words.session_zero, english.session_zero, "{language}");
            for venue in words.venues {
                assert!(!english.venues.contains(&venue), "{language}: {venue}");
            }
        }
        let polish = Words::of("pl");
        assert!(polish.session_zero.contains("sesji zerowej"));
        for (index, (title, description, ..)) in SERIES.iter().enumerate() {
            if GMS[GM_OF[index]].language == "pl" {
                for english_word in [" the ", " and ", " for ", " with "] {
                    assert!(!format!(" {description} ").contains(english_word), "{title}: {description}");
                }
            }
        }
    }

    #[test]
    fn pictures_have_the_asked_size_and_differ_per_series() {
        let decode = |bytes: Vec<u8>| image::load_from_memory(&bytes).unwrap().to_rgb8();
        let first = decode(picture(0, 64, 36).unwrap());
        assert_eq!(first.dimensions(), (64, 36));
        assert_ne!(first, decode(picture(1, 64, 36).unwrap()));
        if let Some(dir) = std::env::var_os("QUESTLINE_DEMO_PICTURES") {
            for index in 0..3 {
                std::fs::write(
                    std::path::Path::new(&dir).join(format!("{index}.png")),
                    picture(index, 640, 360).unwrap(),
                )
                .unwrap();
            }
        }
    }
}
