//! Shaped puzzles: `sudoku generate --pattern`, `sudoku patterns`, and book sections with
//! `pattern` / `pattern_file` (givens exactly the mask, unique by the reference solver,
//! graded to the tier, recorded in the manifest; bad masks refused with file and line).

use crate::common;

use common::{build, manifest, run_binary, scratch, stderr, stdout};

use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::{GradeOptions, TechniqueTarget, grade_unique};
use puzzlebook::sudoku::pattern::Pattern;
use puzzlebook::sudoku::techniques::Grids;
use puzzlebook::sudoku::variant::{parse_any, reference};

/// The givens of a puzzle line as a mask (a digit or letter marks a given).
fn mask_of(puzzle: &str) -> Vec<bool> {
    let cells = puzzle.rsplit(':').next().unwrap();
    cells
        .chars()
        .map(|cell| cell != '.' && cell != '0')
        .collect()
}

fn mask(pattern: &Pattern, cells: usize) -> Vec<bool> {
    (0..cells).map(|cell| pattern.contains(cell)).collect()
}

#[test]
fn generated_puzzles_draw_the_pattern_and_meet_the_tier() {
    let heart = Pattern::builtin("heart").unwrap();
    for (extra, tier, low, high) in [
        (&[][..], "easy", 1.0, 1.5),
        (&[][..], "medium", 1.6, 2.5),
        (&["--variant", "x"][..], "easy", 1.0, 1.5),
    ] {
        let args = [
            &[
                "sudoku",
                "generate",
                "--pattern",
                "heart",
                "--tier",
                tier,
                "-n",
                "3",
            ][..],
            &["--format", "json", "--seed", "shapes"],
            extra,
        ]
        .concat();
        let output = run_binary(&args, "");
        assert!(
            output.status.success(),
            "{extra:?} {tier}: {}",
            stderr(&output)
        );
        for line in stdout(&output).lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let text = record["puzzle"].as_str().unwrap();
            assert_eq!(mask_of(text), mask(&heart, 81), "{text}");
            let puzzle = parse_any(text).unwrap();
            assert_eq!(reference::count_solutions(&puzzle, 2), 1, "{text}");
            let solution = parse_any(record["solution"].as_str().unwrap()).unwrap();
            assert!(solution.solves(&puzzle));
            let rating = record["rating"].as_f64().unwrap();
            assert!((low..=high).contains(&rating), "{tier}: {rating}");
            assert_eq!(record["pattern"], "heart");
            assert_eq!(record["clues"], 26);
            assert_eq!(record["symmetry"], "mirror");
        }
    }
}

#[test]
fn a_mask_file_and_any_jobs_give_the_same_puzzles() {
    let dir = scratch("pattern-file");
    let file = dir.join("moon.txt");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/masks/moon.txt"),
        &file,
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let args = [
        "sudoku",
        "generate",
        "--pattern",
        path,
        "--tier",
        "medium",
        "-n",
        "6",
    ];
    let one = run_binary(&[&args[..], &["--jobs", "1"]].concat(), "");
    let two = run_binary(&[&args[..], &["--jobs", "2"]].concat(), "");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let moon = Pattern::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
    for line in stdout(&one).lines() {
        assert_eq!(mask_of(line), mask(&moon, 81), "{line}");
    }
}

