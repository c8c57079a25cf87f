//! End-to-end book builds, checked by reading the PDF back: page count and boxes, embedded
//! subset fonts, every puzzle and answer on the page (and in the box) the manifest says,
//! byte-identical output, and failures that leave no file behind.

use crate::common;

use common::{Pdf, build, check_manifest_against_pdf, manifest, puzzlebook, scratch};

const WEEKLY: &str = r#"
title = "Weekly Puzzles"
author = "The Puzzle Desk"
seed = "2026-W47"
template = "kdp-6x9"

# A sample too thin for KDP, which binds 24 pages or more.
[page]
printer = "generic"

[[section]]
title = "Warm-up"
kind = "sudoku"
count = 9
symmetry = "rot180"

[[section]]
title = "Workout"
kind = "sudoku"
count = 5
symmetry = "none"
per_page = "1x2"

[answers]
placement = "after-section"
"#;

#[test]
fn every_puzzle_and_answer_is_where_the_manifest_says() {
    let dir = scratch("manifest");
    assert_eq!(build(&dir, "weekly", WEEKLY, &[]), 0);
    let pdf_path = dir.join("weekly.pdf");
    // 14 puzzles and 14 answers.
    assert_eq!(check_manifest_against_pdf(&pdf_path), 28);
    let manifest = manifest(&pdf_path);
    assert_eq!(manifest["title"], "Weekly Puzzles");
    assert_eq!(manifest["seed"], "2026-W47");
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 14);
    for (index, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(puzzle["number"], index + 1);
        assert_eq!(puzzle["kind"], "sudoku");
        let line = puzzle["puzzle"].as_str().unwrap();
        let solution = puzzle["solution"].as_str().unwrap();
        let grid = puzzlebook::sudoku::Grid::parse(line).unwrap();
        let solved = puzzlebook::sudoku::Grid::parse(solution).unwrap();
        assert_eq!(
            puzzlebook::sudoku::solve(&grid),
            puzzlebook::sudoku::Solution::Unique(solved)
        );
        // Answers follow their section, so they come after their questions.
        assert!(puzzle["answer_page"].as_u64().unwrap() > puzzle["page"].as_u64().unwrap());
    }
    // The answer page names the question's page, and the question names the answer's page.
    let pdf = Pdf::load(&pdf_path);
    let first = &puzzles[0];
    let question_page = first["page"].as_u64().unwrap() as usize;
    let answer_page = first["answer_page"].as_u64().unwrap() as usize;
    assert!(
        pdf.page_text(question_page)
            .contains(&format!("Answer p. {answer_page}"))
    );
    assert!(
        pdf.page_text(answer_page)
            .contains(&format!("Puzzle p. {question_page}"))
    );
}

#[test]
fn pages_have_exact_boxes_and_numbers() {
    let dir = scratch("boxes");
    // A book thick enough for KDP (24 pages or more).
    let spec = WEEKLY
        .replace("printer = \"generic\"", "bleed = \"0.125in\"")
        .replace("count = 9", "count = 60");
    assert_eq!(build(&dir, "bleed", &spec, &[]), 0);
    let pdf = Pdf::load(&dir.join("bleed.pdf"));
    assert_eq!(
        pdf.page_count() % 2,
        0,
        "the KDP template asks for an even page count"
    );
    // KDP's interior bleed: 0.125 in beyond the top, bottom and outside edges only, so a
    // 6 × 9 in page is 6.125 × 9.25 in, its binding edge trimmed flush: the trim sits at
    // the left edge of a right-hand (odd) page and at the right edge of a left-hand one.
    for page in 1..=pdf.page_count() {
        let media = vec![0.0, 0.0, 441.0, 666.0];
        assert_eq!(pdf.page_box(page, b"MediaBox"), media, "page {page}");
        assert_eq!(pdf.page_box(page, b"BleedBox"), media, "page {page}");
        let trim = if page % 2 == 1 {
            vec![0.0, 9.0, 432.0, 657.0]
        } else {
            vec![9.0, 9.0, 441.0, 657.0]
        };
        assert_eq!(pdf.page_box(page, b"TrimBox"), trim, "page {page}");
    }
    // Page numbers in the footer (the title page has none).
    for page in 2..pdf.page_count() {
        let runs = pdf.runs(page);
        let has_number = runs
            .iter()
            .any(|run| run.text == page.to_string() && run.y < 9.0 + 0.6 * 72.0 + 20.0);
        let blank = runs.is_empty();
        assert!(has_number || blank, "page {page} has no page number");
    }
    assert_eq!(manifest(&dir.join("bleed.pdf"))["printer"], "kdp");

    // A generic printer takes the bleed on every edge: 6.25 × 9.25 in.
    let spec = WEEKLY.replace(
        "printer = \"generic\"",
        "printer = \"generic\"\nbleed = \"0.125in\"",
    );
    assert_eq!(build(&dir, "generic", &spec, &[]), 0);
    let pdf = Pdf::load(&dir.join("generic.pdf"));
    for page in 1..=pdf.page_count() {
        assert_eq!(
            pdf.page_box(page, b"MediaBox"),
            vec![0.0, 0.0, 450.0, 666.0]
        );
        assert_eq!(pdf.page_box(page, b"TrimBox"), vec![9.0, 9.0, 441.0, 657.0]);
    }
}

