//! `puzzlebook export`: the pictures and the web page hold the same puzzles, numbers,
//! answers and tiers as the PDF (read back from the PDF itself, where the manifest says);
//! SVG files are well-formed XML with a viewBox in points; PNG pictures have the figure's
//! size at the asked resolution; the web page refers to nothing outside itself.

use crate::common;

use std::collections::HashMap;
use std::path::Path;

use common::{Pdf, build, manifest, puzzlebook, scratch};
use serde_json::Value;

/// Both kinds, tiers, and answers at the back.
const SPEC: &str = r#"
title = "Export Test"
subtitle = "Both kinds"
seed = "export-1"
template = "a4"

[[section]]
title = "Sudoku"
kind = "sudoku"
count = 3
tier = "easy"

[[section]]
title = "Sums"
kind = "mushikui"
op = "mul"
digits = [3, 2]
count = 2
tier = "easy"

[answers]
placement = "end"
"#;

fn bbox(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

/// The text of an SVG file's `<text>` runs in reading order (top to bottom by baseline, to
/// half a point, then left to right), as the PDF's text in a box is read.
fn svg_text(svg: &str) -> String {
    let document = roxmltree::Document::parse(svg).unwrap();
    let mut runs: Vec<(f64, f64, String)> = document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| {
            let number = |name: &str| node.attribute(name).unwrap().parse::<f64>().unwrap();
            (number("y"), number("x"), node.text().unwrap().to_string())
        })
        .collect();
    runs.sort_by(|a, b| {
        let line = |y: f64| (y * 2.0).round() as i64;
        line(a.0).cmp(&line(b.0)).then(a.1.total_cmp(&b.1))
    });
    runs.into_iter().map(|(_, _, text)| text).collect()
}

/// A book and its manifest in a fresh directory.
fn book(name: &str) -> (std::path::PathBuf, Value) {
    let dir = scratch(name);
    assert_eq!(build(&dir, "export", SPEC, &[]), 0);
    let manifest = manifest(&dir.join("export.pdf"));
    (dir, manifest)
}

fn export(dir: &Path, to: &str, extra: &[&str]) -> i32 {
    let spec = dir.join("export.toml");
    let to = dir.join(to);
    let mut args = vec![
        "export",
        spec.to_str().unwrap(),
        "--to",
        to.to_str().unwrap(),
        "-q",
    ];
    args.extend_from_slice(extra);
    puzzlebook(&args)
}

#[test]
fn svg_figures_show_what_the_pdf_shows() {
    let (dir, manifest) = book("export-svg");
    assert_eq!(export(&dir, "svg", &["--format", "svg"]), 0);
    let pdf = Pdf::load(&dir.join("export.pdf"));
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 5);
    let mut files: Vec<String> = std::fs::read_dir(dir.join("svg"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(files.len(), 10, "{files:?}");
    for puzzle in puzzles {
        let number = puzzle["number"].as_u64().unwrap();
        let question = std::fs::read_to_string(dir.join(format!("svg/{number:03}.svg"))).unwrap();
        let answer =
            std::fs::read_to_string(dir.join(format!("svg/{number:03}-answer.svg"))).unwrap();
        let page = puzzle["page"].as_u64().unwrap() as usize;
        let answer_page = puzzle["answer_page"].as_u64().unwrap() as usize;
        assert_eq!(
            svg_text(&question),
            pdf.text_in(page, &bbox(&puzzle["bbox"])),
            "puzzle {number}"
        );
        assert_eq!(
            svg_text(&answer),
            pdf.text_in(answer_page, &bbox(&puzzle["answer_bbox"])),
            "answer {number}"
        );
        // The viewBox is the picture's size in points, and holds the figure the PDF boxes.
        let document = roxmltree::Document::parse(&question).unwrap();
        let root = document.root_element();
        let view: Vec<f64> = root
            .attribute("viewBox")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(&view[..2], &[0.0, 0.0]);
        assert_eq!(
            root.attribute("width").unwrap(),
            format!(
                "{}pt",
                root.attribute("viewBox")
                    .unwrap()
                    .split(' ')
                    .nth(2)
                    .unwrap()
            )
        );
        let pdf_box = bbox(&puzzle["bbox"]);
        assert!(
            view[2] >= pdf_box[2] && view[2] < pdf_box[2] + 12.0,
            "{view:?} {pdf_box:?}"
        );
        assert!(
            view[3] >= pdf_box[3] && view[3] < pdf_box[3] + 12.0,
            "{view:?} {pdf_box:?}"
        );
    }
}

#[test]
fn outlined_svg_needs_no_font() {
    let (dir, manifest) = book("export-outlines");
    assert_eq!(export(&dir, "text", &["--format", "svg"]), 0);
    assert_eq!(
        export(&dir, "outlines", &["--format", "svg", "--outline-text"]),
        0
    );
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let number = puzzle["number"].as_u64().unwrap();
        let name = format!("{number:03}-answer.svg");
        let text = std::fs::read_to_string(dir.join("text").join(&name)).unwrap();
        let svg = std::fs::read_to_string(dir.join("outlines").join(&name)).unwrap();
        let document = roxmltree::Document::parse(&svg).unwrap();
        assert!(!document.descendants().any(|node| node.has_tag_name("text")));
        let ids: Vec<&str> = document
            .descendants()
            .filter_map(|node| node.attribute("id"))
            .collect();
        let uses: Vec<&str> = document
            .descendants()
            .filter(|node| node.has_tag_name("use"))
            .map(|node| node.attribute("href").unwrap().trim_start_matches('#'))
            .collect();
        // One glyph per character the text version writes, each defined in the file.
        assert_eq!(
            uses.len(),
            svg_text(&text).chars().count(),
            "answer {number}"
        );
        assert!(uses.iter().all(|target| ids.contains(target)));
    }
}

