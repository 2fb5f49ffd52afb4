//! Reading sessions, and turning rows into what the API answers: the series' facts, display names, participants,
//! payments and history, each fetched once per view or page.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use questline_domain::commerce::format_minor;
use questline_domain::ids::AccountId;
use questline_domain::sessions::{self, GmContext, ParticipantStatus, PaymentStatus, SessionEventKind, SessionStatus};
use sea_orm::sea_query::{Expr, Query as SeaQuery};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, QueryTrait,
};
use uuid::Uuid;

use super::dto::{
    GmSession, GmSessionSummary, PlayerSession, PlayerSessionSummary, SessionEvent, SessionMe, SessionParticipant,
    SessionPayment, SessionProgress, SessionSchedule, SessionSeats, SessionSeries, SessionSeriesSummary,
};
use super::entities::{event, participant, payment, session};
use crate::accounts::display_names;
use crate::pagination::PageRequest;
use crate::series::{self, SessionSeriesFacts};

pub fn status(row: &session::Model) -> SessionStatus {
    // Only the wire names are ever written; anything else reads as cancelled (final, no move).
    SessionStatus::parse(&row.status).unwrap_or(SessionStatus::Cancelled)
}

pub fn participant_status(row: &participant::Model) -> ParticipantStatus {
    ParticipantStatus::parse(&row.status).unwrap_or(ParticipantStatus::Cancelled)
}

pub fn payment_status(row: &payment::Model) -> PaymentStatus {
    PaymentStatus::parse(&row.status).unwrap_or(PaymentStatus::Failed)
}

pub async fn by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<session::Model>, DbErr> {
    session::Entity::find_by_id(id).one(conn).await
}

/// The session's participants, in the order they were invited.
pub async fn participants(conn: &impl ConnectionTrait, session_id: Uuid) -> Result<Vec<participant::Model>, DbErr> {
    participant::Entity::find()
        .filter(participant::Column::SessionId.eq(session_id))
        .order_by_asc(participant::Column::Id)
        .all(conn)
        .await
}

pub async fn participant_of(
    conn: &impl ConnectionTrait,
    session_id: Uuid,
    player: Uuid,
) -> Result<Option<participant::Model>, DbErr> {
    participant::Entity::find()
        .filter(participant::Column::SessionId.eq(session_id))
        .filter(participant::Column::PlayerId.eq(player))
        .one(conn)
        .await
}

/// How many sessions the player played: participations that count as played (`reviews::counts_as_played`).
pub async fn played_count(conn: &impl ConnectionTrait, player: Uuid) -> Result<u64, DbErr> {
    let played = ParticipantStatus::ALL
        .iter()
        .copied()
        .filter(|status| questline_domain::reviews::counts_as_played(*status))
        .map(ParticipantStatus::as_str);
    participant::Entity::find()
        .filter(participant::Column::PlayerId.eq(player))
        .filter(participant::Column::Status.is_in(played))
        .count(conn)
        .await
}

/// How many sessions each of `players` played (as `played_count`), in one query; those with none are left out.
pub async fn played_counts(conn: &impl ConnectionTrait, players: &[Uuid]) -> Result<HashMap<Uuid, u64>, DbErr> {
    if players.is_empty() {
        return Ok(HashMap::new());
    }
    let played = ParticipantStatus::ALL
        .iter()
        .copied()
        .filter(|status| questline_domain::reviews::counts_as_played(*status))
        .map(ParticipantStatus::as_str);
    let counts: Vec<(Uuid, i64)> = participant::Entity::find()
        .select_only()
        .column(participant::Column::PlayerId)
        .column_as(participant::Column::Id.count(), "played")
        .filter(participant::Column::PlayerId.is_in(players.iter().copied()))
        .filter(participant::Column::Status.is_in(played))
        .group_by(participant::Column::PlayerId)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(counts.into_iter().map(|(player, n)| (player, u64::try_from(n).unwrap_or(0))).collect())
}

/// How many sessions the GM ran: completed, or stopped early once started.
pub async fn run_count(conn: &impl ConnectionTrait, gm: Uuid) -> Result<u64, DbErr> {
    session::Entity::find()
        .filter(session::Column::GameMasterId.eq(gm))
        .filter(
            session::Column::Status.is_in([SessionStatus::Completed.as_str(), SessionStatus::StoppedEarly.as_str()]),
        )
        .count(conn)
        .await
}

