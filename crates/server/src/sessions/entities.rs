//! The sessions tables. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod session {
    //! A row of `game_sessions` (`sessions` are the sign-ins): one game of a series, with its schedule, what really happened, and the count of
    //! confirmed seats (participants confirmed, ready or participating), kept in the transaction of each change.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "game_sessions")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub series_id: Uuid,
        /// The series' GM, copied at creation (a series never changes its GM).
        pub game_master_id: Uuid,
        /// A `SessionStatus` wire name.
        pub status: String,
        pub scheduled_start: DateTimeUtc,
        pub duration_minutes: i32,
        pub actual_start: Option<DateTimeUtc>,
        pub actual_duration_minutes: Option<i32>,
        pub seats_confirmed: i32,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod participant {
    //! A row of `session_participants`: one per (session, player), with the player's latest message.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "session_participants")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub session_id: Uuid,
        pub player_id: Uuid,
        /// A `ParticipantStatus` wire name.
        pub status: String,
        pub message: Option<String>,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod event {
    //! A row of `session_events`: the session's history.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "session_events")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub session_id: Uuid,
        /// A `SessionEventKind` wire name.
        pub kind: String,
        /// Who did it; null for the platform (automatic moves, the 60-minute job, hooks).
        pub actor_id: Option<Uuid>,
        /// Whom it is about.
        pub player_id: Option<Uuid>,
        /// The session's new status, for `status_changed`.
        pub status: Option<String>,
        pub message: Option<String>,
        pub at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod payment {
    //! A row of `session_payments`: one per (session, player) of a paid series, created at preparation.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "session_payments")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub session_id: Uuid,
        pub player_id: Uuid,
        pub amount_minor: i64,
        pub currency_code: String,
        /// A `PaymentStatus` wire name.
        pub status: String,
        pub cart_id: Option<String>,
        pub order_id: Option<String>,
        pub transaction_id: Option<String>,
        pub transactions_count: i32,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {
        /// Read with the payment in one query when commerce asks about a seat (`sessions::payable_seat`).
        #[sea_orm(belongs_to = "super::session::Entity", from = "Column::SessionId", to = "super::session::Column::Id")]
        Session,
    }

    impl Related<super::session::Entity> for Entity {
        fn to() -> RelationDef {
            Relation::Session.def()
        }
    }

    impl ActiveModelBehavior for ActiveModel {}
}
