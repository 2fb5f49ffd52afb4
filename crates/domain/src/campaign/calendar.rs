//! Calendars (issue 35): the iCalendar text (RFC 5545) of an account's private feed, of one session's "Add to
//! calendar" download and of the attachment the schedule mails carry, with the feed's HTTP validators.
//!
//! Written by hand rather than with a crate: the writer needs only a handful of properties, and what matters is
//! what a crate would hide: TEXT escaping, folding at 75 octets without cutting a UTF-8 character, CRLF, and a body
//! that is byte-for-byte the same while nothing changed, so its `ETag` holds between polls.
//!
//! What reaches a calendar is decided here, not by the caller: times in UTC (no `VTIMEZONE`: the server turns the
//! schedule's wall-clock time into the instant, DST included), the series title, the GM's display name, the table's
//! link or place only for a reader who runs the session or holds a seat, a link back to the session page, and no
//! person's e-mail address (no `ORGANIZER`, no `ATTENDEE`: both are addresses).

use chrono::{DateTime, SubsecRound as _, Utc};

use crate::accounts::Locale;
use crate::ids::SessionId;
use crate::sessions::{ParticipantStatus, SessionStatus};

/// The product that wrote the calendar (`PRODID`, RFC 5545 §3.7.3).
pub const PRODID: &str = "-//Questline//Questline//EN";

/// The response's media type, for the feed, the download and the mail attachment alike.
pub const MEDIA_TYPE: &str = "text/calendar; charset=utf-8";

/// How often a subscribed app is asked to look again (`REFRESH-INTERVAL`, RFC 7986, and Microsoft's
/// `X-PUBLISHED-TTL`). Some apps default to once a day, too late for a table cancelled at its go/no-go; a poll
/// costs a `304` thanks to the `ETag`.
pub const REFRESH_INTERVAL_MINUTES: u32 = 30;

/// The longest physical line, CRLF not counted (RFC 5545 §3.1).
const LINE_OCTETS: usize = 75;

/// An event's `UID`: one per session, the same in every feed, download and mail and across reschedules, so a
/// calendar app updates the event it has instead of adding another.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Uid(String);

impl Uid {
    /// `session-<id>@<host>`. The host is the deployment's public host from configuration, never a request's
    /// `Host` header: if it changed, every app would see every session as a new event.
    pub fn of_session(session: SessionId, host: &str) -> Self {
        Self(format!("session-{session}@{host}"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The event's `STATUS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventStatus {
    /// The GM is changing the date (the session is back in planning): the old date is kept, marked as not sure,
    /// rather than dropped from the feed, which would make apps delete the event and add it again.
    Tentative,
    Confirmed,
    Cancelled,
}

impl EventStatus {
    /// Planning is tentative, cancelled is cancelled, and every other state confirmed: a session that was played,
    /// whole or stopped early, took place at that time.
    pub fn of(status: SessionStatus) -> Self {
        match status {
            SessionStatus::Planning => EventStatus::Tentative,
            SessionStatus::Cancelled => EventStatus::Cancelled,
            _ => EventStatus::Confirmed,
        }
    }

    fn as_ical(self) -> &'static str {
        match self {
            EventStatus::Tentative => "TENTATIVE",
            EventStatus::Confirmed => "CONFIRMED",
            EventStatus::Cancelled => "CANCELLED",
        }
    }
}

/// Who reads the calendar, as far as this session goes: it decides whether the table's link or place is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// The session's GM.
    GameMaster,
    /// A player who holds a seat, or held one and played.
    Seated,
    /// A player offered a seat who has not taken it (invited, not yet answered).
    Offered,
}

impl Reader {
    /// A player by their participation: a seat holder (confirmed, ready, participating) is seated, and so is one
    /// who played (fully or leaving early), so a past session keeps the place it was played at. Anyone else is
    /// only offered a seat; a player out of the session sees it cancelled ([`event_status`]).
    pub fn player(status: ParticipantStatus) -> Self {
        let played = matches!(status, ParticipantStatus::ParticipatedFully | ParticipantStatus::LeftEarly);
        if status.holds_seat() || played { Reader::Seated } else { Reader::Offered }
    }