#[test]
fn impossible_masks_are_refused_or_fail_cleanly() {
    let dir = scratch("pattern-bad");
    let sparse = dir.join("sparse.txt");
    std::fs::write(&sparse, format!("{}{}\n", "x".repeat(16), ".".repeat(65))).unwrap();
    let output = run_binary(
        &["sudoku", "generate", "--pattern", sparse.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("17"), "{}", stderr(&output));
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "x..x\n.x?.\n..x.\nx...\n").unwrap();
    let output = run_binary(
        &["sudoku", "generate", "--pattern", bad.to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("bad.txt:2:3"),
        "{}",
        stderr(&output)
    );
    let output = run_binary(&["sudoku", "generate", "--pattern", "hart"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("heart"), "{}", stderr(&output));
    // A ring drawn by its outline leaves the middle free to trade digits: the search runs
    // out of time and says what it tried.
    let ring = dir.join("ring.txt");
    let rows: Vec<String> = (0..9)
        .map(|row| match row {
            0 | 8 => "xxxxxxxxx".to_string(),
            _ => "x.......x".to_string(),
        })
        .collect();
    std::fs::write(&ring, rows.join("\n")).unwrap();
    let output = run_binary(
        &[
            "sudoku",
            "generate",
            "--pattern",
            ring.to_str().unwrap(),
            "--max-seconds",
            "1",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stdout(&output).is_empty());
    assert!(
        stderr(&output).contains("clue sets tried"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_patterns_command_lists_and_shows_shapes() {
    let output = run_binary(&["sudoku", "patterns", "--format", "json"], "");
    assert!(output.status.success());
    let lines = stdout(&output);
    assert!(lines.lines().count() >= 7 + 36, "{lines}");
    for name in [
        "heart", "star", "diamond", "cross", "tree", "ring", "smile", "A", "Z", "0", "9",
    ] {
        assert!(lines.contains(&format!("\"name\":\"{name}\"")), "{name}");
    }
    let output = run_binary(&["sudoku", "patterns", "tree"], "");
    let text = stdout(&output);
    assert!(text.starts_with("....x....\n"), "{text}");
    assert!(text.contains("28 givens"), "{text}");
}

#[test]
fn book_sections_draw_their_pattern_and_the_manifest_records_it() {
    let dir = scratch("pattern-book");
    std::fs::write(dir.join("moon.txt"), "..xxxx...\n.x....x..\nx......x.\nx....x...\nx...x...x\nx....x...\nx......x.\n.x....x..\n..xxxx...\n").unwrap();
    let spec = r#"
title = "Shapes"
seed = "shapes"

[[section]]
title = "Hearts"
kind = "sudoku"
pattern = "heart"
pattern_tint = true
count = 2
tier = "easy"

[[section]]
title = "Moons"
kind = "sudoku"
pattern_file = "moon.txt"
count = 2
tier = "medium"
"#;
    assert_eq!(build(&dir, "shapes", spec, &[]), 0);
    let manifest = manifest(&dir.join("shapes.pdf"));
    let puzzles = manifest["puzzles"].as_array().unwrap();
    let heart = Pattern::builtin("heart").unwrap();
    let moon = Pattern::parse(&std::fs::read_to_string(dir.join("moon.txt")).unwrap()).unwrap();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let text = puzzle["puzzle"].as_str().unwrap();
        let (name, pattern, tint) = if index < 2 {
            ("heart", &heart, true)
        } else {
            ("moon.txt", &moon, false)
        };
        assert_eq!(puzzle["pattern"], name, "{puzzle}");
        assert_eq!(puzzle.get("pattern_tint").is_some(), tint, "{puzzle}");
        assert_eq!(mask_of(text), mask(pattern, 81), "{text}");
        assert_eq!(reference::count_solutions(&parse_any(text).unwrap(), 2), 1);
    }
    // A bad mask file is named with its line and column; a missing one at the spec's key.
    std::fs::write(dir.join("moon.txt"), "..xxxx...\n.x..?.x..\n").unwrap();
    let output = run_binary(
        &[
            "book",
            dir.join("shapes.toml").to_str().unwrap(),
            "-o",
            dir.join("bad.pdf").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("moon.txt:2:5"),
        "{}",
        stderr(&output)
    );
    assert!(!dir.join("bad.pdf").exists());
    // With the mask whole again, each of these is refused for its own fault.
    std::fs::write(dir.join("moon.txt"), moon.to_text()).unwrap();
    assert_eq!(build(&dir, "again", spec, &[]), 0);
    let missing = spec.replace("moon.txt", "sun.txt");
    assert_eq!(build(&dir, "missing", &missing, &[]), 2);
    let both = spec.replace(
        "pattern = \"heart\"",
        "pattern = \"heart\"\npattern_file = \"moon.txt\"",
    );
    assert_eq!(build(&dir, "both", &both, &[]), 2);
    let with_clues = spec.replace("tier = \"easy\"", "tier = \"easy\"\nclues = 30");
    assert_eq!(build(&dir, "clues", &with_clues, &[]), 2);
    let with_source = spec.replace("tier = \"easy\"", "tier = \"easy\"\nsource = \"moon.txt\"");
    assert_eq!(build(&dir, "source", &with_source, &[]), 2);
}

#[test]
fn patterns_take_needs_and_hardest() {
    for (shape, flags, hardest) in [
        ("star", &["--hardest", "X-Wing"][..], Some("X-Wing")),
        (
            "diamond",
            &["--needs", "Naked Pair", "--tier", "hard"][..],
            None,
        ),
    ] {
        let args = [
            &["sudoku", "generate", "--pattern", shape, "-n", "2"][..],
            &["--format", "json", "--seed", "shaped-techniques"],
            flags,
        ]
        .concat();
        let output = run_binary(&args, "");
        assert!(output.status.success(), "{shape}: {}", stderr(&output));
        let pattern = Pattern::builtin(shape).unwrap();
        let needs: Vec<String> = flags
            .windows(2)
            .filter(|pair| pair[0] == "--needs")
            .map(|pair| pair[1].to_string())
            .collect();
        let target = TechniqueTarget::parse(
            &needs,
            &hardest.map(str::to_string).into_iter().collect::<Vec<_>>(),
            Grids::CLASSIC,
        )
        .unwrap();
        for line in stdout(&output).lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let text = record["puzzle"].as_str().unwrap();
            assert_eq!(mask_of(text), mask(&pattern, 81), "{text}");
            assert_eq!(
                reference::count_solutions(&parse_any(text).unwrap(), 2),
                1,
                "{text}"
            );
            // Graded afresh, not trusting the search's own grading.
            let puzzle: Grid = text.parse().unwrap();
            let solution: Grid = record["solution"].as_str().unwrap().parse().unwrap();
            let grading = grade_unique(&puzzle, &solution, &GradeOptions::default()).unwrap();
            assert!(target.accepts_grading(&grading), "{shape}: {text}");
            if let Some(name) = hardest {
                assert_eq!(record["hardest"], name, "{text}");
            }
        }
    }
    // A 6×6 pattern has no classic grader's techniques to aim at.
    let output = run_binary(
        &[
            "sudoku",
            "generate",
            "--pattern",
            "heart",
            "--size",
            "6x6",
            "--needs",
            "X-Wing",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

#[test]
fn a_book_section_draws_its_pattern_with_the_technique_asked_for() {
    let dir = scratch("pattern-techniques-book");
    let spec = r#"
title = "Stars"
seed = "stars"

[[section]]
title = "X-Wing stars"
kind = "sudoku"
pattern = "star"
hardest = "X-Wing"
count = 2
"#;
    assert_eq!(build(&dir, "stars", spec, &[]), 0);
    let manifest = manifest(&dir.join("stars.pdf"));
    let star = Pattern::builtin("star").unwrap();
    let x_wing = TechniqueTarget::parse(&[], &["X-Wing".to_string()], Grids::CLASSIC).unwrap();
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let text = puzzle["puzzle"].as_str().unwrap();
        assert_eq!(mask_of(text), mask(&star, 81), "{text}");
        let grid: Grid = text.parse().unwrap();
        let solution: Grid = puzzle["solution"].as_str().unwrap().parse().unwrap();
        let grading = grade_unique(&grid, &solution, &GradeOptions::default()).unwrap();
        assert!(x_wing.accepts_grading(&grading), "{text}");
        assert_eq!(puzzle["rating"], 3.2, "{puzzle}");
    }
}
