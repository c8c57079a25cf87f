//! Pictures a spec names (PNG or JPEG files, e.g. cover art), decoded once for every stage
//! that draws them.
//!
//! A [`Picture`] keeps the file's own bytes (a JPEG goes into the PDF as it is, and into an
//! SVG as a data URI) and its pixels as 8-bit grey or RGB with an optional alpha plane (for
//! the PDF's Flate streams and the rasterizer). Its `id` is derived from the file's bytes,
//! so the PDF's resource names, and with them the output, are the same for the same files.
//! Decoding is pure: the command line reads the file.

use std::io::Cursor;

use sha2::{Digest, Sha256};
use zune_core::colorspace::ColorSpace;
use zune_core::options::DecoderOptions;
use zune_jpeg::JpegDecoder;

use crate::error::{Error, Result};

/// The most pixels a picture may have (a 300 dpi full-bleed 8.5 × 11 in cover spread is
/// about 40 million).
pub const MAX_PICTURE_PIXELS: u64 = 100_000_000;

/// The file format a picture came in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    Png,
    Jpeg,
}

/// A decoded picture.
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    /// A name derived from the file's bytes: `IM` and 16 hex digits.
    pub id: String,
    pub format: PictureFormat,
    /// The file's bytes.
    pub encoded: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// 1 (grey) or 3 (RGB) bytes per pixel, rows top to bottom.
    pub channels: u8,
    pub pixels: Vec<u8>,
    /// One byte per pixel (255 opaque), when the picture has transparency.
    pub alpha: Option<Vec<u8>>,
    /// True when the PDF can take the file's bytes as they are (a JPEG in grey or RGB).
    pub pass_through: bool,
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            formatter,
            "Picture({} {:?} {}x{})",
            self.id, self.format, self.width, self.height
        )
    }
}

impl Picture {
    /// Decodes a PNG or JPEG file's bytes (the format is read from the bytes).
    pub fn decode(bytes: &[u8]) -> Result<Picture> {
        let (format, width, height, channels, pixels, alpha, pass_through) =
            if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
                let (width, height, channels, pixels, alpha) = decode_png(bytes)?;
                (
                    PictureFormat::Png,
                    width,
                    height,
                    channels,
                    pixels,
                    alpha,
                    false,
                )
            } else if bytes.starts_with(&[0xFF, 0xD8]) {
                let (width, height, channels, pixels, pass_through) = decode_jpeg(bytes)?;
                (
                    PictureFormat::Jpeg,
                    width,
                    height,
                    channels,
                    pixels,
                    None,
                    pass_through,
                )
            } else {
                return Err(Error::input("the picture is neither a PNG nor a JPEG file")
                    .with_hint("save it as .png or .jpg"));
            };
        Ok(Picture {
            id: name_of(bytes),
            format,
            encoded: bytes.to_vec(),
            width,
            height,
            channels,
            pixels,
            alpha,
            pass_through,
        })
    }

    /// The part of the picture from pixel (`x`, `y`), `width` × `height` pixels: a new PNG
    /// picture (so that every stage draws the same part), named after this one and the part.
    pub fn cropped(&self, x: u32, y: u32, width: u32, height: u32) -> Result<Picture> {
        if width == 0 || height == 0 || x + width > self.width || y + height > self.height {
            return Err(Error::runtime("a picture was cropped outside itself"));
        }
        let channels = usize::from(self.channels);
        let stride = self.width as usize;
        let mut pixels = Vec::with_capacity(width as usize * height as usize * channels);
        let mut alpha = self.alpha.as_ref().map(|_| Vec::new());
        for row in y..y + height {
            let start = row as usize * stride + x as usize;
            pixels.extend_from_slice(
                &self.pixels[start * channels..(start + width as usize) * channels],
            );
            if let (Some(kept), Some(all)) = (alpha.as_mut(), self.alpha.as_ref()) {
                kept.extend_from_slice(&all[start..start + width as usize]);
            }
        }
        let encoded = encode_png(width, height, self.channels, &pixels, alpha.as_deref())?;
        Ok(Picture {
            id: name_of(format!("{}/{x},{y},{width},{height}", self.id).as_bytes()),
            format: PictureFormat::Png,
            encoded,
            width,
            height,
            channels: self.channels,
            pixels,
            alpha,
            pass_through: false,
        })
    }

    /// The MIME type of the file.
    pub fn mime(&self) -> &'static str {
        match self.format {
            PictureFormat::Png => "image/png",
            PictureFormat::Jpeg => "image/jpeg",
        }
    }

    /// The grey level (0 black to 1 white) and opacity (0 to 1) of pixel (`x`, `y`).
    pub fn grey_at(&self, x: u32, y: u32) -> (f32, f32) {
        let index = y as usize * self.width as usize + x as usize;
        let channels = usize::from(self.channels);
        let at = index * channels;
        let grey = if channels == 1 {
            f32::from(self.pixels[at]) / 255.0
        } else {
            let [red, green, blue] = [0, 1, 2].map(|k| f32::from(self.pixels[at + k]) / 255.0);
            0.2126 * red + 0.7152 * green + 0.0722 * blue
        };
        let opacity = self
            .alpha
            .as_ref()
            .map_or(1.0, |alpha| f32::from(alpha[index]) / 255.0);
        (grey, opacity)
    }
}

