//! State-changing requests must carry `X-Questline-Csrf: 1`. A browser sends a custom header only from our own
//! scripts (another site's form cannot, and its scripts would need a CORS pre-flight we never grant), so the header
//! proves the request came from our app; with SameSite=Lax cookies it closes cross-site request forgery.
//!
//! Exempt are only the exact paths the composition root lists (`app.rs`, `CSRF_EXEMPT`): requests that no browser
//! sends and that prove themselves another way (Stripe's webhook, signed with a shared secret). They carry no cookie
//! we act on.

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use questline_domain::ErrorCode;

use crate::error::ApiError;

pub const HEADER: &str = "x-questline-csrf";

/// The paths (relative to `/api`, compared whole) that need no header.
#[derive(Clone, Copy, Debug)]
pub struct Exempt(pub &'static [&'static str]);

pub async fn require_header(State(Exempt(exempt)): State<Exempt>, request: Request, next: Next) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let exempt = exempt.contains(&request.uri().path());
    if !safe && !exempt && request.headers().get(HEADER).is_none_or(|value| value != "1") {
        return ApiError::forbidden(
            ErrorCode::CsrfHeaderMissing,
            "This request must come from the Questline app (the X-Questline-Csrf header is missing).",
        )
        .into_response();
    }
    next.run(request).await
}
