//! The OpenID Connect endpoints: start (redirect to the provider), finish (called by the web app's `/callback` page
//! with the code and state) and link (confirm an existing account's password to link a provider identity to it).

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use questline_domain::accounts::{AccountStatus, DisplayName, Email, Locale, TimeZone};
use questline_domain::{ErrorType, Validator};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, IntoActiveModel};
use std::sync::Arc;
use uuid::Uuid;

use super::dto::*;
use super::provider::{OidcProvider, VerifiedIdentity, authentication_failed};
use super::queries;
use crate::accounts::{self, UserContext, user_context};
use crate::app::AppState;
use crate::auth::session;
use crate::error::{ApiError, ErrorBody, on_unique_violation};
use crate::events::{Audience, Event};
use crate::http::socket::Peer;
use crate::http::{Json, Query};

const TAG: &str = "accounts";

/// Starts sign-in through the OpenID Connect provider: answers 302 to the provider's authorization page
/// (authorization code flow, PKCE S256, state and nonce). The provider sends the browser back to `/callback`.
#[utoipa::path(
    get, path = "/auth/oidc/start", operation_id = "startOidcSignIn", tag = TAG,
    params(StartQuery),
    responses(
        (status = 302, description = "Redirect to the provider's sign-in page; for a browser's page request (`Accept: text/html`) that fails, redirect to the web app's `/callback?error=<code>`, which shows the failure"),
        (status = 404, description = "Sign-in through a provider is not configured (`oidc_not_configured`)", body = ErrorBody),
        (status = 503, description = "The provider cannot be reached (`oidc_provider_unavailable`)", body = ErrorBody),
    )
)]
pub async fn start_oidc_sign_in(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<StartQuery>,
) -> Result<Response, ApiError> {
    match start(&state, query).await {
        Ok(response) => Ok(response),
        // A person followed a link to this address: show the failure in the app rather than a JSON document.
        Err(error) if wants_page(&headers) => {
            tracing::warn!(code = %error.code, "sign-in through the provider could not start");
            let location = format!("/callback?error={}", error.code);
            Ok((StatusCode::FOUND, [(header::LOCATION, location), (header::CACHE_CONTROL, "no-store".into())])
                .into_response())
        }
        Err(error) => Err(error),
    }
}

/// Whether the request is a browser loading a page (a navigation asks for HTML; `fetch` and API clients do not).
fn wants_page(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.split(',').any(|kind| kind.trim().starts_with("text/html")))
}

async fn start(state: &AppState, query: StartQuery) -> Result<Response, ApiError> {
    let provider = configured(state)?;
    let authorization = provider.authorize().await?;
    let return_to = safe_return_to(query.return_to.as_deref());
    let now = state.clock.now();
    let flow_state = authorization.state;
    let (nonce, verifier) = (authorization.nonce, authorization.pkce_verifier);
    state
        .db
        .write(move |txn| {
            Box::pin(async move {
                queries::purge_expired(txn, now).await?;
                queries::insert_flow(txn, &flow_state, nonce, verifier, return_to, now).await?;
                Ok(())
            })
        })
        .await?;
    Ok((StatusCode::FOUND, [(header::LOCATION, authorization.url), (header::CACHE_CONTROL, "no-store".into())])
        .into_response())
}

