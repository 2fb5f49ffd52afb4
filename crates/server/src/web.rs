//! The built web app, embedded in the binary. Hashed files under `/assets/` are cached for a year; `index.html`
//! and other files are revalidated on every load (ETag), so a new release shows at once.
//!
//! Page paths come from the route table the web app's router is checked against (`web/src/app/routes.json`,
//! embedded here): a path that matches a route answers the app's page with 200, so client routes survive a reload;
//! any other path answers the same page with **404**, and the app draws its Not Found screen (spec §2: "any other
//! path: plain 404"). The build writes, for each route, a copy of `index.html` that also preloads the route's own
//! chunks (`route-html/<slug>.html`), so the page's code arrives with the main bundle instead of after it.
//!
//! Text files are compressed at build time (brotli quality 11 and gzip, `<file>.br` / `<file>.gz` beside the
//! file); the copy the client accepts is sent with `Content-Encoding`, and every answer says
//! `Vary: Accept-Encoding`.
//!
//! The folder may be missing (a fresh clone before `make web`): the binary still builds and the API still works,
//! and pages explain how to build the app.

use std::borrow::Cow;
use std::sync::LazyLock;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::series::{self, ShareCard};
use crate::state::AppState;

#[derive(Embed)]
#[folder = "$CARGO_MANIFEST_DIR/../../web/dist"]
#[allow_missing = true]
struct Assets;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Questline</title></head>\
<body><h1>Questline</h1><p>The web app has not been built into this binary. Run <code>make run</code>, which builds \
it first.</p></body></html>";

/// The web app's route table, shared with its router (a unit test there keeps the two equal).
const ROUTES_JSON: &str = include_str!("../../../web/src/app/routes.json");

#[derive(Deserialize)]
struct RouteTable {
    routes: Vec<RouteEntry>,
}

#[derive(Deserialize)]
struct RouteEntry {
    path: String,
}

/// The page path patterns. The file is part of the source tree and a unit test parses it, so it cannot be broken
/// in a build that passed its tests.
static ROUTES: LazyLock<Vec<String>> = LazyLock::new(|| {
    serde_json::from_str::<RouteTable>(ROUTES_JSON)
        .expect("web/src/app/routes.json is a valid route table")
        .routes
        .into_iter()
        .map(|route| route.path)
        .collect()
});

/// One file of the web app as stored: its bytes and their SHA-256.
pub struct Asset {
    pub data: Cow<'static, [u8]>,
    pub hash: [u8; 32],
}

fn embedded(path: &str) -> Option<Asset> {
    Assets::get(path).map(|file| Asset { hash: file.metadata.sha256_hash(), data: file.data })
}

/// Serves a file of the web app, or the app's page for client routes (404 when no route matches). The page of a
/// published or active series (`/questboard/{handle}`) carries its title, description and share card in the head;
/// a handle no series published answers the app's page with 404, as an unknown page does (the app draws the
/// series' own "not found", or a GM's own draft).
pub async fn serve(State(state): State<AppState>, uri: Uri, headers: HeaderMap) -> Response {
    let (head, found) = match questboard_handle(uri.path()) {
        Some(handle) => match share_card(&state, handle).await {
            Ok(Some(card)) => (Some(share_tags_html(&card, &state.config.public_url())), true),
            Ok(None) => (None, false),
            // A database failure: the page is served all the same.
            Err(()) => (None, true),
        },
        None => (None, true),
    };
    respond_with(&embedded, uri.path(), &headers, head.as_deref(), found)
}

/// `questboard/{handle}` → the handle.
fn questboard_handle(path: &str) -> Option<&str> {
    let mut segments = path.split('/').filter(|segment| !segment.is_empty());
    match (segments.next(), segments.next(), segments.next()) {
        (Some(board), Some(handle), None) if board.eq_ignore_ascii_case("questboard") => Some(handle),
        _ => None,
    }
}

/// The share card of a series' page: none for a draft or an unknown handle; `Err` when the database failed (the
/// page is served all the same, without it).
async fn share_card(state: &AppState, handle: &str) -> Result<Option<ShareCard>, ()> {
    series::share_card(state.db.conn(), handle).await.map_err(|error| {
        tracing::warn!(%error, "reading a series' share card failed; serving the page without it");
    })
}

/// The longest description a card carries; previews cut far shorter anyway.
const SHARE_DESCRIPTION_MAX: usize = 300;

