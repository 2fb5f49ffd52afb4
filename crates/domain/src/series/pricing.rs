//! What a seat in one session of a series costs (spec §5 "Pricing", §9 "paid price greater than 0.01; default
//! currency pln; default pricing model free").
//!
//! The payload is `{model, amount (string), currency_code}`. Amounts are read by [`parse_amount_minor`], so a comma
//! works as the decimal separator as in the form, and are held in integer minor units.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::field;
use crate::commerce::{AmountError, Currency, CurrencyError, MINOR_PER_MAJOR, Money, parse_amount_minor};
use crate::error::{ErrorCode, FieldError, Validator};

/// A paid price must be greater than this, in minor units: 0.01 itself is refused (spec §5, §9).
pub const PRICE_FLOOR_MINOR: i64 = 1;
/// The highest price per session we accept, in major units. The spec sets none; see docs/decisions.md.
pub const PRICE_MAX_MAJOR: i64 = 10_000;
/// Decimals a price may have.
pub const PRICE_DECIMALS: i64 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum PricingModel {
    /// The form's default (spec §9).
    #[default]
    Free,
    Paid,
}

impl PricingModel {
    pub fn as_str(self) -> &'static str {
        match self {
            PricingModel::Free => "free",
            PricingModel::Paid => "paid",
        }
    }

    pub fn parse(input: &str) -> Result<Self, PricingError> {
        match input.trim() {
            "free" => Ok(PricingModel::Free),
            "paid" => Ok(PricingModel::Paid),
            _ => Err(PricingError::ModelRequired),
        }
    }
}

/// A broken pricing rule; [`PricingError::field`] names the payload field it belongs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PricingError {
    /// `pricing_model_required`: missing, or neither free nor paid.
    ModelRequired,
    /// `price_required`: paid without an amount.
    PriceRequired,
    /// `price_not_a_number`
    PriceNotANumber,
    /// `price_too_precise` {max: 2}: more than two decimals that are not zeros.
    PriceTooPrecise,
    /// `price_too_low`: 0.01 or less (the spec's words say "zero"; its rule says 0.01).
    PriceTooLow,
    /// `price_too_high` {max: 10000}
    PriceTooHigh,
    /// `currency_code_required`, `currency_code_invalid`
    Currency(CurrencyError),
}

impl PricingError {
    pub fn code(self) -> ErrorCode {
        match self {
            PricingError::ModelRequired => ErrorCode::PricingModelRequired,
            PricingError::PriceRequired => ErrorCode::PriceRequired,
            PricingError::PriceNotANumber => ErrorCode::PriceNotANumber,
            PricingError::PriceTooPrecise => ErrorCode::PriceTooPrecise,
            PricingError::PriceTooLow => ErrorCode::PriceTooLow,
            PricingError::PriceTooHigh => ErrorCode::PriceTooHigh,
            PricingError::Currency(error) => error.code(),
        }
    }

    /// The payload field the message belongs under.
    pub fn field(self) -> &'static str {
        match self {
            PricingError::ModelRequired => "model",
            PricingError::Currency(_) => "currency_code",
            _ => "amount",
        }
    }
}

impl fmt::Display for PricingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PricingError::ModelRequired => f.write_str("Pricing model is required"),
            PricingError::PriceRequired => f.write_str("Price is required"),
            PricingError::PriceNotANumber => f.write_str("Price must be a number"),
            PricingError::PriceTooPrecise => write!(f, "Price must have at most {PRICE_DECIMALS} decimal places"),
            PricingError::PriceTooLow => f.write_str("Price must be greater than zero"),
            PricingError::PriceTooHigh => write!(f, "Price must be at most {PRICE_MAX_MAJOR}"),
            PricingError::Currency(error) => fmt::Display::fmt(error, f),
        }
    }
}

/// The code, the message and the limit it names.
impl From<PricingError> for FieldError {
    fn from(error: PricingError) -> Self {
        let bare = FieldError::new(error.code(), error.to_string());
        match error {
            PricingError::PriceTooPrecise => bare.param("max", PRICE_DECIMALS),
            PricingError::PriceTooHigh => bare.param("max", PRICE_MAX_MAJOR),
            _ => bare,
        }
    }
}

impl From<CurrencyError> for PricingError {
    fn from(error: CurrencyError) -> Self {
        PricingError::Currency(error)
    }
}

/// A paid price per session: more than 0.01 and at most [`PRICE_MAX_MAJOR`] in pln or eur.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Price(Money);

impl Price {
    /// A price from stored minor units, checked like one typed in.
    pub fn new(money: Money) -> Result<Self, PricingError> {
        if money.minor() <= PRICE_FLOOR_MINOR {
            Err(PricingError::PriceTooLow)
        } else if money.minor() > PRICE_MAX_MAJOR * MINOR_PER_MAJOR {
            Err(PricingError::PriceTooHigh)
        } else {
            Ok(Self(money))
        }
    }

