mod pdf;

use lopdf::{Dictionary, Document, Object, Stream, dictionary};
use puzzlebook::book::printer::Printer;
use puzzlebook::preflight::pdf::Area;
use puzzlebook::preflight::*;

/// A page of a test PDF: its boxes (media, trim) and content stream.
struct TestPage {
    media: Area,
    trim: Option<Area>,
    content: String,
}

const SIX_BY_NINE: Area = [0.0, 0.0, 432.0, 648.0];

fn page(content: &str) -> TestPage {
    TestPage {
        media: SIX_BY_NINE,
        trim: None,
        content: content.to_string(),
    }
}

/// A PDF of `pages` with one font `/F1`, embedded or not, and a form `/Fm1` that
/// draws `form` through a matrix moving it 400 pt right.
fn pdf_with(pages: &[TestPage], embedded: bool, form: &str) -> Vec<u8> {
    let mut document = Document::with_version("1.5");
    let pages_id = document.new_object_id();
    let mut font = dictionary! {
        "Type" => "Font",
        "Subtype" => "TrueType",
        "BaseFont" => "TestSans",
        "FirstChar" => 32,
        "Widths" => (32..=126).map(|_| Object::Integer(600)).collect::<Vec<_>>(),
    };
    let mut descriptor = dictionary! {
        "Type" => "FontDescriptor",
        "FontName" => "TestSans",
        "Ascent" => 800,
        "Descent" => -200,
    };
    if embedded {
        let program = document.add_object(Stream::new(Dictionary::new(), vec![0; 16]));
        descriptor.set("FontFile2", program);
    }
    font.set("FontDescriptor", document.add_object(descriptor));
    let font_id = document.add_object(font);
    let form_id = document.add_object(Stream::new(
        dictionary! {
            "Type" => "XObject",
            "Subtype" => "Form",
            "BBox" => vec![0.into(), 0.into(), 100.into(), 100.into()],
            "Matrix" => vec![1.into(), 0.into(), 0.into(), 1.into(), 400.into(), 0.into()],
        },
        form.as_bytes().to_vec(),
    ));
    let resources = document.add_object(dictionary! {
        "Font" => dictionary! { "F1" => font_id },
        "XObject" => dictionary! { "Fm1" => form_id },
    });
    let mut kids = Vec::new();
    for test in pages {
        let content = document.add_object(Stream::new(
            Dictionary::new(),
            test.content.as_bytes().to_vec(),
        ));
        let as_array = |area: Area| -> Vec<Object> {
            area.iter()
                .map(|&value| Object::Real(value as f32))
                .collect()
        };
        let mut page = dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => as_array(test.media),
            "Contents" => content,
            "Resources" => resources,
        };
        if let Some(trim) = test.trim {
            page.set("TrimBox", as_array(trim));
        }
        kids.push(document.add_object(page).into());
    }
    let count = kids.len() as i64;
    document.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count }),
    );
    let catalog = document.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    document.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    document.save_to(&mut bytes).unwrap();
    bytes
}

/// `count` copies of `content` on 6 × 9 in pages, the font embedded.
fn book(count: usize, content: &str) -> Vec<u8> {
    let pages: Vec<TestPage> = (0..count).map(|_| page(content)).collect();
    pdf_with(&pages, true, "")
}

fn rules(bytes: &[u8], printer: Printer) -> Vec<(Option<usize>, Rule, Severity)> {
    check(bytes, printer, None)
        .unwrap()
        .findings
        .iter()
        .map(|finding| (finding.page, finding.rule, finding.severity))
        .collect()
}

fn has(bytes: &[u8], printer: Printer, rule: Rule) -> bool {
    rules(bytes, printer)
        .iter()
        .any(|(_, found, _)| *found == rule)
}

/// Text well inside a 6 × 9 in page's margins, a frame of 1 pt lines and a 20 % fill.
const GOOD: &str =
    "BT /F1 10 Tf 100 300 Td (Puzzle 1) Tj ET 1 w 80 80 270 480 re S 0.8 g 100 100 50 50 re f";