/// `base` is the public URL without its trailing slash; every value is HTML-escaped.
fn share_tags_html(card: &ShareCard, base: &str) -> String {
    let url = format!("{base}/questboard/{}", card.handle);
    let description: String = if card.description.chars().count() > SHARE_DESCRIPTION_MAX {
        let cut: String = card.description.chars().take(SHARE_DESCRIPTION_MAX - 1).collect();
        format!("{}…", cut.trim_end())
    } else {
        card.description.clone()
    };
    let image = card.image_path.as_ref().map(|path| format!("{base}{path}"));
    // The page's own title and description, in place of the app's generic ones (`with_head` swaps them).
    let mut html = format!("<title>{} · Questline</title>", escape_html(&card.title));
    if !description.is_empty() {
        html.push_str(&format!("<meta name=\"description\" content=\"{}\">", escape_html(&description)));
    }
    let mut tags: Vec<(&str, &str, String)> = vec![
        ("property", "og:type", "website".to_owned()),
        ("property", "og:site_name", "Questline".to_owned()),
        ("property", "og:title", card.title.clone()),
        ("property", "og:url", url.clone()),
        ("name", "twitter:card", if image.is_some() { "summary_large_image" } else { "summary" }.to_owned()),
        ("name", "twitter:title", card.title.clone()),
    ];
    if !description.is_empty() {
        tags.push(("property", "og:description", description.clone()));
        tags.push(("name", "twitter:description", description));
    }
    if let Some(image) = image {
        tags.push(("property", "og:image", image.clone()));
        tags.push(("property", "og:image:alt", card.title.clone()));
        tags.push(("name", "twitter:image", image));
    }
    html.push_str(&format!("<link rel=\"canonical\" href=\"{}\">", escape_html(&url)));
    for (attribute, name, content) in tags {
        html.push_str(&format!("<meta {attribute}=\"{name}\" content=\"{}\">", escape_html(&content)));
    }
    html
}

fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `html` with `head` inserted just before `</head>` (unchanged when it has none). When `head` brings its own
/// `<title>` or description, the page's are taken out, so a browser and a crawler read the page's own.
fn with_head(html: &[u8], head: &str) -> Vec<u8> {
    let mut text = String::from_utf8_lossy(html).into_owned();
    if head.contains("<title>") {
        text = without_element(&text, "<title", "</title>");
    }
    if head.contains("<meta name=\"description\"") {
        text = without_description(&text);
    }
    match text.to_ascii_lowercase().find("</head>") {
        Some(at) => format!("{}{head}{}", &text[..at], &text[at..]).into_bytes(),
        None => html.to_vec(),
    }
}

/// `text` without its first element from `open` to the end of `close` (ASCII case ignored).
fn without_element(text: &str, open: &str, close: &str) -> String {
    let lower = text.to_ascii_lowercase();
    match lower.find(open).and_then(|start| lower[start..].find(close).map(|end| (start, start + end + close.len()))) {
        Some((start, end)) => format!("{}{}", &text[..start], &text[end..]),
        None => text.to_owned(),
    }
}

/// `text` without its `<meta name="description" …>` (however its attributes are laid out over lines).
fn without_description(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    let mut from = 0;
    while let Some(offset) = lower[from..].find("<meta") {
        let start = from + offset;
        let Some(length) = lower[start..].find('>') else { break };
        let end = start + length + 1;
        let tag: String = lower[start..end].split_whitespace().collect::<Vec<_>>().join(" ");
        if tag.contains("name=\"description\"") {
            return format!("{}{}", &text[..start], &text[end..]);
        }
        from = end;
    }
    text.to_owned()
}

/// The answer for `path`, with the files `get` finds (the embedded folder, or a test's own); `head`, if any, goes
/// into the page's head (it is not a stored file then: no precompressed copy, its own ETag).
#[cfg(test)]
fn respond(get: &dyn Fn(&str) -> Option<Asset>, path: &str, headers: &HeaderMap, head: Option<&str>) -> Response {
    respond_with(get, path, headers, head, true)
}

