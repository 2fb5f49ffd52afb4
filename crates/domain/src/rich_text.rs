//! Rich text: the Tiptap (ProseMirror) JSON documents of blueprint parts. The server stores the document only
//! when every node and mark is on an allowlist, every link is http, https or mailto, and it stays within the
//! character, byte and depth limits; anything else is refused. Browsers render what is stored from this JSON with
//! Tiptap's renderer (never from HTML), so an allowlisted document can only ever become these few elements.
//!
//! Characters are counted the way the editor counts them (Tiptap's character count with a code-point counter):
//! the text of every text node, and one for each hard break; blocks add nothing.

use serde_json::{Map, Value};

use crate::error::{ErrorCode, FieldError};

/// The most characters a part may hold. The spec leaves the number open; 20,000 is about eight printed pages,
/// plenty for one section of an adventure, and keeps a part readable in one sitting.
pub const CONTENT_MAX_CHARACTERS: usize = 20_000;
/// The most bytes the stored JSON may take. Marks and nodes cost bytes the character count does not see; 256 KiB
/// leaves room for a fully formatted 20,000-character part and stops documents padded with empty nodes.
pub const CONTENT_MAX_BYTES: usize = 256 * 1024;
/// The deepest nesting of nodes (the document counts as 1). Five levels of lists inside a quote need 14.
pub const CONTENT_MAX_DEPTH: usize = 24;
/// The longest link address.
pub const LINK_MAX_LENGTH: usize = 2048;

pub const LINK_SCHEMES: [&str; 3] = ["http://", "https://", "mailto:"];

/// A document that passed every rule. `{}` (what a new part starts with) is the empty document.
#[derive(Debug, Clone, PartialEq)]
pub struct RichText {
    value: Value,
    characters: usize,
}

impl RichText {
    pub fn empty() -> Self {
        Self { value: Value::Object(Map::new()), characters: 0 }
    }

    pub fn parse(value: &Value) -> Result<Self, FieldError> {
        let Value::Object(root) = value else { return Err(invalid()) };
        if root.is_empty() {
            return Ok(Self::empty());
        }
        let bytes = serde_json::to_string(value).map_err(|_| invalid())?.len();
        if bytes > CONTENT_MAX_BYTES {
            let kib = CONTENT_MAX_BYTES / 1024;
            let message = format!("Content must be smaller than {kib} KiB");
            return Err(FieldError::new(ErrorCode::ContentTooLarge, message).param("max_kib", kib));
        }
        let mut walk = Walk { characters: 0 };
        walk.node(value, Kind::Doc, 1)?;
        if walk.characters > CONTENT_MAX_CHARACTERS {
            let message = format!("Content must be less than {CONTENT_MAX_CHARACTERS} characters");
            return Err(FieldError::new(ErrorCode::ContentTooLong, message).param("max", CONTENT_MAX_CHARACTERS));
        }
        Ok(Self { value: value.clone(), characters: walk.characters })
    }

    pub fn value(&self) -> &Value {
        &self.value
    }

    pub fn into_value(self) -> Value {
        self.value
    }

    pub fn characters(&self) -> usize {
        self.characters
    }
}

fn invalid() -> FieldError {
    FieldError::new(ErrorCode::ContentInvalid, "Content is not a valid document")
}

/// What may contain what.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Doc,
    /// paragraph, heading, bulletList, orderedList, blockquote
    Block,
    /// text, hardBreak
    Inline,
    ListItem,
}

fn kind_of(node_type: &str) -> Option<Kind> {
    Some(match node_type {
        "doc" => Kind::Doc,
        "paragraph" | "heading" | "bulletList" | "orderedList" | "blockquote" => Kind::Block,
        "text" | "hardBreak" => Kind::Inline,
        "listItem" => Kind::ListItem,
        _ => return None,
    })
}

fn not_allowed(what: &str) -> FieldError {
    // Cut what we echo back: the refused value comes from the client and may be long.
    let shown: String = what.chars().take(40).collect();
    let message = format!("Content contains something that is not allowed: {shown}");
    FieldError::new(ErrorCode::ContentNotAllowed, message).param("name", shown)
}

struct Walk {
    characters: usize,
}

