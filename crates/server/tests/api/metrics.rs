//! `GET /metrics` on the metrics listener (`QUESTLINE_METRICS_BIND`): the Prometheus text format, with the
//! requests by route template and status, the pool, the outbox, the jobs, the mails, the websockets and the
//! Questboard's kept answers; nothing a user typed in a label; nothing of it on the public listener.

use prometheus_parse::{Sample, Scrape, Value};

use crate::helpers::{PASSWORD, error_of};

/// The samples of `name` whose labels include every pair of `labels`.
fn samples<'s>(scrape: &'s Scrape, name: &str, labels: &[(&str, &str)]) -> Vec<&'s Sample> {
    scrape
        .samples
        .iter()
        .filter(|sample| sample.metric == name)
        .filter(|sample| labels.iter().all(|(key, value)| sample.labels.get(key) == Some(*value)))
        .collect()
}

fn amount(sample: &Sample) -> f64 {
    match &sample.value {
        Value::Counter(value) | Value::Gauge(value) | Value::Untyped(value) => *value,
        Value::Histogram(buckets) => buckets.last().map_or(0.0, |bucket| bucket.count),
        Value::Summary(_) => 0.0,
    }
}

db_test!(configure = |config| config.metrics_bind = Some("127.0.0.1:0".parse().unwrap()),
async fn metrics_are_scraped_from_their_own_listener(app) {
    let metrics = app.metrics.expect("a metrics listener");

    assert_eq!(app.get("/api/health").await.status(), 200);
    // A query string never reaches a label. The second of two answers in a row is the kept one, unless a
    // background write came between them (the start's jobs): then ask again.
    let scrape_text = || async { reqwest::get(format!("http://{metrics}/metrics")).await.unwrap().text().await.unwrap() };
    for attempt in 0.. {
        assert_eq!(app.get("/api/questboard?q=secret-token-4711").await.status(), 200);
        if scrape_text().await.contains(r#"questline_questboard_answers_total{outcome="kept"}"#) {
            break;
        }
        assert!(attempt < 50, "a Questboard answer is kept");
    }
    let missing = app.get("/api/series/by-handle/no-such-series-4711").await;
    assert!(missing.status().is_client_error());
    let (_, _, _) = error_of(app.get("/api/no-such-route-4711").await).await;
    // A sign-up sends its verification mail through a job.
    let email = format!("metrics-{}@example.test", uuid::Uuid::now_v7().simple());
    assert_eq!(app.browser().sign_up(&email, PASSWORD, "Metrics").await.status(), 201);
    app.mail.link_token(&email, "/verify-email", 0).await;

    // The public listener does not show them.
    let public = app.get("/metrics").await;
    assert!(!public.text().await.unwrap().contains("questline_http_requests_total"));

    let response = reqwest::get(format!("http://{metrics}/metrics")).await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = response.text().await.unwrap();
    assert!(!text.contains("4711"), "no path or query a user typed is in a label:\n{text}");
    assert!(text.contains(r#"route="/api/series/by-handle/{handle}""#), "a route's template:\n{text}");
    let scrape = Scrape::parse(text.lines().map(|line| Ok(line.to_owned()))).expect("the Prometheus text format");

    let health = samples(&scrape, "questline_http_requests_total", &[("route", "/api/health"), ("method", "GET"), ("status", "200")]);
    assert!(health.iter().any(|sample| amount(sample) >= 1.0), "requests by route and status");
    assert!(!samples(&scrape, "questline_http_requests_total", &[("route", "unmatched"), ("status", "404")]).is_empty());
    assert!(
        samples(&scrape, "questline_http_request_duration_seconds", &[("route", "/api/health")]).iter().any(|sample| amount(sample) >= 1.0),
        "a latency histogram"
    );
    assert!(!samples(&scrape, "questline_db_pool_connections", &[("state", "in_use")]).is_empty());
    assert!(!samples(&scrape, "questline_db_pool_connections", &[("state", "idle")]).is_empty());
    assert!(!samples(&scrape, "questline_db_writes_waiting", &[]).is_empty());
    assert!(!samples(&scrape, "questline_jobs_queued", &[]).is_empty(), "jobs waiting, by kind");
    assert!(!samples(&scrape, "questline_jobs_finished_total", &[("outcome", "succeeded")]).is_empty());
    assert!(samples(&scrape, "questline_mails_total", &[("outcome", "sent")]).iter().any(|sample| amount(sample) >= 1.0));
    assert!(!samples(&scrape, "questline_websockets_open", &[]).is_empty());
    assert!(!samples(&scrape, "questline_questboard_answers_total", &[("outcome", "worked_out")]).is_empty());
    assert!(!samples(&scrape, "questline_event_outbox_lag_seconds", &[]).is_empty(), "the outbox's lag");
});
