//! Writes to `ledger_entries`, the only record of money (decisions.md, commerce §1): append-only, never updated or
//! deleted, ids only. A recorded order writes its charge, the platform's fee and the GM's share here, in the
//! transaction that records the order; reports only ever sum these rows.

use chrono::{DateTime, Utc};
use questline_domain::commerce::ledger::EntryKind;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait};
use uuid::Uuid;

use super::entities::{ledger_entry, order};

/// The month a ledger row counts in: `YYYY-MM`, UTC.
pub fn month_of(at: DateTime<Utc>) -> String {
    at.format("%Y-%m").to_string()
}

/// The three rows of a recorded order: `charge +total`, `platform_fee +fee`, `gm_share +share`, dated `now`. They
/// copy the split the order was sold with (computed once, by the domain's `split`), so the rows and the invoice
/// always agree.
pub async fn record_order(
    conn: &impl ConnectionTrait,
    order: &order::Model,
    player_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let amounts = [
        (EntryKind::Charge, order.total_minor),
        (EntryKind::PlatformFee, order.platform_fee_minor),
        (EntryKind::GmShare, order.gm_share_minor),
    ];
    let rows = amounts.map(|(kind, amount)| ledger_entry::ActiveModel {
        id: Set(Uuid::now_v7()),
        payment_id: Set(order.payment_id),
        order_id: Set(order.id.clone()),
        session_id: Set(order.session_id),
        series_id: Set(order.series_id),
        gm_id: Set(order.gm_id),
        player_id: Set(player_id),
        kind: Set(kind.as_str().to_owned()),
        amount_minor: Set(amount),
        currency_code: Set(order.currency_code.clone()),
        month: Set(month_of(now)),
        reverses: Set(None),
        created_at: Set(now),
    });
    ledger_entry::Entity::insert_many(rows).exec_without_returning(conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_month_is_the_utc_month() {
        let at = DateTime::parse_from_rfc3339("2026-11-30T23:30:00-02:00").unwrap().with_timezone(&Utc);
        assert_eq!(month_of(at), "2026-12");
    }
}
