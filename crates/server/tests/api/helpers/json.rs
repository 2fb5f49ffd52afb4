//! Reading answers: the JSON body of a response (a body that is not JSON fails the test with the status and the
//! text), and the `id` of an answered object.

use serde_json::Value;

pub async fn body(response: reqwest::Response) -> Value {
    let status = response.status();
    let text = response.text().await.unwrap();
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("{status}: {text}"))
}

pub fn id(value: &Value) -> &str {
    value["id"].as_str().unwrap()
}
