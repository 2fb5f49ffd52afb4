//! `Idempotency-Key` on the POSTs that move money or build a cart (decisions.md, "Commerce (issue 16)" §4): a
//! client that lost an answer (a dropped connection in the middle of paying) sends the same request with the same
//! key again and gets the first answer back instead of a second cart or payment session.
//!
//! A key belongs to a principal: the signed-in account, or else the visitor whose `ql_visitor` cookie the store
//! set (only its SHA-256 is kept, as for every bearer token). A request with neither has no one to scope the key
//! to and passes through unprotected: it is the signed-out `createCart` that sets the cookie, and a second one only
//! makes an unused empty cart. The row (`idempotency_keys`, principal + key) records the method, the path and the
//! SHA-256 of the body, so:
//!
//! - a key in use by a request still running → 409 `conflict` `idempotency_key_in_use` (the client waits and
//!   retries; it never runs twice at once);
//! - the same key with another method, path or body → 422 `idempotency_key_reused` (a client bug: we never guess
//!   which of the two it meant);
//! - a key whose request succeeded → that answer again, status and JSON body, with `Idempotent-Replayed: true`,
//!   for 24 hours.
//!
//! Only successful answers are kept. Every error writes nothing (DESIGN), so an error's key is released and the
//! retry runs afresh: a 409 "completion in progress" must not be replayed for a day. A request that never finishes
//! (the timeout dropped it, the process died) leaves its key `in_progress` for a short lease only, after which the
//! key counts as free again.

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Duration, Utc};
use questline_domain::{ErrorCode, ErrorType};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use sha2::{Digest, Sha256};

use crate::auth::extract::MaybeUser;
use crate::auth::tokens::hash_token;
use crate::error::ApiError;
use crate::state::AppState;

/// The request header (Stripe's and Medusa's name).
pub const HEADER: &str = "idempotency-key";
/// Set on a replayed answer, so a client (and a test) can tell.
pub const REPLAYED: HeaderName = HeaderName::from_static("idempotent-replayed");
/// The store's visitor cookie (`__Host-` prefixed over https, as every cookie of ours): whose cart it is when
/// nobody is signed in.
pub const VISITOR_COOKIE: &str = "ql_visitor";
/// How long a successful answer is replayed.
pub const KEEP_ANSWERS: Duration = Duration::hours(24);
/// The longest key accepted (Stripe's limit).
pub const MAX_KEY_LEN: usize = 255;

const IN_PROGRESS: &str = "in_progress";
const DONE: &str = "done";

/// What the layer needs: the application, and which API paths (below `/api`) it covers; the composition root
/// names them, so this floor module names no feature.
#[derive(Clone)]
pub struct Idempotency {
    pub state: AppState,
    /// Path prefixes whose POSTs honour the header, e.g. `/store/`.
    pub prefixes: &'static [&'static str],
}

impl Idempotency {
    fn covers(&self, request: &Request) -> bool {
        request.method() == Method::POST && self.prefixes.iter().any(|prefix| request.uri().path().starts_with(prefix))
    }
}

mod entity {
    //! A row of `idempotency_keys`.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "idempotency_keys")]
    pub struct Model {
        /// `account:<uuid>` or `visitor:<sha-256 of the cookie>`.
        #[sea_orm(primary_key, auto_increment = false)]
        pub principal: String,
        #[sea_orm(primary_key, auto_increment = false)]
        pub key: String,
        pub method: String,
        pub path: String,
        /// SHA-256 of the request body, hex.
        pub request_hash: String,
        /// `in_progress` or `done`.
        pub state: String,
        /// The answer's HTTP status, once done.
        pub status: Option<i32>,
        /// The answer's JSON body, once done.
        #[sea_orm(column_type = "Text", nullable)]
        pub body: Option<String>,
        pub created_at: DateTimeUtc,
        /// In progress: when the running request counts as lost; done: when the answer is forgotten.
        pub expires_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

use entity::{Column, Entity};

fn in_use() -> ApiError {
    ApiError::conflict(
        ErrorCode::IdempotencyKeyInUse,
        "A request with this Idempotency-Key is still being processed. Try again in a moment.",
    )
}

fn reused() -> ApiError {
    ApiError::new(
        ErrorType::InvalidData,
        ErrorCode::IdempotencyKeyReused,
        "This Idempotency-Key was already used for a different request.",
    )
}

fn invalid_key() -> ApiError {
    ApiError::invalid_argument(
        ErrorCode::IdempotencyKeyInvalid,
        "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
    )
}

/// The header's value, if the request has one; an empty, over-long or non-ASCII key is refused rather than
/// ignored, since the client plainly meant to be protected.
fn key_of(request: &Request) -> Result<Option<String>, ApiError> {
    let Some(value) = request.headers().get(HEADER) else { return Ok(None) };
    let key = value.to_str().map_err(|_| invalid_key())?.trim();
    if key.is_empty() || key.len() > MAX_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(invalid_key());
    }
    Ok(Some(key.to_owned()))
}

/// Whose key it is: the signed-in account, else the store's visitor, else nobody.
async fn principal_of(state: &AppState, request: Request) -> Result<(Option<String>, Request), ApiError> {
    let (mut parts, body) = request.into_parts();
    // Resolving the session here also leaves it in the request's extensions, so the handler does not look again.
    let user = <MaybeUser as axum::extract::FromRequestParts<AppState>>::from_request_parts(&mut parts, state).await?;
    let principal = match user.0 {
        Some(user) => Some(format!("account:{}", user.account.id)),
        None => state
            .auth
            .sessions
            .read_cookie(&CookieJar::from_headers(&parts.headers), VISITOR_COOKIE)
            .map(str::trim)
            .filter(|value| !value.is_empty())
            .map(|value| format!("visitor:{}", hash_token(value))),
    };
    Ok((principal, Request::from_parts(parts, body)))
}

fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|byte| format!("{byte:02x}")).collect()
}

