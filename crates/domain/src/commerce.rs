//! Commerce values: the currencies we sell in and amounts of money in them.
//!
//! Money is held in integer minor units (grosze, cents) so that no price is ever rounded by binary floating point;
//! on the wire it travels as a decimal string with a dot and two decimals ("12.50") beside a lower-case currency
//! code (DESIGN.md, "Contracts").

pub mod disputes;
pub mod ledger;
pub mod refunds;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors, Validator};

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

/// The prefixes of the store's ids, as Medusa spells its own: a cart, a line item, a shipping method, a payment
/// collection, a payment session, an order.
pub mod id_prefix {
    pub const CART: &str = "cart_";
    pub const LINE_ITEM: &str = "cali_";
    pub const SHIPPING_METHOD: &str = "casm_";
    pub const PAYMENT_COLLECTION: &str = "pay_col_";
    pub const PAYMENT_SESSION: &str = "payses_";
    pub const ORDER: &str = "order_";
}

/// An order's id (`order_…`), typed so that a cart's or a payment session's id (strings of the same shape) cannot
/// be passed for it. Commerce makes it; a paid seat's payment keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct OrderId(String);

impl OrderId {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// An id read back from the database or made by [`store_id`] with [`id_prefix::ORDER`].
impl From<String> for OrderId {
    fn from(value: String) -> Self {
        Self(value)
    }
}

impl std::fmt::Display for OrderId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Crockford's base32 alphabet (no I, L, O, U), upper-case as Medusa's ULID-based ids are.
const BASE32: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Characters after the prefix: 128 bits in 5-bit digits.
pub const STORE_ID_LENGTH: usize = 26;

/// A store id: `prefix` + 26 base32 characters of the 128 random bits the caller drew. The id is the only thing
/// between a guesser and a cart, so it carries the full 128 bits (a UUID v4 would carry 122) and nothing else: no
/// time, no counter. Randomness comes from the server; this only spells it.
pub fn store_id(prefix: &str, random: [u8; 16]) -> String {
    let mut value = u128::from_be_bytes(random);
    let mut digits = [0u8; STORE_ID_LENGTH];
    for digit in digits.iter_mut().rev() {
        *digit = BASE32[(value & 31) as usize];
        value >>= 5;
    }
    let mut id = String::with_capacity(prefix.len() + STORE_ID_LENGTH);
    id.push_str(prefix);
    id.extend(digits.iter().map(|&b| char::from(b)));
    id
}

/// Whether `id` looks like a store id of `prefix`: a path parameter that does not is answered as not found
/// without a query.
pub fn is_store_id(id: &str, prefix: &str) -> bool {
    id.strip_prefix(prefix)
        .is_some_and(|rest| rest.len() == STORE_ID_LENGTH && rest.bytes().all(|b| BASE32.contains(&b)))
}

/// The seat's variant id: `variant_` + the session payment's id in simple hex. The variant is the payment, so the
/// store needs no catalogue of products.
pub fn variant_id(payment_id: uuid::Uuid) -> String {
    format!("variant_{}", payment_id.simple())
}

/// The payment a variant id names, if it is one.
pub fn payment_of_variant(variant_id: &str) -> Option<uuid::Uuid> {
    let hex = variant_id.strip_prefix("variant_")?;
    if hex.len() != 32 || !hex.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()) {
        return None;
    }
    uuid::Uuid::try_parse(hex).ok()
}

/// Countries a billing address may be in (spec §5: Poland and Belgium), stored lower-case.
pub const BILLING_COUNTRIES: [&str; 2] = ["pl", "be"];

/// The country a billing address gets when none is sent (spec §5: default Poland).
pub const DEFAULT_BILLING_COUNTRY: &str = "pl";

/// Longest line of a billing address we keep: long enough for any street, short enough for an invoice.
pub const ADDRESS_LINE_MAX_LENGTH: usize = 100;

