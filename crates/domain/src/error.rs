//! The error catalogue: the ten error types of the product specification (§8) and a domain error that carries a
//! stable snake_case code, an English message and per-field messages. The server decides the HTTP status; the web app
//! translates by `code` and falls back to `message`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The ten error types of the specification, spelt as they travel on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ErrorType {
    /// Malformed input: bad JSON, wrong type, bad path or query parameter.
    InvalidArgument,
    /// Well-formed input that breaks a rule; carries field messages.
    InvalidData,
    Unauthorized,
    Forbidden,
    NotFound,
    /// Refused by policy (including rate limits).
    NotAllowed,
    /// A move the current state does not allow.
    UnexpectedState,
    /// A duplicate, or a stale `version`.
    Conflict,
    ConfigError,
    UnknownError,
}

impl ErrorType {
    pub const ALL: [ErrorType; 10] = [
        ErrorType::InvalidArgument,
        ErrorType::InvalidData,
        ErrorType::Unauthorized,
        ErrorType::Forbidden,
        ErrorType::NotFound,
        ErrorType::NotAllowed,
        ErrorType::UnexpectedState,
        ErrorType::Conflict,
        ErrorType::ConfigError,
        ErrorType::UnknownError,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::InvalidArgument => "invalid_argument",
            ErrorType::InvalidData => "invalid_data",
            ErrorType::Unauthorized => "unauthorized",
            ErrorType::Forbidden => "forbidden",
            ErrorType::NotFound => "not_found",
            ErrorType::NotAllowed => "not_allowed",
            ErrorType::UnexpectedState => "unexpected_state",
            ErrorType::Conflict => "conflict",
            ErrorType::ConfigError => "config_error",
            ErrorType::UnknownError => "unknown_error",
        }
    }
}

impl fmt::Display for ErrorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Every code an error answer or a field error carries: one list, snake_case on the wire, published in the OpenAPI
/// document so the web app's translations are checked against it. Add a code here when a new rule needs one.
macro_rules! error_codes {
    ($($variant:ident => $wire:literal,)*) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(rename_all = "snake_case")]
        pub enum ErrorCode {
            $($variant,)*
        }

        impl ErrorCode {
            pub const ALL: &[ErrorCode] = &[$(ErrorCode::$variant,)*];

            pub fn as_str(self) -> &'static str {
                match self {
                    $(ErrorCode::$variant => $wire,)*
                }
            }
        }
    };
}

