//! The server's modules stand on floors, and imports only go down (docs/architecture.md). From the bottom:
//!
//! 0. the base: `db`, `http`, `error`, `config`, `clock`, `mail`, `payments`, `pagination`, `telemetry`,
//!    `metrics`, `lifecycle`, `failpoints`;
//! 1. the platform the features share: `auth`, `jobs`, `events`, `realtime`, `hooks`, `state`, `public_cache`,
//!    `idempotency`;
//! 2. people: `accounts`, `oidc`, `notifications`;
//! 3. the catalogue: `game_systems`, `blueprints`;
//! 4. `series`;
//! 5. `applications`;
//! 6. `sessions`;
//! 7. `commerce`;
//! 8. the table's talk: `chat`, `reviews`;
//! 9. pages, which show what the features below keep: `profiles`, `dashboard`, `calendar`, `web`, `runtime_config`,
//!    `event_stream`, `health`;
//! 10. the composition root: `app`, `cli`, `main`, `openapi`, `lib`, `demo` (it drives the whole app);
//!
//! and below them all the pure `questline-domain` crate (Cargo keeps that one from importing the server). A module
//! calls the front doors of modules on its floor or below, never above: news and questions that must go up travel
//! through `hooks`, which the root fills. This test reads every `crate::…` path in `crates/server/src` and fails
//! when a module imports a higher floor, when a feature reaches into another feature's files instead of its
//! `mod.rs`, or when `db` speaks of API errors. It needs no build of the server: it only reads the sources.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const BASE: u8 = 0;
const PLATFORM: u8 = 1;
const PEOPLE: u8 = 2;
const CATALOGUE: u8 = 3;
const SERIES: u8 = 4;
const APPLICATIONS: u8 = 5;
const SESSIONS: u8 = 6;
const COMMERCE: u8 = 7;
const TALK: u8 = 8;
const PAGES: u8 = 9;
const ROOT: u8 = 10;

/// The floor of each top-level module. A new module must be added here, on purpose (STYLE.md item 12b).
fn floor(module: &str) -> Option<u8> {
    Some(match module {
        "app" | "cli" | "main" | "openapi" | "lib" | "demo" => ROOT,
        "profiles" | "dashboard" | "calendar" | "web" | "runtime_config" | "event_stream" | "health" => PAGES,
        "chat" | "reviews" => TALK,
        "commerce" => COMMERCE,
        "sessions" => SESSIONS,
        "applications" => APPLICATIONS,
        "series" => SERIES,
        "game_systems" | "blueprints" => CATALOGUE,
        "accounts" | "oidc" | "notifications" => PEOPLE,
        "auth" | "jobs" | "events" | "realtime" | "hooks" | "state" | "public_cache" | "idempotency" => PLATFORM,
        "db" | "http" | "error" | "config" | "clock" | "mail" | "payments" | "pagination" | "telemetry"
        | "failpoints" | "metrics" | "lifecycle" => BASE,
        _ => return None,
    })
}

fn floor_name(floor: u8) -> &'static str {
    match floor {
        ROOT => "the composition root",
        PAGES => "a page",
        TALK => "the table's talk",
        COMMERCE => "commerce",
        SESSIONS => "sessions",
        APPLICATIONS => "applications",
        SERIES => "series",
        CATALOGUE => "the catalogue",
        PEOPLE => "people",
        PLATFORM => "the platform",
        _ => "the base",
    }
}

/// Whether a module on this floor is a feature (it keeps its files behind its `mod.rs`).
fn is_feature(floor: u8) -> bool {
    (PEOPLE..=PAGES).contains(&floor)
}

/// Top-level modules of the base that must not import each other, with why.
const FORBIDDEN_IN_BASE: &[(&str, &str, &str)] =
    &[("db", "error", "`db` answers database errors; `error.rs` turns them into API errors, once")];

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Violation(String);

fn main_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// `accounts/handlers.rs` → `["accounts", "handlers"]`; `accounts/mod.rs` → `["accounts"]`; `lib.rs` → `["lib"]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_owned());
    }
    parts
}

/// Removes comments, string and character literals, so only code is searched.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !is_ident(chars.get(i.wrapping_sub(1))) {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            while j < chars.len() {
                if chars[j] == '"' && (0..hashes).all(|k| chars.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a): skip only the literal.
            let end = if next == Some('\\') {
                chars[i + 2..].iter().position(|&c| c == '\'').map(|p| i + 2 + p)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    out.push_str("' '");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Every path a `crate::` mention names, expanding `use crate::{a, b::{c, d}}` into `a`, `b::c`, `b::d`.
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let tokens = tokenize(code);
    let mut paths = Vec::new();
    let mut i = 0;
    while i + 1 < tokens.len() {
        let preceded_by_path = i > 0 && tokens[i - 1] == "::";
        if tokens[i] == "crate" && tokens[i + 1] == "::" && !preceded_by_path {
            let mut position = i + 2;
            use_tree(&tokens, &mut position, Vec::new(), &mut paths);
            i = position;
        } else {
            i += 1;
        }
    }
    paths
}

fn tokenize(code: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            tokens.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            tokens.push("::".to_owned());
            i += 2;
        } else if c.is_whitespace() {
            i += 1;
        } else {
            tokens.push(c.to_string());
            i += 1;
        }
    }
    tokens
}

