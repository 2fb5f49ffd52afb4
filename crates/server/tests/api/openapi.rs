//! The committed OpenAPI document is what the code generates: a change to the API cannot slip by unseen.

#[test]
fn committed_openapi_document_matches_the_code() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/openapi.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let generated = questline::openapi::to_pretty_json();
    assert!(
        committed == generated,
        "docs/openapi.json is out of date with the handlers. Run `make openapi` (it also regenerates the web \
         client) and commit the result."
    );
}

#[test]
fn every_operation_has_a_camel_case_operation_id() {
    let document = serde_json::to_value(questline::openapi::document()).unwrap();
    let mut ids = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let id = operation["operationId"].as_str().unwrap_or_else(|| panic!("{method} {path} has no operationId"));
            assert!(id.chars().next().unwrap().is_ascii_lowercase() && !id.contains(['_', '-']), "{id}");
            ids.push(id.to_owned());
        }
    }
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count, "operationIds are unique");
    assert!(ids.contains(&"health".to_owned()));
}

db_test!(async fn the_document_is_served(app) {
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["info"]["title"], "Questline API");
});
