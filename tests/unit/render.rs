use puzzlebook::error::Error;
use puzzlebook::error::Result;
use puzzlebook::layout::fonts::DEJAVU_SANS;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::page::Bleed;
use puzzlebook::layout::page::Colour;
use puzzlebook::layout::page::Document;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Page;
use puzzlebook::layout::page::Path;
use puzzlebook::layout::page::Stroke;
use puzzlebook::layout::page::Transform;
use puzzlebook::layout::page::{Info, Point, Rect};
use puzzlebook::render::*;

fn sample(bleed: f64) -> Document {
    let bleed = Bleed::uniform(bleed);
    let fonts = FontSet::bundled(false);
    let items = vec![
        Item::Line {
            from: Point { x: 10.0, y: 10.0 },
            to: Point { x: 100.0, y: 10.0 },
            width: 1.0,
            colour: Colour::BLACK,
        },
        Item::Rect {
            rect: Rect::new(20.0, 20.0, 10.0, 10.0),
            fill: Some(Colour::grey(0.8)),
            stroke: None,
        },
        Item::Text {
            at: Point { x: 50.0, y: 100.0 },
            size: 12.0,
            face: fonts.text,
            text: "Sudoku 123".to_string(),
            colour: Colour::BLACK,
        },
    ];
    Document {
        info: Info {
            title: "Test".to_string(),
            author: "Me".to_string(),
            subject: String::new(),
            date: None,
            identity: b"test".to_vec(),
        },
        pages: vec![Page {
            width: 432.0,
            height: 648.0,
            bleed,
            items,
        }],
    }
}

#[test]
fn output_is_byte_identical_and_has_exact_boxes() {
    let fonts = FontSet::bundled(false);
    let first = render(&sample(9.0), &fonts).unwrap();
    let second = render(&sample(9.0), &fonts).unwrap();
    assert_eq!(first, second);
    let document = lopdf::Document::load_mem(&first).unwrap();
    let (_, page_id) = document.get_pages().into_iter().next().unwrap();
    let page = document.get_dictionary(page_id).unwrap();
    let numbers = |key: &[u8]| -> Vec<f32> {
        page.get(key)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|value| value.as_float().unwrap())
            .collect()
    };
    assert_eq!(numbers(b"MediaBox"), vec![0.0, 0.0, 450.0, 666.0]);
    assert_eq!(numbers(b"TrimBox"), vec![9.0, 9.0, 441.0, 657.0]);
    assert_eq!(numbers(b"BleedBox"), vec![0.0, 0.0, 450.0, 666.0]);
    let info = document
        .trailer
        .get(b"Info")
        .unwrap()
        .as_reference()
        .unwrap();
    let info = document.get_dictionary(info).unwrap();
    assert!(!info.has(b"GTS_PDFXVersion"));
    assert!(info.has(b"Title"));
    let id = document.trailer.get(b"ID").unwrap().as_array().unwrap();
    let expected = hex(&identity_digest(&sample(9.0)));
    assert_eq!(id[0].as_str().unwrap(), &expected.as_bytes()[..32]);
}