/// Reads a path or a `{…}` group starting at `tokens[*i]`, adding each complete path under `prefix`.
fn use_tree(tokens: &[String], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        match tokens.get(*i).map(String::as_str) {
            Some("{") => {
                *i += 1;
                loop {
                    match tokens.get(*i).map(String::as_str) {
                        Some("}") => {
                            *i += 1;
                            return;
                        }
                        Some(",") => *i += 1,
                        None => return,
                        _ => use_tree(tokens, i, path.clone(), out),
                    }
                }
            }
            Some("*") => {
                *i += 1;
                out.push(path);
                return;
            }
            Some(token) if token.chars().next().is_some_and(|c| c.is_alphanumeric() || c == '_') => {
                if token != "self" {
                    path.push(token.to_owned());
                }
                *i += 1;
                if tokens.get(*i).map(String::as_str) == Some("::") {
                    *i += 1;
                    continue;
                }
                if tokens.get(*i).map(String::as_str) == Some("as") {
                    *i += 2;
                }
                out.push(path);
                return;
            }
            _ => {
                out.push(path);
                return;
            }
        }
    }
}

/// Whether `crate::<module>::<item>` names a file of that module (`src/<module>/<item>.rs` or `…/<item>/mod.rs`)
/// rather than something its `mod.rs` declares.
fn is_inner_file(src: &Path, module: &str, item: &str) -> bool {
    let folder = src.join(module);
    folder.join(format!("{item}.rs")).is_file() || folder.join(item).join("mod.rs").is_file()
}

/// The violations of one file (`relative` to `src`).
fn check(src: &Path, relative: &Path, source: &str) -> Vec<Violation> {
    let here = module_of(relative);
    let own = here.first().cloned().unwrap_or_default();
    let mut violations = Vec::new();
    let Some(own_floor) = floor(&own) else {
        return vec![Violation(format!("{}: module `{own}` has no floor in tests/floors.rs", relative.display()))];
    };
    let mut seen = BTreeSet::new();
    for path in crate_paths(&code_only(source)) {
        let Some(target) = path.first() else { continue };
        if target == &own || !seen.insert(path.clone()) {
            continue;
        }
        let shown = format!("crate::{}", path.join("::"));
        let Some(target_floor) = floor(target) else {
            violations.push(Violation(format!("{}: `{shown}`: module `{target}` has no floor", relative.display())));
            continue;
        };
        if target_floor > own_floor {
            violations.push(Violation(format!(
                "{}: `{shown}`: {} (`{own}`) imports {} (`{target}`)",
                relative.display(),
                floor_name(own_floor),
                floor_name(target_floor),
            )));
        }
        if is_feature(own_floor)
            && is_feature(target_floor)
            && let Some(item) = path.get(1)
            && is_inner_file(src, target, item)
        {
            violations.push(Violation(format!(
                "{}: `{shown}`: a feature reaches into `{target}/{item}`; ask through `{target}`'s mod.rs",
                relative.display(),
            )));
        }
        for (from, to, why) in FORBIDDEN_IN_BASE {
            if own == *from && target == to {
                violations.push(Violation(format!("{}: `{shown}`: {why}", relative.display())));
            }
        }
    }
    violations
}

fn rust_files(folder: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(folder).expect("readable source folder").flatten().collect();
    entries.sort_by_key(|entry| entry.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn imports_only_go_down_the_floors() {
    let src = main_src();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 50, "found the server's sources ({} files)", files.len());
    let mut violations = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src");
        let source = std::fs::read_to_string(file).expect("readable source");
        violations.extend(check(&src, relative, &source));
    }
    violations.sort();
    let listed: Vec<&str> = violations.iter().map(|Violation(text)| text.as_str()).collect();
    assert!(listed.is_empty(), "imports that break the floors (docs/architecture.md):\n{}", listed.join("\n"));
}

#[test]
fn a_lower_floor_importing_a_higher_one_is_caught() {
    let src = main_src();
    let caught = |file: &str, source: &str| check(&src, Path::new(file), source);
    assert_eq!(caught("jobs/mod.rs", "use crate::accounts;").len(), 1, "the platform imports a feature");
    assert_eq!(caught("auth/session.rs", "use crate::{clock::Clock, app::AppState};").len(), 1, "in a group");
    assert_eq!(caught("db/mod.rs", "fn f() -> crate::error::ApiError { todo() }").len(), 1, "db speaks of ApiError");
    assert_eq!(caught("http/mod.rs", "use crate::{events::{Event, EventBus}};").len(), 2, "nested groups");
    assert_eq!(
        caught("reviews/handlers.rs", "let x = crate::sessions::queries::played(conn).await;").len(),
        1,
        "a feature reaches into another's file"
    );
    assert_eq!(caught("newthing.rs", "").len(), 1, "every module has a floor");
    assert!(caught("oidc/handlers.rs", "use crate::accounts::{self, find};").is_empty(), "mod.rs is the front door");
    assert!(caught("app.rs", "use crate::{accounts, jobs::{self, Job}};").is_empty(), "the root sees everything");
    assert!(caught("auth/mod.rs", "// crate::accounts::x\nlet s = \"crate::app\";").is_empty(), "not code");
    assert!(caught("state.rs", "use crate::auth::Auth; use crate::db::Db;").is_empty(), "down and sideways");
    assert_eq!(caught("series/store.rs", "crate::sessions::on_series_ended(w, id)").len(), 1, "series calls sessions");
    assert_eq!(caught("blueprints/store.rs", "use crate::series;").len(), 1, "the catalogue imports series");
    assert_eq!(caught("applications/store.rs", "use crate::profiles;").len(), 1, "applications imports a page");
    assert!(caught("sessions/mod.rs", "use crate::{applications, series};").is_empty(), "sessions sees below");
    assert!(caught("chat/mod.rs", "use crate::reviews;").is_empty(), "sideways on one floor");
}
