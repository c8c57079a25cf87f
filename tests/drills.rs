//! Drills in print (`drill = true`): each drill shows the grader's position just before
//! its technique is first needed, exactly as a plain candidate computation has it, and its
//! answer the step; the spec key's errors; drill books in both languages.

use crate::common;

use common::{Pdf, build, check_manifest_against_pdf, manifest, scratch};
use puzzlebook::book::Spec;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::sudoku_walk::{MARK_SCALE, cell_at, mark_at};
use puzzlebook::layout::{Item, Page, Rect, compose_walked};
use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::{ExtraHouses, GradeOptions, grade_with};
use puzzlebook::sudoku::techniques::find;

/// A drill section of `count` puzzles of `technique`, then a section of whole puzzles.
fn spec(language: &str, technique: &str, count: usize) -> String {
    spec_in(language, "classic", technique, count)
}

/// [`spec`] for a 9×9 variant ("classic", "x" or "windoku").
fn spec_in(language: &str, variant: &str, technique: &str, count: usize) -> String {
    format!(
        r#"title = "Drills"
author = "Test"
seed = "drills-test"
template = "kdp-6x9"
language = "{language}"

[page]
printer = "generic"

[answers]
per_page = "2x2"

[[section]]
title = "Drills"
kind = "sudoku"
variant = "{variant}"
count = {count}
hardest = ["{technique}"]
drill = true
per_page = "1x2"

[[section]]
title = "Puzzles"
kind = "sudoku"
variant = "{variant}"
count = 2
needs = ["{technique}"]
"#
    )
}

/// The text items of a page inside `bbox`, with their size and face.
fn texts_in(page: &Page, bbox: Rect) -> Vec<(f64, f64, f64, usize, String)> {
    page.items
        .iter()
        .filter_map(|item| match item {
            Item::Text {
                at,
                size,
                face,
                text,
                ..
            } if at.x >= bbox.x
                && at.x <= bbox.right()
                && at.y >= bbox.y
                && at.y <= bbox.bottom() =>
            {
                Some((at.x, at.y, *size, *face, text.clone()))
            }
            _ => None,
        })
        .collect()
}

/// The houses of a cell: row, column, box, and the diagonals (X) or the window group
/// (windoku: the four windows and the five groups of nine cells they imply, the houses of
/// SE's `--isWindows`) it lies on, as numbers no two different houses share.
fn houses(cell: usize, extra: ExtraHouses) -> Vec<usize> {
    let (row, column) = (cell / 9, cell % 9);
    let mut houses = vec![row, 9 + column, 18 + row / 3 * 3 + column / 3];
    match extra {
        ExtraHouses::None => {}
        ExtraHouses::X => {
            if row == column {
                houses.push(27);
            }
            if row + column == 8 {
                houses.push(28);
            }
        }
        ExtraHouses::Windoku => {
            // Lines 1-3, 5-7 and the others (0, 4, 8) each fall in one group.
            let class = |at: usize| match at {
                1..=3 => 0,
                5..=7 => 1,
                _ => 2,
            };
            houses.push(29 + class(row) * 3 + class(column));
        }
    }
    houses
}

fn sees(a: usize, b: usize, extra: ExtraHouses) -> bool {
    let of_b = houses(b, extra);
    a != b && houses(a, extra).iter().any(|house| of_b.contains(house))
}

/// The position before the first step of `technique` by a plain computation: the givens
/// and the placements of the grader's earlier steps, every digit no peer holds, less the
/// earlier steps' eliminations.
fn plain_position(puzzle: &Grid, extra: ExtraHouses, technique: &str) -> ([u8; 81], [u16; 81]) {
    let family = find(technique).unwrap();
    let grading = grade_with(
        puzzle,
        &GradeOptions {
            record_steps: true,
            extra_houses: extra,
            ..GradeOptions::default()
        },
    )
    .unwrap();
    let first = grading
        .steps
        .iter()
        .position(|step| family.members.contains(step.technique))
        .expect("the drill's puzzle uses its technique");
    let mut values = *puzzle.cells();
    let earlier = &grading.steps[..first];
    for step in earlier {
        for &(cell, digit) in &step.placements {
            values[usize::from(cell)] = digit;
        }
    }
    let mut candidates = [0u16; 81];
    for cell in 0..81 {
        if values[cell] != 0 {
            continue;
        }
        candidates[cell] = (1..=9u8)
            .filter(|&digit| !(0..81).any(|peer| sees(cell, peer, extra) && values[peer] == digit))
            .fold(0, |mask, digit| mask | 1 << (digit - 1));
    }
    for step in earlier {
        for &(cell, digit) in &step.eliminations {
            candidates[usize::from(cell)] &= !(1 << (digit - 1));
        }
    }
    (values, candidates)
}

