//! Refunds and what the ledger's readers print (decisions.md, "Commerce (issue 16)" §1 and §2): why a payment is
//! refunded, the refund's state machine, who may ask for one and who decides, what the payment becomes once the
//! provider confirms it, the calendar month the ledger and its reports are keyed by, and the payouts CSV.
//!
//! A refund is always in full, never partial: the only amount it carries is the payment's. The server asks these
//! pure functions and writes the answer in one transaction.

use std::fmt;

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
use serde::{Deserialize, Serialize};

use crate::commerce::format_minor;
use crate::error::{DomainError, ErrorCode, ErrorType};
use crate::sessions::{ParticipantMove, ParticipantStatus, PaymentStatus, SessionStatus};
use crate::wire::wire_enum;

wire_enum! {
    /// Why a payment is refunded: one per row of the policy table (decisions.md §2).
    RefundReason {
        /// The GM cancelled the session, the 60-minute rule did, or its series was completed or cancelled.
        SessionCancelled => "session_cancelled",
        /// The GM was suspended or deleted: their sessions not started were cancelled.
        GmUnavailable => "gm_unavailable",
        /// The player rejected the new date after the GM changed the schedule.
        NewDateRejected => "new_date_rejected",
        /// The player left before the start.
        LeftBeforeStart => "left_before_start",
        /// The GM removed the player before the start.
        RemovedByGm => "removed_by_gm",
        /// The platform withdrew the player: they left the series, or their account was erased.
        Withdrawn => "withdrawn",
        /// The player asked and the GM approved: the money goes back, the seat stays (`waived`).
        RequestApproved => "request_approved",
    }
}

wire_enum! {
    /// Where a refund is. `requested` and `declined` only exist for the player's request; every other refund
    /// starts `due`.
    RefundStatus {
        /// The player asked; the GM has not decided.
        Requested => "requested",
        /// The GM said no. Final for requests (a later cancellation still refunds).
        Declined => "declined",
        /// To be paid back: the job asks the provider until it confirms or fails.
        Due => "due",
        /// The provider confirmed it. Final.
        Confirmed => "confirmed",
        /// The provider refused it; the operator settles it by hand. Final.
        Failed => "failed",
    }
}

/// What happens to a refund.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundMove {
    /// The player asks (no refund yet).
    Request,
    Approve,
    Decline,
    /// A move of the sessions feature made it due (a cancellation, leaving, …), or an approval's job runs.
    Schedule,
    /// The provider says it succeeded.
    Confirm,
    /// The provider says it failed.
    Fail,
}

/// The refund's state machine: where `move_` takes a refund that is `from` (`None`: no refund row yet).
///
/// | from \ move | request   | approve | decline  | schedule | confirm   | fail   |
/// |-------------|-----------|---------|----------|----------|-----------|--------|
/// | (none)      | requested | ✗       | ✗        | due      | ✗         | ✗      |
/// | requested   | ✗         | due     | declined | due      | ✗         | ✗      |
/// | declined    | ✗         | ✗       | ✗        | due      | ✗         | ✗      |
/// | due         | ✗         | ✗       | ✗        | due      | confirmed | failed |
/// | confirmed   | ✗         | ✗       | ✗        | ✗        | ✗         | ✗      |
/// | failed      | ✗         | ✗       | ✗        | ✗        | ✗         | ✗      |
///
/// A declined request stays declined for the player, but a cancellation afterwards is no request: the policy
/// refunds every completed payment of a cancelled session.
pub fn refund_next(from: Option<RefundStatus>, move_: RefundMove) -> Option<RefundStatus> {
    use RefundMove as M;
    use RefundStatus as S;
    let to = match (from, move_) {
        (None, M::Request) => S::Requested,
        (Some(S::Requested), M::Approve) => S::Due,
        (Some(S::Requested), M::Decline) => S::Declined,
        (None | Some(S::Requested | S::Declined | S::Due), M::Schedule) => S::Due,
        (Some(S::Due), M::Confirm) => S::Confirmed,
        (Some(S::Due), M::Fail) => S::Failed,
        _ => return None,
    };
    Some(to)
}