#[test]
fn fonts_are_embedded_and_subset() {
    let dir = scratch("fonts");
    assert_eq!(build(&dir, "weekly", WEEKLY, &[]), 0);
    let pdf_path = dir.join("weekly.pdf");
    let fonts = Pdf::load(&pdf_path).fonts();
    assert_eq!(fonts.len(), 2, "{fonts:?}");
    for (name, embedded) in &fonts {
        assert!(embedded, "{name} is not embedded");
        let (tag, _) = name.split_once('+').expect("a subset tag");
        assert!(
            tag.len() == 6 && tag.chars().all(|c| c.is_ascii_uppercase()),
            "{name}"
        );
    }
    // Subsetting keeps pages small: a whole DejaVu Sans alone is 740 KB.
    let size = std::fs::metadata(&pdf_path).unwrap().len() as usize;
    let pages = Pdf::load(&pdf_path).page_count();
    assert!(size / pages <= 30 * 1024, "{size} bytes for {pages} pages");
}

#[test]
fn the_same_spec_gives_the_same_bytes_for_any_thread_count() {
    let dir = scratch("determinism");
    assert_eq!(build(&dir, "one", WEEKLY, &["--jobs", "1"]), 0);
    assert_eq!(build(&dir, "two", WEEKLY, &["--jobs", "2"]), 0);
    assert_eq!(build(&dir, "three", WEEKLY, &["--jobs", "3"]), 0);
    let one = std::fs::read(dir.join("one.pdf")).unwrap();
    assert_eq!(one, std::fs::read(dir.join("two.pdf")).unwrap());
    assert_eq!(one, std::fs::read(dir.join("three.pdf")).unwrap());
    assert_eq!(
        std::fs::read(dir.join("one.json")).unwrap(),
        std::fs::read(dir.join("two.json")).unwrap()
    );
    // Another seed gives other puzzles.
    assert_eq!(build(&dir, "other", WEEKLY, &["--seed", "2026-W48"]), 0);
    let other = manifest(&dir.join("other.pdf"));
    let first = manifest(&dir.join("one.pdf"));
    assert_eq!(other["seed"], "2026-W48");
    assert_ne!(other["puzzles"][0]["puzzle"], first["puzzles"][0]["puzzle"]);
}

