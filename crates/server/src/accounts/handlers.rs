//! The accounts endpoints.

use axum::extract::State;
use axum::http::StatusCode;
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use questline_domain::accounts::{AccountStatus, DisplayName, Email, Locale, NewPassword, TimeZone};
use questline_domain::{ErrorCode, FieldError, Validator};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, DatabaseTransaction, IntoActiveModel};
use uuid::Uuid;

use super::dto::*;
use super::entities::account_token;
use super::events as account_events;
use super::jobs as account_jobs;
use super::queries::{self, TokenPurpose, TokenRefusal, user_context};
use crate::auth::{AddressAction, CurrentUser, MaybeUser, session};
use crate::db::entities::account;
use crate::error::{ApiError, ErrorBody, on_unique_violation};
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
pub async fn sign_up(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    jar: CookieJar,
    Json(request): Json<SignUpRequest>,
) -> Result<(CookieJar, (StatusCode, Json<UserContext>)), ApiError> {
    let mut v = Validator::new();
    let email = v.check("email", Email::parse(&request.email));
    let password = v.check("password", NewPassword::parse(&request.password));
    let display_name = v.check("display_name", DisplayName::parse(&request.display_name));
    let locale = v.check("locale", request.locale.as_deref().map_or(Ok(Locale::default()), Locale::parse));
    let time_zone = v.check("time_zone", request.time_zone.as_deref().map_or(Ok(TimeZone::utc()), TimeZone::parse));
    v.finish()?;
    let (Some(email), Some(password), Some(display_name), Some(locale), Some(time_zone)) =
        (email, password, display_name, locale, time_zone)
    else {
        unreachable!("the validator returned early on any missing value")
    };
    // Counted before the hash, and for a taken address too: the form cannot be used to list who has an
    // account faster than this (issue 9, finding 10).
    state.auth.limits.address_action(AddressAction::SignUp, address)?;

    let hash = state.auth.passwords.hash(&password).await?;
    // Sign-up then delete, repeated, must not flood an inbox: past the recipient's hourly limit the account is
    // created without a mail, and its owner can ask for the link again later.
    let send_mail = state.auth.limits.mail_to(email.as_str()).is_ok();
    let previous = state.auth.sessions.token(&jar).map(str::to_owned);
    let now = state.clock.now();
    let id = Uuid::now_v7();
    let new_account = queries::NewAccount {
        id,
        email,
        password_hash: Some(hash),
        display_name,
        locale,
        time_zone,
        email_verified: false,
    };
    let events = state.events.clone();
    let hooks = state.hooks.clone();
    let jobs = state.jobs.clone();
    let policy = state.auth.sessions.clone();
    let (account, session_token) = state
        .db
        .write(move |txn| {
            Box::pin(async move {
                let account = queries::create_account(txn, &hooks, new_account, now).await.map_err(|e| {
                    on_unique_violation(e, || {
                        ApiError::conflict("email_taken", "An account with this e-mail already exists.")
                    })
                })?;
                if send_mail {
                    jobs.schedule(txn, account_jobs::verification_mail(id)).await?;
                }
                let session_token = session::start(txn, previous.as_deref(), id, now, &policy).await?;
                events.record(txn, account_events::created(id.into())).await?;
                Ok((account, session_token))
            })
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
pub async fn sign_in(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    jar: CookieJar,
    Json(request): Json<SignInRequest>,
) -> Result<(CookieJar, Json<UserContext>), ApiError> {
    let mut v = Validator::new();
    if request.email.trim().is_empty() {
        v.add("email", FieldError::new(ErrorCode::EmailRequired, "E-mail is required"));
    }
    if request.password.is_empty() {
        v.add("password", FieldError::new(ErrorCode::PasswordRequired, "Password is required"));
    }
    v.finish()?;

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
            "invalid_credentials",
            "The e-mail or password is incorrect.",
        ));
    };
    if account.status() == AccountStatus::Suspended {
        return Err(ApiError::forbidden("account_suspended", "This account is suspended."));
    }
    attempt.succeeded();

    let now = state.clock.now();
    let policy = state.auth.sessions.clone();
    let id = account.id;
    let previous = state.auth.sessions.token(&jar).map(str::to_owned);
    let token = state
        .db
        .write(move |txn| {
            Box::pin(async move { Ok(session::start(txn, previous.as_deref(), id, now, &policy).await?) })
        })
        .await?;
    Ok((jar.add(state.auth.sessions.cookie(token)), Json(user_context(Some(&account)))))
}

