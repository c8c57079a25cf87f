//! The printer's preflight: every `puzzlebook book` checks its own PDF against its printer's
//! rules before the file is final, and `puzzlebook check` checks any PDF.

use crate::common;

use common::{build, manifest, run_binary, scratch, stderr, stdout};
use lopdf::{Document, Object, Stream, dictionary};

/// A 6 × 9 in KDP paperback with bleed and every kind of figure: classic, jigsaw and killer
/// sudoku, mushikui-zan, hints and a walkthrough.
const KDP_BOOK: &str = r#"
title = "Preflight"
author = "The Puzzle Desk"
seed = "preflight-1"
template = "kdp-6x9"

[page]
bleed = "0.125in"

[[section]]
title = "Classic"
kind = "sudoku"
count = 36
tier = "medium"
hints = true
walkthroughs = "first"

[[section]]
title = "Jigsaw"
kind = "sudoku"
variant = "jigsaw"
count = 4

[[section]]
title = "Killer"
kind = "sudoku"
variant = "killer"
size = "6x6"
count = 4
per_page = "1x2"

[[section]]
title = "Long division"
kind = "mushikui"
op = "div"
digits = [5, 2]
count = 4
"#;

fn check(pdf: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["check", pdf.to_str().unwrap()];
    args.extend_from_slice(extra);
    run_binary(&args, "")
}

#[test]
fn a_kdp_book_with_bleed_passes_kdps_preflight_without_a_warning() {
    let dir = scratch("preflight-kdp");
    assert_eq!(build(&dir, "kdp", KDP_BOOK, &[]), 0);
    let pdf = dir.join("kdp.pdf");
    let pages = manifest(&pdf)["pages"].as_u64().unwrap();
    assert!(pages >= 24, "{pages}");
    let output = check(&pdf, &["--printer", "kdp", "--trim", "6x9in"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(
        text.ends_with(&format!(
            "kdp.pdf: {pages} pages, passes Amazon KDP's preflight (0 errors, 0 warnings)\n"
        )),
        "{text}"
    );
    // Lulu wants the bleed on every edge: the same file fails there, page by page.
    let output = check(&pdf, &["--printer", "lulu"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    assert!(
        text.starts_with(&format!(
            "pages 1-{pages}: error [page-size] the page is 6.125 in × 9.25 in"
        )),
        "{text}"
    );
    // A trim other than the book's.
    let output = check(&pdf, &["--printer", "kdp", "--trim", "A5"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).contains("not the book's"));
}

#[test]
fn a_book_its_printer_would_refuse_is_not_written() {
    let dir = scratch("preflight-refused");
    // Too thin for KDP.
    let thin =
        "title = \"Thin\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\ncount = 4\n";
    let spec = dir.join("thin.toml");
    std::fs::write(&spec, thin).unwrap();
    let pdf = dir.join("thin.pdf");
    let output = run_binary(
        &["book", spec.to_str().unwrap(), "-o", pdf.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.contains("error: the book fails Amazon KDP's preflight: [page-count]"),
        "{text}"
    );
    assert!(!pdf.exists() && !dir.join("thin.json").exists());
    // An inner margin inside the gutter, not raised: the page and the rule are named.
    let narrow = KDP_BOOK.replace(
        "bleed = \"0.125in\"",
        "bleed = \"0.125in\"\nmin_gutter = false\nmargins = { inner = \"0.2in\" }",
    );
    let spec = dir.join("narrow.toml");
    std::fs::write(&spec, narrow).unwrap();
    let pdf = dir.join("narrow.pdf");
    let output = run_binary(
        &["book", spec.to_str().unwrap(), "-o", pdf.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.contains("fails Amazon KDP's preflight: pages ")
            && text.contains("[gutter] text is 0.2")
            && text.contains("from the binding edge; Amazon KDP wants an inner margin of 0.375 in"),
        "{text}"
    );
    assert!(!pdf.exists());
}

/// A PDF puzzlebook did not make: Helvetica, not embedded; a hairline; a 5 % grey box; on
/// 6 × 9 in pages, `pages` of them.
fn foreign_pdf(pages: usize) -> Vec<u8> {
    let mut document = Document::with_version("1.4");
    let pages_id = document.new_object_id();
    let font = document.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Helvetica",
    });
    let resources = document.add_object(dictionary! {
        "Font" => dictionary! { "F1" => font },
    });
    let content = b"BT /F1 12 Tf 72 500 Td (Hello) Tj ET 0.25 w 72 400 m 300 400 l S 0.95 g 72 200 100 100 re f".to_vec();
    let mut kids = Vec::new();
    for _ in 0..pages {
        let stream = document.add_object(Stream::new(lopdf::Dictionary::new(), content.clone()));
        let page = document.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "MediaBox" => vec![0.into(), 0.into(), 432.into(), 648.into()],
            "Contents" => stream,
            "Resources" => resources,
        });
        kids.push(Object::Reference(page));
    }
    document.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => pages as i64,
        }),
    );
    let catalog = document.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    document.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    document.save_to(&mut bytes).unwrap();
    bytes
}

#[test]
fn check_reads_any_pdf() {
    let dir = scratch("preflight-foreign");
    let pdf = dir.join("foreign.pdf");
    std::fs::write(&pdf, foreign_pdf(30)).unwrap();
    let output = check(&pdf, &["--printer", "kdp"]);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "page 1: error [fonts] the font Helvetica is not embedded; Amazon KDP prints only embedded fonts",
            "pages 1-30: warning [line-weight] lines as thin as 0.25 pt; Amazon KDP asks for 0.75 pt or more so they print",
            "pages 1-30: warning [grey-fill] grey fills as light as 5 %; Amazon KDP asks for 10 % or more so they print",
            &format!(
                "{}: 30 pages, fails Amazon KDP's preflight (1 error, 2 warnings)",
                pdf.display()
            ),
        ]
    );
    // IngramSpark publishes no line or grey minimum, but binds from 18 pages and keeps
    // 0.5 in from the trim: text 1 in from the left is fine, and so is the count.
    let output = check(&pdf, &["--printer", "ingram", "--format", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["printer"], "ingram");
    assert_eq!(json["pages"], 30);
    assert_eq!(json["passes"], false);
    let rules: Vec<&str> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|finding| finding["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["fonts"]);
    // Too few pages for Lulu (32 or more).
    std::fs::write(&pdf, foreign_pdf(8)).unwrap();
    let output = check(&pdf, &["--printer", "lulu"]);
    assert!(stdout(&output).starts_with("error [page-count] 8 pages; Lulu binds 32 to 800 pages"));
}

#[test]
fn what_is_not_a_pdf_is_an_input_error() {
    let dir = scratch("preflight-garbage");
    let text = dir.join("notes.pdf");
    std::fs::write(&text, "these are not the pages you are looking for").unwrap();
    for (path, words) in [
        (text, "cannot be read as a PDF"),
        (dir.join("missing.pdf"), "cannot read"),
    ] {
        let output = check(&path, &["--printer", "kdp"]);
        assert_eq!(output.status.code(), Some(2));
        assert!(stderr(&output).contains(words), "{}", stderr(&output));
        assert!(stdout(&output).is_empty());
    }
    let output = run_binary(&["check", "x.pdf", "--printer", "createspace"], "");
    assert_eq!(output.status.code(), Some(2));
}
