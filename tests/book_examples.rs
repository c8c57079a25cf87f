//! Every example in examples/ builds, and its PDF agrees with its manifest.

use crate::common;

use common::{Pdf, check_manifest_against_pdf, example_books, manifest, puzzlebook, scratch};

#[test]
fn every_example_builds_and_matches_its_manifest() {
    // Each example built by `book SPEC -o NAME.pdf --quiet --no-record`, exit 0 asserted
    // (shared with the cover test).
    let books = example_books();
    assert!(books.len() >= 4, "{} examples", books.len());
    for book in books {
        let (name, pdf_path) = (&book.name, &book.pdf);
        let checked = check_manifest_against_pdf(pdf_path);
        assert!(checked > 0, "{name}");
        let pdf = Pdf::load(pdf_path);
        let fonts = pdf.fonts();
        assert!(
            fonts.iter().all(|(_, embedded)| *embedded),
            "{name}: {fonts:?}"
        );
        let size = std::fs::metadata(pdf_path).unwrap().len() as usize;
        assert!(size / pdf.page_count() <= 30 * 1024, "{name}: {size} bytes");
        let manifest = manifest(pdf_path);
        let [width, height] = [
            manifest["page_size"][0].as_f64().unwrap(),
            manifest["page_size"][1].as_f64().unwrap(),
        ];
        let bleed = manifest["bleed"].as_f64().unwrap();
        // KDP and IngramSpark take bleed on the top, bottom and outside edges only.
        let across = match manifest["printer"].as_str().unwrap() {
            "kdp" | "ingram" => 1.0,
            _ => 2.0,
        };
        let media = pdf.page_box(1, b"MediaBox");
        let round = |value: f64| (value * 100.0).round() / 100.0;
        assert_eq!(
            media,
            vec![
                0.0,
                0.0,
                round(width + across * bleed),
                round(height + 2.0 * bleed)
            ],
            "{name}"
        );
    }
}

#[test]
fn the_japanese_example_embeds_a_japanese_font_and_japanese_words() {
    let spec = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/japanese.toml");
    let dir = scratch("japanese");
    let pdf_path = dir.join("japanese.pdf");
    assert_eq!(
        puzzlebook(&[
            "book",
            spec.to_str().unwrap(),
            "-o",
            pdf_path.to_str().unwrap(),
            "--quiet"
        ]),
        0
    );
    let pdf = Pdf::load(&pdf_path);
    let fonts = pdf.fonts();
    assert!(
        fonts.iter().any(|(name, _)| name.ends_with("+IPAexGothic")),
        "{fonts:?}"
    );
    assert!(pdf.page_text(1).contains("週末のナンプレ"));
    let all: String = (1..=pdf.page_count())
        .map(|page| pdf.page_text(page))
        .collect();
    assert!(all.contains("遊び方"));
    assert!(all.contains("解答"));
}
