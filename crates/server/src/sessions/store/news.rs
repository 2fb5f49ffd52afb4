//! The session writes that follow news from elsewhere rather than a request on a session: a refund asked for, a
//! player leaving or removed from the series, a series' requirements changed or the series ended, an account erased,
//! a GM unavailable, and the payment moves commerce reports (refunded, disputed, declined), plus the abandonment job.

use super::*;

/// A player asked for a refund of `payment_id`: the session's GM hears of it, with the amount, and decides on
/// the session's page; the session's pages refetch.
pub async fn refund_requested(tx: Tx<'_>, payment_id: Uuid) -> Result<(), ApiError> {
    let Some(paid) = payment::Entity::find_by_id(payment_id).one(tx.txn).await? else { return Ok(()) };
    let row = reread(tx, paid.session_id).await?;
    let facts = facts_of(tx, &row).await?;
    let gm = vec![AccountId(row.game_master_id)];
    let kind = NotificationKind::RefundRequested;
    let mut notice = session_notice(tx, &row, &facts, kind, gm, Some(paid.player_id)).await?;
    notice.params.amount = Some(paid.amount_minor);
    notice.params.currency_code = Some(paid.currency_code.to_ascii_lowercase());
    notice.link = gm_link(row.id);
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(())
}

/// The sessions of a series that have not started (and are not cancelled), in id order: writes that lock several
/// sessions lock them in the same order, so two of them never wait for each other on PostgreSQL.
async fn not_started(tx: Tx<'_>, series_id: Uuid) -> Result<Vec<Uuid>, DbErr> {
    let before: Vec<&str> =
        SessionStatus::ALL.iter().filter(|status| status.is_before_start()).map(|status| status.as_str()).collect();
    Ok(session::Entity::find()
        .filter(session::Column::SeriesId.eq(series_id))
        .filter(session::Column::Status.is_in(before))
        .order_by_asc(session::Column::Id)
        .all(tx.txn)
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect())
}

/// A player who left the series (cancelled an accepted application, or was removed: `removed`) leaves its
/// sessions that have not started.
pub async fn leave_series(tx: Tx<'_>, series_id: Uuid, player: Uuid, removed: bool) -> Result<(), ApiError> {
    let move_ = if removed { ParticipantMove::Remove } else { ParticipantMove::Withdraw };
    for id in not_started(tx, series_id).await? {
        let Some(row) = lock(tx, id).await? else { continue };
        let Some(participant) = queries::participant_of(tx.txn, id, player).await? else { continue };
        let status = queries::participant_status(&participant);
        if sessions::participant_move(queries::status(&row), status, move_).is_err() {
            continue;
        }
        participant_move(tx, None, &row, &participant, move_, None).await?;
        announce(tx, &reread(tx, id).await?, false).await?;
    }
    Ok(())
}

/// The series' requirements changed: each of its sessions in preparation settles again under its lock (in id
/// order), and those that moved are announced.
pub async fn requirements_changed(tx: Tx<'_>, series_id: Uuid) -> Result<(), ApiError> {
    for id in not_started(tx, series_id).await? {
        // Only the sessions in preparation move; the others are not locked (nor their version bumped).
        let Some(unlocked) = queries::by_id(tx.txn, id).await? else { continue };
        if !queries::status(&unlocked).is_preparing() {
            continue;
        }
        let Some(row) = lock(tx, id).await? else { continue };
        let before = queries::status(&row);
        if !before.is_preparing() {
            continue;
        }
        let facts = facts_of(tx, &row).await?;
        let participants = queries::participants(tx.txn, id).await?;
        let row = settle_with(tx, row, &facts, &participants).await?;
        if queries::status(&row) != before {
            let players: Vec<Uuid> = participants.iter().map(|p| p.player_id).collect();
            announce_to(tx, &row, false, &players, Vec::new()).await?;
        }
    }
    Ok(())
}

/// A completed or cancelled series cancels its sessions that have not started.
pub async fn series_ended(tx: Tx<'_>, series_id: Uuid) -> Result<(), ApiError> {
    for id in not_started(tx, series_id).await? {
        let Some(row) = lock(tx, id).await? else { continue };
        move_session(tx, None, row, SessionMove::Cancel, 0, None, RefundReason::SessionCancelled).await?;
    }
    Ok(())
}