#[test]
fn a_section_keeps_its_puzzles_when_others_change() {
    let dir = scratch("stable");
    let spec = |extra: &str| {
        format!(
            "title = \"T\"\nseed = \"s\"\n{extra}\n[[section]]\nid = \"main\"\nkind = \"sudoku\"\ncount = 2\n"
        )
    };
    let before = spec("");
    let after = spec("[[section]]\nkind = \"sudoku\"\ncount = 3\n");
    assert_eq!(build(&dir, "before", &before, &[]), 0);
    assert_eq!(build(&dir, "after", &after, &[]), 0);
    let before = manifest(&dir.join("before.pdf"));
    let after = manifest(&dir.join("after.pdf"));
    let main_puzzles = |m: &serde_json::Value| -> Vec<String> {
        m["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["section_id"] == "main")
            .map(|p| p["puzzle"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(main_puzzles(&before), main_puzzles(&after));
}

#[test]
fn failures_create_nothing_and_keep_existing_files() {
    let dir = scratch("failures");
    let pdf = dir.join("book.pdf");
    std::fs::write(&pdf, b"precious").unwrap();
    std::fs::write(dir.join("book.json"), b"precious too").unwrap();
    let bad = "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 5\nsymetry = \"rot180\"\n";
    assert_eq!(build(&dir, "book", bad, &[]), 2);
    assert_eq!(std::fs::read(&pdf).unwrap(), b"precious");
    assert_eq!(
        std::fs::read(dir.join("book.json")).unwrap(),
        b"precious too"
    );
    // An impossible generation request is a run-time failure (exit 1), also leaving nothing.
    let impossible = "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\nsymmetry = \"dihedral\"\nclues = \"17..18\"\n";
    std::fs::remove_file(&pdf).unwrap();
    assert_eq!(build(&dir, "book", impossible, &[]), 1);
    assert!(!pdf.exists());
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.file_name().to_string_lossy().ends_with(".partial"))
        .collect();
    assert!(leftovers.is_empty());
    // A tier that cannot be met within the time budget fails (exit 1) instead of hanging.
    let unmeetable = "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\ntier = \"extreme\"\nclues = \"40..45\"\n";
    assert_eq!(build(&dir, "book", unmeetable, &["--max-seconds", "1"]), 1);
    assert!(!pdf.exists());
    // A missing output directory is an input error before any work.
    let missing = dir.join("no-such-dir").join("book.pdf");
    let spec = dir.join("book.toml");
    assert_eq!(
        puzzlebook(&[
            "book",
            spec.to_str().unwrap(),
            "-o",
            missing.to_str().unwrap(),
            "--quiet"
        ]),
        2
    );
    assert_eq!(
        puzzlebook(&["book", dir.join("absent.toml").to_str().unwrap()]),
        2
    );
}

#[test]
fn the_gutter_grows_with_the_page_count() {
    let dir = scratch("gutter");
    // 160 puzzles at 1 a page: over 150 pages, so the inner margin must be 0.5 in.
    let spec = "title = \"Big\"\ntemplate = \"kdp-6x9\"\n[front]\ncontents = false\ninstructions = false\n[answers]\nplacement = \"none\"\n[[section]]\nkind = \"sudoku\"\ncount = 160\nper_page = \"1x1\"\nclues = \"30..40\"\n";
    assert_eq!(build(&dir, "big", spec, &[]), 0);
    let manifest = manifest(&dir.join("big.pdf"));
    assert!(manifest["pages"].as_u64().unwrap() > 150);
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let page = puzzle["page"].as_u64().unwrap();
        let x = puzzle["bbox"][0].as_f64().unwrap();
        let width = puzzle["bbox"][2].as_f64().unwrap();
        // Odd pages bind on the left, even pages on the right.
        let inner_edge = if page % 2 == 1 { x } else { 432.0 - x - width };
        assert!(inner_edge >= 36.0 - 0.01, "page {page}: {inner_edge}");
    }
}

#[test]
fn sections_can_take_puzzles_from_a_bank_file() {
    let dir = scratch("bank");
    std::fs::write(
        dir.join("bank.txt"),
        "# two sudoku and a mushikui-zan\n\
         52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n\
         {\"puzzle\": \"..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..\"}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("sums.txt"),
        "div:1*,49,6**,49,19*,1*6,0 # 686/49\n",
    )
    .unwrap();
    let spec = "title = \"Bank\"\n\
        [[section]]\nkind = \"sudoku\"\ncount = 2\nsource = \"bank.txt\"\norder = \"as-made\"\n\
        [[section]]\nkind = \"mushikui\"\ncount = 1\nop = \"div\"\ndigits = [3, 2]\nsource = \"sums.txt\"\n";
    assert_eq!(build(&dir, "bank", spec, &[]), 0);
    let pdf_path = dir.join("bank.pdf");
    assert_eq!(check_manifest_against_pdf(&pdf_path), 6);
    let manifest = manifest(&pdf_path);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    // `order = "as-made"` keeps the file's order.
    assert!(puzzles[0]["puzzle"].as_str().unwrap().starts_with("52...6"));
    assert_eq!(puzzles[2]["kind"], "mushikui");
    assert_eq!(puzzles[2]["solution"], "div:14,49,686,49,196,196,0");
    // A bank puzzle without a unique solution is refused (exit 2) and nothing is written.
    std::fs::write(dir.join("sums.txt"), "div:*,**,7*7,***,*\n").unwrap();
    std::fs::remove_file(&pdf_path).unwrap();
    assert_eq!(build(&dir, "bank", spec, &[]), 2);
    assert!(!pdf_path.exists());
    // So is a missing bank file.
    std::fs::remove_file(dir.join("sums.txt")).unwrap();
    assert_eq!(build(&dir, "bank", spec, &[]), 2);
}

#[test]
fn sections_print_easiest_first_and_the_manifest_still_regenerates_each() {
    let dir = scratch("order");
    assert_eq!(build(&dir, "rated", WEEKLY, &[]), 0);
    let as_made = WEEKLY.replace(
        "symmetry = \"rot180\"",
        "symmetry = \"rot180\"\norder = \"as-made\"",
    );
    assert_eq!(build(&dir, "made", &as_made, &[]), 0);
    let entries = |name: &str| -> Vec<(String, u64, f64, String)> {
        manifest(&dir.join(format!("{name}.pdf")))["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|entry| {
                (
                    entry["section"].as_str().unwrap().to_string(),
                    entry["index"].as_u64().unwrap(),
                    entry["rating"].as_f64().unwrap(),
                    entry["puzzle"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let (rated, made) = (entries("rated"), entries("made"));
    let warm_up = |entries: &[(String, u64, f64, String)]| -> Vec<(String, u64, f64, String)> {
        entries
            .iter()
            .filter(|entry| entry.0 == "Warm-up")
            .cloned()
            .collect()
    };
    // As made: the section's puzzles in the order of their index.
    let made_warm_up = warm_up(&made);
    assert_eq!(
        made_warm_up.iter().map(|entry| entry.1).collect::<Vec<_>>(),
        (0..9).collect::<Vec<_>>()
    );
    // By rating (the default): easiest first, and every printed puzzle still carries the
    // index that made it.
    let rated_warm_up = warm_up(&rated);
    assert!(
        rated_warm_up.windows(2).all(|pair| pair[0].2 <= pair[1].2),
        "{rated_warm_up:?}"
    );
    assert_ne!(
        rated_warm_up, made_warm_up,
        "the seed makes them out of order"
    );
    let mut sorted = rated_warm_up.clone();
    sorted.sort_by_key(|entry| entry.1);
    assert_eq!(sorted, made_warm_up);
    // The other section is ordered too, and the numbers still run through the book.
    assert!(
        rated[9..].windows(2).all(|pair| pair[0].2 <= pair[1].2),
        "{rated:?}"
    );
    let numbers: Vec<u64> = manifest(&dir.join("rated.pdf"))["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=14).collect::<Vec<_>>());
    // A misspelt order is an input error naming the line.
    let bad = WEEKLY.replace(
        "symmetry = \"none\"",
        "symmetry = \"none\"\norder = \"hardest\"",
    );
    assert_eq!(build(&dir, "bad", &bad, &[]), 2);
}

#[test]
fn an_imprint_page_follows_the_title_page() {
    let dir = scratch("imprint");
    let spec = WEEKLY.replace(
        "[answers]",
        "[imprint]\nedition = \"First edition\"\nyear = 2026\npublisher = \"Desk Press\"\nisbn = \"978-0-306-40615-7\"\n\n[answers]",
    );
    assert_eq!(build(&dir, "imprint", &spec, &[]), 0);
    let pdf = Pdf::load(&dir.join("imprint.pdf"));
    let text = pdf.page_text(2);
    for words in [
        "Weekly Puzzles",
        "First edition",
        "Copyright © 2026 The Puzzle Desk",
        "All rights reserved.",
        "Published by Desk Press",
        "ISBN 978-0-306-40615-7",
    ] {
        assert!(text.contains(words), "{words:?} not in {text:?}");
    }
    // A page more than the book without it: every puzzle a page later.
    assert_eq!(build(&dir, "plain", WEEKLY, &[]), 0);
    let first_page = |name: &str| {
        manifest(&dir.join(format!("{name}.pdf")))["puzzles"][0]["page"]
            .as_u64()
            .unwrap()
    };
    assert_eq!(first_page("imprint"), first_page("plain") + 1);
    assert!(
        !Pdf::load(&dir.join("plain.pdf"))
            .page_text(2)
            .contains("All rights reserved.")
    );
    // A licence replaces the rights line; the year comes from `date` when not given.
    let licensed = WEEKLY
        .replace(
            "[answers]",
            "[imprint]\nlicence = \"Licensed under CC BY 4.0\"\n\n[answers]",
        )
        .replace(
            "seed = \"2026-W47\"",
            "seed = \"2026-W47\"\ndate = \"2025-03-01\"",
        );
    assert_eq!(build(&dir, "licensed", &licensed, &[]), 0);
    let text = Pdf::load(&dir.join("licensed.pdf")).page_text(2);
    assert!(text.contains("Copyright © 2025 The Puzzle Desk"), "{text}");
    assert!(
        text.contains("Licensed under CC BY 4.0") && !text.contains("All rights"),
        "{text}"
    );
    // A wrong check digit, and two rights lines, are input errors.
    for bad in [
        "[imprint]\nisbn = \"978-0-306-40615-8\"\n",
        "[imprint]\nrights = \"Mine.\"\nlicence = \"CC0\"\n",
    ] {
        let spec = WEEKLY.replace("[answers]", &format!("{bad}\n[answers]"));
        assert_eq!(build(&dir, "bad", &spec, &[]), 2, "{bad}");
        assert!(!dir.join("bad.pdf").exists());
    }
}

#[test]
fn answer_pages_after_a_section_say_whose_answers_they_are() {
    let dir = scratch("answer-headings");
    assert_eq!(build(&dir, "weekly", WEEKLY, &[]), 0);
    let pdf_path = dir.join("weekly.pdf");
    let pdf = Pdf::load(&pdf_path);
    let manifest = manifest(&pdf_path);
    for entry in manifest["puzzles"].as_array().unwrap() {
        let page = entry["answer_page"].as_u64().unwrap() as usize;
        let section = entry["section"].as_str().unwrap();
        assert!(
            pdf.page_text(page).contains(&format!("Answers: {section}")),
            "page {page}: {}",
            pdf.page_text(page)
        );
    }
}

#[test]
fn sections_can_start_on_a_right_hand_page() {
    let dir = scratch("section-start");
    let first_pages = |name: &str| -> Vec<u64> {
        let manifest = manifest(&dir.join(format!("{name}.pdf")));
        let mut seen = Vec::new();
        let mut pages = Vec::new();
        for entry in manifest["puzzles"].as_array().unwrap() {
            let section = entry["section"].as_str().unwrap().to_string();
            if !seen.contains(&section) {
                seen.push(section);
                pages.push(entry["page"].as_u64().unwrap());
            }
        }
        pages
    };
    assert_eq!(build(&dir, "any", WEEKLY, &[]), 0);
    let right = WEEKLY.replace(
        "printer = \"generic\"",
        "printer = \"generic\"\nsection_start = \"right\"",
    );
    assert_eq!(build(&dir, "right", &right, &[]), 0);
    let (any, right_pages) = (first_pages("any"), first_pages("right"));
    assert!(any.iter().any(|page| page % 2 == 0), "{any:?}");
    assert!(
        right_pages.iter().all(|page| page % 2 == 1),
        "{right_pages:?}"
    );
    let bad = WEEKLY.replace(
        "printer = \"generic\"",
        "printer = \"generic\"\nsection_start = \"left\"",
    );
    assert_eq!(build(&dir, "bad", &bad, &[]), 2);
}

#[test]
fn the_bold_section_title_opens_its_section_when_the_running_head_names_it() {
    let dir = scratch("section-title");
    assert_eq!(build(&dir, "weekly", WEEKLY, &[]), 0);
    let pdf_path = dir.join("weekly.pdf");
    let pdf = Pdf::load(&pdf_path);
    let mut pages: Vec<u64> = manifest(&pdf_path)["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|entry| entry["section"] == "Warm-up")
        .map(|entry| entry["page"].as_u64().unwrap())
        .collect();
    pages.dedup();
    assert!(pages.len() >= 2, "{pages:?}");
    let times = |page: u64| pdf.page_text(page as usize).matches("Warm-up").count();
    // The running head and the bold title on the first page; the running head alone after.
    assert_eq!(times(pages[0]), 2);
    for &page in &pages[1..] {
        assert_eq!(times(page), 1, "page {page}");
    }
    // A running head without the section keeps the title on every page.
    let titled = WEEKLY.replace(
        "printer = \"generic\"",
        "printer = \"generic\"\nheader = \"{title}\"",
    );
    assert_eq!(build(&dir, "titled", &titled, &[]), 0);
    let pdf = Pdf::load(&dir.join("titled.pdf"));
    for &page in &pages {
        assert_eq!(
            pdf.page_text(page as usize).matches("Warm-up").count(),
            1,
            "page {page}"
        );
    }
}
