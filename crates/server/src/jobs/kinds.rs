//! Kinds of job that one feature schedules and another runs, named here so the scheduler need not name the
//! runner's code (the sessions store schedules commerce's refunds; the webhook and completion schedule the
//! recovery of a completion).

/// Resumes a cart's completion from its stored state (decisions.md, commerce §4 "Crash recovery"): scheduled at
/// each claim, unique per cart, due a minute later; a completion recorded by then makes it a no-op.
pub const FINISH_COMPLETION: &str = "commerce.finish_completion";
