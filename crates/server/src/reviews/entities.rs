//! The reviews tables. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod review {
    //! A row of `reviews`: one player's rating and text about one session, addressed to its GM, with the GM's
    //! answer and whether an administrator hid it.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "reviews")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub session_id: Uuid,
        pub series_id: Uuid,
        /// The session's GM, copied when written (a session never changes its GM).
        pub gm_id: Uuid,
        pub author_id: Uuid,
        /// 1 to 5.
        pub rating: i32,
        /// Plain text, trimmed; empty for a rating alone.
        pub body: String,
        pub answer_body: Option<String>,
        pub answered_at: Option<DateTimeUtc>,
        /// Set by `questline admin hide-review`: left out of the GM's list and average.
        pub hidden_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod report {
    //! A row of `review_reports`: someone reported a review; kept for an administrator.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "review_reports")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub review_id: Uuid,
        pub reporter_id: Uuid,
        pub reason: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod note {
    //! A row of `player_notes`: a GM's private note about a player, seen by that GM alone.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "player_notes")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub gm_id: Uuid,
        #[sea_orm(primary_key, auto_increment = false)]
        pub player_id: Uuid,
        pub body: String,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
