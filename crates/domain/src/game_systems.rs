//! Game systems: a curated tree of families with their editions as children (Dungeons & Dragons → 5e (2024)).
//! Managed from the command line only; these are its rules.

use std::collections::HashMap;

use uuid::Uuid;

pub const NAME_MAX_LENGTH: usize = 80;

/// A game system's display name: trimmed, 1 to 80 characters.
pub fn parse_name(input: &str) -> Result<String, String> {
    let name = input.trim();
    match name.chars().count() {
        0 => Err("Game system name is required".into()),
        n if n > NAME_MAX_LENGTH => Err(format!("Game system name must be less than {NAME_MAX_LENGTH} characters")),
        _ => Ok(name.to_owned()),
    }
}

/// The operator's name for a system in commands (`dnd-5e-2024`): lower-case letters, digits and dashes.
pub fn parse_key(input: &str) -> Result<String, String> {
    let key = input.trim();
    let valid = (2..=60).contains(&key.len())
        && key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !key.starts_with('-')
        && !key.ends_with('-');
    if valid { Ok(key.to_owned()) } else { Err(format!("{key:?} is not a key: use 2-60 of a-z, 0-9 and -")) }
}

/// Whether making `new_parent` the parent of `node` would put `node` under itself. `parents` maps every system
/// to its current parent.
pub fn would_create_cycle(parents: &HashMap<Uuid, Option<Uuid>>, node: Uuid, new_parent: Uuid) -> bool {
    let mut current = Some(new_parent);
    // A tree of n systems has paths of at most n steps; more means the stored tree already has a loop.
    for _ in 0..=parents.len() {
        match current {
            None => return false,
            Some(id) if id == node => return true,
            Some(id) => current = parents.get(&id).copied().flatten(),
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_keys() {
        assert_eq!(parse_name("  Mörk Borg ").unwrap(), "Mörk Borg");
        assert!(parse_name(" ").is_err());
        assert!(parse_name(&"x".repeat(81)).is_err());
        assert_eq!(parse_key("dnd-5e-2024").unwrap(), "dnd-5e-2024");
        assert!(parse_key("D&D").is_err());
        assert!(parse_key("-x").is_err());
    }

    #[test]
    fn moving_a_system_under_its_own_descendant_is_a_cycle() {
        let (family, edition, printing, other) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        let parents =
            HashMap::from([(family, None), (edition, Some(family)), (printing, Some(edition)), (other, None)]);
        assert!(would_create_cycle(&parents, family, printing));
        assert!(would_create_cycle(&parents, family, family));
        assert!(!would_create_cycle(&parents, printing, other));
        assert!(!would_create_cycle(&parents, other, printing));
    }
}
