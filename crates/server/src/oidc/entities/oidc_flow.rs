//! A row of `oidc_flows`: a sign-in through the OpenID Connect provider that has started and not finished. The id
//! is the SHA-256 of the `state` parameter; the row is deleted when the flow finishes (single use).

use sea_orm::entity::prelude::*;

#[derive(Clone, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "oidc_flows")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// Must come back inside the ID token.
    pub nonce: String,
    /// The PKCE code verifier, sent with the code exchange.
    pub pkce_verifier: String,
    /// The app path to go to after sign-in.
    pub return_to: String,
    /// SHA-256 of the random value in the cookie set on the browser that started the flow; finishing needs it
    /// (login CSRF).
    pub browser_binding: String,
    /// `sign_in`, or `reauthenticate` (a signed-in user confirming who they are).
    pub intent: String,
    /// The signed-in account a re-authentication is for.
    pub account_id: Option<Uuid>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

/// Secrets of the flow stay out of logs.
impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcFlow").field("return_to", &self.return_to).field("expires_at", &self.expires_at).finish()
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
