//! Every coordinate a walkthrough step mentions is printed on its figure: a 200-puzzle
//! book of every kind the graders explain, each step of each walkthrough drawn, the row,
//! column and region labels read back from the drawing and matched against the names in
//! the step's words. The puzzles the walkthroughs refer to carry the same labels.

use std::collections::BTreeSet;

use puzzlebook::book::kind::Walkthrough;
use puzzlebook::book::plan::teaching;
use puzzlebook::book::{Plan, Spec};
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::kind::Show;
use puzzlebook::layout::page::{Item, Rect};

const SPEC: &str = r#"
title = "Coordinates"
seed = "walkthrough-coordinates"
template = "kdp-6x9"
language = "LANGUAGE"

[[section]]
kind = "sudoku"
count = 40
tier = "medium"
walkthroughs = "all"
hints = true

[[section]]
kind = "sudoku"
count = 40
tier = "hard"
walkthroughs = "all"

[[section]]
kind = "sudoku"
count = 25
tier = "expert"
walkthroughs = "all"

[[section]]
kind = "sudoku"
count = 5
tier = "diabolical"
walkthroughs = "all"

[[section]]
kind = "sudoku"
variant = "x"
count = 15
walkthroughs = "all"

[[section]]
kind = "sudoku"
variant = "windoku"
count = 15
walkthroughs = "all"

[[section]]
kind = "sudoku"
variant = "jigsaw"
count = 15
walkthroughs = "all"

[[section]]
kind = "sudoku"
size = "6x6"
count = 15
walkthroughs = "all"

[[section]]
kind = "sudoku"
size = "12x12"
tier = "easy"
count = 5
walkthroughs = "all"
per_page = "1x1"

[[section]]
kind = "sudoku"
variant = "jigsaw"
size = "8x8"
count = 5
walkthroughs = "all"

[[section]]
kind = "sudoku"
variant = "killer"
tier = "easy"
count = 8
walkthroughs = "all"
per_page = "1x1"

[[section]]
kind = "sudoku"
variant = "killer"
size = "6x6"
count = 12
walkthroughs = "all"
per_page = "1x2"

[answers]
placement = "end"
"#;

/// The names a step's words use: row labels, column labels and region numbers.
#[derive(Debug, Default)]
struct Named {
    rows: BTreeSet<String>,
    columns: BTreeSet<String>,
    regions: BTreeSet<String>,
}

/// Reads the rows, columns and regions named in `text` (letters notation, English or
/// Japanese): cells `C7`, "row C", "rows B, E and H", "column 7", "columns 3 and 8",
/// "region 4", "C行", "7列目".
fn named(text: &str) -> Named {
    let mut named = Named::default();
    let chars: Vec<char> = text.chars().collect();
    let word_start = |i: usize| i == 0 || !chars[i - 1].is_ascii_alphanumeric();
    let number_at = |i: usize| -> Option<(String, usize)> {
        let digits: String = chars[i..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        (!digits.is_empty()).then(|| (digits.clone(), i + digits.len()))
    };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        // A cell: a capital row letter, then the column's number.
        if word_start(i)
            && c.is_ascii_uppercase()
            && let Some((column, end)) = number_at(i + 1)
            && chars.get(end).is_none_or(|c| !c.is_ascii_alphanumeric())
        {
            named.rows.insert(c.to_string());
            named.columns.insert(column);
            i = end;
            continue;
        }
        let rest: String = chars[i..].iter().take(9).collect();
        for (word, what) in [
            ("rows ", 0),
            ("row ", 0),
            ("Row ", 0),
            ("Rows ", 0),
            ("columns ", 1),
            ("column ", 1),
            ("Column ", 1),
            ("Columns ", 1),
            ("region ", 2),
            ("Region ", 2),
        ] {
            if word_start(i) && rest.starts_with(word) {
                // The list: items separated by ", " and a last " and ".
                let mut at = i + word.len();
                let mut last = false;
                loop {
                    let item: String = chars[at..]
                        .iter()
                        .take_while(|c| c.is_ascii_alphanumeric())
                        .collect();
                    // A label is capitals or digits; "those rows cannot" names none.
                    let label = !item.is_empty()
                        && item
                            .chars()
                            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
                    if !label {
                        break;
                    }
                    match what {
                        0 => named.rows.insert(item.clone()),
                        1 => named.columns.insert(item.clone()),
                        _ => named.regions.insert(item.clone()),
                    };
                    at += item.len();
                    let tail: String = chars[at..].iter().take(5).collect();
                    if what != 0 && !word.ends_with("s ") {
                        break;
                    }
                    // "rows C and E, 9 must…": the list ends at its " and ".
                    if last {
                        break;
                    }
                    if tail.starts_with(", ")
                        && chars.get(at + 2).is_some_and(char::is_ascii_alphanumeric)
                    {
                        at += 2;
                    } else if tail.starts_with(" and ") {
                        at += 5;
                        last = true;
                    } else {
                        break;
                    }
                    if !word.ends_with("s ") {
                        break;
                    }
                }
            }
        }
        // Japanese: "C行", "7列目".
        if c == '行' && i > 0 && chars[i - 1].is_ascii_uppercase() {
            named.rows.insert(chars[i - 1].to_string());
        }
        if c == '列' && i > 0 && chars[i - 1].is_ascii_digit() {
            let start = (0..i)
                .rev()
                .take_while(|&k| chars[k].is_ascii_digit())
                .last()
                .unwrap_or(i);
            named.columns.insert(chars[start..i].iter().collect());
        }
        i += 1;
    }
    named
}