/// Whether a participant's move refunds their completed payment, and why (the policy table's rows about one
/// player). Leaving a running game, missing it and finishing it never refund; a cancelled session's `drop` is
/// refunded by the session's own cancellation (`session_cancelled` or `gm_unavailable`).
pub fn reason_for_move(move_: ParticipantMove, to: ParticipantStatus) -> Option<RefundReason> {
    use ParticipantMove as M;
    use ParticipantStatus as P;
    match (move_, to) {
        (M::Leave, P::Cancelled) => Some(RefundReason::LeftBeforeStart),
        (M::Remove, P::RemovedByGm) => Some(RefundReason::RemovedByGm),
        (M::Withdraw, P::Cancelled) => Some(RefundReason::Withdrawn),
        (M::Reject, P::Rejected) => Some(RefundReason::NewDateRejected),
        _ => None,
    }
}

/// What the payment becomes once the provider confirms its refund: an approved request keeps the seat as the
/// GM's guest (`waived`, which counts as paid), every other reason is a plain `refunded`.
pub fn payment_after_refund(reason: RefundReason) -> PaymentStatus {
    if reason == RefundReason::RequestApproved { PaymentStatus::Waived } else { PaymentStatus::Refunded }
}

/// Why a request or a decision was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundRefusal {
    /// `payment_not_refundable` (unexpected state): only a completed payment can be asked back.
    PaymentNotCompleted { status: PaymentStatus },
    /// `session_already_started` (unexpected state): from `in_progress` on, nobody asks any more.
    SessionStarted { status: SessionStatus },
    /// `refund_already_requested` (conflict): the payment already has a refund (asked, declined or under way).
    AlreadyExists { status: RefundStatus },
    /// `refund_not_requested` (unexpected state): the GM decides only a refund that is `requested`.
    NotRequested { status: Option<RefundStatus> },
}

impl RefundRefusal {
    pub fn error_type(self) -> ErrorType {
        match self {
            RefundRefusal::AlreadyExists { .. } => ErrorType::Conflict,
            _ => ErrorType::UnexpectedState,
        }
    }

    pub fn code(self) -> ErrorCode {
        match self {
            RefundRefusal::PaymentNotCompleted { .. } => ErrorCode::PaymentNotRefundable,
            RefundRefusal::SessionStarted { .. } => ErrorCode::SessionAlreadyStarted,
            RefundRefusal::AlreadyExists { .. } => ErrorCode::RefundAlreadyRequested,
            RefundRefusal::NotRequested { .. } => ErrorCode::RefundNotRequested,
        }
    }
}

impl fmt::Display for RefundRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = |text: &str| text.replace('_', " ");
        match self {
            RefundRefusal::PaymentNotCompleted { status } => {
                write!(f, "Only a completed payment can be refunded; this one is {}", words(status.as_str()))
            }
            RefundRefusal::SessionStarted { status } => {
                write!(f, "A refund can no longer be requested now that the session is {}", words(status.as_str()))
            }
            RefundRefusal::AlreadyExists { status } => {
                write!(f, "A refund of this payment was already requested and is {}", words(status.as_str()))
            }
            RefundRefusal::NotRequested { status: None } => f.write_str("No refund of this payment was requested"),
            RefundRefusal::NotRequested { status: Some(status) } => {
                write!(f, "This refund was already decided and is {}", words(status.as_str()))
            }
        }
    }
}

impl From<RefundRefusal> for DomainError {
    fn from(refusal: RefundRefusal) -> Self {
        DomainError::new(refusal.error_type(), refusal.code(), refusal.to_string())
    }
}

/// May the payment's player ask for their money back now? (Whether the caller *is* that player is the server's
/// check, answered "not found" so nobody learns of others' payments.) The payment must be completed, the session
/// not yet started, ended or cancelled (a cancelled session refunds by itself), and the payment without a refund.
pub fn check_request(
    payment: PaymentStatus,
    session: SessionStatus,
    existing: Option<RefundStatus>,
) -> Result<(), RefundRefusal> {
    if payment != PaymentStatus::Completed {
        return Err(RefundRefusal::PaymentNotCompleted { status: payment });
    }
    if !session.is_before_start() {
        return Err(RefundRefusal::SessionStarted { status: session });
    }
    if let Some(status) = existing {
        return Err(RefundRefusal::AlreadyExists { status });
    }
    Ok(())
}

