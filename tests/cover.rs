//! `puzzlebook cover`: every example gets its cover; the sheet, spine and zones follow the
//! print-on-demand formula for the book's real page count; the same spec gives the same
//! bytes; bad requests fail with exit 2 and leave no file behind.

use crate::common;

use std::path::{Path, PathBuf};

use common::{Pdf, example_books, manifest, puzzlebook, run_binary, scratch, stderr};

fn cover(spec: &Path, pdf: &Path, extra: &[&str]) -> i32 {
    let mut args = vec![
        "cover",
        spec.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--quiet",
    ];
    args.extend_from_slice(extra);
    puzzlebook(&args)
}

fn number(value: &serde_json::Value) -> f64 {
    value.as_f64().unwrap()
}

#[test]
fn every_example_gets_a_cover_as_wide_as_its_book_is_thick() {
    let dir = scratch("covers");
    // Each example's book, built once (`book SPEC --quiet --no-record`, exit 0 asserted)
    // and shared with the manifest test: its page count is what the cover must match.
    for example in example_books() {
        let (name, spec, book_pdf) = (&example.name, &example.spec, &example.pdf);
        let cover_pdf = dir.join(format!("{name}-cover.pdf"));
        assert_eq!(cover(spec, &cover_pdf, &[]), 0, "{name}");
        let book = manifest(book_pdf);
        let sheet = manifest(&cover_pdf);
        let pages = book["pages"].as_u64().unwrap();
        assert_eq!(sheet["pages"].as_u64().unwrap(), pages, "{name}");
        assert_eq!(Pdf::load(book_pdf).page_count() as u64, pages);

        // Spine = pages × thickness; sheet = bleed + back + spine + front + bleed.
        let thickness = number(&sheet["page_thickness_in"]);
        let spine = number(&sheet["spine_width_in"]);
        assert!((spine - pages as f64 * thickness).abs() < 1e-6, "{name}");
        let [page_width, page_height] = [0, 1].map(|i| number(&book["page_size"][i]) / 72.0);
        let bleed = number(&sheet["bleed"]) / 72.0;
        assert_eq!(bleed, 0.125);
        let [width, height] = [0, 1].map(|i| number(&sheet["size_in"][i]));
        assert!(
            (width - (2.0 * bleed + 2.0 * page_width + spine)).abs() < 1e-5,
            "{name}"
        );
        assert!(
            (height - (2.0 * bleed + page_height)).abs() < 1e-5,
            "{name}"
        );
        // Spine text from 79 pages, where the title and author fit the spine (the note
        // says why not otherwise).
        let note = sheet["note"].as_str().unwrap_or("");
        let too_narrow = note.contains("too narrow");
        assert_eq!(
            sheet["spine_text"].as_bool().unwrap(),
            pages >= 79 && !too_narrow,
            "{name}: {note}"
        );
        assert!(!too_narrow || pages >= 79, "{name}: {note}");

        // The PDF's boxes are the manifest's.
        let pdf = Pdf::load(&cover_pdf);
        assert_eq!(pdf.page_count(), 1);
        let media = pdf.page_box(1, b"MediaBox");
        assert!((media[2] - width * 72.0).abs() < 0.01, "{name}: {media:?}");
        assert!((media[3] - height * 72.0).abs() < 0.01, "{name}: {media:?}");
        let trim = pdf.page_box(1, b"TrimBox");
        assert_eq!(trim[0], 9.0);
        assert!((trim[2] - (width * 72.0 - 9.0)).abs() < 0.01);
        assert!(pdf.fonts().iter().all(|(_, embedded)| *embedded), "{name}");
        // The barcode box: 2 × 1.2 in, lower right of the back cover.
        let barcode: Vec<f64> = (0..4)
            .map(|i| number(&sheet["zones"]["barcode"][i]))
            .collect();
        assert_eq!(&barcode[2..], &[144.0, 86.4]);
        assert!((barcode[0] + 144.0 - (9.0 + page_width * 72.0 - 18.0)).abs() < 0.01);
    }
}