/// A billing address as sent: every part optional on the wire, so each missing one gets its own message.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BillingAddressInput {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub address_1: Option<String>,
    pub address_2: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub country_code: Option<String>,
    pub phone: Option<String>,
}

/// A checked billing address: everything an invoice needs, trimmed; `address_2` the only optional line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BillingAddress {
    pub first_name: String,
    pub last_name: String,
    pub address_1: String,
    pub address_2: Option<String>,
    pub city: String,
    pub postal_code: String,
    pub country_code: String,
    pub phone: String,
}

/// One required line: the spec's "<Label> is required" when blank, then the length and one-line rules.
fn required_line(
    input: Option<&str>,
    required: (ErrorCode, &str),
    too_long: ErrorCode,
    label: &str,
) -> Result<String, FieldError> {
    let value = input.unwrap_or("").trim();
    if value.is_empty() {
        return Err(FieldError::new(required.0, required.1));
    }
    optional_line(value, too_long, label)
}

fn optional_line(value: &str, too_long: ErrorCode, label: &str) -> Result<String, FieldError> {
    let value = value.trim();
    if value.chars().count() > ADDRESS_LINE_MAX_LENGTH {
        let message = format!("{label} must be less than {ADDRESS_LINE_MAX_LENGTH} characters");
        return Err(FieldError::new(too_long, message).param("max", ADDRESS_LINE_MAX_LENGTH));
    }
    if value.chars().any(char::is_control) {
        return Err(FieldError::new(ErrorCode::Invalid, format!("{label} must be a single line of text")));
    }
    Ok(value.to_owned())
}

/// The billing country: `pl` or `be` in any case; absent means Poland (spec §5), blank is the spec's "Country is
/// required" (someone cleared the choice).
pub fn parse_billing_country(input: Option<&str>) -> Result<String, FieldError> {
    let Some(input) = input else { return Ok(DEFAULT_BILLING_COUNTRY.to_owned()) };
    let code = input.trim().to_ascii_lowercase();
    if code.is_empty() {
        return Err(FieldError::new(ErrorCode::CountryRequired, "Country is required"));
    }
    if BILLING_COUNTRIES.contains(&code.as_str()) {
        Ok(code)
    } else {
        Err(FieldError::new(ErrorCode::CountryInvalid, "Country must be Poland or Belgium"))
    }
}

/// The checkout's e-mail: the spec's "Email is required" when blank, then the accounts rules.
pub fn parse_checkout_email(input: Option<&str>) -> Result<String, FieldError> {
    let value = input.unwrap_or("").trim();
    if value.is_empty() {
        return Err(FieldError::new(ErrorCode::EmailRequired, "Email is required"));
    }
    crate::accounts::Email::parse(value).map(|email| email.as_str().to_owned())
}

/// Checks a billing address with the messages of spec §5/§8 ("checkout address"), every broken rule at once, each
/// under `<prefix><field>` (the store sends `billing_address.first_name`).
pub fn parse_billing_address(input: &BillingAddressInput, prefix: &str) -> Result<BillingAddress, FieldErrors> {
    use crate::profiles::{NameField, parse_name};
    let mut v = Validator::new();
    let key = |field: &str| format!("{prefix}{field}");
    let first_name =
        v.check(&key("first_name"), parse_name(input.first_name.as_deref().unwrap_or(""), NameField::FirstName));
    let last_name =
        v.check(&key("last_name"), parse_name(input.last_name.as_deref().unwrap_or(""), NameField::LastName));
    let phone = v.check(
        &key("phone"),
        match input.phone.as_deref().map(str::trim).unwrap_or("") {
            "" => Err(FieldError::new(ErrorCode::PhoneRequired, "Phone number is required")),
            phone => crate::profiles::parse_phone(phone),
        },
    );
    let address_1 = v.check(
        &key("address_1"),
        required_line(
            input.address_1.as_deref(),
            (ErrorCode::AddressRequired, "Address is required"),
            ErrorCode::AddressTooLong,
            "Address",
        ),
    );
    let address_2 = match input.address_2.as_deref().map(str::trim) {
        None | Some("") => Some(None),
        Some(line) => v.check(&key("address_2"), optional_line(line, ErrorCode::AddressTooLong, "Address").map(Some)),
    };
    let city = v.check(
        &key("city"),
        required_line(
            input.city.as_deref(),
            (ErrorCode::CityRequired, "City is required"),
            ErrorCode::CityTooLong,
            "City",
        ),
    );
    let postal_code = v.check(
        &key("postal_code"),
        required_line(
            input.postal_code.as_deref(),
            (ErrorCode::PostalCodeRequired, "Postal code is required"),
            ErrorCode::PostalCodeTooLong,
            "Postal code",
        ),
    );
    let country_code = v.check(&key("country_code"), parse_billing_country(input.country_code.as_deref()));
    match (first_name, last_name, address_1, address_2, city, postal_code, country_code, phone) {
        (
            Some(first_name),
            Some(last_name),
            Some(address_1),
            Some(address_2),
            Some(city),
            Some(postal_code),
            Some(country_code),
            Some(phone),
        ) if v.is_empty() => {
            Ok(BillingAddress { first_name, last_name, address_1, address_2, city, postal_code, country_code, phone })
        }
        _ => Err(v.into_error().fields),
    }
}