#[test]
fn bleed_on_three_edges_leaves_the_binding_edge_flush() {
    let fonts = FontSet::bundled(false);
    let mut document = sample(0.0);
    let recto = Bleed {
        top: 9.0,
        bottom: 9.0,
        left: 0.0,
        right: 9.0,
    };
    let verso = Bleed {
        left: 9.0,
        right: 0.0,
        ..recto
    };
    document.pages[0].bleed = recto;
    let mut second = document.pages[0].clone();
    second.bleed = verso;
    document.pages.push(second);
    let bytes = render(&document, &fonts).unwrap();
    let pdf = lopdf::Document::load_mem(&bytes).unwrap();
    let boxes = |number: u32, key: &[u8]| -> Vec<f32> {
        let id = pdf.get_pages()[&number];
        pdf.get_dictionary(id)
            .unwrap()
            .get(key)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|value| value.as_float().unwrap())
            .collect()
    };
    // 6 × 9 in: 6.125 × 9.25 in, the right-hand page's trim at its left edge, the
    // left-hand page's at its right edge.
    for number in [1, 2] {
        assert_eq!(boxes(number, b"MediaBox"), vec![0.0, 0.0, 441.0, 666.0]);
        assert_eq!(boxes(number, b"BleedBox"), vec![0.0, 0.0, 441.0, 666.0]);
    }
    assert_eq!(boxes(1, b"TrimBox"), vec![0.0, 9.0, 432.0, 657.0]);
    assert_eq!(boxes(2, b"TrimBox"), vec![9.0, 9.0, 441.0, 657.0]);
    // The text's origin moves with the trim.
    let first_text_x = |number: u32| -> f32 {
        let id = pdf.get_pages()[&number];
        let content = lopdf::content::Content::decode(&pdf.get_page_content(id)).unwrap();
        let matrix = content
            .operations
            .iter()
            .find(|op| op.operator == "Tm")
            .unwrap();
        matrix.operands[4].as_float().unwrap()
    };
    assert_eq!(first_text_x(1), 50.0);
    assert_eq!(first_text_x(2), 59.0);
}

/// The drawing operations of a PDF's first page.
fn first_page_content(bytes: &[u8]) -> lopdf::content::Content {
    let pdf = lopdf::Document::load_mem(bytes).unwrap();
    let (_, page_id) = pdf.get_pages().into_iter().next().unwrap();
    lopdf::content::Content::decode(&pdf.get_page_content(page_id)).unwrap()
}

#[test]
fn paths_are_curves_dashes_and_colours() {
    let fonts = FontSet::bundled(false);
    let mut document = sample(0.0);
    document.pages[0].items = vec![
        Item::Path {
            path: Path::circle(Point { x: 100.0, y: 100.0 }, 20.0),
            fill: Some(Colour::rgb(0.9, 0.2, 0.1)),
            stroke: Some(Stroke {
                width: 0.5,
                colour: Colour::grey(0.4),
                dash: Some((2.0, 1.0)),
            }),
        },
        Item::Line {
            from: Point { x: 10.0, y: 10.0 },
            to: Point { x: 20.0, y: 10.0 },
            width: 1.0,
            colour: Colour::BLACK,
        },
    ];
    let content = first_page_content(&render(&document, &fonts).unwrap());
    let operators: Vec<&str> = content
        .operations
        .iter()
        .map(|op| op.operator.as_str())
        .collect();
    let count = |name: &str| operators.iter().filter(|op| **op == name).count();
    // Four quarter arcs, filled and then stroked.
    assert_eq!(count("c"), 8, "{operators:?}");
    assert!(count("rg") >= 1, "the fill is RGB: {operators:?}");
    // Dashed for the circle, solid again for the line.
    let dashes: Vec<usize> = content
        .operations
        .iter()
        .filter(|op| op.operator == "d")
        .map(|op| op.operands[0].as_array().unwrap().len())
        .collect();
    assert_eq!(dashes, vec![2, 0]);
}

