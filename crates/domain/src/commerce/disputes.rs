//! Disputes (chargebacks): a buyer's bank takes a card payment back until the seller proves it was owed
//! (decisions.md, "Commerce (issue 16)" §12). The ledger follows the money, not the argument: while the provider
//! holds the disputed amount withdrawn, the payment's charge, fee and share are reversed; when the provider
//! reinstates it (a dispute won), they are written again. What the provider says is read from the provider, and a
//! reading older than one already applied is never applied over it.

/// What the provider says about a dispute when asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisputeReading {
    /// The provider's status (Stripe: `warning_needs_response`, `warning_under_review`, `warning_closed`,
    /// `needs_response`, `under_review`, `won`, `lost`).
    pub status: String,
    /// The amounts the dispute moved on the platform's balance, oldest first: negative when withdrawn, positive when
    /// reinstated (an inquiry moves none).
    pub balance_moves: Vec<i64>,
}

impl DisputeReading {
    /// Whether the disputed money is out of the platform's balance now.
    pub fn withdrawn(&self) -> bool {
        self.balance_moves.iter().sum::<i64>() < 0
    }

    /// How far the dispute has gone: balance moves only ever grow, so a reading with fewer is older.
    pub fn progress(&self) -> i32 {
        i32::try_from(self.balance_moves.len()).unwrap_or(i32::MAX)
    }

    /// Whether the dispute is over (nothing will move any more).
    pub fn is_closed(&self) -> bool {
        is_closed(&self.status)
    }
}

/// Whether a stored status is a final one.
pub fn is_closed(status: &str) -> bool {
    matches!(status, "won" | "lost" | "warning_closed")
}

/// What the ledger must do for a dispute to match a reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FundsMove {
    /// Reverse the payment's charge, fee and share: the money left.
    Withdraw,
    /// Write them again: the money came back.
    Reinstate,
}

/// What a dispute's row holds of what was applied: whether the ledger shows the money withdrawn, the progress of
/// the reading that put it there, and whether that reading's status was final.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Applied {
    pub withdrawn: bool,
    pub progress: i32,
    pub closed: bool,
}

/// What to do with a reading, given what was applied before (`None` for a dispute seen the first time): `None`
/// when the reading is older than what was applied (it is ignored whole): it has fewer balance moves, or as many
/// but an open status where a final one was applied (a status moves on without moving money, as from
/// `needs_response` to `lost`); otherwise the ledger's move, if any.
pub fn reconcile(applied: Option<Applied>, reading: &DisputeReading) -> Option<Option<FundsMove>> {
    let applied = applied.unwrap_or_default();
    let reopened = applied.closed && !reading.is_closed() && reading.progress() == applied.progress;
    if reading.progress() < applied.progress || reopened {
        return None;
    }
    Some(match (applied.withdrawn, reading.withdrawn()) {
        (false, true) => Some(FundsMove::Withdraw),
        (true, false) => Some(FundsMove::Reinstate),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(status: &str, moves: &[i64]) -> DisputeReading {
        DisputeReading { status: status.into(), balance_moves: moves.to_vec() }
    }

    #[test]
    fn the_money_is_withdrawn_while_the_moves_sum_below_zero() {
        assert!(!reading("warning_needs_response", &[]).withdrawn(), "an inquiry moves no money");
        assert!(reading("needs_response", &[-2550]).withdrawn());
        assert!(!reading("won", &[-2550, 2550]).withdrawn());
        assert!(reading("lost", &[-2550]).withdrawn());
    }

    #[test]
    fn only_won_lost_and_a_closed_inquiry_are_final() {
        for status in ["won", "lost", "warning_closed"] {
            assert!(is_closed(status), "{status}");
        }
        for status in ["needs_response", "under_review", "warning_needs_response", "warning_under_review"] {
            assert!(!reading(status, &[]).is_closed(), "{status}");
        }
    }

    #[test]
    fn the_ledger_follows_the_money_both_ways() {
        let opened = reading("needs_response", &[-2550]);
        assert_eq!(reconcile(None, &opened), Some(Some(FundsMove::Withdraw)));
        let after_withdrawal = Applied { withdrawn: true, progress: 1, closed: false };
        assert_eq!(reconcile(Some(after_withdrawal), &opened), Some(None), "a repeated reading moves nothing");
        assert_eq!(reconcile(Some(after_withdrawal), &reading("lost", &[-2550])), Some(None));
        let won = reading("won", &[-2550, 2550]);
        assert_eq!(reconcile(Some(after_withdrawal), &won), Some(Some(FundsMove::Reinstate)));
        assert_eq!(reconcile(Some(Applied { withdrawn: false, progress: 2, closed: true }), &won), Some(None));
        assert_eq!(reconcile(None, &reading("warning_needs_response", &[])), Some(None), "an inquiry moves nothing");
    }

    #[test]
    fn an_older_reading_never_undoes_a_newer_one() {
        let reinstated = Applied { withdrawn: false, progress: 2, closed: true };
        assert_eq!(reconcile(Some(reinstated), &reading("needs_response", &[-2550])), None);
        let withdrawn = Applied { withdrawn: true, progress: 1, closed: false };
        assert_eq!(reconcile(Some(withdrawn), &reading("warning_needs_response", &[])), None);
        // A lost dispute moves no money after its withdrawal: the open reading before it has as many moves.
        let lost = Applied { withdrawn: true, progress: 1, closed: true };
        assert_eq!(reconcile(Some(lost), &reading("needs_response", &[-2550])), None, "never reopened");
        assert_eq!(reconcile(Some(lost), &reading("lost", &[-2550])), Some(None), "the same reading again");
        assert_eq!(reconcile(Some(withdrawn), &reading("lost", &[-2550])), Some(None), "closing moves nothing");
    }
}
