//! The accounts endpoints.

use axum::extract::State;
use axum::http::StatusCode;
use axum_extra::extract::CookieJar;
use questline_domain::accounts::{AccountStatus, Email};
use questline_domain::{ErrorCode, FieldError, Validator};
use uuid::Uuid;

use super::commands::{self, Credentials, PasswordReset, ResetLinkRequest, SettingsChange, SignUp};
use super::dto::*;
use super::jobs as account_jobs;
use super::queries::{self, TokenPurpose, user_context};
use super::store;
use crate::auth::{AddressAction, CurrentUser, MaybeUser, session};
use crate::error::{ApiError, ErrorBody};
use crate::http::{ClientAddress, Json, Path};
use crate::state::AppState;

const TAG: &str = "accounts";

/// Creates a built-in account, signs it in and sends a verification link.
#[utoipa::path(
    post, path = "/auth/sign-up", operation_id = "signUp", tag = TAG,
    request_body = SignUpRequest,
    responses(
        (status = 201, description = "Signed up and signed in; the session cookie is set", body = UserContext),
        (status = 409, description = "An account with this e-mail exists (`email_taken`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this address (`rate_limited`)", body = ErrorBody),
        (status = 503, description = "The server is busy hashing passwords (`server_busy`, with `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn sign_up(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    jar: CookieJar,
    Json(request): Json<SignUpRequest>,
) -> Result<(CookieJar, (StatusCode, Json<UserContext>)), ApiError> {
    let command = SignUp::try_from(request)?;
    // Counted before the hash, and for a taken address too: the form cannot be used to list who has an
    // account faster than this (issue 9, finding 10).
    state.auth.limits.address_action(AddressAction::SignUp, address)?;

    let hash = state.auth.passwords.hash(&command.password).await?;
    // Sign-up then delete, repeated, must not flood an inbox: past the recipient's hourly limit the account is
    // created without a mail, and its owner can ask for the link again later.
    let send_mail = state.auth.limits.mail_to(command.email.as_str()).is_ok();
    let previous = state.auth.sessions.token(&jar).map(str::to_owned);
    let new_account = queries::NewAccount {
        id: Uuid::now_v7(),
        email: command.email,
        password_hash: Some(hash),
        display_name: command.display_name,
        locale: command.locale,
        time_zone: command.time_zone,
        email_verified: false,
    };
    let policy = state.auth.sessions.clone();
    let (account, session_token) = state
        .write(move |w| {
            Box::pin(async move { store::sign_up(&w, new_account, send_mail, previous.as_deref(), &policy).await })
        })
        .await?;

    let jar = jar.add(state.auth.sessions.cookie(session_token));
    Ok((jar, (StatusCode::CREATED, Json(user_context(Some(&account))))))
}

/// Signs in with e-mail and password. Repeated failures from one client address are slowed down (429 with
/// `Retry-After`, growing); other addresses, the owner's included, are not affected. A session this browser had
/// before ends.
#[utoipa::path(
    post, path = "/auth/sign-in", operation_id = "signIn", tag = TAG,
    request_body = SignInRequest,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = UserContext),
        (status = 401, description = "Wrong e-mail or password (`invalid_credentials`)", body = ErrorBody),
        (status = 403, description = "The account is suspended (`account_suspended`)", body = ErrorBody),
        (status = 422, description = "E-mail or password missing", body = ErrorBody),
        (status = 429, description = "Too many failed attempts (`rate_limited`)", body = ErrorBody),
        (status = 503, description = "The server is busy checking passwords (`server_busy`, with `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn sign_in(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    jar: CookieJar,
    Json(request): Json<SignInRequest>,
) -> Result<(CookieJar, Json<UserContext>), ApiError> {
    let request = Credentials::try_from(request)?;
    let attempt = state.auth.password_attempt(&request.email, address)?;

    let account = match Email::parse(&request.email) {
        Ok(email) => queries::find_by_email(state.db.conn(), &email).await?,
        Err(_) => None,
    };
    let account = account.filter(|a| a.status() != AccountStatus::Deleted);
    let hash = account.as_ref().and_then(|a| a.password_hash.as_deref());
    let matches = state.auth.passwords.verify(&request.password, hash).await?;
    let Some(account) = account.filter(|_| matches) else {
        attempt.failed();
        return Err(ApiError::new(
            questline_domain::ErrorType::Unauthorized,
            ErrorCode::InvalidCredentials,
            "The e-mail or password is incorrect.",
        ));
    };
    if account.status() == AccountStatus::Suspended {
        return Err(ApiError::forbidden(ErrorCode::AccountSuspended, "This account is suspended."));
    }
    attempt.succeeded();

    let (id, policy) = (account.id, state.auth.sessions.clone());
    let previous = state.auth.sessions.token(&jar).map(str::to_owned);
    let token = state
        .write(move |w| Box::pin(async move { store::start_session(&w, id, previous.as_deref(), &policy).await }))
        .await?;
    Ok((jar.add(state.auth.sessions.cookie(token)), Json(user_context(Some(&account)))))
}

