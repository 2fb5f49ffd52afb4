//! The error contract: every bad input answers `{"error": {type, code, message, fields}}` with the right status.
//! Unknown paths and methods are tried on the real app; extractor rejections, panics and timeouts on a probe router
//! wrapped in the app's own middleware stack and extractors, since the foundation has no endpoint that panics.

use std::time::Duration;

use axum::Router;
use axum::routing::{get, post};
use questline::http::middleware::{self, Limits};
use questline::http::{Json, Path};
use serde::Deserialize;
use serde_json::json;

use crate::helpers::error_of;

db_test!(async fn unknown_api_paths_answer_json_not_found(app) {
    for path in ["/api/no-such-endpoint", "/api/health/extra", "/api"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let (kind, code, _) = error_of(response).await;
        assert_eq!((kind.as_str(), code.as_str()), ("not_found", "route_not_found"), "{path}");
    }
});

db_test!(async fn a_wrong_method_answers_in_the_error_format(app) {
    let response = app.post_json("/api/health", &json!({})).await;
    assert_eq!(response.status(), 405);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "method_not_allowed"));
});

#[derive(Deserialize)]
struct Echo {
    title: String,
}

async fn boom() -> &'static str {
    panic!("a bug in a handler")
}

/// A router with one endpoint per failure, inside the application's real middleware stack.
async fn spawn_probe(limits: Limits) -> String {
    let api = Router::new()
        .route("/echo", post(|Json(body): Json<Echo>| async move { Json(json!({ "title": body.title })) }))
        .route("/items/{id}", get(|Path(id): Path<uuid::Uuid>| async move { id.to_string() }))
        .route("/boom", get(boom))
        .route(
            "/slow",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(5)).await;
                "late"
            }),
        )
        .fallback(middleware::api_not_found);
    let app = middleware::apply(Router::new().nest("/api", api), limits);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    address
}

fn default_limits() -> Limits {
    Limits {
        body_limit_bytes: 1024,
        request_timeout: Duration::from_millis(300),
        secure: false,
        stripe: false,
        metrics: false,
    }
}

async fn post_raw(url: String, content_type: Option<&str>, body: impl Into<reqwest::Body>) -> reqwest::Response {
    let mut request = reqwest::Client::new().post(url).body(body);
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn malformed_json_is_an_invalid_argument() {
    let base = spawn_probe(default_limits()).await;
    let response = post_raw(format!("{base}/api/echo"), Some("application/json"), "{\"title\": ").await;
    assert_eq!(response.status(), 400);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "malformed_json"));
}

#[tokio::test]
async fn json_of_the_wrong_shape_is_an_invalid_argument() {
    let base = spawn_probe(default_limits()).await;
    let response = post_raw(format!("{base}/api/echo"), Some("application/json"), r#"{"title": 5}"#).await;
    assert_eq!(response.status(), 400);
    let (kind, code, error) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "invalid_body"));
    assert!(error["message"].as_str().unwrap().contains("title"), "the message names the field: {error}");
}

#[tokio::test]
async fn a_json_array_is_not_taken_for_an_object() {
    // serde would fill a struct's fields from an array in order; no endpoint takes a body that is not an object.
    let base = spawn_probe(default_limits()).await;
    for body in [r#"["x"]"#, "[null]", r#""x""#, "5", "null"] {
        let response = post_raw(format!("{base}/api/echo"), Some("application/json"), body).await;
        assert_eq!(response.status(), 400, "{body}");
        let (kind, code, _) = error_of(response).await;
        assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "invalid_body"), "{body}");
    }
}

#[tokio::test]
async fn a_body_that_is_not_json_is_refused_with_415() {
    let base = spawn_probe(default_limits()).await;
    let response = post_raw(format!("{base}/api/echo"), Some("text/plain"), r#"{"title": "x"}"#).await;
    assert_eq!(response.status(), 415);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "unsupported_media_type"));

    let response = post_raw(format!("{base}/api/echo"), None, r#"{"title": "x"}"#).await;
    assert_eq!(response.status(), 415);
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_with_413() {
    let base = spawn_probe(default_limits()).await;
    let body = format!(r#"{{"title": "{}"}}"#, "x".repeat(4096));
    let response = post_raw(format!("{base}/api/echo"), Some("application/json"), body).await;
    assert_eq!(response.status(), 413);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "payload_too_large"));
}

#[tokio::test]
async fn a_good_request_passes_through() {
    let base = spawn_probe(default_limits()).await;
    let response = post_raw(format!("{base}/api/echo"), Some("application/json"), r#"{"title": "Ok"}"#).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["title"], "Ok");
}

#[tokio::test]
async fn a_bad_path_parameter_is_an_invalid_argument() {
    let base = spawn_probe(default_limits()).await;
    let response = reqwest::get(format!("{base}/api/items/not-a-uuid")).await.unwrap();
    assert_eq!(response.status(), 400);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_argument", "invalid_path_parameter"));
}

#[tokio::test]
async fn a_panic_answers_unknown_error_and_the_server_keeps_serving() {
    let base = spawn_probe(default_limits()).await;
    let response = reqwest::get(format!("{base}/api/boom")).await.unwrap();
    assert_eq!(response.status(), 500);
    let (kind, _, error) = error_of(response).await;
    assert_eq!(kind, "unknown_error");
    assert!(!error["message"].as_str().unwrap().contains("a bug in a handler"), "internals are not sent");

    let id = uuid::Uuid::now_v7();
    let response = reqwest::get(format!("{base}/api/items/{id}")).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.text().await.unwrap(), id.to_string());
}

#[tokio::test]
async fn a_request_past_the_time_limit_answers_504() {
    let base = spawn_probe(default_limits()).await;
    let response = reqwest::get(format!("{base}/api/slow")).await.unwrap();
    assert_eq!(response.status(), 504);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unknown_error", "request_timeout"));
}
