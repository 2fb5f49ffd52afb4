//! Extractors for handlers: `CurrentUser` (signed in, or 401), `MaybeUser` (anyone), and role checks that answer
//! 403. They read the session cookie and load the account once per request.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use questline_domain::ErrorCode;
use questline_domain::accounts::{Role, roles};
use questline_domain::ids::AccountId;

use super::session;
use crate::db::entities::account;
use crate::error::ApiError;
use crate::state::AppState;

/// The signed-in account making the request.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub account: account::Model,
    /// The hash that identifies this browser's session.
    pub session_id: String,
    /// When the session ends however active it is (the websocket closes then).
    pub session_expires_at: chrono::DateTime<chrono::Utc>,
}

impl CurrentUser {
    pub fn id(&self) -> AccountId {
        AccountId(self.account.id)
    }

    pub fn roles(&self) -> Vec<Role> {
        roles(self.account.gm_since.is_some(), self.account.is_admin)
    }

    pub fn has_role(&self, role: Role) -> bool {
        self.roles().contains(&role)
    }

    /// `forbidden` unless the account holds `role`.
    pub fn require(&self, role: Role) -> Result<(), ApiError> {
        if self.has_role(role) {
            return Ok(());
        }
        let message = match role {
            Role::Gm => "Only game masters can do this. Become a game master first.",
            Role::Admin => "Only administrators can do this.",
            Role::Player => "Only players can do this.",
        };
        Err(ApiError::forbidden(ErrorCode::RoleRequired, message))
    }
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        MaybeUser::from_request_parts(parts, state).await?.0.ok_or_else(ApiError::unauthorized)
    }
}

/// The signed-in account, if there is one.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<CurrentUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Some(user) = parts.extensions.get::<CurrentUser>() {
            return Ok(MaybeUser(Some(user.clone())));
        }
        let jar = CookieJar::from_headers(&parts.headers);
        let Some(token) = state.auth.sessions.token(&jar).map(str::to_owned) else { return Ok(MaybeUser(None)) };
        let now = state.clock.now();
        let found = session::resolve(state.db.conn(), &token, now, &state.auth.sessions).await?;
        let user = found.map(|(session, account)| CurrentUser {
            account,
            session_id: session.id,
            session_expires_at: session.expires_at,
        });
        if let Some(user) = &user {
            parts.extensions.insert(user.clone());
        }
        Ok(MaybeUser(user))
    }
}
