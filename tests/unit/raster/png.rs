use puzzlebook::raster::png::*;

/// Reads the file back with the `png` decoder: size, colour type, resolution, pixels.
fn decode(file: &[u8]) -> (png::OutputInfo, Option<png::PixelDimensions>, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(file));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let dimensions = reader.info().pixel_dims;
    pixels.truncate(info.buffer_size());
    (info, dimensions, pixels)
}

#[test]
fn pictures_read_back_exactly() {
    let (width, height) = (37, 23);
    let pixels: Vec<u8> = (0..width * height)
        .map(|i| ((i * 7919) % 251) as u8 ^ ((i / width) as u8).wrapping_mul(13))
        .collect();
    let file = encode_grey(width, height, &pixels, 150);
    let (info, dimensions, decoded) = decode(&file);
    assert_eq!((info.width, info.height), (37, 23));
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    assert_eq!(decoded, pixels);
    // 150 dpi is 5906 pixels per metre.
    let dimensions = dimensions.expect("a pHYs chunk");
    assert_eq!((dimensions.xppu, dimensions.yppu), (5906, 5906));
    assert_eq!(dimensions.unit, png::Unit::Meter);
    // The same picture gives the same file.
    assert_eq!(encode_grey(width, height, &pixels, 150), file);
}

#[test]
fn smooth_pictures_compress_well() {
    let (width, height) = (400, 300);
    let pixels: Vec<u8> = (0..width * height)
        .map(|i| if (i % width) % 40 == 0 { 0 } else { 255 })
        .collect();
    let file = encode_grey(width, height, &pixels, 72);
    // 120,000 pixels in under 2 KB.
    assert!(file.len() < 2000, "{}", file.len());
    assert_eq!(decode(&file).2, pixels);
}
