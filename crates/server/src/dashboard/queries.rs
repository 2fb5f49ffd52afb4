//! Building the Dashboard: the player's sessions (three queries), the sessions they played lately and their feedback
//! (three), the GM's sessions, the refund requests waiting for their decision and waiting applications (three), and
//! every series they name (one), then the domain's rules on each row.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use questline_domain::commerce::format_minor;
use questline_domain::dashboard::{
    self, ActionKey, DashboardActionKind, FEEDBACK_ASKED_DAYS, GmSessionGlance, NEXT_SESSIONS, PlayerSeat,
    SESSIONS_READ,
};
use questline_domain::ids::AccountId;
use sea_orm::{ConnectionTrait, DbErr};
use uuid::Uuid;

use super::dto::{
    Dashboard, DashboardAction, DashboardActionSession, DashboardPayment, DashboardSection, DashboardSeries,
    DashboardSession,
};
use crate::applications::{self, Waiting};
use crate::commerce;
use crate::reviews;
use crate::series::{self, SessionSeriesFacts};
use crate::sessions::{self, PlayerGlance, SessionGlance};

/// The whole Dashboard of `account` at `now`; the GM section only for a GM.
pub async fn dashboard(
    conn: &impl ConnectionTrait,
    account: AccountId,
    is_gm: bool,
    lead_minutes: i64,
    now: DateTime<Utc>,
) -> Result<Dashboard, DbErr> {
    let coming = sessions::glances_of_player(conn, account, SESSIONS_READ).await?;
    let since = now - chrono::Duration::days(FEEDBACK_ASKED_DAYS);
    let played = sessions::played_by(conn, account, since, SESSIONS_READ).await?;
    let played_ids: Vec<Uuid> = played.iter().map(|p| p.session.id).collect();
    let given = reviews::feedback_given(conn, account, &played_ids).await?;
    let (run, waiting) = if is_gm {
        (sessions::glances_of_gm(conn, account, SESSIONS_READ).await?, applications::waiting_for(conn, account).await?)
    } else {
        (Vec::new(), Vec::new())
    };
    let run_ids: Vec<Uuid> = run.iter().map(|s| s.id).collect();
    let mut refunds: HashMap<Uuid, u32> = HashMap::new();
    for waiting in commerce::refunds_waiting(conn, &run_ids).await? {
        *refunds.entry(waiting.session_id).or_default() += 1;
    }
    let mut series_ids: Vec<Uuid> = coming.iter().chain(&played).map(|p| p.session.series_id).collect();
    series_ids.extend(run.iter().map(|s| s.series_id));
    series_ids.extend(waiting.iter().map(|w| w.series.as_uuid()));
    series_ids.sort_unstable();
    series_ids.dedup();
    let facts = series::session_facts(conn, &series_ids).await?;
    let named = Named(&facts);

    let to_review: Vec<&SessionGlance> = played
        .iter()
        .filter(|p| dashboard::asks_for_feedback(p.session.status, p.me, given.contains(&p.session.id)))
        .map(|p| &p.session)
        .collect();
    let player = player_section(&coming, &to_review, &named);
    let (gm, refresh_at) = if is_gm {
        let glance =
            |s: &SessionGlance| GmSessionGlance { status: s.status, scheduled_start: s.scheduled_start, lead_minutes };
        let refresh_at = dashboard::earliest(run.iter().filter_map(|s| dashboard::gm_changes_at(glance(s), now)));
        let actions_of = |s: &SessionGlance| {
            let mut actions = dashboard::gm_actions(glance(s), now);
            if refunds.contains_key(&s.id) {
                // Decided on the session's page, where its payments are.
                actions.push(DashboardActionKind::DecideRefund);
            }
            actions
        };
        (Some(gm_section(&run, &waiting, &refunds, &named, actions_of)), refresh_at)
    } else {
        (None, None)
    };
    Ok(Dashboard { generated_at: now, refresh_at, player, gm })
}

/// The series' names, from the one query that read them all.
struct Named<'a>(&'a HashMap<Uuid, SessionSeriesFacts>);