/// How long a request may hold its key before it counts as lost: past the request timeout, which would have
/// dropped it, with a margin.
fn in_progress_lease(state: &AppState) -> Duration {
    Duration::from_std(state.config.request_timeout()).unwrap_or(Duration::seconds(30)) + Duration::seconds(30)
}

/// What the stored row says about this request.
enum Claim {
    /// The key is ours: run the request.
    Taken,
    /// The same request already succeeded: answer this.
    Replay(StatusCode, String),
}

/// One request's key and what identifies the request.
struct Ticket {
    principal: String,
    key: String,
    method: String,
    path: String,
    hash: String,
}

async fn claim(
    conn: &impl ConnectionTrait,
    ticket: &Ticket,
    now: DateTime<Utc>,
    lease: Duration,
) -> Result<Claim, ApiError> {
    let Ticket { principal, key, method, path, hash } = ticket;
    // Three rounds: a row may expire or be released between our insert and our read; more is a storm, not a race.
    for _ in 0..3 {
        let inserted = Entity::insert(entity::ActiveModel {
            principal: Set(principal.to_owned()),
            key: Set(key.to_owned()),
            method: Set(method.to_owned()),
            path: Set(path.to_owned()),
            request_hash: Set(hash.to_owned()),
            state: Set(IN_PROGRESS.to_owned()),
            status: Set(None),
            body: Set(None),
            created_at: Set(now),
            expires_at: Set(now + lease),
        })
        .on_conflict(OnConflict::columns([Column::Principal, Column::Key]).do_nothing().to_owned())
        .exec_without_returning(conn)
        .await?;
        if inserted == 1 {
            return Ok(Claim::Taken);
        }
        let Some(row) = Entity::find_by_id((principal.to_owned(), key.to_owned())).one(conn).await? else { continue };
        if row.expires_at <= now {
            // Forgotten answer or lost request: free the key (only if nobody else did and re-took it meanwhile).
            Entity::delete_many()
                .filter(Column::Principal.eq(principal))
                .filter(Column::Key.eq(key))
                .filter(Column::ExpiresAt.lte(now))
                .exec(conn)
                .await?;
            continue;
        }
        if row.method != *method || row.path != *path || row.request_hash != *hash {
            return Err(reused());
        }
        if row.state != DONE {
            return Err(in_use());
        }
        let status = row.status.and_then(|s| u16::try_from(s).ok()).and_then(|s| StatusCode::from_u16(s).ok());
        return match (status, row.body) {
            (Some(status), Some(body)) => Ok(Claim::Replay(status, body)),
            _ => Err(ApiError::internal(anyhow::anyhow!("idempotency key {key} is done without an answer"))),
        };
    }
    Err(in_use())
}

async fn release(conn: &impl ConnectionTrait, principal: &str, key: &str) -> Result<(), DbErr> {
    Entity::delete_many()
        .filter(Column::Principal.eq(principal))
        .filter(Column::Key.eq(key))
        .filter(Column::State.eq(IN_PROGRESS))
        .exec(conn)
        .await?;
    Ok(())
}

