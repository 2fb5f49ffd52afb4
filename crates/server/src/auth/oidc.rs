//! The OpenID Connect provider as Questline sees it: discovery (cached in memory), the authorization URL, the code
//! exchange and the ID token check. Knows nothing of accounts; the `oidc` feature decides what a verified identity
//! means.
//!
//! The provider is discovered at first use, not at start, so Questline starts (and built-in accounts work) while the
//! provider is down; sign-in through it then answers 503 until it can be reached.

use std::sync::Arc;
use std::time::{Duration, Instant};

use openidconnect::core::{
    CoreAuthPrompt, CoreAuthenticationFlow, CoreClient, CoreGenderClaim, CoreProviderMetadata, CoreUserInfoClaims,
};
use openidconnect::{
    AccessTokenHash, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet,
    EndpointSet, IdTokenClaims, IssuerUrl, Nonce, OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier,
    RedirectUrl, RequestTokenError, Scope, TokenResponse,
};
use questline_domain::ErrorCode;
use tokio::sync::Mutex;

use crate::config::OidcConfig;
use crate::error::ApiError;

/// Discovery (the provider's endpoints and signing keys) is refreshed after this long.
const METADATA_TTL: Duration = Duration::from_secs(60 * 60);
/// An ID token signed with a key we do not know triggers a refresh, at most this often (keys rotate).
const MIN_REFRESH_INTERVAL: Duration = Duration::from_secs(60);
/// How long one request to the provider may take.
const HTTP_TIMEOUT: Duration = Duration::from_secs(10);

type Client =
    CoreClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointMaybeSet, EndpointMaybeSet>;

/// A started sign-in: where to send the browser, and the secrets to keep until it comes back.
pub struct Authorization {
    pub url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Who the provider says signed in, after the ID token was checked. `None` for claims it did not send.
#[derive(Debug, Clone)]
pub struct VerifiedIdentity {
    pub issuer: String,
    pub subject: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
    pub preferred_username: Option<String>,
    pub locale: Option<String>,
    pub zoneinfo: Option<String>,
    /// When the person last signed in at the provider (sent when we asked with `max_age`).
    pub auth_time: Option<chrono::DateTime<chrono::Utc>>,
}

/// Why a sign-in through the provider failed.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The provider could not be reached or answered nonsense at discovery: 503.
    #[error("the OpenID Connect provider cannot be reached: {0}")]
    Unavailable(String),
    /// The code, the ID token or its claims were refused: 401.
    #[error("OpenID Connect authentication failed: {0}")]
    Authentication(String),
}

impl From<ProviderError> for ApiError {
    fn from(error: ProviderError) -> Self {
        match error {
            ProviderError::Unavailable(cause) => {
                tracing::warn!(%cause, "OpenID Connect provider unavailable");
                ApiError::service_unavailable(
                    ErrorCode::OidcProviderUnavailable,
                    "The sign-in provider cannot be reached. Try again later.",
                )
            }
            ProviderError::Authentication(cause) => {
                tracing::info!(%cause, "OpenID Connect authentication failed");
                authentication_failed()
            }
        }
    }
}

/// `unauthorized` 401 `oidc_authentication_failed`: the web app shows "Authentication Failed" and goes home.
pub fn authentication_failed() -> ApiError {
    ApiError::new(
        questline_domain::ErrorType::Unauthorized,
        ErrorCode::OidcAuthenticationFailed,
        "Authentication Failed",
    )
}

/// The configured provider. Cheap to share; discovery results are cached inside.
pub struct OidcProvider {
    config: OidcConfig,
    redirect_url: RedirectUrl,
    http: reqwest::Client,
    cached: Mutex<Option<Discovered>>,
}

struct Discovered {
    client: Arc<Client>,
    fetched: Instant,
}

impl std::fmt::Debug for OidcProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcProvider").field("config", &self.config).field("redirect_url", &self.redirect_url).finish()
    }
}

