//! The embedded web app: page paths the route table knows answer the app, any other page path answers it with 404,
//! with the security headers on every response.

db_test!(async fn client_routes_answer_the_web_app(app) {
    for path in ["/", "/sign-in", "/sign-in/", "/profile/not-a-uuid", "/dashboard/gm/activity-blueprints/some-handle",
        "/questboard", "/dashboard/gm/my-series/some-handle",
        "/dashboard/gm/my-sessions/0190f0e2-0000-7000-8000-000000000000", "/dashboard/player/my-sessions",
        "/checkout/success", "/checkout/success?order_id=order_01"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let headers = response.headers().clone();
        assert!(headers["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        assert_eq!(headers["cache-control"], "no-cache", "index.html is revalidated: {path}");
        let body = response.text().await.unwrap();
        assert!(body.contains("<html"), "{path}");
    }
});

db_test!(async fn other_page_paths_answer_404_with_the_app(app) {
    // Spec §2: any other path is a plain 404; the app draws its Not Found page from the same document.
    // A series' page whose handle names no published series is not found either (issue 31).
    for path in ["/zz-nonsense", "/questboard/a/b", "/profile/a/b", "/dashboard/gm/my-sessions/a/b", "/sign-in/x",
        "/checkout", "/checkout/success/x", "/questboard/some-handle"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let headers = response.headers().clone();
        assert!(headers["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        assert_eq!(headers["cache-control"], "no-cache", "{path}");
        assert!(headers["vary"].to_str().unwrap().to_ascii_lowercase().contains("accept-encoding"), "{path}");
        let body = response.text().await.unwrap();
        assert!(body.contains("<html"), "{path}");
    }
    // API paths keep their JSON errors.
    let response = app.get("/api/zz-nonsense").await;
    assert_eq!(response.status(), 404);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
});

db_test!(async fn every_response_carries_the_security_headers(app) {
    for path in ["/", "/api/health", "/api/nope"] {
        let response = app.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "no inline scripts: {csp}");
        assert!(csp.contains("style-src 'self' 'unsafe-inline'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        assert!(headers.contains_key("x-request-id"), "{path}");
    }
});

db_test!(async fn missing_hashed_assets_are_not_answered_with_html(app) {
    let response = app.get("/assets/index-0000dead.js").await;
    assert_eq!(response.status(), 404);
});

db_test!(async fn responses_are_compressed_when_the_client_accepts_it(app) {
    let response = app
        .client
        .get(app.url("/api/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-encoding"], "gzip");
});
