//! Traces to an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`): a small receiver started here takes what the
//! exporter posts to `/v1/traces` (protobuf); the request spans are there, with their method, path and request id,
//! and no span name, attribute or event carries a query string.
//!
//! The exporter and the process's log subscriber are global: this test sets them up itself, before its runtime
//! (cargo-nextest runs every test in a process of its own).

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::routing::post;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{AnyValue, KeyValue, any_value};
use opentelemetry_proto::tonic::trace::v1::Span;
use prost::Message;
use questline::config::LogFormat;

use crate::helpers::{Backend, TestApp};

const SECRET: &str = "secret-token-4711";

fn text(value: &Option<AnyValue>) -> String {
    match value.as_ref().and_then(|value| value.value.as_ref()) {
        Some(any_value::Value::StringValue(text)) => text.clone(),
        Some(other) => format!("{other:?}"),
        None => String::new(),
    }
}

fn attribute(attributes: &[KeyValue], key: &str) -> Option<String> {
    attributes.iter().find(|attribute| attribute.key == key).map(|attribute| text(&attribute.value))
}

/// Everything a span says: its name, attributes and its events' names and attributes.
fn everything_said(span: &Span) -> String {
    let mut said = vec![span.name.clone()];
    said.extend(span.attributes.iter().map(|attribute| format!("{}={}", attribute.key, text(&attribute.value))));
    for event in &span.events {
        said.push(event.name.clone());
        said.extend(event.attributes.iter().map(|attribute| format!("{}={}", attribute.key, text(&attribute.value))));
    }
    said.join(" ")
}

#[test]
fn request_spans_reach_the_otlp_endpoint_without_query_strings() {
    let receiver = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    // SAFETY: no other thread runs yet; the exporter reads it once, below.
    unsafe { std::env::set_var("OTEL_EXPORTER_OTLP_ENDPOINT", format!("http://{}", receiver.local_addr().unwrap())) };
    let telemetry = questline::telemetry::init(LogFormat::Text);
    assert!(telemetry.exports_traces());

    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let posts = Arc::new(Mutex::new(Vec::<Bytes>::new()));
    let app = runtime.block_on(async {
        receiver.set_nonblocking(true).unwrap();
        let receiver = tokio::net::TcpListener::from_std(receiver).unwrap();
        let collect = Router::new()
            .route(
                "/v1/traces",
                post(|State(posts): State<Arc<Mutex<Vec<Bytes>>>>, body: Bytes| async move {
                    posts.lock().unwrap().push(body);
                    ""
                }),
            )
            .with_state(posts.clone());
        tokio::spawn(async move { axum::serve(receiver, collect).await.unwrap() });

        let app = TestApp::spawn_with(Backend::Sqlite, |_| {}).await;
        assert_eq!(app.get(&format!("/api/health?token={SECRET}")).await.status(), 200);
        assert_eq!(app.get(&format!("/api/questboard?q={SECRET}")).await.status(), 200);
        assert_eq!(app.get(&format!("/api/no-such-route?token={SECRET}")).await.status(), 404);
        app
    });
    // The batch goes out now instead of after its 5-second delay; the receiver runs on the runtime's threads.
    telemetry.flush();

    let spans: Vec<Span> = posts
        .lock()
        .unwrap()
        .iter()
        .map(|body| ExportTraceServiceRequest::decode(body.as_ref()).expect("an OTLP protobuf body"))
        .flat_map(|request| request.resource_spans)
        .flat_map(|resource| resource.scope_spans)
        .flat_map(|scope| scope.spans)
        .collect();
    let requests: Vec<&Span> = spans.iter().filter(|span| span.name == "request").collect();
    let paths: Vec<String> = requests.iter().filter_map(|span| attribute(&span.attributes, "path")).collect();
    for path in ["/api/health", "/api/questboard", "/api/no-such-route"] {
        assert!(paths.iter().any(|seen| seen == path), "a request span for {path}: {paths:?}");
    }
    for span in &requests {
        assert_eq!(attribute(&span.attributes, "method").as_deref(), Some("GET"));
        let request_id = attribute(&span.attributes, "request_id").unwrap_or_default();
        assert_eq!(request_id.len(), 36, "each request span carries its request id");
    }
    for span in &spans {
        let said = everything_said(span);
        assert!(!said.contains(SECRET), "a span carries a query string: {said}");
    }
    drop(app);
    runtime.shutdown_background();
    telemetry.shutdown();
}