pub async fn payments(conn: &impl ConnectionTrait, session_id: Uuid) -> Result<Vec<payment::Model>, DbErr> {
    payment::Entity::find()
        .filter(payment::Column::SessionId.eq(session_id))
        .order_by_asc(payment::Column::Id)
        .all(conn)
        .await
}

pub async fn has_payments(conn: &impl ConnectionTrait, session_id: Uuid) -> Result<bool, DbErr> {
    Ok(payment::Entity::find().filter(payment::Column::SessionId.eq(session_id)).count(conn).await? > 0)
}

async fn history(conn: &impl ConnectionTrait, session_id: Uuid) -> Result<Vec<event::Model>, DbErr> {
    event::Entity::find()
        .filter(event::Column::SessionId.eq(session_id))
        .order_by_asc(event::Column::At)
        .order_by_asc(event::Column::Id)
        .all(conn)
        .await
}

fn schedule(row: &session::Model) -> SessionSchedule {
    SessionSchedule { scheduled_start_datetime: row.scheduled_start, scheduled_duration_minutes: row.duration_minutes }
}

fn seats(row: &session::Model, facts: Option<&SessionSeriesFacts>) -> SessionSeats {
    SessionSeats {
        confirmed: u32::try_from(row.seats_confirmed).unwrap_or(0),
        total: facts.and_then(|facts| facts.max_players),
    }
}

fn series_view(row: &session::Model, facts: Option<&SessionSeriesFacts>) -> SessionSeries {
    match facts {
        Some(facts) => SessionSeries {
            id: row.series_id,
            handle: facts.handle.clone(),
            title: facts.title.clone(),
            time_zone: facts.time_zone.clone(),
            pricing: facts.pricing.clone(),
            min_players: facts.min_players,
            max_players: facts.max_players,
        },
        None => SessionSeries {
            id: row.series_id,
            handle: String::new(),
            title: String::new(),
            time_zone: "UTC".to_owned(),
            pricing: None,
            min_players: None,
            max_players: None,
        },
    }
}

fn summary_series(row: &session::Model, facts: Option<&SessionSeriesFacts>) -> SessionSeriesSummary {
    SessionSeriesSummary {
        id: row.series_id,
        handle: facts.map(|facts| facts.handle.clone()).unwrap_or_default(),
        title: facts.map(|facts| facts.title.clone()).unwrap_or_default(),
    }
}