#[test]
fn the_spine_of_a_thick_book_names_it_and_a_thin_one_says_why_not() {
    let dir = scratch("cover-spine");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/paperback.toml");
    let pdf_path = dir.join("paperback-cover.pdf");
    assert_eq!(cover(&spec, &pdf_path, &[]), 0);
    let sheet = manifest(&pdf_path);
    assert!(sheet["pages"].as_u64().unwrap() >= 79);
    assert_eq!(sheet["paper"], "cream");
    assert!(sheet["note"].is_null());
    let pdf = Pdf::load(&pdf_path);
    let text = pdf.page_text(1);
    assert!(
        text.matches("Sudoku for Long Evenings").count() >= 2,
        "{text}"
    );

    let thin = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/large-print.toml");
    let output = run_binary(
        &[
            "cover",
            thin.to_str().unwrap(),
            "-o",
            dir.join("thin.pdf").to_str().unwrap(),
        ],
        "",
    );
    assert!(output.status.success());
    assert!(
        stderr(&output).contains("no spine text"),
        "{}",
        stderr(&output)
    );
    assert!(
        manifest(&dir.join("thin.pdf"))["note"]
            .as_str()
            .unwrap()
            .contains("79 pages")
    );
}

#[test]
fn covers_are_byte_identical_and_guides_only_mark_proofs() {
    let dir = scratch("cover-determinism");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/paperback.toml");
    let [first, second, proof] = ["first", "second", "proof"].map(|n| dir.join(format!("{n}.pdf")));
    assert_eq!(cover(&spec, &first, &["--jobs", "1"]), 0);
    assert_eq!(cover(&spec, &second, &["--jobs", "3"]), 0);
    assert_eq!(
        std::fs::read(&first).unwrap(),
        std::fs::read(&second).unwrap()
    );
    assert_eq!(
        std::fs::read(first.with_extension("json")).unwrap(),
        std::fs::read(second.with_extension("json")).unwrap()
    );
    let png = dir.join("proof.png");
    assert_eq!(
        cover(&spec, &proof, &["--guides", "--png", png.to_str().unwrap()]),
        0
    );
    assert_ne!(
        std::fs::read(&first).unwrap(),
        std::fs::read(&proof).unwrap()
    );
    assert!(manifest(&proof)["guides"].as_bool().unwrap());
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn bad_covers_are_input_errors_that_leave_nothing_behind() {
    let dir = scratch("cover-errors");
    let cases = [
        (
            "[cover]\npaper = \"creme\"\n",
            "unknown paper",
            "did you mean \"cream\"?",
        ),
        (
            "[cover]\npaper = \"cream\"\npage_thickness = \"0.0025in\"\n",
            "both set",
            "keep one",
        ),
        (
            "[cover]\npage_thickness = \"0.5in\"\n",
            "not the thickness",
            "0.0025in",
        ),
        (
            "[cover]\nbackground = \"navy\"\n",
            "not a colour",
            "#1d3557",
        ),
        (
            "[cover]\nspine = \"x\"\n",
            "unknown key `spine`",
            "[cover] takes",
        ),
        ("[cover]\nmin_pages = 200\n", "too thin", "24 pages"),
        (
            "[cover]\nmin_pages = 1\nimage = \"missing.png\"\n",
            "cannot read the cover picture",
            "relative to the spec",
        ),
        (
            "[cover]\nmin_pages = 1\nimage = \"bad0.toml\"\n",
            "neither a PNG nor a JPEG",
            ".png or .jpg",
        ),
        (
            "[cover]\nmin_pages = 1\nimage = \"art.jpg\"\nart = \"tiles\"\n",
            "both fill",
            "keep one",
        ),
        (
            "[cover]\nmin_pages = 1\nimage_fit = \"cover\"\n",
            "there is none",
            "image = ",
        ),
        (
            "[cover]\nmin_pages = 1\nimage = \"art.jpg\"\nimage_area = \"back\"\n",
            "unknown choice",
            "art or front",
        ),
        (
            "[cover]\nmin_pages = 1\ntitle = \"Antidisestablishmentarianism Antidisestablishmentarianism Antidisestablishmentarianism Antidisestablishmentarianism\"\n",
            "does not fit",
            "shorten",
        ),
    ];
    std::fs::copy(picture("cover-art.jpg"), dir.join("art.jpg")).unwrap();
    for (index, (table, message, hint)) in cases.iter().enumerate() {
        let spec_path = dir.join(format!("bad{index}.toml"));
        std::fs::write(
            &spec_path,
            format!(
                "title = \"Bad\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\ncount = 4\n{table}"
            ),
        )
        .unwrap();
        let pdf = dir.join(format!("bad{index}.pdf"));
        let output = run_binary(
            &[
                "cover",
                spec_path.to_str().unwrap(),
                "-o",
                pdf.to_str().unwrap(),
            ],
            "",
        );
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{table}: {said}");
        assert!(said.contains(message), "{table}: {said}");
        assert!(said.contains(hint), "{table}: {said}");
        assert!(said.contains(&format!("bad{index}.toml:")), "{said}");
    }
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.ends_with(".toml") && name != "art.jpg")
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

fn picture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pictures")
        .join(name)
}

