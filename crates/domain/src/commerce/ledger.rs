//! The money of one payment: the platform fee split (decisions.md, "Commerce (issue 16)" §1), the kinds of ledger
//! entry a completion and a refund write, and the state machine of a cart's completion (§4).
//!
//! Everything here is integer minor units and basis points: a fee of 12.5 % is 1250 bps, never a float, so no
//! amount is ever rounded by binary floating point.

use std::fmt;

/// Basis points in 100 %.
pub const BPS_PER_WHOLE: u32 = 10_000;

/// The platform's fee when `QUESTLINE_PLATFORM_FEE_PERCENT` is not set: 10 %.
pub const DEFAULT_FEE_BPS: u32 = 1_000;

/// The platform fee as a share of a payment, in basis points (1 % = 100); 0 to 10 000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeeBps(u32);

/// Why a fee percentage was refused (the server reports it at start and does not run).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeePercentError {
    /// Not a plain decimal number (`"ten"`, `"1e1"`, `"-5"`, `"10%"`).
    NotANumber(String),
    /// More than two decimals: basis points cannot hold it exactly.
    TooPrecise(String),
    /// Above 100.
    OutOfRange(String),
}

impl fmt::Display for FeePercentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeePercentError::NotANumber(input) => {
                write!(f, "the platform fee percent {input:?} is not a number such as 10 or 12.5")
            }
            FeePercentError::TooPrecise(input) => {
                write!(f, "the platform fee percent {input:?} has more than two decimals")
            }
            FeePercentError::OutOfRange(input) => {
                write!(f, "the platform fee percent {input:?} is not between 0 and 100")
            }
        }
    }
}

impl std::error::Error for FeePercentError {}

impl FeeBps {
    /// Basis points as they are stored on an order; `None` above 100 %.
    pub fn new(bps: u32) -> Option<Self> {
        (bps <= BPS_PER_WHOLE).then_some(Self(bps))
    }

    pub fn get(self) -> u32 {
        self.0
    }

    /// `"10"`, `"12.5"`, `"0.25"`, `" 7.00 "` → basis points. Only digits with at most one dot and two decimals:
    /// a sign, an exponent or a percent sign is refused rather than guessed at.
    pub fn parse_percent(input: &str) -> Result<Self, FeePercentError> {
        let text = input.trim();
        let not_a_number = || FeePercentError::NotANumber(input.to_owned());
        let (whole, fraction) = match text.split_once('.') {
            Some((whole, fraction)) => (whole, fraction),
            None => (text, ""),
        };
        let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) || (text.contains('.') && fraction.is_empty()) {
            return Err(not_a_number());
        }
        if fraction.len() > 2 {
            return Err(FeePercentError::TooPrecise(input.to_owned()));
        }
        // Leading zeros are fine ("010"); more than three significant digits is above 100 anyway.
        let whole = whole.trim_start_matches('0');
        if whole.len() > 3 {
            return Err(FeePercentError::OutOfRange(input.to_owned()));
        }
        let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| not_a_number())? };
        let fraction: u32 = format!("{fraction:0<2}").parse().map_err(|_| not_a_number())?;
        Self::new(whole * 100 + fraction).ok_or_else(|| FeePercentError::OutOfRange(input.to_owned()))
    }
}

impl Default for FeeBps {
    fn default() -> Self {
        Self(DEFAULT_FEE_BPS)
    }
}

/// One payment's money divided between the platform and the GM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Split {
    pub fee: i64,
    pub gm_share: i64,
}

/// Divides `gross` minor units: the fee is rounded down, so the odd grosz goes to the GM, and `fee + gm_share`
/// is always exactly `gross`. Gross amounts are never negative (a refund negates a split, it does not split a
/// negative amount).
pub fn split(gross: i64, bps: FeeBps) -> Split {
    let gross = gross.max(0);
    // i128: a gross near i64::MAX times 10 000 would overflow i64.
    let fee = (i128::from(gross) * i128::from(bps.get()) / i128::from(BPS_PER_WHOLE)) as i64;
    Split { fee, gm_share: gross - fee }
}

/// The kinds of row in `ledger_entries`; a completion writes one of each (positive), a confirmed refund the same
/// three negated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// What the buyer paid.
    Charge,
    /// The platform's part of it.
    PlatformFee,
    /// The GM's part of it: what a payout pays.
    GmShare,
}

