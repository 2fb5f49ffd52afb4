//! The applications tables. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod application {
    //! A row of `series_applications`: one per (series, player), with the latest messages of each side.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "series_applications")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub series_id: Uuid,
        pub player_id: Uuid,
        /// The series' GM, copied when the player first applies (a series never changes its GM).
        pub gm_id: Uuid,
        /// `pending`, `accepted`, `rejected` or `cancelled`.
        pub status: String,
        /// The player's latest message.
        pub message: Option<String>,
        /// The GM's latest reply.
        pub reply_message: Option<String>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod message {
    //! A row of `series_application_messages`: one move of an application, who made it, with its message.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "series_application_messages")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub application_id: Uuid,
        /// `applied`, `cancelled`, `reopened`, `accepted`, `rejected` or `removed`.
        pub action: String,
        pub author_id: Uuid,
        pub message: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
