//! Series: what a GM publishes and players join. The pure parts live here — the status state machine
//! ([`lifecycle`]), player requirements, pricing, and the schedule with its recurrence rule — each parsed from
//! the payloads of spec §7 with the messages of spec §5. Titles and handles are shared with blueprints.

pub mod lifecycle;
pub mod pricing;
pub mod recurrence;
pub mod requirements;
pub mod schedule;

pub use lifecycle::{
    LifecycleStatus, RecruitmentStatus, Refusal, SeriesStatus, StatusChange, StatusContext, Transition, apply,
};
pub use pricing::{Price, Pricing, PricingError, PricingInput, PricingModel};
pub use recurrence::{Frequency, RecurrenceChoice, RecurrenceRule, Weekdays};
pub use requirements::{PlayerRequirements, RequirementsError, RequirementsInput};
pub use schedule::{FirstDate, Schedule, ScheduleError, ScheduleInput, SessionDuration, StartTime, resolve_local};

/// A payload field's name under an optional prefix: `field("pricing", "amount")` is `pricing.amount`, the dotted
/// form the error format uses for nested payloads.
fn field(prefix: &str, name: &str) -> String {
    if prefix.is_empty() { name.to_owned() } else { format!("{prefix}.{name}") }
}

/// Generators shared by the property tests of the submodules.
#[cfg(test)]
pub(crate) mod strategies {
    use proptest::prelude::*;

    use super::recurrence::{Frequency, INTERVAL_MAX, RecurrenceChoice, WEEK, Weekdays};

    /// A non-empty set of weekdays.
    pub fn weekdays() -> impl Strategy<Value = Weekdays> {
        (1u8..128).prop_map(|mask| {
            WEEK.into_iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, day)| day).collect()
        })
    }

    /// Any choice the schedule form offers.
    pub fn choice() -> impl Strategy<Value = RecurrenceChoice> {
        let unit = proptest::sample::select(vec![Frequency::Daily, Frequency::Weekly, Frequency::Monthly]);
        prop_oneof![
            Just(RecurrenceChoice::Daily),
            weekdays().prop_map(RecurrenceChoice::Weekly),
            weekdays().prop_map(RecurrenceChoice::BiWeekly),
            Just(RecurrenceChoice::Monthly),
            (1..=INTERVAL_MAX, unit).prop_map(|(interval, unit)| RecurrenceChoice::Every { interval, unit }),
        ]
    }
}
