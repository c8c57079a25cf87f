//! `puzzlebook preview`: pictures of the pages `puzzlebook book` makes, checked against the
//! book's own manifest (the grids are where it says), and against the PNG format itself.

use crate::common;

use std::path::Path;

use common::{build, manifest, puzzlebook, scratch};
use serde_json::Value;

/// A print-on-demand book with bleed (KDP's, on three edges), so picture coordinates must
/// include it; thick enough for KDP (24 pages or more).
const SPEC: &str = r#"
title = "Preview Test"
seed = "preview-1"
template = "kdp-6x9"

[page]
bleed = "0.125in"

[[section]]
title = "Sudoku"
kind = "sudoku"
count = 50
tier = "easy"

[[section]]
title = "Sums"
kind = "mushikui"
op = "mul"
digits = [3, 2]
count = 2
"#;

/// A decoded greyscale PNG (what `preview` writes: 8-bit grey, not interlaced).
struct Picture {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Picture {
    fn at(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }
}

/// Decodes the file with the `png` crate (which checks the chunk CRCs and the zlib stream).
fn read_png(path: &Path) -> Picture {
    let file = std::fs::File::open(path).unwrap();
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(
        frame.color_type,
        png::ColorType::Grayscale,
        "{}",
        path.display()
    );
    assert_eq!(frame.bit_depth, png::BitDepth::Eight, "{}", path.display());
    assert!(!reader.info().interlaced, "{}", path.display());
    // The file ends with IEND and nothing after it.
    reader.finish().unwrap();
    pixels.truncate(frame.buffer_size());
    Picture {
        width: frame.width as usize,
        height: frame.height as usize,
        pixels,
    }
}

fn bbox(value: &Value) -> [f64; 4] {
    let numbers: Vec<f64> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    [numbers[0], numbers[1], numbers[2], numbers[3]]
}

/// The darkest pixel within `reach` pixels of (`x`, `y`).
fn darkest_near(picture: &Picture, x: f64, y: f64, reach: usize) -> u8 {
    let (x, y) = (x.round() as usize, y.round() as usize);
    let mut darkest = 255;
    for yy in y.saturating_sub(reach)..=(y + reach).min(picture.height - 1) {
        for xx in x.saturating_sub(reach)..=(x + reach).min(picture.width - 1) {
            darkest = darkest.min(picture.at(xx, yy));
        }
    }
    darkest
}

/// Checks a sudoku picture against its manifest entry: dark lines on the grid's border and
/// box lines, white empty cells, ink in every clue's cell, white just outside the grid.
fn check_sudoku_grid(picture: &Picture, entry_box: [f64; 4], puzzle: &str, dpi: f64) {
    let scale = dpi / 72.0;
    let [x, y, width, height] = entry_box.map(|value| value * scale);
    let cell = width / 9.0;
    assert!((width - height).abs() < 1.0);
    for step in 0..=9 {
        let along = (step as f64 + 0.5).min(8.5) * cell;
        for line in [0.0, 3.0, 6.0, 9.0] {
            let across = line * cell;
            assert!(
                darkest_near(picture, x + along, y + across, 1) < 100,
                "horizontal line {line} at {along}"
            );
            assert!(
                darkest_near(picture, x + across, y + along, 1) < 100,
                "vertical line {line} at {along}"
            );
        }
    }
    for (index, given) in puzzle.chars().enumerate() {
        let (row, column) = ((index / 9) as f64, (index % 9) as f64);
        let (left, top) = (x + column * cell, y + row * cell);
        let inside: Vec<u8> = ((top + cell * 0.25) as usize..(top + cell * 0.75) as usize)
            .flat_map(|yy| {
                ((left + cell * 0.25) as usize..(left + cell * 0.75) as usize)
                    .map(move |xx| (xx, yy))
            })
            .map(|(xx, yy)| picture.at(xx, yy))
            .collect();
        if given == '.' {
            assert!(
                inside.iter().all(|&level| level > 245),
                "cell {index} is empty"
            );
        } else {
            assert!(
                inside.iter().filter(|&&level| level < 128).count() >= 3,
                "cell {index} shows {given}"
            );
        }
    }
    // Outside the grid, beside its middle, the page is white.
    let gap = (cell * 0.3).max(3.0);
    assert!(picture.at((x - gap) as usize, (y + height / 2.0) as usize) > 245);
    assert!(picture.at((x + width + gap) as usize, (y + height / 2.0) as usize) > 245);
}

#[test]
fn a_page_picture_has_the_page_size_and_its_grids_where_the_manifest_says() {
    let dir = scratch("preview-grids");
    assert_eq!(build(&dir, "book", SPEC, &[]), 0);
    let book = manifest(&dir.join("book.pdf"));
    let spec = dir.join("book.toml");
    let puzzles = book["puzzles"].as_array().unwrap();
    let first = &puzzles[0];
    let page = first["page"].as_u64().unwrap();
    let answer_page = first["answer_page"].as_u64().unwrap();
    for (number, dpi) in [(page, 100), (answer_page, 150)] {
        let out = dir.join(format!("page-{number}.png"));
        let code = puzzlebook(&[
            "preview",
            spec.to_str().unwrap(),
            "--page",
            &number.to_string(),
            "--dpi",
            &dpi.to_string(),
            "-o",
            out.to_str().unwrap(),
            "--quiet",
        ]);
        assert_eq!(code, 0);
        let picture = read_png(&out);
        // 6 x 9 in plus KDP's 0.125 in of bleed on the top, bottom and outside edges.
        let inches = (6.125, 9.25);
        assert_eq!(
            (picture.width, picture.height),
            (
                (inches.0 * dpi as f64).round() as usize,
                (inches.1 * dpi as f64).round() as usize
            )
        );
        for entry in puzzles.iter().filter(|entry| entry["kind"] == "sudoku") {
            if entry["page"].as_u64() == Some(number) {
                let line = entry["puzzle"].as_str().unwrap();
                check_sudoku_grid(&picture, bbox(&entry["bbox"]), line, dpi as f64);
            }
            if entry["answer_page"].as_u64() == Some(number) {
                let solution = entry["solution"].as_str().unwrap();
                check_sudoku_grid(&picture, bbox(&entry["answer_bbox"]), solution, dpi as f64);
            }
        }
    }
}

#[test]
fn mushikui_figures_have_ink_inside_their_boxes() {
    let dir = scratch("preview-mushikui");
    assert_eq!(build(&dir, "book", SPEC, &[]), 0);
    let book = manifest(&dir.join("book.pdf"));
    let entry = book["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["kind"] == "mushikui")
        .unwrap()
        .clone();
    let out = dir.join("sums.png");
    let spec = dir.join("book.toml");
    let page = entry["page"].as_u64().unwrap().to_string();
    let args = [
        "preview",
        spec.to_str().unwrap(),
        "--page",
        &page,
        "-o",
        out.to_str().unwrap(),
    ];
    assert_eq!(puzzlebook(&args), 0);
    let picture = read_png(&out);
    let [x, y, width, height] = bbox(&entry["bbox"]).map(|value| value * 100.0 / 72.0);
    let dark = |x0: f64, x1: f64, y0: f64, y1: f64| {
        let mut count = 0;
        for yy in y0.max(0.0) as usize..(y1 as usize).min(picture.height) {
            for xx in x0.max(0.0) as usize..(x1 as usize).min(picture.width) {
                count += usize::from(picture.at(xx, yy) < 128);
            }
        }
        count
    };
    let inside = dark(x, x + width, y, y + height);
    assert!(inside > 200, "{inside} dark pixels in the figure");
    // The figure's ink stays in its box (captions are above and below, not beside it).
    let beside = dark(x + width + 2.0, x + width + 20.0, y, y + height);
    assert_eq!(beside, 0);
}

#[test]
fn page_ranges_write_one_numbered_file_per_page_the_same_for_any_thread_count() {
    let dir = scratch("preview-range");
    let spec = dir.join("book.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let out = dir.join("one").join("pages.png");
    std::fs::create_dir_all(out.parent().unwrap()).unwrap();
    let spec_arg = spec.to_str().unwrap();
    let args = ["preview", spec_arg, "--pages", "2..4", "--dpi", "40", "-q"];
    let run = |out: &Path, jobs: &str| {
        let mut all = args.to_vec();
        all.extend(["-o", out.to_str().unwrap(), "--jobs", jobs]);
        puzzlebook(&all)
    };
    assert_eq!(run(&out, "1"), 0);
    let pages = manifest_pages(&dir, spec_arg);
    let width = pages.to_string().len();
    let names: Vec<String> = (2..=4)
        .map(|page| format!("pages-p{page:0width$}.png"))
        .collect();
    let mut written: Vec<String> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, names);
    let again = dir.join("two").join("pages.png");
    std::fs::create_dir_all(again.parent().unwrap()).unwrap();
    assert_eq!(run(&again, "2"), 0);
    for name in &names {
        let first = std::fs::read(out.parent().unwrap().join(name)).unwrap();
        let second = std::fs::read(again.parent().unwrap().join(name)).unwrap();
        assert_eq!(first, second, "{name}");
        let picture = read_png(&out.parent().unwrap().join(name));
        // 6.125 × 9.25 in at 40 dpi: KDP's bleed is on three edges.
        assert_eq!((picture.width, picture.height), (245, 370));
    }
}

/// The page count of the book `spec` makes.
fn manifest_pages(dir: &Path, spec: &str) -> u64 {
    let pdf = dir.join("count.pdf");
    assert_eq!(
        puzzlebook(&["book", spec, "-o", pdf.to_str().unwrap(), "-q"]),
        0
    );
    manifest(&pdf)["pages"].as_u64().unwrap()
}

#[test]
fn the_default_is_page_one_beside_the_spec() {
    let dir = scratch("preview-default");
    let spec = dir.join("little.toml");
    std::fs::write(&spec, SPEC).unwrap();
    assert_eq!(puzzlebook(&["preview", spec.to_str().unwrap(), "-q"]), 0);
    let pages = manifest_pages(&dir, spec.to_str().unwrap());
    let width = pages.to_string().len();
    let picture = read_png(&dir.join(format!("little-p{:0width$}.png", 1)));
    assert_eq!((picture.width, picture.height), (613, 925));
    // The title page has its title: some ink, mostly paper.
    let ink = picture.pixels.iter().filter(|&&level| level < 128).count();
    assert!(ink > 100 && ink < picture.pixels.len() / 10, "{ink}");
}

#[test]
fn bad_requests_are_usage_errors_and_write_nothing() {
    let dir = scratch("preview-errors");
    let spec = dir.join("book.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let spec = spec.to_str().unwrap();
    let out = dir.join("out.png");
    let out = out.to_str().unwrap();
    for args in [
        vec!["preview", spec, "--page", "999", "-o", out],
        vec!["preview", spec, "--pages", "5..3", "-o", out],
        vec!["preview", spec, "--pages", "500..", "-o", out],
        vec!["preview", spec, "--pages", "2,", "-o", out],
        vec![
            "preview", spec, "--pages", "1,90..92", "--spread", "-o", out,
        ],
        vec!["preview", spec, "--page", "0", "-o", out],
        vec!["preview", spec, "--page", "2", "--pages", "2..3", "-o", out],
        vec!["preview", spec, "--dpi", "5000", "-o", out],
        vec!["preview", spec, "-o", "/no/such/directory/out.png"],
    ] {
        assert_eq!(puzzlebook(&args), 2, "{args:?}");
    }
    assert_eq!(
        puzzlebook(&["preview", spec, "-o", spec]),
        2,
        "the spec is not overwritten"
    );
    assert_eq!(std::fs::read_to_string(spec).unwrap(), SPEC);
    // A picture too large for memory is refused before any puzzle is made.
    let big = dir.join("big.toml");
    let big_spec = SPEC.replace("bleed =", "size = \"500x700mm\"\nbleed =");
    std::fs::write(&big, big_spec).unwrap();
    let big_args = ["preview", big.to_str().unwrap(), "--dpi", "600", "-o", out];
    assert_eq!(puzzlebook(&big_args), 2);
    assert_eq!(
        puzzlebook(&["preview", big.to_str().unwrap(), "--dpi", "100", "-o", out]),
        0
    );
    std::fs::remove_file(&big).unwrap();
    std::fs::remove_file(out).unwrap();
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "only the spec: {left:?}");
}

#[test]
fn a_spread_puts_the_pages_side_by_side_in_one_picture() {
    let dir = scratch("preview-spread");
    let spec = dir.join("book.toml");
    std::fs::write(&spec, SPEC).unwrap();
    let spec = spec.to_str().unwrap();
    let single = |page: &str, name: &str| {
        let out = dir.join(name);
        let args = [
            "preview",
            spec,
            "--page",
            page,
            "--dpi",
            "40",
            "-o",
            out.to_str().unwrap(),
        ];
        assert_eq!(puzzlebook(&args), 0);
        read_png(&out)
    };
    let (left, right) = (single("4", "left.png"), single("7", "right.png"));
    let args = [
        "preview", spec, "--pages", "4,7", "--spread", "--dpi", "40", "-q",
    ];
    assert_eq!(puzzlebook(&args), 0);
    // Page numbers in names have as many digits as the last page's (24).
    let spread = read_png(&dir.join("book-p04-07.png"));
    let gap = 7; // a sixth of an inch at 40 dpi, rounded up
    assert_eq!(
        (spread.width, spread.height),
        (3 * gap + 2 * 245, 2 * gap + 370)
    );
    for y in 0..370 {
        for x in 0..245 {
            assert_eq!(spread.at(gap + x, gap + y), left.at(x, y));
            assert_eq!(spread.at(2 * gap + 245 + x, gap + y), right.at(x, y));
        }
    }
    assert_eq!(spread.at(gap + 245 + 3, 100), 200, "grey between the pages");
}