    /// The amount as typed (`"12,50"`, `" 12.5 "`) in a currency already chosen.
    pub fn parse_amount(amount: &str, currency: Currency) -> Result<Self, PricingError> {
        if amount.trim().is_empty() {
            return Err(PricingError::PriceRequired);
        }
        let minor = parse_amount_minor(amount).map_err(|error| match error {
            AmountError::NotANumber => PricingError::PriceNotANumber,
            AmountError::TooPrecise => PricingError::PriceTooPrecise,
            AmountError::TooLarge => PricingError::PriceTooHigh,
        })?;
        Self::new(Money::from_minor(minor, currency))
    }

    pub fn money(self) -> Money {
        self.0
    }

    pub fn minor(self) -> i64 {
        self.0.minor()
    }

    pub fn currency(self) -> Currency {
        self.0.currency()
    }

    /// The wire's decimal string: `"12.50"`.
    pub fn amount_string(self) -> String {
        self.0.amount_string()
    }
}

/// The pricing payload, as received: each part may be missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PricingInput<'a> {
    pub model: Option<&'a str>,
    pub amount: Option<&'a str>,
    pub currency_code: Option<&'a str>,
}

/// A series' pricing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Pricing {
    #[default]
    Free,
    Paid(Price),
}

impl Pricing {
    /// Every broken rule at once. A free series ignores the amount and currency it was sent: the form hides those
    /// fields for free, so whatever they still hold is not the user's intent and is not stored.
    pub fn check(input: PricingInput<'_>) -> Result<Self, Vec<PricingError>> {
        let model = PricingModel::parse(input.model.unwrap_or_default()).map_err(|error| vec![error])?;
        if model == PricingModel::Free {
            return Ok(Pricing::Free);
        }
        let currency = Currency::parse(input.currency_code.unwrap_or_default()).map_err(PricingError::from);
        // The amount is judged on its own, so a missing currency does not hide an amount's error.
        let price = Price::parse_amount(input.amount.unwrap_or_default(), currency.unwrap_or_default());
        match (price, currency) {
            (Ok(price), Ok(_)) => Ok(Pricing::Paid(price)),
            (price, currency) => Err(price.err().into_iter().chain(currency.err()).collect()),
        }
    }

    /// [`check`](Self::check), recording the messages in `v` under the payload's field names (after `prefix.`,
    /// e.g. `pricing.amount`; `""` for none).
    pub fn parse(input: PricingInput<'_>, v: &mut Validator, prefix: &str) -> Option<Self> {
        match Self::check(input) {
            Ok(pricing) => Some(pricing),
            Err(errors) => {
                for error in errors {
                    v.add(&field(prefix, error.field()), error);
                }
                None
            }
        }
    }

    pub fn model(self) -> PricingModel {
        match self {
            Pricing::Free => PricingModel::Free,
            Pricing::Paid(_) => PricingModel::Paid,
        }
    }

    pub fn price(self) -> Option<Price> {
        match self {
            Pricing::Free => None,
            Pricing::Paid(price) => Some(price),
        }
    }