fn payment_view(row: &payment::Model, names: &HashMap<Uuid, String>) -> SessionPayment {
    SessionPayment {
        id: row.id,
        player_id: row.player_id,
        player_display_name: names.get(&row.player_id).cloned().unwrap_or_default(),
        amount: format_minor(row.amount_minor),
        currency_code: row.currency_code.clone(),
        status: payment_status(row),
        variant_id: questline_domain::commerce::variant_id(row.id),
        cart_id: row.cart_id.clone(),
        order_id: row.order_id.clone(),
        transaction_id: row.transaction_id.clone(),
        transactions_count: u32::try_from(row.transactions_count).unwrap_or(0),
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

fn event_view(row: event::Model, names: &HashMap<Uuid, String>) -> Option<SessionEvent> {
    Some(SessionEvent {
        id: row.id,
        kind: SessionEventKind::parse(&row.kind)?,
        actor_display_name: row.actor_id.and_then(|id| names.get(&id).cloned()).unwrap_or_default(),
        actor_id: row.actor_id,
        player_id: row.player_id,
        status: row.status.as_deref().and_then(SessionStatus::parse),
        message: row.message,
        at: row.at,
    })
}

/// Whether a player sees a row of the session's history, as they see the participant list: the session's own moves
/// (no one named, made by the GM or the platform) and what is about them or by them; nothing about another player
/// (their moves, their messages, the GM's reasons for removing them) and nothing another player did (their payment).
fn seen_by_player(row: &event::Model, gm: Uuid, me: Uuid) -> bool {
    match row.player_id {
        Some(player) => player == me,
        None => row.actor_id.is_none_or(|actor| actor == gm || actor == me),
    }
}

/// Everything a view of one session needs, read once.
struct Loaded {
    facts: Option<SessionSeriesFacts>,
    participants: Vec<participant::Model>,
    payments: Vec<payment::Model>,
    events: Vec<event::Model>,
    names: HashMap<Uuid, String>,
}

async fn load(conn: &impl ConnectionTrait, row: &session::Model) -> Result<Loaded, DbErr> {
    let facts = series::session_facts_of(conn, questline_domain::ids::SeriesId(row.series_id)).await?;
    let participants = participants(conn, row.id).await?;
    let payments = payments(conn, row.id).await?;
    let events = history(conn, row.id).await?;
    let mut ids = vec![row.game_master_id];
    ids.extend(participants.iter().map(|p| p.player_id));
    ids.extend(payments.iter().map(|p| p.player_id));
    ids.extend(events.iter().filter_map(|e| e.actor_id));
    let names = display_names(conn, &ids).await?;
    Ok(Loaded { facts, participants, payments, events, names })
}

/// What the automatic moves look at now: the series' minimum, whether it is paid, how many participants are ready
/// and how many of those have paid (the settling and the GM's view read the same numbers).
pub fn readiness(
    facts: &SessionSeriesFacts,
    participants: &[participant::Model],
    payments: &[payment::Model],
) -> sessions::Readiness {
    let paid = paid_players(payments);
    let ready: Vec<&participant::Model> =
        participants.iter().filter(|p| participant_status(p) == ParticipantStatus::Ready).collect();
    sessions::Readiness {
        min_players: facts.min_players.unwrap_or(1),
        paid: facts.is_paid(),
        ready: ready.len() as u32,
        ready_and_paid: ready.iter().filter(|p| paid.contains(&p.player_id)).count() as u32,
    }
}

/// What a session in preparation waits for, as its GM's page says it ("2 of 4 players ready", "1 of 2 paid").
fn progress(readiness: sessions::Readiness) -> SessionProgress {
    SessionProgress {
        needed: readiness.min_players.max(1),
        ready: readiness.ready,
        ready_and_paid: readiness.paid.then_some(readiness.ready_and_paid),
    }
}

fn paid_players(payments: &[payment::Model]) -> Vec<Uuid> {
    payments.iter().filter(|p| payment_status(p).counts_as_paid()).map(|p| p.player_id).collect()
}

/// The session as its GM sees it, with the actions allowed at `now`.
pub async fn gm_view(
    conn: &impl ConnectionTrait,
    row: session::Model,
    lead_minutes: i64,
    now: DateTime<Utc>,
) -> Result<GmSession, DbErr> {
    let loaded = load(conn, &row).await?;
    let paid = paid_players(&loaded.payments);
    let status = status(&row);
    let has_removable = loaded
        .participants
        .iter()
        .any(|p| sessions::participant_move(status, participant_status(p), sessions::ParticipantMove::Remove).is_ok());
    let allowed_actions = sessions::gm_actions(GmContext {
        status,
        scheduled_start: row.scheduled_start,
        lead_minutes,
        now,
        has_payments: !loaded.payments.is_empty(),
        has_removable,
    });
    let participants = loaded
        .participants
        .iter()
        .map(|p| SessionParticipant {
            player_id: p.player_id,
            display_name: loaded.names.get(&p.player_id).cloned().unwrap_or_default(),
            status: participant_status(p),
            message: p.message.clone(),
            paid: paid.contains(&p.player_id),
            updated_at: p.updated_at,
        })
        .collect();
    let payments = loaded.payments.iter().map(|p| payment_view(p, &loaded.names)).collect();
    let progress =
        loaded.facts.as_ref().map(|facts| progress(readiness(facts, &loaded.participants, &loaded.payments)));
    let events = loaded.events.into_iter().filter_map(|e| event_view(e, &loaded.names)).collect();
    Ok(GmSession {
        id: row.id,
        series: series_view(&row, loaded.facts.as_ref()),
        game_master_id: row.game_master_id,
        game_master_display_name: loaded.names.get(&row.game_master_id).cloned().unwrap_or_default(),
        status,
        schedule: schedule(&row),
        actual_start_datetime: row.actual_start,
        actual_duration_minutes: row.actual_duration_minutes,
        preparation_opens_at: sessions::preparation_opens_at(row.scheduled_start, lead_minutes),
        seats: seats(&row, loaded.facts.as_ref()),
        progress,
        participants,
        events,
        payments,
        allowed_actions,
        created_at: row.created_at,
        updated_at: row.updated_at,
        version: row.version,
    })
}

/// The session as the player `me` sees it; `None` when they have no participant row.
pub async fn player_view(
    conn: &impl ConnectionTrait,
    row: session::Model,
    me: AccountId,
    lead_minutes: i64,
) -> Result<Option<PlayerSession>, DbErr> {
    let loaded = load(conn, &row).await?;
    let Some(mine) = loaded.participants.iter().find(|p| p.player_id == me.as_uuid()) else { return Ok(None) };
    let status = status(&row);
    let my_status = participant_status(mine);
    let me_view = SessionMe {
        status: my_status,
        message: mine.message.clone(),
        allowed_actions: sessions::participant_actions(status, my_status),
    };
    let participants = loaded
        .participants
        .iter()
        .filter(|p| p.player_id != me.as_uuid() && participant_status(p).is_shown_to_players())
        .map(|p| SessionParticipant {
            player_id: p.player_id,
            display_name: loaded.names.get(&p.player_id).cloned().unwrap_or_default(),
            status: participant_status(p),
            message: None,
            paid: false,
            updated_at: p.updated_at,
        })
        .collect();
    let my_payment = loaded.payments.iter().find(|p| p.player_id == me.as_uuid());
    let may_pay = sessions::may_pay(status, my_status, my_payment.map(payment_status));
    let payment = my_payment.map(|p| payment_view(p, &loaded.names));
    let events = loaded
        .events
        .into_iter()
        .filter(|e| seen_by_player(e, row.game_master_id, me.as_uuid()))
        .filter_map(|e| event_view(e, &loaded.names))
        .collect();
    Ok(Some(PlayerSession {
        id: row.id,
        series: series_view(&row, loaded.facts.as_ref()),
        game_master_id: row.game_master_id,
        game_master_display_name: loaded.names.get(&row.game_master_id).cloned().unwrap_or_default(),
        status,
        schedule: schedule(&row),
        actual_start_datetime: row.actual_start,
        actual_duration_minutes: row.actual_duration_minutes,
        preparation_opens_at: sessions::preparation_opens_at(row.scheduled_start, lead_minutes),
        seats: seats(&row, loaded.facts.as_ref()),
        participants,
        me: me_view,
        payment,
        may_pay,
        events,
        created_at: row.created_at,
        updated_at: row.updated_at,
        version: row.version,
    }))
}

const FINAL: [SessionStatus; 3] = [SessionStatus::Completed, SessionStatus::StoppedEarly, SessionStatus::Cancelled];

/// Upcoming first (soonest start first), then past (latest start first).
fn ordered(query: sea_orm::Select<session::Entity>) -> sea_orm::Select<session::Entity> {
    let is_final = || session::Column::Status.is_in(FINAL.map(SessionStatus::as_str));
    let past_last: Expr = Expr::case(is_final(), 1).finally(0).into();
    let upcoming_start: Expr = Expr::case(is_final(), Expr::value(Option::<DateTime<Utc>>::None))
        .finally(Expr::col(session::Column::ScheduledStart))
        .into();
    query
        .order_by(past_last, Order::Asc)
        .order_by(upcoming_start, Order::Asc)
        .order_by_desc(session::Column::ScheduledStart)
        .order_by_asc(session::Column::Id)
}

async fn series_of(
    conn: &impl ConnectionTrait,
    rows: &[session::Model],
) -> Result<HashMap<Uuid, SessionSeriesFacts>, DbErr> {
    let mut ids: Vec<Uuid> = rows.iter().map(|row| row.series_id).collect();
    ids.sort_unstable();
    ids.dedup();
    series::session_facts(conn, &ids).await
}

/// A page of the GM's sessions, optionally of one series and one status.
pub async fn list_of_gm(
    conn: &impl ConnectionTrait,
    gm: AccountId,
    series_id: Option<Uuid>,
    only: Option<SessionStatus>,
    page: PageRequest,
) -> Result<(Vec<GmSessionSummary>, u64), DbErr> {
    let theirs = session::Entity::find()
        .filter(session::Column::GameMasterId.eq(gm.as_uuid()))
        .apply_if(series_id, |query, id| query.filter(session::Column::SeriesId.eq(id)))
        .apply_if(only, |query, only| query.filter(session::Column::Status.eq(only.as_str())));
    let count = theirs.clone().count(conn).await?;
    let rows = ordered(theirs).offset(page.offset).limit(page.limit).all(conn).await?;
    let facts = series_of(conn, &rows).await?;
    let mut counts: HashMap<Uuid, u32> = HashMap::new();
    if !rows.is_empty() {
        let all = participant::Entity::find()
            .filter(participant::Column::SessionId.is_in(rows.iter().map(|row| row.id)))
            .all(conn)
            .await?;
        for p in all {
            if participant_status(&p).is_in_session() {
                *counts.entry(p.session_id).or_default() += 1;
            }
        }
    }
    let items = rows
        .iter()
        .map(|row| GmSessionSummary {
            id: row.id,
            series: summary_series(row, facts.get(&row.series_id)),
            status: status(row),
            schedule: schedule(row),
            seats: seats(row, facts.get(&row.series_id)),
            participant_count: counts.get(&row.id).copied().unwrap_or(0),
            updated_at: row.updated_at,
        })
        .collect();
    Ok((items, count))
}

/// A page of the sessions where the player has a participant row, optionally of one status.
pub async fn list_of_player(
    conn: &impl ConnectionTrait,
    player: AccountId,
    only: Option<SessionStatus>,
    page: PageRequest,
) -> Result<(Vec<PlayerSessionSummary>, u64), DbErr> {
    let mine = SeaQuery::select()
        .column(participant::Column::SessionId)
        .from(participant::Entity)
        .and_where(participant::Column::PlayerId.eq(player.as_uuid()))
        .to_owned();
    let theirs = session::Entity::find()
        .filter(Condition::all().add(session::Column::Id.in_subquery(mine)))
        .apply_if(only, |query, only| query.filter(session::Column::Status.eq(only.as_str())));
    let count = theirs.clone().count(conn).await?;
    let rows = ordered(theirs).offset(page.offset).limit(page.limit).all(conn).await?;
    let facts = series_of(conn, &rows).await?;
    let gm_ids: Vec<Uuid> = rows.iter().map(|row| row.game_master_id).collect();
    let names = display_names(conn, &gm_ids).await?;
    let my_rows: HashMap<Uuid, ParticipantStatus> = if rows.is_empty() {
        HashMap::new()
    } else {
        participant::Entity::find()
            .filter(participant::Column::PlayerId.eq(player.as_uuid()))
            .filter(participant::Column::SessionId.is_in(rows.iter().map(|row| row.id)))
            .all(conn)
            .await?
            .into_iter()
            .map(|p| (p.session_id, participant_status(&p)))
            .collect()
    };
    let items = rows
        .iter()
        .map(|row| PlayerSessionSummary {
            id: row.id,
            series: summary_series(row, facts.get(&row.series_id)),
            game_master_display_name: names.get(&row.game_master_id).cloned().unwrap_or_default(),
            status: status(row),
            schedule: schedule(row),
            seats: seats(row, facts.get(&row.series_id)),
            my_status: my_rows.get(&row.id).copied().unwrap_or(ParticipantStatus::Invited),
        })
        .collect();
    Ok((items, count))
}

/// One payment with its session, in one query (commerce's refunds, see `sessions::PaymentFacts`, and its seats).
pub async fn payment_with_session(
    conn: &impl ConnectionTrait,
    payment_id: Uuid,
) -> Result<Option<(payment::Model, session::Model)>, DbErr> {
    let found = payment::Entity::find_by_id(payment_id).find_also_related(session::Entity).one(conn).await?;
    Ok(found.and_then(|(paid, row)| Some((paid, row?))))
}

/// The payments of a session as `viewer` may see them: its GM all, a participant their own, anyone else `None`.
pub async fn payments_seen_by(
    conn: &impl ConnectionTrait,
    viewer: AccountId,
    session_id: Uuid,
) -> Result<Option<Vec<SessionPayment>>, DbErr> {
    let Some(row) = by_id(conn, session_id).await? else { return Ok(None) };
    let mut payments = payments(conn, session_id).await?;
    if row.game_master_id != viewer.as_uuid() {
        if participant_of(conn, session_id, viewer.as_uuid()).await?.is_none() {
            return Ok(None);
        }
        payments.retain(|p| p.player_id == viewer.as_uuid());
    }
    let ids: Vec<Uuid> = payments.iter().map(|p| p.player_id).collect();
    let names = display_names(conn, &ids).await?;
    Ok(Some(payments.iter().map(|p| payment_view(p, &names)).collect()))
}

/// Each session's series title and scheduled start (the series read in one query).
pub async fn labels(
    conn: &impl ConnectionTrait,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, (String, DateTime<Utc>)>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = session::Entity::find().filter(session::Column::Id.is_in(ids.to_vec())).all(conn).await?;
    let mut series_ids: Vec<Uuid> = rows.iter().map(|row| row.series_id).collect();
    series_ids.sort_unstable();
    series_ids.dedup();
    let facts = series::session_facts(conn, &series_ids).await?;
    let labels = rows
        .into_iter()
        .map(|row| {
            let title = facts.get(&row.series_id).map(|facts| facts.title.clone()).unwrap_or_default();
            (row.id, (title, row.scheduled_start))
        })
        .collect();
    Ok(labels)
}

/// The sessions meeting `which` in which the player's participation is one of `mine`, soonest start first, at most
/// `limit`, each with the player's participation: two queries.
async fn sessions_of_player(
    conn: &impl ConnectionTrait,
    player: AccountId,
    mine: &[ParticipantStatus],
    which: Condition,
    limit: u64,
) -> Result<Vec<(session::Model, ParticipantStatus)>, DbErr> {
    let theirs = SeaQuery::select()
        .column(participant::Column::SessionId)
        .from(participant::Entity)
        .and_where(participant::Column::PlayerId.eq(player.as_uuid()))
        .and_where(participant::Column::Status.is_in(mine.iter().map(|status| status.as_str())))
        .to_owned();
    let rows = session::Entity::find()
        .filter(Condition::all().add(session::Column::Id.in_subquery(theirs)).add(which))
        .order_by_asc(session::Column::ScheduledStart)
        .order_by_asc(session::Column::Id)
        .limit(limit)
        .all(conn)
        .await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    let seats: HashMap<Uuid, ParticipantStatus> = participant::Entity::find()
        .filter(participant::Column::PlayerId.eq(player.as_uuid()))
        .filter(participant::Column::SessionId.is_in(ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|p| (p.session_id, participant_status(&p)))
        .collect();
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let me = *seats.get(&row.id)?;
            Some((row, me))
        })
        .collect())
}