impl EntryKind {
    pub const ALL: [EntryKind; 3] = [EntryKind::Charge, EntryKind::PlatformFee, EntryKind::GmShare];

    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Charge => "charge",
            EntryKind::PlatformFee => "platform_fee",
            EntryKind::GmShare => "gm_share",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

/// The three amounts a completed payment of `gross` records, in `EntryKind::ALL` order.
pub fn completion_entries(gross: i64, bps: FeeBps) -> [(EntryKind, i64); 3] {
    let Split { fee, gm_share } = split(gross, bps);
    [(EntryKind::Charge, gross.max(0)), (EntryKind::PlatformFee, fee), (EntryKind::GmShare, gm_share)]
}

/// Where a cart's completion stands (`cart_completions.state`). Each step is stored before the next begins, so a
/// completion interrupted anywhere resumes from what it last stored: provider calls are idempotent, recording is
/// one transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompletionState {
    /// Claimed: the cart and the seat were checked, the money not yet asked for.
    Started,
    /// The provider holds the money.
    Authorized,
    /// The provider took the money; the order is not written yet.
    Captured,
    /// The order, the ledger rows and the payment are written: final.
    Recorded,
    /// The seat stopped being payable before recording; the money is returned, no order: final.
    Voided,
}

impl CompletionState {
    pub const ALL: [CompletionState; 5] = [
        CompletionState::Started,
        CompletionState::Authorized,
        CompletionState::Captured,
        CompletionState::Recorded,
        CompletionState::Voided,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CompletionState::Started => "started",
            CompletionState::Authorized => "authorized",
            CompletionState::Captured => "captured",
            CompletionState::Recorded => "recorded",
            CompletionState::Voided => "voided",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|state| state.as_str() == text)
    }

    /// Nothing more happens to a completion in this state.
    pub fn is_final(self) -> bool {
        matches!(self, CompletionState::Recorded | CompletionState::Voided)
    }

    /// Whether a completion in this state keeps its cart from changing: the seat, the address and the payment
    /// session must stay as they were checked, or the order would record something other than what was paid. The
    /// money is in hand (`authorized`, `captured`) or, for a `started` one, a claim is live (`leased`: its lease
    /// neither released after a declined attempt nor run out). Final states let go.
    pub fn holds_cart(self, leased: bool) -> bool {
        match self {
            CompletionState::Authorized | CompletionState::Captured => true,
            CompletionState::Started => leased,
            CompletionState::Recorded | CompletionState::Voided => false,
        }
    }

    /// Whether a completion may move from `self` to `to`. Forward one step at a time; `started` may be voided
    /// (the seat went before any money was asked for) and so may `authorized` and `captured` (the seat went
    /// while the money was held or taken: it is cancelled or refunded). A declined authorisation is no move: the
    /// state stays `started` and the lease is released for the next attempt. A provider that settles in-process
    /// (the built-in one) goes from `started` to `recorded` in one write, since no step between can be interrupted.
    /// Final states never move.
    pub fn can_move_to(self, to: CompletionState) -> bool {
        use CompletionState::*;
        matches!(
            (self, to),
            (Started, Authorized)
                | (Started, Recorded)
                | (Authorized, Captured)
                | (Captured, Recorded)
                | (Started, Voided)
                | (Authorized, Voided)
                | (Captured, Voided)
        )
    }
}

