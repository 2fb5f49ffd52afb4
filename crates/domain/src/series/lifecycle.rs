//! A series' status: its lifecycle (draft → published → active → completed, or cancelled from any state that is not
//! final) and whether it recruits players, as data plus one pure function, [`apply`].
//!
//! The status dialog lets a GM pick any lifecycle status (spec §4); which moves are allowed is ours to say, and
//! `docs/decisions.md` ("Series") holds the full table that [`apply`] enforces and the tests check pair by pair.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::error::{DomainError, ErrorCode, ErrorType};

/// Where a series is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum LifecycleStatus {
    /// Being prepared; only its GM sees it. Every series starts here.
    #[default]
    Draft,
    /// On the Questboard; players can find it and apply.
    Published,
    /// Running: sessions can be created (spec §8, "series must be active to create a session").
    Active,
    /// Over. Final.
    Completed,
    /// Called off. Final.
    Cancelled,
}

impl LifecycleStatus {
    pub const ALL: [LifecycleStatus; 5] = [
        LifecycleStatus::Draft,
        LifecycleStatus::Published,
        LifecycleStatus::Active,
        LifecycleStatus::Completed,
        LifecycleStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LifecycleStatus::Draft => "draft",
            LifecycleStatus::Published => "published",
            LifecycleStatus::Active => "active",
            LifecycleStatus::Completed => "completed",
            LifecycleStatus::Cancelled => "cancelled",
        }
    }

    /// The stored or sent spelling → the status; `None` for anything else.
    pub fn parse(input: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == input)
    }

    /// Completed and cancelled series never change status again.
    pub fn is_final(self) -> bool {
        matches!(self, LifecycleStatus::Completed | LifecycleStatus::Cancelled)
    }

    /// Published and active series are on the Questboard and may recruit (spec §4); the others are closed.
    pub fn is_open_to_players(self) -> bool {
        matches!(self, LifecycleStatus::Published | LifecycleStatus::Active)
    }

    /// Only a draft may be deleted: once published, players may have applied and sessions may exist.
    pub fn may_be_deleted(self) -> bool {
        self == LifecycleStatus::Draft
    }
}

impl fmt::Display for LifecycleStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a series takes applications.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum RecruitmentStatus {
    Open,
    /// Every series starts closed, and a series that is neither published nor active is always closed.
    #[default]
    Closed,
}

impl RecruitmentStatus {
    pub const ALL: [RecruitmentStatus; 2] = [RecruitmentStatus::Open, RecruitmentStatus::Closed];

    pub fn as_str(self) -> &'static str {
        match self {
            RecruitmentStatus::Open => "open",
            RecruitmentStatus::Closed => "closed",
        }
    }

    pub fn parse(input: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == input)
    }
}

impl fmt::Display for RecruitmentStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A series' whole status. Every value [`apply`] returns keeps the rule "open only while published or active".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeriesStatus {
    pub lifecycle: LifecycleStatus,
    pub recruitment: RecruitmentStatus,
}

impl SeriesStatus {
    /// A new series: a closed draft.
    pub fn new() -> Self {
        Self::default()
    }
}

/// What the status dialog asks for (`updateSeries` with `{lifecycle_status, recruitment_status}`): a target
/// lifecycle status — the same one to change only recruitment — and the recruitment wanted. `None` for
/// recruitment keeps the current value where the target allows it and closes it otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusChange {
    pub lifecycle: LifecycleStatus,
    pub recruitment: Option<RecruitmentStatus>,
}

/// The facts about the series, beyond its status, that a move depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StatusContext {
    /// Publishing needs a schedule (spec §4).
    pub has_schedule: bool,
}

/// An accepted change: the status before and after. Staying in the same lifecycle status is a transition too
/// (it may change recruitment, or nothing at all).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transition {
    pub from: SeriesStatus,
    pub to: SeriesStatus,
}

impl Transition {
    /// Whether anything changed, so the caller writes and announces only real changes.
    pub fn changed(&self) -> bool {
        self.from != self.to
    }

    /// Whether the series is now seen by players where it was not before (a draft published): its audience grows
    /// from its GM to everyone.
    pub fn became_public(&self) -> bool {
        self.from.lifecycle == LifecycleStatus::Draft && self.to.lifecycle.is_open_to_players()
    }
}