/// An erased account's participations in sessions that have not started are cancelled.
pub async fn account_erased(tx: Tx<'_>, account: AccountId) -> Result<(), ApiError> {
    let rows = participant::Entity::find()
        .filter(participant::Column::PlayerId.eq(account.as_uuid()))
        .order_by_asc(participant::Column::SessionId)
        .all(tx.txn)
        .await?;
    for participant in rows {
        let Some(row) = lock(tx, participant.session_id).await? else { continue };
        let status = queries::participant_status(&participant);
        if sessions::participant_move(queries::status(&row), status, ParticipantMove::Withdraw).is_err() {
            continue;
        }
        participant_move(tx, None, &row, &participant, ParticipantMove::Withdraw, None).await?;
        announce(tx, &reread(tx, row.id).await?, false).await?;
    }
    Ok(())
}

/// The 60-minute rule: a session still not in progress an hour after its scheduled start is cancelled by the
/// platform. Idempotent: a session that started, ended, or was moved later is left alone.
pub async fn abandon(tx: Tx<'_>, id: Uuid) -> Result<bool, ApiError> {
    let Some(row) = queries::by_id(tx.txn, id).await? else { return Ok(false) };
    let due = row.scheduled_start + Duration::minutes(sessions::ABANDON_AFTER_MINUTES);
    if !queries::status(&row).is_before_start() || tx.now < due {
        return Ok(false);
    }
    let Some(row) = lock(tx, id).await? else { return Ok(false) };
    move_session(tx, None, row, SessionMove::Cancel, 0, None, RefundReason::SessionCancelled).await?;
    Ok(true)
}

/// A suspended or erased GM's sessions that have not started are cancelled by the platform, their completed
/// payments refunded as `gm_unavailable`; started and ended sessions are left as they are (decisions.md,
/// "Commerce (issue 16)" §2). Locked in id order, like every write that locks several sessions.
pub async fn gm_unavailable(tx: Tx<'_>, gm: AccountId) -> Result<(), ApiError> {
    let before: Vec<&str> =
        SessionStatus::ALL.iter().filter(|status| status.is_before_start()).map(|status| status.as_str()).collect();
    let ids: Vec<Uuid> = session::Entity::find()
        .filter(session::Column::GameMasterId.eq(gm.as_uuid()))
        .filter(session::Column::Status.is_in(before))
        .order_by_asc(session::Column::Id)
        .all(tx.txn)
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect();
    for id in ids {
        let Some(row) = lock(tx, id).await? else { continue };
        if !queries::status(&row).is_before_start() {
            continue;
        }
        move_session(tx, None, row, SessionMove::Cancel, 0, None, RefundReason::GmUnavailable).await?;
    }
    Ok(())
}

/// The provider confirmed the refund of a payment: it becomes `to` (`refunded`, or `waived` for an approved
/// request), the counts are settled again (a waived guest still counts as paid) and the GM's and players' pages
/// hear of it. Only a `completed` payment moves; `false` when there was nothing to do.
pub async fn payment_refunded(tx: Tx<'_>, payment_id: Uuid, to: PaymentStatus) -> Result<bool, ApiError> {
    let Some(paid) = payment::Entity::find_by_id(payment_id).one(tx.txn).await? else { return Ok(false) };
    let Some(row) = lock(tx, paid.session_id).await? else { return Ok(false) };
    // An approved request keeps the seat as the GM's guest; if the player lost the seat meanwhile (the session
    // was cancelled, they left), there is no guest to keep and the payment is plainly refunded.
    let seated = queries::participant_of(tx.txn, row.id, paid.player_id)
        .await?
        .is_some_and(|participant| queries::participant_status(&participant).is_in_session());
    let to = if to == PaymentStatus::Waived && !seated { PaymentStatus::Refunded } else { to };
    let moved = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(to.as_str()))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.eq(PaymentStatus::Completed.as_str()))
        .exec(tx.txn)
        .await?
        .rows_affected
        == 1;
    if !moved {
        return Ok(false);
    }
    // The platform gave the money back (the provider confirmed it); the row names whose payment it was.
    history(tx, row.id, SessionEventKind::Refunded, None, Some(paid.player_id), None, None).await?;
    let facts = facts_of(tx, &row).await?;
    settle(tx, row.id, &facts).await?;
    let row = reread(tx, row.id).await?;
    let notice = payment_notice(tx, &row, &facts, NotificationKind::RefundIssued, &paid).await?;
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(true)
}