/// Ends this browser's session. Harmless when not signed in.
#[utoipa::path(
    post, path = "/auth/sign-out", operation_id = "signOut", tag = TAG,
    responses((status = 204, description = "Signed out; the session cookie is removed"))
)]
#[tracing::instrument(skip_all)]
pub async fn sign_out(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    jar: CookieJar,
) -> Result<(CookieJar, StatusCode), ApiError> {
    if let Some(user) = user {
        let session_id = user.session_id;
        state.write(move |w| Box::pin(async move { store::end_session(&w, &session_id).await })).await?;
    }
    Ok((jar.add(state.auth.sessions.removal_cookie()), StatusCode::NO_CONTENT))
}

/// Who is signed in: the spec's user context, for signed-in and anonymous visitors alike.
#[utoipa::path(
    get, path = "/auth/me", operation_id = "getCurrentUser", tag = TAG,
    responses((status = 200, description = "The user context", body = UserContext))
)]
#[tracing::instrument(skip_all)]
pub async fn get_current_user(MaybeUser(user): MaybeUser) -> Json<UserContext> {
    Json(user_context(user.as_ref().map(|u| &u.account)))
}

/// Changes the account's language and time zone (used for e-mail and reminders).
#[utoipa::path(
    patch, path = "/account", operation_id = "updateAccountSettings", tag = TAG,
    request_body = UpdateAccountSettingsRequest,
    responses(
        (status = 200, description = "Saved", body = UserContext),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 422, description = "A field breaks a rule", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn update_account_settings(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<UpdateAccountSettingsRequest>,
) -> Result<Json<UserContext>, ApiError> {
    let change = SettingsChange::try_from(request)?;
    let current = user.account.clone();
    let account = state
        .write(move |w| {
            Box::pin(async move { store::update_settings(&w, current, change.locale, change.time_zone).await })
        })
        .await?;
    Ok(Json(user_context(Some(&account))))
}

/// Adds the game master role at once and records the GM-since date, for an account whose e-mail address is proven
/// (issue 31). Calling it again changes nothing. The new role comes with a new session token (the cookie is
/// replaced), so a token copied before it is worthless.
#[utoipa::path(
    post, path = "/accounts/{account_id}/become-game-master", operation_id = "becomeGameMaster", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The signed-in account's id")),
    responses(
        (status = 200, description = "The account is a game master", body = UserContext),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another account's id (`not_your_account`), or an e-mail address not yet proven (`email_verification_required`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn become_game_master(
    State(state): State<AppState>,
    user: CurrentUser,
    jar: CookieJar,
    Path(account_id): Path<Uuid>,
) -> Result<(CookieJar, Json<UserContext>), ApiError> {
    if account_id != user.account.id {
        return Err(ApiError::forbidden(
            ErrorCode::NotYourAccount,
            "You can only make your own account a game master.",
        ));
    }
    if user.account.gm_since.is_some() {
        return Ok((jar, Json(user_context(Some(&user.account)))));
    }
    questline_domain::accounts::may_become_game_master(user.account.email_verified_at.is_some(), false)?;
    let (session_id, policy) = (user.session_id, state.auth.sessions.clone());
    let (account, token) = state
        .write(move |w| Box::pin(async move { store::become_game_master(&w, account_id, &session_id, &policy).await }))
        .await?;
    let jar = match token {
        Some(token) => jar.add(state.auth.sessions.cookie(token)),
        None => jar,
    };
    Ok((jar, Json(user_context(Some(&account)))))
}

/// Confirms the e-mail address with the token from the verification link. The link proves the mailbox, so
/// provider identities linked while the address was unproven are removed (issue 9, finding 1).
#[utoipa::path(
    post, path = "/auth/verify-email", operation_id = "verifyEmail", tag = TAG,
    request_body = TokenRequest,
    responses(
        (status = 204, description = "The address is confirmed"),
        (status = 404, description = "No such link (`link_invalid`)", body = ErrorBody),
        (status = 409, description = "The address is verified already (`email_already_verified`), or the link was used or has expired (`link_expired`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn verify_email(
    State(state): State<AppState>,
    Json(request): Json<TokenRequest>,
) -> Result<StatusCode, ApiError> {
    state.write(move |w| Box::pin(async move { store::verify_email(&w, &request.token).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sends the verification link again, while the address is unverified. Limited per account, per recipient
/// address and per client address.
#[utoipa::path(
    post, path = "/account/verification-email", operation_id = "resendVerificationEmail", tag = TAG,
    responses(
        (status = 202, description = "A new link is on its way"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "The address is verified already (`email_already_verified`)", body = ErrorBody),
        (status = 429, description = "Asked too often (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn resend_verification_email(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    user: CurrentUser,
) -> Result<StatusCode, ApiError> {
    if user.account.email_verified_at.is_some() {
        return Err(store::already_verified());
    }
    let limits = &state.auth.limits;
    limits.address_action(AddressAction::VerificationResend, address)?;
    limits.verification_resend(user.account.id)?;
    limits.mail_to(&user.account.email).map_err(ApiError::rate_limited)?;
    let job = account_jobs::verification_mail(user.account.id);
    state.write(move |w| Box::pin(async move { store::schedule_mail(&w, job).await })).await?;
    Ok(StatusCode::ACCEPTED)
}

/// Changes the password; every other session of the account ends, and unused reset links stop working. Wrong
/// current passwords count like failed sign-ins.
#[utoipa::path(
    post, path = "/account/password", operation_id = "changePassword", tag = TAG,
    request_body = ChangePasswordRequest,
    responses(
        (status = 204, description = "Changed; other sessions are signed out"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 422, description = "Current password wrong, or the new one breaks a rule", body = ErrorBody),
        (status = 429, description = "Too many wrong current passwords (`rate_limited`)", body = ErrorBody),
        (status = 503, description = "The server is busy checking passwords (`server_busy`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn change_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    user: CurrentUser,
    Json(request): Json<ChangePasswordRequest>,
) -> Result<StatusCode, ApiError> {
    let attempt = state.auth.password_attempt(&user.account.email, address)?;
    let current_ok =
        state.auth.passwords.verify(&request.current_password, user.account.password_hash.as_deref()).await?;
    let wrong_current = if current_ok {
        attempt.succeeded();
        None
    } else {
        attempt.failed();
        let error = FieldError::new(ErrorCode::CurrentPasswordIncorrect, "Current password is incorrect");
        Some(("current_password", error))
    };
    let new_password = commands::new_password_with(&request.new_password, "new_password", wrong_current)?;
    let hash = state.auth.passwords.hash(&new_password).await?;
    let (current, keep) = (user.account, user.session_id);
    state.write(move |w| Box::pin(async move { store::change_password(&w, current, hash, &keep).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sends a password reset link if the address has an account. The answer, and the work done, are the same
/// either way (a mail job is scheduled for every request and finds out when it runs), so it never tells whether
/// an address is registered.
#[utoipa::path(
    post, path = "/auth/password-reset", operation_id = "requestPasswordReset", tag = TAG,
    request_body = RequestPasswordResetRequest,
    responses(
        (status = 202, description = "If the address has an account, a link is on its way"),
        (status = 422, description = "Not an e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this client address (`rate_limited`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn request_password_reset(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Json(request): Json<RequestPasswordResetRequest>,
) -> Result<StatusCode, ApiError> {
    let ResetLinkRequest { email } = ResetLinkRequest::try_from(request)?;
    state.auth.limits.address_action(AddressAction::PasswordResetRequest, address)?;
    // At most a few mails per recipient an hour, so the form cannot be used to flood someone's inbox; the answer
    // stays the same.
    if state.auth.limits.mail_to(email.as_str()).is_err() {
        return Ok(StatusCode::ACCEPTED);
    }
    let job = account_jobs::password_reset_mail(&email);
    state.write(move |w| Box::pin(async move { store::schedule_mail(&w, job).await })).await?;
    Ok(StatusCode::ACCEPTED)
}

/// Sets a new password with the token from a reset link; every session of the account ends and every other reset
/// link stops working. The token is checked before the (expensive) hash of the new password.
#[utoipa::path(
    post, path = "/auth/password-reset/confirm", operation_id = "resetPassword", tag = TAG,
    request_body = ResetPasswordRequest,
    responses(
        (status = 204, description = "The password is changed; sign in with it"),
        (status = 404, description = "No such link (`link_invalid`)", body = ErrorBody),
        (status = 409, description = "The link was used or has expired (`link_expired`)", body = ErrorBody),
        (status = 422, description = "The new password breaks a rule", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client address (`rate_limited`)", body = ErrorBody),
        (status = 503, description = "The server is busy hashing passwords (`server_busy`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Json(request): Json<ResetPasswordRequest>,
) -> Result<StatusCode, ApiError> {
    state.auth.limits.address_action(AddressAction::PasswordResetConfirm, address)?;
    queries::check_token(state.db.conn(), &request.token, TokenPurpose::ResetPassword, state.clock.now())
        .await?
        .map_err(|refusal| store::link_error(refusal, false))?;
    let reset = PasswordReset::try_from(request)?;
    let hash = state.auth.passwords.hash(&reset.new_password).await?;
    let token = reset.token;
    state.write(move |w| Box::pin(async move { store::reset_password(&w, &token, hash).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Deletes the account once its owner confirmed it: with the password, or — for accounts that only sign in
/// through the identity provider — by signing in there again (`startOidcSignIn` with
/// `intent=reauthenticate`) within the last five minutes and typing the account's e-mail. Personal data is
/// erased at once; records others rely on keep an anonymous placeholder (see docs/decisions.md).
#[utoipa::path(
    delete, path = "/account", operation_id = "deleteAccount", tag = TAG,
    request_body = DeleteAccountRequest,
    responses(
        (status = 204, description = "Deleted and signed out"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "An account without a password must sign in with the provider again first (`reauthentication_required`)", body = ErrorBody),
        (status = 422, description = "The password (or e-mail confirmation) is wrong", body = ErrorBody),
        (status = 429, description = "Too many wrong passwords (`rate_limited`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn delete_account(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    user: CurrentUser,
    jar: CookieJar,
    Json(request): Json<DeleteAccountRequest>,
) -> Result<(CookieJar, StatusCode), ApiError> {
    let now = state.clock.now();
    let mut v = Validator::new();
    match user.account.password_hash.as_deref() {
        Some(hash) => {
            let attempt = state.auth.password_attempt(&user.account.email, address)?;
            let given = request.password.as_deref().unwrap_or_default();
            if state.auth.passwords.verify(given, Some(hash)).await? {
                attempt.succeeded();
            } else {
                attempt.failed();
                v.add("password", FieldError::new(ErrorCode::PasswordIncorrect, "Password is incorrect"));
            }
        }
        None => {
            if !session::recently_reauthenticated(state.db.conn(), &user.session_id, now).await? {
                return Err(ApiError::new(
                    questline_domain::ErrorType::NotAllowed,
                    ErrorCode::ReauthenticationRequired,
                    "Sign in with your identity provider again to confirm that it is you.",
                ));
            }
            let matches = request
                .confirm_email
                .as_deref()
                .and_then(|given| Email::parse(given).ok())
                .is_some_and(|given| given.as_str() == user.account.email);
            if !matches {
                let message = "Type your account's e-mail to confirm";
                v.add("confirm_email", FieldError::new(ErrorCode::ConfirmEmailMismatch, message));
            }
        }
    }
    v.finish()?;
    let id = user.account.id;
    state.write(move |w| Box::pin(async move { store::delete_account(&w, id).await })).await?;
    Ok((jar.add(state.auth.sessions.removal_cookie()), StatusCode::NO_CONTENT))
}
