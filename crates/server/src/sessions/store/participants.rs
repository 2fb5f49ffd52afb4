//! The participants' moves: the GM inviting more players or removing one, and each player's own move (confirm,
//! reject, ready, leave), with what the GM hears of them.

use super::*;

/// The GM invites more accepted players of the series, before the start.
#[tracing::instrument(skip(w, more), fields(gm = %gm, session = %id))]
pub async fn add_participants(
    w: &Write<'_>,
    gm: AccountId,
    id: SessionId,
    more: Invite,
) -> Result<session::Model, ApiError> {
    let id = id.as_uuid();
    let players: Vec<Uuid> = more.players.iter().map(AccountId::as_uuid).collect();
    let tx = Tx::from(w);
    let row = owned(tx, gm, id).await?;
    let status = queries::status(&row);
    if !status.is_before_start() {
        return Err(ApiError::new(
            ErrorType::UnexpectedState,
            ErrorCode::SessionTransitionNotAllowed,
            format!("Players cannot be added now that the session is {}", status.as_str().replace('_', " ")),
        ));
    }
    let facts = facts_of(tx, &row).await?;
    let mut fields = FieldErrors::new();
    let players = check_players(tx, "player_ids", &facts, &players, false, &mut fields).await?;
    if fields.is_empty() {
        let existing = queries::participants(w.txn, id).await?;
        if players.iter().any(|player| existing.iter().any(|p| p.player_id == *player)) {
            fields.entry("player_ids".to_owned()).or_default().push(FieldError::new(
                ErrorCode::AlreadyParticipant,
                "This player is already a participant of the session",
            ));
        }
    }
    if !fields.is_empty() {
        return Err(field_errors(fields));
    }
    invite(tx, id, gm.as_uuid(), &players).await?;
    let row = reread(tx, id).await?;
    let invited = players.iter().copied().map(AccountId).collect();
    let notice =
        session_notice(tx, &row, &facts, NotificationKind::SessionInvited, invited, Some(gm.as_uuid())).await?;
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(row)
}

/// A participant's move: `actor` is who made it (the player, the GM for a removal, none for the platform).
pub(super) async fn participant_move(
    tx: Tx<'_>,
    actor: Option<Uuid>,
    row: &session::Model,
    participant: &participant::Model,
    move_: ParticipantMove,
    message: Option<String>,
) -> Result<(), ApiError> {
    let status = queries::status(row);
    let from = queries::participant_status(participant);
    let to = sessions::participant_move(status, from, move_).map_err(refused)?;
    let facts = facts_of(tx, row).await?;
    // The participant's own message is their latest; the GM's (a removal) lives in the history only.
    let own = if actor == Some(participant.player_id) { message.clone() } else { None };
    save_participant(tx, participant, to, facts.max_players, own).await?;
    if let Some(reason) = refunds::reason_for_move(move_, to) {
        refund_paid(tx, row.id, Some(participant.player_id), reason).await?;
    }
    let kind = if from == ParticipantStatus::Participating && move_ == ParticipantMove::Leave {
        SessionEventKind::Left
    } else {
        move_.event_kind().unwrap_or(SessionEventKind::Cancelled)
    };
    history(tx, row.id, kind, actor, Some(participant.player_id), None, message).await?;
    if let Some(price) = &facts.price
        && status.is_preparing()
        && sessions::needs_payment(to)
    {
        ensure_payment(tx, row.id, participant.player_id, price).await?;
    }
    settle(tx, row.id, &facts).await?;
    Ok(())
}

/// The GM removes a participant before the start.
#[tracing::instrument(skip(w, note), fields(gm = %gm, session = %id, player = %player))]
pub async fn remove_participant(
    w: &Write<'_>,
    gm: AccountId,
    id: SessionId,
    player: AccountId,
    note: Note,
) -> Result<session::Model, ApiError> {
    let (id, Note(message)) = (id.as_uuid(), note);
    let tx = Tx::from(w);
    let row = owned(tx, gm, id).await?;
    let participant = queries::participant_of(w.txn, id, player.as_uuid())
        .await?
        .ok_or_else(|| ApiError::not_found(ErrorCode::SessionNotFound, "No such participant in this session"))?;
    participant_move(tx, Some(gm.as_uuid()), &row, &participant, ParticipantMove::Remove, message.clone()).await?;
    let row = reread(tx, id).await?;
    // The removed player hears of it, with the GM's reason; their page of the session still opens.
    let facts = facts_of(tx, &row).await?;
    let kind = NotificationKind::ParticipantRemoved;
    let mut notice = session_notice(tx, &row, &facts, kind, vec![player], Some(gm.as_uuid())).await?;
    notice.params.message_preview = message.as_deref().map(questline_domain::notifications::preview);
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(row)
}

/// What the GM hears of a player's own move: a rejection of the fixed date, or leaving before the start.
fn gm_hears_of(move_: ParticipantMove, session: SessionStatus) -> Option<NotificationKind> {
    match move_ {
        ParticipantMove::Reject => Some(NotificationKind::ParticipationRejected),
        ParticipantMove::Leave if session.is_before_start() => Some(NotificationKind::ParticipantLeft),
        _ => None,
    }
}

/// The GM's page of the session.
pub(super) fn gm_link(id: Uuid) -> String {
    format!("/dashboard/gm/my-sessions/{id}")
}

/// The player's own move (confirm, reject, ready, leave); anyone without a participant row gets "not found".
#[tracing::instrument(skip(w, note), fields(player = %player, session = %id, action = move_.as_str()))]
pub async fn player_move(
    w: &Write<'_>,
    player: AccountId,
    id: SessionId,
    move_: ParticipantMove,
    note: Note,
) -> Result<session::Model, ApiError> {
    let (id, Note(message)) = (id.as_uuid(), note);
    let tx = Tx::from(w);
    let row = lock(tx, id).await?.ok_or_else(session_not_found)?;
    let participant = queries::participant_of(w.txn, id, player.as_uuid()).await?.ok_or_else(session_not_found)?;
    participant_move(tx, Some(player.as_uuid()), &row, &participant, move_, message.clone()).await?;
    let mut notices = Vec::new();
    if let Some(kind) = gm_hears_of(move_, queries::status(&row)) {
        let facts = facts_of(tx, &row).await?;
        let gm = AccountId(row.game_master_id);
        let mut notice = session_notice(tx, &row, &facts, kind, vec![gm], Some(player.as_uuid())).await?;
        notice.link = gm_link(id);
        notice.params.message_preview = message.as_deref().map(questline_domain::notifications::preview);
        notices.push(notice);
    }
    let row = reread(tx, id).await?;
    announce_with(tx, &row, false, notices).await?;
    Ok(row)
}