#[test]
fn a_clean_book_passes_every_printer() {
    let bytes = book(40, GOOD);
    for printer in Printer::ALL {
        let report = check(&bytes, printer, Some((432.0, 648.0))).unwrap();
        assert!(
            report.findings.is_empty(),
            "{printer}: {:?}",
            report.lines()
        );
        assert!(report.passes());
    }
}

#[test]
fn page_size_must_be_the_trim_plus_the_printers_bleed() {
    let with_bleed = |media: Area, trims: [Area; 2]| {
        let pages: Vec<TestPage> = (0..24)
            .map(|index| TestPage {
                media,
                trim: Some(trims[index % 2]),
                content: "BT /F1 10 Tf 100 300 Td (x) Tj ET".to_string(),
            })
            .collect();
        pdf_with(&pages, true, "")
    };
    // KDP: 6.125 × 9.25 in, the binding edge flush (left on right-hand pages).
    let kdp = with_bleed(
        [0.0, 0.0, 441.0, 666.0],
        [[0.0, 9.0, 432.0, 657.0], [9.0, 9.0, 441.0, 657.0]],
    );
    assert!(!has(&kdp, Printer::Kdp, Rule::PageSize));
    assert!(!has(&kdp, Printer::Ingram, Rule::PageSize));
    // Bleed all round is what Lulu wants, and what KDP refuses.
    let all_round = with_bleed([0.0, 0.0, 450.0, 666.0], [[9.0, 9.0, 441.0, 657.0]; 2]);
    assert!(!has(&all_round, Printer::Lulu, Rule::PageSize));
    assert!(!has(&all_round, Printer::Generic, Rule::PageSize));
    let report = check(&all_round, Printer::Kdp, None).unwrap();
    let lines = report.lines();
    assert!(!report.passes());
    assert!(
        lines[0].starts_with("pages 1-24: error [page-size]")
            && lines[0].contains("6.125 in × 9.25 in"),
        "{lines:?}"
    );
    assert!(has(&kdp, Printer::Lulu, Rule::PageSize));
    // The binding edge on the wrong side.
    let mirrored = with_bleed(
        [0.0, 0.0, 441.0, 666.0],
        [[9.0, 9.0, 441.0, 657.0], [0.0, 9.0, 432.0, 657.0]],
    );
    assert!(has(&mirrored, Printer::Kdp, Rule::PageSize));
    // A bleed KDP does not take (3 mm is 8.5 pt).
    let metric = with_bleed(
        [0.0, 0.0, 440.5, 665.0],
        [[0.0, 8.5, 432.0, 656.5], [8.5, 8.5, 440.5, 656.5]],
    );
    assert!(has(&metric, Printer::Kdp, Rule::PageSize));
    // A generic printer takes any bleed, on every edge.
    assert!(has(&metric, Printer::Generic, Rule::PageSize));
    let metric_all_round = with_bleed([0.0, 0.0, 449.0, 665.0], [[8.5, 8.5, 440.5, 656.5]; 2]);
    assert!(!has(&metric_all_round, Printer::Generic, Rule::PageSize));
    assert!(has(&metric_all_round, Printer::Lulu, Rule::PageSize));
    // A trim KDP does not print, and a trim other than the book's.
    let small = pdf_with(
        &[TestPage {
            media: [0.0, 0.0, 216.0, 360.0],
            trim: None,
            content: String::new(),
        }],
        true,
        "",
    );
    assert!(has(&small, Printer::Kdp, Rule::PageSize));
    assert!(!has(&small, Printer::Generic, Rule::PageSize));
    let report = check(&book(24, GOOD), Printer::Generic, Some((419.53, 595.28))).unwrap();
    assert!(
        report.lines()[0].contains("not the book's"),
        "{:?}",
        report.lines()
    );
    // Pages of different sizes.
    let mixed = pdf_with(
        &[
            page(""),
            TestPage {
                media: [0.0, 0.0, 612.0, 792.0],
                trim: None,
                content: String::new(),
            },
        ],
        true,
        "",
    );
    assert!(rules(&mixed, Printer::Generic).contains(&(Some(2), Rule::PageSize, Severity::Error)));
}

