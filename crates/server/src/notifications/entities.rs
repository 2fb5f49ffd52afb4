//! The notifications tables. Private to this feature: other features describe notices on their events.

pub mod notification {
    //! A row of `notifications`: one thing one account must know.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "notifications")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub recipient_id: Uuid,
        /// A `NotificationKind` wire name.
        pub kind: String,
        /// The app path it leads to.
        pub link: String,
        /// `NotificationParams`.
        pub params: Json,
        /// Unique per recipient: the cause (`event:<seq>:<n>`, or the notice's own key).
        pub dedupe_key: String,
        pub source_event_id: Option<i64>,
        pub read_at: Option<DateTimeUtc>,
        pub emailed_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod preference {
    //! A row of `notification_preferences`: an account's choices (no row: the defaults).
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "notification_preferences")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub account_id: Uuid,
        /// The kinds that go out by e-mail, as an array of wire names.
        pub email_kinds: Json,
        pub reminder24h: bool,
        pub reminder1h: bool,
        pub updated_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod key {
    //! A row of `notification_keys`: a secret of this server's, made once per database.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "notification_keys")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub name: String,
        pub secret: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
