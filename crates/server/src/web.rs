//! The built web app, embedded in the binary. Hashed files under `/assets/` are cached for a year; `index.html`
//! and other files are revalidated on every load (ETag), so a new release shows at once. Every path that is not a
//! file answers `index.html`, so client routes survive a reload; the app draws its own 404 page.
//!
//! The folder may be missing (a fresh clone before `make web`): the binary still builds and the API still works,
//! and pages explain how to build the app.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "$CARGO_MANIFEST_DIR/../../web/dist"]
#[allow_missing = true]
struct Assets;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Questline</title></head>\
<body><h1>Questline</h1><p>The web app has not been built into this binary. Run <code>make run</code>, which builds \
it first.</p></body></html>";

/// Serves a file of the web app, or `index.html` for client routes.
pub async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if let Some(file) = Assets::get(path).filter(|_| !path.is_empty()) {
        let cache = if path.starts_with("assets/") { IMMUTABLE } else { REVALIDATE };
        return file_response(path, file, cache, &headers);
    }
    if path.starts_with("assets/") {
        // An old hashed file: answering the HTML page here would break the page that asked for it.
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    }
    match Assets::get("index.html") {
        Some(index) => file_response("index.html", index, REVALIDATE, &headers),
        None => ([(header::CONTENT_TYPE, "text/html; charset=utf-8"), (header::CACHE_CONTROL, REVALIDATE)], NOT_BUILT)
            .into_response(),
    }
}

fn file_response(path: &str, file: rust_embed::EmbeddedFile, cache: &'static str, headers: &HeaderMap) -> Response {
    let etag = format!("\"{}\"", hex(&file.metadata.sha256_hash()[..16]));
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut response = if headers.get(header::IF_NONE_MATCH).is_some_and(|value| value.as_bytes() == etag.as_bytes()) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let mut response = Response::new(Body::from(file.data.into_owned()));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream")),
        );
        response
    };
    let response_headers = response.headers_mut();
    response_headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response_headers.insert(header::ETAG, HeaderValue::from_str(&etag).expect("hex digits"));
    response
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}