#[test]
fn content_stays_inside_the_safe_zone() {
    // KDP without bleed: 0.25 in (18 pt) from the top, bottom and outside edges.
    let near_outside = |x: f64| book(24, &format!("BT /F1 10 Tf {x} 300 Td (ab) Tj ET"));
    // Two glyphs of 600/1000 at 10 pt: 12 pt wide. The outside edge of a right-hand
    // page is its right edge.
    assert!(!has(
        &near_outside(432.0 - 18.0 - 12.0 - 0.5),
        Printer::Kdp,
        Rule::SafeZone
    ));
    let report = check(&near_outside(432.0 - 14.4 - 12.0), Printer::Kdp, None).unwrap();
    assert!(
        report.lines()[0].contains("text is 0.2 in from the outside edge of the trim"),
        "{:?}",
        report.lines()
    );
    // IngramSpark and Lulu keep 0.5 in.
    assert!(has(
        &near_outside(432.0 - 30.0 - 12.0),
        Printer::Ingram,
        Rule::SafeZone
    ));
    assert!(has(
        &near_outside(432.0 - 30.0 - 12.0),
        Printer::Lulu,
        Rule::SafeZone
    ));
    // The top edge, by a line.
    let top = book(24, "0.75 w 100 640 m 300 640 l S");
    assert!(rules(&top, Printer::Kdp).contains(&(Some(1), Rule::SafeZone, Severity::Error)));
    // With bleed KDP keeps 0.375 in: 0.3 in from the outside edge is too close.
    let pages: Vec<TestPage> = (0..24)
        .map(|index| {
            let right_hand = index % 2 == 0;
            let (media, trim) = if right_hand {
                ([0.0, 0.0, 441.0, 666.0], [0.0, 9.0, 432.0, 657.0])
            } else {
                ([0.0, 0.0, 441.0, 666.0], [9.0, 9.0, 441.0, 657.0])
            };
            // 0.3 in from the trim's outside edge.
            let x = if right_hand {
                432.0 - 21.6 - 12.0
            } else {
                9.0 + 21.6
            };
            TestPage {
                media,
                trim: Some(trim),
                content: format!("BT /F1 10 Tf {x} 300 Td (ab) Tj ET"),
            }
        })
        .collect();
    let bled = pdf_with(&pages, true, "");
    let report = check(&bled, Printer::Kdp, None).unwrap();
    assert!(
        report.lines()[0].starts_with("pages 1-24: error [safe-zone] text is 0.3 in")
            && report.lines()[0].ends_with("with bleed"),
        "{:?}",
        report.lines()
    );
    // A full-bleed background is bleed art, not content too close to the edge.
    let background = book(24, &format!("0.5 g -9 -9 450 666 re f {GOOD}"));
    assert!(!has(&background, Printer::Kdp, Rule::SafeZone));
    // Paper-white marks print nothing.
    let white = book(24, &format!("1 G 2 w 1 1 m 400 1 l S {GOOD}"));
    assert!(!has(&white, Printer::Kdp, Rule::SafeZone));
    // Marks inside forms count where the form puts them (400 pt right).
    let form = pdf_with(
        &(0..24).map(|_| page("/Fm1 Do")).collect::<Vec<_>>(),
        true,
        "BT /F1 10 Tf 10 300 Td (ab) Tj ET",
    );
    assert!(has(&form, Printer::Kdp, Rule::SafeZone));
}

