//! The OpenID Connect endpoints: start (redirect to the provider), finish (called by the web app's `/callback` page
//! with the code and state), link (confirm an existing account's password to link a provider identity to it), and
//! the account's linked identities (list, remove).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use questline_domain::accounts::{AccountStatus, DisplayName, Email, Locale, TimeZone};
use questline_domain::{ErrorCode, ErrorType, FieldError, Validator};
use std::sync::Arc;
use uuid::Uuid;

use super::dto::*;
use super::queries;
use super::store::{self, link_expired};
use crate::accounts::{self, UserContext, user_context};
use crate::auth::oidc::{OidcProvider, VerifiedIdentity, authentication_failed};
use crate::auth::tokens::{hash_token, new_token};
use crate::auth::{AddressAction, CurrentUser, MaybeUser, session};
use crate::error::{ApiError, ErrorBody};
use crate::http::{ClientAddress, Json, Path, Query};
use crate::state::AppState;

const TAG: &str = "accounts";

/// The cookie that binds a sign-in flow to the browser that started it (`__Host-` prefixed behind https).
const FLOW_COOKIE: &str = "questline_oidc";

/// Starts sign-in through the OpenID Connect provider: answers 302 to the provider's authorization page
/// (authorization code flow, PKCE S256, state and nonce) and sets a cookie that only this browser holds, without
/// which the flow cannot finish. The provider sends the browser back to `/callback`. With
/// `intent=reauthenticate`, a signed-in user signs in at the provider again to confirm who they are.
#[utoipa::path(
    get, path = "/auth/oidc/start", operation_id = "startOidcSignIn", tag = TAG,
    params(StartQuery),
    responses(
        (status = 302, description = "Redirect to the provider's sign-in page; for a browser's page request (`Accept: text/html`) that fails, redirect to the web app's `/callback?error=<code>`, which shows the failure"),
        (status = 401, description = "`intent=reauthenticate` without being signed in", body = ErrorBody),
        (status = 404, description = "Sign-in through a provider is not configured (`oidc_not_configured`)", body = ErrorBody),
        (status = 429, description = "Too many sign-ins started from this address (`rate_limited`)", body = ErrorBody),
        (status = 503, description = "The provider cannot be reached (`oidc_provider_unavailable`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn start_oidc_sign_in(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
    jar: CookieJar,
    Query(query): Query<StartQuery>,
) -> Result<Response, ApiError> {
    match start(&state, address, user, jar, query).await {
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

async fn start(
    state: &AppState,
    address: std::net::IpAddr,
    user: Option<CurrentUser>,
    jar: CookieJar,
    query: StartQuery,
) -> Result<Response, ApiError> {
    let provider = configured(state)?;
    let intent = query.intent.unwrap_or(StartIntent::SignIn);
    let account_id = match intent {
        StartIntent::SignIn => None,
        StartIntent::Reauthenticate => Some(user.as_ref().ok_or_else(ApiError::unauthorized)?.account.id),
    };
    state.auth.limits.address_action(AddressAction::ProviderSignIn, address)?;
    let authorization = provider.authorize(intent == StartIntent::Reauthenticate).await?;
    let return_to = safe_return_to(query.return_to.as_deref());
    let now = state.clock.now();
    // Login CSRF (issue 9, finding 2): only the browser holding this value can finish the flow, so nobody can
    // make another person's browser finish their sign-in.
    let (binding, binding_hash) = new_token();
    let flow = queries::NewFlow {
        state: authorization.state,
        nonce: authorization.nonce,
        pkce_verifier: authorization.pkce_verifier,
        return_to,
        browser_binding: binding_hash,
        intent: intent.as_str(),
        account_id,
    };
    state
        .db
        .write(move |txn| {
            Box::pin(async move {
                queries::purge_expired(txn, now).await?;
                queries::insert_flow(txn, flow, now).await?;
                Ok(())
            })
        })
        .await?;
    let cookie = state.auth.sessions.build_cookie(FLOW_COOKIE, binding, queries::FLOW_LIFETIME);
    Ok((
        jar.add(cookie),
        (StatusCode::FOUND, [(header::LOCATION, authorization.url), (header::CACHE_CONTROL, "no-store".into())]),
    )
        .into_response())
}

/// Finishes sign-in with the code and state the provider gave `/callback`, in the browser that started it. The
/// state is single use. A known identity signs in; a new one whose provider vouches for its e-mail registers an
/// account (first sign-in); a new identity whose verified e-mail belongs to an existing account needs that
/// account's password first (`link_required`, nobody is signed in). An e-mail the provider has not verified is
/// never used to create or claim an account (`oidc_email_unverified`). A re-authentication
/// (`intent=reauthenticate`) must be made with an identity linked to the signed-in account.
#[utoipa::path(
    post, path = "/auth/oidc/finish", operation_id = "finishOidcSignIn", tag = TAG,
    request_body = FinishRequest,
    responses(
        (status = 200, description = "Signed in (`signed_in`, `registered`; the session cookie is set), `link_required`, or `reauthenticated`", body = OidcSignInResult),
        (status = 401, description = "Unknown, used or expired state, another browser's flow, or the provider refused the code or the ID token (`oidc_authentication_failed`)", body = ErrorBody),
        (status = 403, description = "The account is suspended (`account_suspended`), or a re-authentication with another identity (`oidc_reauthentication_failed`)", body = ErrorBody),
        (status = 404, description = "Not configured (`oidc_not_configured`)", body = ErrorBody),
        (status = 409, description = "The provider has not verified the e-mail (`oidc_email_unverified`), the e-mail belongs to an account that cannot be linked (`oidc_email_in_use`), or the account could not be created (`oidc_registration_failed`)", body = ErrorBody),
        (status = 422, description = "The provider sent no usable subject or e-mail (`oidc_claims_unreadable`)", body = ErrorBody),
        (status = 503, description = "The provider cannot be reached (`oidc_provider_unavailable`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn finish_oidc_sign_in(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    jar: CookieJar,
    Json(request): Json<FinishRequest>,
) -> Result<(CookieJar, Json<OidcSignInResult>), ApiError> {
    let provider = configured(&state)?;
    let now = state.clock.now();
    let FinishRequest { code, state: flow_state, iss } = request;
    let binding = state.auth.sessions.read_cookie(&jar, FLOW_COOKIE).map(hash_token);
    let jar = jar.add(state.auth.sessions.removal(FLOW_COOKIE));
    let flow = state
        .db
        .write(move |txn| Box::pin(async move { Ok(queries::take_flow(txn, &flow_state, now).await?) }))
        .await?
        .ok_or_else(authentication_failed)?;
    if binding.is_none_or(|binding| flow.browser_binding.is_empty() || binding != flow.browser_binding) {
        tracing::warn!("an OpenID Connect flow was finished by a browser that did not start it");
        return Err(authentication_failed());
    }
    // RFC 9207: an answer that names another issuer is a mix-up attack.
    if iss.is_some_and(|iss| iss.trim_end_matches('/') != provider.issuer().trim_end_matches('/')) {
        return Err(authentication_failed());
    }
    let return_to = flow.return_to.clone();
    let identity = provider.finish(code, flow.nonce.clone(), flow.pkce_verifier.clone()).await?;
    let (email, display_name) = read_claims(&identity)?;
    let claims = OidcClaims { email: email.as_str().to_owned(), name: display_name.as_str().to_owned() };

    if flow.intent == StartIntent::Reauthenticate.as_str() {
        let user = reauthenticate(&state, user, flow.account_id, &identity, now).await?;
        let result = OidcSignInResult {
            outcome: OidcOutcome::Reauthenticated,
            user: Some(user),
            claims,
            return_to,
            link_token: None,
        };
        return Ok((jar, Json(result)));
    }

    let previous = state.auth.sessions.token(&jar).map(str::to_owned);
    if let Some(linked) = queries::find_identity(state.db.conn(), &identity.issuer, &identity.subject).await? {
        match accounts::find(state.db.conn(), linked.account_id).await? {
            Some(account) if account.status() == AccountStatus::Active => {
                let jar = start_session(&state, jar, previous.as_deref(), account.id).await?;
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
            Some(account) if account.status() == AccountStatus::Suspended => return Err(suspended()),
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

    // Issue 9, finding 1: an address the provider does not vouch for proves nothing. Registering it would let
    // anyone claim another person's address before they sign up (and keep the identity after they take the
    // account over); linking it would hand over an existing account.
    if !identity.email_verified {
        return Err(ApiError::new(
            ErrorType::NotAllowed,
            ErrorCode::OidcEmailUnverified,
            "Your identity provider has not confirmed this e-mail address. Confirm it there and sign in again, \
             or sign up with a password.",
        ));
    }

    match accounts::find_by_email(state.db.conn(), &email).await? {
        None => {
            let newcomer = Newcomer { identity, email, display_name, claims, return_to };
            register(&state, jar, previous, newcomer).await
        }
        Some(account) if account.status() == AccountStatus::Suspended => Err(suspended()),
        Some(account) if account.status() == AccountStatus::Active && account.password_hash.is_some() => {
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
            ErrorCode::OidcEmailInUse,
            "An account with this e-mail already exists. Sign in with its e-mail and password.",
        )),
    }
}

/// A signed-in user signed in at the provider again: with an identity linked to their own account, and recently
/// (the provider's `auth_time`, since we asked with `max_age=0`). Marks the session and answers its user.
async fn reauthenticate(
    state: &AppState,
    user: Option<CurrentUser>,
    flow_account: Option<Uuid>,
    identity: &VerifiedIdentity,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<UserContext, ApiError> {
    let user = user.filter(|user| Some(user.account.id) == flow_account).ok_or_else(authentication_failed)?;
    let refused = || {
        ApiError::forbidden(
            ErrorCode::OidcReauthenticationFailed,
            "That sign-in is not the one linked to your account. Sign in again with the account you use here.",
        )
    };
    let linked = queries::find_identity(state.db.conn(), &identity.issuer, &identity.subject).await?;
    if linked.is_none_or(|linked| linked.account_id != user.account.id) {
        return Err(refused());
    }
    // The provider's clock, not the app's: the sign-in must have happened during this flow.
    let signed_in_lately = identity
        .auth_time
        .is_some_and(|at| chrono::Utc::now() - at <= queries::FLOW_LIFETIME + chrono::Duration::minutes(1));
    if !signed_in_lately {
        return Err(refused());
    }
    let session_id = user.session_id.clone();
    state
        .db
        .write(move |txn| Box::pin(async move { Ok(session::mark_reauthenticated(txn, &session_id, now).await?) }))
        .await?;
    tracing::info!(account_id = %user.account.id, "signed in again with OpenID Connect to confirm");
    Ok(user_context(Some(&user.account)))
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
#[tracing::instrument(skip_all)]
pub async fn link_oidc_identity(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    jar: CookieJar,
    Json(request): Json<LinkRequest>,
) -> Result<(CookieJar, Json<UserContext>), ApiError> {
    configured(&state)?;
    let now = state.clock.now();
    let link = queries::find_pending_link(state.db.conn(), &request.link_token, now).await?.ok_or_else(link_expired)?;
    let account = accounts::find(state.db.conn(), link.account_id)
        .await?
        .filter(|account| account.status() != AccountStatus::Deleted)
        .ok_or_else(link_expired)?;

    // The same counters as the sign-in form, so the link cannot be used to guess passwords faster.
    let attempt = state.auth.password_attempt(&account.email, address)?;
    let refuse = |error: FieldError| {
        let mut v = Validator::new();
        v.add("password", error);
        v.finish()
    };
    if request.password.is_empty() {
        refuse(FieldError::new(ErrorCode::PasswordRequired, "Password is required"))?;
    }
    if !state.auth.passwords.verify(&request.password, account.password_hash.as_deref()).await? {
        attempt.failed();
        refuse(FieldError::new(ErrorCode::PasswordIncorrect, "Password is incorrect"))?;
    }
    if account.status() == AccountStatus::Suspended {
        return Err(suspended());
    }
    attempt.succeeded();

    let policy = state.auth.sessions.clone();
    let previous = state.auth.sessions.token(&jar).map(str::to_owned);
    let (account, token) = state
        .write(move |w| {
            Box::pin(async move { store::link_identity(&w, link, account, previous.as_deref(), &policy).await })
        })
        .await?;
    tracing::info!(account_id = %account.id, "linked an OpenID Connect identity and signed in");
    Ok((jar.add(state.auth.sessions.cookie(token)), Json(user_context(Some(&account)))))
}

/// The identity-provider sign-ins linked to the signed-in account.
#[utoipa::path(
    get, path = "/account/identities", operation_id = "listLinkedIdentities", tag = TAG,
    responses(
        (status = 200, description = "The linked identities, oldest first", body = LinkedIdentities),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn list_linked_identities(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<LinkedIdentities>, ApiError> {
    let provider_name = state.auth.oidc.as_ref().map(|provider| provider.provider_name().to_owned());
    let identities = queries::identities_of(state.db.conn(), user.account.id).await?;
    let items = identities
        .into_iter()
        .map(|identity| LinkedIdentity {
            identity_id: identity.id,
            provider_name: provider_name.clone().unwrap_or_else(|| identity.issuer.clone()),
            email: identity.email,
            linked_at: identity.created_at,
        })
        .collect();
    Ok(Json(LinkedIdentities { items }))
}

/// Removes a linked identity: it no longer signs in to the account. Needs the account's password (an account
/// without one would lock itself out; it sets a password first with "Forgot your password?").
#[utoipa::path(
    delete, path = "/account/identities/{identity_id}", operation_id = "unlinkIdentity", tag = TAG,
    params(("identity_id" = Uuid, Path, description = "The identity to remove")),
    request_body = UnlinkRequest,
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such identity on this account (`identity_not_found`)", body = ErrorBody),
        (status = 409, description = "The account has no password to confirm with (`password_required`)", body = ErrorBody),
        (status = 422, description = "The password is missing or incorrect", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords (`rate_limited`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn unlink_identity(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    user: CurrentUser,
    Path(identity_id): Path<Uuid>,
    Json(request): Json<UnlinkRequest>,
) -> Result<StatusCode, ApiError> {
    let not_found = || ApiError::not_found(ErrorCode::IdentityNotFound, "This sign-in is not linked to your account.");
    let identity = queries::identities_of(state.db.conn(), user.account.id)
        .await?
        .into_iter()
        .find(|identity| identity.id == identity_id)
        .ok_or_else(not_found)?;
    let Some(hash) = user.account.password_hash.as_deref() else {
        return Err(ApiError::new(
            ErrorType::NotAllowed,
            ErrorCode::PasswordRequired,
            "Set a password for your account first, so that you can still sign in without this provider.",
        ));
    };
    let attempt = state.auth.password_attempt(&user.account.email, address)?;
    let mut v = Validator::new();
    if request.password.is_empty() {
        v.add("password", FieldError::new(ErrorCode::PasswordRequired, "Password is required"));
    } else if state.auth.passwords.verify(&request.password, Some(hash)).await? {
        attempt.succeeded();
    } else {
        attempt.failed();
        v.add("password", FieldError::new(ErrorCode::PasswordIncorrect, "Password is incorrect"));
    }
    v.finish()?;
    let (account_id, identity_id) = (user.account.id, identity.id);
    state.write(move |w| Box::pin(async move { store::unlink_identity(&w, account_id, identity_id).await })).await?;
    tracing::info!(account_id = %user.account.id, "removed a linked OpenID Connect identity");
    Ok(StatusCode::NO_CONTENT)
}

/// Who signed in at the provider, as a first sign-in registers them.
struct Newcomer {
    identity: VerifiedIdentity,
    email: Email,
    display_name: DisplayName,
    claims: OidcClaims,
    return_to: String,
}

/// A first sign-in: a new account without a password, linked to the identity, signed in. Only for e-mails the
/// provider has verified (the caller checks), so the address is verified from the start.
async fn register(
    state: &AppState,
    jar: CookieJar,
    previous: Option<String>,
    newcomer: Newcomer,
) -> Result<(CookieJar, Json<OidcSignInResult>), ApiError> {
    let Newcomer { identity, email, display_name, claims, return_to } = newcomer;
    let id = Uuid::now_v7();
    let locale = identity.locale.as_deref().and_then(|tag| Locale::parse(tag).ok()).unwrap_or_default();
    let time_zone =
        identity.zoneinfo.as_deref().and_then(|zone| TimeZone::parse(zone).ok()).unwrap_or_else(TimeZone::utc);
    let new_account =
        accounts::NewAccount { id, email, password_hash: None, display_name, locale, time_zone, email_verified: true };
    let policy = state.auth.sessions.clone();
    let (account, session_token) = state
        .write(move |w| {
            Box::pin(async move {
                let (issuer, subject) = (&identity.issuer, &identity.subject);
                store::register(&w, new_account, issuer, subject, previous.as_deref(), &policy).await
            })
        })
        .await
        .map_err(registration_failed)?;
    tracing::info!(account_id = %account.id, "registered an account through OpenID Connect");
    let jar = jar.add(state.auth.sessions.cookie(session_token));
    let user = Some(user_context(Some(&account)));
    Ok((jar, Json(OidcSignInResult { outcome: OidcOutcome::Registered, user, claims, return_to, link_token: None })))
}

async fn start_session(
    state: &AppState,
    jar: CookieJar,
    previous: Option<&str>,
    account_id: Uuid,
) -> Result<CookieJar, ApiError> {
    let policy = state.auth.sessions.clone();
    let previous = previous.map(str::to_owned);
    let token = state
        .write(move |w| {
            Box::pin(async move { store::start_session(&w, account_id, previous.as_deref(), &policy).await })
        })
        .await?;
    Ok(jar.add(state.auth.sessions.cookie(token)))
}

fn configured(state: &AppState) -> Result<Arc<OidcProvider>, ApiError> {
    state.auth.oidc.clone().ok_or_else(|| {
        ApiError::not_found(ErrorCode::OidcNotConfigured, "Sign-in through an identity provider is not configured.")
    })
}

/// The subject and a usable e-mail are required; the display name falls back from `name` to `preferred_username`
/// to the e-mail's local part, shortened to the display name's limit.
fn read_claims(identity: &VerifiedIdentity) -> Result<(Email, DisplayName), ApiError> {
    let unreadable =
        || ApiError::new(ErrorType::InvalidData, ErrorCode::OidcClaimsUnreadable, "Failed to fetch user claims");
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
    ApiError::forbidden(ErrorCode::AccountSuspended, "This account is suspended.")
}

/// Any failure to create the account reads as "Account Creation Failed"; the status stays (409 for a duplicate,
/// 500 for a failure of ours, whose cause is logged).
fn registration_failed(mut error: ApiError) -> ApiError {
    error.code = ErrorCode::OidcRegistrationFailed;
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
            auth_time: None,
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
