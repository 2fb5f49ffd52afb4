//! The layers every response passes through. Order matters and is spelt out in `apply`.

use std::any::Any;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use questline_domain::ErrorCode;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::error::ApiError;

/// Scripts from our own origin only (no inline script: runtime settings come from `GET /api/config`), inline
/// styles allowed because toasts and dialogs inject them, no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

/// The policy with Stripe's origins, only when Stripe is configured: Stripe.js is loaded from `js.stripe.com`
/// (script), draws the card form in frames from there and 3-D Secure in frames from `hooks.stripe.com` (frame), and
/// talks to `api.stripe.com` (connect). Without Stripe the page can reach none of them.
pub const CONTENT_SECURITY_POLICY_WITH_STRIPE: &str = "default-src 'self'; script-src 'self' https://js.stripe.com; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self' https://api.stripe.com; frame-src 'self' https://js.stripe.com https://hooks.stripe.com; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// No page of ours uses the camera, microphone or location; the Payment Request API (wallets in the card form) only
/// from our origin.
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(self)";

/// With Stripe, its card form's frames from `js.stripe.com` offer wallets (Apple Pay, Google Pay) through the
/// Payment Request API, which needs the `payment` permission delegated to that origin.
pub const PERMISSIONS_POLICY_WITH_STRIPE: &str =
    "camera=(), microphone=(), geolocation=(), payment=(self \"https://js.stripe.com\")";

/// Our pages share no browsing context group with pages of other origins (a window they opened, or that opened
/// them, cannot reach them). Sign-in through an identity provider is a full-page redirect, no pop-up.
pub const CROSS_ORIGIN_OPENER_POLICY: &str = "same-origin";

const PERMISSIONS_POLICY_HEADER: HeaderName = HeaderName::from_static("permissions-policy");
const CROSS_ORIGIN_OPENER_POLICY_HEADER: HeaderName = HeaderName::from_static("cross-origin-opener-policy");

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Browsers that reached us over https once keep to https for a year (sent only behind https: over plain http
/// the header would be ignored, and a local install must stay reachable).
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

#[derive(Clone, Copy)]
pub struct Limits {
    pub body_limit_bytes: usize,
    pub request_timeout: Duration,
    /// The public URL is https: send HSTS.
    pub secure: bool,
    /// Stripe is configured: its origins join the Content-Security-Policy.
    pub stripe: bool,
    /// Metrics are served: every request is counted and timed.
    pub metrics: bool,
}

/// Wraps the whole application (API and web app) in the shared layers. The outermost layer is listed last.
pub fn apply(router: Router, limits: Limits) -> Router {
    let router = router
        .layer(DefaultBodyLimit::max(limits.body_limit_bytes))
        .layer(middleware::from_fn_with_state(limits.request_timeout, timeout))
        .layer(CatchPanicLayer::custom(panic_response))
        // Outside the panic and timeout layers, so their answers are not cached either.
        .layer(middleware::from_fn(api_no_store))
        .layer(CompressionLayer::new());
    let router = if limits.secure {
        router.layer(security_header(header::STRICT_TRANSPORT_SECURITY, STRICT_TRANSPORT_SECURITY))
    } else {
        router
    };
    let router = router
        .layer(security_header(
            header::CONTENT_SECURITY_POLICY,
            if limits.stripe { CONTENT_SECURITY_POLICY_WITH_STRIPE } else { CONTENT_SECURITY_POLICY },
        ))
        .layer(security_header(
            PERMISSIONS_POLICY_HEADER,
            if limits.stripe { PERMISSIONS_POLICY_WITH_STRIPE } else { PERMISSIONS_POLICY },
        ))
        .layer(security_header(CROSS_ORIGIN_OPENER_POLICY_HEADER, CROSS_ORIGIN_OPENER_POLICY))
        .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(security_header(header::REFERRER_POLICY, "strict-origin-when-cross-origin"))
        .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(TraceLayer::new_for_http().make_span_with(|request: &Request<Body>| {
            // The path only: query strings may carry tokens (reset links), which must never reach the logs.
            let request_id = request.headers().get(&REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id)
        }))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid));
    if limits.metrics { router.layer(middleware::from_fn(crate::metrics::track_requests)) } else { router }
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

/// API answers are about one person at one moment (their account, a list that changes): no browser or proxy may
/// keep a copy (`Cache-Control: no-store`), unless the handler set its own rule on purpose (a series image, whose
/// URL changes with its content). The web app's files keep their own rules (`web.rs`).
async fn api_no_store(request: Request, next: Next) -> Response {
    let api = request.uri().path() == "/api" || request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    if api && !(response.status().is_success() && response.headers().contains_key(header::CACHE_CONTROL)) {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// The one path whose handshake opens a long-lived websocket.
const EVENT_STREAM: &str = "/api/ws";

/// Answers `unknown_error` 504 when a request runs past the configured time. The event stream's handshake is
/// exempt: the connection it opens lives as long as the client stays, and its own idle timeout governs it. Any
/// other request keeps its timeout, `Upgrade` header or not.
async fn timeout(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    if request.uri().path() == EVENT_STREAM && is_websocket_handshake(&request) {
        return next.run(request).await;
    }
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::timeout().into_response(),
    }
}

fn is_websocket_handshake(request: &Request) -> bool {
    request.headers().get(header::UPGRADE).is_some_and(|value| value.as_bytes().eq_ignore_ascii_case(b"websocket"))
}

/// A panic in a handler answers `unknown_error` 500; the server keeps serving.
fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic");
    ApiError::internal(anyhow::anyhow!("handler panicked: {message}")).into_response()
}

/// Unknown paths under `/api` answer a JSON `not_found` instead of the web app.
pub async fn api_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::RouteNotFound, "There is no such API endpoint.")
}

pub async fn method_not_allowed() -> ApiError {
    ApiError::invalid_argument(ErrorCode::MethodNotAllowed, "This endpoint does not accept that method.")
        .with_status(StatusCode::METHOD_NOT_ALLOWED)
}

#[cfg(test)]
mod tests {
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;

    fn slow_app() -> Router {
        let slow = || async {
            tokio::time::sleep(Duration::from_secs(30)).await;
            "late"
        };
        let app = Router::new().route("/api/slow", get(slow)).route("/api/ws", get(slow));
        apply(
            app,
            Limits {
                body_limit_bytes: 1024,
                request_timeout: Duration::from_millis(100),
                secure: false,
                stripe: false,
                metrics: false,
            },
        )
    }

    fn upgrade_request(path: &str) -> Request {
        Request::builder()
            .uri(path)
            .header(header::UPGRADE, "websocket")
            .header(header::CONNECTION, "upgrade")
            .body(Body::empty())
            .unwrap()
    }

    #[tokio::test]
    async fn only_the_event_stream_escapes_the_request_timeout() {
        let response = slow_app().oneshot(upgrade_request("/api/slow")).await.unwrap();
        assert_eq!(response.status(), StatusCode::GATEWAY_TIMEOUT, "an Upgrade header elsewhere changes nothing");
        let waiting = tokio::time::timeout(Duration::from_millis(500), slow_app().oneshot(upgrade_request("/api/ws")));
        assert!(waiting.await.is_err(), "the websocket handshake is not cut off");
    }
}
