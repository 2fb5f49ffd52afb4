//! Accounts: the values a sign-up or settings change must parse into, and the roles an account holds.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::{DomainError, ErrorCode, ErrorType, FieldError};
use crate::text::{has_hidden_characters, hidden_characters_message};

/// Shortest accepted password: ASVS 4.0 level 2 (V2.1.1) asks for 12. Length beats composition rules
/// (NIST SP 800-63B); passwords set before the minimum rose keep working.
pub const PASSWORD_MIN_LENGTH: usize = 12;
/// Longest accepted password; argon2 would accept more, but nobody types this much and it bounds the work.
pub const PASSWORD_MAX_LENGTH: usize = 128;
pub const DISPLAY_NAME_MAX_LENGTH: usize = 50;
pub const EMAIL_MAX_LENGTH: usize = 254;

/// An e-mail address, trimmed and lower-cased so one person cannot hold two accounts by changing case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Email(String);

impl Email {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let email = input.trim().to_lowercase();
        if email.is_empty() {
            return Err(FieldError::new(ErrorCode::EmailRequired, "E-mail is required"));
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
        if valid { Ok(Self(email)) } else { Err(FieldError::new(ErrorCode::EmailInvalid, "E-mail is not valid")) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password that passed the rules. The plain text lives only as long as it takes to hash it.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl NewPassword {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let length = input.chars().count();
        if length == 0 {
            return Err(FieldError::new(ErrorCode::PasswordRequired, "Password is required"));
        }
        if length < PASSWORD_MIN_LENGTH {
            let message = format!("Password must be at least {PASSWORD_MIN_LENGTH} characters");
            return Err(FieldError::new(ErrorCode::PasswordTooShort, message).param("min", PASSWORD_MIN_LENGTH));
        }
        if length > PASSWORD_MAX_LENGTH {
            let message = format!("Password must be at most {PASSWORD_MAX_LENGTH} characters");
            return Err(FieldError::new(ErrorCode::PasswordTooLong, message).param("max", PASSWORD_MAX_LENGTH));
        }
        if is_common_password(input) {
            let message = "This password is too common. Choose one that is harder to guess";
            return Err(FieldError::new(ErrorCode::PasswordTooCommon, message));
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
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let name = input.trim();
        if name.is_empty() {
            return Err(FieldError::new(ErrorCode::DisplayNameRequired, "Display name is required"));
        }
        if name.chars().count() > DISPLAY_NAME_MAX_LENGTH {
            let message = format!("Display name must be less than {DISPLAY_NAME_MAX_LENGTH} characters");
            return Err(FieldError::new(ErrorCode::DisplayNameTooLong, message).param("max", DISPLAY_NAME_MAX_LENGTH));
        }
        // Others see the name, and mails carry it in their `To:` header.
        if has_hidden_characters(name, false) {
            let message = hidden_characters_message("Display name");
            return Err(FieldError::new(ErrorCode::DisplayNameControlCharacters, message));
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
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        match input {
            "en-GB" => Ok(Locale::EnGb),
            "pl-PL" => Ok(Locale::PlPl),
            _ => Err(FieldError::new(ErrorCode::LocaleInvalid, "Language must be en-GB or pl-PL")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Locale::EnGb => "en-GB",
            Locale::PlPl => "pl-PL",
        }
    }
}

/// An IANA time zone name such as `Europe/Warsaw`: an account's (for reminders and e-mail) or a series schedule's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeZone(chrono_tz::Tz);

impl TimeZone {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        input.trim().parse::<chrono_tz::Tz>().map(Self).map_err(|_| {
            FieldError::new(ErrorCode::TimeZoneInvalid, "Time zone must be an IANA name such as Europe/Warsaw")
        })
    }

    pub fn utc() -> Self {
        Self(chrono_tz::Tz::UTC)
    }

    pub fn as_str(&self) -> &'static str {
        self.0.name()
    }

    /// The zone's rules, for converting between its wall-clock times and instants.
    pub fn tz(&self) -> chrono_tz::Tz {
        self.0
    }
}

/// Travels as its IANA name.
impl Serialize for TimeZone {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
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

/// Whether an account may become a game master (issue 31): a GM is reached by mail (applications, payments,
/// disputes) and answers for the money of their sessions, so their e-mail address must be proven, by its
/// verification link or by an identity provider that vouched for it. Someone who already is a GM stays one.
pub fn may_become_game_master(email_verified: bool, already_gm: bool) -> Result<(), DomainError> {
    if already_gm || email_verified {
        return Ok(());
    }
    Err(DomainError::new(
        ErrorType::Forbidden,
        ErrorCode::EmailVerificationRequired,
        "Confirm your e-mail address before you become a game master: open the link we sent you, or send a new \
         one from your account settings.",
    ))
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
    fn only_a_proven_address_becomes_a_game_master_and_a_gm_stays_one() {
        let refused = may_become_game_master(false, false).unwrap_err();
        assert_eq!((refused.kind, refused.code.as_str()), (ErrorType::Forbidden, "email_verification_required"));
        assert!(may_become_game_master(true, false).is_ok());
        assert!(may_become_game_master(false, true).is_ok(), "an existing GM keeps the role");
    }

    #[test]
    fn emails_are_normalised() {
        assert_eq!(Email::parse("  Ada@Example.COM ").unwrap().as_str(), "ada@example.com");
    }

    #[test]
    fn bad_emails_are_refused_with_the_message() {
        assert_eq!(Email::parse("   ").unwrap_err(), "E-mail is required");
        for bad in ["ada", "ada@", "@example.com", "ada@example", "ada@@example.com", "a da@example.com", "a@.com"] {
            assert_eq!(Email::parse(bad).unwrap_err(), "E-mail is not valid", "{bad}");
        }
    }

    #[test]
    fn passwords_need_twelve_characters() {
        assert_eq!(NewPassword::parse("").unwrap_err(), "Password is required");
        assert_eq!(NewPassword::parse("short pw").unwrap_err(), "Password must be at least 12 characters");
        assert!(NewPassword::parse("elevenchars").is_err(), "ASVS 2.1.1: at least 12");
        assert!(NewPassword::parse("twelve chars").is_ok());
        assert!(NewPassword::parse("correct horse battery").is_ok());
        assert!(NewPassword::parse(&"x".repeat(129)).is_err());
    }

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        for common in ["password1234", "PASSWORD1234", "qwertyuiop12", "123456789012", "aaaaaaaaaaaa"] {
            assert!(NewPassword::parse(common).unwrap_err().message.contains("too common"), "{common}");
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
    fn display_names_refuse_control_and_format_characters() {
        for bad in ["Ada\r\nBcc: x@example.test", "Ada\u{0}", "\u{202E}adA", "Ada\u{200B}", "Ada\tL"] {
            assert_eq!(
                DisplayName::parse(bad).unwrap_err(),
                "Display name must not contain control characters",
                "{bad:?}"
            );
        }
        assert!(DisplayName::parse("Zoë 👩\u{200D}💻").is_ok(), "joiners inside emoji are fine");
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
        assert!(TimeZone::parse("").is_err());
        assert_eq!(serde_json::to_value(TimeZone::parse(" America/New_York ").unwrap()).unwrap(), "America/New_York");
        assert_eq!(Locale::parse("pl-PL").unwrap(), Locale::PlPl);
        assert!(Locale::parse("de-DE").is_err());
    }

    #[test]
    fn every_account_is_a_player() {
        assert_eq!(roles(false, false), vec![Role::Player]);
        assert_eq!(roles(true, true), vec![Role::Player, Role::Gm, Role::Admin]);
    }
}
