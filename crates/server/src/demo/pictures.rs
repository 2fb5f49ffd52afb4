//! The pictures the demo draws for each series (a thumbnail and a banner), and the upload form that carries them.

use super::*;

pub(super) const FORM_BOUNDARY: &str = "questline-demo-image";

pub(super) fn reqwest_form(png: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{FORM_BOUNDARY}\r\nContent-Disposition: form-data; name=\"image\"; filename=\"demo.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(png);
    body.extend_from_slice(format!("\r\n--{FORM_BOUNDARY}--\r\n").as_bytes());
    body
}

/// Two colours per series, picked around the colour wheel.
pub(super) fn palette(index: usize) -> ([f32; 3], [f32; 3]) {
    let hue = (index as f32 * 137.5) % 360.0;
    (hsl(hue, 0.55, 0.32), hsl((hue + 50.0) % 360.0, 0.65, 0.58))
}

pub(super) fn hsl(hue: f32, saturation: f32, lightness: f32) -> [f32; 3] {
    let c = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let x = c * (1.0 - ((hue / 60.0) % 2.0 - 1.0).abs());
    let m = lightness - c / 2.0;
    let (r, g, b) = match (hue / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    [(r + m) * 255.0, (g + m) * 255.0, (b + m) * 255.0]
}

/// A diagonal gradient with a pattern of the series' own (rings, stripes or dots), as a PNG.
pub(super) fn picture(index: usize, width: u32, height: u32) -> anyhow::Result<Vec<u8>> {
    let (dark, light) = palette(index);
    let (w, h) = (width as f32, height as f32);
    let pattern = index % 3;
    let (cx, cy) = (w * (0.25 + (index % 5) as f32 * 0.12), h * 0.5);
    let image = RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32, y as f32);
        let t = ((fx / w) * 0.7 + (fy / h) * 0.3).clamp(0.0, 1.0);
        let shade = match pattern {
            0 => {
                let distance = ((fx - cx).powi(2) + (fy - cy).powi(2)).sqrt();
                if ((distance / (h * 0.09)) as u32).is_multiple_of(2) { 1.0 } else { 0.88 }
            }
            1 => {
                if (((fx + fy) / (h * 0.12)) as u32).is_multiple_of(2) {
                    1.0
                } else {
                    0.9
                }
            }
            _ => {
                let cell = h * 0.16;
                let (dx, dy) = (fx % cell - cell / 2.0, fy % cell - cell / 2.0);
                if dx * dx + dy * dy < (cell * 0.18).powi(2) { 1.18 } else { 1.0 }
            }
        };
        let channel = |i: usize| ((dark[i] * (1.0 - t) + light[i] * t) * shade).clamp(0.0, 255.0) as u8;
        Rgb([channel(0), channel(1), channel(2)])
    });
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out).write_image(
        image.as_raw(),
        width,
        height,
        image::ExtendedColorType::Rgb8,
    )?;
    Ok(out)
}
