//! The series table. Private to this feature: other features ask through the functions in `mod.rs`.

pub mod series {
    //! A row of `series`, with its schedule (`schedule_*`, all null until set).
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "series")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        #[sea_orm(unique)]
        pub handle: String,
        pub gm_id: Uuid,
        pub blueprint_id: Uuid,
        pub title: String,
        pub short_description: String,
        pub lifecycle_status: String,
        pub recruitment_status: String,
        /// `free` or `paid`; null until pricing is set.
        pub pricing_model: Option<String>,
        /// Minor units (grosze, cents); 0 for free, so the price filter counts free as 0.
        pub price_minor: Option<i64>,
        pub currency_code: Option<String>,
        pub min_players: Option<i32>,
        pub max_players: Option<i32>,
        pub min_player_age: Option<i32>,
        /// `online` or `in_person`; null until set.
        pub location_kind: Option<String>,
        pub location_link: Option<String>,
        pub location_city: Option<String>,
        pub location_venue: Option<String>,
        pub language: String,
        pub thumbnail_image_id: Option<Uuid>,
        pub banner_image_id: Option<Uuid>,
        pub schedule_start_time: Option<String>,
        pub schedule_duration_minutes: Option<i32>,
        pub schedule_is_recurring: Option<bool>,
        pub schedule_recurrence_rule: Option<String>,
        pub schedule_time_zone: Option<String>,
        pub schedule_first_date: Option<String>,
        /// The next session start after the last write (the card's fact, precomputed).
        pub next_session_at: Option<DateTimeUtc>,
        pub seats_taken: i32,
        /// When it was first published: the Questboard's "newest first".
        pub published_at: Option<DateTimeUtc>,
        pub created_at: DateTimeUtc,
        pub updated_at: DateTimeUtc,
        pub version: i64,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod series_image {
    //! A row of `series_images`: one re-encoded thumbnail or banner of a series.
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
    #[sea_orm(table_name = "series_images")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: Uuid,
        pub series_id: Uuid,
        /// `thumbnail` or `banner`.
        pub kind: String,
        /// What we encoded it as (`image/jpeg`).
        pub content_type: String,
        pub width: i32,
        pub height: i32,
        /// Hex SHA-256 of `bytes`: the version the image's URL carries.
        pub sha256: String,
        pub bytes: Vec<u8>,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
