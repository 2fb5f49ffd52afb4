//! The blueprint tables. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod blueprint {
    //! A row of `activity_blueprints`.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "activity_blueprints")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        /// Made from the first title, never changed.
        #[sea_orm(unique)]
        pub handle: String,
        pub owner_id: Uuid,
        pub title: String,
        pub language: String,
        pub activity_type: String,
        pub game_system_id: Uuid,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod part {
    //! A row of `blueprint_parts`.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "blueprint_parts")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        #[sea_orm(unique)]
        pub handle: String,
        pub owner_id: Uuid,
        pub title: String,
        /// The Tiptap document, checked against the allowlist before it was stored.
        pub content: Json,
        pub content_type: String,
        pub language: String,
        /// Characters of `content`, counted like the editor counts them.
        pub characters: i32,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod link {
    //! A row of `activity_blueprint_parts`: part `part_id` is at `position` in blueprint `blueprint_id`.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "activity_blueprint_parts")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub blueprint_id: Uuid,
        #[sea_orm(primary_key, auto_increment = false)]
        pub part_id: Uuid,
        pub position: i32,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
