use puzzlebook::layout::font::*;
use puzzlebook::layout::fonts::{BIZ_UD_GOTHIC_BOLD, DEJAVU_SANS, IPAEX_GOTHIC};
use ttf_parser::Tag;

#[test]
fn reads_the_bundled_fonts() {
    let dejavu = FontMetrics::parse(DEJAVU_SANS).unwrap();
    assert_eq!(dejavu.name, "DejaVu Sans");
    // DejaVu Sans digits are 1303 units wide on a 2048-unit em.
    assert!((dejavu.advance('7') - 1303.0 / 2048.0).abs() < 1e-9);
    assert!(dejavu.has_char('★') && dejavu.has_char('№'));
    assert_eq!(
        dejavu.missing_chars("ナンプレ 12"),
        vec!['ナ', 'ン', 'プ', 'レ']
    );
    assert!(dejavu.cap_height() > 0.6 && dejavu.cap_height() < 0.8);
    let ipaex = FontMetrics::parse(IPAEX_GOTHIC).unwrap();
    assert!(ipaex.missing_chars("ナンプレ・虫食い算 ★ 12").is_empty());
    // Full-width kana are one em wide.
    assert!((ipaex.advance('ナ') - 1.0).abs() < 1e-9);
    // The Japanese bold passes the same checks and covers what headings, puzzle
    // numbers and covers set in it.
    let bold = FontMetrics::parse(BIZ_UD_GOTHIC_BOLD).unwrap();
    assert!(bold.name.contains("Bold"), "{}", bold.name);
    assert!(
        bold.missing_chars("遊び方：ナンプレ・虫食い算 解答 問題12（続き）ヒント 解き方")
            .is_empty()
    );
    assert!((bold.advance('ナ') - 1.0).abs() < 1e-9);
}

#[test]
fn refuses_non_fonts_without_panicking() {
    assert!(FontMetrics::parse(b"").is_err());
    assert!(FontMetrics::parse(b"%PDF-1.7 not a font").is_err());
    let error = FontMetrics::parse(b"ttcf\0\0\0\0").unwrap_err();
    assert!(error.message().contains("collections"));
    // A truncated real font fails cleanly at every length.
    for length in [4, 12, 100, 1000, 20_000] {
        assert!(
            FontMetrics::parse(&DEJAVU_SANS[..length]).is_err(),
            "{length}"
        );
    }
}

/// The bytes of table `tag` and where they start in the file.
fn table_at(font: &[u8], tag: &[u8; 4]) -> (usize, Vec<u8>) {
    let raw = ttf_parser::RawFace::parse(font, 0).unwrap();
    let table = raw.table(Tag::from_bytes(tag)).unwrap();
    (
        table.as_ptr() as usize - font.as_ptr() as usize,
        table.to_vec(),
    )
}

/// The byte range of a glyph's outline inside the font file.
fn glyph_range(font: &[u8], glyph: usize) -> std::ops::Range<usize> {
    let (glyf, _) = table_at(font, b"glyf");
    let (_, loca) = table_at(font, b"loca");
    let (_, head) = table_at(font, b"head");
    let long = read::<i16>(&head, 50) == Some(1);
    let offset = |index: usize| {
        if long {
            read::<u32>(&loca, index * 4).unwrap() as usize
        } else {
            usize::from(read::<u16>(&loca, index * 2).unwrap()) * 2
        }
    };
    glyf + offset(glyph)..glyf + offset(glyph + 1)
}

#[test]
fn refuses_glyph_outlines_the_pdf_library_would_choke_on() {
    let dejavu = FontMetrics::parse(DEJAVU_SANS).unwrap();
    // '8' has three contours; make the second end where the first does (an empty contour).
    let glyph = usize::from(dejavu.glyph('8').unwrap());
    let range = glyph_range(DEJAVU_SANS, glyph);
    let mut damaged = DEJAVU_SANS.to_vec();
    let outline = &mut damaged[range.clone()];
    assert_eq!(i16::from_be_bytes([outline[0], outline[1]]), 3);
    let first_end = [outline[10], outline[11]];
    outline[12..14].copy_from_slice(&first_end);
    let error = FontMetrics::parse(&damaged).unwrap_err();
    assert_eq!(error.exit_code(), 2);
    assert!(
        error
            .message()
            .contains(&format!("glyph {glyph} is malformed")),
        "{error}"
    );

    // An outline that runs past the end of 'glyf'.
    let mut damaged = DEJAVU_SANS.to_vec();
    let outline = &mut damaged[range];
    outline[10..12].copy_from_slice(&[0xFF, 0xF0]);
    outline[12..14].copy_from_slice(&[0xFF, 0xF8]);
    outline[14..16].copy_from_slice(&[0xFF, 0xFF]);
    let instructions = 10 + 3 * 2;
    outline[instructions..instructions + 2].copy_from_slice(&[0xFF, 0xFF]);
    assert!(FontMetrics::parse(&damaged).is_err());
}

