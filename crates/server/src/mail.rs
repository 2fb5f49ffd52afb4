//! Outgoing e-mail: over SMTP when `QUESTLINE_SMTP_URL` is set, otherwise written as `.eml` files under
//! `<data dir>/mail/` so a local user can still open the links. Mails are sent after the transaction that asked for
//! them commits, by durable jobs that retry a failed send with backoff.

use std::path::PathBuf;

use lettre::message::{Mailbox, header::ContentType};
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

/// A plain-text mail to one person.
#[derive(Debug, Clone)]
pub struct Mail {
    pub to_name: String,
    pub to_email: String,
    pub subject: String,
    pub body: String,
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
        let to = Mailbox::new(Some(mail.to_name.clone()), mail.to_email.parse()?);
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(mail.body)?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(message).await?;
            }
            Transport::Files(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                let name = format!("{}-{}.eml", self.clock.now().format("%Y%m%dT%H%M%S"), uuid::Uuid::now_v7());
                let path = dir.join(name);
                tokio::fs::write(&path, message.formatted()).await?;
                tracing::info!(path = %path.display(), "mail written to a file (no SMTP server configured)");
            }
        }
        Ok(())
    }
}