#[test]
fn drills_show_exactly_the_graders_candidates_before_the_step() {
    for (variant, extra, technique) in [
        ("classic", ExtraHouses::None, "X-Wing"),
        ("classic", ExtraHouses::None, "Naked Pair"),
        ("x", ExtraHouses::X, "Naked Pair"),
        ("windoku", ExtraHouses::Windoku, "Naked Pair"),
    ] {
        let common::Settled {
            spec,
            fonts,
            plan,
            puzzles,
            taught,
            pagination,
            geometry,
        } = common::settled(&spec_in("en", variant, technique, 3), false);
        let composed =
            compose_walked(&spec, &pagination, &geometry, &puzzles, &taught, &fonts).unwrap();
        for (index, job) in plan.jobs.iter().enumerate() {
            let placement = &composed.placements[index];
            let page = &composed.document.pages[placement.page - 1];
            let bbox = placement.bbox;
            let cell = bbox.width / 9.0;
            let texts = texts_in(page, bbox);
            let marks = texts
                .iter()
                .filter(|text| text.2 < cell * MARK_SCALE * 1.01)
                .count();
            if job.section == 1 {
                // Whole puzzles print as puzzles: givens only.
                assert_eq!(marks, 0, "{technique}: puzzle {index}");
                continue;
            }
            let line = puzzles[index].puzzle_line();
            let puzzle = Grid::parse(line.rsplit(':').next().unwrap()).unwrap();
            let (values, candidates) = plain_position(&puzzle, extra, technique);
            let mut drawn_values = [0u8; 81];
            let mut drawn_candidates = [0u16; 81];
            let mut faces = [None; 81];
            for (x, y, size, face, text) in &texts {
                let at = puzzlebook::layout::Point { x: *x, y: *y };
                let on = cell_at(bbox, at).expect("inside the grid");
                let digit: u8 = text.parse().unwrap();
                if *size < cell * MARK_SCALE * 1.01 {
                    assert_eq!(mark_at(bbox, on, at), digit, "a mark in its place");
                    drawn_candidates[on] |= 1 << (digit - 1);
                } else {
                    drawn_values[on] = digit;
                    faces[on] = Some(*face);
                }
            }
            assert_eq!(
                drawn_values, values,
                "{variant} {technique}: the digits placed so far"
            );
            assert_eq!(
                drawn_candidates, candidates,
                "{variant} {technique}: the pencil marks"
            );
            // Digits placed so far are set apart from the givens.
            let given_face = (0..81).find(|&c| puzzle.get(c) != 0).map(|c| faces[c]);
            let placed: Vec<usize> = (0..81)
                .filter(|&c| puzzle.get(c) == 0 && values[c] != 0)
                .collect();
            for c in placed {
                assert_ne!(Some(faces[c]), given_face, "{technique}: placed at {c}");
            }
            // The task is printed above the figure.
            let above = Rect::new(bbox.x, bbox.y - cell * 2.0, bbox.width, cell * 2.0);
            let caption: String = texts_in(page, above)
                .into_iter()
                .map(|text| text.4)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                caption.contains(&format!("Find the {technique}")),
                "{caption}"
            );
            // The answer shows the step: struck candidates (lines) and shaded cells.
            let (answer_page, answer_box) = placement.answer.expect("an answer");
            let answer_items = &composed.document.pages[answer_page - 1].items;
            let shaded = answer_items.iter().any(|item| {
                matches!(item, Item::Rect { rect, fill: Some(_), .. }
                    if rect.x >= answer_box.x && rect.right() <= answer_box.right() + 0.01
                        && rect.y >= answer_box.y && rect.bottom() <= answer_box.bottom() + 0.01
                        && rect.width < answer_box.width / 8.0)
            });
            assert!(shaded, "{technique}: the answer shades the pattern");
        }
    }
}