/// As `respond`; `found` false answers a page path the route table knows with 404 all the same (its parameter
/// names nothing: an unknown series' handle).
fn respond_with(
    get: &dyn Fn(&str) -> Option<Asset>,
    path: &str,
    headers: &HeaderMap,
    head: Option<&str>,
    found: bool,
) -> Response {
    let path = path.trim_start_matches('/');
    // Build metadata (`.vite/manifest.json`) is embedded with the folder but is not part of the site.
    let hidden = path.split('/').any(|segment| segment.starts_with('.'));
    if !path.is_empty()
        && !hidden
        && let Some(file) = get(path)
    {
        let cache = if path.starts_with("assets/") { IMMUTABLE } else { REVALIDATE };
        return file_response(get, path, file, cache, StatusCode::OK, headers, None);
    }
    if path.starts_with("assets/") {
        // An old hashed file: answering the HTML page here would break the page that asked for it.
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    }
    let (status, page) = match matching_route(path) {
        Some(pattern) => (
            if found { StatusCode::OK } else { StatusCode::NOT_FOUND },
            Some(format!("route-html/{}.html", route_slug(pattern))),
        ),
        None => (StatusCode::NOT_FOUND, None),
    };
    let found = page.and_then(|page| get(&page).map(|file| (page, file)));
    match found.or_else(|| get("index.html").map(|file| ("index.html".to_owned(), file))) {
        Some((page, file)) => file_response(get, &page, file, REVALIDATE, status, headers, head),
        None => (
            status,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, REVALIDATE),
                (header::VARY, "accept-encoding"),
            ],
            match head {
                Some(head) => with_head(NOT_BUILT.as_bytes(), head),
                None => NOT_BUILT.as_bytes().to_vec(),
            },
        )
            .into_response(),
    }
}

/// The route pattern `path` (without its leading slash) matches, if any. As in the web app's router: a `:name`
/// segment matches any one segment, static segments ignore ASCII case, and empty segments (a trailing slash) do not
/// count.
fn matching_route(path: &str) -> Option<&'static str> {
    ROUTES.iter().map(String::as_str).find(|pattern| route_matches(pattern, path))
}

fn route_matches(pattern: &str, path: &str) -> bool {
    let mut wanted = pattern.split('/').filter(|segment| !segment.is_empty());
    let mut given = path.split('/').filter(|segment| !segment.is_empty());
    loop {
        match (wanted.next(), given.next()) {
            (None, None) => return true,
            (Some(want), Some(got)) if want.starts_with(':') || want.eq_ignore_ascii_case(got) => {}
            _ => return false,
        }
    }
}

/// The file name the build gives a route's page (`vite.config.ts`, `routeSlug`): `/` is `index`,
/// `/profile/:accountId` is `profile-accountId`.
fn route_slug(pattern: &str) -> String {
    let slug = pattern
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if slug.is_empty() { "index".to_owned() } else { slug }
}

/// The content codings we store copies for, best first.
const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gzip", "gz")];

fn file_response(
    get: &dyn Fn(&str) -> Option<Asset>,
    path: &str,
    file: Asset,
    cache: &'static str,
    status: StatusCode,
    headers: &HeaderMap,
    head: Option<&str>,
) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    // A page with a head of its own: served from the plain copy (the compression layer compresses it).
    let file = match head {
        Some(head) => {
            let data = with_head(&file.data, head);
            Asset { hash: Sha256::digest(&data).into(), data: Cow::Owned(data) }
        }
        None => file,
    };
    // The best stored copy the client accepts; a q of 0 refuses a coding.
    let mut chosen: Option<(&str, Asset, f32)> = None;
    for (coding, suffix) in ENCODINGS.into_iter().filter(|_| head.is_none()) {
        let quality = accepted_quality(headers, coding);
        if quality <= 0.0 || chosen.as_ref().is_some_and(|(_, _, best)| *best >= quality) {
            continue;
        }
        if let Some(copy) = get(&format!("{path}.{suffix}")) {
            chosen = Some((coding, copy, quality));
        }
    }
    let (coding, file) = match chosen {
        Some((coding, copy, _)) => (Some(coding), copy),
        None => (None, file),
    };
    // Each copy has its own tag: a cache holding the gzip copy must not revalidate it against the brotli one.
    let etag = format!("\"{}\"", hex(&file.hash[..16]));
    let unchanged = status == StatusCode::OK && crate::http::conditional::holds_current(headers, &etag);
    let mut response = if unchanged {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(file.data.into_owned()));
        *response.status_mut() = status;
        let response_headers = response.headers_mut();
        response_headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream")),
        );
        if let Some(coding) = coding {
            response_headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
        }
        response
    };
    let response_headers = response.headers_mut();
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response_headers.insert(header::ETAG, HeaderValue::from_str(&etag).expect("hex digits"));
    response_headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    response
}

