//! Series images: a real PNG is accepted, re-encoded and served with a versioned, long-cached URL; a text file, a
//! file over 5 MB and a header claiming 20000×20000 pixels (or just over 12 megapixels) are refused (the last
//! without decoding); a 16-bit PNG is taken; 20 uploads an hour per account; only the
//! series' GM may upload, and a draft's image is only its GM's to see.

use image::ImageEncoder;
use serde_json::{Value, json};

use crate::helpers::{Browser, TestApp, error_of};

const BOUNDARY: &str = "questline-test-boundary-7d1f";

/// A `multipart/form-data` body with one file field.
fn form(field: &str, file_name: &str, content_type: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n\
         Content-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

async fn upload_form(browser: &Browser, series: &Value, kind: &str, body: Vec<u8>) -> reqwest::Response {
    let path = format!("/api/series/{}/images/{kind}", series["id"].as_str().unwrap());
    browser
        .client
        .post(browser.url(&path))
        .header("X-Questline-Csrf", "1")
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        // A refusal may come before the body is read, and the server then closes the connection: never reuse it.
        .header("connection", "close")
        .body(body)
        .send()
        .await
        .expect("request sent")
}

pub async fn upload(browser: &Browser, series: &Value, kind: &str, bytes: &[u8]) -> reqwest::Response {
    upload_form(browser, series, kind, form("image", "picture.png", "image/png", bytes)).await
}

pub fn png(width: u32, height: u32) -> Vec<u8> {
    let pixels = image::RgbaImage::from_fn(width, height, |x, y| {
        image::Rgba([(x * 255 / width) as u8, (y * 255 / height) as u8, 160, if x < 8 { 0 } else { 255 }])
    });
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(pixels.as_raw(), width, height, image::ExtendedColorType::Rgba8)
        .unwrap();
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A valid PNG signature and header claiming `width`×`height`, and no pixels: decoding would fail, so a refusal
/// that names the pixel count shows the header was read first.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut chunk = b"IHDR".to_vec();
    chunk.extend_from_slice(&width.to_be_bytes());
    chunk.extend_from_slice(&height.to_be_bytes());
    chunk.extend_from_slice(&[8, 6, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend_from_slice(&13u32.to_be_bytes());
    png.extend_from_slice(&chunk);
    png.extend_from_slice(&crc32(&chunk).to_be_bytes());
    // An empty IDAT and the end: the pixels a decoder would need are simply not there.
    for name in [b"IDAT", b"IEND"] {
        png.extend_from_slice(&0u32.to_be_bytes());
        png.extend_from_slice(name);
        png.extend_from_slice(&crc32(name).to_be_bytes());
    }
    png
}

async fn draft(gm: &Browser, app: &TestApp, title: &str) -> Value {
    let system = app.game_system_id("5e (2024)", Some("Dungeons & Dragons")).await;
    let blueprint = gm.create_blueprint_ok(&format!("{title} blueprint"), &system).await;
    let response = gm.post_json("/api/series", &json!({"title": title, "blueprint_id": blueprint["id"]})).await;
    assert_eq!(response.status(), 201);
    response.json().await.unwrap()
}

async fn publish(gm: &Browser, series: &Value) {
    let id = series["id"].as_str().unwrap();
    let schedule = json!({"start_time": "19:00", "session_duration_minutes": 180, "is_recurring": false,
        "time_zone": "Europe/Warsaw", "first_date": "2026-12-01"});
    let response = gm.send_json(reqwest::Method::PUT, &format!("/api/series/{id}/schedule"), &schedule).await;
    assert_eq!(response.status(), 200);
    let response = gm
        .send_json(reqwest::Method::PATCH, &format!("/api/series/{id}"), &json!({"lifecycle_status": "published"}))
        .await;
    assert_eq!(response.status(), 200);
}

fn header(response: &reqwest::Response, name: &str) -> String {
    response.headers().get(name).map(|value| value.to_str().unwrap().to_owned()).unwrap_or_default()
}

db_test!(async fn a_real_png_is_re_encoded_and_served_with_a_versioned_url(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (other, _, _) = app.signed_up_gm("Otto").await;
    let series = draft(&gm, &app, "The Sunless Citadel").await;
    assert!(series["thumbnail_url"].is_null() && series["banner_url"].is_null());

    let response = upload(&gm, &series, "thumbnail", &png(64, 48)).await;
    assert_eq!(response.status(), 200);
    let saved: Value = response.json().await.unwrap();
    let url = saved["thumbnail_url"].as_str().unwrap().to_owned();
    assert!(url.starts_with(&format!("/api/series/{}/images/thumbnail?v=", series["id"].as_str().unwrap())), "{url}");
    assert_eq!(saved["version"], series["version"].as_i64().unwrap() + 1, "a change of the series");
    assert!(saved["banner_url"].is_null());

    // A draft's image: its GM's, privately cached; nobody else's.
    let response = gm.get(&url).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "image/jpeg");
    assert_eq!(header(&response, "cache-control"), "private, max-age=31536000, immutable");
    let bytes = response.bytes().await.unwrap();
    let served = image::load_from_memory(&bytes).unwrap();
    assert_eq!((served.width(), served.height()), (640, 360), "cropped to cover the thumbnail size");
    assert_eq!(other.get(&url).await.status(), 404);
    assert_eq!(app.get(&url).await.status(), 404);

    // Published: everyone's, publicly cached for a year at the versioned URL.
    publish(&gm, &series).await;
    let response = app.get(&url).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "cache-control"), "public, max-age=31536000, immutable");
    let board: Value = app.get("/api/questboard").await.json().await.unwrap();
    assert_eq!(board["items"][0]["thumbnail_url"], url.as_str());

    // A new image, a new URL; the old one answers the current image but is not cached.
    let replaced: Value = upload(&gm, &series, "thumbnail", &png(200, 200)).await.json().await.unwrap();
    let new_url = replaced["thumbnail_url"].as_str().unwrap();
    assert_ne!(new_url, url);
    let stale = app.get(&url).await;
    assert_eq!((stale.status().as_u16(), header(&stale, "cache-control")), (200, "no-cache".to_owned()));

    // The banner has its own size.
    let response = upload(&gm, &series, "banner", &png(300, 300)).await;
    assert_eq!(response.status(), 200);
    let saved: Value = response.json().await.unwrap();
    let banner = image::load_from_memory(&app.get(saved["banner_url"].as_str().unwrap()).await.bytes().await.unwrap()).unwrap();
    assert_eq!((banner.width(), banner.height()), (1600, 400));
    let page: Value = app.get("/api/series/by-handle/the-sunless-citadel").await.json().await.unwrap();
    assert_eq!(page["banner_url"], saved["banner_url"]);
    assert_eq!(page["thumbnail_url"], new_url);
});

