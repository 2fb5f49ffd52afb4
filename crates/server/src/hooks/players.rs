//! The questions `applications` asks about a player that features above it answer: the birthdate the age rule
//! reads and what a GM sees of an applicant (stated experience, sessions played). Each has one answerer; with none
//! listed the answer is "not known" (no birthdate, nothing stated, nothing played).

use std::collections::HashMap;
use std::fmt;

use chrono::NaiveDate;
use futures::future::BoxFuture;
use questline_domain::ids::AccountId;
use questline_domain::profiles::PlayerExperience;
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};
use uuid::Uuid;

/// The player's birthdate, read in the transaction that judges their application.
pub type Birthdate = for<'c> fn(&'c DatabaseTransaction, AccountId) -> BoxFuture<'c, Result<Option<NaiveDate>, DbErr>>;

/// The stated experience of each account named (an account that stated none is left out), in one query.
pub type Experience =
    for<'c> fn(&'c DatabaseConnection, &'c [Uuid]) -> BoxFuture<'c, Result<HashMap<Uuid, PlayerExperience>, DbErr>>;

/// How many sessions each account named played (none: left out), in one query.
pub type SessionsPlayed =
    for<'c> fn(&'c DatabaseConnection, &'c [Uuid]) -> BoxFuture<'c, Result<HashMap<Uuid, u64>, DbErr>>;

#[derive(Clone, Default)]
pub struct PlayerHooks {
    birthdate: Option<(&'static str, Birthdate)>,
    experience: Option<(&'static str, Experience)>,
    sessions_played: Option<(&'static str, SessionsPlayed)>,
}

impl PlayerHooks {
    pub fn answer_birthdate(mut self, feature: &'static str, question: Birthdate) -> Self {
        self.birthdate = Some((feature, question));
        self
    }

    pub fn answer_experience(mut self, feature: &'static str, question: Experience) -> Self {
        self.experience = Some((feature, question));
        self
    }

    pub fn answer_sessions_played(mut self, feature: &'static str, question: SessionsPlayed) -> Self {
        self.sessions_played = Some((feature, question));
        self
    }

    pub async fn birthdate(&self, txn: &DatabaseTransaction, player: AccountId) -> Result<Option<NaiveDate>, DbErr> {
        match self.birthdate {
            Some((_, question)) => question(txn, player).await,
            None => Ok(None),
        }
    }

    pub async fn experience(
        &self,
        conn: &DatabaseConnection,
        players: &[Uuid],
    ) -> Result<HashMap<Uuid, PlayerExperience>, DbErr> {
        match self.experience {
            Some((_, question)) => question(conn, players).await,
            None => Ok(HashMap::new()),
        }
    }

    pub async fn sessions_played(
        &self,
        conn: &DatabaseConnection,
        players: &[Uuid],
    ) -> Result<HashMap<Uuid, u64>, DbErr> {
        match self.sessions_played {
            Some((_, question)) => question(conn, players).await,
            None => Ok(HashMap::new()),
        }
    }
}

impl fmt::Debug for PlayerHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |answerer: Option<&'static str>| answerer.unwrap_or("nobody");
        f.debug_struct("PlayerHooks")
            .field("birthdate", &name(self.birthdate.map(|(name, _)| name)))
            .field("experience", &name(self.experience.map(|(name, _)| name)))
            .field("sessions_played", &name(self.sessions_played.map(|(name, _)| name)))
            .finish()
    }
}
