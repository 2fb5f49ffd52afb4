//! A shared link to a series: the page served for `/questboard/{handle}` carries the series' Open Graph and Twitter
//! tags, HTML-escaped, with absolute URLs from the public URL; a draft or an unknown handle gets none and the page
//! answers 404 (the app draws its own "not found", or the GM's own draft).

use serde_json::{Value, json};

use crate::helpers::Browser;

async fn page(app: &crate::helpers::TestApp, path: &str) -> (u16, String) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
    (status, response.text().await.unwrap())
}

async fn series_of(gm: &Browser, app: &crate::helpers::TestApp, title: &str, description: &str) -> Value {
    let system = app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await;
    let blueprint = gm.create_blueprint_ok("Shared blueprint", &system).await;
    let payload = json!({"title": title, "short_description": description, "blueprint_id": blueprint["id"]});
    let response = gm.post_json("/api/series", &payload).await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

db_test!(
    configure = |config| config.public_url = Some("https://play.example.test/".into()),
    async fn a_published_series_page_carries_its_share_card(app) {
        let (gm, _, _) = app.signed_up_gm("Gwen").await;
        let title = r#"Tom & "Jerry" <b>'s</b> Keep"#;
        let series = series_of(&gm, &app, title, "Cats <script>alert(1)</script> & mice").await;
        let handle = series["handle"].as_str().unwrap().to_owned();
        let (unknown_status, unknown) = page(&app, "/questboard/no-such-series").await;
        assert_eq!(unknown_status, 404);
        assert!(!unknown.contains("og:title"));

        // A draft: no card, and the page is served as for an unknown handle.
        let (status, draft) = page(&app, &format!("/questboard/{handle}")).await;
        assert_eq!(status, unknown_status);
        assert!(!draft.contains("og:") && !draft.contains("Jerry"), "{draft}");

        let id = series["id"].as_str().unwrap();
        let schedule = json!({"start_time": "19:00", "is_recurring": false, "time_zone": "Europe/Warsaw",
            "first_date": "2026-12-01"});
        assert_eq!(gm.send_json(reqwest::Method::PUT, &format!("/api/series/{id}/schedule"), &schedule).await.status(), 200);
        let publish = json!({"lifecycle_status": "published"});
        assert_eq!(gm.send_json(reqwest::Method::PATCH, &format!("/api/series/{id}"), &publish).await.status(), 200);

        let (status, html) = page(&app, &format!("/questboard/{handle}")).await;
        assert_eq!(status, 200);
        let escaped_title = "Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt; Keep";
        let url = format!("https://play.example.test/questboard/{handle}");
        for tag in [
            format!(r#"<meta property="og:title" content="{escaped_title}">"#),
            r#"<meta property="og:description" content="Cats &lt;script&gt;alert(1)&lt;/script&gt; &amp; mice">"#.to_owned(),
            format!(r#"<meta property="og:url" content="{url}">"#),
            r#"<meta property="og:type" content="website">"#.to_owned(),
            r#"<meta name="twitter:card" content="summary">"#.to_owned(),
            format!(r#"<meta name="twitter:title" content="{escaped_title}">"#),
            format!(r#"<link rel="canonical" href="{url}">"#),
        ] {
            assert!(html.contains(&tag), "{tag} in {html}");
        }
        assert!(!html.contains("<script>alert") && !html.contains("og:image"), "{html}");
        // Issue 32: the tab and a search result read the series' own title and description, escaped.
        assert_eq!(html.matches("<title>").count(), 1, "{html}");
        assert!(html.contains(&format!("<title>{escaped_title} · Questline</title>")), "{html}");
        assert_eq!(html.matches("name=\"description\"").count(), 1, "{html}");
        assert!(html.contains(r#"<meta name="description" content="Cats &lt;script&gt;alert(1)&lt;/script&gt; &amp; mice">"#), "{html}");
        assert!(unknown.contains("<title>Questline</title>"), "other pages keep the app's title: {unknown}");
        let head_end = html.to_ascii_lowercase().find("</head>").unwrap();
        assert!(html.find("og:title").unwrap() < head_end, "the tags are in the head");

        // With a picture: its absolute, versioned URL, and the large card.
        let saved: Value = crate::series_images::upload(&gm, &series, "thumbnail", &crate::series_images::png(64, 64))
            .await
            .json()
            .await
            .unwrap();
        let image = format!("https://play.example.test{}", saved["thumbnail_url"].as_str().unwrap());
        let (_, html) = page(&app, &format!("/QuestBoard/{handle}/")).await;
        assert!(html.contains(&format!(r#"<meta property="og:image" content="{image}">"#)), "{html}");
        assert!(html.contains(r#"<meta name="twitter:card" content="summary_large_image">"#), "{html}");
    }
);
