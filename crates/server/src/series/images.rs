//! Thumbnail and banner of a series: `uploadSeriesImage` takes one JPEG, PNG or WebP file (at most 5 MiB, at most
//! 12 megapixels, read from the header before anything is decoded; 20 uploads per account and hour; two decodes at
//! once across the server, each within a memory ceiling), decodes it, crops it to cover the kind's size
//! and re-encodes it as JPEG — which drops metadata and anything that is not the picture — and stores the bytes in
//! the database so instances stay stateless. `GET` serves the current image; the URL the series answers carries the
//! image's id as its version (`?v=`), so a new image has a new URL and each URL may be cached for a year.

use std::io::Cursor;

use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use image::imageops::FilterType;
use image::{DynamicImage, GrayAlphaImage, GrayImage, ImageFormat, ImageReader, Limits, RgbImage, RgbaImage};
use questline_domain::accounts::Role;
use questline_domain::ids::SeriesId;
use questline_domain::series::LifecycleStatus;
use questline_domain::{ErrorCode, ErrorType, FieldError, FieldErrors};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::dto::Series;
use super::entities::series;
use super::queries;
use super::store::{self, series_not_found};
use crate::auth::{CurrentUser, MaybeUser};
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::state::AppState;

const TAG: &str = "series";

/// The largest file we take.
pub const MAX_BYTES: usize = 5 * 1024 * 1024;
/// The route's own body limit: the file plus room for the multipart framing.
pub const BODY_LIMIT: usize = MAX_BYTES + 64 * 1024;
/// The most pixels we decode (read from the header first): 12 MP is a 4000×3000 photo, far more than the
/// 1600×400 banner needs.
pub const MAX_PIXELS: u64 = 12_000_000;
/// Memory one decode may allocate: 12 MP of 8-bit RGBA is 48 MB (16-bit PNGs are decoded straight to 8 bits), and
/// the decoders' own buffers fit in the rest. Two decodes at once stay under 160 MB.
const MAX_ALLOC: u64 = 80 * 1024 * 1024;
/// Uploads one account may send per hour: each costs a decode.
pub const UPLOADS_PER_HOUR: u32 = 20;
/// The rate limit's name for an upload.
const UPLOAD: &str = "series_image_upload";
/// JPEG quality of the stored copy.
const QUALITY: u8 = 85;
/// Decoding is heavy: at most this many at once, whatever the number of uploads.
static DECODES: Semaphore = Semaphore::const_new(2);

/// Which of the series' two images.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImageKind {
    /// The Questboard card's picture, 640×360.
    Thumbnail,
    /// The series page's header, 1600×400.
    Banner,
}

impl ImageKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Thumbnail => "thumbnail",
            Self::Banner => "banner",
        }
    }

    /// The stored size: the upload is scaled to cover it and cropped to the middle.
    pub fn size(self) -> (u32, u32) {
        match self {
            Self::Thumbnail => (640, 360),
            Self::Banner => (1600, 400),
        }
    }
}

/// The URL of a series' image: its id is the version, so a new image has a new URL.
pub fn image_url(series: Uuid, kind: ImageKind, image: Uuid) -> String {
    format!("/api/series/{series}/images/{}?v={}", kind.as_str(), image.simple())
}

/// An image ready to store.
#[derive(Debug, Clone)]
pub struct ProcessedImage {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub width: u32,
    pub height: u32,
    pub sha256: String,
}

fn image_error(status: StatusCode, code: ErrorCode, message: &str) -> ApiError {
    let mut fields = FieldErrors::new();
    fields.insert("image".to_owned(), vec![FieldError::new(code, message)]);
    ApiError::new(ErrorType::InvalidData, code, message).with_status(status).with_fields(fields)
}

pub fn unsupported_type() -> ApiError {
    let message = "The file must be a JPEG, PNG or WebP image.";
    image_error(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::ImageTypeUnsupported, message)
}

pub fn too_large() -> ApiError {
    image_error(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::ImageTooLarge, "The image must be at most 5 MB.")
}

pub fn too_many_pixels() -> ApiError {
    let message = "The image must have at most 12 megapixels.";
    image_error(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::ImageTooManyPixels, message)
}

fn unreadable() -> ApiError {
    let message = "The image could not be read. Try another file.";
    image_error(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::ImageUnreadable, message)
}

fn required() -> ApiError {
    let message = "Choose an image to upload (the form field `image`).";
    image_error(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::ImageRequired, message)
}