/// Why a status change was refused. Every refusal is `unexpected_state` (HTTP 409): the request was well formed,
/// the series' current state does not allow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `series_must_have_schedule_to_publish`: a draft without a schedule cannot be published.
    NeedsScheduleToPublish,
    /// `series_status_final`: completed and cancelled series keep their status.
    Final { from: LifecycleStatus },
    /// `series_status_move_not_allowed`: a move the table does not have (skipping ahead, going back).
    MoveNotAllowed { from: LifecycleStatus, to: LifecycleStatus },
    /// `recruitment_requires_open_series`: recruitment can be open only while published or active.
    RecruitmentNeedsOpenSeries { lifecycle: LifecycleStatus },
}

impl Refusal {
    pub fn error_type(self) -> ErrorType {
        ErrorType::UnexpectedState
    }

    /// The stable code the web app translates; the dialog shows the spec's message for the first and the generic
    /// status error toast for the others (spec §8).
    pub fn code(self) -> ErrorCode {
        match self {
            Refusal::NeedsScheduleToPublish => ErrorCode::SeriesMustHaveScheduleToPublish,
            Refusal::Final { .. } => ErrorCode::SeriesStatusFinal,
            Refusal::MoveNotAllowed { .. } => ErrorCode::SeriesStatusMoveNotAllowed,
            Refusal::RecruitmentNeedsOpenSeries { .. } => ErrorCode::RecruitmentRequiresOpenSeries,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NeedsScheduleToPublish => f.write_str("Series needs to have a schedule before publishing."),
            Refusal::Final { from } => write!(f, "A {from} series cannot change its status."),
            Refusal::MoveNotAllowed { from, to } => write!(f, "A {from} series cannot become {to}."),
            Refusal::RecruitmentNeedsOpenSeries { .. } => {
                f.write_str("Recruitment can be open only while the series is published or active.")
            }
        }
    }
}

impl From<Refusal> for DomainError {
    fn from(refusal: Refusal) -> Self {
        DomainError::new(refusal.error_type(), refusal.code(), refusal.to_string())
    }
}

/// Whether the lifecycle may go from `from` to `to`, ignoring recruitment. Staying put is always allowed.
///
/// | from \ to | draft | published | active | completed | cancelled |
/// |-----------|-------|-----------|--------|-----------|-----------|
/// | draft     | stay  | publish¹  | ✗      | ✗         | cancel    |
/// | published | ✗     | stay      | start  | ✗         | cancel    |
/// | active    | ✗     | ✗         | stay   | complete  | cancel    |
/// | completed | final | final     | final  | stay      | final     |
/// | cancelled | final | final     | final  | final     | stay      |
///
/// ¹ only with a schedule. ✗ is `series_status_move_not_allowed`, final is `series_status_final`.
pub fn check_move(from: LifecycleStatus, to: LifecycleStatus, ctx: StatusContext) -> Result<(), Refusal> {
    use LifecycleStatus::*;
    match (from, to) {
        _ if from == to => Ok(()),
        (Completed | Cancelled, _) => Err(Refusal::Final { from }),
        (Draft, Published) if !ctx.has_schedule => Err(Refusal::NeedsScheduleToPublish),
        (Draft, Published) | (Published, Active) | (Active, Completed) | (_, Cancelled) => Ok(()),
        _ => Err(Refusal::MoveNotAllowed { from, to }),
    }
}

/// The one function of the state machine: the status after `change`, or why not. Pure; the caller loads the
/// status and the context, and writes the result (with a version check) in one transaction.
pub fn apply(status: SeriesStatus, change: StatusChange, ctx: StatusContext) -> Result<Transition, Refusal> {
    check_move(status.lifecycle, change.lifecycle, ctx)?;
    let lifecycle = change.lifecycle;
    let recruitment = match change.recruitment {
        Some(RecruitmentStatus::Open) if !lifecycle.is_open_to_players() => {
            return Err(Refusal::RecruitmentNeedsOpenSeries { lifecycle });
        }
        Some(wanted) => wanted,
        None if lifecycle.is_open_to_players() => status.recruitment,
        None => RecruitmentStatus::Closed,
    };
    Ok(Transition { from: status, to: SeriesStatus { lifecycle, recruitment } })
}

#[cfg(test)]
mod tests {
    use super::LifecycleStatus::*;
    use super::RecruitmentStatus::*;
    use super::*;

    const WITH_SCHEDULE: StatusContext = StatusContext { has_schedule: true };
    const WITHOUT_SCHEDULE: StatusContext = StatusContext { has_schedule: false };