/// A seat in a cart of `cart` currency: refused (422 `currency_mismatch`) when the seat is priced in another; the
/// store never converts, the shopper picks the seat's region.
pub fn check_seat_currency(cart: &str, seat: &str) -> Result<(), DomainError> {
    if cart.eq_ignore_ascii_case(seat) {
        Ok(())
    } else {
        Err(DomainError::new(
            ErrorType::InvalidData,
            ErrorCode::CurrencyMismatch,
            format!(
                "This seat is priced in {}, but the cart is in {}. Choose a region that uses {}.",
                seat.to_ascii_uppercase(),
                cart.to_ascii_uppercase(),
                seat.to_ascii_uppercase()
            ),
        ))
    }
}

/// A line's quantity: a seat is one place at one table, so only 1 (or nothing, meaning 1).
pub fn parse_seat_quantity(input: Option<i64>) -> Result<i32, FieldError> {
    match input {
        None | Some(1) => Ok(1),
        Some(_) => {
            Err(FieldError::new(ErrorCode::Invalid, "Quantity must be 1: a seat is sold once").param("max", 1_i64))
        }
    }
}

/// How much free-form data a cart's shopper may store in one object (a shipping method's `data`, a line item's
/// `metadata`): the bytes of its keys and values together (issue 31).
pub const FREE_FORM_MAX_BYTES: usize = 4096;

/// A shopper's free-form object (Medusa's `data`, `metadata`), as stored: flat, every value a string (no nested
/// object or array, no number, boolean or null), and at most [`FREE_FORM_MAX_BYTES`] of keys and values in UTF-8.
pub fn check_free_form(map: &serde_json::Map<String, serde_json::Value>) -> Result<(), FieldError> {
    let mut bytes = 0;
    for (key, value) in map {
        let Some(text) = value.as_str() else {
            return Err(FieldError::new(
                ErrorCode::MetadataNotFlat,
                format!(
                    "Every value must be a string (\"{key}\" is not): no nested objects, lists, numbers or booleans"
                ),
            )
            .param("key", key.as_str()));
        };
        bytes += key.len() + text.len();
    }
    if bytes > FREE_FORM_MAX_BYTES {
        return Err(FieldError::new(
            ErrorCode::MetadataTooLarge,
            format!("At most {FREE_FORM_MAX_BYTES} bytes of keys and values together ({bytes} given)"),
        )
        .param("max", FREE_FORM_MAX_BYTES as i64));
    }
    Ok(())
}

