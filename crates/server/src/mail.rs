//! Outgoing e-mail: over SMTP when `QUESTLINE_SMTP_URL` is set, otherwise written as `.eml` files under
//! `<data dir>/mail/` so a local user can still open the links. Mails are sent after the transaction that asked for
//! them commits, by durable jobs that retry a failed send with backoff.

use std::path::PathBuf;

use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::clock::SharedClock;
use crate::config::Config;

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    clock: SharedClock,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let transport = match &self.transport {
            Transport::Smtp(_) => "smtp".to_owned(),
            Transport::Files(dir) => format!("files in {}", dir.display()),
        };
        f.debug_struct("Mailer").field("transport", &transport).field("from", &self.from.to_string()).finish()
    }
}

/// A mail to one person: plain text, or plain text and HTML as alternatives.
#[derive(Debug, Clone, Default)]
pub struct Mail {
    pub to_name: String,
    pub to_email: String,
    pub subject: String,
    /// The plain-text part.
    pub body: String,
    /// The HTML part, when the mail has one (the same content as `body`).
    pub html: Option<String>,
    /// The one-click unsubscribe URL (RFC 8058): sent as `List-Unsubscribe: <url>` with
    /// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
    pub unsubscribe_url: Option<String>,
}

/// `List-Unsubscribe` (RFC 2369).
#[derive(Debug, Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(s.to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post` (RFC 8058).
#[derive(Debug, Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

impl Mailer {
    pub fn from_config(config: &Config, clock: SharedClock) -> anyhow::Result<Self> {
        let from: Mailbox =
            config.mail_from.parse().map_err(|e| anyhow::anyhow!("QUESTLINE_MAIL_FROM is not an address: {e}"))?;
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| anyhow::anyhow!("QUESTLINE_SMTP_URL is not usable: {e}"))?
                    .build(),
            ),
            None => Transport::Files(config.data_dir.join("mail")),
        };
        Ok(Self { transport, from, clock })
    }

    /// Sends now. Features do not call this from requests: they schedule a job that does (see
    /// `accounts::jobs`), so a mail survives a mail server that is down and a restart.
    pub async fn send(&self, mail: Mail) -> anyhow::Result<()> {
        let sent = self.deliver(mail).await;
        crate::metrics::mail_sent(sent.is_ok());
        sent
    }

    async fn deliver(&self, mail: Mail) -> anyhow::Result<()> {
        // lettre panics on a line break in a name while it writes the `To:` header; refuse it as an error, which
        // fails the job instead of crashing it (issue 9, finding 7).
        if mail.to_name.chars().any(char::is_control) {
            anyhow::bail!("the recipient's name contains a control character");
        }
        let to = Mailbox::new(Some(mail.to_name.clone()), mail.to_email.parse()?);
        let mut builder = Message::builder().from(self.from.clone()).to(to).subject(mail.subject);
        if let Some(url) = mail.unsubscribe_url {
            if url.chars().any(|c| c.is_control() || c == '>') {
                anyhow::bail!("the unsubscribe URL cannot go into a header");
            }
            builder = builder.header(ListUnsubscribe(format!("<{url}>"))).header(ListUnsubscribePost);
        }
        let message = match mail.html {
            Some(html) => builder.multipart(MultiPart::alternative_plain_html(mail.body, html))?,
            None => builder.header(ContentType::TEXT_PLAIN).body(mail.body)?,
        };
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
            }
            Transport::Files(dir) => {
                // Mails hold links that sign people in: readable by the owner only (issue 9, finding 16).
                let mut folder = tokio::fs::DirBuilder::new();
                folder.recursive(true);
                #[cfg(unix)]
                folder.mode(0o700);
                folder.create(dir).await?;
                let name = format!("{}-{}", self.clock.now().format("%Y%m%dT%H%M%S"), uuid::Uuid::now_v7());
                let (partial, path) = (dir.join(format!("{name}.partial")), dir.join(format!("{name}.eml")));
                let mut file = tokio::fs::OpenOptions::new();
                file.write(true).create_new(true);
                #[cfg(unix)]
                file.mode(0o600);
                let mut file = file.open(&partial).await?;
                tokio::io::AsyncWriteExt::write_all(&mut file, &message.formatted()).await?;
                tokio::io::AsyncWriteExt::flush(&mut file).await?;
                // Whoever reads the folder sees a whole `.eml` or none.
                tokio::fs::rename(&partial, &path).await?;
                tracing::info!(path = %path.display(), "mail written to a file (no SMTP server configured)");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::clock::SystemClock;

    fn file_mailer(dir: &std::path::Path) -> Mailer {
        let mut config = Config::for_database("sqlite::memory:", dir.to_path_buf());
        config.smtp_url = None;
        Mailer::from_config(&config, Arc::new(SystemClock)).unwrap()
    }

    #[tokio::test]
    async fn a_name_with_a_line_break_is_an_error_not_a_panic() {
        let dir = tempfile::tempdir().unwrap();
        let mail = Mail {
            to_name: "Ada\r\nBcc: everyone@example.test".into(),
            to_email: "ada@example.test".into(),
            subject: "Hello".into(),
            body: "Hello".into(),
            ..Mail::default()
        };
        let sent = tokio::spawn(async move { file_mailer(dir.path()).send(mail).await }).await;
        let error = sent.expect("sending does not panic").expect_err("the mail is refused");
        assert!(error.to_string().contains("name"), "{error}");
    }

    #[tokio::test]
    async fn a_mail_with_html_has_both_parts_and_the_unsubscribe_headers() {
        let dir = tempfile::tempdir().unwrap();
        let mail = Mail {
            to_name: "Ada".into(),
            to_email: "ada@example.test".into(),
            subject: "Hello".into(),
            body: "Hello in text".into(),
            html: Some("<p>Hello in HTML</p>".into()),
            unsubscribe_url: Some("https://questline.test/api/unsubscribe?token=abc".into()),
        };
        file_mailer(dir.path()).send(mail).await.unwrap();
        let file = std::fs::read_dir(dir.path().join("mail")).unwrap().next().unwrap().unwrap().path();
        let written = std::fs::read_to_string(file).unwrap();
        assert!(written.contains("List-Unsubscribe: <https://questline.test/api/unsubscribe?token=abc>"), "{written}");
        assert!(written.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{written}");
        assert!(written.contains("multipart/alternative"), "{written}");
        assert!(written.contains("Content-Type: text/plain") && written.contains("Content-Type: text/html"));
    }
}