/// Finishes sign-in with the code and state the provider gave `/callback`. The state is single use. A known
/// identity signs in; a new one registers an account (first sign-in); a new identity whose verified e-mail belongs
/// to an existing account needs that account's password first (`link_required`, nobody is signed in).
#[utoipa::path(
    post, path = "/auth/oidc/finish", operation_id = "finishOidcSignIn", tag = TAG,
    request_body = FinishRequest,
    responses(
        (status = 200, description = "Signed in (`signed_in`, `registered`; the session cookie is set) or `link_required`", body = OidcSignInResult),
        (status = 401, description = "Unknown, used or expired state, or the provider refused the code or the ID token (`oidc_authentication_failed`)", body = ErrorBody),
        (status = 403, description = "The account is suspended (`account_suspended`)", body = ErrorBody),
        (status = 404, description = "Not configured (`oidc_not_configured`)", body = ErrorBody),
        (status = 409, description = "The e-mail belongs to an account and the provider does not vouch for it (`oidc_email_in_use`), or the account could not be created (`oidc_registration_failed`)", body = ErrorBody),
        (status = 422, description = "The provider sent no usable subject or e-mail (`oidc_claims_unreadable`)", body = ErrorBody),
        (status = 503, description = "The provider cannot be reached (`oidc_provider_unavailable`)", body = ErrorBody),
    )
)]
pub async fn finish_oidc_sign_in(
    State(state): State<AppState>,
    jar: CookieJar,
    Json(request): Json<FinishRequest>,
) -> Result<(CookieJar, Json<OidcSignInResult>), ApiError> {
    let provider = configured(&state)?;
    let now = state.clock.now();
    let FinishRequest { code, state: flow_state, iss } = request;
    let flow = state
        .db
        .write(move |txn| Box::pin(async move { Ok(queries::take_flow(txn, &flow_state, now).await?) }))
        .await?
        .ok_or_else(authentication_failed)?;
    // RFC 9207: an answer that names another issuer is a mix-up attack.
    if iss.is_some_and(|iss| iss.trim_end_matches('/') != provider.issuer().trim_end_matches('/')) {
        return Err(authentication_failed());
    }
    let return_to = flow.return_to.clone();
    let identity = provider.finish(code, flow.nonce.clone(), flow.pkce_verifier.clone()).await?;
    let (email, display_name) = read_claims(&identity)?;
    let claims = OidcClaims { email: email.as_str().to_owned(), name: display_name.as_str().to_owned() };

    if let Some(linked) = queries::find_identity(state.db.conn(), &identity.issuer, &identity.subject).await? {
        match accounts::queries::find(state.db.conn(), linked.account_id).await? {
            Some(account) if account.status == AccountStatus::Active.as_str() => {
                let jar = start_session(&state, jar, account.id).await?;
                tracing::info!(account_id = %account.id, "signed in with OpenID Connect");
                let user = Some(user_context(Some(&account)));
                return Ok((
                    jar,
                    Json(OidcSignInResult {
                        outcome: OidcOutcome::SignedIn,
                        user,
                        claims,
                        return_to,
                        link_token: None,
                    }),
                ));
            }
            Some(account) if account.status == AccountStatus::Suspended.as_str() => return Err(suspended()),
            // A deleted account's identity never signs in; forget it and treat the person as new.
            _ => {
                let id = linked.id;
                state
                    .db
                    .write(move |txn| Box::pin(async move { Ok(queries::delete_identity(txn, id).await?) }))
                    .await?;
            }
        }
    }

    match accounts::queries::find_by_email(state.db.conn(), &email).await? {
        None => register(&state, jar, identity, email, display_name, claims, return_to).await,
        Some(account) if account.status == AccountStatus::Suspended.as_str() => Err(suspended()),
        Some(account)
            if account.status == AccountStatus::Active.as_str()
                && identity.email_verified
                && account.password_hash.is_some() =>
        {
            let account_id = account.id;
            let (email_text, link_return_to) = (email.as_str().to_owned(), return_to.clone());
            let link_token = state
                .db
                .write(move |txn| {
                    Box::pin(async move {
                        Ok(queries::insert_pending_link(txn, account_id, &identity, &email_text, &link_return_to, now)
                            .await?)
                    })
                })
                .await?;
            tracing::info!(account_id = %account_id, "OpenID Connect identity waits for the account's password");
            Ok((
                jar,
                Json(OidcSignInResult {
                    outcome: OidcOutcome::LinkRequired,
                    user: None,
                    claims,
                    return_to,
                    link_token: Some(link_token),
                }),
            ))
        }
        Some(_) => Err(ApiError::conflict(
            "oidc_email_in_use",
            "An account with this email already exists. Sign in with its email and password.",
        )),
    }
}