/// Width, height, colour type and pixels of a PNG file.
fn read_png(path: &Path) -> (u32, u32, png::ColorType, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    pixels.truncate(info.buffer_size());
    (info.width, info.height, info.color_type, pixels)
}

#[test]
fn png_pictures_have_the_figure_size_and_the_asked_background() {
    let (dir, _) = book("export-png");
    assert_eq!(export(&dir, "svg", &["--format", "svg"]), 0);
    assert_eq!(
        export(&dir, "grey", &["--format", "png", "--dpi", "144"]),
        0
    );
    assert_eq!(
        export(
            &dir,
            "clear",
            &[
                "--format",
                "png",
                "--dpi",
                "72",
                "--background",
                "transparent",
                "--colour"
            ]
        ),
        0
    );
    let svg = std::fs::read_to_string(dir.join("svg/001.svg")).unwrap();
    let document = roxmltree::Document::parse(&svg).unwrap();
    let view: Vec<f64> = document
        .root_element()
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    let (width, height, colour, pixels) = read_png(&dir.join("grey/001.png"));
    assert_eq!(colour, png::ColorType::Grayscale);
    assert_eq!(width, (view[2] * 2.0).round() as u32);
    assert_eq!(height, (view[3] * 2.0).round() as u32);
    assert_eq!(pixels[0], 255, "white paper");
    assert!(pixels.iter().any(|&p| p < 64), "black ink");
    assert!(
        pixels.iter().any(|&p| p > 64 && p < 192),
        "anti-aliased edges"
    );

    let (width, height, colour, pixels) = read_png(&dir.join("clear/001.png"));
    assert_eq!(colour, png::ColorType::Rgba);
    assert_eq!(width, view[2].round() as u32);
    assert_eq!(height, view[3].round() as u32);
    assert_eq!(&pixels[..4], &[0, 0, 0, 0], "no paper in the corner");
    let alphas: Vec<u8> = pixels.chunks_exact(4).map(|p| p[3]).collect();
    assert!(alphas.contains(&255), "opaque ink");
    assert!(alphas.iter().filter(|&&a| a == 0).count() > alphas.len() / 2);
}