impl fmt::Display for CompletionState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn bps(n: u32) -> FeeBps {
        FeeBps::new(n).unwrap()
    }

    #[test]
    fn a_completion_holds_its_cart_while_the_money_or_a_live_claim_does() {
        use CompletionState::*;
        for (state, leased, holds) in [
            (Started, true, true),
            (Started, false, false),
            (Authorized, false, true),
            (Captured, false, true),
            (Recorded, true, false),
            (Voided, true, false),
        ] {
            assert_eq!(state.holds_cart(leased), holds, "{state} leased={leased}");
        }
    }

    #[test]
    fn fee_percentages_parse_to_basis_points() {
        let cases = [
            ("10", 1000),
            ("0", 0),
            ("100", 10_000),
            ("12.5", 1250),
            ("12.50", 1250),
            (" 7.05 ", 705),
            ("0.01", 1),
            ("010", 1000),
            ("100.00", 10_000),
        ];
        for (input, expected) in cases {
            assert_eq!(FeeBps::parse_percent(input).map(FeeBps::get), Ok(expected), "{input:?}");
        }
    }

    #[test]
    fn fee_percentages_that_are_not_plain_numbers_out_of_range_or_too_precise_are_refused() {
        for input in ["", " ", "ten", "-5", "+5", "1e1", "10%", "1,5", ".5", "5.", "1.2.3", "0x10"] {
            assert!(matches!(FeeBps::parse_percent(input), Err(FeePercentError::NotANumber(_))), "{input:?}");
        }
        for input in ["100.01", "101", "1000", "99999999999999999999"] {
            assert!(matches!(FeeBps::parse_percent(input), Err(FeePercentError::OutOfRange(_))), "{input:?}");
        }
        for input in ["12.345", "0.001"] {
            assert!(matches!(FeeBps::parse_percent(input), Err(FeePercentError::TooPrecise(_))), "{input:?}");
        }
        assert!(FeeBps::parse_percent("ten").unwrap_err().to_string().contains("\"ten\""));
    }

    #[test]
    fn the_default_fee_is_ten_percent() {
        assert_eq!(FeeBps::default().get(), 1000);
        assert_eq!(FeeBps::new(10_001), None);
    }

    #[test]
    fn the_fee_is_rounded_down_so_the_odd_grosz_goes_to_the_gm() {
        assert_eq!(split(2550, bps(1000)), Split { fee: 255, gm_share: 2295 });
        assert_eq!(split(999, bps(1000)), Split { fee: 99, gm_share: 900 });
        assert_eq!(split(1, bps(1000)), Split { fee: 0, gm_share: 1 });
        assert_eq!(split(1999, bps(1250)), Split { fee: 249, gm_share: 1750 });
        assert_eq!(split(5000, bps(0)), Split { fee: 0, gm_share: 5000 });
        assert_eq!(split(5000, bps(10_000)), Split { fee: 5000, gm_share: 0 });
        assert_eq!(split(0, bps(1000)), Split { fee: 0, gm_share: 0 });
    }

    #[test]
    fn a_completion_writes_charge_fee_and_share() {
        assert_eq!(
            completion_entries(2550, bps(1000)),
            [(EntryKind::Charge, 2550), (EntryKind::PlatformFee, 255), (EntryKind::GmShare, 2295)]
        );
        for kind in EntryKind::ALL {
            assert_eq!(EntryKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(EntryKind::parse("refund"), None);
    }

    proptest! {
        #[test]
        fn fee_plus_share_is_always_the_gross(gross in 0_i64..=i64::MAX, fee in 0_u32..=10_000) {
            let Split { fee: f, gm_share } = split(gross, bps(fee));
            prop_assert_eq!(f.checked_add(gm_share), Some(gross));
            prop_assert!(f >= 0 && gm_share >= 0);
            // Rounded down: the fee never exceeds the exact share, and misses it by less than one minor unit.
            let exact = i128::from(gross) * i128::from(fee);
            prop_assert!(i128::from(f) * 10_000 <= exact);
            prop_assert!(exact - i128::from(f) * 10_000 < 10_000);
        }

        #[test]
        fn any_two_decimal_percentage_round_trips(whole in 0_u32..=100, hundredths in 0_u32..100) {
            let input = format!("{whole}.{hundredths:02}");
            let parsed = FeeBps::parse_percent(&input);
            if whole == 100 && hundredths > 0 {
                prop_assert!(parsed.is_err());
            } else {
                prop_assert_eq!(parsed.map(FeeBps::get), Ok(whole * 100 + hundredths));
            }
        }
    }

    #[test]
    fn completion_moves_forward_one_step_or_settles_at_once_or_to_voided() {
        use CompletionState::*;
        let allowed = [
            (Started, Authorized),
            (Started, Recorded),
            (Authorized, Captured),
            (Captured, Recorded),
            (Started, Voided),
            (Authorized, Voided),
            (Captured, Voided),
        ];
        for from in CompletionState::ALL {
            for to in CompletionState::ALL {
                assert_eq!(from.can_move_to(to), allowed.contains(&(from, to)), "{from} → {to}");
            }
        }
    }

    #[test]
    fn recorded_and_voided_are_final_and_states_round_trip() {
        use CompletionState::*;
        let finals: Vec<_> = CompletionState::ALL.into_iter().filter(|s| s.is_final()).collect();
        assert_eq!(finals, vec![Recorded, Voided]);
        for state in CompletionState::ALL {
            assert_eq!(CompletionState::parse(state.as_str()), Some(state));
        }
        assert_eq!(CompletionState::parse("done"), None);
    }
}