impl Walk {
    fn node(&mut self, value: &Value, expected: Kind, depth: usize) -> Result<(), FieldError> {
        if depth > CONTENT_MAX_DEPTH {
            let message = "Content is nested too deeply";
            return Err(FieldError::new(ErrorCode::ContentNestedTooDeeply, message).param("max", CONTENT_MAX_DEPTH));
        }
        let Value::Object(node) = value else { return Err(invalid()) };
        for key in node.keys() {
            if !["type", "content", "text", "marks", "attrs"].contains(&key.as_str()) {
                return Err(not_allowed(key));
            }
        }
        let Some(Value::String(node_type)) = node.get("type") else { return Err(invalid()) };
        let kind = kind_of(node_type).ok_or_else(|| not_allowed(node_type))?;
        if kind != expected {
            return Err(invalid());
        }
        check_node_attrs(node_type, node.get("attrs"))?;
        if node.contains_key("marks") && kind != Kind::Inline {
            return Err(invalid());
        }
        if let Some(marks) = node.get("marks") {
            check_marks(marks)?;
        }
        match node_type.as_str() {
            "text" => {
                if node.contains_key("content") {
                    return Err(invalid());
                }
                match node.get("text") {
                    Some(Value::String(text)) if !text.is_empty() => self.characters += text.chars().count(),
                    _ => return Err(invalid()),
                }
                return Ok(());
            }
            "hardBreak" => {
                if node.contains_key("content") || node.contains_key("text") {
                    return Err(invalid());
                }
                self.characters += 1;
                return Ok(());
            }
            _ => {}
        }
        if node.contains_key("text") {
            return Err(invalid());
        }
        let children = match node.get("content") {
            None => return Ok(()),
            Some(Value::Array(children)) => children,
            Some(_) => return Err(invalid()),
        };
        let child_kind = match node_type.as_str() {
            "doc" | "blockquote" | "listItem" => Kind::Block,
            "paragraph" | "heading" => Kind::Inline,
            "bulletList" | "orderedList" => Kind::ListItem,
            _ => return Err(invalid()),
        };
        for child in children {
            self.node(child, child_kind, depth + 1)?;
        }
        Ok(())
    }
}

/// Node attributes: only the ones Tiptap writes for the allowed nodes, with sane values.
fn check_node_attrs(node_type: &str, attrs: Option<&Value>) -> Result<(), FieldError> {
    let Some(attrs) = attrs else { return Ok(()) };
    let Value::Object(attrs) = attrs else { return Err(invalid()) };
    for (key, value) in attrs {
        let fine = match (node_type, key.as_str()) {
            ("heading", "level") => value.as_u64().is_some_and(|level| (1..=6).contains(&level)),
            ("orderedList", "start") => value.as_u64().is_some_and(|start| start <= 1_000_000),
            ("orderedList", "type") => {
                value.is_null() || value.as_str().is_some_and(|t| ["1", "a", "A", "i", "I"].contains(&t))
            }
            _ => return Err(not_allowed(key)),
        };
        if !fine {
            return Err(invalid());
        }
    }
    Ok(())
}

/// Marks: bold, italic and links, each at most once on a node; nothing nested inside a mark.
fn check_marks(marks: &Value) -> Result<(), FieldError> {
    let Value::Array(marks) = marks else { return Err(invalid()) };
    let mut seen: Vec<&str> = Vec::new();
    for mark in marks {
        let Value::Object(mark) = mark else { return Err(invalid()) };
        for key in mark.keys() {
            if key != "type" && key != "attrs" {
                return Err(not_allowed(key));
            }
        }
        let Some(Value::String(mark_type)) = mark.get("type") else { return Err(invalid()) };
        if !["bold", "italic", "link"].contains(&mark_type.as_str()) {
            return Err(not_allowed(mark_type));
        }
        if seen.contains(&mark_type.as_str()) {
            return Err(invalid());
        }
        seen.push(mark_type);
        match (mark_type.as_str(), mark.get("attrs")) {
            ("link", Some(Value::Object(attrs))) => check_link(attrs)?,
            ("link", _) => return Err(invalid()),
            (_, None) => {}
            (_, Some(Value::Object(attrs))) if attrs.is_empty() => {}
            (_, Some(_)) => return Err(invalid()),
        }
    }
    Ok(())
}

fn check_link(attrs: &Map<String, Value>) -> Result<(), FieldError> {
    for (key, value) in attrs {
        let fine = match key.as_str() {
            "href" => true,
            "target" => value.is_null() || value.as_str() == Some("_blank"),
            "rel" => {
                value.is_null()
                    || value.as_str().is_some_and(|rel| {
                        rel.split_whitespace().all(|token| ["noopener", "noreferrer", "nofollow"].contains(&token))
                    })
            }
            // Tiptap writes `class: null`; a class of our own stylesheet could dress a link up as a button.
            "class" | "title" => value.is_null(),
            _ => return Err(not_allowed(key)),
        };
        if !fine {
            return Err(invalid());
        }
    }
    let Some(Value::String(href)) = attrs.get("href") else { return Err(invalid()) };
    if !is_allowed_link(href) {
        return Err(FieldError::new(
            ErrorCode::LinkSchemeNotAllowed,
            "Links must start with http://, https:// or mailto:",
        ));
    }
    Ok(())
}

