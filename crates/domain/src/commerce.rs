//! Commerce values: the currencies we sell in.

/// Currencies we sell in, stored and sent lower-case.
pub const CURRENCIES: [&str; 2] = ["pln", "eur"];

/// A currency code in any case → its stored lower-case form, or the specification's message.
pub fn parse_currency(input: &str) -> Result<String, String> {
    let code = input.trim().to_ascii_lowercase();
    if code.is_empty() {
        return Err("Currency code is required".into());
    }
    if CURRENCIES.contains(&code.as_str()) { Ok(code) } else { Err("Invalid currency code".into()) }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn currencies_are_pln_and_eur_in_any_case() {
        assert_eq!(parse_currency("EUR").unwrap(), "eur");
        assert_eq!(parse_currency(" pln ").unwrap(), "pln");
        assert_eq!(parse_currency("usd").unwrap_err(), "Invalid currency code");
        assert_eq!(parse_currency("").unwrap_err(), "Currency code is required");
    }

    #[test]
    fn region_names_are_bounded() {
        assert_eq!(parse_region_name(" Belgium ").unwrap(), "Belgium");
        assert!(parse_region_name("B").is_err());
        assert!(parse_region_name("").is_err());
    }
}
