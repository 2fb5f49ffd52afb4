//! argon2id password hashing, off the async threads (it is deliberately slow). Costs come from the configuration so
//! tests can use cheap parameters while production keeps OWASP's.
//!
//! Each hash takes the argon2 memory (19 MiB by default) and a core for a while, so at most
//! `QUESTLINE_PASSWORD_HASHING_CONCURRENCY` (one per core) run at once (issue 9, finding 3: 200 concurrent bogus
//! requests took memory from 130 MB to 1 GB and the health check from 3 ms to 2 s). A request that finds every
//! slot taken waits up to [`QUEUE_WAIT`], then is answered 503 with `Retry-After`.

use std::sync::Arc;
use std::time::Duration;

use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString, rand_core::OsRng};
use argon2::{Algorithm, Argon2, Params, Version};
use questline_domain::ErrorCode;
use questline_domain::accounts::NewPassword;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// How long a request waits for a free hashing slot before it is told to come back.
pub const QUEUE_WAIT: Duration = Duration::from_secs(2);
/// What a refused request is told to wait.
const RETRY_AFTER: Duration = Duration::from_secs(5);

#[derive(Clone, Debug)]
pub struct Passwords {
    params: Params,
    /// A hash of nothing in particular, verified when an e-mail has no account, so that a wrong e-mail takes as
    /// long to refuse as a wrong password and does not reveal which addresses have accounts.
    decoy: String,
    slots: Arc<Semaphore>,
    concurrency: u32,
}

impl Passwords {
    pub fn new(memory_kib: u32, iterations: u32, concurrency: usize) -> anyhow::Result<Self> {
        let params = Params::new(memory_kib, iterations, 1, None).map_err(|e| anyhow::anyhow!("argon2: {e}"))?;
        let decoy = hash_with(&params, "decoy password for unknown accounts")?;
        let concurrency = u32::try_from(concurrency.max(1)).unwrap_or(u32::MAX);
        Ok(Self { params, decoy, slots: Arc::new(Semaphore::new(concurrency as usize)), concurrency })
    }

    /// A hashing slot, or 503 `server_busy` when none frees up in time.
    async fn slot(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        match tokio::time::timeout(QUEUE_WAIT, self.slots.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => {
                let mut busy = ApiError::service_unavailable(
                    ErrorCode::ServerBusy,
                    "The server is busy checking passwords. Try again in a few seconds.",
                );
                busy.retry_after = Some(RETRY_AFTER);
                Err(busy)
            }
        }
    }

    /// Takes every hashing slot until the guard is dropped, as a flood of requests would (for tests).
    pub async fn hold_all_for_test(&self) -> OwnedSemaphorePermit {
        self.slots.clone().acquire_many_owned(self.concurrency).await.expect("the semaphore is never closed")
    }

    pub async fn hash(&self, password: &NewPassword) -> Result<String, ApiError> {
        let slot = self.slot().await?;
        let params = self.params.clone();
        let plain = password.expose().to_owned();
        let hashed = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            hash_with(&params, &plain)
        })
        .await
        .map_err(anyhow::Error::from)??;
        Ok(hashed)
    }

    /// Whether `plain` matches `hash`; an account without a password (or no account) never matches.
    pub async fn verify(&self, plain: &str, hash: Option<&str>) -> Result<bool, ApiError> {
        let slot = self.slot().await?;
        let known = hash.is_some();
        let hash = hash.unwrap_or(&self.decoy).to_owned();
        let plain = plain.to_owned();
        let matches = tokio::task::spawn_blocking(move || {
            let _slot = slot;
            let parsed = PasswordHash::new(&hash).map_err(|e| anyhow::anyhow!("stored hash: {e}"))?;
            Ok::<_, anyhow::Error>(Argon2::default().verify_password(plain.as_bytes(), &parsed).is_ok())
        })
        .await
        .map_err(anyhow::Error::from)??;
        Ok(known && matches)
    }
}

fn hash_with(params: &Params, plain: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    let argon = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    Ok(argon.hash_password(plain.as_bytes(), &salt).map_err(|e| anyhow::anyhow!("argon2: {e}"))?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let passwords = Passwords::new(64, 1, 2).unwrap();
        let password = NewPassword::parse("correct horse battery").unwrap();
        let hash = passwords.hash(&password).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(passwords.verify("correct horse battery", Some(&hash)).await.unwrap());
        assert!(!passwords.verify("wrong horse battery", Some(&hash)).await.unwrap());
        assert!(!passwords.verify("decoy password for unknown accounts", None).await.unwrap());
    }

    #[tokio::test]
    async fn a_full_hasher_answers_busy_with_retry_after() {
        let passwords = Passwords::new(64, 1, 1).unwrap();
        let held = passwords.hold_all_for_test().await;
        let error = passwords.verify("anything at all", None).await.unwrap_err();
        assert_eq!((error.status.as_u16(), error.code.as_str()), (503, "server_busy"));
        assert!(error.retry_after.is_some());
        drop(held);
        assert!(!passwords.verify("anything at all", None).await.unwrap());
    }
}