/// Ends this browser's session. Harmless when not signed in.
#[utoipa::path(
    post, path = "/auth/sign-out", operation_id = "signOut", tag = TAG,
    responses((status = 204, description = "Signed out; the session cookie is removed"))
)]
pub async fn sign_out(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    jar: CookieJar,
) -> Result<(CookieJar, StatusCode), ApiError> {
    if let Some(user) = user {
        let now = state.clock.now();
        let session_id = user.session_id;
        state.db.write(move |txn| Box::pin(async move { Ok(session::revoke(txn, &session_id, now).await?) })).await?;
    }
    Ok((jar.add(state.auth.sessions.removal_cookie()), StatusCode::NO_CONTENT))
}

/// Who is signed in: the spec's user context, for signed-in and anonymous visitors alike.
#[utoipa::path(
    get, path = "/auth/me", operation_id = "getCurrentUser", tag = TAG,
    responses((status = 200, description = "The user context", body = UserContext))
)]
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
pub async fn update_account_settings(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<UpdateAccountSettingsRequest>,
) -> Result<Json<UserContext>, ApiError> {
    let mut v = Validator::new();
    let locale = request.locale.as_deref().and_then(|l| v.check("locale", Locale::parse(l)));
    let time_zone = request.time_zone.as_deref().and_then(|t| v.check("time_zone", TimeZone::parse(t)));
    v.finish()?;
    let now = state.clock.now();
    let events = state.events.clone();
    let mut row = user.account.clone().into_active_model();
    if let Some(locale) = locale {
        row.locale = Set(locale.as_str().to_owned());
    }
    if let Some(time_zone) = time_zone {
        row.time_zone = Set(time_zone.as_str().to_owned());
    }
    row.updated_at = Set(now);
    row.version = Set(user.account.version + 1);
    let account = state
        .db
        .write(move |txn| {
            Box::pin(async move {
                let account = row.update(txn).await?;
                events.record(txn, account_events::updated(account.id.into())).await?;
                Ok(account)
            })
        })
        .await?;
    Ok(Json(user_context(Some(&account))))
}

