//! Conditional GETs (RFC 9110 §13): whether the copy a client holds, named by `If-None-Match`, is the one it
//! would get. The web app's files and the calendar feeds answer 304 by it.

use axum::http::{HeaderMap, header};

/// Whether `If-None-Match` names `etag` (a quoted strong tag), weakly compared as GET allows, or is `*`.
pub fn holds_current(request: &HeaderMap, etag: &str) -> bool {
    request.get(header::IF_NONE_MATCH).and_then(|value| value.to_str().ok()).is_some_and(|value| {
        value.split(',').any(|tag| tag.trim().trim_start_matches("W/") == etag || tag.trim() == "*")
    })
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn asking(tags: &str) -> HeaderMap {
        HeaderMap::from_iter([(header::IF_NONE_MATCH, HeaderValue::from_str(tags).unwrap())])
    }

    #[test]
    fn a_listed_weak_or_wildcard_tag_is_current() {
        assert!(holds_current(&asking("\"a\""), "\"a\""));
        assert!(holds_current(&asking("\"b\", W/\"a\""), "\"a\""));
        assert!(holds_current(&asking("*"), "\"a\""));
        assert!(!holds_current(&asking("\"b\""), "\"a\""));
        assert!(!holds_current(&HeaderMap::new(), "\"a\""));
    }
}