impl Named<'_> {
    fn series(&self, id: Uuid) -> DashboardSeries {
        match self.0.get(&id) {
            Some(facts) => DashboardSeries {
                id,
                handle: facts.handle.clone(),
                title: facts.title.clone(),
                time_zone: facts.time_zone.clone(),
            },
            // A series is never deleted while it has sessions or applications; this only keeps a race harmless.
            None => DashboardSeries { id, handle: String::new(), title: String::new(), time_zone: "UTC".to_owned() },
        }
    }
}

fn session_view(
    s: &SessionGlance,
    named: &Named<'_>,
    my_status: Option<questline_domain::sessions::ParticipantStatus>,
) -> DashboardSession {
    DashboardSession {
        id: s.id,
        series: named.series(s.series_id),
        status: s.status,
        scheduled_start_datetime: s.scheduled_start,
        scheduled_duration_minutes: s.duration_minutes,
        my_status,
    }
}

fn session_action(kind: DashboardActionKind, s: &SessionGlance, named: &Named<'_>) -> (ActionKey, DashboardAction) {
    let key = ActionKey { kind, when: s.scheduled_start, id: s.id };
    let action = DashboardAction {
        kind,
        series: named.series(s.series_id),
        session: Some(DashboardActionSession {
            id: s.id,
            status: s.status,
            scheduled_start_datetime: s.scheduled_start,
        }),
        count: None,
        payment: None,
    };
    (key, action)
}

fn sorted(mut actions: Vec<(ActionKey, DashboardAction)>) -> Vec<DashboardAction> {
    actions.sort_by_key(|a| a.0);
    actions.into_iter().map(|(_, action)| action).collect()
}

/// The player's next sessions and what they need, with feedback asked for the sessions in `to_review`.
fn player_section(coming: &[PlayerGlance], to_review: &[&SessionGlance], named: &Named<'_>) -> DashboardSection {
    let mut next_sessions = Vec::new();
    let mut actions: Vec<(ActionKey, DashboardAction)> =
        to_review.iter().map(|s| session_action(DashboardActionKind::GiveFeedback, s, named)).collect();
    for glance in coming {
        let seat = PlayerSeat {
            session: glance.session.status,
            me: glance.me,
            payment: glance.payment.as_ref().map(|p| p.status),
        };
        if !dashboard::is_players_next(seat) {
            continue;
        }
        if next_sessions.len() < NEXT_SESSIONS {
            next_sessions.push(session_view(&glance.session, named, Some(glance.me)));
        }
        for kind in dashboard::player_actions(seat) {
            let (key, mut action) = session_action(kind, &glance.session, named);
            if kind == DashboardActionKind::Pay {
                action.payment = glance.payment.as_ref().map(|p| DashboardPayment {
                    id: p.id,
                    amount: format_minor(p.amount_minor),
                    currency_code: p.currency_code.clone(),
                });
            }
            actions.push((key, action));
        }
    }
    DashboardSection { next_sessions, actions: sorted(actions) }
}

fn gm_section(
    run: &[SessionGlance],
    waiting: &[Waiting],
    refunds: &HashMap<Uuid, u32>,
    named: &Named<'_>,
    actions_of: impl Fn(&SessionGlance) -> Vec<DashboardActionKind>,
) -> DashboardSection {
    let next_sessions = run
        .iter()
        .filter(|s| dashboard::is_gms_next(s.status))
        .take(NEXT_SESSIONS)
        .map(|s| session_view(s, named, None))
        .collect();
    let mut actions: Vec<(ActionKey, DashboardAction)> =
        run.iter().flat_map(|s| actions_of(s).into_iter().map(move |kind| session_action(kind, s, named))).collect();
    for (_, action) in actions.iter_mut().filter(|(key, _)| key.kind == DashboardActionKind::DecideRefund) {
        action.count = action.session.as_ref().and_then(|s| refunds.get(&s.id).copied());
    }
    actions.extend(waiting.iter().filter(|w| w.count > 0).map(|w| {
        let kind = DashboardActionKind::ReviewApplications;
        let key = ActionKey { kind, when: w.oldest, id: w.series.as_uuid() };
        let action = DashboardAction {
            kind,
            series: named.series(w.series.as_uuid()),
            session: None,
            count: Some(w.count),
            payment: None,
        };
        (key, action)
    }));
    DashboardSection { next_sessions, actions: sorted(actions) }
}
