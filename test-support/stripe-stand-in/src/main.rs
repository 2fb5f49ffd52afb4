//! `stripe-stand-in <port>`: the Stripe stand-in as a process, for the browser journey (Playwright's webServer).
//! Settings from the environment: `STRIPE_STAND_IN_SECRET_KEY` (default `sk_test_questline_stand_in`),
//! `STRIPE_STAND_IN_WEBHOOK_URL` and `STRIPE_STAND_IN_WEBHOOK_SECRET` (default `whsec_questline_stand_in`) to post
//! signed events, `STRIPE_STAND_IN_REFUNDS_PENDING=1` to leave refunds pending until `/test/refunds/{id}/succeed`.

use stripe_stand_in::{DEFAULT_SECRET_KEY, DEFAULT_WEBHOOK_SECRET, Settings, WebhookTarget};

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().map(|value| value.trim().to_owned()).filter(|value| !value.is_empty())
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut args = std::env::args().skip(1);
    let port = match (args.next().map(|arg| arg.parse::<u16>()), args.next()) {
        (Some(Ok(port)), None) => port,
        _ => {
            eprintln!("usage: stripe-stand-in <port>   (0 picks a free port)");
            std::process::exit(2);
        }
    };
    let mut settings = Settings::new(env("STRIPE_STAND_IN_SECRET_KEY").unwrap_or_else(|| DEFAULT_SECRET_KEY.into()));
    settings.webhook = env("STRIPE_STAND_IN_WEBHOOK_URL").map(|url| WebhookTarget {
        url,
        secret: env("STRIPE_STAND_IN_WEBHOOK_SECRET").unwrap_or_else(|| DEFAULT_WEBHOOK_SECRET.into()),
    });
    settings.refunds_pending = env("STRIPE_STAND_IN_REFUNDS_PENDING").is_some_and(|value| value == "1");
    let webhook = settings.webhook.as_ref().map_or("none".to_owned(), |target| target.url.clone());
    let running = match stripe_stand_in::spawn(settings, port).await {
        Ok(running) => running,
        Err(error) => {
            eprintln!("stripe stand-in: cannot listen on 127.0.0.1:{port}: {error}");
            std::process::exit(1);
        }
    };
    println!("stripe stand-in listening on {} (webhook: {webhook})", running.base_url);
    if tokio::signal::ctrl_c().await.is_err() {
        std::future::pending::<()>().await;
    }
}