#[test]
fn hinting_programs_can_be_left_out() {
    let stripped = without_hinting(DEJAVU_SANS).expect("DejaVu Sans is hinted");
    assert!(stripped.len() < DEJAVU_SANS.len());
    let tables = read::<u16>(&stripped, 4).unwrap();
    let power = 1u16 << (15 - tables.leading_zeros());
    assert_eq!(read::<u16>(&stripped, 6), Some(16 * power), "searchRange");
    assert_eq!(
        read::<u16>(&stripped, 8),
        Some(power.trailing_zeros() as u16),
        "entrySelector"
    );
    assert_eq!(
        read::<u16>(&stripped, 10),
        Some(16 * tables - 16 * power),
        "rangeShift"
    );
    let reader = ttf_parser::RawFace::parse(&stripped, 0).unwrap();
    for tag in HINTING_TABLES {
        assert!(reader.table(Tag::from_bytes(tag)).is_none());
    }
    // Every other table is there, byte for byte, and the font reads the same.
    let original = ttf_parser::RawFace::parse(DEJAVU_SANS, 0).unwrap();
    for tag in [
        b"head", b"hhea", b"hmtx", b"cmap", b"glyf", b"loca", b"maxp", b"name",
    ] {
        let tag = Tag::from_bytes(tag);
        assert_eq!(reader.table(tag).unwrap(), original.table(tag).unwrap());
    }
    let (before, after) = (
        FontMetrics::parse(DEJAVU_SANS).unwrap(),
        FontMetrics::parse(&stripped).unwrap(),
    );
    assert_eq!(before.advance('7'), after.advance('7'));
    assert_eq!(before.name, after.name);
    // Nothing left to strip the second time.
    assert_eq!(without_hinting(&stripped), None);
}

/// A minimal TrueType file: `head`, `hhea`, `hmtx` (glyph `g` is `100 + g` units wide),
/// `maxp` and a `cmap` whose one Unicode subtable (3, 10) has the format-12 `groups`
/// (first code, last code, first glyph).
fn font_with_groups(groups: impl ExactSizeIterator<Item = (u32, u32, u32)>) -> Vec<u8> {
    const GLYPHS: u16 = 300;
    let mut head = vec![0u8; 54];
    head[..4].copy_from_slice(&0x0001_0000u32.to_be_bytes());
    head[12..16].copy_from_slice(&0x5F0F_3CF5u32.to_be_bytes());
    head[18..20].copy_from_slice(&1000u16.to_be_bytes());
    let mut hhea = vec![0u8; 36];
    hhea[..4].copy_from_slice(&0x0001_0000u32.to_be_bytes());
    hhea[4..6].copy_from_slice(&800i16.to_be_bytes());
    hhea[6..8].copy_from_slice(&(-200i16).to_be_bytes());
    hhea[34..36].copy_from_slice(&GLYPHS.to_be_bytes());
    let hmtx: Vec<u8> = (0..GLYPHS)
        .flat_map(|glyph| [(100 + glyph).to_be_bytes(), [0, 0]].concat())
        .collect();
    let mut maxp = 0x0000_5000u32.to_be_bytes().to_vec();
    maxp.extend_from_slice(&GLYPHS.to_be_bytes());
    let count = u32::try_from(groups.len()).unwrap();
    let mut cmap = Vec::with_capacity(28 + groups.len() * 12);
    for value in [0u16, 1, 3, 10] {
        cmap.extend_from_slice(&value.to_be_bytes());
    }
    cmap.extend_from_slice(&12u32.to_be_bytes());
    cmap.extend_from_slice(&[0, 12, 0, 0]);
    cmap.extend_from_slice(&(16 + count * 12).to_be_bytes());
    cmap.extend_from_slice(&0u32.to_be_bytes());
    cmap.extend_from_slice(&count.to_be_bytes());
    for (first, last, glyph) in groups {
        for value in [first, last, glyph] {
            cmap.extend_from_slice(&value.to_be_bytes());
        }
    }
    // Tags in ascending order, as the directory's binary search needs.
    let tables: [(&[u8; 4], Vec<u8>); 5] = [
        (b"cmap", cmap),
        (b"head", head),
        (b"hhea", hhea),
        (b"hmtx", hmtx),
        (b"maxp", maxp),
    ];
    let mut font = 0x0001_0000u32.to_be_bytes().to_vec();
    for value in [5u16, 64, 2, 16] {
        font.extend_from_slice(&value.to_be_bytes());
    }
    let mut offset = 12 + 16 * tables.len();
    for (tag, data) in &tables {
        font.extend_from_slice(*tag);
        font.extend_from_slice(&0u32.to_be_bytes());
        font.extend_from_slice(&u32::try_from(offset).unwrap().to_be_bytes());
        font.extend_from_slice(&u32::try_from(data.len()).unwrap().to_be_bytes());
        offset += data.len().next_multiple_of(4);
    }
    for (_, data) in &tables {
        font.extend_from_slice(data);
        font.resize(font.len().next_multiple_of(4), 0);
    }
    font
}

