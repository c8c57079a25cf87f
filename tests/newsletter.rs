//! The newsletter templates: page 1 opens with a masthead (title, byline, rules) over the
//! first puzzles, with no title, contents or rules pages before them.

use crate::common;

use common::{Pdf, build, build_output, check_manifest_against_pdf, manifest, scratch};

const WEEKLY: &str = "title = \"The Friday Sheet\"\nsubtitle = \"No. 12\"\nauthor = \"Puzzle Desk\"\nseed = \"w12\"\ntemplate = \"newsletter\"\n[[section]]\ntitle = \"Warm-up\"\nkind = \"sudoku\"\ncount = 4\ntier = \"easy\"\n[[section]]\ntitle = \"Sums\"\nkind = \"mushikui\"\nop = \"mul\"\ndigits = [3, 2]\ncount = 6\ntier = \"easy\"\n";

#[test]
fn a_newsletter_starts_its_puzzles_on_page_one_under_the_masthead() {
    let dir = scratch("newsletter");
    assert_eq!(build(&dir, "weekly", WEEKLY, &[]), 0);
    let path = dir.join("weekly.pdf");
    // Ten puzzles and their ten answers, each where the manifest says.
    assert_eq!(check_manifest_against_pdf(&path), 20);
    let manifest = manifest(&path);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    // 2x3 a page: the masthead takes the top row of page 1, so two puzzles stay below it.
    let on_page = |page: u64| {
        puzzles
            .iter()
            .filter(|puzzle| puzzle["page"].as_u64() == Some(page))
            .count()
    };
    assert_eq!(on_page(1), 4, "page 1 holds the warm-up under the masthead");
    assert_eq!(on_page(2), 6);
    // Puzzles, then one page of answers.
    assert_eq!(manifest["pages"].as_u64(), Some(3));

    let pdf = Pdf::load(&path);
    let runs = pdf.runs(1);
    let height = pdf.page_box(1, b"MediaBox")[3];
    let down = |run: &common::Run| height - run.y;
    let title = runs
        .iter()
        .find(|run| run.text.contains("The Friday Sheet"))
        .expect("the title is on page 1");
    let byline = runs
        .iter()
        .find(|run| run.text.contains("No. 12") && run.text.contains("Puzzle Desk"))
        .expect("the byline names the subtitle and author");
    let rules = runs
        .iter()
        .find(|run| run.text.contains("How to play"))
        .expect("the rules are in the masthead");
    let heading = runs
        .iter()
        .find(|run| run.text == "Warm-up")
        .expect("the section heading is on page 1");
    // Top to bottom: title, byline, rules, heading, then the puzzles.
    assert!(down(title) < down(byline));
    assert!(down(byline) < down(rules));
    assert!(down(rules) < down(heading));
    let first_puzzle_top = puzzles
        .iter()
        .filter(|puzzle| puzzle["page"].as_u64() == Some(1))
        .map(|puzzle| puzzle["bbox"][1].as_f64().unwrap())
        .fold(f64::INFINITY, f64::min);
    assert!(down(heading) < first_puzzle_top);
    // The masthead stands in for the running head: nothing sits above the title.
    assert!(
        runs.iter().all(|run| down(run) >= down(title) - 0.01),
        "page 1 has no running head"
    );
    // No title, contents or rules page: the rules' words are on page 1 only.
    for page in 2..=3 {
        assert!(!pdf.page_text(page).contains("How to play"), "page {page}");
    }
    // Both kinds' rules are in the masthead.
    let text = pdf.page_text(1);
    assert!(
        text.contains("Sudoku") && text.contains("Mushikui"),
        "{text}"
    );
}

#[test]
fn a_masthead_needs_a_second_row_and_room() {
    let dir = scratch("newsletter-errors");
    let one_row = WEEKLY.replace("count = 4\n", "count = 4\nper_page = \"3x1\"\n");
    let (code, message, left) = build_output(&dir, "one-row", &one_row);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("one-row.toml:10:"), "{message}");
    assert!(
        message.contains("masthead") && message.contains("one row"),
        "{message}"
    );
    assert!(!left);

    // A title too long for the masthead's row, set large.
    let long = WEEKLY
        .replace(
            "The Friday Sheet",
            &"The Friday Sheet of Very Long Puzzle Names ".repeat(12),
        )
        .replace(
            "template = \"newsletter\"\n",
            "template = \"newsletter\"\n[page]\ntext_size = \"14pt\"\n",
        );
    let (code, message, left) = build_output(&dir, "long", &long);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("long.toml:1:"), "{message}");
    assert!(message.contains("the masthead"), "{message}");
    assert!(!left);
}
