use puzzlebook::layout::picture::*;

/// A small RGBA PNG: a red square, its right half transparent.
pub fn sample_png() -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, 4, 2);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        let mut data = Vec::new();
        for _ in 0..2 {
            for x in 0..4 {
                data.extend_from_slice(&[255, 0, 0, if x < 2 { 255 } else { 0 }]);
            }
        }
        writer.write_image_data(&data).unwrap();
    }
    bytes
}

#[test]
fn png_pixels_and_transparency_are_read() {
    let picture = Picture::decode(&sample_png()).unwrap();
    assert_eq!((picture.width, picture.height, picture.channels), (4, 2, 3));
    assert_eq!(&picture.pixels[..3], &[255, 0, 0]);
    let (grey, opacity) = picture.grey_at(0, 0);
    assert!((grey - 0.2126).abs() < 1e-3 && opacity == 1.0);
    assert_eq!(picture.grey_at(3, 1).1, 0.0);
    assert!(!picture.pass_through);
    assert!(picture.id.starts_with("IM") && picture.id.len() == 18);
    // The same bytes, the same name.
    assert_eq!(Picture::decode(&sample_png()).unwrap().id, picture.id);
}

#[test]
fn crops_keep_their_pixels_and_transparency() {
    let picture = Picture::decode(&sample_png()).unwrap();
    let right = picture.cropped(2, 0, 2, 2).unwrap();
    assert_eq!((right.width, right.height), (2, 2));
    assert_eq!(right.grey_at(0, 0).1, 0.0);
    assert_ne!(right.id, picture.id);
    // The crop's PNG holds the same pixels.
    assert_eq!(
        Picture::decode(&right.encoded).unwrap().pixels,
        right.pixels
    );
    assert!(picture.cropped(3, 0, 2, 2).is_err());
}

#[test]
fn jpegs_in_grey_and_colour_go_into_the_pdf_as_they_are() {
    for (bytes, channels) in [
        (&include_bytes!("../../data/pictures/cover-art.jpg")[..], 3),
        (include_bytes!("../../data/pictures/cover-art-grey.jpg"), 1),
    ] {
        let picture = Picture::decode(bytes).unwrap();
        assert_eq!((picture.width, picture.height), (120, 80));
        assert_eq!(picture.channels, channels);
        assert!(picture.pass_through && picture.alpha.is_none());
        // The light disc in the middle is lighter than the corner.
        assert!(picture.grey_at(60, 40).0 > picture.grey_at(2, 2).0 + 0.2);
    }
}

#[test]
fn damaged_and_foreign_files_are_input_errors() {
    let mut damaged = sample_png();
    damaged.truncate(30);
    for bytes in [
        damaged,
        b"GIF89a....".to_vec(),
        vec![0xFF, 0xD8, 0xFF, 0x00],
    ] {
        let error = Picture::decode(&bytes).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{}", error.message());
    }
}

/// What the decoders say about a bad file is told in words a reader knows, never in
/// the library's (`ChunkType { … }`, `set_limits`).
#[test]
fn decoding_errors_are_told_in_plain_words() {
    // A PNG whose header chunk fails its checksum.
    let mut bad_checksum = sample_png();
    bad_checksum[29] ^= 0xFF;
    let error = Picture::decode(&bad_checksum).unwrap_err();
    assert_eq!(
        error.message(),
        "the PNG file cannot be read: its data is malformed"
    );
    // A JPEG that claims to be 60000 pixels square.
    let mut huge = include_bytes!("../../data/pictures/cover-art.jpg").to_vec();
    let frame = huge
        .windows(2)
        .position(|pair| pair[0] == 0xFF && matches!(pair[1], 0xC0..=0xC2))
        .unwrap();
    huge[frame + 5..frame + 9].copy_from_slice(&[0xEA, 0x60, 0xEA, 0x60]);
    let error = Picture::decode(&huge).unwrap_err();
    assert!(
        error
            .message()
            .starts_with("the picture is 60000 x 60000 pixels"),
        "{}",
        error.message()
    );
    let mut cut = include_bytes!("../../data/pictures/cover-art.jpg").to_vec();
    cut.truncate(cut.len() / 2);
    for bytes in [cut, vec![0xFF, 0xD8, 0xFF, 0x00]] {
        if let Err(error) = Picture::decode(&bytes) {
            let text = format!("{} {}", error.message(), error.hint().unwrap_or(""));
            assert!(!text.contains('{') && !text.contains('`'), "{text}");
        }
    }
}
