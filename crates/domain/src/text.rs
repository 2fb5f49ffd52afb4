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
}
