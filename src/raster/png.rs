//! 8-bit greyscale pictures as PNG files, through the `png` crate: `IHDR`, `pHYs` (the
//! resolution), the compressed pixels, `IEND`.
//!
//! The encoder's settings are fixed, so the same picture gives the same file (for one
//! version of the crate, which `Cargo.lock` pins).

/// Encodes `pixels` (`width` × `height` grey levels, rows top to bottom) as a PNG file.
pub fn encode_grey(width: usize, height: usize, pixels: &[u8], dpi: u32) -> Vec<u8> {
    assert_eq!(pixels.len(), width * height, "one byte per pixel");
    let dimension = |pixels: usize| u32::try_from(pixels).expect("bitmaps are at most MAX_PIXELS");
    let mut file = Vec::new();
    let mut encoder = png::Encoder::new(&mut file, dimension(width), dimension(height));
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    // Encoding into memory fails only on a size mismatch, which the assertion above rules out.
    let mut writer = encoder.write_header().expect("encoding into memory");
    writer
        .write_image_data(pixels)
        .expect("one byte per pixel, checked above");
    writer.finish().expect("encoding into memory");
    file
}
