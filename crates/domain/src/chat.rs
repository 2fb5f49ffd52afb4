//! Direct chat (issue 17): what a message body may hold, who may start a conversation with whom, and the cursor
//! of a conversation's history. The server stores a body exactly as accepted and the web app shows it as text, so
//! nothing here escapes or strips markup: `<script>` is a string like any other.

use crate::error::{ErrorCode, FieldError};
use crate::text::has_hidden_characters;

/// The longest message, in characters (line breaks count).
pub const BODY_MAX: usize = 2000;
/// Messages per history page, by default and at most.
pub const PAGE_DEFAULT: u64 = 50;
pub const PAGE_MAX: u64 = 100;

/// A message body, checked: `\r\n` becomes `\n`, otherwise kept exactly as typed (leading indentation and inner
/// spacing are the writer's); not blank, at most [`BODY_MAX`] characters, no control or format characters but
/// line breaks and tabs.
pub fn parse_body(input: &str) -> Result<String, FieldError> {
    let text = input.replace("\r\n", "\n");
    if text.trim().is_empty() {
        return Err(FieldError::new(ErrorCode::MessageRequired, "Message is required"));
    }
    if text.chars().count() > BODY_MAX {
        return Err(FieldError::new(
            ErrorCode::MessageTooLong,
            format!("Message must be at most {BODY_MAX} characters"),
        )
        .param("max", BODY_MAX));
    }
    // A tab is as harmless as a line break in a chat (pasted code, tables); the rest are not.
    if has_hidden_characters(&text.replace('\t', " "), true) {
        return Err(FieldError::new(
            ErrorCode::MessageControlCharacters,
            "Message must not contain control characters",
        ));
    }
    Ok(text)
}

/// One side of a conversation to be started, as the server found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatParty {
    pub account: uuid::Uuid,
    /// The account's display name (the spec's nickname); blank when it has none.
    pub nickname: String,
    /// Active (not suspended, not erased).
    pub active: bool,
}

/// Why a direct chat cannot start (spec §5: profiles loaded, a nickname for both sides, another account).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StartRefusal {
    /// The other side is the caller.
    Yourself,
    /// The caller has no nickname yet.
    NicknameRequired,
    /// The other account is unknown, suspended, erased, or has no nickname: nobody to talk to.
    UserUnavailable,
}

impl StartRefusal {
    pub fn code(self) -> ErrorCode {
        match self {
            StartRefusal::Yourself => ErrorCode::ChatWithYourself,
            StartRefusal::NicknameRequired => ErrorCode::NicknameRequired,
            StartRefusal::UserUnavailable => ErrorCode::ChatUserNotFound,
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            StartRefusal::Yourself => "You cannot start a chat with yourself",
            StartRefusal::NicknameRequired => "Set a display name before you start a chat",
            StartRefusal::UserUnavailable => "Chat user not found",
        }
    }
}

/// Whether `me` may start (or open) a direct chat with `other`.
pub fn check_start(me: &ChatParty, other: Option<&ChatParty>) -> Result<(), StartRefusal> {
    let Some(other) = other else { return Err(StartRefusal::UserUnavailable) };
    if other.account == me.account {
        return Err(StartRefusal::Yourself);
    }
    if me.nickname.trim().is_empty() {
        return Err(StartRefusal::NicknameRequired);
    }
    if !other.active || other.nickname.trim().is_empty() {
        return Err(StartRefusal::UserUnavailable);
    }
    Ok(())
}

/// The key that makes one conversation per pair of accounts: both ids, the smaller first, whoever starts.
pub fn pair_key(a: uuid::Uuid, b: uuid::Uuid) -> String {
    let (low, high) = if a <= b { (a, b) } else { (b, a) };
    format!("{low}:{high}")
}

/// A checked request for a page of history: messages older than `before` (a message id; none is the newest),
/// at most `limit` of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistoryPage {
    pub before: Option<uuid::Uuid>,
    pub limit: u64,
}

/// Why a history cursor was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorError {
    /// `before` is not a message id.
    Before,
    /// `limit` is outside 1..=[`PAGE_MAX`].
    Limit,
}