error_codes! {
    ValidationFailed => "validation_failed",
    Invalid => "invalid",
    InvalidBody => "invalid_body",
    MalformedJson => "malformed_json",
    UnsupportedMediaType => "unsupported_media_type",
    PayloadTooLarge => "payload_too_large",
    InvalidPathParameter => "invalid_path_parameter",
    InvalidQueryParameter => "invalid_query_parameter",
    MethodNotAllowed => "method_not_allowed",
    RouteNotFound => "route_not_found",
    WebsocketHandshakeExpected => "websocket_handshake_expected",
    Unauthorized => "unauthorized",
    CsrfHeaderMissing => "csrf_header_missing",
    OriginNotAllowed => "origin_not_allowed",
    RoleRequired => "role_required",
    NotYourAccount => "not_your_account",
    NotYourProfile => "not_your_profile",
    StaleVersion => "stale_version",
    WriteConflict => "write_conflict",
    MetadataNotFlat => "metadata_not_flat",
    MetadataTooLarge => "metadata_too_large",
    RateLimited => "rate_limited",
    RequestTimeout => "request_timeout",
    InternalError => "internal_error",
    DatabaseUnavailable => "database_unavailable",
    ShuttingDown => "shutting_down",
    EmailTaken => "email_taken",
    InvalidCredentials => "invalid_credentials",
    AccountSuspended => "account_suspended",
    LinkInvalid => "link_invalid",
    LinkExpired => "link_expired",
    NothingToUpdate => "nothing_to_update",
    ProfileNotFound => "profile_not_found",
    RegionNotFound => "region_not_found",
    OidcNotConfigured => "oidc_not_configured",
    OidcProviderUnavailable => "oidc_provider_unavailable",
    OidcAuthenticationFailed => "oidc_authentication_failed",
    OidcClaimsUnreadable => "oidc_claims_unreadable",
    OidcRegistrationFailed => "oidc_registration_failed",
    OidcLinkExpired => "oidc_link_expired",
    OidcIdentityLinked => "oidc_identity_linked",
    OidcEmailInUse => "oidc_email_in_use",
    // Series: status moves (series::lifecycle).
    SeriesMustHaveScheduleToPublish => "series_must_have_schedule_to_publish",
    SeriesStatusFinal => "series_status_final",
    SeriesStatusMoveNotAllowed => "series_status_move_not_allowed",
    RecruitmentRequiresOpenSeries => "recruitment_requires_open_series",
    // Series: the series itself (server series feature).
    ActivityBlueprintRequired => "activity_blueprint_required",
    ActivityBlueprintNotFound => "activity_blueprint_not_found",
    BlueprintInUse => "blueprint_in_use",
    LocationLinkInvalid => "location_link_invalid",
    LocationCityRequired => "location_city_required",
    LocationVenueRequired => "location_venue_required",
    LocationTooLong => "location_too_long",
    SeriesFieldsRequired => "series_fields_required",
    SeriesNotFound => "series_not_found",
    SeriesDeleteNotDraft => "series_delete_not_draft",
    // Series: thumbnail and banner uploads (server series images).
    ImageRequired => "image_required",
    ImageTypeUnsupported => "image_type_unsupported",
    ImageTooLarge => "image_too_large",
    ImageTooManyPixels => "image_too_many_pixels",
    ImageUnreadable => "image_unreadable",
    SeriesImageNotFound => "series_image_not_found",
    // Series: player requirements (series::requirements).
    MinPlayersOutOfRange => "min_players_out_of_range",
    MaxPlayersOutOfRange => "max_players_out_of_range",
    MinPlayersAboveMax => "min_players_above_max",
    MinPlayerAgeNotPositive => "min_player_age_not_positive",
    MinPlayerAgeTooHigh => "min_player_age_too_high",
    MaxPlayersBelowSeatsTaken => "max_players_below_seats_taken",
    // Series: pricing (series::pricing, commerce).
    PricingModelRequired => "pricing_model_required",
    PriceRequired => "price_required",
    PriceNotANumber => "price_not_a_number",
    PriceTooPrecise => "price_too_precise",
    PriceTooLow => "price_too_low",
    PriceTooHigh => "price_too_high",
    CurrencyCodeRequired => "currency_code_required",
    CurrencyCodeInvalid => "currency_code_invalid",
    // Series: schedule (series::schedule, series::recurrence).
    StartTimeInvalid => "start_time_invalid",
    SessionDurationInvalid => "session_duration_invalid",
    RecurrenceRuleRequired => "recurrence_rule_required",
    RecurrenceRuleInvalid => "recurrence_rule_invalid",
    TimeZoneInvalid => "time_zone_invalid",
    FirstDateRequired => "first_date_required",
    FirstDateInvalid => "first_date_invalid",
    // Series applications (applications.rs, server applications feature).
    RecruitmentClosed => "recruitment_closed",
    OwnSeries => "own_series",
    AlreadyApplied => "already_applied",
    TooYoung => "too_young",
    SeriesFull => "series_full",
    SeriesEnded => "series_ended",
    ApplicationState => "application_state",
    MessageTooLong => "message_too_long",
    MessageControlCharacters => "message_control_characters",
    SeriesApplicationNotFound => "series_application_not_found",
    ApplicantOnly => "applicant_only",
    GameMasterOnly => "game_master_only",
    // Direct chat (chat.rs, server chat feature).
    MessageRequired => "message_required",
    ChatNotFound => "chat_not_found",
    ChatUserNotFound => "chat_user_not_found",
    ChatWithYourself => "chat_with_yourself",
    NicknameRequired => "nickname_required",
    ChatTargetRequired => "chat_target_required",
    ChatBlocked => "chat_blocked",
    ChatUserBlocked => "chat_user_blocked",
    ClientIdReused => "client_id_reused",
    ChatMessageNotFound => "chat_message_not_found",
    CannotReportYourself => "cannot_report_yourself",
    ReportTargetRequired => "report_target_required",
    // Notifications (notifications.rs, server notifications feature).
    NotificationNotFound => "notification_not_found",
    UnknownNotificationKind => "unknown_notification_kind",
    InvalidUnsubscribeToken => "invalid_unsubscribe_token",
    ExpiredUnsubscribeToken => "expired_unsubscribe_token",
    // Sessions (sessions.rs, server sessions feature).
    SessionNotFound => "session_not_found",
    SeriesMustBeActive => "series_must_be_active",
    SeriesMustHavePricing => "series_must_have_pricing",
    SessionCompletedOrCancelled => "session_completed_or_cancelled",
    SessionNotInPlanning => "session_not_in_planning",
    SessionTooSoon => "session_too_soon",
    SessionTransitionNotAllowed => "session_transition_not_allowed",
    PreparationNotOpen => "preparation_not_open",
    SessionHasPayments => "session_has_payments",
    ParticipationTransitionNotAllowed => "participation_transition_not_allowed",
    SessionFull => "session_full",
    // Field codes of the session forms (the contract with the web app names them without a prefix).
    Required => "required",
    NotAccepted => "not_accepted",
    TooMany => "too_many",
    TooSoon => "too_soon",
    TooShort => "too_short",
    TooLong => "too_long",
    AlreadyParticipant => "already_participant",
    ControlCharacters => "control_characters",
    // Feedback and GM reviews (reviews.rs, server reviews feature).
    InvalidRating => "invalid_rating",
    NotAParticipant => "not_a_participant",
    SessionNotCompleted => "session_not_completed",
    FeedbackAlreadySubmitted => "feedback_already_submitted",
    FeedbackNotFound => "feedback_not_found",
    FeedbackEditWindowClosed => "feedback_edit_window_closed",
    ReviewNotFound => "review_not_found",
    ReviewAlreadyAnswered => "review_already_answered",
    PlayerNotFound => "player_not_found",
    // Commerce store (commerce.rs, server commerce feature).
    PublishableKeyRequired => "publishable_key_required",
    PublishableKeyInvalid => "publishable_key_invalid",
    CartNotFound => "cart_not_found",
    CartCompleted => "cart_completed",
    CurrencyMismatch => "currency_mismatch",
    SeatNotPayable => "seat_not_payable",
    VariantNotFound => "variant_not_found",
    ShippingOptionNotFound => "shipping_option_not_found",
    PaymentCollectionNotFound => "payment_collection_not_found",
    NoPaymentProviders => "no_payment_providers",
    ProviderNotAvailable => "provider_not_available",
    CartEmpty => "cart_empty",
    PhoneRequired => "phone_required",
    AddressRequired => "address_required",
    CityRequired => "city_required",
    PostalCodeRequired => "postal_code_required",
    CountryRequired => "country_required",
    // Accounts (accounts.rs).
    EmailRequired => "email_required",
    EmailInvalid => "email_invalid",
    PasswordRequired => "password_required",
    PasswordTooShort => "password_too_short",
    PasswordTooLong => "password_too_long",
    PasswordTooCommon => "password_too_common",
    PasswordIncorrect => "password_incorrect",
    CurrentPasswordIncorrect => "current_password_incorrect",
    ConfirmEmailMismatch => "confirm_email_mismatch",
    DisplayNameRequired => "display_name_required",
    DisplayNameTooLong => "display_name_too_long",
    DisplayNameControlCharacters => "display_name_control_characters",
    LocaleInvalid => "locale_invalid",
    // Profiles (profiles.rs).
    FirstNameRequired => "first_name_required",
    FirstNameTooLong => "first_name_too_long",
    FirstNameControlCharacters => "first_name_control_characters",
    LastNameRequired => "last_name_required",
    LastNameTooLong => "last_name_too_long",
    LastNameControlCharacters => "last_name_control_characters",
    BirthdateRequired => "birthdate_required",
    BirthdateInvalid => "birthdate_invalid",
    BirthdateNotInPast => "birthdate_not_in_past",
    BioTooLong => "bio_too_long",
    BioControlCharacters => "bio_control_characters",
    AddressTooLong => "address_too_long",
    AddressControlCharacters => "address_control_characters",
    CityTooLong => "city_too_long",
    CityControlCharacters => "city_control_characters",
    PostalCodeTooLong => "postal_code_too_long",
    PostalCodeControlCharacters => "postal_code_control_characters",
    LanguageInvalid => "language_invalid",
    PhoneInvalid => "phone_invalid",
    CountryInvalid => "country_invalid",
    YearsOutOfRange => "years_out_of_range",
    ExperienceLevelRequired => "experience_level_required",
    PlaystyleUnknown => "playstyle_unknown",
    PlaystylesRequired => "playstyles_required",
    ExperienceOrPlaystylesRequired => "experience_or_playstyles_required",
    // Titles, blueprints and parts (title.rs, blueprints.rs, rich_text.rs).
    TitleRequired => "title_required",
    TitleTooShort => "title_too_short",
    TitleTooLong => "title_too_long",
    ActivityTypeInvalid => "activity_type_invalid",
    ContentTypeInvalid => "content_type_invalid",
    GameSystemRequired => "game_system_required",
    GameSystemNotFound => "game_system_not_found",
    PartsRequired => "parts_required",
    TooManyParts => "too_many_parts",
    PartRepeated => "part_repeated",
    PartNotFound => "part_not_found",
    PartFieldsRequired => "part_fields_required",
    ContentInvalid => "content_invalid",
    ContentNestedTooDeeply => "content_nested_too_deeply",
    ContentNotAllowed => "content_not_allowed",
    ContentTooLong => "content_too_long",
    ContentTooLarge => "content_too_large",
    LinkSchemeNotAllowed => "link_scheme_not_allowed",
    // Commerce: idempotency keys, completion and orders (http/idempotency.rs, commerce/completion/).
    IdempotencyKeyInvalid => "idempotency_key_invalid",
    IdempotencyKeyInUse => "idempotency_key_in_use",
    IdempotencyKeyReused => "idempotency_key_reused",
    CartCompletionInProgress => "cart_completion_in_progress",
    PaymentSessionRequired => "payment_session_required",
    PaymentProviderUnavailable => "payment_provider_unavailable",
    // Stripe's webhook (commerce/stripe_webhook.rs).
    WebhookSignatureInvalid => "webhook_signature_invalid",
    WebhookPayloadInvalid => "webhook_payload_invalid",
    OrderNotFound => "order_not_found",
    // Refunds (commerce/refunds.rs, server commerce refunds).
    SessionPaymentNotFound => "session_payment_not_found",
    PaymentNotRefundable => "payment_not_refundable",
    SessionAlreadyStarted => "session_already_started",
    RefundAlreadyRequested => "refund_already_requested",
    RefundNotRequested => "refund_not_requested",
    PayerOnly => "payer_only",
    MonthInvalid => "month_invalid",
    BlueprintPartNotFound => "blueprint_part_not_found",
    GameSystemInUse => "game_system_in_use",
    IdentityNotFound => "identity_not_found",
    OidcEmailUnverified => "oidc_email_unverified",
    OidcReauthenticationFailed => "oidc_reauthentication_failed",
    ServerBusy => "server_busy",
    NotFound => "not_found",
    EmailVerificationRequired => "email_verification_required",
    TooManyConnections => "too_many_connections",
    HandleTaken => "handle_taken",
    BlueprintLimitReached => "blueprint_limit_reached",
    PartLimitReached => "part_limit_reached",
    ReauthenticationRequired => "reauthentication_required",
    EmailAlreadyVerified => "email_already_verified",
    // Campaigns: generated sessions and the go/no-go (campaign::settings).
    OccurrencesAheadOutOfRange => "occurrences_ahead_out_of_range",
    GoNoGoLeadOutOfRange => "go_no_go_lead_out_of_range",
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What broke a rule of one input field: a stable code the web app translates, the English message (word for word
/// where the specification quotes it) and the values the message names (`{"min": 3}`), so a translation can say
/// the same.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FieldError {
    pub code: ErrorCode,
    pub message: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, ParamValue>,
}

/// A value a field message names: a limit, a length, a name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(untagged)]
pub enum ParamValue {
    Int(i64),
    Text(String),
}

impl From<i64> for ParamValue {
    fn from(value: i64) -> Self {
        ParamValue::Int(value)
    }
}

impl From<usize> for ParamValue {
    fn from(value: usize) -> Self {
        ParamValue::Int(i64::try_from(value).unwrap_or(i64::MAX))
    }
}

impl From<u32> for ParamValue {
    fn from(value: u32) -> Self {
        ParamValue::Int(i64::from(value))
    }
}

impl From<&str> for ParamValue {
    fn from(value: &str) -> Self {
        ParamValue::Text(value.to_owned())
    }
}

impl From<String> for ParamValue {
    fn from(value: String) -> Self {
        ParamValue::Text(value)
    }
}

impl FieldError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { code, message: message.into(), params: BTreeMap::new() }
    }

    /// Names a value the message mentions: `FieldError::new(TitleTooShort, …).param("min", 3)`.
    pub fn param(mut self, name: &str, value: impl Into<ParamValue>) -> Self {
        self.params.insert(name.to_owned(), value.into());
        self
    }
}