/// The quality (0–1) `Accept-Encoding` gives `coding`: its own entry, else `*`'s, else 0.
fn accepted_quality(headers: &HeaderMap, coding: &str) -> f32 {
    let mut wildcard = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for entry in value.split(',') {
            let mut parts = entry.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let quality = parts
                .filter_map(|param| param.trim().strip_prefix("q=").or_else(|| param.trim().strip_prefix("Q=")))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0)
                .clamp(0.0, 1.0);
            if name.eq_ignore_ascii_case(coding) {
                return quality;
            }
            if name == "*" {
                wildcard = Some(quality);
            }
        }
    }
    wildcard.unwrap_or(0.0)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use axum::body::to_bytes;

    use super::*;

    /// A site of its own, so these tests do not depend on `web/dist` having been built.
    fn site(files: &[(&str, &str)]) -> impl Fn(&str) -> Option<Asset> {
        let files: HashMap<String, &'static str> =
            files.iter().map(|(path, body)| ((*path).to_owned(), &*String::leak((*body).to_owned()))).collect();
        move |path| {
            files.get(path).map(|body| Asset {
                data: Cow::Borrowed(body.as_bytes()),
                hash: Sha256::digest(body.as_bytes()).into(),
            })
        }
    }

    fn headers(pairs: &[(header::HeaderName, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(name, value)| (name.clone(), HeaderValue::from_static(value))).collect()
    }

    async fn body(response: Response) -> String {
        String::from_utf8(to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec()).unwrap()
    }

    const APP: &[(&str, &str)] = &[
        ("index.html", "<html>app</html>"),
        ("index.html.br", "brotli app"),
        ("index.html.gz", "gzip app"),
        ("route-html/sign-in.html", "<html>sign-in preloads</html>"),
        ("route-html/sign-in.html.gz", "gzip sign-in"),
        ("route-html/profile-accountId.html", "<html>profile preloads</html>"),
        ("assets/main-1234.js", "console.log(1)"),
        ("assets/main-1234.js.br", "brotli js"),
        ("assets/main-1234.js.gz", "gzip js"),
        ("favicon.svg", "<svg/>"),
        (".vite/manifest.json", "{}"),
    ];

    #[test]
    fn the_route_table_parses_and_uses_only_supported_patterns() {
        assert!(ROUTES.iter().any(|route| route == "/"));
        for route in ROUTES.iter() {
            assert!(route.starts_with('/'), "{route}");
            for segment in route.split('/').skip(1).filter(|segment| !segment.is_empty()) {
                let name = segment.strip_prefix(':').unwrap_or(segment);
                assert!(!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'), "{route}");
            }
        }
    }

    #[test]
    fn patterns_match_like_the_router() {
        assert!(route_matches("/", ""));
        assert!(route_matches("/sign-in", "sign-in"));
        assert!(route_matches("/sign-in", "sign-in/"));
        assert!(route_matches("/sign-in", "Sign-In"));
        assert!(route_matches("/profile/:accountId", "profile/not-a-uuid"));
        assert!(!route_matches("/profile/:accountId", "profile"));
        assert!(!route_matches("/profile/:accountId", "profile/a/b"));
        assert!(!route_matches("/profile", "profile/a"));
        assert!(!route_matches("/", "zz-nonsense"));
        assert_eq!(route_slug("/"), "index");
        assert_eq!(route_slug("/profile/:accountId"), "profile-accountId");
        assert_eq!(route_slug("/dashboard/gm/activity-blueprints/:handle"), "dashboard-gm-activity-blueprints-handle");
    }

    #[tokio::test]
    async fn unknown_page_paths_answer_the_app_with_404() {
        let get = site(APP);
        let response = respond(&get, "/zz-nonsense", &HeaderMap::new(), None);
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(response.headers()[header::CACHE_CONTROL], REVALIDATE);
        assert_eq!(body(response).await, "<html>app</html>");
        // A 404 is never "not modified", whatever the client has cached.
        let etag = respond(&get, "/", &HeaderMap::new(), None).headers()[header::ETAG].to_str().unwrap().to_owned();
        let cached = HeaderMap::from_iter([(header::IF_NONE_MATCH, HeaderValue::from_str(&etag).unwrap())]);
        assert_eq!(respond(&get, "/zz-nonsense", &cached, None).status(), StatusCode::NOT_FOUND);
        // Build metadata is not served.
        assert_eq!(respond(&get, "/.vite/manifest.json", &HeaderMap::new(), None).status(), StatusCode::NOT_FOUND);
    }

    #[tokio::test]
    async fn route_pages_preload_their_chunks() {
        let get = site(APP);
        let response = respond(&get, "/sign-in", &HeaderMap::new(), None);
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
        assert_eq!(body(response).await, "<html>sign-in preloads</html>");
        let response = respond(&get, "/profile/0193", &HeaderMap::new(), None);
        assert_eq!(body(response).await, "<html>profile preloads</html>");
        // A route the build wrote no page for falls back to index.html.
        let response = respond(&get, "/account", &HeaderMap::new(), None);
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(body(response).await, "<html>app</html>");
    }

    #[test]
    fn a_head_with_its_own_title_and_description_replaces_the_pages() {
        let page = "<html><head><meta charset=\"UTF-8\" />\n    <meta\n      name=\"description\"\n      content=\"Generic\"\n    />\n    <TITLE>Questline</TITLE>\n  </head><body></body></html>";
        let head = "<title>Keep · Questline</title><meta name=\"description\" content=\"Own\">";
        let out = String::from_utf8(with_head(page.as_bytes(), head)).unwrap();
        assert!(!out.contains("Generic") && !out.contains("<TITLE>"), "{out}");
        assert!(out.contains("<meta charset=\"UTF-8\" />"), "{out}");
        assert!(
            out.contains("<title>Keep · Questline</title><meta name=\"description\" content=\"Own\"></head>"),
            "{out}"
        );
        // A head without them leaves the page's alone.
        let out = String::from_utf8(with_head(page.as_bytes(), "<link rel=\"canonical\" href=\"x\">")).unwrap();
        assert!(out.contains("Generic") && out.contains("<TITLE>Questline</TITLE>"), "{out}");
    }

    #[tokio::test]
    async fn a_route_whose_parameter_names_nothing_answers_its_page_with_404() {
        let get = site(APP);
        let etag =
            respond(&get, "/sign-in", &HeaderMap::new(), None).headers()[header::ETAG].to_str().unwrap().to_owned();
        let cached = HeaderMap::from_iter([(header::IF_NONE_MATCH, HeaderValue::from_str(&etag).unwrap())]);
        let response = respond_with(&get, "/sign-in", &cached, None, false);
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(body(response).await, "<html>sign-in preloads</html>");
    }

    #[tokio::test]
    async fn precompressed_copies_follow_accept_encoding() {
        let get = site(APP);
        let cases: &[(&str, &'static str, Option<&str>, &str)] = &[
            ("/assets/main-1234.js", "gzip, deflate, br, zstd", Some("br"), "brotli js"),
            ("/assets/main-1234.js", "gzip", Some("gzip"), "gzip js"),
            ("/assets/main-1234.js", "br;q=0.5, gzip;q=0.8", Some("gzip"), "gzip js"),
            ("/assets/main-1234.js", "br;q=0, gzip", Some("gzip"), "gzip js"),
            ("/assets/main-1234.js", "*", Some("br"), "brotli js"),
            ("/assets/main-1234.js", "identity", None, "console.log(1)"),
            ("/assets/main-1234.js", "", None, "console.log(1)"),
            ("/zz-nonsense", "br", Some("br"), "brotli app"),
            // Only a gzip copy of this page exists.
            ("/sign-in", "br, gzip", Some("gzip"), "gzip sign-in"),
            ("/favicon.svg", "br, gzip", None, "<svg/>"),
        ];
        for (path, accept, coding, expected) in cases {
            let response = respond(&get, path, &headers(&[(header::ACCEPT_ENCODING, accept)]), None);
            let response_headers = response.headers().clone();
            assert_eq!(
                response_headers.get(header::CONTENT_ENCODING).map(|value| value.to_str().unwrap()),
                *coding,
                "{path} {accept}"
            );
            assert_eq!(response_headers[header::VARY], "accept-encoding", "{path} {accept}");
            if path.ends_with(".js") {
                assert_eq!(response_headers[header::CONTENT_TYPE], "text/javascript", "{path} {accept}");
                assert_eq!(response_headers[header::CACHE_CONTROL], IMMUTABLE);
            }
            assert_eq!(body(response).await, *expected, "{path} {accept}");
        }
    }

    #[tokio::test]
    async fn each_copy_has_its_own_etag() {
        let get = site(APP);
        let brotli = respond(&get, "/assets/main-1234.js", &headers(&[(header::ACCEPT_ENCODING, "br")]), None);
        let gzip = respond(&get, "/assets/main-1234.js", &headers(&[(header::ACCEPT_ENCODING, "gzip")]), None);
        let brotli_tag = brotli.headers()[header::ETAG].clone();
        assert_ne!(brotli_tag, gzip.headers()[header::ETAG]);
        let revalidate = |accept: &'static str| {
            HeaderMap::from_iter([
                (header::ACCEPT_ENCODING, HeaderValue::from_static(accept)),
                (header::IF_NONE_MATCH, brotli_tag.clone()),
            ])
        };
        assert_eq!(respond(&get, "/assets/main-1234.js", &revalidate("br"), None).status(), StatusCode::NOT_MODIFIED);
        assert_eq!(respond(&get, "/assets/main-1234.js", &revalidate("gzip"), None).status(), StatusCode::OK);
    }
}
