//! Logs and traces through `tracing`. Logs: readable text by default, JSON lines with `QUESTLINE_LOG_FORMAT=json`;
//! the filter comes from `RUST_LOG` (default `info`, with the database drivers' statement logs quiet). Every line
//! written while a request is served carries the request's span: its method, its path (never the query string,
//! where reset links and calendar tokens travel) and its request id.
//!
//! Traces: when `OTEL_EXPORTER_OTLP_ENDPOINT` is set (e.g. `http://collector:4318`), the same spans also go to
//! that endpoint as OTLP over HTTP with protobuf (`/v1/traces`), in batches from a thread of their own; the other
//! `OTEL_*` settings of the OpenTelemetry SDK apply (`OTEL_SERVICE_NAME`, `OTEL_EXPORTER_OTLP_HEADERS`, …).

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer, Registry};

use crate::config::LogFormat;

/// What `init` set up; `shutdown` sends the spans still waiting before the process exits.
#[must_use]
pub struct Telemetry {
    traces: Option<SdkTracerProvider>,
}

impl Telemetry {
    /// Whether spans go to an OTLP endpoint.
    pub fn exports_traces(&self) -> bool {
        self.traces.is_some()
    }

    /// Sends the spans waiting in the batch now (blocks until the endpoint answered or the export timed out).
    pub fn flush(&self) {
        if let Some(traces) = &self.traces
            && let Err(error) = traces.force_flush()
        {
            tracing::warn!(%error, "sending the last traces failed");
        }
    }

    pub fn shutdown(self) {
        if let Some(traces) = self.traces
            && let Err(error) = traces.shutdown()
        {
            tracing::warn!(%error, "stopping the trace export failed");
        }
    }
}

/// Installs the process's subscriber. A second call (tests start many apps in one process) keeps the first one.
pub fn init(format: LogFormat) -> Telemetry {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn"));
    let logs = tracing_subscriber::fmt::layer().with_target(false);
    let logs = match format {
        LogFormat::Json => logs.json().flatten_event(true).boxed(),
        LogFormat::Text => logs.boxed(),
    };
    let traces = match otlp_traces() {
        Ok(traces) => traces,
        Err(error) => {
            eprintln!("OTEL_EXPORTER_OTLP_ENDPOINT: traces are not exported: {error:#}");
            None
        }
    };
    let mut layers: Vec<Box<dyn Layer<Registry> + Send + Sync>> = vec![logs];
    if let Some(provider) = &traces {
        layers.push(tracing_opentelemetry::layer().with_tracer(provider.tracer("questline")).boxed());
    }
    let installed = tracing_subscriber::registry().with(layers).with(filter).try_init().is_ok();
    Telemetry { traces: traces.filter(|_| installed) }
}

/// The OTLP exporter, when `OTEL_EXPORTER_OTLP_ENDPOINT` (or its traces-only variant) names one.
fn otlp_traces() -> anyhow::Result<Option<SdkTracerProvider>> {
    let configured = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"]
        .iter()
        .any(|name| std::env::var(name).is_ok_and(|value| !value.trim().is_empty()));
    if !configured {
        return Ok(None);
    }
    let exporter =
        opentelemetry_otlp::SpanExporter::builder().with_http().with_protocol(Protocol::HttpBinary).build()?;
    let service = std::env::var("OTEL_SERVICE_NAME").unwrap_or_else(|_| "questline".to_owned());
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(Resource::builder().with_service_name(service).build())
        .build();
    Ok(Some(provider))
}