/// Compares the English message, so a rule's tests read as the specification does:
/// `assert_eq!(Title::parse("ab").unwrap_err(), "Title must be at least 3 characters")`.
impl PartialEq<&str> for FieldError {
    fn eq(&self, other: &&str) -> bool {
        self.message == *other
    }
}

impl PartialEq<String> for FieldError {
    fn eq(&self, other: &String) -> bool {
        self.message == *other
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// What broke, per input field, in the order found. Keys are the snake_case field names of the wire (dotted for
/// nested payloads: `base.first_name`).
pub type FieldErrors = BTreeMap<String, Vec<FieldError>>;

/// A rule the domain refuses, ready to be shown to a user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}/{code}: {message}")]
pub struct DomainError {
    pub kind: ErrorType,
    /// Stable snake_case code the web app translates, e.g. `series_must_have_schedule_to_publish`.
    pub code: ErrorCode,
    /// English text, word for word where the specification quotes it.
    pub message: String,
    pub fields: FieldErrors,
}

impl DomainError {
    pub fn new(kind: ErrorType, code: ErrorCode, message: impl Into<String>) -> Self {
        Self { kind, code, message: message.into(), fields: FieldErrors::new() }
    }

    /// Well-formed input that breaks field rules: `invalid_data` with the messages per field.
    pub fn invalid_fields(fields: FieldErrors) -> Self {
        Self {
            kind: ErrorType::InvalidData,
            code: ErrorCode::ValidationFailed,
            message: "Some fields are not valid.".into(),
            fields,
        }
    }

    pub fn not_found(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::NotFound, code, message)
    }

    pub fn unexpected_state(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::UnexpectedState, code, message)
    }

