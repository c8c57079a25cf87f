//! `puzzlebook sudoku … --size/--variant`: variant lines generated, solved, counted and
//! graded; determinism; bad lines named by line and column with exit code 2.

use crate::common;

use common::{run_binary as puzzlebook, stderr, stdout};

use puzzlebook::sudoku::variant::{count_solutions, parse_any};

const KINDS: [&[&str]; 8] = [
    &["--size", "4x4"],
    &["--size", "6x6"],
    &["--size", "8x8", "--variant", "x"],
    &["--variant", "x"],
    &["--variant", "windoku"],
    &["--variant", "jigsaw"],
    &["--size", "6x6", "--variant", "jigsaw"],
    &["--size", "12x12"],
];

#[test]
fn generated_variants_are_unique_and_carry_their_kind() {
    for kind in KINDS {
        let args = [&["sudoku", "generate", "-n", "3", "--format", "json"], kind].concat();
        let output = puzzlebook(&args, "");
        assert!(output.status.success(), "{kind:?}: {}", stderr(&output));
        for line in stdout(&output).lines() {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let puzzle = parse_any(record["puzzle"].as_str().unwrap()).unwrap();
            let solution = parse_any(record["solution"].as_str().unwrap()).unwrap();
            assert_eq!(count_solutions(&puzzle, 2), 1, "{kind:?}: {puzzle}");
            assert!(solution.solves(&puzzle));
            let geometry = puzzle.geometry();
            assert_eq!(record["size"], geometry.size().name());
            assert_eq!(record["variant"], geometry.variant().name());
            assert_eq!(record["clues"], puzzle.clue_count());
        }
    }
}

#[test]
fn variant_generation_is_deterministic_for_any_jobs() {
    let args = [
        "sudoku",
        "generate",
        "-n",
        "40",
        "--variant",
        "jigsaw",
        "--seed",
        "v",
    ];
    let one = puzzlebook(&[&args[..], &["--jobs", "1"]].concat(), "");
    let two = puzzlebook(&[&args[..], &["--jobs", "2"]].concat(), "");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&one).lines().count(), 40);
}

#[test]
fn solve_count_and_grade_read_every_kind_of_line() {
    let generated = puzzlebook(
        &[
            "sudoku", "generate", "-n", "2", "--size", "6x6", "--seed", "s",
        ],
        "",
    );
    let classic =
        "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";
    let input = format!("{}{classic}\n", stdout(&generated));
    let solved = puzzlebook(&["sudoku", "solve"], &input);
    assert!(solved.status.success(), "{}", stderr(&solved));
    let solved_text = stdout(&solved);
    let lines: Vec<&str> = solved_text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("6x6:") && !lines[0].contains('.'));
    assert_eq!(lines[2].len(), 81);
    let counted = puzzlebook(&["sudoku", "count"], &input);
    assert_eq!(stdout(&counted), "1\n1\n1\n");
    let graded = puzzlebook(&["sudoku", "grade"], &input);
    assert!(graded.status.success(), "{}", stderr(&graded));
    let first = stdout(&graded).lines().next().unwrap().to_string();
    let words: Vec<&str> = first.split(' ').collect();
    assert!(words[0].starts_with("6x6:"));
    assert!(["easy", "medium", "hard"].contains(&words[2]), "{first}");
    let json = puzzlebook(&["sudoku", "grade", "--format", "json"], &input);
    let record: serde_json::Value =
        serde_json::from_str(stdout(&json).lines().next().unwrap()).unwrap();
    assert_eq!(record["size"], "6x6");
    assert_eq!(record["variant"], "classic");

    // Bare givens read as the kind the flags name.
    let bare = "1.....2.....3.....4.....5.....6.....";
    let counted = puzzlebook(&["sudoku", "count", "--size", "6x6", "--limit", "5"], bare);
    assert_eq!(stdout(&counted), "5\n");
}