/// The image XObjects of a PDF's first page: (filter, has a soft mask, width, height).
fn images(pdf: &Path) -> Vec<(String, bool, i64, i64)> {
    let document = lopdf::Document::load(pdf).unwrap();
    let page = *document.get_pages().values().next().unwrap();
    let resources = document.get_page_resources(page).unwrap();
    let mut found = Vec::new();
    let dictionaries: Vec<&lopdf::Dictionary> = resources
        .0
        .into_iter()
        .chain(
            resources
                .1
                .iter()
                .filter_map(|id| document.get_dictionary(*id).ok()),
        )
        .collect();
    for dictionary in dictionaries {
        let Ok(xobjects) = dictionary.get(b"XObject") else {
            continue;
        };
        let xobjects = match xobjects {
            lopdf::Object::Reference(id) => document.get_dictionary(*id).unwrap(),
            other => other.as_dict().unwrap(),
        };
        for (_, object) in xobjects.iter() {
            let stream = document
                .get_object(object.as_reference().unwrap())
                .unwrap()
                .as_stream()
                .unwrap();
            let dict = &stream.dict;
            if dict.get(b"Subtype").unwrap().as_name().unwrap() != b"Image" {
                continue;
            }
            found.push((
                String::from_utf8_lossy(dict.get(b"Filter").unwrap().as_name().unwrap())
                    .into_owned(),
                dict.get(b"SMask").is_ok(),
                dict.get(b"Width").unwrap().as_i64().unwrap(),
                dict.get(b"Height").unwrap().as_i64().unwrap(),
            ));
        }
    }
    found
}

/// A PNG with transparency: an orange disc on nothing, `side` pixels square.
fn disc_png(path: &Path, side: u32) {
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), side, side);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    let centre = side as f64 / 2.0;
    let mut data = Vec::new();
    for y in 0..side {
        for x in 0..side {
            let inside = (x as f64 + 0.5 - centre).hypot(y as f64 + 0.5 - centre) < centre * 0.9;
            data.extend_from_slice(&[230, 120, 40, if inside { 255 } else { 0 }]);
        }
    }
    writer.write_image_data(&data).unwrap();
}