    /// The table's link or place is for those who come: a link in an invitation would let anyone it is forwarded
    /// to join.
    pub fn sees_table(self) -> bool {
        matches!(self, Reader::GameMaster | Reader::Seated)
    }
}

/// The event's status and `SEQUENCE` for its reader (`player`, `None` for the GM), from the session's status and its
/// number of time or status changes: a player out of the session (turned the date down, left, removed) sees it
/// cancelled one change later, so their calendar drops the evening; a session's own cancellation is a change of
/// its status already, whatever it did to the seats.
pub fn event_status(session: SessionStatus, player: Option<ParticipantStatus>, changes: usize) -> (EventStatus, u32) {
    let out = player.is_some_and(|status| {
        matches!(status, ParticipantStatus::Rejected | ParticipantStatus::Cancelled | ParticipantStatus::RemovedByGm)
    });
    if out && session != SessionStatus::Cancelled {
        (EventStatus::Cancelled, sequence(changes.saturating_add(1)))
    } else {
        (EventStatus::of(session), sequence(changes))
    }
}

/// One session as an event. The caller fills it from the session and the reader; the writer decides what of it is
/// shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarEvent {
    pub uid: Uid,
    /// See [`sequence`].
    pub sequence: u32,
    pub status: EventStatus,
    pub start: DateTime<Utc>,
    /// Written only when later than the start (RFC 5545 requires it); an event without one lasts no time.
    pub end: DateTime<Utc>,
    /// The session's last change, written as both `LAST-MODIFIED` and `DTSTAMP`. Not the time of writing: a feed
    /// written twice from the same sessions must be the same bytes, or its `ETag` would change on every poll.
    pub last_modified: DateTime<Utc>,
    /// The series title (`SUMMARY`).
    pub title: String,
    /// The GM's display name.
    pub game_master: String,
    pub reader: Reader,
    /// The table's link (online) or place (in person); shown only when [`Reader::sees_table`].
    pub table: Option<String>,
    /// The absolute URL of the session page.
    pub url: String,
}

/// The event's `SEQUENCE`: raised on each change of time or status, so it is the number of such changes since
/// the session was created (the server counts the session's schedule and status history entries after the
/// first). It never goes down, as RFC 5545 requires; a change the calendar cannot see (two states both
/// confirmed) raises it too, which costs nothing.
pub fn sequence(changes: usize) -> u32 {
    u32::try_from(changes).unwrap_or(u32::MAX)
}

/// An account's feed: a calendar named `name` (`X-WR-CALNAME`, which apps show as the subscription's name) with
/// the events in start order (then by UID), whatever order they came in, so the same sessions always give the
/// same bytes. The description's labels are in `locale`.
pub fn calendar(name: &str, locale: Locale, events: &[CalendarEvent]) -> String {
    let mut ordered: Vec<&CalendarEvent> = events.iter().collect();
    ordered.sort_by(|a, b| (a.start, &a.uid).cmp(&(b.start, &b.uid)));
    let mut out = Writer::default();
    out.begin();
    out.text("X-WR-CALNAME", name);
    out.raw("REFRESH-INTERVAL;VALUE=DURATION", &format!("PT{REFRESH_INTERVAL_MINUTES}M"));
    out.raw("X-PUBLISHED-TTL", &format!("PT{REFRESH_INTERVAL_MINUTES}M"));
    for event in ordered {
        out.event(locale, event);
    }
    out.end()
}

/// One event, for the session page's "Add to calendar" download and the schedule mails' attachment. The same
/// writer as the feed, without a calendar name or refresh hint: an imported file is not a subscription, and some
/// apps would make a new calendar of its name. `METHOD:PUBLISH` too: a `REQUEST` needs an organizer and
/// attendees, which are e-mail addresses. Apps update the imported event by its UID and a higher `SEQUENCE`.
pub fn single_event(locale: Locale, event: &CalendarEvent) -> String {
    let mut out = Writer::default();
    out.begin();
    out.event(locale, event);
    out.end()
}

