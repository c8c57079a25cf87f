//! Font files named by a spec: any bytes through the TrueType/OpenType reader
//! (`Face::from_file`), and a font it accepts through everything a book does with it:
//! metrics and glyph coverage, then embedding and subsetting by the PDF renderer.
//!
//! Invariants: nothing panics; a refused file is an input error; a font the reader accepts
//! either renders a page with the text it covers or is refused with an error.

use puzzlebook::layout::fonts::{Face, FontSet};
use puzzlebook::layout::page::{Colour, Document, Info, Item, Page, Point};
use puzzlebook::render::render;

const SAMPLE: &str = "Puzzle 12 · Answers p. 34 ナンプレ";

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let face = match Face::from_file("fuzz.ttf", data.to_vec()) {
        Ok(face) => face,
        Err(error) => {
            assert_eq!(error.exit_code(), 2, "{error}");
            return;
        }
    };
    let metrics = &face.metrics;
    let width = metrics.width(SAMPLE, 12.0);
    assert!(width.is_finite() && width >= 0.0, "{width}");
    for value in [
        metrics.cap_height(),
        metrics.ascender(),
        metrics.descender(),
    ] {
        assert!(value.is_finite(), "{value}");
    }
    let covered: String = SAMPLE.chars().filter(|&c| metrics.has_char(c)).collect();
    assert_eq!(
        metrics.missing_chars(SAMPLE).len(),
        SAMPLE
            .chars()
            .filter(|&c| !metrics.has_char(c))
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    );
    if covered.trim().is_empty() {
        return;
    }
    let mut fonts = FontSet::bundled(false);
    let id = fonts.add(face);
    let document = Document {
        info: Info {
            title: "T".to_string(),
            ..Info::default()
        },
        pages: vec![Page {
            width: 200.0,
            height: 200.0,
            bleed: puzzlebook::layout::page::Bleed::NONE,
            items: vec![Item::Text {
                at: Point { x: 10.0, y: 20.0 },
                size: 12.0,
                face: id,
                text: covered,
                colour: Colour::grey(0.0),
            }],
        }],
    };
    if let Ok(bytes) = render(&document, &fonts) {
        assert!(bytes.starts_with(b"%PDF"));
    }
}
