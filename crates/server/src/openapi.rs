//! The OpenAPI document, generated from the handlers. `questline openapi` prints it; it is committed as
//! `docs/openapi.json` (a test fails when the two differ) and the web app's client is generated from it.

use std::sync::OnceLock;

use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use questline_domain::ErrorCode;

use crate::error::ErrorBody;
use crate::realtime::frames::{ClientFrame, CloseReason, ServerFrame};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Questline API",
        description = "Find, book and run tabletop role-playing games. Every failure answers with `ErrorBody`; \
state-changing requests must carry the header `X-Questline-Csrf: 1`.",
        license(name = "AGPL-3.0-only")
    ),
    components(schemas(ErrorBody, ErrorCode, ServerFrame, ClientFrame, CloseReason))
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
    let mut doc = OpenApiRouter::with_openapi(base()).nest("/api", crate::app::api_routes()).into_openapi();
    add_shared_responses(&mut doc);
    require_one_of(&mut doc, "UpdateProfileRequest", &["base", "player", "gm"]);
    doc
}

/// A partial update needs at least one of its parts; the derive cannot say so, so the schema becomes
/// `allOf: [the object, anyOf: [{required: [part]}, …]]`, which is what the handler enforces.
fn require_one_of(doc: &mut utoipa::openapi::OpenApi, schema_name: &str, parts: &[&str]) {
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{AllOfBuilder, AnyOfBuilder, ObjectBuilder, Schema};

    let Some(components) = doc.components.as_mut() else { return };
    let Some(RefOr::T(Schema::Object(object))) = components.schemas.remove(schema_name) else {
        panic!("the document has no object schema {schema_name}");
    };
    let mut one_of_parts = AnyOfBuilder::new();
    for part in parts {
        let property = object.properties.get(*part).cloned().unwrap_or_else(|| panic!("{schema_name} has no {part}"));
        one_of_parts = one_of_parts.item(ObjectBuilder::new().property(*part, property).required(*part));
    }
    let schema = AllOfBuilder::new().item(Schema::Object(object)).item(one_of_parts);
    components.schemas.insert(schema_name.to_owned(), RefOr::T(Schema::AllOf(schema.build())));
}

/// The failures any operation may answer whatever it does, declared once under `components/responses` and
/// referenced from every operation that does not describe them itself: malformed input (400), a server failure
/// (500) or timeout (504); for operations with a body, one too large (413), not JSON (415) or holding a refused
/// character (422); for operations with path parameters, nothing by that id (404); for state-changing
/// operations, a missing CSRF header (403). Clients and contract tests then know every status they can meet.
fn add_shared_responses(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::path::{HttpMethod, ParameterIn};
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

    const SHARED: [(&str, &str, &str); 8] = [
        (
            "400",
            "InvalidArgument",
            "Malformed input: bad JSON, a wrong type, a bad path or query parameter (`invalid_argument`)",
        ),
        (
            "403",
            "CsrfHeaderMissing",
            "A state-changing request without the header `X-Questline-Csrf: 1` (`csrf_header_missing`)",
        ),
        ("404", "NotFound", "Nothing has this id or handle (or it contains a control or invisible character)"),
        ("413", "PayloadTooLarge", "The request body is over the size limit (`payload_too_large`)"),
        ("415", "UnsupportedMediaType", "The request body is not JSON (`unsupported_media_type`)"),
        ("500", "InternalError", "A failure on the server's side (`internal_error`); nothing of its cause is sent"),
        ("504", "RequestTimeout", "The request took longer than the server allows (`request_timeout`)"),
        (
            "422",
            "RefusedCharacters",
            "A text or key of the body holds a control or invisible character: `validation_failed`, with \
             `control_characters` under its path (the schema cannot state this rule)",
        ),
    ];
    let components = doc.components.get_or_insert_with(Default::default);
    for (_, name, description) in SHARED {
        let content = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
        let response = ResponseBuilder::new().description(description).content("application/json", content).build();
        components.responses.insert(name.to_owned(), RefOr::T(response));
    }
    for (path, item) in doc.paths.paths.iter_mut() {
        // A path exempt from the CSRF header (Stripe's webhook) never answers 403 for it, and reads its body as raw
        // bytes, so no 415 either.
        let exempt = path.strip_prefix("/api").is_some_and(|path| crate::app::CSRF_EXEMPT.contains(&path));
        let operations = [
            (HttpMethod::Get, item.get.as_mut()),
            (HttpMethod::Put, item.put.as_mut()),
            (HttpMethod::Post, item.post.as_mut()),
            (HttpMethod::Delete, item.delete.as_mut()),
            (HttpMethod::Patch, item.patch.as_mut()),
        ];
        for (method, operation) in operations {
            let Some(operation) = operation else { continue };
            let has_body = operation.request_body.is_some();
            let changes_state = !matches!(method, HttpMethod::Get);
            let has_path_parameters = operation.parameters.iter().flatten().any(|parameter| {
                matches!(parameter, RefOr::T(parameter) if matches!(parameter.parameter_in, ParameterIn::Path))
            });
            for (status, name, _) in SHARED {
                let applies = match status {
                    "403" => changes_state && !exempt,
                    "415" | "422" => has_body && !exempt,
                    "413" => has_body,
                    "404" => has_path_parameters,
                    _ => true,
                };
                if applies {
                    operation
                        .responses
                        .responses
                        .entry(status.to_owned())
                        .or_insert_with(|| RefOr::Ref(Ref::from_response_name(name)));
                }
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use questline_domain::accounts::{
        DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH,
    };
    use serde_json::Value;

    /// `#[schema(...)]` takes literals only: the limits it states must be the ones the domain enforces.
    #[test]
    fn the_documents_limits_are_the_domains() {
        let doc = serde_json::to_value(super::document()).unwrap();
        let property = |schema: &str, field: &str| doc["components"]["schemas"][schema]["properties"][field].clone();
        let length = |value: &Value, key: &str| value[key].as_u64().map(|n| n as usize);
        for (schema, field) in [
            ("SignUpRequest", "password"),
            ("ChangePasswordRequest", "new_password"),
            ("ResetPasswordRequest", "new_password"),
        ] {
            let password = property(schema, field);
            assert_eq!(length(&password, "minLength"), Some(PASSWORD_MIN_LENGTH), "{schema}.{field}");
            assert_eq!(length(&password, "maxLength"), Some(PASSWORD_MAX_LENGTH), "{schema}.{field}");
        }
        assert_eq!(length(&property("SignUpRequest", "display_name"), "maxLength"), Some(DISPLAY_NAME_MAX_LENGTH));
        for schema in ["SignUpRequest", "RequestPasswordResetRequest"] {
            assert_eq!(length(&property(schema, "email"), "maxLength"), Some(EMAIL_MAX_LENGTH), "{schema}");
        }
    }
}
