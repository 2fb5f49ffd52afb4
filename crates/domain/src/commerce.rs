//! Commerce values: the currencies we sell in and amounts of money in them.
//!
//! Money is held in integer minor units (grosze, cents) so that no price is ever rounded by binary floating point;
//! on the wire it travels as a decimal string with a dot and two decimals ("12.50") beside a lower-case currency
//! code (DESIGN.md, "Contracts").

pub mod refunds;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{ErrorCode, FieldError};

/// Currencies we sell in, stored and sent lower-case.
pub const CURRENCIES: [&str; 2] = ["pln", "eur"];

/// Minor units per major unit in every currency we sell in (both have two decimals).
pub const MINOR_PER_MAJOR: i64 = 100;

/// A currency we sell in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Currency {
    /// Polish złoty, the default currency (spec §9).
    #[default]
    Pln,
    /// Euro.
    Eur,
}

/// Why a currency code was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CurrencyError {
    /// `currency_code_required`: nothing was chosen.
    Required,
    /// `currency_code_invalid`: something other than pln or eur.
    Invalid,
}

impl CurrencyError {
    pub fn code(self) -> ErrorCode {
        match self {
            CurrencyError::Required => ErrorCode::CurrencyCodeRequired,
            CurrencyError::Invalid => ErrorCode::CurrencyCodeInvalid,
        }
    }
}

impl fmt::Display for CurrencyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CurrencyError::Required => "Currency code is required",
            CurrencyError::Invalid => "Invalid currency code",
        })
    }
}

impl From<CurrencyError> for FieldError {
    fn from(error: CurrencyError) -> Self {
        FieldError::new(error.code(), error.to_string())
    }
}

impl Currency {
    pub const ALL: [Currency; 2] = [Currency::Pln, Currency::Eur];

    /// A currency code in any case (`"EUR"`, `" pln "`) → the currency, or the specification's message.
    pub fn parse(input: &str) -> Result<Self, CurrencyError> {
        let code = input.trim().to_ascii_lowercase();
        match code.as_str() {
            "" => Err(CurrencyError::Required),
            "pln" => Ok(Currency::Pln),
            "eur" => Ok(Currency::Eur),
            _ => Err(CurrencyError::Invalid),
        }
    }

    /// The stored and sent form: `pln`, `eur`.
    pub fn as_str(self) -> &'static str {
        match self {
            Currency::Pln => "pln",
            Currency::Eur => "eur",
        }
    }
}

impl fmt::Display for Currency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A currency code in any case → its stored lower-case form, or the specification's message.
pub fn parse_currency(input: &str) -> Result<String, String> {
    Currency::parse(input).map(|currency| currency.as_str().to_owned()).map_err(|error| error.to_string())
}

/// A region's name: what shoppers pick from, 2 to 60 characters.
pub fn parse_region_name(input: &str) -> Result<String, String> {
    let name = input.trim();
    match name.chars().count() {
        0 => Err("Region name is required".into()),
        1 | 61.. => Err("Region name must be 2 to 60 characters".into()),
        _ => Ok(name.to_owned()),
    }
}

/// An amount in one currency, in integer minor units. Any sign: a price is a positive `Money`, a refund may not be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Money {
    minor: i64,
    currency: Currency,
}

impl Money {
    pub fn from_minor(minor: i64, currency: Currency) -> Self {
        Self { minor, currency }
    }

    /// The amount in minor units: 1250 for 12.50.
    pub fn minor(self) -> i64 {
        self.minor
    }

    pub fn currency(self) -> Currency {
        self.currency
    }

    /// The wire's decimal string: a dot and always two decimals, no currency (`"12.50"`, `"0.05"`, `"-3.00"`).
    pub fn amount_string(self) -> String {
        format_minor(self.minor)
    }
}

impl fmt::Display for Money {
    /// `12.50 pln`: for logs and messages; people see amounts formatted by `Intl` in their language.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.amount_string(), self.currency)
    }
}

/// Minor units → the wire's decimal string with two decimals.
pub fn format_minor(minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    let per = MINOR_PER_MAJOR.unsigned_abs();
    format!("{sign}{}.{:02}", abs / per, abs % per)
}

/// Why a decimal amount could not be read as minor units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountError {
    /// Not a decimal number: letters, two separators, thousands separators, an exponent, nothing but a sign.
    NotANumber,
    /// A number with more than two decimals that are not zero (`12.505`): no currency we sell in has them.
    TooPrecise,
    /// More digits than an amount we could ever hold.
    TooLarge,
}

/// Integer digits we read at most: any amount we accept is far below this, and 15 digits fit `i64` minor units.
const MAX_INTEGER_DIGITS: usize = 15;