/// A feed with its HTTP validators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feed {
    pub body: String,
    pub etag: String,
    /// `None` for a feed without events (send no `Last-Modified` then).
    pub last_modified: Option<DateTime<Utc>>,
}

/// The feed and its validators together, so the `ETag` always belongs to the body sent.
pub fn feed(name: &str, locale: Locale, events: &[CalendarEvent]) -> Feed {
    let body = calendar(name, locale, events);
    Feed { etag: etag(&body), last_modified: last_modified(events), body }
}

/// A strong `ETag` (quoted) of the calendar text: its length and FNV-1a hash. Of the whole text rather than of
/// the events' UIDs, sequences and stamps, because a renamed series, a GM's new display name or a seat taken
/// (the table appears) change the text without raising the sequence, and must reach the apps too. The hash is
/// written here because std's `DefaultHasher` may change between Rust versions, which would change every `ETag`
/// at an upgrade; it need not resist an attacker, only tell versions of one account's feed apart.
pub fn etag(body: &str) -> String {
    format!("\"{:x}-{:016x}\"", body.len(), fnv1a_64(body.as_bytes()))
}

/// The feed's `Last-Modified`: the latest change of its events, in whole seconds as HTTP dates are (otherwise an
/// `If-Modified-Since` echoing it back would read as older). It does not move when an event leaves the feed; the
/// `ETag` does, and a request with `If-None-Match` ignores `If-Modified-Since` (RFC 9110 §13.1.3).
pub fn last_modified(events: &[CalendarEvent]) -> Option<DateTime<Utc>> {
    events.iter().map(|event| event.last_modified.trunc_subsecs(0)).max()
}

/// The 64-bit FNV-1a hash (Fowler, Noll, Vo): stable, tiny and fast.
fn fnv1a_64(bytes: &[u8]) -> u64 {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes.iter().fold(OFFSET_BASIS, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME))
}

/// The description's labels, in the words of the web app's `gameMaster`, `location` and session pages.
struct Labels {
    game_master: &'static str,
    location: &'static str,
    session: &'static str,
}

fn labels(locale: Locale) -> Labels {
    match locale {
        Locale::EnGb => Labels { game_master: "Game master", location: "Location", session: "Session" },
        Locale::PlPl => Labels { game_master: "Mistrz gry", location: "Miejsce", session: "Sesja" },
    }
}

/// Collects content lines, each folded and ended with CRLF.
#[derive(Default)]
struct Writer {
    out: String,
}

impl Writer {
    fn begin(&mut self) {
        self.raw("BEGIN", "VCALENDAR");
        self.raw("VERSION", "2.0");
        self.raw("PRODID", PRODID);
        self.raw("CALSCALE", "GREGORIAN");
        self.raw("METHOD", "PUBLISH");
    }

    fn end(mut self) -> String {
        self.raw("END", "VCALENDAR");
        self.out
    }

    fn event(&mut self, locale: Locale, event: &CalendarEvent) {
        let labels = labels(locale);
        let table =
            event.table.as_deref().map(str::trim).filter(|table| event.reader.sees_table() && !table.is_empty());
        let mut description = Vec::new();
        if !event.game_master.trim().is_empty() {
            description.push(format!("{}: {}", labels.game_master, event.game_master.trim()));
        }
        if let Some(table) = table {
            description.push(format!("{}: {table}", labels.location));
        }
        // Also in the text, as some apps (Google's among them) show no `URL`.
        description.push(format!("{}: {}", labels.session, event.url));

        self.raw("BEGIN", "VEVENT");
        self.text("UID", event.uid.as_str());
        self.raw("SEQUENCE", &event.sequence.to_string());
        self.raw("DTSTAMP", &utc(event.last_modified));
        self.raw("LAST-MODIFIED", &utc(event.last_modified));
        self.raw("DTSTART", &utc(event.start));
        if event.end > event.start {
            self.raw("DTEND", &utc(event.end));
        }
        self.raw("STATUS", event.status.as_ical());
        self.text("SUMMARY", &event.title);
        self.text("DESCRIPTION", &description.join("\n"));
        if let Some(table) = table {
            self.text("LOCATION", table);
        }
        self.raw("URL", &uri(&event.url));
        self.raw("END", "VEVENT");
    }