db_test!(async fn uploads_that_are_not_small_images_of_the_gm_are_refused(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (other, _, _) = app.signed_up_gm("Otto").await;
    let (player, _, _) = app.signed_up("Pia").await;
    let series = draft(&gm, &app, "Tomb of Horrors").await;

    // Not an image, whatever it claims to be.
    let (kind, code, error) = error_of(upload(&gm, &series, "thumbnail", b"just some text, not a picture").await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("invalid_data", "image_type_unsupported"));
    assert_eq!(error["message"], "The file must be a JPEG, PNG or WebP image.");
    assert_eq!(error["fields"]["image"][0]["code"], "image_type_unsupported");
    let response = upload(&gm, &series, "thumbnail", b"just some text").await;
    assert_eq!(response.status(), 422);

    // Over 5 MB: just over the file limit, and far over the route's body limit.
    let mut big = png(16, 16);
    big.resize(5 * 1024 * 1024 + 1, 0);
    let response = upload(&gm, &series, "banner", &big).await;
    assert_eq!(response.status(), 413);
    let (_, code, error) = error_of(response).await;
    assert_eq!(code, "image_too_large");
    assert_eq!(error["message"], "The image must be at most 5 MB.");
    // Far over, the server answers as soon as the limit is reached and may close the connection while the client
    // is still sending: then the client sees the connection end instead of the answer.
    big.resize(8 * 1024 * 1024, 0);
    let path = format!("/api/series/{}/images/banner", series["id"].as_str().unwrap());
    let sent = gm
        .client
        .post(gm.url(&path))
        .header("X-Questline-Csrf", "1")
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        // A refusal may come before the body is read, and the server then closes the connection: never reuse it.
        .header("connection", "close")
        .body(form("image", "big.png", "image/png", &big))
        .send()
        .await;
    match sent {
        Ok(response) => {
            assert_eq!(response.status(), 413);
            assert_eq!(error_of(response).await.1, "image_too_large");
        }
        Err(error) => assert!(error.is_request() || error.is_body(), "{error:?}"),
    }

    // 20000×20000 claimed by a 33-byte header: refused from the header (decoding it would fail otherwise).
    let response = upload(&gm, &series, "thumbnail", &png_header(20_000, 20_000)).await;
    assert_eq!(response.status(), 422);
    let (_, code, error) = error_of(response).await;
    assert_eq!(code, "image_too_many_pixels");
    assert_eq!(error["message"], "The image must have at most 12 megapixels.");

    // Only the series' GM: another GM sees no such series, a player is not a GM.
    let (_, code, _) = error_of(upload(&other, &series, "thumbnail", &png(32, 32)).await).await;
    assert_eq!(code, "series_not_found");
    let (_, code, _) = error_of(upload(&player, &series, "thumbnail", &png(32, 32)).await).await;
    assert_eq!(code, "role_required");
    assert_eq!(upload(&app.browser(), &series, "thumbnail", &png(32, 32)).await.status(), 401);

    // The form itself: the field is `image`, the body multipart, the kind one of two.
    let response = upload_form(&gm, &series, "thumbnail", form("file", "a.png", "image/png", &png(8, 8))).await;
    assert_eq!(error_of(response).await.1, "image_required");
    let response = gm.post_json(&format!("/api/series/{}/images/thumbnail", series["id"].as_str().unwrap()), &json!({})).await;
    assert_eq!(response.status(), 415);
    assert_eq!(upload(&gm, &series, "avatar", &png(8, 8)).await.status(), 400);
    // The CSRF header is still required.
    let path = format!("/api/series/{}/images/thumbnail", series["id"].as_str().unwrap());
    let response = gm
        .client
        .post(gm.url(&path))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        // A refusal may come before the body is read, and the server then closes the connection: never reuse it.
        .header("connection", "close")
        .body(form("image", "a.png", "image/png", &png(8, 8)))
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(response).await.1, "csrf_header_missing");

    // Nothing was stored.
    let page: Value = gm.get("/api/series/by-handle/tomb-of-horrors").await.json().await.unwrap();
    assert!(page["thumbnail_url"].is_null() && page["banner_url"].is_null());
    assert_eq!(page["version"], series["version"]);
});