/// Checks, decodes, crops and re-encodes an upload. CPU-heavy: call it off the async threads.
pub fn process(bytes: &[u8], kind: ImageKind) -> Result<ProcessedImage, ApiError> {
    if bytes.len() > MAX_BYTES {
        return Err(too_large());
    }
    // The content decides, not the name or the declared type.
    let format = image::guess_format(bytes).map_err(|_| unsupported_type())?;
    if !matches!(format, ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP) {
        return Err(unsupported_type());
    }
    // The header only: a small file may claim a huge picture.
    let (width, height) =
        ImageReader::with_format(Cursor::new(bytes), format).into_dimensions().map_err(|_| unreadable())?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS || width == 0 || height == 0 {
        return Err(too_many_pixels());
    }
    let decoded = if format == ImageFormat::Png {
        decode_png(bytes)?
    } else {
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        let mut limits = Limits::default();
        limits.max_image_width = Some(width);
        limits.max_image_height = Some(height);
        limits.max_alloc = Some(MAX_ALLOC);
        reader.limits(limits);
        reader.decode().map_err(|error| match error {
            image::ImageError::Limits(_) => too_many_pixels(),
            _ => unreadable(),
        })?
    };
    let (target_width, target_height) = kind.size();
    let resized = decoded.resize_to_fill(target_width, target_height, FilterType::CatmullRom);
    let flat = flatten(&resized);
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&flat)
        .map_err(|error| ApiError::internal(anyhow::anyhow!("encoding a series image failed: {error}")))?;
    let sha256 = Sha256::digest(&out).iter().map(|byte| format!("{byte:02x}")).collect();
    Ok(ProcessedImage { bytes: out, content_type: "image/jpeg", width: flat.width(), height: flat.height(), sha256 })
}

/// A PNG decoded straight to 8 bits per channel (16-bit samples are cut to their high byte while decoding, palettes
/// expanded), so a 16-bit picture never takes twice the memory; the decoder may allocate at most `MAX_ALLOC`.
fn decode_png(bytes: &[u8]) -> Result<DynamicImage, ApiError> {
    let png_error = |error: png::DecodingError| match error {
        png::DecodingError::LimitsExceeded => too_many_pixels(),
        _ => unreadable(),
    };
    let limits = png::Limits { bytes: usize::try_from(MAX_ALLOC).unwrap_or(usize::MAX) };
    let mut decoder = png::Decoder::new_with_limits(Cursor::new(bytes), limits);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(png_error)?;
    let size = reader.output_buffer_size().ok_or_else(too_many_pixels)?;
    if u64::try_from(size).unwrap_or(u64::MAX) > MAX_ALLOC {
        return Err(too_many_pixels());
    }
    let mut buffer = vec![0; size];
    let info = reader.next_frame(&mut buffer).map_err(png_error)?;
    buffer.truncate(info.buffer_size());
    let (width, height) = (info.width, info.height);
    let image = match info.color_type {
        png::ColorType::Rgb => RgbImage::from_raw(width, height, buffer).map(DynamicImage::ImageRgb8),
        png::ColorType::Rgba => RgbaImage::from_raw(width, height, buffer).map(DynamicImage::ImageRgba8),
        png::ColorType::Grayscale => GrayImage::from_raw(width, height, buffer).map(DynamicImage::ImageLuma8),
        png::ColorType::GrayscaleAlpha => {
            GrayAlphaImage::from_raw(width, height, buffer).map(DynamicImage::ImageLumaA8)
        }
        // Expanded to RGB or RGBA by the transformation above.
        png::ColorType::Indexed => None,
    };
    image.ok_or_else(unreadable)
}

/// JPEG has no transparency: transparent parts become white, as on a page.
fn flatten(image: &DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.to_rgb8();
    }
    let rgba = image.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let blend = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        image::Rgb([blend(r), blend(g), blend(b)])
    })
}

/// The one field `image` of the form, at most `MAX_BYTES`.
async fn read_upload(multipart: Result<Multipart, MultipartRejection>) -> Result<Vec<u8>, ApiError> {
    let mut multipart = multipart.map_err(|rejection| {
        ApiError::invalid_argument(
            ErrorCode::UnsupportedMediaType,
            format!("Send the image as multipart/form-data with the field `image` ({}).", rejection.body_text()),
        )
        .with_status(StatusCode::UNSUPPORTED_MEDIA_TYPE)
    })?;
    let multipart_error = |error: axum::extract::multipart::MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::invalid_argument(
                ErrorCode::InvalidBody,
                format!("The form could not be read: {}", error.body_text()),
            )
        }
    };
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() != Some("image") {
            continue;
        }
        let (mut bytes, mut over) = (Vec::new(), false);
        while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
            // Over the limit, the rest is still read (the route's body limit bounds it) and dropped, so the client,
            // still sending, gets the answer rather than a closed connection.
            over |= bytes.len() + chunk.len() > MAX_BYTES;
            if !over {
                bytes.extend_from_slice(&chunk);
            }
        }
        if over {
            return Err(too_large());
        }
        if bytes.is_empty() {
            return Err(required());
        }
        return Ok(bytes);
    }
    Err(required())
}

