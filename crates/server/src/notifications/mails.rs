//! The notification e-mails: a subject, a plain-text part and an HTML part, from the minijinja templates in
//! `templates/` (one sentence per kind and language, and a layout per language and format; the HTML ones are
//! auto-escaped), in the recipient's language, with dates in the recipient's time zone written the way their
//! language writes them, a link back and the unsubscribe links.

use std::sync::OnceLock;

use chrono::{DateTime, Datelike, Timelike, Utc};
use minijinja::{AutoEscape, Environment, context};
use questline_domain::accounts::Locale;
use questline_domain::notifications::{NotificationKind, NotificationParams};

/// What goes into one mail, besides the notification.
pub struct MailInput<'a> {
    pub locale: Locale,
    pub time_zone: chrono_tz::Tz,
    /// The greeting's name.
    pub name: &'a str,
    pub kind: NotificationKind,
    pub params: &'a NotificationParams,
    /// Absolute URLs.
    pub link: &'a str,
    pub settings: &'a str,
    pub unsubscribe_kind: &'a str,
    pub unsubscribe_all: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

const TEMPLATES: &[(&str, &str)] = &[
    ("line.en-GB", include_str!("templates/line.en-GB.j2")),
    ("line.pl-PL", include_str!("templates/line.pl-PL.j2")),
    ("subject.en-GB", include_str!("templates/subject.en-GB.j2")),
    ("subject.pl-PL", include_str!("templates/subject.pl-PL.j2")),
];

fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        // Escaped for HTML where the name says so: each sentence is registered for both formats.
        env.set_auto_escape_callback(|name| if name.ends_with(".html") { AutoEscape::Html } else { AutoEscape::None });
        for (name, source) in TEMPLATES {
            for format in ["txt", "html"] {
                env.add_template_owned(format!("{name}.{format}"), *source).expect("a valid template");
            }
        }
        env.add_template("mail.en-GB.txt", include_str!("templates/mail.en-GB.txt.j2")).expect("a valid template");
        env.add_template("mail.pl-PL.txt", include_str!("templates/mail.pl-PL.txt.j2")).expect("a valid template");
        env.add_template("mail.en-GB.html", include_str!("templates/mail.en-GB.html.j2")).expect("a valid template");
        env.add_template("mail.pl-PL.html", include_str!("templates/mail.pl-PL.html.j2")).expect("a valid template");
        env
    })
}

pub fn render(input: &MailInput<'_>) -> anyhow::Result<Rendered> {
    let locale = input.locale.as_str();
    let params = input.params;
    let when = params.starts_at.map(|at| format_when(input.locale, at, input.time_zone));
    let amount = match (params.amount, params.currency_code.as_deref()) {
        (Some(amount), Some(currency)) => Some(format_money(input.locale, amount, currency)),
        _ => None,
    };
    let ctx = context! {
        kind => input.kind.as_str(),
        name => input.name,
        actor => params.actor_name.as_deref().filter(|name| !name.is_empty()).unwrap_or(match input.locale {
            Locale::EnGb => "Someone",
            Locale::PlPl => "Ktoś",
        }),
        series => params.series_title.as_deref().unwrap_or("Questline"),
        when,
        amount,
        preview => params.message_preview.as_deref().unwrap_or(""),
        message => params.message.as_deref().map(str::trim).filter(|message| !message.is_empty()),
        reminder => params.reminder.map(|reminder| reminder.as_str()),
        rating => params.rating,
        link => input.link,
        settings => input.settings,
        unsubscribe_kind => input.unsubscribe_kind,
        unsubscribe_all => input.unsubscribe_all,
    };
    let env = environment();
    let subject = env.get_template(&format!("subject.{locale}.txt"))?.render(&ctx)?;
    let text = env.get_template(&format!("mail.{locale}.txt"))?.render(&ctx)?;
    let html = env.get_template(&format!("mail.{locale}.html"))?.render(&ctx)?;
    // A subject is one line whatever a title holds.
    let subject = subject.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok(Rendered { subject, text, html })
}

