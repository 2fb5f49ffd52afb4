//! The OpenAPI document, generated from the handlers. `questline openapi` prints it; it is committed as
//! `docs/openapi.json` (a test fails when the two differ) and the web app's client is generated from it.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::error::ErrorBody;
use crate::realtime::frames::{ClientFrame, CloseReason, ServerFrame};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Questline API",
        description = "Find, book and run tabletop role-playing games. Every failure answers with `ErrorBody`; \
state-changing requests must carry the header `X-Questline-Csrf: 1`.",
        license(name = "AGPL-3.0-only")
    ),
    components(schemas(ErrorBody, ServerFrame, ClientFrame, CloseReason))
)]
struct ApiDoc;

/// The document's fixed parts; the routes add their paths and schemas.
pub fn base() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    doc
}

/// The complete document.
pub fn document() -> utoipa::openapi::OpenApi {
    OpenApiRouter::with_openapi(base()).nest("/api", crate::app::api_routes()).into_openapi()
}

/// The document as committed: pretty JSON with a final newline.
pub fn to_pretty_json() -> String {
    let mut json = document().to_pretty_json().expect("the OpenAPI document serialises");
    json.push('\n');
    json
}

/// `GET /api/openapi.json`: the document, for tools and people exploring the API. Not part of itself.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/openapi.json", get(serve_document))
}

async fn serve_document() -> impl IntoResponse {
    static DOCUMENT: OnceLock<String> = OnceLock::new();
    let json = DOCUMENT.get_or_init(to_pretty_json).clone();
    ([(header::CONTENT_TYPE, "application/json")], json)
}
