//! The store's front door: every `/api/store/*` request must name our storefront with `x-publishable-api-key`, as
//! Medusa's SDK does (Medusa answers 400 without it, and so do we), and every store error carries Medusa's
//! top-level `type` and `message` beside our envelope, because the SDK's `FetchError` reads `message` from the top.
//! Applied to the whole API in `app.rs` and acting on store paths only, so no store route can be added without it.

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use questline_domain::ErrorCode;

use crate::error::ApiError;
use crate::state::AppState;

pub const HEADER: &str = "x-publishable-api-key";

/// Error answers are small; anything larger is passed through untouched rather than buffered.
const MAX_ERROR_BODY: usize = 64 * 1024;

/// Whether `path` (relative to `/api`, or the full path) is one of the store's.
fn is_store_path(path: &str) -> bool {
    let path = path.strip_prefix("/api").unwrap_or(path);
    path == "/store" || path.starts_with("/store/")
}

/// The publishable key this request carries, checked against ours.
fn check(request: &Request, expected: &str) -> Result<(), ApiError> {
    match request.headers().get(HEADER).map(HeaderValue::to_str) {
        None => Err(ApiError::invalid_argument(
            ErrorCode::PublishableKeyRequired,
            "Publishable API key required in the request header: x-publishable-api-key.",
        )),
        Some(Ok(key)) if key == expected => Ok(()),
        Some(_) => Err(ApiError::invalid_argument(
            ErrorCode::PublishableKeyInvalid,
            "A valid publishable key is required to proceed with the request.",
        )),
    }
}

pub async fn store_front_door(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if !is_store_path(request.uri().path()) {
        return next.run(request).await;
    }
    let response = match check(&request, &state.config.publishable_key) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    };
    with_medusa_error_fields(response).await
}

/// Adds `type` and `message` at the top of a JSON error answer, copied from our `error` object.
async fn with_medusa_error_fields(response: Response) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.starts_with("application/json"));
    if !(response.status().is_client_error() || response.status().is_server_error()) || !is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_ERROR_BODY).await else {
        // Too large or broken: nothing we wrote. Answer it as ours would have been.
        return ApiError::internal(anyhow::anyhow!("unreadable error body on a store route")).into_response();
    };
    let rewritten = match serde_json::from_slice::<serde_json::Value>(&bytes) {
        Ok(serde_json::Value::Object(mut top)) => {
            let detail = top.get("error").cloned();
            if let Some(serde_json::Value::Object(detail)) = detail {
                for key in ["type", "message"] {
                    if let Some(value) = detail.get(key) {
                        top.entry(key).or_insert_with(|| value.clone());
                    }
                }
            }
            serde_json::to_vec(&top).ok()
        }
        _ => None,
    };
    let body = match rewritten {
        Some(body) => {
            parts.headers.remove(header::CONTENT_LENGTH);
            Body::from(body)
        }
        None => Body::from(bytes),
    };
    Response::from_parts(parts, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_paths_with_or_without_the_api_prefix() {
        assert!(is_store_path("/store/carts"));
        assert!(is_store_path("/api/store/regions"));
        assert!(is_store_path("/store"));
        assert!(!is_store_path("/storefront"));
        assert!(!is_store_path("/api/sessions/1/payments"));
        assert!(!is_store_path("/api/payments/stripe/webhook"));
    }

    #[tokio::test]
    async fn errors_gain_medusas_top_level_type_and_message() {
        let response = ApiError::not_found(ErrorCode::CartNotFound, "Cart not found").into_response();
        let response = with_medusa_error_fields(response).await;
        assert_eq!(response.status(), 404);
        let bytes = to_bytes(response.into_body(), MAX_ERROR_BODY).await.unwrap();
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(json["type"], "not_found");
        assert_eq!(json["message"], "Cart not found");
        assert_eq!(json["error"]["code"], "cart_not_found");
    }
}