/// The labels a figure prints: the texts outside its grid `grid` (rows left of it,
/// columns above), and inside it the regions' numbers (small text in a cell's corner).
fn printed(items: &[Item], grid: Rect, cell: f64) -> Named {
    let mut labels = Named::default();
    for item in items {
        let Item::Text { at, text, size, .. } = item else {
            continue;
        };
        if at.x < grid.x - 0.1 && at.y > grid.y {
            labels.rows.insert(text.clone());
        } else if at.y < grid.y + 0.1 {
            labels.columns.insert(text.clone());
        } else if *size < cell * 0.27 && text.chars().all(|c| c.is_ascii_digit()) {
            // Region numbers, and the cage sums of a killer (which name no coordinate).
            labels.regions.insert(text.clone());
        }
    }
    labels
}

/// Walks every step of every walkthrough of `puzzles` told in `language`; (steps, names
/// checked).
fn check_book(language: &str, puzzles: &[puzzlebook::book::plan::Puzzle]) -> (usize, usize) {
    let spec = Spec::parse(
        "coordinates.toml",
        &SPEC.replace("LANGUAGE", language),
        None,
    )
    .unwrap();
    let fonts = FontSet::bundled(language == "ja");
    let plan = Plan::new(&spec).unwrap();
    let taught = teaching(&spec, &plan, puzzles).unwrap();
    let (mut steps, mut names) = (0, 0);
    let cell = 20.0;
    let area = Rect::new(40.0, 40.0, 400.0, 400.0);
    for (index, (puzzle, walk)) in puzzles.iter().zip(&taught.walkthroughs).enumerate() {
        let walk: &Walkthrough = walk.as_ref().expect("every puzzle is walked through");
        assert!(walk.coordinates.is_some(), "puzzle {}", index + 1);
        let layout = puzzle.kind().layout;
        // The puzzle as its page prints it, with its coordinates.
        let mut items = Vec::new();
        let grid = layout
            .draw(
                puzzle.content.as_ref(),
                Show::Puzzle,
                area,
                cell,
                &fonts,
                &mut items,
            )
            .unwrap();
        layout.draw_coordinates(
            puzzle.content.as_ref(),
            grid,
            cell,
            spec.coordinates,
            &fonts,
            &mut items,
        );
        let on_page = printed(&items, grid, cell);
        for (step_index, step) in walk.steps.iter().enumerate() {
            let mut items = Vec::new();
            let grid = layout
                .draw_walk(
                    puzzle.content.as_ref(),
                    walk,
                    step_index..step_index + 1,
                    area,
                    cell,
                    &fonts,
                    &mut items,
                )
                .unwrap();
            let labels = printed(&items, grid, cell);
            let said = named(&step.text);
            let context = || {
                format!(
                    "puzzle {}, step {}: {}",
                    index + 1,
                    step_index + 1,
                    step.text
                )
            };
            // No name in the graders' own notation is left.
            assert!(
                !step.text.contains("r1c") && !step.text.contains("行目"),
                "{}",
                context()
            );
            for (what, said, shown, page) in [
                ("row", &said.rows, &labels.rows, &on_page.rows),
                ("column", &said.columns, &labels.columns, &on_page.columns),
                ("region", &said.regions, &labels.regions, &on_page.regions),
            ] {
                for name in said {
                    assert!(
                        shown.contains(name),
                        "{what} {name} not on the figure: {}",
                        context()
                    );
                    assert!(
                        page.contains(name),
                        "{what} {name} not on the puzzle: {}",
                        context()
                    );
                    names += 1;
                }
            }
            steps += 1;
        }
    }
    (steps, names)
}

#[test]
fn every_coordinate_a_step_names_is_printed_on_its_figure() {
    let spec = Spec::parse("coordinates.toml", &SPEC.replace("LANGUAGE", "en"), None).unwrap();
    let plan = Plan::new(&spec).unwrap();
    let puzzles = plan
        .make(&spec, &[], &Default::default(), None, &|_| {})
        .unwrap()
        .puzzles;
    assert_eq!(puzzles.len(), 200);
    let (steps, names) = check_book("en", &puzzles);
    assert!(steps > 1300, "{steps} steps");
    assert!(names > 2 * steps, "{names} names in {steps} steps");
    // The same puzzles told in Japanese name what their figures print too.
    let (steps, names) = check_book("ja", &puzzles);
    assert!(
        steps > 1300 && names > steps,
        "{steps} steps, {names} names"
    );
}
