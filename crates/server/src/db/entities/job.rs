//! A row of `jobs`: one piece of durable background work (see `jobs`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    /// Which handler runs it, such as `events.prune`.
    pub kind: String,
    pub payload: Json,
    /// At most one job with this key exists (recurring jobs, "remind once" jobs).
    pub unique_key: Option<String>,
    /// Not before this time.
    pub run_at: DateTimeUtc,
    /// A recurring job runs again this many seconds after each success.
    pub every_secs: Option<i64>,
    /// Runs started, including the one in progress.
    pub attempts: i32,
    pub max_attempts: i32,
    /// The instance running it, until `locked_until`; after that another instance may take it over.
    pub locked_by: Option<String>,
    pub locked_until: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    /// Set when the last attempt failed; such a job is kept for inspection and never run again.
    pub failed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
