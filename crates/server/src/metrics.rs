//! Prometheus metrics (issue 33), on a listener of their own (`QUESTLINE_METRICS_BIND`, off by default), so the
//! public listener never shows them. Features record through the `metrics` facade with the helpers below (one
//! place names every metric); the exporter's recorder keeps them and renders the text format at each scrape,
//! after reading what is cheaper to ask at scrape time than to track (the pool, the open websockets, the jobs
//! waiting by kind: `app.rs` gathers them). On the base floor: the platform and the features call it, it calls
//! none of them.
//!
//! Labels are bounded and carry nothing a user typed: a route is its template (`/api/series/{handle}`), never its
//! path or query (reset links and calendar tokens travel in queries).
//!
//! The recorder is global to the process; without a metrics listener none is installed and every helper here is a
//! no-op of the facade.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use ::metrics::{counter, gauge, histogram};
use axum::Router;
use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures::future::BoxFuture;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;

use crate::db::PoolState;

const REQUEST_SECONDS: &str = "questline_http_request_duration_seconds";

/// Latency buckets of the request histogram, in seconds.
const REQUEST_BUCKETS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// Installs the process's recorder once; later calls share it (tests start many applications in one process).
fn recorder() -> anyhow::Result<PrometheusHandle> {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    if let Some(handle) = HANDLE.get() {
        return Ok(handle.clone());
    }
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(REQUEST_SECONDS.into()), REQUEST_BUCKETS)?
        .install_recorder()?;
    Ok(HANDLE.get_or_init(|| handle).clone())
}

/// Binds the metrics listener when `QUESTLINE_METRICS_BIND` is set; `serve` then answers `GET /metrics` there.
pub async fn bind(address: Option<SocketAddr>) -> anyhow::Result<Option<(TcpListener, PrometheusHandle)>> {
    let Some(address) = address else { return Ok(None) };
    let handle = recorder()?;
    let listener = TcpListener::bind(address)
        .await
        .map_err(|error| anyhow::anyhow!("QUESTLINE_METRICS_BIND: cannot listen on {address}: {error}"))?;
    Ok(Some((listener, handle)))
}

/// What a scrape reads fresh before it renders (the composition root gathers it: the pool, the open websockets,
/// the jobs waiting by kind).
pub type BeforeScrape = Arc<dyn Fn() -> BoxFuture<'static, ()> + Send + Sync>;

/// Serves `GET /metrics` on `listener` for as long as the process runs.
pub fn serve(listener: TcpListener, handle: PrometheusHandle, before: BeforeScrape) {
    let app = Router::new().route("/metrics", get(scrape)).with_state((handle, before));
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::warn!(%error, "the metrics listener stopped");
        }
    });
}

async fn scrape(State((handle, before)): State<(PrometheusHandle, BeforeScrape)>) -> Response {
    before().await;
    handle.run_upkeep();
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], handle.render()).into_response()
}

/// The database pool now (read at each scrape).
pub fn pool(state: PoolState) {
    gauge!("questline_db_pool_connections", "state" => "in_use").set(state.in_use);
    gauge!("questline_db_pool_connections", "state" => "idle").set(state.idle);
    gauge!("questline_db_pool_max_connections").set(state.max);
    gauge!("questline_db_writes_waiting").set(state.writes_waiting as f64);
}

/// This instance's open websockets (read at each scrape).
pub fn websockets_open(count: usize) {
    gauge!("questline_websockets_open").set(count as f64);
}

/// The jobs of `kind` waiting to run (read at each scrape).
pub fn jobs_queued(kind: &str, count: u64) {
    gauge!("questline_jobs_queued", "kind" => kind.to_owned()).set(count as f64);
}

/// The outermost layer: every request by method, route template and status, and its latency.
pub async fn track_requests(mut request: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let method = request.method().as_str().to_owned();
    let api = request.uri().path() == "/api" || request.uri().path().starts_with("/api/");
    let template = RouteTemplate::default();
    request.extensions_mut().insert(template.clone());
    let response = next.run(request).await;
    let route = match template.0.get() {
        Some(template) => template.clone(),
        None if api => "unmatched".to_owned(),
        None => "web".to_owned(),
    };
    let status = response.status().as_u16().to_string();
    counter!("questline_http_requests_total", "method" => method.clone(), "route" => route.clone(), "status" => status)
        .increment(1);
    histogram!(REQUEST_SECONDS, "method" => method, "route" => route).record(started.elapsed().as_secs_f64());
    response
}

/// Where [`note_route`] leaves the template of the API route that matched, for [`track_requests`] to read once
/// the answer is there.
#[derive(Clone, Default)]
struct RouteTemplate(std::sync::Arc<OnceLock<String>>);

/// A route layer on the API: routing has matched the request, so its template is known here.
pub async fn note_route(request: Request, next: Next) -> Response {
    if let (Some(path), Some(RouteTemplate(slot))) =
        (request.extensions().get::<MatchedPath>(), request.extensions().get::<RouteTemplate>())
    {
        let _ = slot.set(path.as_str().to_owned());
    }
    next.run(request).await
}

/// A job of `kind` runs until the guard is dropped.
pub fn job_running(kind: &str) -> impl Drop {
    struct Running(String);
    impl Drop for Running {
        fn drop(&mut self) {
            gauge!("questline_jobs_running", "kind" => self.0.clone()).decrement(1);
        }
    }
    gauge!("questline_jobs_running", "kind" => kind.to_owned()).increment(1);
    Running(kind.to_owned())
}

pub fn job_finished(kind: &str, succeeded: bool) {
    let outcome = if succeeded { "succeeded" } else { "failed" };
    counter!("questline_jobs_finished_total", "kind" => kind.to_owned(), "outcome" => outcome).increment(1);
}

/// A job failed its last attempt and is kept as failed.
pub fn job_given_up(kind: &str) {
    counter!("questline_jobs_given_up_total", "kind" => kind.to_owned()).increment(1);
}

pub fn mail_sent(delivered: bool) {
    counter!("questline_mails_total", "outcome" => if delivered { "sent" } else { "failed" }).increment(1);
}

/// A public read (the Questboard's pages) answered from what was kept, or worked out afresh.
pub fn public_answer(kept: bool) {
    counter!("questline_questboard_answers_total", "outcome" => if kept { "kept" } else { "worked_out" }).increment(1);
}

/// The dispatcher handed `count` events to their subscribers; the newest had waited `lag` since its commit.
pub fn outbox_dispatched(count: usize, lag: chrono::Duration) {
    counter!("questline_events_dispatched_total").increment(count as u64);
    let lag = lag.to_std().unwrap_or(Duration::ZERO);
    gauge!("questline_event_outbox_lag_seconds").set(lag.as_secs_f64());
}
