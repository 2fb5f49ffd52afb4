//! Unsubscribe tokens: the claims (`questline_domain::notifications::UnsubscribeClaims`) and an HMAC-SHA256 of
//! them under a secret of this server's, both base64url. The secret is made at random the first time a server
//! starts on a database and kept in `notification_keys`, so every instance signs and checks with the same one and
//! nothing needs configuring; a link works without signing in because the token alone names the account.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use questline_domain::notifications::{TokenRefusal, UnsubscribeClaims};
use rand::RngCore;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait};
use sha2::Sha256;

use super::entities::key;

const UNSUBSCRIBE_KEY: &str = "unsubscribe";

/// The unsubscribe secret of this database, made on first use.
pub async fn secret(conn: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<Vec<u8>, DbErr> {
    if let Some(row) = key::Entity::find_by_id(UNSUBSCRIBE_KEY).one(conn).await? {
        return Ok(URL_SAFE_NO_PAD.decode(row.secret).unwrap_or_default());
    }
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    // Two instances starting together: the first insert wins and both read it back.
    key::Entity::insert(key::ActiveModel {
        name: Set(UNSUBSCRIBE_KEY.to_owned()),
        secret: Set(URL_SAFE_NO_PAD.encode(bytes)),
        created_at: Set(now),
    })
    .on_conflict(OnConflict::column(key::Column::Name).do_nothing().to_owned())
    .exec_without_returning(conn)
    .await?;
    let row = key::Entity::find_by_id(UNSUBSCRIBE_KEY).one(conn).await?;
    Ok(row.map(|row| URL_SAFE_NO_PAD.decode(row.secret).unwrap_or_default()).unwrap_or_default())
}

fn mac(secret: &[u8], claims: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(b"questline-unsubscribe:");
    mac.update(claims.as_bytes());
    mac
}

pub fn sign(secret: &[u8], claims: &UnsubscribeClaims) -> String {
    let text = claims.encode();
    let tag = mac(secret, &text).finalize().into_bytes();
    format!("{}.{}", URL_SAFE_NO_PAD.encode(text), URL_SAFE_NO_PAD.encode(tag))
}

/// The claims of a token this server signed, if it has not expired.
pub fn verify(secret: &[u8], token: &str, now: DateTime<Utc>) -> Result<UnsubscribeClaims, TokenRefusal> {
    let (claims, tag) = token.split_once('.').ok_or(TokenRefusal::Invalid)?;
    let claims = URL_SAFE_NO_PAD.decode(claims).map_err(|_| TokenRefusal::Invalid)?;
    let tag = URL_SAFE_NO_PAD.decode(tag).map_err(|_| TokenRefusal::Invalid)?;
    let claims = String::from_utf8(claims).map_err(|_| TokenRefusal::Invalid)?;
    // Constant-time comparison.
    mac(secret, &claims).verify_slice(&tag).map_err(|_| TokenRefusal::Invalid)?;
    UnsubscribeClaims::decode(&claims, now)
}

#[cfg(test)]
mod tests {
    use questline_domain::notifications::{NotificationKind, UnsubscribeScope};

    use super::*;

    #[test]
    fn a_token_verifies_only_under_its_secret_and_unchanged() {
        let now = DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z").unwrap().with_timezone(&Utc);
        let claims = UnsubscribeClaims::new(uuid::Uuid::now_v7(), UnsubscribeScope::All, now);
        let token = sign(b"one secret", &claims);
        assert_eq!(verify(b"one secret", &token, now), Ok(claims));
        assert_eq!(verify(b"another secret", &token, now), Err(TokenRefusal::Invalid));
        // Another scope with the same signature is a forgery.
        let (_, tag) = token.split_once('.').unwrap();
        let forged_claims =
            UnsubscribeClaims { scope: UnsubscribeScope::Kind(NotificationKind::ChatMessage), ..claims };
        let forged = format!("{}.{tag}", URL_SAFE_NO_PAD.encode(forged_claims.encode()));
        assert_eq!(verify(b"one secret", &forged, now), Err(TokenRefusal::Invalid));
        assert_eq!(verify(b"one secret", "garbage", now), Err(TokenRefusal::Invalid));
    }
}