impl OidcProvider {
    pub fn new(config: OidcConfig, redirect_url: String) -> anyhow::Result<Self> {
        IssuerUrl::new(config.issuer.clone())
            .map_err(|error| anyhow::anyhow!("QUESTLINE_OIDC_ISSUER is not a URL: {error}"))?;
        let redirect_url = RedirectUrl::new(redirect_url)
            .map_err(|error| anyhow::anyhow!("the OpenID Connect redirect URL is not valid: {error}"))?;
        // Following redirects would let a provider's answer point us at other hosts (SSRF).
        let http =
            reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).timeout(HTTP_TIMEOUT).build()?;
        Ok(Self { config, redirect_url, http, cached: Mutex::new(None) })
    }

    pub fn issuer(&self) -> &str {
        &self.config.issuer
    }

    pub fn provider_name(&self) -> &str {
        &self.config.provider_name
    }

    /// The client built from discovery, fetched at first use and again when older than `max_age`. When the provider
    /// cannot be reached, a stale copy is better than nothing.
    async fn client(&self, max_age: Duration) -> Result<Arc<Client>, ProviderError> {
        let mut cached = self.cached.lock().await;
        if let Some(found) = cached.as_ref()
            && found.fetched.elapsed() < max_age
        {
            return Ok(found.client.clone());
        }
        match self.discover().await {
            Ok(client) => {
                let client = Arc::new(client);
                *cached = Some(Discovered { client: client.clone(), fetched: Instant::now() });
                Ok(client)
            }
            Err(error) => match cached.as_ref() {
                Some(stale) => {
                    tracing::warn!(%error, "using the cached OpenID Connect discovery");
                    Ok(stale.client.clone())
                }
                None => Err(error),
            },
        }
    }

    async fn discover(&self) -> Result<Client, ProviderError> {
        let issuer = IssuerUrl::new(self.config.issuer.clone())
            .map_err(|error| ProviderError::Unavailable(error.to_string()))?;
        let metadata = CoreProviderMetadata::discover_async(issuer, &self.http)
            .await
            .map_err(|error| ProviderError::Unavailable(error_chain(&error)))?;
        Ok(CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.config.client_id.clone()),
            Some(ClientSecret::new(self.config.client_secret.clone())),
        )
        .set_redirect_uri(self.redirect_url.clone()))
    }

    /// A new authorization request: scope `openid email profile`, PKCE S256, a random state and nonce. With
    /// `sign_in_again`, the provider must ask for the login again (`prompt=login`, `max_age=0`), even when it
    /// remembers the person.
    pub async fn authorize(&self, sign_in_again: bool) -> Result<Authorization, ProviderError> {
        let client = self.client(METADATA_TTL).await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let mut request = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge);
        if sign_in_again {
            request = request.add_prompt(CoreAuthPrompt::Login).set_max_age(Duration::ZERO);
        }
        let (url, state, nonce) = request.url();
        Ok(Authorization {
            url: url.to_string(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    /// Exchanges the code (with the client secret and the PKCE verifier) and checks the ID token: signature,
    /// issuer, audience, expiry and nonce. Claims missing from the ID token are read from the userinfo endpoint.
    pub async fn finish(
        &self,
        code: String,
        nonce: String,
        pkce_verifier: String,
    ) -> Result<VerifiedIdentity, ProviderError> {
        let client = self.client(METADATA_TTL).await?;
        let request = client
            .exchange_code(AuthorizationCode::new(code))
            .map_err(|error| ProviderError::Unavailable(error.to_string()))?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier));
        let tokens = request.request_async(&self.http).await.map_err(|error| match error {
            RequestTokenError::Request(cause) => ProviderError::Unavailable(error_chain(&cause)),
            // Only the top line: the parser's cause may quote a value of the answer, which could be a token.
            other => ProviderError::Authentication(other.to_string()),
        })?;
        let id_token =
            tokens.id_token().ok_or_else(|| ProviderError::Authentication("no ID token in the answer".into()))?;
        let nonce = Nonce::new(nonce);

        // The ID token is checked against the real time (the provider's clock), not the app's injectable clock.
        let mut verified = id_token.claims(&client.id_token_verifier(), &nonce).cloned();
        let mut client = client;
        if let Err(openidconnect::ClaimsVerificationError::SignatureVerification(_)) = &verified {
            // Perhaps the provider rotated its keys since discovery: look again (not too often) and retry.
            client = self.client(MIN_REFRESH_INTERVAL).await?;
            verified = id_token.claims(&client.id_token_verifier(), &nonce).cloned();
        }
        let claims = verified.map_err(|error| ProviderError::Authentication(error_chain(&error)))?;

        // The access token must be the one the ID token was issued with.
        if let Some(expected) = claims.access_token_hash() {
            let verifier = client.id_token_verifier();
            let failed =
                |error: openidconnect::SignatureVerificationError| ProviderError::Authentication(error.to_string());
            let algorithm = id_token.signing_alg().map_err(failed)?;
            let key = id_token.signing_key(&verifier).map_err(failed)?;
            let actual = AccessTokenHash::from_token(tokens.access_token(), algorithm, key)
                .map_err(|error| ProviderError::Authentication(error_chain(&error)))?;
            if actual != *expected {
                return Err(ProviderError::Authentication("the access token does not match the ID token".into()));
            }
        }

        let mut identity = identity_from(&self.config.issuer, &claims);
        if identity.email.is_none() || identity.name.is_none() {
            self.fill_from_userinfo(&client, tokens.access_token().clone(), &claims, &mut identity).await;
        }
        Ok(identity)
    }

    /// Many providers put only `sub` in the ID token and the profile behind the userinfo endpoint.
    async fn fill_from_userinfo(
        &self,
        client: &Client,
        access_token: openidconnect::AccessToken,
        claims: &IdTokenClaims<openidconnect::EmptyAdditionalClaims, CoreGenderClaim>,
        identity: &mut VerifiedIdentity,
    ) {
        let Ok(request) = client.user_info(access_token, Some(claims.subject().clone())) else { return };
        let info: CoreUserInfoClaims = match request.request_async(&self.http).await {
            Ok(info) => info,
            Err(error) => {
                tracing::warn!(%error, "reading OpenID Connect userinfo failed");
                return;
            }
        };
        if identity.email.is_none() {
            identity.email = info.email().map(|email| email.as_str().to_owned());
            identity.email_verified = info.email_verified().unwrap_or(false);
        }
        if identity.name.is_none() {
            identity.name = info.name().and_then(|name| name.get(None)).map(|name| name.as_str().to_owned());
        }
        if identity.preferred_username.is_none() {
            identity.preferred_username = info.preferred_username().map(|name| name.as_str().to_owned());
        }
    }
}

fn identity_from(
    issuer: &str,
    claims: &IdTokenClaims<openidconnect::EmptyAdditionalClaims, CoreGenderClaim>,
) -> VerifiedIdentity {
    VerifiedIdentity {
        issuer: issuer.to_owned(),
        subject: claims.subject().as_str().to_owned(),
        email: claims.email().map(|email| email.as_str().to_owned()),
        email_verified: claims.email_verified().unwrap_or(false),
        name: claims.name().and_then(|name| name.get(None)).map(|name| name.as_str().to_owned()),
        preferred_username: claims.preferred_username().map(|name| name.as_str().to_owned()),
        locale: claims.locale().map(|locale| locale.as_str().to_owned()),
        zoneinfo: claims.zoneinfo().map(|zone| zone.as_str().to_owned()),
        auth_time: claims.auth_time(),
    }
}

/// An error and its causes on one line, for the log.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}
