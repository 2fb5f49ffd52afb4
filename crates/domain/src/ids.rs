//! Typed ids: a `SeriesId` cannot be passed where an `AccountId` is expected. Ids are UUIDv7 (time-ordered, so new
//! rows land at the end of indexes) and travel as strings.

/// Declares a typed id wrapping a UUID.
#[macro_export]
macro_rules! typed_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub uuid::Uuid);

        impl $name {
            /// A new time-ordered id.
            pub fn new() -> Self {
                Self(uuid::Uuid::now_v7())
            }

            pub fn as_uuid(&self) -> uuid::Uuid {
                self.0
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = uuid::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                uuid::Uuid::parse_str(s).map(Self)
            }
        }

        impl From<uuid::Uuid> for $name {
            fn from(value: uuid::Uuid) -> Self {
                Self(value)
            }
        }
    };
}

typed_id!(
    /// An account: one person's sign-in identity and roles.
    AccountId
);

typed_id!(
    /// A game system of the curated tree (a family or one of its editions).
    GameSystemId
);

typed_id!(
    /// An activity blueprint: the adventure a GM describes before publishing a series of it.
    BlueprintId
);

typed_id!(
    /// A blueprint part: one rich-text section, reusable in several blueprints.
    BlueprintPartId
);

typed_id!(
    /// A series: what a GM publishes from a blueprint and players apply to.
    SeriesId
);

typed_id!(
    /// A player's application to a series (one per series and player).
    ApplicationId
);

typed_id!(
    /// One game of a series, run by its GM.
    SessionId
);

typed_id!(
    /// What one player owes for one session: the seat the store sells.
    PaymentId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_time_ordered_and_round_trip_as_strings() {
        let a = AccountId::new();
        let b = AccountId::new();
        assert!(a < b, "UUIDv7 ids sort by creation time");
        let parsed: AccountId = a.to_string().parse().unwrap();
        assert_eq!(parsed, a);
        assert_eq!(serde_json::to_value(a).unwrap(), serde_json::Value::String(a.to_string()));
        assert!("not-a-uuid".parse::<AccountId>().is_err());
    }
}
