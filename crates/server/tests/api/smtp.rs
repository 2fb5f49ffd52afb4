//! A real SMTP server on 127.0.0.1 for tests: it speaks enough of the protocol for a client to deliver, and keeps
//! every message so a test can open the links in it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Clone, Default)]
pub struct MailSink {
    pub port: u16,
    messages: Arc<Mutex<Vec<String>>>,
    /// Deliveries still to refuse with a temporary error.
    refusals: Arc<AtomicUsize>,
}

impl MailSink {
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind SMTP sink");
        let sink =
            Self { port: listener.local_addr().unwrap().port(), messages: Arc::default(), refusals: Arc::default() };
        let (messages, refusals) = (sink.messages.clone(), sink.refusals.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let (messages, refusals) = (messages.clone(), refusals.clone());
                tokio::spawn(async move {
                    let (read, mut write) = stream.into_split();
                    let mut lines = BufReader::new(read).lines();
                    let _ = write.write_all(b"220 localhost test SMTP\r\n").await;
                    while let Ok(Some(line)) = lines.next_line().await {
                        let command = line.to_ascii_uppercase();
                        let refuse =
                            || refusals.fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1)).is_ok();
                        let reply: &[u8] = if command.starts_with("EHLO") || command.starts_with("HELO") {
                            b"250 localhost\r\n"
                        } else if command.starts_with("MAIL FROM") && refuse() {
                            b"451 4.3.0 Try again later\r\n"
                        } else if command.starts_with("DATA") {
                            let _ = write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await;
                            let mut body = String::new();
                            while let Ok(Some(data)) = lines.next_line().await {
                                if data == "." {
                                    break;
                                }
                                body.push_str(data.strip_prefix('.').unwrap_or(&data));
                                body.push('\n');
                            }
                            messages.lock().unwrap().push(body);
                            b"250 queued\r\n"
                        } else if command.starts_with("QUIT") {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        } else {
                            b"250 OK\r\n"
                        };
                        let _ = write.write_all(reply).await;
                    }
                });
            }
        });
        sink
    }

    /// Refuses the next `deliveries` with a temporary error (451), as a busy or restarting mail server does.
    pub fn refuse_next(&self, deliveries: usize) {
        self.refusals.store(deliveries, Ordering::Release);
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message to `email` so far.
    pub fn messages_to(&self, email: &str) -> Vec<String> {
        let needle = format!("<{email}>");
        self.messages
            .lock()
            .unwrap()
            .iter()
            .filter(|m| m.lines().any(|l| l.starts_with("To:") && l.contains(&needle)))
            .cloned()
            .collect()
    }

    /// Waits for the `nth` (0-based) message to `email` with a link to `path` (e.g. `/reset-password`) and
    /// returns the link's token.
    pub async fn link_token(&self, email: &str, path: &str, nth: usize) -> String {
        let marker = format!("{path}?token=");
        for _ in 0..100 {
            let with_link: Vec<String> = self
                .messages_to(email)
                .into_iter()
                .map(|message| message.replace("=\n", "").replace("=3D", "="))
                .filter(|message| message.contains(&marker))
                .collect();
            if let Some(unfolded) = with_link.get(nth) {
                let start = unfolded.find(&marker).expect("filtered on the marker");
                let rest = &unfolded[start + path.len() + "?token=".len()..];
                return rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no mail number {nth} reached {email}");
    }
}
