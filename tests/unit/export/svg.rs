use puzzlebook::export::Figure;
use puzzlebook::export::svg::*;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::page::Colour;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::{Point, Rect};

fn figure() -> Figure {
    let fonts = FontSet::bundled(false);
    Figure {
        width: 40.0,
        height: 30.0,
        items: vec![
            Item::Line {
                from: Point { x: 1.0, y: 1.0 },
                to: Point { x: 39.0, y: 1.0 },
                width: 0.5,
                colour: Colour::BLACK,
            },
            Item::Rect {
                rect: Rect::new(2.0, 2.0, 10.0, 10.0),
                fill: Some(Colour::grey(0.82)),
                stroke: Some((0.4, Colour::BLACK)),
            },
            Item::Text {
                at: Point { x: 5.0, y: 20.0 },
                size: 10.0,
                face: fonts.digits,
                text: "7<&>".to_string(),
                colour: Colour::rgb(1.0, 0.0, 0.0),
            },
        ],
        bbox: Rect::new(0.0, 0.0, 40.0, 30.0),
    }
}

#[test]
fn text_is_escaped_and_names_its_font() {
    let fonts = FontSet::bundled(false);
    let mut writer = SvgWriter::new(&fonts).unwrap();
    let svg = writer.document(&figure(), TextMode::Text, "a & b");
    let document = roxmltree::Document::parse(&svg).unwrap();
    let root = document.root_element();
    assert_eq!(root.attribute("viewBox"), Some("0 0 40 30"));
    assert_eq!(root.attribute("width"), Some("40pt"));
    let text = root
        .descendants()
        .find(|node| node.has_tag_name("text"))
        .unwrap();
    assert_eq!(text.text(), Some("7<&>"));
    assert_eq!(
        text.attribute("font-family"),
        Some("'DejaVu Sans', sans-serif")
    );
    assert_eq!(text.attribute("fill"), Some("#ff0000"));
    let title = root
        .descendants()
        .find(|node| node.has_tag_name("title"))
        .unwrap();
    assert_eq!(title.text(), Some("a & b"));
}

#[test]
fn outlined_text_uses_defined_glyphs() {
    let fonts = FontSet::bundled(false);
    let mut writer = SvgWriter::new(&fonts).unwrap();
    let svg = writer.document(&figure(), TextMode::Outlines, "outlines");
    let document = roxmltree::Document::parse(&svg).unwrap();
    assert!(!document.descendants().any(|node| node.has_tag_name("text")));
    let defined: Vec<&str> = document
        .descendants()
        .filter(|node| node.has_tag_name("path"))
        .filter_map(|node| node.attribute("id"))
        .collect();
    assert_eq!(defined.len(), 4, "one definition per glyph");
    let uses: Vec<_> = document
        .descendants()
        .filter(|node| node.has_tag_name("use"))
        .collect();
    assert_eq!(uses.len(), 4);
    for node in uses {
        let target = node.attribute("href").unwrap().trim_start_matches('#');
        assert!(defined.contains(&target), "{target}");
    }
    // The next file defines only its own glyphs again.
    let again = writer.document(&figure(), TextMode::Outlines, "outlines");
    assert_eq!(again, svg);
}

#[test]
fn numbers_are_short() {
    assert_eq!(number(1.0), "1");
    assert_eq!(number(-0.0001), "0");
    assert_eq!(number(2.5004), "2.5");
    assert_eq!(fine(0.00488281), "0.004883");
}