/// The payer hears of their payment (a receipt) or of its refund, with the amount.
async fn payment_notice(
    tx: Tx<'_>,
    row: &session::Model,
    facts: &SessionSeriesFacts,
    kind: NotificationKind,
    paid: &payment::Model,
) -> Result<Notice, DbErr> {
    let mut notice = session_notice(tx, row, facts, kind, vec![AccountId(paid.player_id)], None).await?;
    notice.params.amount = Some(paid.amount_minor);
    notice.params.currency_code = Some(paid.currency_code.to_ascii_lowercase());
    Ok(notice)
}

/// A player's bank disputed a payment and its money was withdrawn (`held`), or the dispute was decided for the GM and
/// the money came back: the GM hears of it with the amount (once per `key`), and the session's pages refetch.
pub async fn payment_disputed(tx: Tx<'_>, payment_id: Uuid, held: bool, key: String) -> Result<(), ApiError> {
    let Some(paid) = payment::Entity::find_by_id(payment_id).one(tx.txn).await? else { return Ok(()) };
    let row = reread(tx, paid.session_id).await?;
    let facts = facts_of(tx, &row).await?;
    let kind = if held { NotificationKind::PaymentDisputed } else { NotificationKind::DisputeWon };
    let mut notice = payment_notice(tx, &row, &facts, kind, &paid).await?;
    notice.recipients = vec![AccountId(row.game_master_id)];
    notice.link = format!("/dashboard/gm/my-sessions/{}", row.id);
    announce_with(tx, &row, false, vec![notice.key(key)]).await?;
    Ok(())
}

/// Tells the session's GM and participants that it changed (a refund request or decision on one of its payments).
pub async fn touched(tx: Tx<'_>, session_id: Uuid) -> Result<(), ApiError> {
    announce(tx, &reread(tx, session_id).await?, false).await?;
    Ok(())
}

/// What commerce recorded for a paid seat; kept on the payment so both session views show it.
#[derive(Debug, Clone)]
pub struct PaymentRefs {
    pub cart_id: String,
    pub order_id: OrderId,
    /// The provider's id of the money movement (`sys_<uuid>`, a Stripe PaymentIntent id).
    pub transaction_id: String,
}

/// Locks the session of `payment_id` and reads the payment; `None` when there is no such payment. Commerce's
/// completion and refunds both go through it, so their writes and a status move of the session happen one after
/// the other.
pub async fn lock_payment(tx: Tx<'_>, payment_id: Uuid) -> Result<Option<(session::Model, payment::Model)>, DbErr> {
    // The session is found by a subquery on the payment, in the statement that locks it.
    let session_of_payment = Query::select()
        .column(payment::Column::SessionId)
        .from(payment::Entity)
        .and_where(Expr::col((payment::Entity, payment::Column::Id)).eq(payment_id))
        .to_owned();
    let Some(row) = lock_where(tx, Expr::col(session::Column::Id).in_subquery(session_of_payment)).await? else {
        return Ok(None);
    };
    // Read under the lock: a leave committed before it has failed the payment.
    Ok(payment::Entity::find_by_id(payment_id).one(tx.txn).await?.map(|payment| (row, payment)))
}

fn open_statuses() -> [&'static str; 2] {
    [PaymentStatus::Created.as_str(), PaymentStatus::Pending.as_str()]
}

