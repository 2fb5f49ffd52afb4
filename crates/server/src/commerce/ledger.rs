//! Writes to `ledger_entries`, the only record of money (decisions.md, commerce §1): append-only, never updated or
//! deleted, ids only. A recorded order writes its charge, the platform's fee and the GM's share here, in the
//! transaction that records the order; a confirmed refund and a dispute's withdrawn money reverse them, a won
//! dispute writes them again (§12); reports only ever sum these rows, leaving out a test order's (`is_test`).

use chrono::{DateTime, Utc};
use questline_domain::commerce::ledger::EntryKind;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use uuid::Uuid;

use super::entities::{ledger_entry, order};

/// The month a ledger row counts in: `YYYY-MM`, UTC.
pub fn month_of(at: DateTime<Utc>) -> String {
    at.format("%Y-%m").to_string()
}

/// Whether the order was paid with the built-in provider ("Test payment", which takes no money): its ledger rows
/// are marked as a test order's, which earnings and payouts never count (issue 31).
pub fn is_test_order(order: &order::Model) -> bool {
    order.provider_id == crate::payments::SYSTEM_PROVIDER_ID
}

/// The three rows of a recorded order (marked as a test order's when [`is_test_order`]): `charge +total`, `platform_fee +fee`, `gm_share +share`, dated `now`. They
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
    let is_test = is_test_order(order);
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
        is_test: Set(is_test),
        created_at: Set(now),
    });
    ledger_entry::Entity::insert_many(rows).exec_without_returning(conn).await?;
    Ok(())
}

/// The order's three rows written again, dated `now`: the money of a disputed payment came back (a dispute won).
/// They are new rows, not reversals of the reversals, so a later refund reverses them like any charge.
pub async fn reinstate_order(
    conn: &impl ConnectionTrait,
    order: &order::Model,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    record_order(conn, order, order.account_id, now).await
}

/// Reverses every row of the payment not reversed yet, dated `now` (a negative copy naming the row it reverses):
/// the money went back to the buyer (a refund) or was taken back by their bank (a dispute). Answers the charge
/// reversed, 0 when everything was reversed already.
pub async fn reverse_payment(conn: &impl ConnectionTrait, payment_id: Uuid, now: DateTime<Utc>) -> Result<i64, DbErr> {
    let rows = ledger_entry::Entity::find()
        .filter(ledger_entry::Column::PaymentId.eq(payment_id))
        .order_by_asc(ledger_entry::Column::CreatedAt)
        .order_by_asc(ledger_entry::Column::Id)
        .all(conn)
        .await?;
    let reversed: Vec<Uuid> = rows.iter().filter_map(|entry| entry.reverses).collect();
    let mut charge = 0;
    for entry in rows.into_iter().filter(|entry| entry.reverses.is_none() && !reversed.contains(&entry.id)) {
        if entry.kind == EntryKind::Charge.as_str() {
            charge += entry.amount_minor;
        }
        ledger_entry::Entity::insert(ledger_entry::ActiveModel {
            id: Set(Uuid::now_v7()),
            payment_id: Set(entry.payment_id),
            order_id: Set(entry.order_id),
            session_id: Set(entry.session_id),
            series_id: Set(entry.series_id),
            gm_id: Set(entry.gm_id),
            player_id: Set(entry.player_id),
            kind: Set(entry.kind),
            amount_minor: Set(-entry.amount_minor),
            currency_code: Set(entry.currency_code),
            month: Set(month_of(now)),
            reverses: Set(Some(entry.id)),
            is_test: Set(entry.is_test),
            created_at: Set(now),
        })
        .exec_without_returning(conn)
        .await?;
    }
    Ok(charge)
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