#[test]
fn the_web_page_holds_the_book_and_nothing_from_outside() {
    let (dir, manifest) = book("export-html");
    assert_eq!(export(&dir, "site", &["--format", "html"]), 0);
    let html = std::fs::read_to_string(dir.join("site/export.html")).unwrap();
    // No reference to anything outside the file.
    for outside in [
        "http:", "https:", "ftp:", "//", " src=", "<link", "url(", "@import", "<iframe",
    ] {
        assert!(
            !html.to_ascii_lowercase().contains(outside)
                || outside == "//" && !html.contains("=\"//"),
            "the page contains {outside:?}"
        );
    }
    for (at, _) in html.match_indices("href=\"") {
        assert_eq!(&html[at + 6..at + 7], "#", "a link to outside the page");
    }
    assert!(html.contains("Content-Security-Policy\" content=\"default-src 'none'"));

    // Numbers, tiers, puzzles and answers as in the manifest, in book order.
    let attribute = |tag: &str, name: &str| -> Vec<String> {
        let mut values = Vec::new();
        for (at, _) in html.match_indices(tag) {
            let rest = &html[at..];
            let end = rest.find('>').unwrap();
            let key = format!(" {name}=\"");
            if let Some(start) = rest[..end].find(&key) {
                let value = &rest[start + key.len()..end];
                values.push(value[..value.find('"').unwrap()].to_string());
            }
        }
        values
    };
    let puzzles = manifest["puzzles"].as_array().unwrap();
    let field = |name: &str| -> Vec<String> {
        puzzles
            .iter()
            .map(|puzzle| puzzle[name].as_str().unwrap().to_string())
            .collect()
    };
    let numbers: Vec<String> = puzzles
        .iter()
        .map(|puzzle| puzzle["number"].to_string())
        .collect();
    assert_eq!(
        attribute("<article class=\"puzzle\"", "data-number"),
        numbers
    );
    assert_eq!(
        attribute("<figure class=\"answer\"", "data-number"),
        numbers
    );
    assert_eq!(
        attribute("<article class=\"puzzle\"", "data-tier"),
        field("tier")
    );
    assert_eq!(
        attribute("<article class=\"puzzle\"", "data-puzzle"),
        field("puzzle")
    );
    assert_eq!(
        attribute("<figure class=\"answer\"", "data-solution"),
        field("solution")
    );
    // Every sudoku's playable cells are its blanks, holding the solution's digits there.
    let articles: Vec<&str> = html.split("<article class=\"puzzle\"").skip(1).collect();
    let mut kinds = HashMap::new();
    for (article, puzzle) in articles.iter().zip(puzzles) {
        let article = &article[..article.find("</article>").unwrap()];
        let answers: String = article
            .match_indices("data-answer=\"")
            .map(|(at, _)| &article[at + 13..at + 14])
            .collect();
        let kind = puzzle["kind"].as_str().unwrap();
        *kinds.entry(kind.to_string()).or_insert(0) += 1;
        if kind == "sudoku" {
            let line = puzzle["puzzle"].as_str().unwrap();
            let solution = puzzle["solution"].as_str().unwrap();
            let blanks: String = line
                .chars()
                .zip(solution.chars())
                .filter(|(given, _)| !given.is_ascii_digit() || *given == '0')
                .map(|(_, digit)| digit)
                .collect();
            assert_eq!(answers, blanks);
        } else {
            let hidden = puzzle["puzzle"]
                .as_str()
                .unwrap()
                .chars()
                .filter(|ch| *ch == '*')
                .count();
            assert!(!answers.is_empty() && answers.len() <= hidden, "{answers}");
        }
        assert!(article.contains("role=\"status\""));
        assert!(article.contains("aria-labelledby=\"caption-"));
    }
    assert_eq!(kinds.len(), 2, "both kinds are on the page");
}

#[test]
fn exports_fail_cleanly_on_a_file_in_the_way() {
    let (dir, _) = book("export-errors");
    std::fs::write(dir.join("taken"), "not a directory").unwrap();
    assert_eq!(export(&dir, "taken", &["--format", "svg"]), 2);
    assert_eq!(
        std::fs::read_to_string(dir.join("taken")).unwrap(),
        "not a directory"
    );
}

