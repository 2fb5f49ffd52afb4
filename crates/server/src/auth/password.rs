//! argon2id password hashing, off the async threads (it is deliberately slow). Costs come from the configuration so
//! tests can use cheap parameters while production keeps OWASP's.

use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString, rand_core::OsRng};
use argon2::{Algorithm, Argon2, Params, Version};
use questline_domain::accounts::NewPassword;

#[derive(Clone, Debug)]
pub struct Passwords {
    params: Params,
    /// A hash of nothing in particular, verified when an e-mail has no account, so that a wrong e-mail takes as
    /// long to refuse as a wrong password and does not reveal which addresses have accounts.
    decoy: String,
}

impl Passwords {
    pub fn new(memory_kib: u32, iterations: u32) -> anyhow::Result<Self> {
        let params = Params::new(memory_kib, iterations, 1, None).map_err(|e| anyhow::anyhow!("argon2: {e}"))?;
        let decoy = hash_with(&params, "decoy password for unknown accounts")?;
        Ok(Self { params, decoy })
    }

    pub async fn hash(&self, password: &NewPassword) -> anyhow::Result<String> {
        let params = self.params.clone();
        let plain = password.expose().to_owned();
        tokio::task::spawn_blocking(move || hash_with(&params, &plain)).await?
    }

    /// Whether `plain` matches `hash`; an account without a password (or no account) never matches.
    pub async fn verify(&self, plain: &str, hash: Option<&str>) -> anyhow::Result<bool> {
        let known = hash.is_some();
        let hash = hash.unwrap_or(&self.decoy).to_owned();
        let plain = plain.to_owned();
        let matches = tokio::task::spawn_blocking(move || {
            let parsed = PasswordHash::new(&hash).map_err(|e| anyhow::anyhow!("stored hash: {e}"))?;
            Ok::<_, anyhow::Error>(Argon2::default().verify_password(plain.as_bytes(), &parsed).is_ok())
        })
        .await??;
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
        let passwords = Passwords::new(64, 1).unwrap();
        let password = NewPassword::parse("correct horse battery").unwrap();
        let hash = passwords.hash(&password).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(passwords.verify("correct horse battery", Some(&hash)).await.unwrap());
        assert!(!passwords.verify("wrong horse battery", Some(&hash)).await.unwrap());
        assert!(!passwords.verify("decoy password for unknown accounts", None).await.unwrap());
    }
}