/// The form `uploadSeriesImage` takes.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct SeriesImageUpload {
    /// A JPEG, PNG or WebP file of at most 5 MB and 12 megapixels.
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
}

/// Replaces the series' thumbnail or banner. Only its GM may; the picture is re-encoded by the server.
#[utoipa::path(
    post, path = "/series/{series_id}/images/{kind}", operation_id = "uploadSeriesImage", tag = TAG,
    params(
        ("series_id" = Uuid, Path, description = "The series"),
        ("kind" = inline(ImageKind), Path, description = "`thumbnail` (640×360) or `banner` (1600×400)"),
    ),
    request_body(content = SeriesImageUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Saved; `thumbnail_url` / `banner_url` carry the new image's version", body = Series),
        (status = 400, description = "A kind other than `thumbnail` or `banner`, or a malformed id (`invalid_path_parameter`), or a form that cannot be read (`invalid_body`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such series of yours (`series_not_found`)", body = ErrorBody),
        (status = 413, description = "Over 5 MB (`image_too_large`)", body = ErrorBody),
        (status = 415, description = "Not a multipart form (`unsupported_media_type`)", body = ErrorBody),
        (status = 422, description = "Not a JPEG, PNG or WebP image (`image_type_unsupported`), over 12 megapixels (`image_too_many_pixels`), unreadable (`image_unreadable`) or missing (`image_required`)", body = ErrorBody),
        (status = 429, description = "More than 20 uploads in an hour (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, multipart), fields(account = %user.id()))]
pub async fn upload_series_image(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((series_id, kind)): Path<(Uuid, ImageKind)>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Json<Series>, ApiError> {
    user.require(Role::Gm)?;
    let gm = user.id();
    // Someone else's series is "not found" before its body is even read.
    queries::by_id(state.db.conn(), series_id)
        .await?
        .filter(|row| row.gm_id == gm.as_uuid())
        .ok_or_else(series_not_found)?;
    // Every upload whose file was read counts, refused or not: each may cost a decode.
    state.auth.limits.account_action(UPLOAD, gm.as_uuid(), UPLOADS_PER_HOUR)?;
    let bytes = read_upload(multipart).await?;
    state.auth.limits.account_action_done(UPLOAD, gm.as_uuid());
    let permit = DECODES.acquire().await.map_err(|error| ApiError::internal(anyhow::anyhow!(error)))?;
    let processed = tokio::task::spawn_blocking(move || process(&bytes, kind))
        .await
        .map_err(|error| ApiError::internal(anyhow::anyhow!("image task failed: {error}")))??;
    drop(permit);
    let (now, id) = (state.clock.now(), SeriesId(series_id));
    let row =
        state.write(move |w| Box::pin(async move { store::set_image(&w, gm, id, kind, processed).await })).await?;
    Ok(Json(queries::view(state.db.conn(), row, Some(gm), now).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ImageQuery {
    /// The version from `thumbnail_url` / `banner_url`; with the current one the answer may be cached for a year.
    pub v: Option<String>,
}

/// A year, and never revalidated: the URL changes with the image.
const IMMUTABLE_PUBLIC: &str = "public, max-age=31536000, immutable";
/// A draft's image: its GM's browser only.
const IMMUTABLE_PRIVATE: &str = "private, max-age=31536000, immutable";
/// Asked without the current version: whatever is current now, checked again next time.
const REVALIDATE: &str = "no-cache";

/// The series' current thumbnail or banner (JPEG). A draft's only for its GM.
#[utoipa::path(
    get, path = "/series/{series_id}/images/{kind}", operation_id = "getSeriesImage", tag = TAG,
    params(
        ("series_id" = Uuid, Path, description = "The series"),
        ("kind" = inline(ImageKind), Path, description = "`thumbnail` or `banner`"),
        ImageQuery,
    ),
    responses(
        (status = 200, description = "The image (JPEG)", content_type = "image/jpeg"),
        (status = 400, description = "A kind other than `thumbnail` or `banner`, or a malformed id (`invalid_path_parameter`)", body = ErrorBody),
        (status = 404, description = "No such series or image, or a draft of someone else (`series_not_found`, `series_image_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_series_image(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path((series_id, kind)): Path<(Uuid, ImageKind)>,
    Query(query): Query<ImageQuery>,
) -> Result<Response, ApiError> {
    let viewer = user.map(|user| user.id());
    let row = queries::by_id(state.db.conn(), series_id)
        .await?
        .filter(|row| {
            queries::lifecycle(row) != LifecycleStatus::Draft || viewer.is_some_and(|v| v.as_uuid() == row.gm_id)
        })
        .ok_or_else(series_not_found)?;
    let image_id = current_image(&row, kind).ok_or_else(image_not_found)?;
    let image = queries::image(state.db.conn(), image_id).await?.ok_or_else(image_not_found)?;
    let current = query.v.as_deref() == Some(image_id.simple().to_string().as_str());
    let cache = match (current, queries::lifecycle(&row)) {
        (false, _) => REVALIDATE,
        (true, LifecycleStatus::Draft) => IMMUTABLE_PRIVATE,
        (true, _) => IMMUTABLE_PUBLIC,
    };
    let mut response = Response::new(Body::from(image.bytes));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&image.content_type).unwrap_or(HeaderValue::from_static("image/jpeg")),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(etag) = HeaderValue::from_str(&format!("\"{}\"", image.sha256)) {
        headers.insert(header::ETAG, etag);
    }
    Ok(response.into_response())
}

fn image_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SeriesImageNotFound, "This series has no such image.")
}

/// The id of the series' current image of `kind`.
pub fn current_image(row: &series::Model, kind: ImageKind) -> Option<Uuid> {
    match kind {
        ImageKind::Thumbnail => row.thumbnail_image_id,
        ImageKind::Banner => row.banner_image_id,
    }
}

#[cfg(test)]
mod tests {
    use image::{ImageEncoder, Rgba, RgbaImage};

    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = RgbaImage::from_fn(width, height, |x, y| Rgba([(x % 256) as u8, (y % 256) as u8, 128, 200]));
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(image.as_raw(), width, height, image::ExtendedColorType::Rgba8)
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

    /// A PNG that is only a signature and a header claiming `width`×`height`: no pixel data at all.
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

    #[test]
    fn an_image_is_cropped_to_its_kind_and_re_encoded_as_jpeg() {
        for kind in [ImageKind::Thumbnail, ImageKind::Banner] {
            let processed = process(&png(300, 200), kind).unwrap();
            assert_eq!((processed.width, processed.height), kind.size());
            assert_eq!(image::guess_format(&processed.bytes).unwrap(), ImageFormat::Jpeg);
            assert_eq!(processed.sha256.len(), 64);
        }
    }

    #[test]
    fn text_and_gif_are_refused_by_their_content() {
        assert_eq!(
            process(b"hello, not an image", ImageKind::Thumbnail).unwrap_err().code.as_str(),
            "image_type_unsupported"
        );
        assert_eq!(
            process(b"GIF89a\x01\x00\x01\x00", ImageKind::Thumbnail).unwrap_err().code.as_str(),
            "image_type_unsupported"
        );
    }

    #[test]
    fn a_huge_picture_is_refused_from_its_header() {
        let header = png_header(20_000, 20_000);
        assert_eq!(process(&header, ImageKind::Banner).unwrap_err().code.as_str(), "image_too_many_pixels");
        assert_eq!(process(&vec![0; MAX_BYTES + 1], ImageKind::Banner).unwrap_err().code.as_str(), "image_too_large");
        // Just over 12 megapixels (the 6000×6600 of issue 31 is 39.6).
        assert_eq!(
            process(&png_header(4000, 3001), ImageKind::Banner).unwrap_err().code.as_str(),
            "image_too_many_pixels"
        );
    }

    #[test]
    fn a_16_bit_png_is_decoded_straight_to_8_bits() {
        let (width, height) = (40, 30);
        let pixels: Vec<u16> = (0..width * height * 3).map(|i| (i * 97 % 65536) as u16).collect();
        let bytes: Vec<u8> = pixels.iter().flat_map(|sample| sample.to_ne_bytes()).collect();
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(&bytes, width, height, image::ExtendedColorType::Rgb16)
            .unwrap();
        let decoded = decode_png(&out).unwrap();
        assert!(matches!(decoded, DynamicImage::ImageRgb8(_)), "{:?}", decoded.color());
        assert_eq!((decoded.width(), decoded.height()), (width, height));
        let first = decoded.to_rgb8().get_pixel(1, 0).0;
        assert_eq!(first, [(pixels[3] >> 8) as u8, (pixels[4] >> 8) as u8, (pixels[5] >> 8) as u8], "the high bytes");
        assert_eq!(process(&out, ImageKind::Thumbnail).unwrap().width, 640);
    }
}