impl CursorError {
    pub fn message(self) -> String {
        match self {
            CursorError::Before => "before must be the id of a message".to_owned(),
            CursorError::Limit => format!("limit must be between 1 and {PAGE_MAX}"),
        }
    }
}

/// Reads the query of a history page: `before` as the client got it (the id of the oldest message it holds),
/// `limit` defaulting to [`PAGE_DEFAULT`].
pub fn parse_history_page(before: Option<&str>, limit: Option<u64>) -> Result<HistoryPage, CursorError> {
    let limit = limit.unwrap_or(PAGE_DEFAULT);
    if !(1..=PAGE_MAX).contains(&limit) {
        return Err(CursorError::Limit);
    }
    let before = match before.map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(uuid::Uuid::parse_str(text).map_err(|_| CursorError::Before)?),
    };
    Ok(HistoryPage { before, limit })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn party(nickname: &str) -> ChatParty {
        ChatParty { account: uuid::Uuid::now_v7(), nickname: nickname.to_owned(), active: true }
    }

    #[test]
    fn a_body_is_kept_as_typed_but_for_windows_line_ends() {
        assert_eq!(parse_body("  hi\r\nthere\t!").unwrap(), "  hi\nthere\t!");
        let hostile = "<script>alert(1)</script> <b>x</b> [y](javascript:alert(1))";
        assert_eq!(parse_body(hostile).unwrap(), hostile);
    }

    #[test]
    fn blank_long_and_hidden_bodies_are_refused() {
        for blank in ["", "   ", "\n\t\r\n"] {
            assert_eq!(parse_body(blank).unwrap_err().code, ErrorCode::MessageRequired, "{blank:?}");
        }
        assert!(parse_body(&"é".repeat(BODY_MAX)).is_ok());
        assert_eq!(parse_body(&"é".repeat(BODY_MAX + 1)).unwrap_err().code, ErrorCode::MessageTooLong);
        for hidden in ["nul\u{0}", "bell\u{7}", "\u{202E}override", "zero\u{200B}width", "cr\ralone"] {
            assert_eq!(parse_body(hidden).unwrap_err().code, ErrorCode::MessageControlCharacters, "{hidden:?}");
        }
        assert!(parse_body("👩\u{200D}💻").is_ok());
    }

    #[test]
    fn a_chat_needs_another_active_account_and_two_nicknames() {
        let me = party("Pia");
        let gm = party("Gwen");
        assert_eq!(check_start(&me, Some(&gm)), Ok(()));
        assert_eq!(check_start(&me, Some(&me)), Err(StartRefusal::Yourself));
        assert_eq!(check_start(&me, None), Err(StartRefusal::UserUnavailable));
        assert_eq!(check_start(&party(" "), Some(&gm)), Err(StartRefusal::NicknameRequired));
        assert_eq!(check_start(&me, Some(&party(""))), Err(StartRefusal::UserUnavailable));
        let gone = ChatParty { active: false, ..gm };
        assert_eq!(check_start(&me, Some(&gone)), Err(StartRefusal::UserUnavailable));
    }

    #[test]
    fn the_pair_key_does_not_depend_on_who_starts() {
        let (a, b) = (uuid::Uuid::now_v7(), uuid::Uuid::now_v7());
        assert_eq!(pair_key(a, b), pair_key(b, a));
        assert_ne!(pair_key(a, b), pair_key(a, a));
    }

    #[test]
    fn history_pages_are_read_and_bounded() {
        assert_eq!(parse_history_page(None, None), Ok(HistoryPage { before: None, limit: PAGE_DEFAULT }));
        assert_eq!(parse_history_page(Some(""), Some(1)), Ok(HistoryPage { before: None, limit: 1 }));
        let id = uuid::Uuid::now_v7();
        assert_eq!(
            parse_history_page(Some(&id.to_string()), Some(PAGE_MAX)),
            Ok(HistoryPage { before: Some(id), limit: PAGE_MAX })
        );
        assert_eq!(parse_history_page(Some("yesterday"), None), Err(CursorError::Before));
        assert_eq!(parse_history_page(None, Some(0)), Err(CursorError::Limit));
        assert_eq!(parse_history_page(None, Some(PAGE_MAX + 1)), Err(CursorError::Limit));
    }
}