/// The GM's decision on a request: approve (the job then pays it back) or decline (final).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RefundDecision {
    Approve,
    Decline,
}

/// May the GM decide now? Only a `requested` refund; the result is the refund's next status.
pub fn check_decision(existing: Option<RefundStatus>, decision: RefundDecision) -> Result<RefundStatus, RefundRefusal> {
    let move_ = match decision {
        RefundDecision::Approve => RefundMove::Approve,
        RefundDecision::Decline => RefundMove::Decline,
    };
    match existing {
        Some(RefundStatus::Requested) => {
            refund_next(existing, move_).ok_or(RefundRefusal::NotRequested { status: existing })
        }
        _ => Err(RefundRefusal::NotRequested { status: existing }),
    }
}

/// A calendar month in UTC, the key of the ledger (`ledger_entries.month`) and of its reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Month {
    year: i32,
    month: u32,
}

/// `month` is not `YYYY-MM`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthError(pub String);

impl fmt::Display for MonthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the month {:?} is not a month such as 2026-11 (YYYY-MM)", self.0)
    }
}

impl std::error::Error for MonthError {}

impl Month {
    /// Exactly `YYYY-MM` (four digits, a hyphen, two digits, 01 to 12), years 2000 to 9999: the ledger starts in
    /// this century, and anything looser (`2026-1`, `2026/11`, ` 2026-11`) is refused rather than guessed at.
    pub fn parse(input: &str) -> Result<Self, MonthError> {
        let error = || MonthError(input.to_owned());
        let bytes = input.as_bytes();
        if bytes.len() != 7 || bytes[4] != b'-' {
            return Err(error());
        }
        let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        let (year, month) = (&input[..4], &input[5..]);
        if !digits(year) || !digits(month) {
            return Err(error());
        }
        let year: i32 = year.parse().map_err(|_| error())?;
        let month: u32 = month.parse().map_err(|_| error())?;
        if !(2000..=9999).contains(&year) || !(1..=12).contains(&month) {
            return Err(error());
        }
        Ok(Self { year, month })
    }

    /// The UTC month `at` falls in: a ledger row's month.
    pub fn of(at: DateTime<Utc>) -> Self {
        Self { year: at.year(), month: at.month() }
    }

    /// The first instant of the month.
    pub fn start(self) -> DateTime<Utc> {
        let date = NaiveDate::from_ymd_opt(self.year, self.month, 1).unwrap_or_default();
        Utc.from_utc_datetime(&date.and_hms_opt(0, 0, 0).unwrap_or_default())
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// The kinds of ledger row a completion writes (and a refund writes negated), as stored in `ledger_entries.kind`
/// (the completion's `ledger::EntryKind`; a test keeps the two spellings equal).
pub const LEDGER_CHARGE: &str = "charge";
pub const LEDGER_PLATFORM_FEE: &str = "platform_fee";
pub const LEDGER_GM_SHARE: &str = "gm_share";

/// One GM's money in one currency over some ledger rows: what `listMyEarnings` and the payouts CSV print.
/// Everything is a sum of ledger rows; nothing is recomputed from prices or fee settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Charges (completed payments) in the rows.
    pub payments: u32,
    /// Charge reversals (confirmed refunds) in the rows.
    pub refunds: u32,
    /// The charges' sum, minor units.
    pub gross_minor: i64,
    /// The reversals' sum as a positive amount.
    pub refunded_minor: i64,
    /// The platform's fee net of reversals.
    pub platform_fee_minor: i64,
    /// The GM's share net of reversals: what is paid out (may be below zero after a refund of a month paid out).
    pub net_minor: i64,
}

impl Totals {
    /// Adds one ledger row (`kind` unknown to this report is ignored, so a later kind never breaks it).
    pub fn add(&mut self, kind: &str, amount_minor: i64) {
        match kind {
            LEDGER_CHARGE if amount_minor >= 0 => {
                self.payments += 1;
                self.gross_minor += amount_minor;
            }
            LEDGER_CHARGE => {
                self.refunds += 1;
                self.refunded_minor -= amount_minor;
            }
            LEDGER_PLATFORM_FEE => self.platform_fee_minor += amount_minor,
            LEDGER_GM_SHARE => self.net_minor += amount_minor,
            _ => {}
        }
    }
}

/// The header of `questline admin payouts` (decisions.md §1).
pub const PAYOUTS_HEADER: &str =
    "month,gm_account_id,gm_display_name,gm_email,currency,payments,refunds,gross,refunded,platform_fee,payout";

/// What the payouts CSV prints for a GM whose account was erased (the ledger keeps ids only).
pub const DELETED_ACCOUNT: &str = "(deleted account)";

/// One row of the payouts CSV: one GM in one currency in one month.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutRow {
    pub month: Month,
    pub gm_account_id: String,
    /// `None` for an erased GM.
    pub gm_display_name: Option<String>,
    pub gm_email: Option<String>,
    pub currency: String,
    pub totals: Totals,
}

