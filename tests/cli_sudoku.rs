//! The `puzzlebook sudoku` command line: output, determinism, errors and exit codes.

use crate::common;

use common::{run_binary as puzzlebook, stderr, stdout};

use puzzlebook::sudoku::{Grid, Symmetry, count_solutions};

const PUZZLE: &str =
    "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";

#[test]
fn generate_is_deterministic_for_any_jobs_and_count() {
    let args = ["sudoku", "generate", "-n", "1100", "--seed", "2026-W47"];
    let one = puzzlebook(&[&args[..], &["--jobs", "1"]].concat(), "");
    let two = puzzlebook(&[&args[..], &["--jobs", "2"]].concat(), "");
    let again = puzzlebook(&[&args[..], &["--jobs", "2"]].concat(), "");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    assert_eq!(stdout(&two), stdout(&again));
    assert_eq!(stdout(&one).lines().count(), 1100);

    // Puzzle i depends on i, not on how many were asked for.
    let few = puzzlebook(&["sudoku", "generate", "-n", "7", "--seed", "2026-W47"], "");
    let expected: String = stdout(&one)
        .lines()
        .take(7)
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(stdout(&few), expected);

    let other_seed = puzzlebook(&["sudoku", "generate", "-n", "7", "--seed", "2026-W48"], "");
    assert_ne!(stdout(&few), stdout(&other_seed));
}

#[test]
fn generated_puzzles_are_unique_and_honour_each_symmetry() {
    for symmetry in Symmetry::ALL {
        let output = puzzlebook(
            &[
                "sudoku",
                "generate",
                "-n",
                "25",
                "--symmetry",
                symmetry.name(),
            ],
            "",
        );
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        assert_eq!(text.lines().count(), 25);
        for line in text.lines() {
            assert_eq!(line.len(), 81);
            let grid: Grid = line.parse().unwrap();
            assert_eq!(count_solutions(&grid, 2), 1, "{symmetry}: {line}");
            assert!(symmetry.holds_for(grid.cells()), "{symmetry}: {line}");
        }
    }
}

#[test]
fn json_lines_carry_the_documented_fields() {
    let output = puzzlebook(
        &[
            "sudoku",
            "generate",
            "-n",
            "3",
            "--seed",
            "42",
            "--format",
            "json",
            "--clues",
            "26..28",
            "--symmetry",
            "mirror",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    for (index, line) in stdout(&output).lines().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle: Grid = record["puzzle"].as_str().unwrap().parse().unwrap();
        let solution: Grid = record["solution"].as_str().unwrap().parse().unwrap();
        assert!(solution.solves(&puzzle));
        assert_eq!(count_solutions(&puzzle, 2), 1);
        assert_eq!(record["seed"], "42");
        assert_eq!(record["index"], index);
        assert_eq!(record["clues"], puzzle.clue_count());
        assert!((26..=28).contains(&puzzle.clue_count()));
        assert_eq!(record["symmetry"], "mirror");
    }
}

#[test]
fn an_unmeetable_clue_range_is_a_runtime_error_not_a_hang() {
    let output = puzzlebook(
        &[
            "sudoku",
            "generate",
            "--symmetry",
            "dihedral",
            "--clues",
            "17..18",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.starts_with("error: puzzle 0: could not make a sudoku with 17..18 clues"),
        "{message}"
    );
    assert!(message.contains("hint:"), "{message}");

    let output = puzzlebook(&["sudoku", "generate", "--clues", "5..10"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("fewer than 17 clues"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn solve_prints_solutions_in_order_and_reports_bad_puzzles() {
    let solution = match puzzlebook::sudoku::solve(&PUZZLE.parse().unwrap()) {
        puzzlebook::sudoku::Solution::Unique(grid) => grid.to_line(),
        other => panic!("{other:?}"),
    };
    let empty = ".".repeat(81);
    let contradictory = format!("11{}", &PUZZLE[2..]);
    let input = format!("{PUZZLE}\n{empty}\n# comment\n{PUZZLE}  3.4 source\n");
    let output = puzzlebook(&["sudoku", "solve"], &input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), format!("{solution}\n{solution}\n"));
    assert_eq!(
        stderr(&output),
        "error: <stdin>:2: the puzzle has more than one solution\n"
    );

    let input = format!("{contradictory}\n{PUZZLE}\n");
    let output = puzzlebook(&["sudoku", "solve", "-"], &input);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .starts_with("error: <stdin>:1: digit 1 appears twice in row 1 (r1c1 and r1c2)")
    );
    assert_eq!(stdout(&output), format!("{solution}\n"));

    // Any other digit in an empty cell of a unique puzzle leaves no solution.
    let unsolvable = (1..=9)
        .filter(|&digit| digit.to_string() != solution[..1])
        .map(|digit| {
            let mut grid: Grid = PUZZLE.parse().unwrap();
            grid.set(0, digit);
            grid
        })
        .find(|grid| grid.conflict().is_none())
        .unwrap();
    let output = puzzlebook(&["sudoku", "solve"], &format!("{unsolvable}\n"));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "error: <stdin>:1: the puzzle has no solution\n"
    );
}

#[test]
fn nine_line_grids_and_column_errors() {
    // Lines 1-11: the grid with separators; line 12: blank; line 13: a bad line.
    let pretty = PUZZLE.parse::<Grid>().unwrap().to_pretty();
    let output = puzzlebook(
        &["sudoku", "count"],
        &format!("{pretty}\n{}x\n", &PUZZLE[..80]),
    );
    assert_eq!(stdout(&output), "1\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("error: <stdin>:13:81: unexpected character 'x' in a sudoku"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn count_stops_at_the_limit() {
    let empty = ".".repeat(81);
    let output = puzzlebook(
        &["sudoku", "count", "--limit", "37"],
        &format!("{empty}\n{PUZZLE}\n"),
    );
    assert!(output.status.success());
    assert_eq!(stdout(&output), "37\n1\n");
}

#[test]
fn usage_errors_exit_with_2() {
    let missing = puzzlebook(&["sudoku", "solve", "no-such-file.txt"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        stderr(&missing),
        "error: cannot open no-such-file.txt: No such file or directory\n"
    );
    let bad_flag = puzzlebook(&["sudoku", "generate", "--symmetry", "rot45"], "");
    assert_eq!(bad_flag.status.code(), Some(2));
    let zero_jobs = puzzlebook(&["sudoku", "generate", "--jobs", "0"], "");
    assert_eq!(zero_jobs.status.code(), Some(2));
    let help = puzzlebook(&["sudoku", "generate", "--help"], "");
    assert!(help.status.success());
    assert!(stdout(&help).contains("Examples:"));
}