#[test]
fn a_drill_book_builds_in_both_languages() {
    let dir = scratch("drill-books");
    for (language, task) in [("en", "Find the X-Wing"), ("ja", "を見つけよう")] {
        let name = format!("drills-{language}");
        assert_eq!(build(&dir, &name, &spec(language, "X-Wing", 2), &[]), 0);
        let path = dir.join(format!("{name}.pdf"));
        let pdf = Pdf::load(&path);
        let manifest = manifest(&path);
        let puzzles = manifest["puzzles"].as_array().unwrap();
        assert_eq!(puzzles.len(), 4);
        for puzzle in &puzzles[..2] {
            let page = puzzle["page"].as_u64().unwrap() as usize;
            assert!(
                pdf.page_text(page).contains(task),
                "{language}: page {page}"
            );
            assert!(puzzle["drill"]["step"].as_u64().is_some());
        }
        assert!(puzzles[2].get("drill").is_none());
        assert!(check_manifest_against_pdf(&path) >= 8);
    }
}

/// Runs the checks `puzzlebook book` runs before making puzzles; returns the first error.
fn refused(section: &str) -> puzzlebook::Error {
    let text = format!("title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n{section}\n");
    Spec::parse("book.toml", &text, None).expect_err("the spec should have been refused")
}

#[test]
fn the_drill_key_is_refused_where_no_drill_can_be_made() {
    for (section, place, message, hint) in [
        (
            "drill = true",
            "5:9",
            "a drill needs the technique",
            "hardest",
        ),
        ("drill = \"yes\"", "5:9", "true or false", ""),
        (
            "size = \"6x6\"\ndrill = true",
            "6:9",
            "a drill needs the technique",
            "hardest",
        ),
        (
            "drill = true\nvariant = \"x\"",
            "5:9",
            "a drill needs the technique",
            "hardest",
        ),
        (
            "hardest = [\"X-Wing\"]\ndrill = true\nsymbols = \"shapes\"",
            "6:9",
            "pencil marks",
            "symbols",
        ),
        (
            "hardest = [\"X-Wing\"]\ndrill = true\npattern = \"heart\"",
            "6:9",
            "patterns",
            "pattern",
        ),
        (
            "variant = \"killer\"\ndrill = true",
            "6:9",
            "a drill needs the technique",
            "hardest",
        ),
    ] {
        let error = refused(section);
        let shown = error.to_string();
        assert_eq!(error.exit_code(), 2, "{section}: {shown}");
        assert!(
            shown.starts_with(&format!("book.toml:{place}")),
            "{section}: {shown}"
        );
        assert!(shown.contains(message), "{section}: {shown}");
        assert!(
            error.hint().unwrap_or("").contains(hint),
            "{section}: {shown}"
        );
    }
}

/// A drill's answer figures need the room of pencil marks: an answer grid too dense for
/// them is refused, naming the answers' `per_page`.
#[test]
fn drill_answers_too_small_for_pencil_marks_are_refused() {
    let text = spec("en", "X-Wing", 2).replace("per_page = \"2x2\"", "per_page = \"3x3\"");
    let spec = Spec::parse("book.toml", &text, None).unwrap();
    let fonts = FontSet::bundled(false);
    let error =
        puzzlebook::layout::Geometry::new(&spec, &puzzlebook::layout::paginate(&spec), &fonts)
            .unwrap_err();
    let shown = error.to_string();
    assert!(shown.contains("sudoku drill answer cells"), "{shown}");
    assert!(shown.starts_with("book.toml:11:"), "{shown}");
}