    /// What one session costs in minor units, free counting as 0 (the Questboard's price filter, spec §2).
    pub fn minor_per_session(self) -> i64 {
        self.price().map_or(0, Price::minor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(model: &str, amount: &str, currency: &str) -> Result<Pricing, Vec<String>> {
        let input = PricingInput { model: Some(model), amount: Some(amount), currency_code: Some(currency) };
        Pricing::check(input).map_err(|errors| errors.into_iter().map(|e| format!("{}: {e}", e.field())).collect())
    }

    #[test]
    fn a_paid_price_is_read_into_minor_units_and_formats_back() {
        let pricing = check("paid", "12,5", "PLN").unwrap();
        let price = pricing.price().unwrap();
        assert_eq!((price.minor(), price.currency()), (1250, Currency::Pln));
        assert_eq!(price.amount_string(), "12.50");
        assert_eq!(pricing.model(), PricingModel::Paid);
        assert_eq!(pricing.minor_per_session(), 1250);
    }

    #[test]
    fn free_ignores_the_hidden_fields() {
        assert_eq!(check("free", "abc", "usd").unwrap(), Pricing::Free);
        assert_eq!(Pricing::check(PricingInput { model: Some("free"), ..Default::default() }), Ok(Pricing::Free));
        assert_eq!(Pricing::Free.minor_per_session(), 0);
        assert_eq!(Pricing::default(), Pricing::Free, "spec §9: default pricing model free");
    }

    #[test]
    fn the_model_is_required() {
        assert_eq!(check("", "10", "pln").unwrap_err(), vec!["model: Pricing model is required"]);
        assert_eq!(check("donation", "10", "pln").unwrap_err(), vec!["model: Pricing model is required"]);
        assert_eq!(Pricing::check(PricingInput::default()).unwrap_err(), vec![PricingError::ModelRequired]);
    }

    #[test]
    fn paid_needs_an_amount_that_is_a_number() {
        assert_eq!(check("paid", "", "pln").unwrap_err(), vec!["amount: Price is required"]);
        assert_eq!(check("paid", "  ", "pln").unwrap_err(), vec!["amount: Price is required"]);
        assert_eq!(check("paid", "ten", "pln").unwrap_err(), vec!["amount: Price must be a number"]);
        assert_eq!(check("paid", "1e3", "pln").unwrap_err(), vec!["amount: Price must be a number"]);
        assert_eq!(
            check("paid", "12.505", "pln").unwrap_err(),
            vec!["amount: Price must have at most 2 decimal places"]
        );
    }

    #[test]
    fn a_paid_price_is_greater_than_0_01() {
        for too_low in ["0", "0.00", "0.01", "0,01", "-5", "-0.02"] {
            assert_eq!(
                check("paid", too_low, "eur").unwrap_err(),
                vec!["amount: Price must be greater than zero"],
                "{too_low}"
            );
        }
        assert_eq!(check("paid", "0.02", "eur").unwrap().minor_per_session(), 2, "the smallest price");
    }

    #[test]
    fn prices_have_a_ceiling() {
        assert_eq!(check("paid", "10000", "eur").unwrap().minor_per_session(), 1_000_000);
        assert_eq!(check("paid", "10000.01", "eur").unwrap_err(), vec!["amount: Price must be at most 10000"]);
        assert_eq!(
            check("paid", "99999999999999999999", "eur").unwrap_err(),
            vec!["amount: Price must be at most 10000"]
        );
        let high = FieldError::from(PricingError::PriceTooHigh);
        assert_eq!(
            (high.code, serde_json::to_value(&high.params).unwrap()),
            (ErrorCode::PriceTooHigh, serde_json::json!({"max": 10_000}))
        );
    }

    #[test]
    fn paid_needs_pln_or_eur() {
        assert_eq!(check("paid", "10", "").unwrap_err(), vec!["currency_code: Currency code is required"]);
        assert_eq!(check("paid", "10", "usd").unwrap_err(), vec!["currency_code: Invalid currency code"]);
        assert_eq!(check("paid", "10", "eur").unwrap().price().unwrap().currency(), Currency::Eur);
    }

    #[test]
    fn amount_and_currency_errors_come_together() {
        assert_eq!(
            check("paid", "x", "usd").unwrap_err(),
            vec!["amount: Price must be a number", "currency_code: Invalid currency code"]
        );
        let missing = Pricing::check(PricingInput { model: Some("paid"), ..Default::default() }).unwrap_err();
        assert_eq!(missing, vec![PricingError::PriceRequired, PricingError::Currency(CurrencyError::Required)]);
    }

    #[test]
    fn every_rule_has_its_own_code() {
        let all = [
            PricingError::ModelRequired,
            PricingError::PriceRequired,
            PricingError::PriceNotANumber,
            PricingError::PriceTooPrecise,
            PricingError::PriceTooLow,
            PricingError::PriceTooHigh,
            PricingError::Currency(CurrencyError::Required),
            PricingError::Currency(CurrencyError::Invalid),
        ];
        let codes: std::collections::BTreeSet<_> = all.iter().map(|e| e.code()).collect();
        assert_eq!(codes.len(), all.len());
    }

    #[test]
    fn stored_prices_are_checked_again() {
        assert!(Price::new(Money::from_minor(2, Currency::Pln)).is_ok());
        assert_eq!(Price::new(Money::from_minor(1, Currency::Pln)), Err(PricingError::PriceTooLow));
    }

    #[test]
    fn parse_records_messages_under_the_nested_field_names() {
        let mut v = Validator::new();
        let input = PricingInput { model: Some("paid"), amount: Some("0"), currency_code: Some("gbp") };
        assert_eq!(Pricing::parse(input, &mut v, "pricing"), None);
        let fields = v.finish().unwrap_err().fields;
        assert_eq!(fields.keys().collect::<Vec<_>>(), vec!["pricing.amount", "pricing.currency_code"]);
        assert_eq!(fields["pricing.amount"][0].code.as_str(), "price_too_low");
        assert_eq!(fields["pricing.currency_code"][0].code.as_str(), "currency_code_invalid");
        assert_eq!(fields["pricing.currency_code"][0].message, "Invalid currency code");
    }

    #[test]
    fn models_travel_in_snake_case() {
        assert_eq!(serde_json::to_value(PricingModel::Paid).unwrap(), "paid");
        assert_eq!(PricingModel::parse("free"), Ok(PricingModel::Free));
        assert_eq!(PricingModel::default(), PricingModel::Free);
    }
}
