//! Requests become commands here, once: every field error is collected, and what comes out holds only typed
//! values (the rules live in `questline_domain::accounts`).

use questline_domain::accounts::{DisplayName, Email, Locale, NewPassword, TimeZone};
use questline_domain::{DomainError, ErrorCode, FieldError, Validator};

use super::dto::{
    RequestPasswordResetRequest, ResetPasswordRequest, SignInRequest, SignUpRequest, UpdateAccountSettingsRequest,
};

/// A new built-in account.
pub struct SignUp {
    pub email: Email,
    pub password: NewPassword,
    pub display_name: DisplayName,
    pub locale: Locale,
    pub time_zone: TimeZone,
}

impl TryFrom<SignUpRequest> for SignUp {
    type Error = DomainError;

    fn try_from(request: SignUpRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let email = v.check("email", Email::parse(&request.email));
        let password = v.check("password", NewPassword::parse(&request.password));
        let display_name = v.check("display_name", DisplayName::parse(&request.display_name));
        let locale = v.check("locale", request.locale.as_deref().map_or(Ok(Locale::default()), Locale::parse));
        let time_zone = v.check("time_zone", request.time_zone.as_deref().map_or(Ok(TimeZone::utc()), TimeZone::parse));
        match (email, password, display_name, locale, time_zone) {
            (Some(email), Some(password), Some(display_name), Some(locale), Some(time_zone)) if v.is_empty() => {
                Ok(Self { email, password, display_name, locale, time_zone })
            }
            _ => Err(v.into_error()),
        }
    }
}

/// What signing in needs: something typed in both fields (the rules may have changed since the password was
/// chosen, so nothing more is judged before the password is checked).
#[derive(Debug)]
pub struct Credentials {
    pub email: String,
    pub password: String,
}

impl TryFrom<SignInRequest> for Credentials {
    type Error = DomainError;

    fn try_from(request: SignInRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        if request.email.trim().is_empty() {
            v.add("email", FieldError::new(ErrorCode::EmailRequired, "E-mail is required"));
        }
        if request.password.is_empty() {
            v.add("password", FieldError::new(ErrorCode::PasswordRequired, "Password is required"));
        }
        v.finish()?;
        Ok(Self { email: request.email, password: request.password })
    }
}

/// The account settings to change (each optional).
#[derive(Debug)]
pub struct SettingsChange {
    pub locale: Option<Locale>,
    pub time_zone: Option<TimeZone>,
}

impl TryFrom<UpdateAccountSettingsRequest> for SettingsChange {
    type Error = DomainError;

    fn try_from(request: UpdateAccountSettingsRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let locale = request.locale.as_deref().map(|l| v.check("locale", Locale::parse(l)));
        let time_zone = request.time_zone.as_deref().map(|t| v.check("time_zone", TimeZone::parse(t)));
        match (locale, time_zone) {
            (Some(None), _) | (_, Some(None)) => Err(v.into_error()),
            (locale, time_zone) => Ok(Self { locale: locale.flatten(), time_zone: time_zone.flatten() }),
        }
    }
}

/// Where a reset link should go.
#[derive(Debug)]
pub struct ResetLinkRequest {
    pub email: Email,
}

impl TryFrom<RequestPasswordResetRequest> for ResetLinkRequest {
    type Error = DomainError;

    fn try_from(request: RequestPasswordResetRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        match v.check("email", Email::parse(&request.email)) {
            Some(email) => Ok(Self { email }),
            None => Err(v.into_error()),
        }
    }
}

/// A reset link's token and the password it sets.
pub struct PasswordReset {
    pub token: String,
    pub new_password: NewPassword,
}

impl TryFrom<ResetPasswordRequest> for PasswordReset {
    type Error = DomainError;

    fn try_from(request: ResetPasswordRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        match v.check("new_password", NewPassword::parse(&request.new_password)) {
            Some(new_password) => Ok(Self { token: request.token, new_password }),
            None => Err(v.into_error()),
        }
    }
}

/// A new password with the other refusals of the same form (a wrong current password): every field error at
/// once, and the password only when there is none.
pub fn new_password_with(
    new_password: &str,
    field: &str,
    other: Option<(&str, FieldError)>,
) -> Result<NewPassword, DomainError> {
    let mut v = Validator::new();
    let password = v.check(field, NewPassword::parse(new_password));
    if let Some((field, error)) = other {
        v.add(field, error);
    }
    match password {
        Some(password) if v.is_empty() => Ok(password),
        _ => Err(v.into_error()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign_up(email: &str, password: &str, name: &str) -> SignUpRequest {
        SignUpRequest {
            email: email.into(),
            password: password.into(),
            display_name: name.into(),
            locale: None,
            time_zone: None,
        }
    }

    fn fields(error: DomainError) -> Vec<String> {
        error.fields.keys().cloned().collect()
    }

    #[test]
    fn a_sign_up_collects_every_field_error() {
        let Err(error) = SignUp::try_from(sign_up("nope", "short", " ")) else { panic!("accepted") };
        assert_eq!(fields(error), ["display_name", "email", "password"]);
    }

    #[test]
    fn a_sign_up_defaults_its_language_and_zone() {
        let Ok(command) = SignUp::try_from(sign_up("ada@example.com", "correct horse battery", "Ada")) else {
            panic!("refused")
        };
        assert_eq!(command.locale, Locale::default());
        assert_eq!(command.time_zone.as_str(), "UTC");
    }

    #[test]
    fn settings_refuse_an_unknown_zone_and_keep_what_is_absent() {
        let request = UpdateAccountSettingsRequest { locale: None, time_zone: Some("Mars/Olympus".into()) };
        assert_eq!(fields(SettingsChange::try_from(request).unwrap_err()), ["time_zone"]);
        let request = UpdateAccountSettingsRequest { locale: Some("pl-PL".into()), time_zone: None };
        let change = SettingsChange::try_from(request).unwrap();
        assert!(change.locale.is_some() && change.time_zone.is_none());
    }

    #[test]
    fn a_new_password_reports_the_other_refusal_too() {
        let other = FieldError::new(ErrorCode::CurrentPasswordIncorrect, "Current password is incorrect");
        let error = new_password_with("short", "new_password", Some(("current_password", other))).unwrap_err();
        assert_eq!(fields(error), ["current_password", "new_password"]);
        assert!(new_password_with("correct horse battery", "new_password", None).is_ok());
    }
}