#[test]
fn groups_are_saved_transformed_and_restored() {
    let fonts = FontSet::bundled(false);
    let mut document = sample(9.0);
    document.pages[0].items.push(Item::Group {
        transform: Transform::rotate(90.0).then(Transform::translate(200.0, 100.0)),
        items: vec![Item::Text {
            at: Point { x: 0.0, y: 0.0 },
            size: 10.0,
            face: fonts.text,
            text: "Spine".to_string(),
            colour: Colour::BLACK,
        }],
    });
    let content = first_page_content(&render(&document, &fonts).unwrap());
    let operators: Vec<&str> = content
        .operations
        .iter()
        .map(|op| op.operator.as_str())
        .collect();
    let save = operators.iter().position(|op| *op == "q").unwrap();
    assert_eq!(operators[save + 1], "cm");
    let restore = operators.iter().position(|op| *op == "Q").unwrap();
    assert!(operators[save..restore].contains(&"Tj"), "{operators:?}");
    // A quarter turn clockwise on the page is a quarter turn clockwise in PDF space too
    // (y up): [0 -1 1 0 e f], with (0, 0) of the group at the page point (200, 100).
    let matrix: Vec<f32> = content.operations[save + 1]
        .operands
        .iter()
        .map(|value| value.as_float().unwrap())
        .collect();
    assert_eq!(&matrix[..4], &[0.0, -1.0, 1.0, 0.0]);
    // The group's origin, drawn at (bleed, height - bleed) in PDF space, lands on the
    // PDF point of the page point (200, 100).
    let (x, y) = (9.0, 666.0 - 9.0);
    let mapped = (
        matrix[0] * x + matrix[2] * y + matrix[4],
        matrix[1] * x + matrix[3] * y + matrix[5],
    );
    assert!((mapped.0 - 209.0).abs() < 1e-3, "{mapped:?}");
    assert!(
        (mapped.1 - (666.0 - 9.0 - 100.0)).abs() < 1e-3,
        "{mapped:?}"
    );
}

#[test]
fn a_panic_in_the_pdf_library_becomes_an_error() {
    let outcome: Result<()> = guarded(
        || panic!("glyph table out of bounds"),
        || Error::input("the font cannot be embedded"),
    );
    let error = outcome.unwrap_err();
    assert_eq!(error.exit_code(), 2);
    assert_eq!(error.message(), "the font cannot be embedded");
    assert_eq!(guarded(|| 7, || Error::runtime("unused")).unwrap(), 7);
}

#[test]
fn fonts_are_checked_for_embedding_up_front() {
    use puzzlebook::layout::fonts::{BundledFont, Face};
    let face = Face::from_file("copy.ttf", BundledFont::DejaVuSans.bytes().to_vec()).unwrap();
    assert!(!face.is_bundled());
    check_embeddable(&face, "Puzzles 0123456789 ナンプレ").unwrap();
}

#[test]
fn dates_are_the_documents_or_none() {
    let fonts = FontSet::bundled(false);
    let info_date = |bytes: &[u8], key: &[u8]| -> Option<Vec<u8>> {
        let document = lopdf::Document::load_mem(bytes).unwrap();
        let info = document
            .trailer
            .get(b"Info")
            .unwrap()
            .as_reference()
            .unwrap();
        let info = document.get_dictionary(info).unwrap();
        info.get(key)
            .ok()
            .map(|value| value.as_str().unwrap().to_vec())
    };
    let undated = render(&sample(0.0), &fonts).unwrap();
    assert_eq!(info_date(&undated, b"CreationDate"), None);
    assert_eq!(info_date(&undated, b"ModDate"), None);
    let mut document = sample(0.0);
    document.info.date = puzzlebook::book::spec::Date::parse("2026-11-27");
    let dated = render(&document, &fonts).unwrap();
    for key in [&b"CreationDate"[..], b"ModDate"] {
        let date = info_date(&dated, key).unwrap();
        assert!(date.starts_with(b"D:20261127000000"), "{date:?}");
    }
    assert!(!dated.windows(4).any(|window| window == b"1970"));
    assert_eq!(dated, render(&document, &fonts).unwrap());
}

/// A Japanese book's bold is its own face (not the regular one), embedded as a subset
/// of the glyphs used, like every font.
#[test]
fn japanese_bold_is_a_bold_face_embedded_as_a_subset() {
    let fonts = FontSet::bundled(true);
    assert_ne!(fonts.bold, fonts.text);
    assert_eq!(fonts.face(fonts.bold).origin, "BIZ UDGothic Bold");
    let mut document = sample(0.0);
    document.pages[0].items.push(Item::Text {
        at: Point { x: 20.0, y: 200.0 },
        size: 18.0,
        face: fonts.bold,
        text: "遊び方：ナンプレ 問題12".to_string(),
        colour: Colour::BLACK,
    });
    let bytes = render(&document, &fonts).unwrap();
    let pdf = lopdf::Document::load_mem(&bytes).unwrap();
    let names: Vec<String> = pdf
        .objects
        .values()
        .filter_map(|object| object.as_dict().ok())
        .filter_map(|dict| dict.get(b"FontName").ok())
        .filter_map(|name| name.as_name().ok())
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .collect();
    assert!(
        names.iter().any(|name| name.ends_with("+BIZUDGothic-Bold")),
        "{names:?}"
    );
    // The whole face is 4.6 MB; the file holds only the glyphs used.
    assert!(bytes.len() < 200_000, "{} bytes", bytes.len());
}