#[test]
fn render_draws_puzzle_lines_and_refuses_ambiguous_ones() {
    let dir = scratch("export-render");
    let to = dir.join("pictures");
    let generated = common::run_binary(&["sudoku", "generate", "--seed", "render"], "");
    let puzzle = common::stdout(&generated).trim().to_string();
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            "--to",
            to.to_str().unwrap(),
            "--answers",
        ],
        &format!("{puzzle}\n"),
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let question = std::fs::read_to_string(to.join("001.svg")).unwrap();
    let answer = std::fs::read_to_string(to.join("001-answer.svg")).unwrap();
    let givens: String = puzzle
        .chars()
        .filter(|ch| ch.is_ascii_digit() && *ch != '0')
        .collect();
    assert_eq!(svg_text(&question), givens);
    let solution = common::run_binary(&["sudoku", "solve"], &format!("{puzzle}\n"));
    assert_eq!(
        svg_text(&answer),
        common::stdout(&solution).trim(),
        "the answer is the solver's"
    );

    let mushikui = common::run_binary(
        &[
            "mushikui",
            "render",
            "--to",
            to.to_str().unwrap(),
            "--format",
            "png",
        ],
        "mul:**8,**,**0*,*1**,**2**\n",
    );
    assert!(mushikui.status.success(), "{}", common::stderr(&mushikui));
    let (width, height, _, _) = read_png(&to.join("001.png"));
    assert!(width > 100 && height > 100);

    // Two solutions: nothing is drawn, and the error names the line.
    let empty = dir.join("empty");
    let ambiguous = common::run_binary(
        &["sudoku", "render", "--to", empty.to_str().unwrap()],
        &format!("{puzzle}\n{}\n", ".".repeat(81)),
    );
    assert_eq!(ambiguous.status.code(), Some(2));
    assert!(
        common::stderr(&ambiguous).contains("<stdin>:2"),
        "{}",
        common::stderr(&ambiguous)
    );
    assert!(!empty.join("001.svg").exists());
}

#[test]
fn render_draws_variant_lines() {
    let dir = scratch("export-render-variants");
    let to = dir.join("pictures");
    let mut lines = String::new();
    for kind in [
        &["--size", "6x6", "--variant", "jigsaw"][..],
        &["--size", "16x16"],
    ] {
        let mut args = vec!["sudoku", "generate", "--seed", "render-variants"];
        args.extend_from_slice(kind);
        let generated = common::run_binary(&args, "");
        assert!(generated.status.success(), "{}", common::stderr(&generated));
        lines.push_str(&common::stdout(&generated));
    }
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            "--to",
            to.to_str().unwrap(),
            "--answers",
        ],
        &lines,
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let solved = common::run_binary(&["sudoku", "solve"], &lines);
    let solutions: Vec<String> = common::stdout(&solved)
        .lines()
        .map(str::to_string)
        .collect();
    for (index, (line, solution)) in lines.lines().zip(&solutions).enumerate() {
        // The givens, then the solver's answer, value by value (10-16 written as A-G).
        let values = |line: &str| -> String {
            let givens = line.split(':').nth(1).unwrap();
            givens
                .chars()
                .filter_map(|ch| ch.to_digit(17).filter(|&value| value > 0))
                .map(|value| value.to_string())
                .collect()
        };
        let question = std::fs::read_to_string(to.join(format!("{:03}.svg", index + 1))).unwrap();
        let answer =
            std::fs::read_to_string(to.join(format!("{:03}-answer.svg", index + 1))).unwrap();
        assert_eq!(svg_text(&question), values(line), "{line}");
        assert_eq!(svg_text(&answer), values(solution), "{solution}");
    }
}

