//! Rules for text people type that others will see: no characters that are invisible or that change how the text
//! around them is shown (issue 9, finding 6).

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Whether `text` holds a character of Unicode's control (Cc) or format (Cf) category: NUL, line breaks and tabs,
/// bidirectional overrides such as U+202E, zero-width spaces, soft hyphens. Such characters break mail headers
/// and logs, hide text, or make one name look like another. The zero-width joiner and non-joiner (U+200D, U+200C)
/// are allowed: emoji sequences (👩‍💻) and some scripts need them to be written at all. With `multi_line`, `\n`
/// is allowed too (a bio has paragraphs).
pub fn has_hidden_characters(text: &str, multi_line: bool) -> bool {
    text.chars().any(|c| {
        let hidden = matches!(c.general_category(), GeneralCategory::Control | GeneralCategory::Format);
        hidden && !matches!(c, '\u{200C}' | '\u{200D}') && !(multi_line && c == '\n')
    })
}

/// The rule every text the server takes passes, whatever its field (issue 31): no control or format character,
/// except the line break, carriage return and tab that multi-line texts hold (each single-line field refuses those
/// itself with [`has_hidden_characters`]) and the zero-width joiner and non-joiner. NUL is among the refused: no
/// database column of ours can store it (PostgreSQL refuses it in text and JSON).
pub fn has_refused_characters(text: &str) -> bool {
    text.chars().any(|c| {
        let hidden = matches!(c.general_category(), GeneralCategory::Control | GeneralCategory::Format);
        hidden && !matches!(c, '\u{200C}' | '\u{200D}' | '\n' | '\r' | '\t')
    })
}

/// The message for a field that holds such a character.
pub fn hidden_characters_message(label: &str) -> String {
    format!("{label} must not contain control characters")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_format_characters_are_found() {
        for hidden in [
            "nul\u{0}",
            "line\nbreak",
            "tab\t",
            "\u{202E}override",
            "zero\u{200B}width",
            "soft\u{00AD}",
            "\u{FEFF}bom",
            "\u{2066}isolate",
        ] {
            assert!(has_hidden_characters(hidden, false), "{hidden:?}");
        }
        assert!(!has_hidden_characters("Zoë Łódź 東京 👩\u{200D}💻 ‍", false));
        assert!(!has_hidden_characters("one\ntwo", true));
        assert!(has_hidden_characters("one\r\ntwo", true), "a carriage return is not a line break of ours");
    }

    #[test]
    fn every_text_refuses_nul_and_invisible_characters_but_keeps_line_breaks_and_tabs() {
        for refused in
            ["nul\u{0}", "bell\u{7}", "\u{202E}override", "zero\u{200B}width", "soft\u{AD}hyphen", "c1\u{85}"]
        {
            assert!(has_refused_characters(refused), "{refused:?}");
        }
        assert!(!has_refused_characters("Zoë 東京 👩\u{200D}💻\none\r\ntwo\tthree"));
    }
}