    /// What the table in docs/decisions.md says, written out by hand: `Ok` for an allowed move, else the code.
    fn expected(from: LifecycleStatus, to: LifecycleStatus, has_schedule: bool) -> Result<(), &'static str> {
        const NO: Result<(), &str> = Err("series_status_move_not_allowed");
        const FINAL: Result<(), &str> = Err("series_status_final");
        let publish = if has_schedule { Ok(()) } else { Err("series_must_have_schedule_to_publish") };
        let row = match from {
            //          draft    published active    completed cancelled
            Draft => [Ok(()), publish, NO, NO, Ok(())],
            Published => [NO, Ok(()), Ok(()), NO, Ok(())],
            Active => [NO, NO, Ok(()), Ok(()), Ok(())],
            Completed => [FINAL, FINAL, FINAL, Ok(()), FINAL],
            Cancelled => [FINAL, FINAL, FINAL, FINAL, Ok(())],
        };
        row[LifecycleStatus::ALL.iter().position(|s| *s == to).unwrap()]
    }

    #[test]
    fn every_lifecycle_pair_follows_the_table() {
        let mut checked = 0;
        for from in LifecycleStatus::ALL {
            for to in LifecycleStatus::ALL {
                for has_schedule in [true, false] {
                    let ctx = StatusContext { has_schedule };
                    let got = check_move(from, to, ctx).map_err(|r| r.code().as_str());
                    assert_eq!(got, expected(from, to, has_schedule), "{from} -> {to}, schedule: {has_schedule}");
                    // `apply` agrees with the table whatever recruitment is asked for, as long as it is allowed.
                    let status = SeriesStatus { lifecycle: from, recruitment: Closed };
                    let applied = apply(status, StatusChange { lifecycle: to, recruitment: None }, ctx);
                    assert_eq!(applied.map(|t| t.to.lifecycle).map_err(|r| r.code().as_str()), got.map(|()| to));
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 50);
    }

    #[test]
    fn publishing_without_a_schedule_has_the_spec_message() {
        let refusal = apply(
            SeriesStatus::new(),
            StatusChange { lifecycle: Published, recruitment: Some(Open) },
            WITHOUT_SCHEDULE,
        )
        .unwrap_err();
        assert_eq!(refusal, Refusal::NeedsScheduleToPublish);
        assert_eq!(refusal.code(), ErrorCode::SeriesMustHaveScheduleToPublish);
        assert_eq!(refusal.to_string(), "Series needs to have a schedule before publishing.");
        let error = DomainError::from(refusal);
        assert_eq!(error.kind, ErrorType::UnexpectedState);
        assert_eq!(error.code.as_str(), "series_must_have_schedule_to_publish");
    }

    #[test]
    fn other_refusals_name_the_statuses() {
        let skip = check_move(Draft, Active, WITH_SCHEDULE).unwrap_err();
        assert_eq!(skip.to_string(), "A draft series cannot become active.");
        assert_eq!(skip.code().as_str(), "series_status_move_not_allowed");
        let last = check_move(Completed, Cancelled, WITH_SCHEDULE).unwrap_err();
        assert_eq!(last.to_string(), "A completed series cannot change its status.");
        assert_eq!(last.code().as_str(), "series_status_final");
        for refusal in
            [skip, last, Refusal::NeedsScheduleToPublish, Refusal::RecruitmentNeedsOpenSeries { lifecycle: Draft }]
        {
            assert_eq!(refusal.error_type(), ErrorType::UnexpectedState);
        }
    }

    #[test]
    fn recruitment_opens_only_while_published_or_active() {
        for lifecycle in LifecycleStatus::ALL {
            let status = SeriesStatus { lifecycle, recruitment: Closed };
            let result = apply(status, StatusChange { lifecycle, recruitment: Some(Open) }, WITH_SCHEDULE);
            if matches!(lifecycle, Published | Active) {
                assert_eq!(result.unwrap().to, SeriesStatus { lifecycle, recruitment: Open });
            } else {
                let refusal = result.unwrap_err();
                assert_eq!(refusal, Refusal::RecruitmentNeedsOpenSeries { lifecycle });
                assert_eq!(refusal.code().as_str(), "recruitment_requires_open_series");
            }
        }
    }

    #[test]
    fn leaving_the_open_states_closes_recruitment() {
        let active_open = SeriesStatus { lifecycle: Active, recruitment: Open };
        for to in [Completed, Cancelled] {
            let t = apply(active_open, StatusChange { lifecycle: to, recruitment: None }, WITH_SCHEDULE).unwrap();
            assert_eq!(t.to, SeriesStatus { lifecycle: to, recruitment: Closed });
            let t =
                apply(active_open, StatusChange { lifecycle: to, recruitment: Some(Closed) }, WITH_SCHEDULE).unwrap();
            assert_eq!(t.to.recruitment, Closed);
        }
    }

    #[test]
    fn recruitment_is_kept_between_the_open_states_unless_changed() {
        let published_open = SeriesStatus { lifecycle: Published, recruitment: Open };
        let start = apply(published_open, StatusChange { lifecycle: Active, recruitment: None }, WITH_SCHEDULE);
        assert_eq!(start.unwrap().to, SeriesStatus { lifecycle: Active, recruitment: Open });
        let close =
            apply(published_open, StatusChange { lifecycle: Published, recruitment: Some(Closed) }, WITH_SCHEDULE)
                .unwrap();
        assert!(close.changed());
        assert_eq!(close.to, SeriesStatus { lifecycle: Published, recruitment: Closed });
    }

    #[test]
    fn staying_put_is_allowed_and_changes_nothing() {
        for lifecycle in LifecycleStatus::ALL {
            let status = SeriesStatus { lifecycle, recruitment: Closed };
            let t = apply(status, StatusChange { lifecycle, recruitment: Some(Closed) }, WITHOUT_SCHEDULE).unwrap();
            assert!(!t.changed(), "{lifecycle}");
        }
    }

    #[test]
    fn publishing_a_draft_makes_it_public() {
        let t = apply(SeriesStatus::new(), StatusChange { lifecycle: Published, recruitment: None }, WITH_SCHEDULE)
            .unwrap();
        assert!(t.became_public());
        assert_eq!(t.to.recruitment, Closed, "publishing does not open recruitment by itself");
        let start = apply(t.to, StatusChange { lifecycle: Active, recruitment: None }, WITH_SCHEDULE).unwrap();
        assert!(!start.became_public(), "it already was");
        let cancel = apply(t.to, StatusChange { lifecycle: Cancelled, recruitment: None }, WITH_SCHEDULE).unwrap();
        assert!(!cancel.became_public());
    }

    #[test]
    fn statuses_travel_in_snake_case() {
        for status in LifecycleStatus::ALL {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(LifecycleStatus::parse(status.as_str()), Some(status));
        }
        for status in RecruitmentStatus::ALL {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(RecruitmentStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(LifecycleStatus::parse("canceled"), None, "one spelling: British");
        assert_eq!(SeriesStatus::new(), SeriesStatus { lifecycle: Draft, recruitment: Closed });
        assert!(Draft.may_be_deleted() && !Published.may_be_deleted());
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;

        fn lifecycle() -> impl Strategy<Value = LifecycleStatus> {
            proptest::sample::select(LifecycleStatus::ALL.to_vec())
        }

        fn change() -> impl Strategy<Value = (StatusChange, StatusContext)> {
            (
                lifecycle(),
                proptest::option::of(proptest::sample::select(RecruitmentStatus::ALL.to_vec())),
                any::<bool>(),
            )
                .prop_map(|(lifecycle, recruitment, has_schedule)| {
                    (StatusChange { lifecycle, recruitment }, StatusContext { has_schedule })
                })
        }

        proptest! {
            /// Walk a new series through any sequence of requests, refused ones included.
            #[test]
            fn every_reachable_status_keeps_the_rules(changes in proptest::collection::vec(change(), 0..40)) {
                let mut status = SeriesStatus::new();
                for (change, ctx) in changes {
                    let before = status;
                    if let Ok(transition) = apply(status, change, ctx) {
                        prop_assert_eq!(transition.from, before);
                        status = transition.to;
                        prop_assert!(!before.lifecycle.is_final() || status.lifecycle == before.lifecycle,
                            "{} left a final state for {}", before.lifecycle, status.lifecycle);
                        if before.lifecycle != status.lifecycle && status.lifecycle == Published {
                            prop_assert!(ctx.has_schedule, "published without a schedule");
                        }
                    }
                    prop_assert!(status.recruitment == Closed || status.lifecycle.is_open_to_players(),
                        "recruitment open while {}", status.lifecycle);
                }
            }

            /// Lifecycle statuses only move forward along draft, published, active, completed (or to cancelled).
            #[test]
            fn the_lifecycle_never_goes_back(from in lifecycle(), (change, ctx) in change()) {
                let rank = |s: LifecycleStatus| LifecycleStatus::ALL.iter().position(|x| *x == s).unwrap();
                if let Ok(t) = apply(SeriesStatus { lifecycle: from, recruitment: Closed }, change, ctx) {
                    prop_assert!(rank(t.to.lifecycle) >= rank(from));
                    prop_assert!(rank(t.to.lifecycle) <= rank(from) + 1 || t.to.lifecycle == Cancelled);
                }
            }
        }
    }
}
