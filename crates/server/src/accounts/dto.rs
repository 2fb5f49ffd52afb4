//! What the accounts endpoints accept and answer, field names as they travel (snake_case).

use chrono::{DateTime, Utc};
use questline_domain::accounts::{AccountStatus, Locale, Role};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Debug, Deserialize, ToSchema)]
pub struct SignUpRequest {
    #[schema(
        max_length = 254,
        pattern = r"^\s*[^@\s\x00-\x1f\x7f-\x9f]+@[^@\s.\x00-\x1f\x7f-\x9f]+(\.[^@\s.\x00-\x1f\x7f-\x9f]+)+\s*$"
    )]
    pub email: String,
    #[schema(min_length = 12, max_length = 128)]
    pub password: String,
    #[schema(min_length = 1, max_length = 50, pattern = r"\S")]
    pub display_name: String,
    /// `en-GB` (default) or `pl-PL`.
    #[schema(value_type = Option<Locale>)]
    pub locale: Option<String>,
    /// The browser's IANA time zone, e.g. `Europe/Warsaw` (default `UTC`).
    pub time_zone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SignInRequest {
    #[schema(min_length = 1, pattern = r"\S")]
    pub email: String,
    #[schema(min_length = 1)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateAccountSettingsRequest {
    #[schema(value_type = Option<Locale>)]
    pub locale: Option<String>,
    pub time_zone: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    /// The token from the e-mailed link.
    #[schema(min_length = 1)]
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangePasswordRequest {
    #[schema(min_length = 1)]
    pub current_password: String,
    #[schema(min_length = 12, max_length = 128)]
    pub new_password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestPasswordResetRequest {
    #[schema(
        max_length = 254,
        pattern = r"^\s*[^@\s\x00-\x1f\x7f-\x9f]+@[^@\s.\x00-\x1f\x7f-\x9f]+(\.[^@\s.\x00-\x1f\x7f-\x9f]+)+\s*$"
    )]
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    #[schema(min_length = 1)]
    pub token: String,
    #[schema(min_length = 12, max_length = 128)]
    pub new_password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// The account's password; accounts that only sign in with an identity provider confirm with their e-mail in
    /// `confirm_email` instead.
    pub password: Option<String>,
    pub confirm_email: Option<String>,
}

/// The spec's user context: whether someone is signed in and who. Route and data scopes are the web app's own.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct UserContext {
    pub authenticated: bool,
    pub user: Option<SessionUser>,
    pub account: Option<AccountView>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionUser {
    pub id: Uuid,
    pub name: String,
    pub roles: Vec<Role>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PrimaryEmail {
    pub email: String,
}

/// The signed-in user's own account.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct AccountView {
    pub account_id: Uuid,
    pub primary_email: PrimaryEmail,
    pub email_verified: bool,
    pub roles: Vec<Role>,
    pub locale: Locale,
    pub time_zone: String,
    pub status: AccountStatus,
    /// False for accounts that only sign in through an identity provider.
    pub has_password: bool,
    pub member_since: DateTime<Utc>,
    pub gm_since: Option<DateTime<Utc>>,
}