/// A 16-bit RGB PNG (the kind that made the decoder take 366 MB at 6000×6600, issue 31).
fn png_16_bit(width: u32, height: u32) -> Vec<u8> {
    let samples: Vec<u8> = (0..width * height * 3).flat_map(|i| ((i * 257 % 65536) as u16).to_ne_bytes()).collect();
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&samples, width, height, image::ExtendedColorType::Rgb16)
        .unwrap();
    out
}

db_test!(async fn big_pictures_are_refused_from_their_header_and_uploads_are_limited_per_hour(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let series = draft(&gm, &app, "Tomb of Horrors").await;

    // Just over 12 megapixels, in a file of a few dozen bytes: refused from the header, nothing decoded.
    let response = upload(&gm, &series, "banner", &png_header(4000, 3001)).await;
    assert_eq!(response.status(), 422);
    let (_, code, error) = error_of(response).await;
    assert_eq!(code, "image_too_many_pixels");
    assert_eq!(error["message"], "The image must have at most 12 megapixels.");

    // A 16-bit PNG is taken (decoded straight to 8 bits) and served as a JPEG of the kind's size.
    let response = upload(&gm, &series, "banner", &png_16_bit(320, 80)).await;
    assert_eq!(response.status(), 200);
    let saved: Value = response.json().await.unwrap();
    let banner = image::load_from_memory(&gm.get(saved["banner_url"].as_str().unwrap()).await.bytes().await.unwrap())
        .unwrap();
    assert_eq!((banner.width(), banner.height()), (1600, 400));

    // 20 uploads an hour, refused ones included (each may cost a decode); the 21st answers 429.
    for _ in 2..20 {
        assert_eq!(upload(&gm, &series, "thumbnail", &png(16, 16)).await.status(), 200);
    }
    let response = upload(&gm, &series, "thumbnail", &png(16, 16)).await;
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
    assert_eq!(error_of(response).await.1, "rate_limited");
    // Another GM is not held back.
    let (other, _, _) = app.signed_up_gm("Otto").await;
    let theirs = draft(&other, &app, "Otto's Keep").await;
    assert_eq!(upload(&other, &theirs, "thumbnail", &png(16, 16)).await.status(), 200);
});