/// The provider declined an attempt: the payment stays open (`pending`) and the attempt counts in
/// `transactions_count`, which the GM's view shows.
pub async fn payment_declined(tx: Tx<'_>, payment_id: Uuid) -> Result<(), ApiError> {
    let Some((row, _)) = lock_payment(tx, payment_id).await? else { return Ok(()) };
    let updated = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Pending.as_str()))
        .col_expr(payment::Column::TransactionsCount, Expr::col(payment::Column::TransactionsCount).add(1))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.is_in(open_statuses()))
        .exec(tx.txn)
        .await?;
    if updated.rows_affected == 1 {
        announce(tx, &row, false).await?;
    }
    Ok(())
}

/// Commerce recorded the order of an open payment: the payment is `completed` with commerce's references and one
/// more transaction, the automatic moves follow (`waiting_for_payment` → `ready_to_start` once every condition
/// holds) and the GM and the participants hear of it. `false`, with nothing written, when the payer may no longer
/// pay (`sessions::may_pay`: the payment is no longer open — its holder left, or another cart completed it — or
/// the session is not waiting for payment or ready to start — back to waiting for players or planning, started,
/// cancelled): the caller voids its completion. Both are read under the session's lock,
/// so a seat checked before the caller's write cannot be paid for once it went.
pub async fn payment_completed(tx: Tx<'_>, payment_id: Uuid, refs: PaymentRefs) -> Result<bool, ApiError> {
    let Some((row, paid)) = lock_payment(tx, payment_id).await? else { return Ok(false) };
    if !may_pay_now(tx, &row, &paid).await? {
        return Ok(false);
    }
    let updated = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Completed.as_str()))
        .col_expr(payment::Column::CartId, Expr::value(refs.cart_id))
        .col_expr(payment::Column::OrderId, Expr::value(refs.order_id.into_string()))
        .col_expr(payment::Column::TransactionId, Expr::value(refs.transaction_id))
        .col_expr(payment::Column::TransactionsCount, Expr::col(payment::Column::TransactionsCount).add(1))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.is_in(open_statuses()))
        .exec(tx.txn)
        .await?;
    if updated.rows_affected == 0 {
        return Ok(false);
    }
    // The history names the payer before the move to ready to start it may cause.
    history(tx, row.id, SessionEventKind::Paid, Some(paid.player_id), None, None, None).await?;
    let facts = facts_of(tx, &row).await?;
    // The row is as the lock returned it (only the payment changed since), and one read of the participants
    // serves both the settling and the announcement.
    let participants = queries::participants(tx.txn, row.id).await?;
    let row = settle_with(tx, row, &facts, &participants).await?;
    let notice = payment_notice(tx, &row, &facts, NotificationKind::PaymentReceipt, &paid).await?;
    let players: Vec<Uuid> = participants.iter().map(|p| p.player_id).collect();
    announce_to(tx, &row, false, &players, vec![notice]).await?;
    Ok(true)
}

/// `sessions::may_pay` for the payment's player as the session and their participation are now.
async fn may_pay_now(tx: Tx<'_>, row: &session::Model, payment: &payment::Model) -> Result<bool, DbErr> {
    let participant = queries::participant_of(tx.txn, row.id, payment.player_id).await?;
    Ok(participant.is_some_and(|p| {
        sessions::may_pay(queries::status(row), queries::participant_status(&p), Some(queries::payment_status(payment)))
    }))
}

/// Commerce started a payment session for `payment_id` in `cart_id`: an open payment of a session being prepared
/// becomes `pending` and names the cart, and the GM's page and the player's refetch. A payment its player may not
/// pay now (`sessions::may_pay`) is left alone (`false`).
pub async fn payment_pending(tx: Tx<'_>, payment_id: Uuid, cart_id: &str) -> Result<bool, ApiError> {
    let Some((payment, session)) = queries::payment_with_session(tx.txn, payment_id).await? else {
        return Ok(false);
    };
    if !may_pay_now(tx, &session, &payment).await? {
        return Ok(false);
    }
    let updated = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Pending.as_str()))
        .col_expr(payment::Column::CartId, Expr::value(cart_id))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.is_in(open_statuses()))
        .exec(tx.txn)
        .await?;
    if updated.rows_affected == 0 {
        return Ok(false);
    }
    announce(tx, &session, false).await?;
    Ok(true)
}