/// Links the provider identity of a `link_required` answer to the existing account once its password is
/// confirmed, then signs in. Wrong passwords count towards the sign-in rate limit.
#[utoipa::path(
    post, path = "/auth/oidc/link", operation_id = "linkOidcIdentity", tag = TAG,
    request_body = LinkRequest,
    responses(
        (status = 200, description = "Linked and signed in; the session cookie is set", body = UserContext),
        (status = 403, description = "The account is suspended (`account_suspended`)", body = ErrorBody),
        (status = 404, description = "Not configured (`oidc_not_configured`)", body = ErrorBody),
        (status = 409, description = "The link token is unknown, used or expired (`oidc_link_expired`)", body = ErrorBody),
        (status = 422, description = "The password is missing or incorrect", body = ErrorBody),
        (status = 429, description = "Too many failed attempts (`rate_limited`)", body = ErrorBody),
    )
)]
pub async fn link_oidc_identity(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<Peer>,
    jar: CookieJar,
    Json(request): Json<LinkRequest>,
) -> Result<(CookieJar, Json<UserContext>), ApiError> {
    configured(&state)?;
    let now = state.clock.now();
    let link = queries::find_pending_link(state.db.conn(), &request.link_token, now).await?.ok_or_else(link_expired)?;
    let account = accounts::queries::find(state.db.conn(), link.account_id)
        .await?
        .filter(|account| account.status != AccountStatus::Deleted.as_str())
        .ok_or_else(link_expired)?;

    // The same counters as the sign-in form, so the link cannot be used to guess passwords faster.
    let attempt = state.auth.password_attempt(&account.email, peer.addr.ip())?;
    let refuse = |message: &str| {
        let mut v = Validator::new();
        v.add("password", message);
        v.finish()
    };
    if request.password.is_empty() {
        refuse("Password is required")?;
    }
    if !state.auth.passwords.verify(&request.password, account.password_hash.as_deref()).await? {
        attempt.failed();
        refuse("Password is incorrect")?;
    }
    if account.status == AccountStatus::Suspended.as_str() {
        return Err(suspended());
    }
    attempt.succeeded();

    let events = state.events.clone();
    let policy = state.auth.sessions.clone();
    let (account, token) = state
        .db
        .write(move |txn| {
            Box::pin(async move {
                if !queries::take_pending_link(txn, &link.id).await? {
                    return Err(link_expired());
                }
                queries::insert_identity(txn, link.account_id, &link.issuer, &link.subject, &link.email, now)
                    .await
                    .map_err(|error| {
                        on_unique_violation(error, || {
                            ApiError::conflict(
                                "oidc_identity_linked",
                                "This sign-in is already linked to an account. Sign in with the provider again.",
                            )
                        })
                    })?;
                // The provider vouched for the address and the password proved the account is theirs.
                let mut account = account;
                if account.email_verified_at.is_none() {
                    let version = account.version;
                    let mut row = account.into_active_model();
                    row.email_verified_at = Set(Some(now));
                    row.updated_at = Set(now);
                    row.version = Set(version + 1);
                    account = row.update(txn).await?;
                }
                let token = session::create(txn, account.id, now, &policy).await?;
                events
                    .record(txn, Event::updated("account", account.id).to(Audience::account(account.id.into())))
                    .await?;
                Ok((account, token))
            })
        })
        .await?;
    tracing::info!(account_id = %account.id, "linked an OpenID Connect identity and signed in");
    Ok((jar.add(state.auth.sessions.cookie(token)), Json(user_context(Some(&account)))))
}

/// A first sign-in: a new account without a password, linked to the identity, signed in.
async fn register(
    state: &AppState,
    jar: CookieJar,
    identity: VerifiedIdentity,
    email: Email,
    display_name: DisplayName,
    claims: OidcClaims,
    return_to: String,
) -> Result<(CookieJar, Json<OidcSignInResult>), ApiError> {
    let now = state.clock.now();
    let id = Uuid::now_v7();
    let locale = identity.locale.as_deref().and_then(|tag| Locale::parse(tag).ok()).unwrap_or_default();
    let time_zone =
        identity.zoneinfo.as_deref().and_then(|zone| TimeZone::parse(zone).ok()).unwrap_or_else(TimeZone::utc);
    let verified = identity.email_verified;
    let new_account = accounts::queries::NewAccount {
        id,
        email,
        password_hash: None,
        display_name,
        locale,
        time_zone,
        email_verified: verified,
    };
    let events = state.events.clone();
    let jobs = state.jobs.clone();
    let policy = state.auth.sessions.clone();
    let (account, session_token) = state
        .db
        .write(move |txn| {
            Box::pin(async move {
                let taken = || ApiError::conflict("oidc_registration_failed", "Account Creation Failed");
                let account = accounts::queries::create_account(txn, new_account, now)
                    .await
                    .map_err(|e| on_unique_violation(e, taken))?;
                queries::insert_identity(txn, id, &identity.issuer, &identity.subject, account.email.as_str(), now)
                    .await
                    .map_err(|e| on_unique_violation(e, taken))?;
                // An address the provider does not vouch for is confirmed the usual way, by a mailed link.
                if !verified {
                    jobs.schedule(txn, accounts::jobs::verification_mail(id)).await?;
                }
                let session_token = session::create(txn, id, now, &policy).await?;
                events.record(txn, Event::created("account", id).to(Audience::account(id.into()))).await?;
                Ok((account, session_token))
            })
        })
        .await
        .map_err(registration_failed)?;
    tracing::info!(account_id = %account.id, "registered an account through OpenID Connect");
    let jar = jar.add(state.auth.sessions.cookie(session_token));
    let user = Some(user_context(Some(&account)));
    Ok((jar, Json(OidcSignInResult { outcome: OidcOutcome::Registered, user, claims, return_to, link_token: None })))
}

async fn start_session(state: &AppState, jar: CookieJar, account_id: Uuid) -> Result<CookieJar, ApiError> {
    let now = state.clock.now();
    let policy = state.auth.sessions.clone();
    let token = state
        .db
        .write(move |txn| Box::pin(async move { Ok(session::create(txn, account_id, now, &policy).await?) }))
        .await?;
    Ok(jar.add(state.auth.sessions.cookie(token)))
}

