use super::*;

#[test]
fn each_series_is_in_its_gms_language_and_every_gm_has_some() {
    for (index, gm) in GMS.iter().enumerate() {
        assert!(GM_OF.iter().filter(|&&of| of == index).count() >= 3, "{}", gm.first);
    }
    let polish = |text: &str| text.chars().any(|c| "ąćęłńóśźż".contains(c.to_lowercase().next().unwrap_or(c)));
    for (index, (title, description, ..)) in SERIES.iter().enumerate() {
        if polish(title) || polish(description) {
            assert_eq!(GMS[GM_OF[index]].language, "pl", "{title}");
        }
    }
}

/// The numbers a description gives for its players: "2–4" (any language) or "four to eight" (English).
fn stated_players(description: &str) -> Option<(i64, i64)> {
    let numbers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    let word = |text: &str| numbers.iter().position(|n| *n == text).map(|at| at as i64 + 1);
    let tokens: Vec<&str> = description.split(|c: char| c.is_whitespace() || c == '.' || c == ',').collect();
    for (at, token) in tokens.iter().enumerate() {
        if let Some((low, high)) = token.split_once('–')
            && let (Ok(low), Ok(high)) = (low.parse(), high.parse())
        {
            return Some((low, high));
        }
        if *token == "to"
            && at > 0
            && let (Some(low), Some(high)) = (word(tokens[at - 1]), tokens.get(at + 1).and_then(|t| word(t)))
        {
            return Some((low, high));
        }
    }
    None
}

#[test]
fn descriptions_agree_with_the_series_they_describe() {
    // Issue 32: "dla 4–5 graczy" on a table for 2–4, "Online" on one that meets in a café, "every two weeks"
    // on a weekly one.
    assert_eq!(stated_players("Gotycka kampania dla 4–5 graczy."), Some((4, 5)));
    assert_eq!(stated_players("for three to five investigators"), Some((3, 5)));
    for (index, (title, description, .., one_shot)) in SERIES.iter().enumerate() {
        if let Some(stated) = stated_players(description) {
            assert_eq!(stated, players(index), "{title}: {description}");
        }
        let lower = description.to_lowercase();
        if ["online", "en ligne"].iter().any(|word| lower.contains(word)) {
            assert!(!in_person(index), "{title} says it is played online");
        }
        if ADULTS_ONLY.iter().any(|words| description.contains(words)) {
            assert_eq!(min_age(index), 18, "{title}");
        }
        if *one_shot {
            continue;
        }
        let rule = recurrence(index);
        let text = format!("{title} {description}");
        for (day, code) in [("Friday", "FR"), ("Sunday", "SU"), ("Saturday", "SA"), ("Tuesday", "TU")] {
            if text.contains(day) {
                assert!(rule.contains(&format!("BYDAY={code}")), "{title}: {rule}");
            }
        }
        if ["toutes les deux semaines", "every two weeks", "co dwa tygodnie", "om de week"]
            .iter()
            .any(|words| lower.contains(words))
        {
            assert!(rule.contains("INTERVAL=2"), "{title}: {rule}");
        }
        if ["every week", "elke week", "co tydzień", "chaque semaine"].iter().any(|words| lower.contains(words)) {
            assert!(rule.starts_with("FREQ=WEEKLY") && !rule.contains("INTERVAL"), "{title}: {rule}");
        }
        if lower.contains("afternoon") {
            assert!(("12:00".."18:00").contains(&start_time(index)), "{title}: {}", start_time(index));
        }
    }
}

#[test]
fn a_series_speaks_its_gms_language_throughout() {
    // Issue 32: Polish series carried English parts ("what to expect", the session zero, the venues).
    let english = Words::of("en");
    for language in ["pl", "fr", "nl"] {
        let words = Words::of(language);
        assert_ne!(words.what_to_expect, english.what_to_expect, "{language}");
        assert_ne!(words.session_zero, english.session_zero, "{language}");
        for venue in words.venues {
            assert!(!english.venues.contains(&venue), "{language}: {venue}");
        }
    }
    let polish = Words::of("pl");
    assert!(polish.session_zero.contains("sesji zerowej"));
    for (index, (title, description, ..)) in SERIES.iter().enumerate() {
        if GMS[GM_OF[index]].language == "pl" {
            for english_word in [" the ", " and ", " for ", " with "] {
                assert!(!format!(" {description} ").contains(english_word), "{title}: {description}");
            }
        }
    }
}

#[test]
fn pictures_have_the_asked_size_and_differ_per_series() {
    let decode = |bytes: Vec<u8>| image::load_from_memory(&bytes).unwrap().to_rgb8();
    let first = decode(picture(0, 64, 36).unwrap());
    assert_eq!(first.dimensions(), (64, 36));
    assert_ne!(first, decode(picture(1, 64, 36).unwrap()));
    if let Some(dir) = std::env::var_os("QUESTLINE_DEMO_PICTURES") {
        for index in 0..3 {
            std::fs::write(std::path::Path::new(&dir).join(format!("{index}.png")), picture(index, 640, 360).unwrap())
                .unwrap();
        }
    }
}