/// The player's sessions that are not over and that they are still in (invited, confirmed, ready, playing),
/// soonest start first, at most `limit`, each with their own participation and payment: three queries.
pub async fn glances_of_player(
    conn: &impl ConnectionTrait,
    player: AccountId,
    limit: u64,
) -> Result<Vec<super::PlayerGlance>, DbErr> {
    let still_in = [
        ParticipantStatus::Invited,
        ParticipantStatus::Confirmed,
        ParticipantStatus::Ready,
        ParticipantStatus::Participating,
    ];
    let not_over = Condition::all().add(session::Column::Status.is_not_in(FINAL.map(SessionStatus::as_str)));
    let sessions = sessions_of_player(conn, player, &still_in, not_over, limit).await?;
    if sessions.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = sessions.iter().map(|(row, _)| row.id).collect();
    let mut payments: HashMap<Uuid, payment::Model> = payment::Entity::find()
        .filter(payment::Column::PlayerId.eq(player.as_uuid()))
        .filter(payment::Column::SessionId.is_in(ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|p| (p.session_id, p))
        .collect();
    Ok(sessions
        .into_iter()
        .map(|(row, me)| {
            let payment = payments.remove(&row.id).map(|p| super::GlancePayment {
                id: p.id,
                status: payment_status(&p),
                amount_minor: p.amount_minor,
                currency_code: p.currency_code,
            });
            super::PlayerGlance { session: glance(&row), me, payment }
        })
        .collect())
}

/// The finished sessions (completed or stopped early) the player played in (to the end or leaving early) that were
/// scheduled to start at `since` or later, oldest first, at most `limit`: two queries.
pub async fn played_by(
    conn: &impl ConnectionTrait,
    player: AccountId,
    since: DateTime<Utc>,
    limit: u64,
) -> Result<Vec<super::PlayerGlance>, DbErr> {
    let played = [ParticipantStatus::ParticipatedFully, ParticipantStatus::LeftEarly];
    let finished = [SessionStatus::Completed, SessionStatus::StoppedEarly];
    let lately = Condition::all()
        .add(session::Column::Status.is_in(finished.map(SessionStatus::as_str)))
        .add(session::Column::ScheduledStart.gte(since));
    let sessions = sessions_of_player(conn, player, &played, lately, limit).await?;
    Ok(sessions.iter().map(|(row, me)| super::PlayerGlance { session: glance(row), me: *me, payment: None }).collect())
}

/// The GM's sessions that are not over, soonest start first, at most `limit`: one query.
pub async fn glances_of_gm(
    conn: &impl ConnectionTrait,
    gm: AccountId,
    limit: u64,
) -> Result<Vec<super::SessionGlance>, DbErr> {
    let rows = session::Entity::find()
        .filter(session::Column::GameMasterId.eq(gm.as_uuid()))
        .filter(session::Column::Status.is_not_in(FINAL.map(SessionStatus::as_str)))
        .order_by_asc(session::Column::ScheduledStart)
        .order_by_asc(session::Column::Id)
        .limit(limit)
        .all(conn)
        .await?;
    Ok(rows.iter().map(glance).collect())
}

fn glance(row: &session::Model) -> super::SessionGlance {
    super::SessionGlance {
        id: row.id,
        series_id: row.series_id,
        status: status(row),
        scheduled_start: row.scheduled_start,
        duration_minutes: row.duration_minutes,
    }
}

/// The sessions `account` runs or has a participant row in, scheduled to start at `since` or later, soonest first:
/// the calendar's rows, with the reader's participation (`None` for the GM) and how many times the session's time
/// or status changed (its history's `updated` and `status_changed` rows). Three queries.
pub async fn calendar_of(
    conn: &impl ConnectionTrait,
    account: AccountId,
    since: DateTime<Utc>,
    only: Option<Uuid>,
) -> Result<Vec<super::CalendarRow>, DbErr> {
    let theirs = SeaQuery::select()
        .column(participant::Column::SessionId)
        .from(participant::Entity)
        .and_where(participant::Column::PlayerId.eq(account.as_uuid()))
        .to_owned();
    let mut which = Condition::all().add(
        Condition::any()
            .add(session::Column::GameMasterId.eq(account.as_uuid()))
            .add(session::Column::Id.in_subquery(theirs)),
    );
    match only {
        Some(id) => which = which.add(session::Column::Id.eq(id)),
        None => which = which.add(session::Column::ScheduledStart.gte(since)),
    }
    let rows = session::Entity::find()
        .filter(which)
        .order_by_asc(session::Column::ScheduledStart)
        .order_by_asc(session::Column::Id)
        .all(conn)
        .await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    let mine: HashMap<Uuid, (ParticipantStatus, DateTime<Utc>)> = participant::Entity::find()
        .filter(participant::Column::PlayerId.eq(account.as_uuid()))
        .filter(participant::Column::SessionId.is_in(ids.clone()))
        .all(conn)
        .await?
        .into_iter()
        .map(|p| (p.session_id, (participant_status(&p), p.updated_at)))
        .collect();
    let moves = [SessionEventKind::Updated, SessionEventKind::StatusChanged];
    let counted: Vec<(Uuid, i64)> = event::Entity::find()
        .select_only()
        .column(event::Column::SessionId)
        .column_as(event::Column::Id.count(), "changes")
        .filter(event::Column::SessionId.is_in(ids))
        .filter(event::Column::Kind.is_in(moves.map(SessionEventKind::as_str)))
        .group_by(event::Column::SessionId)
        .into_tuple()
        .all(conn)
        .await?;
    let changes: HashMap<Uuid, u32> =
        counted.into_iter().map(|(id, n)| (id, u32::try_from(n).unwrap_or(u32::MAX))).collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let me = (row.game_master_id != account.as_uuid()).then(|| mine.get(&row.id).copied()).flatten();
            super::CalendarRow {
                changes: changes.get(&row.id).copied().unwrap_or_default(),
                me: me.map(|(status, _)| status),
                changed_at: me.map_or(row.updated_at, |(_, at)| at.max(row.updated_at)),
                session: glance(&row),
                gm_id: AccountId(row.game_master_id),
            }
        })
        .collect())
}