/// A drill section may take its puzzles from a file: only those whose solve uses the
/// technique, in file order (before drills, `needs` and `hardest` were not applied to a
/// bank at all).
#[test]
fn a_bank_section_takes_only_puzzles_that_use_its_technique() {
    let dir = scratch("drill-bank");
    let x_wing =
        "2...36.7..9.57.6..........3..512..49.........47..652..8..........7.82.1..2.65...8";
    let singles =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    std::fs::write(
        dir.join("bank.txt"),
        format!("{singles}\n{x_wing}\n{singles}\n"),
    )
    .unwrap();
    let text = "title = \"Bank drills\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n[answers]\nper_page = \"2x2\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\nsource = \"bank.txt\"\nneeds = [\"X-Wing\"]\ndrill = true\nper_page = \"1x2\"\n";
    assert_eq!(build(&dir, "bank", text, &[]), 0);
    let path = dir.join("bank.pdf");
    let manifest = manifest(&path);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 1);
    assert_eq!(
        puzzles[0]["puzzle"].as_str().unwrap().replace('0', "."),
        x_wing
    );
    assert!(
        puzzles[0]["drill"]["technique"]
            .as_str()
            .unwrap()
            .contains("X-Wing")
    );
    check_manifest_against_pdf(&path);
}

/// A drill book of one section on the house grader's grids or the killer grader's.
fn variant_spec(grid: &str, technique: &str, per_page: &str, answers: &str) -> String {
    format!(
        r#"title = "Drills"
author = "Test"
seed = "variant-drills-test"
template = "kdp-6x9"
language = "en"

[page]
printer = "generic"

[answers]
per_page = "{answers}"

[[section]]
title = "Drills"
kind = "sudoku"
{grid}
count = 2
needs = ["{technique}"]
drill = true
per_page = "{per_page}"
"#
    )
}

/// The box of each cell of a grid of `size`, numbered row by row.
fn boxes_of(size: puzzlebook::sudoku::variant::Size) -> Vec<usize> {
    let side = size.side();
    (0..side * side)
        .map(|cell| {
            (cell / side) / size.box_rows() * size.box_rows() + (cell % side) / size.box_columns()
        })
        .collect()
}

/// The position before the first step of `technique` on a jigsaw, another size or a
/// killer, by a plain computation: the givens and the placements of the grader's earlier
/// steps (on a fresh grading), every value no cell of its row, column, box or region (or
/// cage) holds, less the earlier steps' eliminations. Also the step's index: the first of
/// the technique's (for a killer, after the pencilling-in of every cage).
fn plain_house_position(line: &str, technique: &str) -> (usize, Vec<u8>, Vec<u16>) {
    use puzzlebook::sudoku::killer::Killer;
    use puzzlebook::sudoku::killer::grade::{KillerGradeOptions, grade_with as grade_killer};
    use puzzlebook::sudoku::variant::grade::{VariantGradeOptions, grade};
    let family = find(technique).unwrap();
    let (givens, side, regions, cages, path) = match Killer::parse_word(line, 1) {
        Some(killer) => {
            let killer = killer.unwrap();
            let grading = grade_killer(
                &killer,
                &KillerGradeOptions {
                    record_steps: true,
                    ..KillerGradeOptions::default()
                },
            )
            .unwrap();
            let geometry = killer.geometry();
            let size = geometry.size();
            let side = size.side();
            let boxes = boxes_of(size);
            let cages: Vec<usize> = killer.cage_of().iter().map(|&c| usize::from(c)).collect();
            (
                killer.givens().to_vec(),
                side,
                boxes,
                Some(cages),
                grading.steps,
            )
        }
        None => {
            let puzzle = puzzlebook::sudoku::variant::parse_any(line).unwrap();
            let grading = grade(
                &puzzle,
                &VariantGradeOptions {
                    record_steps: true,
                    ..VariantGradeOptions::default()
                },
            )
            .unwrap();
            let geometry = puzzle.geometry();
            let size = geometry.size();
            let side = size.side();
            // A jigsaw's regions as its line gives them; else the size's boxes.
            let regions: Vec<usize> = if line.contains("jigsaw") {
                let regions = line.rsplit(':').next().unwrap();
                regions
                    .chars()
                    .map(|c| c.to_digit(36).unwrap() as usize)
                    .collect()
            } else {
                boxes_of(size)
            };
            (puzzle.cells().to_vec(), side, regions, None, grading.steps)
        }
    };
    assert_eq!(regions.len(), side * side, "{line}");
    let of_family = |step: &puzzlebook::sudoku::variant::grade::VariantStep| {
        family.members.contains(step.technique)
    };
    let pencilling = |step: &puzzlebook::sudoku::variant::grade::VariantStep| {
        cages.is_some() && step.houses.is_empty() && step.rating_tenths <= 13
    };
    let first = path
        .iter()
        .position(|step| of_family(step) && !pencilling(step))
        .or_else(|| path.iter().position(of_family))
        .expect("the drill's puzzle uses its technique");
    let mut values = givens;
    for step in &path[..first] {
        for &(cell, value) in &step.placements {
            values[usize::from(cell)] = value;
        }
    }
    let sees = |a: usize, b: usize| {
        a != b
            && (a / side == b / side
                || a % side == b % side
                || regions[a] == regions[b]
                || cages.as_ref().is_some_and(|cages| cages[a] == cages[b]))
    };
    let mut candidates = vec![0u16; side * side];
    for cell in 0..side * side {
        if values[cell] != 0 {
            continue;
        }
        candidates[cell] = (1..=side as u8)
            .filter(|&value| {
                !(0..side * side).any(|peer| sees(cell, peer) && values[peer] == value)
            })
            .fold(0, |mask, value| mask | 1 << (value - 1));
    }
    for step in &path[..first] {
        for &(cell, value) in &step.eliminations {
            candidates[usize::from(cell)] &= !(1 << (value - 1));
        }
    }
    (first, values, candidates)
}