/// Adds the game master role at once and records the GM-since date. Calling it again changes nothing. The new
/// role comes with a new session token (the cookie is replaced), so a token copied before it is worthless.
#[utoipa::path(
    post, path = "/accounts/{account_id}/become-game-master", operation_id = "becomeGameMaster", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The signed-in account's id")),
    responses(
        (status = 200, description = "The account is a game master", body = UserContext),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another account's id", body = ErrorBody),
    )
)]
pub async fn become_game_master(
    State(state): State<AppState>,
    user: CurrentUser,
    jar: CookieJar,
    Path(account_id): Path<Uuid>,
) -> Result<(CookieJar, Json<UserContext>), ApiError> {
    if account_id != user.account.id {
        return Err(ApiError::forbidden("not_your_account", "You can only make your own account a game master."));
    }
    if user.account.gm_since.is_some() {
        return Ok((jar, Json(user_context(Some(&user.account)))));
    }
    let now = state.clock.now();
    let events = state.events.clone();
    let policy = state.auth.sessions.clone();
    let session_id = user.session_id.clone();
    let (account, token) = state
        .db
        .write(move |txn| {
            Box::pin(async move {
                // Conditional on the role not being there yet: two clicks at once record one GM-since date.
                let updated = account::Entity::update_many()
                    .col_expr(account::Column::GmSince, sea_orm::sea_query::Expr::value(Some(now)))
                    .col_expr(account::Column::UpdatedAt, sea_orm::sea_query::Expr::value(now))
                    .col_expr(account::Column::Version, sea_orm::sea_query::Expr::col(account::Column::Version).add(1))
                    .filter(sea_orm::ColumnTrait::eq(&account::Column::Id, account_id))
                    .filter(sea_orm::ColumnTrait::is_null(&account::Column::GmSince))
                    .exec(txn)
                    .await?;
                let mut token = None;
                if updated.rows_affected == 1 {
                    events.record(txn, account_events::updated(account_id.into())).await?;
                    // Rotate: the session that gained the role continues under a new token.
                    session::revoke(txn, &session_id, now).await?;
                    token = Some(session::create(txn, account_id, now, &policy).await?);
                }
                let account = queries::find(txn, account_id)
                    .await?
                    .ok_or_else(|| ApiError::internal(anyhow::anyhow!("account vanished")))?;
                Ok((account, token))
            })
        })
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
pub async fn verify_email(
    State(state): State<AppState>,
    Json(request): Json<TokenRequest>,
) -> Result<StatusCode, ApiError> {
    let now = state.clock.now();
    let events = state.events.clone();
    let hooks = state.hooks.clone();
    state
        .db
        .write(move |txn| {
            Box::pin(async move {
                let account = redeem_link(txn, &request.token, TokenPurpose::VerifyEmail, now).await?;
                let id = account.id;
                if account.email_verified_at.is_none() {
                    hooks.email_proven(txn, id.into(), now).await?;
                }
                let mut row = account.into_active_model();
                row.email_verified_at = Set(Some(now));
                row.updated_at = Set(now);
                row.update(txn).await?;
                events.record(txn, account_events::updated(id.into())).await?;
                Ok(())
            })
        })
        .await?;
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
pub async fn resend_verification_email(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    user: CurrentUser,
) -> Result<StatusCode, ApiError> {
    if user.account.email_verified_at.is_some() {
        return Err(already_verified());
    }
    let limits = &state.auth.limits;
    limits.address_action(AddressAction::VerificationResend, address)?;
    limits.verification_resend(user.account.id)?;
    limits.mail_to(&user.account.email).map_err(ApiError::rate_limited)?;
    let (jobs, id) = (state.jobs.clone(), user.account.id);
    state
        .db
        .write(move |txn| Box::pin(async move { Ok(jobs.schedule(txn, account_jobs::verification_mail(id)).await?) }))
        .await?;
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
pub async fn change_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    user: CurrentUser,
    Json(request): Json<ChangePasswordRequest>,
) -> Result<StatusCode, ApiError> {
    let mut v = Validator::new();
    let new_password = v.check("new_password", NewPassword::parse(&request.new_password));
    let attempt = state.auth.password_attempt(&user.account.email, address)?;
    let current_ok =
        state.auth.passwords.verify(&request.current_password, user.account.password_hash.as_deref()).await?;
    if current_ok {
        attempt.succeeded();
    } else {
        attempt.failed();
        v.add(
            "current_password",
            FieldError::new(ErrorCode::CurrentPasswordIncorrect, "Current password is incorrect"),
        );
    }
    v.finish()?;
    let Some(new_password) = new_password else { unreachable!("validated above") };
    let hash = state.auth.passwords.hash(&new_password).await?;
    let now = state.clock.now();
    let keep = user.session_id.clone();
    let mut row = user.account.clone().into_active_model();
    row.password_hash = Set(Some(hash));
    row.updated_at = Set(now);
    state
        .db
        .write(move |txn| {
            Box::pin(async move {
                let account = row.update(txn).await?;
                // A reset link mailed before the change must not undo it (issue 9, finding 8).
                queries::void_tokens(txn, account.id, TokenPurpose::ResetPassword, now).await?;
                session::revoke_all(txn, account.id, Some(&keep), now).await?;
                Ok(())
            })
        })
        .await?;
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
pub async fn request_password_reset(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Json(request): Json<RequestPasswordResetRequest>,
) -> Result<StatusCode, ApiError> {
    let mut v = Validator::new();
    let email = v.check("email", Email::parse(&request.email));
    v.finish()?;
    let Some(email) = email else { unreachable!("validated above") };
    state.auth.limits.address_action(AddressAction::PasswordResetRequest, address)?;
    // At most a few mails per recipient an hour, so the form cannot be used to flood someone's inbox; the answer
    // stays the same.
    if state.auth.limits.mail_to(email.as_str()).is_err() {
        return Ok(StatusCode::ACCEPTED);
    }
    let jobs = state.jobs.clone();
    state
        .db
        .write(move |txn| {
            Box::pin(async move { Ok(jobs.schedule(txn, account_jobs::password_reset_mail(&email)).await?) })
        })
        .await?;
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
pub async fn reset_password(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Json(request): Json<ResetPasswordRequest>,
) -> Result<StatusCode, ApiError> {
    state.auth.limits.address_action(AddressAction::PasswordResetConfirm, address)?;
    let now = state.clock.now();
    queries::check_token(state.db.conn(), &request.token, TokenPurpose::ResetPassword, now)
        .await?
        .map_err(|refusal| link_error(refusal, false))?;
    let mut v = Validator::new();
    let new_password = v.check("new_password", NewPassword::parse(&request.new_password));
    v.finish()?;
    let Some(new_password) = new_password else { unreachable!("validated above") };
    let hash = state.auth.passwords.hash(&new_password).await?;
    let hooks = state.hooks.clone();
    state
        .db
        .write(move |txn| {
            Box::pin(async move {
                let account = redeem_link(txn, &request.token, TokenPurpose::ResetPassword, now).await?;
                let id = account.id;
                // Following the link proved the mailbox is theirs: identities linked before that proof go.
                if account.email_verified_at.is_none() {
                    hooks.email_proven(txn, id.into(), now).await?;
                }
                let mut row = account.into_active_model();
                row.password_hash = Set(Some(hash));
                row.email_verified_at = Set(Some(now));
                row.updated_at = Set(now);
                row.update(txn).await?;
                queries::void_tokens(txn, id, TokenPurpose::ResetPassword, now).await?;
                session::revoke_all(txn, id, None, now).await?;
                Ok(())
            })
        })
        .await?;
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
                    "reauthentication_required",
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
    let events = state.events.clone();
    let id = user.account.id;
    let hooks = state.hooks.clone();
    state
        .db
        .write(move |txn| {
            Box::pin(async move {
                let account = account::ActiveModel {
                    id: sea_orm::ActiveValue::Unchanged(id),
                    email: Set(format!("deleted-{id}@deleted.invalid")),
                    email_verified_at: Set(None),
                    password_hash: Set(None),
                    display_name: Set("Deleted user".into()),
                    status: Set(AccountStatus::Deleted.as_str().to_owned()),
                    is_admin: Set(false),
                    updated_at: Set(now),
                    deleted_at: Set(Some(now)),
                    ..Default::default()
                };
                account.update(txn).await?;
                session::revoke_all(txn, id, None, now).await?;
                account_token::Entity::delete_many()
                    .filter(sea_orm::ColumnTrait::eq(&account_token::Column::AccountId, id))
                    .exec(txn)
                    .await?;
                // Each feature erases its part (profiles, provider identities: `app::account_hooks`).
                hooks.erased(txn, id.into(), now).await?;
                events.record(txn, account_events::deleted(id.into())).await?;
                Ok(())
            })
        })
        .await?;
    Ok((jar.add(state.auth.sessions.removal_cookie()), StatusCode::NO_CONTENT))
}

/// Uses up a mailed link's token and answers its account, or why the link cannot be used.
async fn redeem_link(
    txn: &DatabaseTransaction,
    token: &str,
    purpose: TokenPurpose,
    now: DateTime<Utc>,
) -> Result<account::Model, ApiError> {
    let refused = |refusal: TokenRefusal| async move {
        // A used (or old) verification link of an address that is verified by now: say so, not "expired".
        let verified = match (purpose, &refusal) {
            (TokenPurpose::VerifyEmail, TokenRefusal::UsedOrExpired(owner)) => {
                queries::find(txn, *owner).await?.is_some_and(|account| account.email_verified_at.is_some())
            }
            _ => false,
        };
        Ok::<_, ApiError>(link_error(refusal, verified))
    };
    let id = match queries::consume_token(txn, token, purpose, now).await? {
        Ok(id) => id,
        Err(refusal) => return Err(refused(refusal).await?),
    };
    queries::find(txn, id).await?.ok_or_else(|| link_error(TokenRefusal::Unknown, false))
}

fn link_error(refusal: TokenRefusal, verified: bool) -> ApiError {
    match refusal {
        TokenRefusal::Unknown => ApiError::not_found("link_invalid", "This link is not valid. Ask for a new one."),
        TokenRefusal::UsedOrExpired(_) if verified => already_verified(),
        TokenRefusal::UsedOrExpired(_) => ApiError::new(
            questline_domain::ErrorType::UnexpectedState,
            "link_expired",
            "This link was already used or has expired. Ask for a new one.",
        ),
    }
}

fn already_verified() -> ApiError {
    ApiError::new(
        questline_domain::ErrorType::UnexpectedState,
        "email_already_verified",
        "This e-mail address is already verified.",
    )
}

use sea_orm::sea_query::ExprTrait;
use sea_orm::{EntityTrait, QueryFilter};