    /// A property whose value is TEXT, escaped.
    fn text(&mut self, name: &str, value: &str) {
        self.raw(name, &escape_text(value));
    }

    /// A property whose value is written as given (dates, numbers, URIs, constants).
    fn raw(&mut self, name: &str, value: &str) {
        fold_into(&mut self.out, &format!("{name}:{value}"));
    }
}

/// A UTC DATE-TIME (`20261201T180000Z`); RFC 5545 has no fractions of a second.
fn utc(at: DateTime<Utc>) -> String {
    at.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A URI value is not escaped (a backslash would become part of it); control characters, which no URI holds and
/// which would break the line, are dropped.
fn uri(value: &str) -> String {
    value.chars().filter(|c| !c.is_control()).collect()
}

/// TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon and comma take a backslash, a line break (LF, CRLF or
/// CR) becomes `\n`, a tab stays, and other control characters, which TEXT cannot hold, are dropped.
fn escape_text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push_str("\\n");
            }
            '\t' => out.push('\t'),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Appends one content line folded at 75 octets (RFC 5545 §3.1): a continuation starts with a space, which
/// counts, and a break never falls inside a character's UTF-8 bytes.
fn fold_into(out: &mut String, line: &str) {
    let mut used = 0;
    for c in line.chars() {
        if used + c.len_utf8() > LINE_OCTETS {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += c.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;
    use proptest::prelude::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn session() -> SessionId {
        "0192d5e0-7b1a-7c3e-9a4b-5c6d7e8f9a0b".parse().unwrap()
    }

    fn event() -> CalendarEvent {
        CalendarEvent {
            uid: Uid::of_session(session(), "questline.example"),
            sequence: 2,
            status: EventStatus::Confirmed,
            start: at("2026-12-01T18:00:00Z"),
            end: at("2026-12-01T22:00:00Z"),
            last_modified: at("2026-11-20T09:30:15.250Z"),
            title: "Klątwa Strahda; część 2, \"Barovia\"".to_owned(),
            game_master: "Żaneta Wąż".to_owned(),
            reader: Reader::Seated,
            table: Some("https://meet.example/abc-def".to_owned()),
            url: "https://questline.example/sessions/0192d5e0-7b1a-7c3e-9a4b-5c6d7e8f9a0b".to_owned(),
        }
    }

    /// A reader written for the test, as a calendar app reads: unfold, split lines, split each property's name
    /// (with parameters) from its value, and unescape TEXT.
    struct Parsed {
        components: Vec<Vec<(String, String)>>,
    }

    fn unfold(text: &str) -> String {
        text.replace("\r\n ", "").replace("\r\n\t", "")
    }

    fn unescape(value: &str) -> String {
        let mut out = String::new();
        let mut chars = value.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('n' | 'N') => out.push('\n'),
                    Some(other) => out.push(other),
                    None => panic!("a lone backslash ends {value:?}"),
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    /// The calendar's own properties first, then one list per VEVENT.
    fn parse(text: &str) -> Parsed {
        let unfolded = unfold(text);
        let body = unfolded.strip_suffix("\r\n").expect("the last line ends with CRLF");
        let mut components = vec![Vec::new()];
        for line in body.split("\r\n") {
            assert!(!line.contains('\n') && !line.contains('\r'), "a bare line break in {line:?}");
            let (name, value) = line.split_once(':').expect("every line is NAME:value");
            match (name, value) {
                ("BEGIN", "VEVENT") => components.push(Vec::new()),
                ("BEGIN" | "END", _) => {}
                _ => components.last_mut().unwrap().push((name.to_owned(), value.to_owned())),
            }
        }
        Parsed { components }
    }

    impl Parsed {
        fn calendar(&self) -> &[(String, String)] {
            &self.components[0]
        }

        fn events(&self) -> &[Vec<(String, String)>] {
            &self.components[1..]
        }
    }

    fn get<'a>(properties: &'a [(String, String)], name: &str) -> Option<&'a str> {
        properties.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    #[test]
    fn a_feed_reads_back_with_its_uid_sequence_times_and_text() {
        let text = calendar("Questline: Żaneta's games", Locale::EnGb, &[event()]);
        let parsed = parse(&text);

        let cal = parsed.calendar();
        assert_eq!(get(cal, "VERSION"), Some("2.0"));
        assert_eq!(get(cal, "PRODID"), Some(PRODID));
        assert_eq!(get(cal, "CALSCALE"), Some("GREGORIAN"));
        assert_eq!(get(cal, "METHOD"), Some("PUBLISH"));
        assert_eq!(get(cal, "X-WR-CALNAME").map(unescape).as_deref(), Some("Questline: Żaneta's games"));
        assert_eq!(get(cal, "X-PUBLISHED-TTL"), Some("PT30M"));

        let [vevent] = parsed.events() else { panic!("one event in {text}") };
        assert_eq!(get(vevent, "UID"), Some("session-0192d5e0-7b1a-7c3e-9a4b-5c6d7e8f9a0b@questline.example"));
        assert_eq!(get(vevent, "SEQUENCE"), Some("2"));
        assert_eq!(get(vevent, "DTSTART"), Some("20261201T180000Z"));
        assert_eq!(get(vevent, "DTEND"), Some("20261201T220000Z"));
        assert_eq!(get(vevent, "DTSTAMP"), Some("20261120T093015Z"));
        assert_eq!(get(vevent, "LAST-MODIFIED"), Some("20261120T093015Z"));
        assert_eq!(get(vevent, "STATUS"), Some("CONFIRMED"));
        assert_eq!(get(vevent, "SUMMARY").map(unescape).as_deref(), Some("Klątwa Strahda; część 2, \"Barovia\""));
        assert_eq!(
            get(vevent, "DESCRIPTION").map(unescape).as_deref(),
            Some(
                "Game master: Żaneta Wąż\nLocation: https://meet.example/abc-def\n\
                 Session: https://questline.example/sessions/0192d5e0-7b1a-7c3e-9a4b-5c6d7e8f9a0b"
            )
        );
        assert_eq!(get(vevent, "LOCATION").map(unescape).as_deref(), Some("https://meet.example/abc-def"));
        assert_eq!(get(vevent, "URL"), Some(event().url.as_str()));
        for forbidden in ["ORGANIZER", "ATTENDEE"] {
            assert!(get(vevent, forbidden).is_none(), "{forbidden} would carry an e-mail address");
        }
        assert!(!text.contains("mailto:"));
    }

    #[test]
    fn every_line_ends_with_crlf_and_none_with_a_bare_lf() {
        let long = CalendarEvent { title: "Długi tytuł ".repeat(20), ..event() };
        let text = calendar("Feed", Locale::PlPl, &[event(), long]);
        assert!(text.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"));
        assert!(text.ends_with("END:VEVENT\r\nEND:VCALENDAR\r\n"));
        let bytes = text.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                assert_eq!(bytes[i - 1], b'\r', "LF without CR at octet {i}");
            }
            if b == b'\r' {
                assert_eq!(bytes.get(i + 1), Some(&b'\n'), "CR without LF at octet {i}");
            }
        }
    }

    #[test]
    fn text_escapes_backslash_semicolon_comma_and_line_breaks() {
        assert_eq!(escape_text(r"a\b;c,d"), r"a\\b\;c\,d");
        assert_eq!(escape_text("one\ntwo\r\nthree\rfour"), r"one\ntwo\nthree\nfour");
        assert_eq!(escape_text("tab\there, bell\u{7} gone"), "tab\there\\, bell gone");
        assert_eq!(escape_text("Zażółć gęślą jaźń 🐉: ok"), "Zażółć gęślą jaźń 🐉: ok");
        // A colon needs no escape: the first colon ends the name.
        let text = single_event(Locale::EnGb, &CalendarEvent { title: "A: B; C, D\\E\nF".to_owned(), ..event() });
        let parsed = parse(&text);
        assert_eq!(get(&parsed.events()[0], "SUMMARY"), Some(r"A: B\; C\, D\\E\nF"));
        assert_eq!(get(&parsed.events()[0], "SUMMARY").map(unescape).as_deref(), Some("A: B; C, D\\E\nF"));
    }

    #[test]
    fn a_line_of_75_octets_stays_whole_and_76_folds() {
        let mut out = String::new();
        fold_into(&mut out, &"x".repeat(75));
        assert_eq!(out, format!("{}\r\n", "x".repeat(75)));

        let mut out = String::new();
        fold_into(&mut out, &"x".repeat(76));
        assert_eq!(out, format!("{}\r\n x\r\n", "x".repeat(75)));

        // Continuations hold 74 octets after their space.
        let mut out = String::new();
        fold_into(&mut out, &"x".repeat(75 + 74 + 1));
        assert_eq!(out, format!("{}\r\n {}\r\n x\r\n", "x".repeat(75), "x".repeat(74)));
    }

    #[test]
    fn a_fold_never_cuts_a_character() {
        // 74 ASCII octets, then "ą" (2 octets) would end at 76: it moves whole to the next line.
        let mut out = String::new();
        fold_into(&mut out, &format!("{}ąż", "x".repeat(74)));
        assert_eq!(out, format!("{}\r\n ąż\r\n", "x".repeat(74)));

        // 73 octets, then an emoji (4 octets).
        let mut out = String::new();
        fold_into(&mut out, &format!("{}🎲b", "x".repeat(73)));
        assert_eq!(out, format!("{}\r\n 🎲b\r\n", "x".repeat(73)));

        // 73 octets, then "ż" fits exactly at 75.
        let mut out = String::new();
        fold_into(&mut out, &format!("{}żb", "x".repeat(73)));
        assert_eq!(out, format!("{}ż\r\n b\r\n", "x".repeat(73)));
    }

    #[test]
    fn a_polish_title_with_emoji_folds_into_short_lines_and_unfolds_to_itself() {
        let title = "Gra o tron 🐉🏰: Żółta ćma, źdźbło i łąka — kampania w Łodzi ąęśćżźńół 👨‍👩‍👧 ".repeat(4);
        let text = single_event(Locale::PlPl, &CalendarEvent { title: title.clone(), ..event() });
        for line in text.split_terminator("\r\n") {
            assert!(line.len() <= 75, "{} octets: {line:?}", line.len());
        }
        assert!(text.split_terminator("\r\n").any(|line| line.starts_with(' ')), "the title was folded");
        let parsed = parse(&text);
        assert_eq!(get(&parsed.events()[0], "SUMMARY").map(unescape), Some(title));
        assert!(get(&parsed.events()[0], "DESCRIPTION").map(unescape).unwrap().starts_with("Mistrz gry: Żaneta Wąż\n"));
    }

    proptest! {
        #[test]
        fn any_text_folds_within_75_octets_and_reads_back(text in "(\\PC|\n|\\\\|;|,){0,300}") {
            let mut out = String::new();
            fold_into(&mut out, &format!("SUMMARY:{}", escape_text(&text)));
            prop_assert!(out.ends_with("\r\n"));
            for line in out.split_terminator("\r\n") {
                prop_assert!(line.len() <= 75);
            }
            let unfolded = unfold(&out);
            let value = unfolded.strip_prefix("SUMMARY:").unwrap().strip_suffix("\r\n").unwrap();
            prop_assert_eq!(unescape(value), text);
        }
    }

    #[test]
    fn a_cancelled_session_is_a_cancelled_event_with_the_same_uid() {
        let cancelled = CalendarEvent { status: EventStatus::of(SessionStatus::Cancelled), sequence: 3, ..event() };
        let parsed = parse(&calendar("Feed", Locale::EnGb, &[cancelled]));
        let vevent = &parsed.events()[0];
        assert_eq!(get(vevent, "STATUS"), Some("CANCELLED"));
        assert_eq!(get(vevent, "SEQUENCE"), Some("3"));
        assert_eq!(get(vevent, "UID"), Some(event().uid.as_str()));
    }

    #[test]
    fn session_states_map_to_event_statuses() {
        use SessionStatus as S;
        assert_eq!(EventStatus::of(S::Planning), EventStatus::Tentative);
        assert_eq!(EventStatus::of(S::Cancelled), EventStatus::Cancelled);
        for status in [
            S::Scheduled,
            S::WaitingForPlayers,
            S::WaitingForPayment,
            S::ReadyToStart,
            S::InProgress,
            S::Completed,
            S::StoppedEarly,
        ] {
            assert_eq!(EventStatus::of(status), EventStatus::Confirmed, "{status:?}");
        }
        let tentative = CalendarEvent { status: EventStatus::Tentative, ..event() };
        assert!(single_event(Locale::EnGb, &tentative).contains("\r\nSTATUS:TENTATIVE\r\n"));
    }

    #[test]
    fn a_reader_without_a_seat_sees_neither_link_nor_place() {
        for reader in [Reader::Offered, Reader::player(ParticipantStatus::Invited)] {
            let text = single_event(Locale::EnGb, &CalendarEvent { reader, ..event() });
            assert!(!text.contains("meet.example"), "{reader:?}: {text}");
            let parsed = parse(&text);
            assert!(get(&parsed.events()[0], "LOCATION").is_none());
            assert_eq!(
                get(&parsed.events()[0], "DESCRIPTION").map(unescape).as_deref(),
                Some(
                    "Game master: Żaneta Wąż\nSession: https://questline.example/sessions/0192d5e0-7b1a-7c3e-9a4b-5c6d7e8f9a0b"
                )
            );
        }
        for reader in [Reader::GameMaster, Reader::player(ParticipantStatus::Confirmed)] {
            let text = single_event(Locale::EnGb, &CalendarEvent { reader, ..event() });
            assert!(text.contains("\r\nLOCATION:https://meet.example/abc-def\r\n"), "{reader:?}");
        }
        // A seated reader of a session without a place: nothing to show, and no empty LOCATION.
        let text = single_event(Locale::EnGb, &CalendarEvent { table: Some("  ".to_owned()), ..event() });
        assert!(!text.contains("LOCATION"));
    }

    #[test]
    fn who_counts_as_seated() {
        use ParticipantStatus as P;
        for status in [P::Confirmed, P::Ready, P::Participating, P::ParticipatedFully, P::LeftEarly] {
            assert_eq!(Reader::player(status), Reader::Seated, "{status:?}");
        }
        for status in [P::Invited, P::Rejected, P::NoShow, P::Cancelled, P::RemovedByGm] {
            assert_eq!(Reader::player(status), Reader::Offered, "{status:?}");
        }
    }

    #[test]
    fn a_single_event_is_a_calendar_without_a_name_or_refresh_hint() {
        let text = single_event(Locale::EnGb, &event());
        let parsed = parse(&text);
        assert_eq!(get(parsed.calendar(), "METHOD"), Some("PUBLISH"));
        assert!(get(parsed.calendar(), "X-WR-CALNAME").is_none());
        assert!(get(parsed.calendar(), "REFRESH-INTERVAL;VALUE=DURATION").is_none());
        assert_eq!(parsed.events().len(), 1);
        // The event itself is written as in the feed.
        let feed = calendar("Feed", Locale::EnGb, &[event()]);
        let vevent =
            |text: &str| text[text.find("BEGIN:VEVENT").unwrap()..text.find("END:VCALENDAR").unwrap()].to_owned();
        assert_eq!(vevent(&text), vevent(&feed));
    }

    #[test]
    fn an_event_without_duration_has_no_dtend() {
        let text = single_event(Locale::EnGb, &CalendarEvent { end: event().start, ..event() });
        assert!(!text.contains("DTEND"));
    }

    #[test]
    fn events_come_in_start_order_whatever_order_they_were_given() {
        let other = SessionId::new();
        let later = CalendarEvent {
            uid: Uid::of_session(other, "questline.example"),
            start: event().start + Duration::days(7),
            end: event().end + Duration::days(7),
            ..event()
        };
        let a = calendar("Feed", Locale::EnGb, &[later.clone(), event()]);
        let b = calendar("Feed", Locale::EnGb, &[event(), later]);
        assert_eq!(a, b);
        let uids: Vec<String> = parse(&a).events().iter().map(|e| get(e, "UID").unwrap().to_owned()).collect();
        assert_eq!(uids[0], event().uid.as_str());
    }

    #[test]
    fn the_etag_changes_with_a_sequence_and_with_any_shown_text_and_only_then() {
        let base = feed("Feed", Locale::EnGb, &[event()]);
        assert_eq!(feed("Feed", Locale::EnGb, &[event()]).etag, base.etag, "the same sessions, the same ETag");

        let rescheduled = CalendarEvent { sequence: 3, ..event() };
        assert_ne!(feed("Feed", Locale::EnGb, &[rescheduled]).etag, base.etag);

        let renamed = CalendarEvent { title: "Another title".to_owned(), ..event() };
        assert_ne!(feed("Feed", Locale::EnGb, &[renamed]).etag, base.etag);

        let unseated = CalendarEvent { reader: Reader::Offered, ..event() };
        assert_ne!(feed("Feed", Locale::EnGb, &[unseated]).etag, base.etag);

        assert!(base.etag.starts_with('"') && base.etag.ends_with('"'));
        assert_eq!(base.etag, etag(&base.body));
    }

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a_64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a_64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a_64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn last_modified_is_the_latest_change_in_whole_seconds() {
        assert_eq!(last_modified(&[]), None);
        let newer = CalendarEvent { last_modified: at("2026-11-25T10:00:00.900Z"), ..event() };
        assert_eq!(last_modified(&[event(), newer.clone()]), Some(at("2026-11-25T10:00:00Z")));
        assert_eq!(feed("Feed", Locale::EnGb, &[newer, event()]).last_modified, Some(at("2026-11-25T10:00:00Z")));
    }

    #[test]
    fn the_sequence_counts_changes_and_never_wraps() {
        assert_eq!(sequence(0), 0);
        assert_eq!(sequence(4), 4);
        assert_eq!(sequence(usize::MAX), u32::MAX);
    }

    #[test]
    fn the_uid_is_the_session_and_the_host() {
        assert_eq!(Uid::of_session(session(), "questline.example"), Uid::of_session(session(), "questline.example"));
        assert_ne!(
            Uid::of_session(session(), "questline.example"),
            Uid::of_session(SessionId::new(), "questline.example")
        );
    }

    #[test]
    fn a_player_out_of_a_session_sees_it_cancelled_one_change_later() {
        use ParticipantStatus::{Cancelled, Confirmed, Invited, NoShow, Rejected, RemovedByGm};
        let scheduled = SessionStatus::Scheduled;
        assert_eq!(event_status(scheduled, None, 2), (EventStatus::Confirmed, 2));
        assert_eq!(event_status(scheduled, Some(Invited), 2), (EventStatus::Confirmed, 2));
        assert_eq!(event_status(scheduled, Some(Confirmed), 2), (EventStatus::Confirmed, 2));
        assert_eq!(event_status(SessionStatus::Completed, Some(NoShow), 3), (EventStatus::Confirmed, 3));
        for out in [Rejected, Cancelled, RemovedByGm] {
            assert_eq!(event_status(scheduled, Some(out), 2), (EventStatus::Cancelled, 3), "{out:?}");
        }
        // The session's own cancellation dropped the seats: one change, not two.
        assert_eq!(event_status(SessionStatus::Cancelled, Some(Cancelled), 2), (EventStatus::Cancelled, 2));
    }
}