#[test]
fn tiers_are_met_and_small_grids_have_three() {
    let output = puzzlebook(
        &[
            "sudoku", "generate", "-n", "3", "--size", "6x6", "--tier", "easy", "--format", "json",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    for line in stdout(&output).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["tier"], "easy");
        assert!(record["rating"].as_f64().unwrap() <= 1.5);
    }
    let output = puzzlebook(
        &["sudoku", "generate", "--size", "6x6", "--tier", "expert"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("easy, medium or hard"),
        "{}",
        stderr(&output)
    );
    // A 4×4 is always easy: harder tiers are refused at once, not searched for.
    for tier in ["medium", "hard", "expert"] {
        let output = puzzlebook(&["sudoku", "generate", "--size", "4x4", "--tier", tier], "");
        assert_eq!(output.status.code(), Some(2), "{tier}");
        assert!(
            stderr(&output).contains("always easy"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn bad_lines_name_line_and_column() {
    let cases = [
        ("6x6:1.....7", "<stdin>:1:11:", "out of range"),
        ("6x6:1....", "<stdin>:1:5:", "expected 36 cells"),
        ("4x4:1..1............", "<stdin>:1:8:", "twice in row 1"),
        ("7x7:1", "<stdin>:1:1:", "unknown sudoku kind"),
        (
            "6x6-jigsaw:....................................:faabbbaaccbbacccbdecddddeeeffdeefffa",
            "<stdin>:1:49:",
            "not connected",
        ),
    ];
    for (line, place, message) in cases {
        let output = puzzlebook(&["sudoku", "solve"], &format!("{line}\n"));
        assert_eq!(output.status.code(), Some(2), "{line}");
        let said = stderr(&output);
        assert!(
            said.contains(place) && said.contains(message),
            "{line}: {said}"
        );
    }
    let output = puzzlebook(
        &[
            "sudoku",
            "generate",
            "--size",
            "6x6",
            "--variant",
            "windoku",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let output = puzzlebook(
        &["sudoku", "generate", "--size", "4x4", "--clues", "20..30"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("goes past 16"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn variant_sections_are_checked_at_their_keys_and_build_the_same_for_any_jobs() {
    let dir = common::scratch("variant-sections");
    let section =
        |keys: &str| format!("title = \"V\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n{keys}\n");
    let cases = [
        ("size = \"7x7\"", "spec.toml:5:8", "unknown sudoku size"),
        (
            "size = \"16x16\"\nsymbols = \"shapes\"",
            "spec.toml:6:11",
            "too few",
        ),
        (
            "size = \"6x6\"\nsymbols = \"letters\"\nletters = \"ABCDE\"",
            "spec.toml:7:11",
            "6 different letters",
        ),
        (
            "size = \"6x6\"\ntier = \"expert\"",
            "spec.toml:5:8",
            "easy, medium or hard",
        ),
        (
            "size = \"4x4\"\ntier = \"medium\"",
            "spec.toml:5:8",
            "always easy",
        ),
        (
            "variant = \"jigsaw\"\nsymmetry = \"rot90\"",
            "spec.toml:6:12",
            "jigsaw",
        ),
    ];
    for (keys, place, message) in cases {
        let spec = dir.join("spec.toml");
        std::fs::write(&spec, section(keys)).unwrap();
        let out = dir.join("out.pdf");
        let output = puzzlebook(
            &["book", spec.to_str().unwrap(), "-o", out.to_str().unwrap()],
            "",
        );
        assert_eq!(output.status.code(), Some(2), "{keys}");
        let said = stderr(&output);
        assert!(
            said.contains(place) && said.contains(message),
            "{keys}: {said}"
        );
        assert!(!out.exists());
    }
    let spec = dir.join("good.toml");
    std::fs::write(
        &spec,
        section("variant = \"jigsaw\"\nsize = \"8x8\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\nsize = \"6x6\"\nsymbols = \"shapes\""),
    )
    .unwrap();
    let build = |jobs: &str, name: &str| {
        let out = dir.join(name);
        let output = puzzlebook(
            &[
                "book",
                spec.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
                "--jobs",
                jobs,
            ],
            "",
        );
        assert!(output.status.success(), "{}", stderr(&output));
        std::fs::read(out).unwrap()
    };
    assert_eq!(build("1", "one.pdf"), build("2", "two.pdf"));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("one.json")).unwrap()).unwrap();
    let first = &manifest["puzzles"][0];
    assert_eq!(first["variant"], "jigsaw");
    assert_eq!(first["size"], "8x8");
    assert_eq!(manifest["puzzles"][2]["symbols"], "shapes");
}

/// `--symbols`: generate records them in JSON Lines (lines stay digits), render draws them
/// (letters as text, shapes as drawings with no text), and symbols a size cannot take are
/// input errors.
#[test]
fn symbols_are_recorded_by_generate_and_drawn_by_render() {
    let output = common::run_binary(
        &[
            "sudoku",
            "generate",
            "--size",
            "6x6",
            "--symbols",
            "letters=PLANET",
            "--format",
            "json",
            "-n",
            "2",
        ],
        "",
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let mut lines = String::new();
    for record in common::stdout(&output).lines() {
        let record: serde_json::Value = serde_json::from_str(record).unwrap();
        assert_eq!(record["symbols"], "letters");
        assert_eq!(record["letters"], "PLANET");
        let puzzle = record["puzzle"].as_str().unwrap();
        assert!(puzzle.starts_with("6x6:") && !puzzle.contains('P'));
        lines.push_str(puzzle);
        lines.push('\n');
    }
    let dir = common::scratch("render-symbols");
    let letters = dir.join("letters");
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            "--symbols",
            "letters=PLANET",
            "--to",
            letters.to_str().unwrap(),
        ],
        &lines,
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let svg = std::fs::read_to_string(letters.join("001.svg")).unwrap();
    let first = lines.lines().next().unwrap();
    let grid = puzzlebook::sudoku::variant::parse_any(first).unwrap();
    let expected: String = grid
        .cells()
        .iter()
        .filter(|&&value| value != 0)
        .map(|&value| "PLANET".chars().nth(usize::from(value) - 1).unwrap())
        .collect();
    let texts: String = roxmltree::Document::parse(&svg)
        .unwrap()
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .filter_map(|node| node.text())
        .collect();
    assert_eq!(texts, expected);
    let shapes = dir.join("shapes");
    let output = common::run_binary(
        &[
            "sudoku",
            "render",
            "--symbols",
            "shapes",
            "--to",
            shapes.to_str().unwrap(),
        ],
        &lines,
    );
    assert!(output.status.success());
    let svg = std::fs::read_to_string(shapes.join("001.svg")).unwrap();
    assert!(!svg.contains("<text"), "shapes are drawn, not written");
    for (args, input) in [
        (
            &[
                "sudoku",
                "generate",
                "--size",
                "16x16",
                "--symbols",
                "shapes",
            ][..],
            "",
        ),
        (
            &[
                "sudoku",
                "generate",
                "--size",
                "6x6",
                "--symbols",
                "letters=PUZZLE",
            ],
            "",
        ),
        (
            &[
                "sudoku",
                "generate",
                "--size",
                "6x6",
                "--symbols",
                "letters",
            ],
            "",
        ),
        (
            &["sudoku", "generate", "--size", "6x6", "--symbols", "emoji"],
            "",
        ),
        (
            &["sudoku", "render", "--symbols", "letters=PUZ", "--to", "x"],
            first,
        ),
    ] {
        let output = common::run_binary(args, input);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}