/// A spec's cover picture: a JPEG goes into the PDF as it is, a PNG with transparency as
/// pixels with a soft mask; the same bytes twice; the manifest gives the print resolution;
/// the preview draws it; `book --cover` makes the same cover alongside the book.
#[test]
fn cover_pictures_are_placed_embedded_and_drawn() {
    let dir = scratch("cover-pictures");
    std::fs::copy(picture("cover-art.jpg"), dir.join("art.jpg")).unwrap();
    disc_png(&dir.join("disc.png"), 600);
    let spec = |image: &str, extra: &str| {
        format!(
            "title = \"Pictures\"\nseed = \"pictures\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n[[section]]\nkind = \"sudoku\"\ncount = 40\n\
             [cover]\nmin_pages = 2\nbackground = \"#ffffff\"\nforeground = \"#000000\"\nimage = \"{image}\"\n{extra}"
        )
    };
    let cases = [
        ("jpeg", spec("art.jpg", ""), "DCTDecode", false, (120, 80)),
        (
            "cropped",
            spec("art.jpg", "image_fit = \"cover\"\n"),
            "FlateDecode",
            false,
            (0, 80),
        ),
        (
            "png",
            spec("disc.png", "image_area = \"front\"\n"),
            "FlateDecode",
            true,
            (600, 600),
        ),
    ];
    for (name, text, filter, masked, (width, height)) in cases {
        let spec_path = dir.join(format!("{name}.toml"));
        std::fs::write(&spec_path, text).unwrap();
        let [first, second] = ["a", "b"].map(|run| dir.join(format!("{name}-{run}.pdf")));
        let png = dir.join(format!("{name}.png"));
        assert_eq!(
            cover(
                &spec_path,
                &first,
                &["--png", png.to_str().unwrap(), "--dpi", "30"]
            ),
            0,
            "{name}"
        );
        assert_eq!(cover(&spec_path, &second, &[]), 0, "{name}");
        assert_eq!(
            std::fs::read(&first).unwrap(),
            std::fs::read(&second).unwrap()
        );
        let found = images(&first);
        assert_eq!(found.len(), 1, "{name}: {found:?}");
        let (found_filter, found_mask, found_width, found_height) = &found[0];
        assert_eq!(found_filter, filter, "{name}");
        assert_eq!(*found_mask, masked, "{name}");
        assert_eq!(*found_height, height, "{name}");
        if width > 0 {
            assert_eq!(*found_width, width, "{name}");
        } else {
            // Cropped to the portrait art area: narrower than tall.
            assert!(*found_width < *found_height, "{name}: {found_width}");
        }
        let sheet = manifest(&first);
        let dpi = number(&sheet["image"]["dpi"]);
        assert!(dpi > 0.0 && dpi < 300.0, "{name}: {dpi}");
        // The preview shows the picture: dark pixels across the front panel's middle row,
        // where a white cover with only text would be white.
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        let (w, h) = (info.width as usize, info.height as usize);
        let row = &pixels[(h / 2) * w + w / 2..(h / 2 + 1) * w];
        let dark = row.iter().filter(|&&grey| grey < 200).count();
        assert!(dark * 5 > row.len(), "{name}: {dark} of {} dark", row.len());
    }

    // `book --cover`: the book and the same cover, beside the PDF by default.
    let spec_path = dir.join("jpeg.toml");
    let book_pdf = dir.join("book.pdf");
    let output = run_binary(
        &[
            "book",
            spec_path.to_str().unwrap(),
            "-o",
            book_pdf.to_str().unwrap(),
            "--cover",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(book_pdf.exists());
    assert_eq!(
        std::fs::read(dir.join("book-cover.pdf")).unwrap(),
        std::fs::read(dir.join("jpeg-a.pdf")).unwrap()
    );
    assert_eq!(
        std::fs::read(dir.join("book-cover.json")).unwrap(),
        std::fs::read(dir.join("jpeg-a.json")).unwrap()
    );
    // A cover too thin to bind fails the book before anything is written.
    let thin = dir.join("thin.toml");
    std::fs::write(
        &thin,
        "title = \"Thin\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n",
    )
    .unwrap();
    let output = run_binary(
        &[
            "book",
            thin.to_str().unwrap(),
            "--cover",
            dir.join("thin-cover.pdf").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!dir.join("thin.pdf").exists() && !dir.join("thin-cover.pdf").exists());
}
