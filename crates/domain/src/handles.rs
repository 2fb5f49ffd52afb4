//! Handles: the readable slugs in addresses (`/dashboard/gm/activity-blueprints/the-sunless-citadel`). Made once
//! from the title when the thing is created and never changed afterwards, so links keep working when the title
//! changes. Letters are transliterated to ASCII (`Wiedźmin: Gra Wyobraźni` → `wiedzmin-gra-wyobrazni`, Polish `ł`
//! included) by the `slug` crate; a taken or reserved handle gets `-2`, `-3`, … appended.

/// Words that are, or may become, fixed route segments next to the handle (`…/create`, `…/applications`).
pub const RESERVED_HANDLES: [&str; 4] = ["create", "new", "edit", "applications"];

/// The longest handle made from a title (before a `-N` suffix). Titles run to 100 characters; a shorter address
/// reads better and is still unique thanks to the suffix.
pub const HANDLE_BASE_MAX_LENGTH: usize = 60;

/// The handle a title asks for, before collisions are looked at. `fallback` is used when nothing of the title
/// survives transliteration (a title made only of symbols or emoji).
pub fn handle_base(title: &str, fallback: &str) -> String {
    let slug = slug::slugify(title);
    let mut base = String::new();
    for word in slug.split('-').filter(|word| !word.is_empty()) {
        let extra = if base.is_empty() { word.len() } else { word.len() + 1 };
        if base.len() + extra > HANDLE_BASE_MAX_LENGTH {
            if base.is_empty() {
                base.push_str(&word[..HANDLE_BASE_MAX_LENGTH]);
            }
            break;
        }
        if !base.is_empty() {
            base.push('-');
        }
        base.push_str(word);
    }
    if base.is_empty() { fallback.to_owned() } else { base }
}

/// The `n`-th candidate for `base`: the base itself, then `base-2`, `base-3`, …
pub fn candidate(base: &str, n: u32) -> String {
    if n <= 1 { base.to_owned() } else { format!("{base}-{n}") }
}

pub fn is_reserved(handle: &str) -> bool {
    RESERVED_HANDLES.contains(&handle)
}

/// The first candidate of `base` that is neither reserved nor taken.
pub fn first_free(base: &str, is_taken: impl Fn(&str) -> bool) -> String {
    (1..)
        .map(|n| candidate(base, n))
        .find(|handle| !is_reserved(handle) && !is_taken(handle))
        .expect("an unbounded range always has a free candidate")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_become_readable_slugs() {
        assert_eq!(handle_base("The Sunless Citadel", "blueprint"), "the-sunless-citadel");
        assert_eq!(handle_base("  Curse of   Strahd!! ", "blueprint"), "curse-of-strahd");
        assert_eq!(handle_base("D&D 5e: Lost Mine", "blueprint"), "d-d-5e-lost-mine");
    }

    #[test]
    fn polish_letters_are_transliterated() {
        assert_eq!(handle_base("Wiedźmin: Gra Wyobraźni", "x"), "wiedzmin-gra-wyobrazni");
        assert_eq!(handle_base("Zażółć gęślą jaźń", "x"), "zazolc-gesla-jazn");
        assert_eq!(handle_base("ŁÓDŹ", "x"), "lodz");
    }

    #[test]
    fn nothing_left_falls_back_and_long_titles_are_cut_at_a_word() {
        assert_eq!(handle_base("!!! ???", "part"), "part");
        let long = handle_base(&"adventure ".repeat(10), "x");
        assert!(long.len() <= HANDLE_BASE_MAX_LENGTH, "{long}");
        assert!(!long.ends_with('-'));
        assert_eq!(handle_base(&"a".repeat(100), "x").len(), HANDLE_BASE_MAX_LENGTH);
    }

    #[test]
    fn collisions_get_a_number_and_reserved_words_are_skipped() {
        let taken = ["the-keep", "the-keep-2"];
        assert_eq!(first_free("the-keep", |h| taken.contains(&h)), "the-keep-3");
        assert_eq!(first_free("fresh", |_| false), "fresh");
        for word in RESERVED_HANDLES {
            assert_eq!(first_free(word, |_| false), format!("{word}-2"));
        }
    }
}