/// Drills on a jigsaw, a 6×6 and a killer: each drill prints the grader's position before
/// the technique's first step on a fresh grading (values and pencil marks, checked against
/// a plain computation with the jigsaw's regions, the size's boxes, the killer's cages),
/// its answer shades the step's pattern, and the manifest's position is that position.
#[test]
fn drills_on_other_grids_show_exactly_the_graders_candidates() {
    use puzzlebook::layout::killer::KILLER_MARKS;
    use puzzlebook::layout::sudoku_walk::{MarkArea, variant_mark_centre_in, variant_mark_scale};
    use puzzlebook::sudoku::variant::Size;
    for (grid, size, technique, per_page, answers, areas) in [
        (
            "variant = \"jigsaw\"",
            Size::S9,
            "Pointing",
            "1x2",
            "2x2",
            [MarkArea::WHOLE, MarkArea::BELOW_LABEL],
        ),
        (
            "size = \"6x6\"",
            Size::S6,
            "Naked Pair",
            "1x2",
            "2x2",
            [MarkArea::WHOLE, MarkArea::WHOLE],
        ),
        (
            "variant = \"killer\"",
            Size::S9,
            "Innies and Outies",
            "1x1",
            "1x1",
            [KILLER_MARKS, KILLER_MARKS],
        ),
    ] {
        let common::Settled {
            spec,
            fonts,
            plan,
            puzzles,
            taught,
            pagination,
            geometry,
        } = common::settled(&variant_spec(grid, technique, per_page, answers), false);
        let composed =
            compose_walked(&spec, &pagination, &geometry, &puzzles, &taught, &fonts).unwrap();
        let side = size.side();
        assert_eq!(puzzles.len(), plan.jobs.len());
        for (puzzle, placement) in puzzles.iter().zip(&composed.placements) {
            let page = &composed.document.pages[placement.page - 1];
            let bbox = placement.bbox;
            let cell = bbox.width / side as f64;
            let line = puzzle.puzzle_line();
            let (first, values, candidates) = plain_house_position(&line, technique);
            let mut drawn_values = vec![0u8; side * side];
            let mut drawn_candidates = vec![0u16; side * side];
            for (x, y, text_size, _, text) in texts_in(page, bbox) {
                let Ok(value) = text.parse::<u8>() else {
                    continue;
                };
                let at = puzzlebook::layout::Point { x, y };
                let column = ((x - bbox.x) / cell).floor() as usize;
                let row = ((y - bbox.y) / cell).floor() as usize;
                let on = row.min(side - 1) * side + column.min(side - 1);
                if text_size > cell * 0.45 {
                    drawn_values[on] = value;
                    continue;
                }
                // A pencil mark is drawn at its value's place in the cell's mark area.
                let Some(area) = areas.iter().find(|area| {
                    (text_size - cell * variant_mark_scale(size) * area.scale()).abs() < 0.01
                }) else {
                    continue; // a cage's sum or a region's number
                };
                let slot =
                    cell * area.width / puzzlebook::layout::sudoku_walk::mark_grid(size).1 as f64;
                let nearest = (1..=side as u8)
                    .min_by(|&a, &b| {
                        let distance = |value| {
                            let centre = variant_mark_centre_in(bbox, size, on, value, *area);
                            (centre.x - at.x).hypot(centre.y - at.y)
                        };
                        distance(a).total_cmp(&distance(b))
                    })
                    .unwrap();
                let centre = variant_mark_centre_in(bbox, size, on, nearest, *area);
                assert!((centre.x - at.x).hypot(centre.y - at.y) < slot, "{line}");
                assert_eq!(nearest, value, "{technique}: a mark in its place");
                drawn_candidates[on] |= 1 << (value - 1);
            }
            assert_eq!(drawn_values, values, "{technique}: the digits so far");
            assert_eq!(
                drawn_candidates, candidates,
                "{technique}: the pencil marks"
            );
            // The manifest gives the same position, at the step of a fresh grading.
            let fields = puzzle.content.manifest_fields();
            let drill = &fields.iter().find(|(key, _)| *key == "drill").unwrap().1;
            assert_eq!(drill["step"].as_u64(), Some(first as u64), "{line}");
            let position: Vec<u8> = drill["position"]
                .as_str()
                .unwrap()
                .chars()
                .map(|c| c.to_digit(36).unwrap() as u8)
                .collect();
            assert_eq!(position, values, "{technique}: the manifest's position");
            let marks: Vec<u16> = drill["candidates"]
                .as_array()
                .unwrap()
                .iter()
                .map(|marks| {
                    marks
                        .as_str()
                        .unwrap()
                        .chars()
                        .fold(0, |mask, c| mask | 1 << (c.to_digit(36).unwrap() - 1))
                })
                .collect();
            assert_eq!(marks, candidates, "{technique}: the manifest's candidates");
            // The task is above the figure; the answer shades the step's pattern.
            let above = Rect::new(bbox.x, bbox.y - cell * 2.0, bbox.width, cell * 2.0);
            let caption: String = texts_in(page, above)
                .into_iter()
                .map(|text| text.4)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(caption.contains("Find the"), "{caption}");
            let (answer_page, answer_box) = placement.answer.expect("an answer");
            let answer_items = &composed.document.pages[answer_page - 1].items;
            let shaded = answer_items.iter().any(|item| {
                matches!(item, Item::Rect { rect, fill: Some(_), .. }
                    if rect.x >= answer_box.x && rect.right() <= answer_box.right() + 0.01
                        && rect.y >= answer_box.y && rect.bottom() <= answer_box.bottom() + 0.01
                        && rect.width <= answer_box.width / side as f64 + 0.01)
            });
            assert!(shaded, "{technique}: the answer shades the pattern");
        }
    }
}