/// `render --walkthrough`: the puzzles' walkthroughs as book pages, every step printed in
/// order, as one PDF or one PNG per page; refused for puzzles without walkthroughs.
#[test]
fn render_writes_walkthrough_pages() {
    use puzzlebook::i18n::Language;
    use puzzlebook::sudoku::grade::ExtraHouses;
    use puzzlebook::sudoku::grade::walkthrough::walkthrough_in;
    let dir = scratch("export-render-walkthrough");
    let classic = include_str!("data/se-rated.txt")
        .lines()
        .find(|line| !line.starts_with('#') && line.contains(" 7."))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let x = include_str!("data/x-rated.txt")
        .lines()
        .nth(200)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let input = format!("{classic}\nx:{x}\n");
    let to = dir.join("pdf");
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            "--walkthrough",
            "--to",
            to.to_str().unwrap(),
        ],
        &input,
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let pdf = Pdf::load(&to.join("walkthroughs.pdf"));
    let text: String = (1..=pdf.page_count())
        .map(|page| pdf.page_text(page))
        .collect::<Vec<_>>()
        .join(" ");
    let mut from = 0;
    for (givens, extra) in [(classic, ExtraHouses::None), (x, ExtraHouses::X)] {
        let walk = walkthrough_in(&givens.parse().unwrap(), extra).unwrap();
        assert!(walk.steps.iter().any(|step| !step.singles));
        for (index, step) in walk.steps.iter().enumerate() {
            // A table's first word (its row may wrap in a narrow column).
            let said = step.text(Language::ENGLISH);
            let first = said.split('\t').next().unwrap_or_default();
            let words: Vec<&str> = first
                .split(' ')
                .take(if said.contains('\t') { 1 } else { 2 })
                .collect();
            let mark = format!("{}. {}", index + 1, words.join(" "));
            let at = text[from..]
                .find(&mark)
                .unwrap_or_else(|| panic!("{mark:?} missing after {from}"));
            from += at + mark.len();
        }
    }

    // PNG: one picture per page of the same document.
    let pictures = dir.join("png");
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            "--walkthrough",
            "--format",
            "png",
            "--dpi",
            "40",
            "--to",
            pictures.to_str().unwrap(),
        ],
        &input,
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let count = std::fs::read_dir(&pictures).unwrap().count();
    assert_eq!(count, pdf.page_count());
    let (width, height, _, _) = read_png(&pictures.join("walkthroughs-p1.png"));
    // Letter at 40 dpi, bleed aside.
    assert!((340..=360).contains(&width) && (440..=460).contains(&height));

    // Japanese mushikui-zan.
    let mushikui = dir.join("mushikui");
    let output = common::run_binary(
        &[
            "mushikui",
            "render",
            "--walkthrough",
            "--language",
            "ja",
            "--to",
            mushikui.to_str().unwrap(),
        ],
        "mul:**8,**,**0*,*1**,**2**\n",
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let pdf = Pdf::load(&mushikui.join("walkthroughs.pdf"));
    let text = pdf.page_text(pdf.page_count());
    assert!(text.contains("解き方"), "{text}");

    // A jigsaw's walkthrough (the house grader's) is pages like the others.
    let jigsaw = common::run_binary(
        &[
            "sudoku",
            "generate",
            "--variant",
            "jigsaw",
            "--tier",
            "hard",
        ],
        "",
    );
    let jigsaw_pages = dir.join("jigsaw");
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            "--walkthrough",
            "--to",
            jigsaw_pages.to_str().unwrap(),
        ],
        &common::stdout(&jigsaw),
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let pdf = Pdf::load(&jigsaw_pages.join("walkthroughs.pdf"));
    let text = pdf.page_text(pdf.page_count());
    assert!(text.contains("Walkthrough"), "{text}");

    // No SVG pages, no PDF figures: exit 2, nothing written.
    let refused = dir.join("refused");
    for (args, input) in [
        (&["--walkthrough", "--format", "svg"][..], input.clone()),
        (&["--format", "pdf"], input.clone()),
    ] {
        let mut all = vec!["sudoku", "render", "--to", refused.to_str().unwrap()];
        all.extend_from_slice(args);
        let output = common::run_binary(&all, &input);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(!refused.join("walkthroughs.pdf").exists());
    }
}

/// A book of sudoku (six tiers) and mushikui-zan (four) marks every puzzle on one scale of
/// six stars, in the PDF and on the web page.
#[test]
fn a_book_of_both_kinds_has_one_difficulty_scale() {
    let (dir, manifest) = book("export-stars");
    let pdf = Pdf::load(&dir.join("export.pdf"));
    let mut kinds = std::collections::BTreeSet::new();
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let text = pdf.page_text(puzzle["page"].as_u64().unwrap() as usize);
        let star = |c: char| c == '★' || c == '☆';
        let runs: Vec<usize> = text
            .split(|c: char| !star(c))
            .map(|run| run.chars().count())
            .filter(|&stars| stars > 0)
            .collect();
        assert!(
            !runs.is_empty() && runs.iter().all(|&stars| stars == 6),
            "{text}"
        );
        kinds.insert(puzzle["kind"].as_str().unwrap().to_string());
    }
    assert_eq!(kinds.len(), 2, "{kinds:?}");
    assert_eq!(export(&dir, "site", &["--format", "html"]), 0);
    let html = std::fs::read_to_string(dir.join("site/export.html")).unwrap();
    let scales: Vec<usize> = html
        .match_indices("<span class=\"stars\" aria-hidden=\"true\">")
        .map(|(at, tag)| {
            let rest = &html[at + tag.len()..];
            rest[..rest.find('<').unwrap()].chars().count()
        })
        .collect();
    assert_eq!(scales.len(), 5, "{scales:?}");
    assert!(scales.iter().all(|&stars| stars == 6), "{scales:?}");
}
