//! Accounts: the values a sign-up or settings change must parse into, and the roles an account holds.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// Shortest accepted password. Length beats composition rules (NIST SP 800-63B).
pub const PASSWORD_MIN_LENGTH: usize = 10;
/// Longest accepted password; argon2 would accept more, but nobody types this much and it bounds the work.
pub const PASSWORD_MAX_LENGTH: usize = 128;
pub const DISPLAY_NAME_MAX_LENGTH: usize = 50;
const EMAIL_MAX_LENGTH: usize = 254;

/// An e-mail address, trimmed and lower-cased so one person cannot hold two accounts by changing case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Email(String);

impl Email {
    pub fn parse(input: &str) -> Result<Self, String> {
        let email = input.trim().to_lowercase();
        if email.is_empty() {
            return Err("Email is required".into());
        }
        let valid = email.len() <= EMAIL_MAX_LENGTH
            && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            && match email.split_once('@') {
                Some((local, domain)) => {
                    !local.is_empty()
                        && !domain.contains('@')
                        && domain.contains('.')
                        && !domain.starts_with('.')
                        && !domain.ends_with('.')
                        && !domain.contains("..")
                }
                None => false,
            };
        if valid { Ok(Self(email)) } else { Err("Email is not valid".into()) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password that passed the rules. The plain text lives only as long as it takes to hash it.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(input: &str) -> Result<Self, String> {
        let length = input.chars().count();
        if length == 0 {
            return Err("Password is required".into());
        }
        if length < PASSWORD_MIN_LENGTH {
            return Err(format!("Password must be at least {PASSWORD_MIN_LENGTH} characters"));
        }
        if length > PASSWORD_MAX_LENGTH {
            return Err(format!("Password must be at most {PASSWORD_MAX_LENGTH} characters"));
        }
        if is_common_password(input) {
            return Err("This password is too common. Choose one that is harder to guess".into());
        }
        Ok(Self(input.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

/// Common passwords of the accepted length, compared case-insensitively.
fn is_common_password(password: &str) -> bool {
    static COMMON: OnceLock<HashSet<String>> = OnceLock::new();
    let common = COMMON
        .get_or_init(|| include_str!("common_passwords.txt").lines().map(|line| line.trim().to_lowercase()).collect());
    let lowered = password.to_lowercase();
    common.contains(&lowered) || lowered.chars().all(|c| c == lowered.chars().next().unwrap_or(c))
}

/// The name other users see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DisplayName(String);

impl DisplayName {
    pub fn parse(input: &str) -> Result<Self, String> {
        let name = input.trim();
        if name.is_empty() {
            return Err("Display name is required".into());
        }
        if name.chars().count() > DISPLAY_NAME_MAX_LENGTH {
            return Err(format!("Display name must be less than {DISPLAY_NAME_MAX_LENGTH} characters"));
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The interface languages we speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Locale {
    #[default]
    #[serde(rename = "en-GB")]
    EnGb,
    #[serde(rename = "pl-PL")]
    PlPl,
}

impl Locale {
    pub fn parse(input: &str) -> Result<Self, String> {
        match input {
            "en-GB" => Ok(Locale::EnGb),
            "pl-PL" => Ok(Locale::PlPl),
            _ => Err("Language must be en-GB or pl-PL".into()),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Locale::EnGb => "en-GB",
            Locale::PlPl => "pl-PL",
        }
    }
}

/// An IANA time zone name such as `Europe/Warsaw`, used for reminders and e-mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TimeZone(String);

impl TimeZone {
    pub fn parse(input: &str) -> Result<Self, String> {
        input
            .trim()
            .parse::<chrono_tz::Tz>()
            .map(|tz| Self(tz.name().to_owned()))
            .map_err(|_| "Time zone must be an IANA name such as Europe/Warsaw".into())
    }

    pub fn utc() -> Self {
        Self("UTC".into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Every account.
    Player,
    /// After "become game master".
    Gm,
    /// Granted from the command line only.
    Admin,
}

/// The roles of an account, derived from what it has done: every account plays, a GM-since date makes a GM.
pub fn roles(is_gm: bool, is_admin: bool) -> Vec<Role> {
    let mut roles = vec![Role::Player];
    if is_gm {
        roles.push(Role::Gm);
    }
    if is_admin {
        roles.push(Role::Admin);
    }
    roles
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AccountStatus {
    Active,
    /// Cannot sign in; its sessions end.
    Suspended,
    /// Erased on the owner's request; only an anonymous placeholder remains for records others rely on.
    Deleted,
}

impl AccountStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountStatus::Active => "active",
            AccountStatus::Suspended => "suspended",
            AccountStatus::Deleted => "deleted",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "active" => Some(AccountStatus::Active),
            "suspended" => Some(AccountStatus::Suspended),
            "deleted" => Some(AccountStatus::Deleted),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_normalised() {
        assert_eq!(Email::parse("  Ada@Example.COM ").unwrap().as_str(), "ada@example.com");
    }

    #[test]
    fn bad_emails_are_refused_with_the_message() {
        assert_eq!(Email::parse("   ").unwrap_err(), "Email is required");
        for bad in ["ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "a da@example.com", "a@.com"] {
            assert_eq!(Email::parse(bad).unwrap_err(), "Email is not valid", "{bad}");
        }
    }

    #[test]
    fn passwords_need_ten_characters() {
        assert_eq!(NewPassword::parse("").unwrap_err(), "Password is required");
        assert_eq!(NewPassword::parse("short pw").unwrap_err(), "Password must be at least 10 characters");
        assert!(NewPassword::parse("correct horse battery").is_ok());
        assert!(NewPassword::parse(&"x".repeat(129)).is_err());
    }

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        for common in ["password123", "PASSWORD123", "qwertyuiop", "1234567890", "aaaaaaaaaaaa"] {
            assert!(NewPassword::parse(common).unwrap_err().contains("too common"), "{common}");
        }
    }

    #[test]
    fn the_common_list_only_holds_passwords_of_accepted_length() {
        for line in include_str!("common_passwords.txt").lines() {
            assert!(line.chars().count() >= PASSWORD_MIN_LENGTH, "{line} could never be chosen anyway");
        }
    }

    #[test]
    fn passwords_do_not_show_in_debug_output() {
        let password = NewPassword::parse("correct horse battery").unwrap();
        assert!(!format!("{password:?}").contains("horse"));
    }

    #[test]
    fn display_names_are_required_and_bounded() {
        assert_eq!(DisplayName::parse("  ").unwrap_err(), "Display name is required");
        assert_eq!(DisplayName::parse(" Ada ").unwrap().as_str(), "Ada");
        assert!(DisplayName::parse(&"n".repeat(51)).is_err());
    }

    #[test]
    fn time_zones_must_be_iana_names() {
        assert_eq!(TimeZone::parse("Europe/Warsaw").unwrap().as_str(), "Europe/Warsaw");
        assert!(TimeZone::parse("Mars/Olympus").is_err());
        assert_eq!(Locale::parse("pl-PL").unwrap(), Locale::PlPl);
        assert!(Locale::parse("de-DE").is_err());
    }

    #[test]
    fn every_account_is_a_player() {
        assert_eq!(roles(false, false), vec![Role::Player]);
        assert_eq!(roles(true, true), vec![Role::Player, Role::Gm, Role::Admin]);
    }
}
