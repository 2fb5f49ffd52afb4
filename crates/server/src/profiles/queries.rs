//! Reading and writing profile rows.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use questline_domain::ids::AccountId;
use questline_domain::profiles::{ExperienceLevel, PlayerExperience};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use serde_json::json;
use uuid::Uuid;

use super::dto::{Experience, Location, MyProfile, Phone, ProfileSeries, ProfileType, PublicProfile};
use super::entities::profile;
use crate::db::entities::account;
use crate::reviews::ReviewSummary;

/// The profile every new account gets: empty basics, beginner with 0 years, no playstyles yet.
pub async fn create_for_account(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    profile::Entity::insert(profile::ActiveModel {
        id: Set(Uuid::now_v7()),
        account_id: Set(account_id),
        first_name: Set(String::new()),
        last_name: Set(String::new()),
        birthdate: Set(None),
        bio: Set(String::new()),
        language: Set("en".into()),
        address1: Set(None),
        city: Set(None),
        postal_code: Set(None),
        country: Set(None),
        phone: Set(None),
        claimed_years_experience: Set(0),
        experience_level: Set(ExperienceLevel::default().as_str().into()),
        playstyles: Set(json!([])),
        gm_claimed_years_experience: Set(0),
        gm_experience_level: Set(ExperienceLevel::default().as_str().into()),
        gm_playstyles: Set(json!([])),
        basics_completed_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        version: Set(1),
    })
    .exec_without_returning(conn)
    .await?;
    Ok(())
}

/// Erases the personal fields of a deleted account's profile, keeping the row others may point at.
pub async fn erase(conn: &impl ConnectionTrait, account_id: Uuid, now: DateTime<Utc>) -> Result<(), DbErr> {
    profile::Entity::update_many()
        .set(profile::ActiveModel {
            first_name: Set(String::new()),
            last_name: Set(String::new()),
            birthdate: Set(None),
            bio: Set(String::new()),
            address1: Set(None),
            city: Set(None),
            postal_code: Set(None),
            country: Set(None),
            phone: Set(None),
            updated_at: Set(now),
            ..Default::default()
        })
        .filter(profile::Column::AccountId.eq(account_id))
        .exec(conn)
        .await?;
    Ok(())
}

pub async fn find_by_account(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
) -> Result<Option<(profile::Model, account::Model)>, DbErr> {
    let Some(owner) = account::Entity::find_by_id(account_id).one(conn).await? else { return Ok(None) };
    let found = profile::Entity::find().filter(profile::Column::AccountId.eq(account_id)).one(conn).await?;
    Ok(found.map(|profile| (profile, owner)))
}

/// The player experience each of `accounts` states on their profile.
pub async fn player_experience(
    conn: &impl ConnectionTrait,
    accounts: &[Uuid],
) -> Result<HashMap<Uuid, PlayerExperience>, DbErr> {
    if accounts.is_empty() {
        return Ok(HashMap::new());
    }
    let rows =
        profile::Entity::find().filter(profile::Column::AccountId.is_in(accounts.iter().copied())).all(conn).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let experience = PlayerExperience {
                experience_level: level(&row.experience_level),
                claimed_years_experience: row.claimed_years_experience,
            };
            (row.account_id, experience)
        })
        .collect())
}

fn playstyles(value: &serde_json::Value) -> Vec<String> {
    serde_json::from_value(value.clone()).unwrap_or_default()
}

fn level(value: &str) -> ExperienceLevel {
    ExperienceLevel::parse(value).unwrap_or_default()
}

/// What others' doings add to a profile: the sessions the account played and, for a GM, their reviews' summary,
/// the sessions they ran and the series players can see.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Standing {
    pub sessions_played: u64,
    pub review_summary: Option<ReviewSummary>,
    pub sessions_run: Option<u64>,
    pub series: Vec<ProfileSeries>,
}

/// The most series a GM's profile lists.
const PROFILE_SERIES_MAX: u64 = 20;

/// The standing of the profile's owner, read from sessions, reviews and series.
pub async fn standing(conn: &impl ConnectionTrait, owner: &account::Model) -> Result<Standing, DbErr> {
    let id = AccountId(owner.id);
    let sessions_played = crate::sessions::sessions_played(conn, id).await?;
    if owner.gm_since.is_none() {
        return Ok(Standing { sessions_played, ..Standing::default() });
    }
    let series = crate::series::published_of_gm(conn, id, PROFILE_SERIES_MAX)
        .await?
        .into_iter()
        .map(|series| ProfileSeries { id: series.id, handle: series.handle, title: series.title })
        .collect();
    Ok(Standing {
        sessions_played,
        review_summary: crate::reviews::summary(conn, id).await?,
        sessions_run: Some(crate::sessions::sessions_run(conn, id).await?),
        series,
    })
}

pub fn public_view(profile: &profile::Model, owner: &account::Model, standing: &Standing) -> PublicProfile {
    let is_gm = owner.gm_since.is_some();
    PublicProfile {
        profile_id: profile.id,
        account_id: owner.id,
        kind: if is_gm { ProfileType::Gm } else { ProfileType::Player },
        display_name: owner.display_name.clone(),
        bio: profile.bio.clone(),
        language: profile.language.clone(),
        player: Experience {
            claimed_years_experience: profile.claimed_years_experience,
            experience_level: level(&profile.experience_level),
            playstyles: playstyles(&profile.playstyles),
        },
        gm: is_gm.then(|| Experience {
            claimed_years_experience: profile.gm_claimed_years_experience,
            experience_level: level(&profile.gm_experience_level),
            playstyles: playstyles(&profile.gm_playstyles),
        }),
        member_since: owner.created_at,
        gm_since: owner.gm_since,
        sessions_played: standing.sessions_played,
        review_summary: standing.review_summary,
        sessions_run: standing.sessions_run,
        series: standing.series.clone(),
    }
}

pub fn own_view(profile: &profile::Model, owner: &account::Model, standing: &Standing) -> MyProfile {
    MyProfile {
        public: public_view(profile, owner, standing),
        first_name: profile.first_name.clone(),
        last_name: profile.last_name.clone(),
        birthdate: profile.birthdate,
        location: Location {
            address1: profile.address1.clone(),
            city: profile.city.clone(),
            postal_code: profile.postal_code.clone(),
            country: profile.country.clone(),
        },
        phone: profile.phone.clone().map(|phone| Phone { phone }),
        email: owner.email.clone(),
        basics_completed: profile.basics_completed_at.is_some(),
        version: profile.version,
    }
}