fn configured(state: &AppState) -> Result<Arc<OidcProvider>, ApiError> {
    state.auth.oidc.clone().ok_or_else(|| {
        ApiError::not_found("oidc_not_configured", "Sign-in through an identity provider is not configured.")
    })
}

/// The subject and a usable e-mail are required; the display name falls back from `name` to `preferred_username`
/// to the e-mail's local part, shortened to the display name's limit.
fn read_claims(identity: &VerifiedIdentity) -> Result<(Email, DisplayName), ApiError> {
    let unreadable = || ApiError::new(ErrorType::InvalidData, "oidc_claims_unreadable", "Failed to fetch user claims");
    if identity.subject.trim().is_empty() {
        return Err(unreadable());
    }
    let email = identity.email.as_deref().and_then(|email| Email::parse(email).ok()).ok_or_else(unreadable)?;
    let local_part = email.as_str().split('@').next().unwrap_or_default().to_owned();
    let display_name = [identity.name.as_deref(), identity.preferred_username.as_deref(), Some(local_part.as_str())]
        .into_iter()
        .flatten()
        .map(|candidate| {
            candidate.trim().chars().take(questline_domain::accounts::DISPLAY_NAME_MAX_LENGTH).collect::<String>()
        })
        .find_map(|candidate| DisplayName::parse(&candidate).ok())
        .ok_or_else(unreadable)?;
    Ok((email, display_name))
}

/// Only paths of our own app: no other origin (`//host`, `https://…`), no backslash tricks, not the callback.
fn safe_return_to(input: Option<&str>) -> String {
    match input {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.contains('\\')
                && !path.chars().any(char::is_control)
                && path.len() <= 2048
                && !path.starts_with("/callback") =>
        {
            path.to_owned()
        }
        _ => "/".to_owned(),
    }
}

fn suspended() -> ApiError {
    ApiError::forbidden("account_suspended", "This account is suspended.")
}

fn link_expired() -> ApiError {
    ApiError::new(
        ErrorType::UnexpectedState,
        "oidc_link_expired",
        "This sign-in has expired or was already used. Sign in with the provider again.",
    )
}

/// Any failure to create the account reads as "Account Creation Failed"; the status stays (409 for a duplicate,
/// 500 for a failure of ours, whose cause is logged).
fn registration_failed(mut error: ApiError) -> ApiError {
    "oidc_registration_failed".clone_into(&mut error.code);
    "Account Creation Failed".clone_into(&mut error.message);
    error
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity(name: Option<&str>, username: Option<&str>, email: Option<&str>) -> VerifiedIdentity {
        VerifiedIdentity {
            issuer: "https://id.example.com".into(),
            subject: "abc".into(),
            email: email.map(str::to_owned),
            email_verified: true,
            name: name.map(str::to_owned),
            preferred_username: username.map(str::to_owned),
            locale: None,
            zoneinfo: None,
        }
    }

    #[test]
    fn return_to_stays_inside_the_app() {
        assert_eq!(safe_return_to(Some("/series/abc?tab=2")), "/series/abc?tab=2");
        for hostile in ["//evil.test", "https://evil.test", "/\\evil.test", "evil", "/callback?code=x", "/a\nb"] {
            assert_eq!(safe_return_to(Some(hostile)), "/", "{hostile:?}");
        }
        assert_eq!(safe_return_to(None), "/");
    }

    #[test]
    fn the_display_name_falls_back_from_name_to_username_to_the_mailbox() {
        let (email, name) =
            read_claims(&identity(Some(" Ada Lovelace "), Some("ada"), Some("Ada@Example.test"))).unwrap();
        assert_eq!((email.as_str(), name.as_str()), ("ada@example.test", "Ada Lovelace"));
        let (_, name) = read_claims(&identity(Some("  "), Some("ada_l"), Some("ada@example.test"))).unwrap();
        assert_eq!(name.as_str(), "ada_l");
        let (_, name) = read_claims(&identity(None, None, Some("grace.hopper@example.test"))).unwrap();
        assert_eq!(name.as_str(), "grace.hopper");
        let long = "x".repeat(80);
        let (_, name) = read_claims(&identity(Some(&long), None, Some("x@example.test"))).unwrap();
        assert_eq!(name.as_str().chars().count(), questline_domain::accounts::DISPLAY_NAME_MAX_LENGTH);
    }

    #[test]
    fn claims_without_a_usable_email_cannot_be_read() {
        for email in [None, Some("not-an-email")] {
            let error = read_claims(&identity(Some("Ada"), None, email)).unwrap_err();
            assert_eq!(
                (error.code.as_str(), error.message.as_str()),
                ("oidc_claims_unreadable", "Failed to fetch user claims")
            );
        }
    }
}
