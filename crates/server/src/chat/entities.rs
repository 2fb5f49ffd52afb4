//! The chat tables. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod conversation {
    //! A row of `chat_conversations`: one per pair of accounts.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "chat_conversations")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        /// Both accounts' ids, the smaller first (`questline_domain::chat::pair_key`).
        pub pair_key: String,
        /// The series the two last talked about (set by a start from a series).
        pub context_series_id: Option<Uuid>,
        /// The `seq` of the newest row of its history (0: none yet).
        pub last_seq: i64,
        pub last_message_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod participant {
    //! A row of `chat_participants`: an account in a conversation, with how far it has read.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "chat_participants")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub conversation_id: Uuid,
        #[sea_orm(primary_key, auto_increment = false)]
        pub account_id: Uuid,
        /// Every message up to this `seq` is read.
        pub last_read_seq: i64,
        pub joined_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod message {
    //! A row of `chat_messages`: a message (`kind` `message`) or a context marker (`context`, with `series_id`).
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "chat_messages")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub conversation_id: Uuid,
        pub seq: i64,
        pub kind: String,
        /// The writer, or who started the chat from a series for a context marker.
        pub sender_id: Uuid,
        pub client_id: Option<Uuid>,
        pub body: Option<String>,
        pub series_id: Option<Uuid>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod block {
    //! A row of `chat_blocks`: `blocker_id` sees no more messages from `blocked_id`.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "chat_blocks")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub blocker_id: Uuid,
        #[sea_orm(primary_key, auto_increment = false)]
        pub blocked_id: Uuid,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod report {
    //! A row of `chat_reports`: a message or a person reported, kept for an admin (`questline admin reports`).
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "chat_reports")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub reporter_id: Uuid,
        pub reported_account_id: Uuid,
        pub message_id: Option<Uuid>,
        pub message_body: Option<String>,
        pub reason: Option<String>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