/// `IM` and 16 hex digits of the SHA-256 of `bytes`.
fn name_of(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest[..8]
        .iter()
        .map(|byte| format!("{byte:02X}"))
        .collect();
    format!("IM{hex}")
}

/// Pixels (and an alpha plane) as a PNG file.
fn encode_png(
    width: u32,
    height: u32,
    channels: u8,
    pixels: &[u8],
    alpha: Option<&[u8]>,
) -> Result<Vec<u8>> {
    let colour = match (channels, alpha.is_some()) {
        (1, false) => png::ColorType::Grayscale,
        (1, true) => png::ColorType::GrayscaleAlpha,
        (_, false) => png::ColorType::Rgb,
        (_, true) => png::ColorType::Rgba,
    };
    let data: Vec<u8> = match alpha {
        None => pixels.to_vec(),
        Some(alpha) => pixels
            .chunks_exact(usize::from(channels))
            .zip(alpha)
            .flat_map(|(pixel, &a)| pixel.iter().copied().chain([a]))
            .collect(),
    };
    let failed =
        |error: png::EncodingError| Error::runtime(format!("cannot encode a picture: {error}"));
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width, height);
        encoder.set_color(colour);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(failed)?;
        writer.write_image_data(&data).map_err(failed)?;
    }
    Ok(bytes)
}

fn too_large(width: u32, height: u32) -> Option<Error> {
    (width == 0 || height == 0 || u64::from(width) * u64::from(height) > MAX_PICTURE_PIXELS)
        .then(|| {
            Error::input(format!(
                "the picture is {width} x {height} pixels; at most {MAX_PICTURE_PIXELS} pixels are taken"
            ))
            .with_hint("scale it down to the print size at 300 dpi")
        })
}

type Decoded = (u32, u32, u8, Vec<u8>, Option<Vec<u8>>);