    pub fn conflict(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::Conflict, code, message)
    }
}

/// Collects field messages while a form is parsed, so every broken rule is reported at once.
#[derive(Debug, Default)]
pub struct Validator {
    fields: FieldErrors,
}

impl Validator {
    pub fn new() -> Self {
        Self::default()
    }

    /// Records what broke under `field`. Every rule names its code: there is no conversion from a bare message.
    pub fn add(&mut self, field: &str, error: impl Into<FieldError>) {
        self.fields.entry(field.to_owned()).or_default().push(error.into());
    }

    /// Keeps the parsed value, or records what broke under `field`.
    pub fn check<T, E: Into<FieldError>>(&mut self, field: &str, parsed: Result<T, E>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(error) => {
                self.add(field, error);
                None
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// The `invalid_data` error with every message recorded so far: for a parse that found some value missing.
    pub fn into_error(self) -> DomainError {
        DomainError::invalid_fields(self.fields)
    }

    /// `Ok(())` when nothing was recorded, otherwise the `invalid_data` error with every message.
    pub fn finish(self) -> Result<(), DomainError> {
        if self.fields.is_empty() { Ok(()) } else { Err(DomainError::invalid_fields(self.fields)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_types_travel_in_snake_case() {
        for kind in ErrorType::ALL {
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json, serde_json::Value::String(kind.as_str().to_owned()));
        }
        assert_eq!(ErrorType::UnexpectedState.as_str(), "unexpected_state");
    }

    #[test]
    fn validator_reports_every_field_at_once() {
        let mut v = Validator::new();
        assert_eq!(v.check("title", Ok::<_, FieldError>(1)), Some(1));
        v.check::<(), _>("title", Err(FieldError::new(ErrorCode::Invalid, "Title is required")));
        v.add("bio", FieldError::new(ErrorCode::BioTooLong, "Bio must be less than 250 characters"));
        let err = v.finish().unwrap_err();
        assert_eq!(err.kind, ErrorType::InvalidData);
        assert_eq!(err.fields["title"][0].message, "Title is required");
        assert_eq!(err.fields["bio"].len(), 1);
    }

    #[test]
    fn field_errors_travel_with_code_message_and_params() {
        let error = FieldError::new(ErrorCode::Invalid, "Title must be at least 3 characters").param("min", 3_i64);
        assert_eq!(
            serde_json::to_value(&error).unwrap(),
            serde_json::json!({"code": "invalid", "message": "Title must be at least 3 characters", "params": {"min": 3}})
        );
        let bare = FieldError::new(ErrorCode::Invalid, "Bad");
        assert_eq!(serde_json::to_value(&bare).unwrap(), serde_json::json!({"code": "invalid", "message": "Bad"}));
    }

    #[test]
    fn error_codes_travel_in_snake_case() {
        for code in ErrorCode::ALL {
            assert_eq!(serde_json::to_value(code).unwrap(), serde_json::Value::String(code.as_str().to_owned()));
        }
    }

    #[test]
    fn empty_validator_passes() {
        assert!(Validator::new().finish().is_ok());
    }
}
