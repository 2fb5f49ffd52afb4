//! The mails accounts send, in the account's language.

use questline_domain::accounts::Locale;

use crate::mail::Mail;

pub fn verify_email(locale: Locale, name: &str, email: &str, link: &str) -> Mail {
    let (subject, body) = match locale {
        Locale::EnGb => (
            "Confirm your e-mail address for Questline".to_owned(),
            format!(
                "Hello {name},\n\nWelcome to Questline! Please confirm your e-mail address by opening this link:\n\n\
                 {link}\n\nThe link works for 3 days. If you did not create an account, ignore this message.\n\n\
                 — Questline"
            ),
        ),
        Locale::PlPl => (
            "Potwierdź swój adres e-mail w Questline".to_owned(),
            format!(
                "Cześć {name},\n\nWitaj w Questline! Potwierdź swój adres e-mail, otwierając ten link:\n\n\
                 {link}\n\nLink działa przez 3 dni. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.\n\n\
                 — Questline"
            ),
        ),
    };
    Mail { to_name: name.to_owned(), to_email: email.to_owned(), subject, body, ..Mail::default() }
}

pub fn reset_password(locale: Locale, name: &str, email: &str, link: &str) -> Mail {
    let (subject, body) = match locale {
        Locale::EnGb => (
            "Reset your Questline password".to_owned(),
            format!(
                "Hello {name},\n\nSomeone asked to reset the password of your Questline account. To choose a new \
                 password, open this link:\n\n{link}\n\nThe link works once, for 1 hour. If it was not you, ignore \
                 this message: your password stays as it is.\n\n— Questline"
            ),
        ),
        Locale::PlPl => (
            "Zresetuj hasło do Questline".to_owned(),
            format!(
                "Cześć {name},\n\nKtoś poprosił o zresetowanie hasła do Twojego konta w Questline. Aby ustawić nowe \
                 hasło, otwórz ten link:\n\n{link}\n\nLink działa jeden raz, przez 1 godzinę. Jeśli to nie Ty, \
                 zignoruj tę wiadomość: Twoje hasło się nie zmieni.\n\n— Questline"
            ),
        ),
    };
    Mail { to_name: name.to_owned(), to_email: email.to_owned(), subject, body, ..Mail::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mails_start_a_new_sentence_after_the_greeting() {
        for locale in [Locale::EnGb, Locale::PlPl] {
            for mail in [
                verify_email(locale, "Ada", "ada@example.test", "L"),
                reset_password(locale, "Ada", "ada@example.test", "L"),
            ] {
                let after_greeting = mail.body.split("\n\n").nth(1).unwrap();
                assert!(after_greeting.starts_with(char::is_uppercase), "{locale:?}: {after_greeting}");
            }
        }
        assert!(
            verify_email(Locale::EnGb, "Ada", "a@example.test", "L")
                .body
                .starts_with("Hello Ada,\n\nWelcome to Questline!")
        );
    }
}