#[test]
fn a_font_claiming_millions_of_characters_is_read_on_demand() {
    // 20,000 groups, each mapping the same 100,000 codes from U+10000: two billion codes
    // claimed in a 240 KB file. Reading them one by one took minutes.
    let groups = (0..20_000).map(|_| (0x1_0000, 0x1_0000 + 99_999, 1));
    let font = font_with_groups(groups);
    assert!(font.len() < 250_000);
    let metrics = FontMetrics::parse(&font).unwrap();
    assert!(metrics.has_char('\u{10000}') && metrics.has_char('\u{10005}'));
    assert_eq!(metrics.glyph('\u{10005}'), Some(6));
    // Glyph 6 is 106 units wide on a 1000-unit em.
    assert!((metrics.advance('\u{10005}') - 0.106).abs() < 1e-12);
    assert_eq!(
        metrics.missing_chars("A\u{10001}\u{30000}"),
        ['A', '\u{30000}']
    );
    // Glyphs past the font's last metric share that metric's advance; glyphs past 65535
    // do not exist.
    assert_eq!(metrics.glyph('\u{10000}'), Some(1));
    assert_eq!(
        metrics.glyph(char::from_u32(0x1_0000 + 99_999).unwrap()),
        None
    );
    assert_eq!(metrics.ascender(), 0.8);
    assert_eq!(metrics.descender(), -0.2);

    // One group covering every code there is.
    let everything = font_with_groups([(0, 0x10_FFFF, 0)].into_iter());
    let metrics = FontMetrics::parse(&everything).unwrap();
    assert_eq!(metrics.glyph('A'), Some(65));
    assert!(!metrics.has_char('\u{10FFFF}'));
    assert_eq!(metrics.missing_chars("\0"), ['\0']);
    assert!((metrics.advance('A') - 0.165).abs() < 1e-12);
    assert!((metrics.advance('\u{400}') - 0.399).abs() < 1e-12);
}

#[test]
fn lookups_agree_with_the_fonts_own_unicode_map() {
    for font in [DEJAVU_SANS, IPAEX_GOTHIC] {
        let metrics = FontMetrics::parse(font).unwrap();
        let face = ttf_parser::Face::parse(font, 0).unwrap();
        let mut mapped = 0;
        for ch in (0..0x3_0000).filter_map(char::from_u32) {
            let expected = face
                .glyph_index(ch)
                .map(|glyph| glyph.0)
                .filter(|&g| g != 0);
            assert_eq!(metrics.glyph(ch), expected, "{ch:?}");
            mapped += usize::from(expected.is_some());
        }
        assert!(mapped > 3000, "{mapped}");
    }
}