const EN_DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const EN_MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const PL_DAYS: [&str; 7] = ["poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota", "niedziela"];
/// Polish months in the genitive, as a date says them ("1 grudnia").
const PL_MONTHS: [&str; 12] = [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
];

/// "Tuesday 1 December 2026, 19:00 (Central European Time)" or "wtorek, 1 grudnia 2026, 19:00 (czas
/// środkowoeuropejski)": the instant in the reader's account zone, the zone named in their language (never by its
/// raw id), or by its offset from UTC where no name is known.
pub fn format_when(locale: Locale, at: DateTime<Utc>, tz: chrono_tz::Tz) -> String {
    let local = at.with_timezone(&tz);
    let day = local.weekday().num_days_from_monday() as usize;
    let month = local.month0() as usize;
    let time = format!("{:02}:{:02}", local.hour(), local.minute());
    let zone = zone_name(locale, local.offset());
    match locale {
        Locale::EnGb => {
            format!("{} {} {} {}, {time} ({zone})", EN_DAYS[day], local.day(), EN_MONTHS[month], local.year())
        }
        Locale::PlPl => {
            format!("{}, {} {} {}, {time} ({zone})", PL_DAYS[day], local.day(), PL_MONTHS[month], local.year())
        }
    }
}

/// The zone's name at that instant as the web shows it (Intl's long generic names, for the zones most readers are
/// in), else "UTC+01:00".
fn zone_name(locale: Locale, offset: &chrono_tz::TzOffset) -> String {
    use chrono::Offset;
    use chrono_tz::OffsetName;
    let named = match offset.abbreviation().unwrap_or_default() {
        "CET" | "CEST" => Some(("Central European Time", "czas środkowoeuropejski")),
        "EET" | "EEST" => Some(("Eastern European Time", "czas wschodnioeuropejski")),
        "WET" | "WEST" => Some(("Western European Time", "czas zachodnioeuropejski")),
        "GMT" | "BST" if offset.tz_id() == "Europe/London" => Some(("United Kingdom Time", "czas: Wielka Brytania")),
        "UTC" => Some(("UTC", "UTC")),
        _ => None,
    };
    match (named, locale) {
        (Some((english, _)), Locale::EnGb) => english.to_owned(),
        (Some((_, polish)), Locale::PlPl) => polish.to_owned(),
        (None, _) => {
            let seconds = offset.fix().local_minus_utc();
            let sign = if seconds < 0 { '-' } else { '+' };
            let minutes = seconds.unsigned_abs() / 60;
            format!("UTC{sign}{:02}:{:02}", minutes / 60, minutes % 60)
        }
    }
}

/// An amount in minor units (two decimals) the way the reader's language writes it: "£12.50", "€12.50",
/// "12.50 PLN" in English; "12,50 zł", "12,50 EUR" in Polish.
pub fn format_money(locale: Locale, minor: i64, currency: &str) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let (units, cents) = (minor.unsigned_abs() / 100, minor.unsigned_abs() % 100);
    let code = currency.to_ascii_uppercase();
    match locale {
        Locale::EnGb => {
            let number = format!("{sign}{}.{cents:02}", group(units, ','));
            match code.as_str() {
                "GBP" => format!("£{number}"),
                "EUR" => format!("€{number}"),
                "USD" => format!("US${number}"),
                _ => format!("{number} {code}"),
            }
        }
        Locale::PlPl => {
            let number = format!("{sign}{},{cents:02}", group(units, '\u{a0}'));
            match code.as_str() {
                "PLN" => format!("{number}\u{a0}zł"),
                _ => format!("{number}\u{a0}{code}"),
            }
        }
    }
}