/// A 9×9 killer drill's answers need a page each (25 pt cells for pencil marks beside the
/// cages): the section says so with its own `answers_per_page`, and the book's other
/// answers keep `[answers] per_page` (before, the whole book's answers had to go one to a
/// page). Without it, the refusal points at the key.
#[test]
fn a_drill_sections_answers_take_their_own_per_page() {
    use puzzlebook::layout::compose::Role;
    let text = |own: &str| {
        format!(
            "title = \"Mixed\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n\
             [answers]\nper_page = \"2x2\"\n\
             [[section]]\nkind = \"sudoku\"\ncount = 6\nper_page = \"2x3\"\n\
             [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\n\
             hardest = [\"Cage Splitting\"]\ndrill = true\nper_page = \"1x1\"\n{own}\
             [[section]]\nkind = \"sudoku\"\ncount = 3\nper_page = \"2x3\"\n"
        )
    };
    let fonts = FontSet::bundled(false);
    let spec = Spec::parse("book.toml", &text("answers_per_page = \"1x1\"\n"), None).unwrap();
    let pagination = puzzlebook::layout::paginate(&spec);
    puzzlebook::layout::Geometry::new(&spec, &pagination, &fonts).unwrap();
    let answer_pages: Vec<(usize, usize)> = pagination
        .roles
        .iter()
        .filter_map(|role| match role {
            Role::Answers { first, count, .. } => Some((*first, *count)),
            _ => None,
        })
        .collect();
    // Six classic answers four and two to a page, the two drills one each, then the last
    // section's three on a page of their own grid again.
    assert_eq!(answer_pages, [(0, 4), (4, 2), (6, 1), (7, 1), (8, 3)]);
    let spec = Spec::parse("book.toml", &text(""), None).unwrap();
    let error =
        puzzlebook::layout::Geometry::new(&spec, &puzzlebook::layout::paginate(&spec), &fonts)
            .unwrap_err();
    let hint = error.hint().unwrap_or("").to_string();
    assert!(
        hint.contains("answers_per_page = \"1x1\" in this [[section]]"),
        "{error:?}"
    );
}