/// Amounts in the store's shape (Medusa's): a JSON number in major units. Exact for every amount we hold (below
/// 2^53 minor units), and only ever produced, never parsed, so no float reaches a price.
pub fn minor_to_major(minor: i64) -> f64 {
    minor as f64 / MINOR_PER_MAJOR as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_form_data_is_flat_strings_of_at_most_4_kib() {
        let map = |value: serde_json::Value| value.as_object().unwrap().clone();
        assert!(check_free_form(&map(serde_json::json!({}))).is_ok());
        assert!(check_free_form(&map(serde_json::json!({"note": "by the window", "ref": "A-1"}))).is_ok());
        for bad in [
            serde_json::json!({"nested": {"a": "b"}}),
            serde_json::json!({"list": ["a"]}),
            serde_json::json!({"n": 1}),
            serde_json::json!({"b": true}),
            serde_json::json!({"z": null}),
        ] {
            let error = check_free_form(&map(bad.clone())).unwrap_err();
            assert_eq!(error.code, ErrorCode::MetadataNotFlat, "{bad}");
        }
        // 4096 bytes of keys and values pass, one more does not; bytes, not characters.
        let exactly = serde_json::json!({"k": "x".repeat(FREE_FORM_MAX_BYTES - 1)});
        assert!(check_free_form(&map(exactly)).is_ok());
        let over = serde_json::json!({"k": "x".repeat(FREE_FORM_MAX_BYTES)});
        assert_eq!(check_free_form(&map(over)).unwrap_err().code, ErrorCode::MetadataTooLarge);
        let polish = serde_json::json!({"k": "ż".repeat(2048)});
        assert_eq!(check_free_form(&map(polish)).unwrap_err().code, ErrorCode::MetadataTooLarge);
    }

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

    #[test]
    fn store_ids_are_prefixed_base32_of_128_bits() {
        let id = store_id(id_prefix::CART, [0; 16]);
        assert_eq!(id, format!("cart_{}", "0".repeat(26)));
        let all = store_id(id_prefix::ORDER, [0xff; 16]);
        // 128 bits in 26 digits: the first holds the top 3 bits.
        assert_eq!(all, format!("order_7{}", "Z".repeat(25)));
        assert!(is_store_id(&all, id_prefix::ORDER));
        assert!(!is_store_id(&all, id_prefix::CART));
        assert!(!is_store_id("cart_0000", id_prefix::CART));
        assert!(!is_store_id(&format!("cart_{}", "I".repeat(26)), id_prefix::CART), "I is not Crockford");
        let one = store_id(id_prefix::CART, 1u128.to_be_bytes());
        assert!(one.ends_with("01"));
        assert_ne!(store_id("x_", 2u128.to_be_bytes()), store_id("x_", 3u128.to_be_bytes()));
    }

    proptest::proptest! {
        /// Every 128-bit value spells a valid id, and different values different ids: no bits are lost.
        #[test]
        fn store_ids_keep_all_128_bits(a in proptest::prelude::any::<u128>(), b in proptest::prelude::any::<u128>()) {
            let (first, second) = (store_id(id_prefix::PAYMENT_SESSION, a.to_be_bytes()), store_id(id_prefix::PAYMENT_SESSION, b.to_be_bytes()));
            proptest::prop_assert!(is_store_id(&first, id_prefix::PAYMENT_SESSION));
            proptest::prop_assert_eq!(first == second, a == b);
        }
    }

    #[test]
    fn the_variant_is_the_payment() {
        let payment = uuid::Uuid::parse_str("0190b2a4-1c2d-7e3f-8a9b-0c1d2e3f4a5b").unwrap();
        let variant = variant_id(payment);
        assert_eq!(variant, "variant_0190b2a41c2d7e3f8a9b0c1d2e3f4a5b");
        assert_eq!(payment_of_variant(&variant), Some(payment));
        assert_eq!(payment_of_variant("variant_0190b2a4-1c2d-7e3f-8a9b-0c1d2e3f4a5b"), None);
        assert_eq!(payment_of_variant("variant_0190B2A41C2D7E3F8A9B0C1D2E3F4A5B"), None);
        assert_eq!(payment_of_variant("prod_0190b2a41c2d7e3f8a9b0c1d2e3f4a5b"), None);
        assert_eq!(payment_of_variant("variant_"), None);
    }

    fn full_address() -> BillingAddressInput {
        BillingAddressInput {
            first_name: Some(" Ada ".into()),
            last_name: Some("Lovelace".into()),
            address_1: Some("ul. Długa 1".into()),
            address_2: Some("".into()),
            city: Some("Kraków".into()),
            postal_code: Some("30-001".into()),
            country_code: Some("BE".into()),
            phone: Some("+48 600 100 200".into()),
        }
    }

    #[test]
    fn a_full_billing_address_is_kept_trimmed() {
        let address = parse_billing_address(&full_address(), "billing_address.").unwrap();
        assert_eq!(address.first_name, "Ada");
        assert_eq!(address.country_code, "be");
        assert_eq!(address.address_2, None);
        let no_country = BillingAddressInput { country_code: None, ..full_address() };
        assert_eq!(parse_billing_address(&no_country, "").unwrap().country_code, "pl", "spec §5: default Poland");
    }

    #[test]
    fn an_empty_billing_address_gets_every_message_of_the_spec() {
        let empty = BillingAddressInput { country_code: Some(" ".into()), ..Default::default() };
        let fields = parse_billing_address(&empty, "billing_address.").unwrap_err();
        let message = |field: &str| fields[&format!("billing_address.{field}")][0].message.clone();
        assert_eq!(message("first_name"), "First name is required");
        assert_eq!(message("last_name"), "Last name is required");
        assert_eq!(message("phone"), "Phone number is required");
        assert_eq!(message("address_1"), "Address is required");
        assert_eq!(message("city"), "City is required");
        assert_eq!(message("postal_code"), "Postal code is required");
        assert_eq!(message("country_code"), "Country is required");
        assert!(!fields.contains_key("billing_address.address_2"));
        assert_eq!(parse_checkout_email(Some("  ")).unwrap_err().message, "Email is required");
        assert_eq!(parse_checkout_email(None).unwrap_err().code, ErrorCode::EmailRequired);
        assert_eq!(parse_checkout_email(Some("Ada@Example.org")).unwrap(), "ada@example.org");
        assert_eq!(parse_checkout_email(Some("ada@")).unwrap_err().code, ErrorCode::EmailInvalid);
    }

    #[test]
    fn billing_countries_are_poland_and_belgium() {
        assert_eq!(parse_billing_country(Some("PL")).unwrap(), "pl");
        assert_eq!(parse_billing_country(Some("be")).unwrap(), "be");
        assert_eq!(parse_billing_country(Some("de")).unwrap_err().code, ErrorCode::CountryInvalid);
        let long = BillingAddressInput { city: Some("x".repeat(101)), phone: Some("12".into()), ..full_address() };
        let fields = parse_billing_address(&long, "").unwrap_err();
        assert_eq!(fields["city"][0].code, ErrorCode::CityTooLong);
        assert_eq!(fields["phone"][0].code, ErrorCode::PhoneInvalid);
        let two_lines = BillingAddressInput { address_2: Some("a\nb".into()), ..full_address() };
        assert_eq!(parse_billing_address(&two_lines, "").unwrap_err()["address_2"][0].code, ErrorCode::Invalid);
    }

    #[test]
    fn a_seat_is_one_and_in_the_carts_currency() {
        assert_eq!(parse_seat_quantity(None), Ok(1));
        assert_eq!(parse_seat_quantity(Some(1)), Ok(1));
        assert!(parse_seat_quantity(Some(2)).is_err());
        assert!(parse_seat_quantity(Some(0)).is_err());
        assert!(check_seat_currency("pln", "PLN").is_ok());
        let error = check_seat_currency("eur", "pln").unwrap_err();
        assert_eq!((error.kind, error.code.as_str()), (ErrorType::InvalidData, "currency_mismatch"));
        assert_eq!(minor_to_major(2550), 25.5);
        assert_eq!(minor_to_major(1), 0.01);
    }
}