#[test]
fn the_gutter_grows_with_the_page_count() {
    // 0.45 in from the binding edge: the left of right-hand pages, the right of
    // left-hand ones. Enough for KDP up to 150 pages, not beyond.
    let pages = |count: usize| -> Vec<u8> {
        let pages: Vec<TestPage> = (0..count)
            .map(|index| {
                let x = if index % 2 == 0 {
                    32.4
                } else {
                    432.0 - 32.4 - 12.0
                };
                page(&format!("BT /F1 10 Tf {x} 300 Td (ab) Tj ET"))
            })
            .collect();
        pdf_with(&pages, true, "")
    };
    assert!(!has(&pages(150), Printer::Kdp, Rule::Gutter));
    let thick = pages(152);
    let found = rules(&thick, Printer::Kdp);
    assert!(
        found.contains(&(Some(1), Rule::Gutter, Severity::Error)),
        "{found:?}"
    );
    assert!(
        found.contains(&(Some(2), Rule::Gutter, Severity::Error)),
        "{found:?}"
    );
    let report = check(&thick, Printer::Kdp, None).unwrap();
    assert!(
        report.lines()[0].contains("0.45 in from the binding edge; Amazon KDP wants an inner margin of 0.5 in for 152 pages"),
        "{:?}",
        report.lines()
    );
    // IngramSpark wants 0.5 in at any thickness.
    assert!(has(&pages(24), Printer::Ingram, Rule::Gutter));
}

#[test]
fn page_counts_are_the_printers() {
    let found = rules(&book(10, GOOD), Printer::Kdp);
    assert_eq!(found, vec![(None, Rule::PageCount, Severity::Error)]);
    assert!(!has(&book(24, GOOD), Printer::Kdp, Rule::PageCount));
    assert!(!has(&book(18, GOOD), Printer::Ingram, Rule::PageCount));
    assert!(has(&book(30, GOOD), Printer::Lulu, Rule::PageCount));
    assert!(!has(&book(1, GOOD), Printer::Generic, Rule::PageCount));
}

#[test]
fn fonts_must_be_embedded() {
    let pages: Vec<TestPage> = (0..40).map(|_| page(GOOD)).collect();
    let bytes = pdf_with(&pages, false, "");
    for printer in Printer::ALL {
        let found = rules(&bytes, printer);
        assert_eq!(
            found,
            vec![(Some(1), Rule::Fonts, Severity::Error)],
            "{printer}"
        );
    }
    let report = check(&bytes, Printer::Kdp, None).unwrap();
    assert!(report.lines()[0].contains("TestSans is not embedded"));
}

#[test]
fn thin_lines_and_light_greys_are_warnings() {
    let thin = book(24, &format!("{GOOD} 0.3 w 100 200 m 300 200 l S"));
    let report = check(&thin, Printer::Kdp, None).unwrap();
    assert!(report.passes());
    assert_eq!(
        report.lines()[0],
        "pages 1-24: warning [line-weight] lines as thin as 0.30 pt; Amazon KDP asks for 0.75 pt or more so they print"
    );
    // A line scaled down by the current map is thinner on the page.
    let scaled = book(24, "q 0.5 0 0 0.5 0 0 cm 1 w 200 400 m 600 400 l S Q");
    assert!(has(&scaled, Printer::Kdp, Rule::LineWeight));
    let fine = book(24, "0.75 w 100 200 m 300 200 l S");
    assert!(!has(&fine, Printer::Kdp, Rule::LineWeight));
    // Printers that publish no minimum are not held to KDP's.
    assert!(!has(&thin, Printer::Ingram, Rule::LineWeight));

    let light = book(24, &format!("{GOOD} 0.95 g 100 200 50 50 re f"));
    let report = check(&light, Printer::Kdp, None).unwrap();
    assert!(report.passes());
    assert!(
        report.lines()[0].contains("grey fills as light as 5 %"),
        "{:?}",
        report.lines()
    );
    let cmyk = book(24, "0 0 0 0.05 k 100 200 50 50 re f");
    assert!(has(&cmyk, Printer::Kdp, Rule::GreyFill));
    let ten = book(24, "0.9 g 100 200 50 50 re f 1 g 100 300 50 50 re f");
    assert!(!has(&ten, Printer::Kdp, Rule::GreyFill));
}

#[test]
fn page_lists_are_ranges() {
    assert_eq!(page_list(&[4]), "page 4");
    assert_eq!(page_list(&[1, 2, 3, 5, 7, 8]), "pages 1-3, 5, 7-8");
}