/// The BaseFont of every Type0 font of a PDF and the size of its embedded program.
fn embedded_fonts(bytes: &[u8]) -> Vec<(String, usize)> {
    let pdf = lopdf::Document::load_mem(bytes).unwrap();
    let resolve = |object: &lopdf::Object| match object {
        lopdf::Object::Reference(id) => pdf.get_object(*id).unwrap().clone(),
        other => other.clone(),
    };
    let mut fonts = Vec::new();
    for object in pdf.objects.values() {
        let Ok(dict) = object.as_dict() else { continue };
        if dict.get(b"Subtype").and_then(|t| t.as_name()).ok() != Some(b"Type0") {
            continue;
        }
        let name =
            String::from_utf8_lossy(dict.get(b"BaseFont").unwrap().as_name().unwrap()).into_owned();
        let descendants = resolve(dict.get(b"DescendantFonts").unwrap());
        let descendant = resolve(&descendants.as_array().unwrap()[0]);
        let descriptor = resolve(
            descendant
                .as_dict()
                .unwrap()
                .get(b"FontDescriptor")
                .unwrap(),
        );
        let program = resolve(descriptor.as_dict().unwrap().get(b"FontFile2").unwrap());
        let program = program.as_stream().unwrap();
        let size = program.decompressed_content().unwrap().len();
        fonts.push((name, size));
    }
    fonts.sort();
    fonts
}

#[test]
fn fonts_are_subsets_tagged_by_their_content() {
    let fonts = FontSet::bundled(false);
    let with_text = |text: &str| {
        let mut document = sample(0.0);
        if let Item::Text { text: words, .. } = &mut document.pages[0].items[2] {
            *words = text.to_string();
        }
        embedded_fonts(&render(&document, &fonts).unwrap())
    };
    let first = with_text("Sudoku 123");
    let again = with_text("Sudoku 123");
    let other = with_text("Killer 456");
    assert_eq!(first.len(), 1);
    let (name, size) = &first[0];
    let (tag, face) = name.split_once('+').unwrap();
    assert_eq!(face, "DejaVuSans");
    assert!(
        tag.len() == 6 && tag.bytes().all(|byte| byte.is_ascii_uppercase()),
        "{tag}"
    );
    // A subset: a few glyphs of a face of several thousand.
    assert!(*size < DEJAVU_SANS.len() / 10, "{size} bytes");
    assert_eq!(first, again, "the same text, the same subset and tag");
    let other_tag = other[0].0.split_once('+').unwrap().0;
    assert_ne!(tag, other_tag, "other glyphs, another tag");
}

#[test]
fn subset_text_is_extractable() {
    let fonts = FontSet::bundled(true);
    let mut document = sample(0.0);
    document.pages[0].items.push(Item::Text {
        at: Point { x: 50.0, y: 200.0 },
        size: 12.0,
        face: fonts.faces.len() - 1,
        text: "ナンプレ 9×9".to_string(),
        colour: Colour::BLACK,
    });
    let bytes = render(&document, &fonts).unwrap();
    let pdf = lopdf::Document::load_mem(&bytes).unwrap();
    let (_, page_id) = pdf.get_pages().into_iter().next().unwrap();
    let text = pdf.extract_text(&[1]).unwrap();
    assert!(text.contains("Sudoku 123"), "{text:?}");
    assert!(text.contains("ナンプレ 9×9"), "{text:?}");
    assert!(pdf.get_page_fonts(page_id).unwrap().len() == 2);
}