fn group(units: u64, separator: char) -> String {
    let digits = units.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use questline_domain::notifications::Reminder;

    use super::*;

    fn input<'a>(locale: Locale, kind: NotificationKind, params: &'a NotificationParams) -> MailInput<'a> {
        MailInput {
            locale,
            time_zone: chrono_tz::Europe::Warsaw,
            name: "Ada",
            kind,
            params,
            link: "https://questline.test/questboard/night",
            settings: "https://questline.test/account",
            unsubscribe_kind: "https://questline.test/unsubscribe?token=k",
            unsubscribe_all: "https://questline.test/unsubscribe?token=a",
        }
    }

    fn params() -> NotificationParams {
        NotificationParams {
            actor_name: Some("Gosia <GM>".into()),
            series_title: Some("Noc & dzień".into()),
            starts_at: Some(DateTime::parse_from_rfc3339("2026-12-01T18:00:00Z").unwrap().with_timezone(&Utc)),
            amount: Some(123_450),
            currency_code: Some("pln".into()),
            message_preview: Some("Hej!".into()),
            reminder: Some(Reminder::DayBefore),
            rating: Some(5),
            ..Default::default()
        }
    }

    #[test]
    fn every_kind_has_a_subject_and_a_sentence_in_both_languages() {
        let params = params();
        for locale in [Locale::EnGb, Locale::PlPl] {
            for kind in NotificationKind::ALL {
                let mail = render(&input(locale, kind, &params)).unwrap();
                assert!(!mail.subject.is_empty(), "{locale:?} {kind:?}");
                let sentence = mail.text.split("\n\n").nth(1).unwrap();
                assert!(sentence.len() > 10, "{locale:?} {kind:?}: {sentence:?}");
                assert!(mail.html.contains("unsubscribe?token=k"), "{kind:?}");
                assert!(mail.text.contains("https://questline.test/unsubscribe?token=k"), "{kind:?}");
            }
        }
    }

    #[test]
    fn the_gm_reads_who_asked_for_a_refund_rejected_or_left_and_a_removed_player_why() {
        let params = params();
        let sentence = |locale, kind| {
            let mail = render(&input(locale, kind, &params)).unwrap();
            (mail.subject, mail.text.split("\n\n").nth(1).unwrap().to_owned())
        };
        let (subject, text) = sentence(Locale::EnGb, NotificationKind::RefundRequested);
        assert_eq!(subject, "Refund requested: Noc & dzień");
        assert!(text.starts_with("Gosia <GM> asks for a refund of 1,234.50 PLN for the session of “Noc & dzień” on "));
        assert!(text.ends_with(". Please approve or decline the request."), "{text}");
        let (subject, text) = sentence(Locale::PlPl, NotificationKind::ParticipationRejected);
        assert_eq!(subject, "Odrzucony termin: Noc & dzień");
        assert!(text.starts_with("Gosia <GM> odrzuca termin sesji serii „Noc & dzień”"), "{text}");
        assert!(text.ends_with(": „Hej!”"), "{text}");
        let (subject, text) = sentence(Locale::EnGb, NotificationKind::ParticipantLeft);
        assert_eq!(subject, "A player left: Noc & dzień");
        assert!(
            text.starts_with("Gosia <GM> left the session of “Noc & dzień”")
                && text.ends_with("before its start: “Hej!”"),
            "{text}"
        );
        let (subject, text) = sentence(Locale::PlPl, NotificationKind::ParticipantRemoved);
        assert_eq!(subject, "Usunięcie z sesji: Noc & dzień");
        assert!(
            text.starts_with("Nie uczestniczysz już w sesji serii „Noc & dzień”")
                && text.ends_with("— decyzja prowadzącego: „Hej!”"),
            "{text}"
        );
    }

    #[test]
    fn the_html_part_escapes_what_people_typed_and_the_text_part_keeps_it() {
        let params = params();
        let mail = render(&input(Locale::EnGb, NotificationKind::ApplicationReceived, &params)).unwrap();
        assert!(mail.html.contains("Gosia &lt;GM&gt; applied to your series “Noc &amp; dzień”."), "{}", mail.html);
        assert!(mail.text.contains("Gosia <GM> applied to your series “Noc & dzień”."), "{}", mail.text);
        assert_eq!(mail.subject, "New application to Noc & dzień");
    }

    #[test]
    fn a_message_written_with_the_move_is_quoted_escaped_in_html() {
        let quoted = NotificationParams { message: Some("Bring <dice> & snacks\nSee you!".into()), ..params() };
        let mail = render(&input(Locale::EnGb, NotificationKind::ApplicationAccepted, &quoted)).unwrap();
        assert!(mail.text.contains("Gosia <GM> wrote:\nBring <dice> & snacks\nSee you!\n\nOpen it"), "{}", mail.text);
        assert!(mail.html.contains("Bring &lt;dice&gt; &amp; snacks\nSee you!</blockquote>"), "{}", mail.html);
        let polish = render(&input(Locale::PlPl, NotificationKind::ApplicationReceived, &quoted)).unwrap();
        assert!(polish.text.contains("Wiadomość (Gosia <GM>):\nBring <dice> & snacks"), "{}", polish.text);
        let silent = render(&input(Locale::EnGb, NotificationKind::ApplicationAccepted, &params())).unwrap();
        assert!(!silent.text.contains("wrote:") && !silent.html.contains("blockquote"), "{}", silent.text);
    }

    #[test]
    fn a_polish_mail_reads_in_polish_with_polish_dates_and_money() {
        let params = params();
        let mail = render(&input(Locale::PlPl, NotificationKind::PaymentDue, &params)).unwrap();
        assert_eq!(mail.subject, "Czas na płatność: Noc & dzień");
        assert_eq!(
            mail.text,
            "Cześć Ada,\n\nZapłać 1\u{a0}234,50\u{a0}zł za miejsce na sesji serii „Noc & dzień” (wtorek, 1 grudnia \
             2026, 19:00 (czas środkowoeuropejski)).\n\nOtwórz w Questline: https://questline.test/questboard/night\n\n— \
             Questline\n\nDostajesz tę wiadomość zgodnie z ustawieniami powiadomień \
             (https://questline.test/account).\nWyłącz takie wiadomości: https://questline.test/unsubscribe?token=k\n\
             Wyłącz wszystkie wiadomości z powiadomieniami: https://questline.test/unsubscribe?token=a"
        );
        let reminder = render(&input(Locale::PlPl, NotificationKind::SessionReminder, &params)).unwrap();
        assert_eq!(reminder.subject, "Przypomnienie: Noc & dzień jutro");
        assert!(reminder.text.contains("Sesja serii „Noc & dzień” zaczyna się jutro: wtorek, 1 grudnia 2026, 19:00"));
    }

    #[test]
    fn dates_are_in_the_readers_zone_and_language() {
        let at = DateTime::parse_from_rfc3339("2026-07-04T17:05:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(
            format_when(Locale::EnGb, at, chrono_tz::Europe::London),
            "Saturday 4 July 2026, 18:05 (United Kingdom Time)"
        );
        assert_eq!(
            format_when(Locale::PlPl, at, chrono_tz::Europe::Warsaw),
            "sobota, 4 lipca 2026, 19:05 (czas środkowoeuropejski)"
        );
        // Winter too; a zone without a name here by its offset, never by its id.
        let winter = DateTime::parse_from_rfc3339("2026-12-01T18:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(
            format_when(Locale::EnGb, winter, chrono_tz::Europe::Warsaw),
            "Tuesday 1 December 2026, 19:00 (Central European Time)"
        );
        assert_eq!(
            format_when(Locale::EnGb, winter, chrono_tz::Asia::Kolkata),
            "Tuesday 1 December 2026, 23:30 (UTC+05:30)"
        );
        assert_eq!(
            format_when(Locale::PlPl, winter, chrono_tz::America::New_York),
            "wtorek, 1 grudnia 2026, 13:00 (UTC-05:00)"
        );
    }

    #[test]
    fn money_reads_the_readers_way() {
        assert_eq!(format_money(Locale::EnGb, 1250, "eur"), "€12.50");
        assert_eq!(format_money(Locale::EnGb, 123_456_700, "gbp"), "£1,234,567.00");
        assert_eq!(format_money(Locale::EnGb, 5, "pln"), "0.05 PLN");
        assert_eq!(format_money(Locale::PlPl, 1250, "pln"), "12,50\u{a0}zł");
    }
}