fn decode_png(bytes: &[u8]) -> Result<Decoded> {
    // The library's own words name its internals (`ChunkType { … }`): say what it means.
    let damaged = |error: png::DecodingError| {
        let what = match error {
            png::DecodingError::IoError(error)
                if error.kind() == std::io::ErrorKind::UnexpectedEof =>
            {
                "it is cut short"
            }
            png::DecodingError::LimitsExceeded => "it is too large to decode",
            _ => "its data is malformed",
        };
        Error::input(format!("the PNG file cannot be read: {what}"))
            .with_hint("the file may be damaged: export it again as PNG")
    };
    let mut decoder = png::Decoder::new(Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(damaged)?;
    let (width, height) = (reader.info().width, reader.info().height);
    if let Some(error) = too_large(width, height) {
        return Err(error);
    }
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| Error::input("the PNG file is too large to decode"))?;
    let mut buffer = vec![0; size];
    let frame = reader.next_frame(&mut buffer).map_err(damaged)?;
    buffer.truncate(frame.buffer_size());
    let (channels, has_alpha) = match frame.color_type {
        png::ColorType::Grayscale => (1, false),
        png::ColorType::GrayscaleAlpha => (1, true),
        png::ColorType::Rgb => (3, false),
        png::ColorType::Rgba => (3, true),
        png::ColorType::Indexed => {
            return Err(Error::input("the PNG file's palette could not be expanded"));
        }
    };
    if frame.bit_depth != png::BitDepth::Eight {
        return Err(Error::input("the PNG file's bit depth is not supported")
            .with_hint("save it with 8 bits per channel"));
    }
    if !has_alpha {
        return Ok((width, height, channels, buffer, None));
    }
    let stride = usize::from(channels) + 1;
    let mut pixels = Vec::with_capacity(buffer.len() / stride * usize::from(channels));
    let mut alpha = Vec::with_capacity(buffer.len() / stride);
    for pixel in buffer.chunks_exact(stride) {
        pixels.extend_from_slice(&pixel[..stride - 1]);
        alpha.push(pixel[stride - 1]);
    }
    // A picture with no transparent pixel needs no alpha plane.
    let alpha = alpha.iter().any(|&a| a != 255).then_some(alpha);
    Ok((width, height, channels, pixels, alpha))
}

/// A JPEG's size, channels, pixels and whether the PDF can take it as it is.
fn decode_jpeg(bytes: &[u8]) -> Result<(u32, u32, u8, Vec<u8>, bool)> {
    // The library's own words name its internals (`set_limits`): say what it means.
    let damaged = |error: zune_jpeg::errors::DecodeErrors| {
        use zune_jpeg::errors::DecodeErrors;
        let (what, hint) = match error {
            DecodeErrors::ExhaustedData => (
                "it is cut short",
                "the file may be damaged: export it again",
            ),
            DecodeErrors::Unsupported(_) => (
                "it is stored in a way this program does not decode",
                "save it again as an ordinary (baseline or progressive) JPEG, or as PNG",
            ),
            DecodeErrors::LargeDimensions(_) => (
                "it is too large",
                "scale it down to the print size at 300 dpi",
            ),
            _ => (
                "its data is malformed",
                "the file may be damaged: export it again",
            ),
        };
        Error::input(format!("the JPEG file cannot be read: {what}")).with_hint(hint)
    };
    // The headers are read without the library's size limits, so that a picture too large
    // is refused in our words (below) rather than the library's.
    let mut probe = JpegDecoder::new_with_options(
        Cursor::new(bytes),
        DecoderOptions::default()
            .set_max_width(usize::from(u16::MAX))
            .set_max_height(usize::from(u16::MAX)),
    );
    probe.decode_headers().map_err(damaged)?;
    let info = probe
        .info()
        .ok_or_else(|| Error::input("the JPEG file has no image"))?;
    let (width, height) = (u32::from(info.width), u32::from(info.height));
    if let Some(error) = too_large(width, height) {
        return Err(error);
    }
    let input = probe.input_colorspace();
    let grey = input == Some(ColorSpace::Luma);
    let out = if grey {
        ColorSpace::Luma
    } else {
        ColorSpace::RGB
    };
    let options = DecoderOptions::default()
        .set_max_width(width as usize)
        .set_max_height(height as usize)
        .jpeg_set_out_colorspace(out);
    let mut decoder = JpegDecoder::new_with_options(Cursor::new(bytes), options);
    let pixels = decoder.decode().map_err(damaged)?;
    let channels: u8 = if grey { 1 } else { 3 };
    if pixels.len() != width as usize * height as usize * usize::from(channels) {
        return Err(Error::input(
            "the JPEG file decodes to the wrong number of pixels",
        ));
    }
    let pass_through = matches!(
        input,
        Some(ColorSpace::Luma | ColorSpace::YCbCr | ColorSpace::RGB)
    );
    Ok((width, height, channels, pixels, pass_through))
}