async fn finish(
    conn: &impl ConnectionTrait,
    principal: &str,
    key: &str,
    status: StatusCode,
    body: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    Entity::update_many()
        .col_expr(Column::State, sea_orm::sea_query::Expr::value(DONE))
        .col_expr(Column::Status, sea_orm::sea_query::Expr::value(i32::from(status.as_u16())))
        .col_expr(Column::Body, sea_orm::sea_query::Expr::value(body.to_owned()))
        .col_expr(Column::ExpiresAt, sea_orm::sea_query::Expr::value(now + KEEP_ANSWERS))
        .filter(Column::Principal.eq(principal))
        .filter(Column::Key.eq(key))
        .filter(Column::State.eq(IN_PROGRESS))
        .exec(conn)
        .await?;
    Ok(())
}

fn replay(status: StatusCode, body: String) -> Response {
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(REPLAYED, HeaderValue::from_static("true"));
    response
}

/// The middleware (`axum::middleware::from_fn_with_state`).
pub async fn layer(State(scope): State<Idempotency>, request: Request, next: Next) -> Response {
    if !scope.covers(&request) {
        return next.run(request).await;
    }
    match guarded(&scope.state, request, next).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }
}

async fn guarded(state: &AppState, request: Request, next: Next) -> Result<Response, ApiError> {
    let Some(key) = key_of(&request)? else { return Ok(next.run(request).await) };
    let (principal, request) = principal_of(state, request).await?;
    let Some(principal) = principal else { return Ok(next.run(request).await) };
    let (parts, body) = request.into_parts();
    let bytes: Bytes =
        axum::body::to_bytes(body, state.config.body_limit_bytes).await.map_err(|_| ApiError::payload_too_large())?;
    let ticket = Ticket {
        principal,
        key,
        method: parts.method.as_str().to_owned(),
        path: parts.uri.path().to_owned(),
        hash: sha256_hex(&bytes),
    };
    let Ticket { principal, key, .. } = &ticket;
    let conn = state.db.conn();
    match claim(conn, &ticket, state.clock.now(), in_progress_lease(state)).await? {
        Claim::Replay(status, body) => return Ok(replay(status, body)),
        Claim::Taken => {}
    }
    let response = next.run(Request::from_parts(parts, Body::from(bytes))).await;
    if !response.status().is_success() {
        if let Err(error) = release(conn, principal, key).await {
            tracing::warn!(%error, "releasing an idempotency key failed; it frees itself when its lease ends");
        }
        return Ok(response);
    }
    let (parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(bytes) => bytes,
        Err(error) => {
            // The handler's work is done but its answer is lost; the key stays in progress until its lease
            // ends, so a retry soon after is refused rather than run twice.
            return Err(ApiError::internal(anyhow::anyhow!("reading an answer to keep it failed: {error}")));
        }
    };
    match std::str::from_utf8(&bytes) {
        Ok(text) => {
            if let Err(error) = finish(conn, principal, key, parts.status, text, state.clock.now()).await {
                tracing::warn!(%error, "keeping an answer for its Idempotency-Key failed");
            }
        }
        Err(_) => {
            if let Err(error) = release(conn, principal, key).await {
                tracing::warn!(%error, "releasing an idempotency key failed; it frees itself when its lease ends");
            }
        }
    }
    Ok(Response::from_parts(parts, Body::from(bytes)))
}

/// Forgets answers and lost requests past their time (run by the hourly prune job).
pub async fn prune(conn: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64, DbErr> {
    Ok(Entity::delete_many().filter(Column::ExpiresAt.lte(now)).exec(conn).await?.rows_affected)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request_with(key: Option<&[u8]>) -> Request {
        let mut builder = Request::builder().method(Method::POST).uri("/store/carts");
        if let Some(key) = key {
            builder = builder.header(HEADER, HeaderValue::from_bytes(key).unwrap());
        }
        builder.body(Body::empty()).unwrap()
    }

    #[test]
    fn keys_are_one_to_255_visible_ascii_characters() {
        assert_eq!(key_of(&request_with(None)).unwrap(), None);
        assert_eq!(key_of(&request_with(Some(b" abc-123 "))).unwrap().as_deref(), Some("abc-123"));
        assert_eq!(key_of(&request_with(Some("k".repeat(255).as_bytes()))).unwrap().map(|k| k.len()), Some(255));
        for bad in [&b""[..], b"   ", b"a b", &"k".repeat(256).into_bytes(), b"caf\xc3\xa9"] {
            let error = key_of(&request_with(Some(bad))).unwrap_err();
            assert_eq!(error.code.as_str(), "idempotency_key_invalid", "{bad:?}");
            assert_eq!(error.status, StatusCode::BAD_REQUEST);
        }
    }

    #[test]
    fn bodies_are_compared_by_their_sha256() {
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_ne!(sha256_hex(br#"{"a":1}"#), sha256_hex(br#"{"a":2}"#));
    }
}
