//! Game systems (a curated tree, seeded here), activity blueprints, blueprint parts and the ordered list of parts
//! of each blueprint. A part may serve several blueprints; deleting a part takes it out of them, deleting a
//! blueprint keeps its parts. A game system in use by a blueprint cannot be removed (the foreign key refuses).

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum GameSystems {
    Table,
    Id,
    Key,
    Name,
    NamePl,
    ParentId,
    Position,
}

#[derive(DeriveIden)]
enum ActivityBlueprints {
    Table,
    Id,
    Handle,
    OwnerId,
    Title,
    Language,
    ActivityType,
    GameSystemId,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum BlueprintParts {
    Table,
    Id,
    Handle,
    OwnerId,
    Title,
    Content,
    ContentType,
    Language,
    Characters,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ActivityBlueprintParts {
    Table,
    BlueprintId,
    PartId,
    Position,
}

/// The curated tree: what players search for, families first with their editions (newest first) as children.
/// `(key, English name, Polish name where one exists, parent key)`.
const SEED: &[(&str, &str, Option<&str>, Option<&str>)] = &[
    ("dnd", "Dungeons & Dragons", None, None),
    ("dnd-5e-2024", "5e (2024)", Some("5. edycja (2024)"), Some("dnd")),
    ("dnd-5e-2014", "5e (2014)", Some("5. edycja (2014)"), Some("dnd")),
    ("dnd-4e", "4e", Some("4. edycja"), Some("dnd")),
    ("dnd-3-5e", "3.5e", Some("edycja 3.5"), Some("dnd")),
    ("dnd-add-2e", "AD&D 2nd Edition", Some("AD&D 2. edycja"), Some("dnd")),
    ("pathfinder", "Pathfinder", None, None),
    ("pathfinder-2e", "2e", Some("2. edycja"), Some("pathfinder")),
    ("pathfinder-1e", "1e", Some("1. edycja"), Some("pathfinder")),
    ("starfinder", "Starfinder", None, None),
    ("starfinder-2e", "2e", Some("2. edycja"), Some("starfinder")),
    ("starfinder-1e", "1e", Some("1. edycja"), Some("starfinder")),
    ("call-of-cthulhu", "Call of Cthulhu", Some("Zew Cthulhu"), None),
    ("call-of-cthulhu-7e", "7e", Some("7. edycja"), Some("call-of-cthulhu")),
    ("warhammer-fantasy-roleplay", "Warhammer Fantasy Roleplay", None, None),
    ("wfrp-4e", "4e", Some("4. edycja"), Some("warhammer-fantasy-roleplay")),
    ("wfrp-4e-polish", "4e, Polish edition", Some("4. edycja, wydanie polskie"), Some("warhammer-fantasy-roleplay")),
    ("wfrp-2e", "2e", Some("2. edycja"), Some("warhammer-fantasy-roleplay")),
    ("vampire-the-masquerade", "Vampire: The Masquerade", Some("Wampir: Maskarada"), None),
    ("vtm-5e", "5e", Some("5. edycja"), Some("vampire-the-masquerade")),
    ("vtm-v20", "20th Anniversary Edition (V20)", Some("edycja jubileuszowa (V20)"), Some("vampire-the-masquerade")),
    ("cyberpunk", "Cyberpunk", None, None),
    ("cyberpunk-red", "Cyberpunk RED", None, Some("cyberpunk")),
    ("cyberpunk-2020", "Cyberpunk 2020", None, Some("cyberpunk")),
    ("shadowrun", "Shadowrun", None, None),
    ("shadowrun-6e", "Sixth World (6e)", Some("6. edycja"), Some("shadowrun")),
    ("shadowrun-5e", "5e", Some("5. edycja"), Some("shadowrun")),
    ("savage-worlds", "Savage Worlds", None, None),
    ("savage-worlds-adventure", "Adventure Edition (SWADE)", Some("Edycja Przygodowa (SWADE)"), Some("savage-worlds")),
    ("blades-in-the-dark", "Blades in the Dark", None, None),
    ("mork-borg", "Mörk Borg", None, None),
    ("daggerheart", "Daggerheart", None, None),
    ("delta-green", "Delta Green", None, None),
    ("alien", "Alien: The Roleplaying Game", None, None),
    ("tales-from-the-loop", "Tales from the Loop", Some("Opowieści z Pętli"), None),
    ("wrath-and-glory", "Warhammer 40,000: Wrath & Glory", None, None),
    ("the-witcher-trpg", "The Witcher TRPG", None, None),
    ("neuroshima", "Neuroshima", None, None),
    ("neuroshima-1-5", "1.5", Some("edycja 1.5"), Some("neuroshima")),
    ("monastyr", "Monastyr", None, None),
    ("wiedzmin-gra-wyobrazni", "Wiedźmin: Gra Wyobraźni", None, None),
    ("dzikie-pola", "Dzikie Pola", None, None),
    ("krysztaly-czasu", "Kryształy Czasu", None, None),
    ("other", "Other system", Some("Inny system"), None),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(GameSystems::Table)
                    .col(uuid(GameSystems::Id).primary_key())
                    .col(string(GameSystems::Key).unique_key())
                    .col(string(GameSystems::Name))
                    .col(string_null(GameSystems::NamePl))
                    .col(uuid_null(GameSystems::ParentId))
                    .col(integer(GameSystems::Position).default(0))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_game_systems_parent")
                            .from(GameSystems::Table, GameSystems::ParentId)
                            .to(GameSystems::Table, GameSystems::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        seed_game_systems(manager).await?;

        manager
            .create_table(
                Table::create()
                    .table(ActivityBlueprints::Table)
                    .col(uuid(ActivityBlueprints::Id).primary_key())
                    .col(string(ActivityBlueprints::Handle))
                    .col(uuid(ActivityBlueprints::OwnerId))
                    .col(string(ActivityBlueprints::Title))
                    .col(string(ActivityBlueprints::Language))
                    .col(string(ActivityBlueprints::ActivityType))
                    .col(uuid(ActivityBlueprints::GameSystemId))
                    .versioned_timestamps()
                    .owned_by_account(ActivityBlueprints::Table, ActivityBlueprints::OwnerId)
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_activity_blueprints_game_system")
                            .from(ActivityBlueprints::Table, ActivityBlueprints::GameSystemId)
                            .to(GameSystems::Table, GameSystems::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_activity_blueprints_handle")
                    .table(ActivityBlueprints::Table)
                    .col(ActivityBlueprints::Handle)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("activity_blueprints_owner")
                    .table(ActivityBlueprints::Table)
                    .col(ActivityBlueprints::OwnerId)
                    .col(ActivityBlueprints::UpdatedAt)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(BlueprintParts::Table)
                    .col(uuid(BlueprintParts::Id).primary_key())
                    .col(string(BlueprintParts::Handle))
                    .col(uuid(BlueprintParts::OwnerId))
                    .col(string(BlueprintParts::Title))
                    .col(json(BlueprintParts::Content))
                    .col(string(BlueprintParts::ContentType))
                    .col(string(BlueprintParts::Language))
                    .col(integer(BlueprintParts::Characters).default(0))
                    .versioned_timestamps()
                    .owned_by_account(BlueprintParts::Table, BlueprintParts::OwnerId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_blueprint_parts_handle")
                    .table(BlueprintParts::Table)
                    .col(BlueprintParts::Handle)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("blueprint_parts_owner")
                    .table(BlueprintParts::Table)
                    .col(BlueprintParts::OwnerId)
                    .col(BlueprintParts::UpdatedAt)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(ActivityBlueprintParts::Table)
                    .col(uuid(ActivityBlueprintParts::BlueprintId))
                    .col(uuid(ActivityBlueprintParts::PartId))
                    .col(integer(ActivityBlueprintParts::Position))
                    .primary_key(
                        Index::create().col(ActivityBlueprintParts::BlueprintId).col(ActivityBlueprintParts::PartId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(ActivityBlueprintParts::Table, ActivityBlueprintParts::BlueprintId)
                            .to(ActivityBlueprints::Table, ActivityBlueprints::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(ActivityBlueprintParts::Table, ActivityBlueprintParts::PartId)
                            .to(BlueprintParts::Table, BlueprintParts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("activity_blueprint_parts_part")
                    .table(ActivityBlueprintParts::Table)
                    .col(ActivityBlueprintParts::PartId)
                    .to_owned(),
            )
            .await
    }
}

async fn seed_game_systems(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let mut ids = std::collections::HashMap::new();
    let mut positions = std::collections::HashMap::<Option<&str>, i32>::new();
    let mut insert = Query::insert()
        .into_table(GameSystems::Table)
        .columns([
            GameSystems::Id,
            GameSystems::Key,
            GameSystems::Name,
            GameSystems::NamePl,
            GameSystems::ParentId,
            GameSystems::Position,
        ])
        .to_owned();
    for &(key, name, name_pl, parent) in SEED {
        let id = uuid::Uuid::now_v7();
        ids.insert(key, id);
        let parent_id = parent.map(|parent| *ids.get(parent).expect("parents come before their editions"));
        let position = positions.entry(parent).or_default();
        insert.values_panic([
            id.into(),
            key.into(),
            name.into(),
            name_pl.map(str::to_owned).into(),
            parent_id.into(),
            (*position).into(),
        ]);
        *position += 1;
    }
    manager.exec_stmt(insert).await
}