/// Reads a decimal amount as people type it into the price field: digits with a dot or a comma as the decimal
/// separator (the form turns a comma into a dot on blur, but a request may still carry one), digits on either side
/// optional (`.5`, `5.`), an optional leading minus so that "-5" is judged by its value rather than refused as text,
/// surrounding spaces ignored. Decimals past the second must be zeros.
pub fn parse_amount_minor(input: &str) -> Result<i64, AmountError> {
    let text = input.trim();
    let (negative, unsigned) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (whole, fraction) = match unsigned.find(['.', ',']) {
        Some(at) => (&unsigned[..at], &unsigned[at + 1..]),
        None => (unsigned, ""),
    };
    let digits_only = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits_only(whole) || !digits_only(fraction) {
        return Err(AmountError::NotANumber);
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > MAX_INTEGER_DIGITS {
        return Err(AmountError::TooLarge);
    }
    let (cents, rest) = fraction.split_at(fraction.len().min(2));
    if rest.bytes().any(|b| b != b'0') {
        return Err(AmountError::TooPrecise);
    }
    // At most 15 + 2 digits: fits i64 (19 digits) without overflow.
    let whole_value: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| AmountError::NotANumber)? };
    let cents_value: i64 = match cents.len() {
        0 => 0,
        1 => i64::from(cents.as_bytes()[0] - b'0') * 10,
        _ => cents.parse().map_err(|_| AmountError::NotANumber)?,
    };
    let minor = whole_value * MINOR_PER_MAJOR + cents_value;
    Ok(if negative { -minor } else { minor })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn currencies_are_pln_and_eur_in_any_case() {
        assert_eq!(parse_currency("EUR").unwrap(), "eur");
        assert_eq!(parse_currency(" pln ").unwrap(), "pln");
        assert_eq!(parse_currency("usd").unwrap_err(), "Invalid currency code");
        assert_eq!(parse_currency("").unwrap_err(), "Currency code is required");
        assert_eq!(Currency::parse("Eur"), Ok(Currency::Eur));
        assert_eq!(Currency::parse("  "), Err(CurrencyError::Required));
        let invalid = FieldError::from(Currency::parse("zł").unwrap_err());
        assert_eq!((invalid.code, invalid.message.as_str()), (ErrorCode::CurrencyCodeInvalid, "Invalid currency code"));
        assert_eq!(Currency::default(), Currency::Pln, "spec §9: default currency pln");
    }

    #[test]
    fn currencies_travel_lower_case() {
        assert_eq!(serde_json::to_value(Currency::Eur).unwrap(), "eur");
        assert_eq!(serde_json::from_value::<Currency>("pln".into()).unwrap(), Currency::Pln);
        for currency in Currency::ALL {
            assert!(CURRENCIES.contains(&currency.as_str()));
        }
    }

    #[test]
    fn region_names_are_bounded() {
        assert_eq!(parse_region_name(" Belgium ").unwrap(), "Belgium");
        assert!(parse_region_name("B").is_err());
        assert!(parse_region_name("").is_err());
    }

    #[test]
    fn amounts_are_read_with_a_dot_or_a_comma() {
        for (input, minor) in [
            ("12.50", 1250),
            ("12,50", 1250),
            ("12,5", 1250),
            ("12", 1200),
            (" 7.05 ", 705),
            (".5", 50),
            ("5.", 500),
            ("0.01", 1),
            ("007.10", 710),
            ("12.500", 1250),
            ("-5", -500),
            ("-0.5", -50),
            ("99999.99", 9_999_999),
        ] {
            assert_eq!(parse_amount_minor(input), Ok(minor), "{input:?}");
        }
    }

    #[test]
    fn text_that_is_not_a_decimal_amount_is_refused() {
        for input in
            ["", " ", "abc", "12a", "1.2.3", "1,250.00", "1 250", "1e3", "+5", "--5", "-", ".", ",", "12.-5", "٣"]
        {
            assert_eq!(parse_amount_minor(input), Err(AmountError::NotANumber), "{input:?}");
        }
        assert_eq!(parse_amount_minor("12.505"), Err(AmountError::TooPrecise));
        assert_eq!(parse_amount_minor("0.001"), Err(AmountError::TooPrecise));
        assert_eq!(parse_amount_minor("1234567890123456"), Err(AmountError::TooLarge));
        assert_eq!(parse_amount_minor("999999999999999999999999.00"), Err(AmountError::TooLarge));
        assert_eq!(parse_amount_minor("000000000000000000001.00"), Ok(100), "leading zeros are not digits that count");
    }

    #[test]
    fn money_formats_back_to_the_wire_string() {
        assert_eq!(Money::from_minor(1250, Currency::Pln).amount_string(), "12.50");
        assert_eq!(Money::from_minor(5, Currency::Eur).amount_string(), "0.05");
        assert_eq!(Money::from_minor(0, Currency::Eur).amount_string(), "0.00");
        assert_eq!(Money::from_minor(-300, Currency::Eur).amount_string(), "-3.00");
        assert_eq!(Money::from_minor(-5, Currency::Eur).amount_string(), "-0.05");
        assert_eq!(Money::from_minor(i64::MIN, Currency::Eur).amount_string(), "-92233720368547758.08");
        assert_eq!(Money::from_minor(1250, Currency::Pln).to_string(), "12.50 pln");
    }

    #[test]
    fn formatting_and_reading_agree() {
        for minor in [0, 1, 9, 10, 99, 100, 101, 1250, 9_999_999, 12_345_678_901_234_567] {
            assert_eq!(parse_amount_minor(&format_minor(minor)), Ok(minor), "{minor}");
            assert_eq!(parse_amount_minor(&format_minor(-minor)), Ok(-minor), "-{minor}");
        }
    }
}