/// Mushikui-zan drills: each question is the position just before the first walkthrough
/// step using the section's rule, under its caption in English and Japanese; the answer
/// marks that step's digits; the manifest records the drill.
#[test]
fn mushikui_drills_print_the_position_before_the_rule() {
    let dir = scratch("mushikui-drills");
    for (language, task, rule) in [
        (
            "en",
            "Find the step: Digit count",
            "A drill is a puzzle part-way solved",
        ),
        ("ja", "桁数で一手進めよう", "ドリルは途中まで解いた問題です"),
    ] {
        let name = format!("mushikui-drills-{language}");
        let spec = format!(
            "title = \"T\"\nseed = \"md\"\nlanguage = \"{language}\"\ntemplate = \"kdp-6x9\"\n\
             [page]\nprinter = \"generic\"\n\
             [[section]]\nkind = \"mushikui\"\ncount = 3\nop = \"mul\"\ndigits = [3, 2]\n\
             hardest = [\"digit-count\"]\ndrill = true\n"
        );
        assert_eq!(build(&dir, &name, &spec, &[]), 0);
        let path = dir.join(format!("{name}.pdf"));
        let pdf = Pdf::load(&path);
        let manifest = manifest(&path);
        let puzzles = manifest["puzzles"].as_array().unwrap();
        assert_eq!(puzzles.len(), 3);
        for puzzle in puzzles {
            let page = puzzle["page"].as_u64().unwrap() as usize;
            let flat: String = pdf.page_text(page).split_whitespace().collect();
            let flat_task: String = task.split_whitespace().collect();
            assert!(flat.contains(&flat_task), "{language}: page {page}");
            let line: puzzlebook::mushikui::Puzzle =
                puzzle["puzzle"].as_str().unwrap().parse().unwrap();
            let drill = &puzzle["drill"];
            assert_eq!(drill["rule"], "digit-count");
            // The library's drill of the puzzle is the one printed.
            let walk = puzzlebook::mushikui::walkthrough(&line).unwrap();
            let expected = walk.drill(puzzlebook::mushikui::Rule::DigitCount).unwrap();
            assert_eq!(drill["step"].as_u64().unwrap() as usize, expected.step);
            assert_eq!(
                drill["position"].as_str().unwrap(),
                expected.position(&line).to_line()
            );
            assert_eq!(
                drill["found"].as_array().unwrap().len(),
                expected.found.len()
            );
        }
        // The rules page says how to read a drill.
        let flat_rule: String = rule.split_whitespace().collect();
        assert!(
            (1..=pdf.page_count()).any(|page| {
                let flat: String = pdf.page_text(page).split_whitespace().collect();
                flat.contains(&flat_rule)
            }),
            "{language}: no page says how to read a drill"
        );
        // Questions show the position, answers it and the step's digits.
        assert!(check_manifest_against_pdf(&path) >= 6);
    }
}