impl PayoutRow {
    /// The CSV line (no line break): amounts as the wire's decimal strings, text quoted as RFC 4180 wants, and a
    /// name or address that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) defused with a
    /// leading apostrophe, since the operator opens this file in one.
    pub fn to_csv(&self) -> String {
        let name = self.gm_display_name.as_deref().unwrap_or(DELETED_ACCOUNT);
        let email = self.gm_email.as_deref().unwrap_or("");
        let totals = &self.totals;
        [
            self.month.to_string(),
            csv_text(&self.gm_account_id),
            csv_text(name),
            csv_text(email),
            csv_text(&self.currency),
            totals.payments.to_string(),
            totals.refunds.to_string(),
            format_minor(totals.gross_minor),
            format_minor(totals.refunded_minor),
            format_minor(totals.platform_fee_minor),
            format_minor(totals.net_minor),
        ]
        .join(",")
    }
}

/// One text field of the CSV, defused and quoted when it needs to be.
pub fn csv_text(text: &str) -> String {
    let defused = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_owned() };
    if defused.contains([',', '"', '\n', '\r']) { format!("\"{}\"", defused.replace('"', "\"\"")) } else { defused }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refund_table_holds_pair_by_pair() {
        use RefundMove as M;
        use RefundStatus as S;
        let moves = [M::Request, M::Approve, M::Decline, M::Schedule, M::Confirm, M::Fail];
        // The table of `refund_next`, written out by hand.
        let table: [(Option<S>, [Option<S>; 6]); 6] = [
            (None, [Some(S::Requested), None, None, Some(S::Due), None, None]),
            (Some(S::Requested), [None, Some(S::Due), Some(S::Declined), Some(S::Due), None, None]),
            (Some(S::Declined), [None, None, None, Some(S::Due), None, None]),
            (Some(S::Due), [None, None, None, Some(S::Due), Some(S::Confirmed), Some(S::Failed)]),
            (Some(S::Confirmed), [None; 6]),
            (Some(S::Failed), [None; 6]),
        ];
        for (from, row) in table {
            for (move_, expected) in moves.iter().zip(row) {
                assert_eq!(refund_next(from, *move_), expected, "{from:?} by {move_:?}");
            }
        }
    }

    #[test]
    fn leaving_before_the_start_refunds_and_leaving_a_running_game_does_not() {
        use crate::sessions::participant_next;
        use ParticipantMove as M;
        use ParticipantStatus as P;
        let cases = [
            (P::Ready, M::Leave, Some(RefundReason::LeftBeforeStart)),
            (P::Confirmed, M::Leave, Some(RefundReason::LeftBeforeStart)),
            (P::Participating, M::Leave, None),
            (P::Ready, M::Remove, Some(RefundReason::RemovedByGm)),
            (P::Ready, M::Withdraw, Some(RefundReason::Withdrawn)),
            (P::Invited, M::Reject, Some(RefundReason::NewDateRejected)),
            (P::Ready, M::Miss, None),
            (P::Participating, M::Finish, None),
            (P::Ready, M::Drop, None),
            (P::Ready, M::Attend, None),
            (P::Ready, M::Reinvite, None),
        ];
        for (from, move_, expected) in cases {
            let to = participant_next(SessionStatus::ReadyToStart, from, move_).unwrap();
            assert_eq!(reason_for_move(move_, to), expected, "{from} by {move_}");
        }
    }

    #[test]
    fn an_approved_request_waives_and_every_other_reason_refunds() {
        for &reason in RefundReason::ALL {
            let expected =
                if reason == RefundReason::RequestApproved { PaymentStatus::Waived } else { PaymentStatus::Refunded };
            assert_eq!(payment_after_refund(reason), expected, "{reason}");
        }
    }

    #[test]
    fn only_a_completed_payment_of_a_session_not_started_may_be_asked_back_once() {
        use SessionStatus as S;
        for &session in SessionStatus::ALL {
            let result = check_request(PaymentStatus::Completed, session, None);
            if session.is_before_start() {
                assert_eq!(result, Ok(()), "{session}");
            } else {
                assert_eq!(result, Err(RefundRefusal::SessionStarted { status: session }), "{session}");
            }
        }
        for &payment in PaymentStatus::ALL {
            if payment != PaymentStatus::Completed {
                let refusal = check_request(payment, S::ReadyToStart, None).unwrap_err();
                assert_eq!(refusal.code(), ErrorCode::PaymentNotRefundable);
            }
        }
        for &existing in RefundStatus::ALL {
            let refusal = check_request(PaymentStatus::Completed, S::Scheduled, Some(existing)).unwrap_err();
            assert_eq!(refusal, RefundRefusal::AlreadyExists { status: existing });
            assert_eq!(refusal.error_type(), ErrorType::Conflict);
        }
        let error = DomainError::from(RefundRefusal::SessionStarted { status: S::InProgress });
        assert_eq!(error.code.as_str(), "session_already_started");
        assert_eq!(error.message, "A refund can no longer be requested now that the session is in progress");
    }

    #[test]
    fn the_gm_decides_only_a_requested_refund() {
        let requested = Some(RefundStatus::Requested);
        assert_eq!(check_decision(requested, RefundDecision::Approve), Ok(RefundStatus::Due));
        assert_eq!(check_decision(requested, RefundDecision::Decline), Ok(RefundStatus::Declined));
        for existing in [None, Some(RefundStatus::Declined), Some(RefundStatus::Due), Some(RefundStatus::Confirmed)] {
            for decision in [RefundDecision::Approve, RefundDecision::Decline] {
                let refusal = check_decision(existing, decision).unwrap_err();
                assert_eq!(refusal.code(), ErrorCode::RefundNotRequested, "{existing:?}");
            }
        }
        assert_eq!(
            RefundRefusal::NotRequested { status: Some(RefundStatus::Declined) }.to_string(),
            "This refund was already decided and is declined"
        );
    }

    #[test]
    fn months_are_exactly_yyyy_mm() {
        let month = Month::parse("2026-11").unwrap();
        assert_eq!(month.to_string(), "2026-11");
        assert_eq!(Month::parse("2027-01").unwrap().to_string(), "2027-01");
        assert!(Month::parse("2026-01").unwrap() < Month::parse("2026-12").unwrap());
        for bad in [
            "",
            "2026",
            "2026-1",
            "2026-13",
            "2026-00",
            "2026/11",
            " 2026-11",
            "2026-11 ",
            "1999-12",
            "20261-1",
            "+026-11",
            "2026-1a",
            "２０２６-11",
        ] {
            assert_eq!(Month::parse(bad), Err(MonthError(bad.to_owned())), "{bad:?}");
        }
        assert_eq!(
            MonthError("2026-1".into()).to_string(),
            "the month \"2026-1\" is not a month such as 2026-11 (YYYY-MM)"
        );
        let at = DateTime::parse_from_rfc3339("2026-11-30T23:59:59Z").unwrap().with_timezone(&Utc);
        assert_eq!(Month::of(at).to_string(), "2026-11");
        let at = DateTime::parse_from_rfc3339("2026-12-01T00:30:00+01:00").unwrap().with_timezone(&Utc);
        assert_eq!(Month::of(at).to_string(), "2026-11", "months are UTC");
        assert_eq!(month.start().to_rfc3339(), "2026-11-01T00:00:00+00:00");
    }

    #[test]
    fn the_report_reads_the_kinds_the_completion_writes() {
        use crate::commerce::ledger::EntryKind;
        assert_eq!(
            [LEDGER_CHARGE, LEDGER_PLATFORM_FEE, LEDGER_GM_SHARE],
            [EntryKind::Charge.as_str(), EntryKind::PlatformFee.as_str(), EntryKind::GmShare.as_str()]
        );
    }

    #[test]
    fn totals_sum_charges_reversals_and_shares() {
        let mut totals = Totals::default();
        for (kind, amount) in [
            (LEDGER_CHARGE, 2550),
            (LEDGER_PLATFORM_FEE, 255),
            (LEDGER_GM_SHARE, 2295),
            (LEDGER_CHARGE, 1000),
            (LEDGER_PLATFORM_FEE, 100),
            (LEDGER_GM_SHARE, 900),
            (LEDGER_CHARGE, -2550),
            (LEDGER_PLATFORM_FEE, -255),
            (LEDGER_GM_SHARE, -2295),
            ("something_later", 7),
        ] {
            totals.add(kind, amount);
        }
        assert_eq!(
            totals,
            Totals {
                payments: 2,
                refunds: 1,
                gross_minor: 3550,
                refunded_minor: 2550,
                platform_fee_minor: 100,
                net_minor: 900
            }
        );
    }

    #[test]
    fn payout_rows_print_decimal_strings_and_defused_quoted_text() {
        let mut row = PayoutRow {
            month: Month::parse("2026-11").unwrap(),
            gm_account_id: "0194f0c2-0000-7000-8000-000000000001".into(),
            gm_display_name: Some("Anna, \"the GM\"".into()),
            gm_email: Some("anna@example.com".into()),
            currency: "pln".into(),
            totals: Totals {
                payments: 3,
                refunds: 1,
                gross_minor: 7650,
                refunded_minor: 2550,
                platform_fee_minor: 510,
                net_minor: -5,
            },
        };
        assert_eq!(
            row.to_csv(),
            "2026-11,0194f0c2-0000-7000-8000-000000000001,\"Anna, \"\"the GM\"\"\",anna@example.com,pln,3,1,76.50,\
             25.50,5.10,-0.05"
        );
        row.gm_display_name = Some("=HYPERLINK(\"x\")".into());
        assert!(row.to_csv().contains(",\"'=HYPERLINK(\"\"x\"\")\","), "{}", row.to_csv());
        row.gm_display_name = None;
        row.gm_email = None;
        assert!(row.to_csv().contains(",(deleted account),,pln,"), "{}", row.to_csv());
        assert_eq!(PAYOUTS_HEADER.split(',').count(), row.to_csv().split(',').count());
        assert_eq!(csv_text("-5"), "'-5");
        assert_eq!(csv_text("plain"), "plain");
        assert_eq!(csv_text("two\nlines"), "\"two\nlines\"");
    }

    #[test]
    fn wire_names_travel_in_snake_case() {
        for &reason in RefundReason::ALL {
            assert_eq!(serde_json::to_value(reason).unwrap(), reason.as_str());
            assert_eq!(RefundReason::parse(reason.as_str()), Some(reason));
        }
        for &status in RefundStatus::ALL {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(RefundStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(serde_json::to_value(RefundDecision::Approve).unwrap(), "approve");
        assert_eq!(RefundReason::parse("cancelled"), None);
    }
}