/// http, https or mailto, with nothing a browser would strip or reinterpret (spaces, control characters).
pub fn is_allowed_link(href: &str) -> bool {
    let lower = href.to_ascii_lowercase();
    href.len() <= LINK_MAX_LENGTH
        && !href.chars().any(|c| c.is_whitespace() || c.is_control())
        && LINK_SCHEMES.iter().any(|scheme| lower.starts_with(scheme) && lower.len() > scheme.len())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn doc(blocks: Value) -> Value {
        json!({"type": "doc", "content": blocks})
    }

    fn paragraph(text: &str) -> Value {
        json!({"type": "paragraph", "content": [{"type": "text", "text": text}]})
    }

    #[test]
    fn the_empty_object_is_the_empty_document() {
        let empty = RichText::parse(&json!({})).unwrap();
        assert_eq!(empty.characters(), 0);
        assert_eq!(empty, RichText::empty());
    }

    #[test]
    fn every_allowed_node_and_mark_is_accepted() {
        let document = doc(json!([
            {"type": "heading", "attrs": {"level": 2}, "content": [{"type": "text", "text": "The Keep"}]},
            {"type": "paragraph", "content": [
                {"type": "text", "text": "Bold", "marks": [{"type": "bold"}, {"type": "italic"}]},
                {"type": "hardBreak"},
                {"type": "text", "text": "map", "marks": [{"type": "link", "attrs": {
                    "href": "https://example.com/map", "target": "_blank", "rel": "noopener noreferrer nofollow",
                    "class": null}}]}
            ]},
            {"type": "bulletList", "content": [{"type": "listItem", "content": [paragraph("one")]}]},
            {"type": "orderedList", "attrs": {"start": 1, "type": null},
                "content": [{"type": "listItem", "content": [paragraph("two")]}]},
            {"type": "blockquote", "content": [paragraph("quote")]},
            {"type": "paragraph"},
            {"type": "paragraph", "content": [{"type": "text", "text": "write",
                "marks": [{"type": "link", "attrs": {"href": "mailto:gm@example.com"}}]}]}
        ]));
        let parsed = RichText::parse(&document).unwrap();
        // 8 + 4 + 1 (hard break) + 3 + 3 + 3 + 5 + 5
        assert_eq!(parsed.characters(), 32);
    }

    #[test]
    fn characters_are_counted_like_the_editor_and_limited() {
        let at_limit = doc(json!([paragraph(&"ż".repeat(CONTENT_MAX_CHARACTERS))]));
        assert_eq!(RichText::parse(&at_limit).unwrap().characters(), CONTENT_MAX_CHARACTERS);
        let over = doc(json!([paragraph(&"a".repeat(CONTENT_MAX_CHARACTERS)), paragraph("b")]));
        assert_eq!(RichText::parse(&over).unwrap_err(), "Content must be less than 20000 characters");
    }

    #[test]
    fn bytes_are_limited_even_when_characters_are_few() {
        let padded: Vec<Value> = (0..20_000).map(|_| json!({"type": "paragraph"})).collect();
        assert_eq!(RichText::parse(&doc(Value::Array(padded))).unwrap_err(), "Content must be smaller than 256 KiB");
    }

    /// Documents someone might send to get a script into another user's page; the server's integration tests and
    /// the browser journey use the same file.
    pub fn hostile_corpus() -> Vec<(String, Value)> {
        let corpus: Vec<Value> =
            serde_json::from_str(include_str!("../../../test-support/rich-text/hostile-documents.json")).unwrap();
        corpus
            .into_iter()
            .map(|entry| (entry["name"].as_str().unwrap().to_owned(), entry["document"].clone()))
            .collect()
    }

    #[test]
    fn hostile_documents_are_refused() {
        let corpus = hostile_corpus();
        assert!(corpus.len() >= 20);
        for (name, document) in corpus {
            assert!(RichText::parse(&document).is_err(), "{name} must be refused");
        }
    }

    #[test]
    fn markup_inside_text_is_just_text() {
        // Rendered as text by the renderer, so it is harmless and allowed.
        let document = doc(json!([paragraph("<script>alert(1)</script>")]));
        assert!(RichText::parse(&document).is_ok());
    }

    #[test]
    fn links_are_http_https_or_mailto() {
        assert!(is_allowed_link("https://example.com"));
        assert!(is_allowed_link("HTTP://EXAMPLE.COM"));
        assert!(is_allowed_link("mailto:gm@example.com"));
        for bad in ["javascript:alert(1)", "data:text/html,x", "//evil.example", "https://", "ftp://x", " https://x"] {
            assert!(!is_allowed_link(bad), "{bad}");
        }
    }
}
