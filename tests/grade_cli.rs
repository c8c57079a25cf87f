//! `puzzlebook sudoku grade` and the graded `sudoku generate` flags, through the binary.

use crate::common;

use common::{run_binary as run, stderr, stdout};

use puzzlebook::sudoku::grade::{Tier, grade, parse_rating};
use puzzlebook::sudoku::{Grid, has_unique_solution};

const EASY: &str =
    "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";
const BUG_PUZZLE: &str =
    ".526...3.98.........1..3.2....539....1..6..8....187....9.4..5.........49.4...827.";

#[test]
fn grade_prints_puzzle_rating_tier_and_hardest_technique() {
    let output = run(
        &["sudoku", "grade"],
        &format!("{EASY} 1.2 tatham-t\n{BUG_PUZZLE}\n"),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!(
            "{EASY} 1.2 easy Hidden Single (box)\n{BUG_PUZZLE} 5.6 expert Bivalue Universal Grave type 1\n"
        )
    );
}

#[test]
fn grade_json_carries_the_steps() {
    let output = run(&["sudoku", "grade", "--format", "json"], EASY);
    assert!(output.status.success());
    let record: serde_json::Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(record["puzzle"], EASY);
    assert_eq!(record["rating"], 1.2);
    assert_eq!(record["tier"], "easy");
    assert_eq!(record["trial_and_error"], false);
    let steps = record["steps"].as_array().unwrap();
    assert_eq!(steps.len(), EASY.matches('.').count());
    assert_eq!(steps[0]["technique"], "Hidden Single (box)");
    assert_eq!(steps[0]["placements"][0]["cell"], "r2c1");
    assert_eq!(steps[0]["placements"][0]["digit"], 8);
}

#[test]
fn explain_walks_through_every_step() {
    let output = run(&["sudoku", "grade", "--explain"], BUG_PUZZLE);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().filter(|line| !line.is_empty()).collect();
    assert!(lines[0].starts_with(BUG_PUZZLE));
    assert_eq!(
        lines[1],
        "   1. [1.2] Hidden Single (box): r2c3 = 3, the only place for 3 in box 1"
    );
    assert!(
        text.contains("[5.6] Bivalue Universal Grave type 1 on 7 in r4c9: r4c9<>1, r4c9<>2"),
        "{text}"
    );
    let last = lines.last().unwrap();
    assert!(
        last.trim_start()
            .starts_with(&format!("{}.", lines.len() - 1)),
        "{last}"
    );
}

#[test]
fn grade_reports_bad_puzzles_and_keeps_going() {
    let two_solutions = ".".repeat(81);
    let two_solutions = two_solutions.as_str();
    let output = run(
        &["sudoku", "grade"],
        &format!("{two_solutions}\n{EASY}\nnot a sudoku\n"),
    );
    assert_eq!(output.status.code(), Some(2), "input errors dominate");
    assert_eq!(
        stdout(&output),
        format!("{EASY} 1.2 easy Hidden Single (box)\n")
    );
    let errors = stderr(&output);
    assert!(
        errors.contains("<stdin>:1: the puzzle has more than one solution"),
        "{errors}"
    );
    assert!(
        errors.contains("<stdin>:3:1: unexpected character"),
        "{errors}"
    );

    let output = run(&["sudoku", "grade"], two_solutions);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn compare_prints_the_agreement_table() {
    let input = format!("{EASY} 1.2 tatham-t\n{BUG_PUZZLE} 5.6 grantm\n{BUG_PUZZLE} 5.0 other\n");
    let output = run(&["sudoku", "grade", "--compare"], &input);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("set "), "{text}");
    let all = text.lines().find(|line| line.starts_with("all")).unwrap();
    let fields: Vec<&str> = all.split_whitespace().collect();
    assert_eq!(fields[1], "3");
    assert_eq!(fields[2], "66.7%");
    assert!(text.contains("grantm"));

    let output = run(&["sudoku", "grade", "--compare"], EASY);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("expected a reference rating"));
}

fn check_generated(lines: &str, accept: impl Fn(u16, Tier) -> bool) {
    for line in lines.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle: Grid = record["puzzle"].as_str().unwrap().parse().unwrap();
        assert!(has_unique_solution(&puzzle));
        let grading = grade(&puzzle).unwrap();
        let reported = parse_rating(&record["rating"].to_string()).unwrap();
        assert_eq!(grading.rating_tenths, reported, "{line}");
        assert_eq!(record["tier"], grading.tier.name());
        assert_eq!(record["hardest"], grading.hardest_name.as_str());
        assert!(accept(grading.rating_tenths, grading.tier), "{line}");
    }
}

#[test]
fn generate_to_a_tier_or_a_rating_range() {
    let output = run(
        &[
            "sudoku", "generate", "-n", "6", "--tier", "hard", "--format", "json", "--seed", "t",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 6);
    check_generated(&stdout(&output), |_, tier| tier == Tier::Hard);

    let output = run(
        &[
            "sudoku",
            "generate",
            "-n",
            "4",
            "--rating",
            "4.2..5.6",
            "--symmetry",
            "none",
            "--format",
            "json",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    check_generated(&stdout(&output), |rating, _| (42..=56).contains(&rating));
}

#[test]
fn graded_generation_is_deterministic_and_independent_of_jobs_and_count() {
    let args = ["sudoku", "generate", "--tier", "expert", "--seed", "book-7"];
    let one = run(&[&args[..], &["-n", "5", "-j", "1"]].concat(), "");
    let two = run(&[&args[..], &["-n", "5", "-j", "2"]].concat(), "");
    let three = run(&[&args[..], &["-n", "3", "-j", "2"]].concat(), "");
    assert!(one.status.success());
    assert_eq!(stdout(&one), stdout(&two));
    assert!(stdout(&one).starts_with(&stdout(&three)));
    // Another tier draws from another stream.
    let other = run(
        &["sudoku", "generate", "--tier", "hard", "--seed", "book-7"],
        "",
    );
    assert_ne!(stdout(&other).lines().next(), stdout(&one).lines().next());
    // Without a difficulty the plain generator's output is unchanged by this feature.
    let plain = run(&["sudoku", "generate", "-n", "2", "--seed", "book-7"], "");
    let plain_again = run(
        &[
            "sudoku",
            "generate",
            "-n",
            "2",
            "--seed",
            "book-7",
            "--max-seconds",
            "5",
        ],
        "",
    );
    assert_eq!(stdout(&plain), stdout(&plain_again));
}

#[test]
fn unmeetable_requests_fail_cleanly() {
    // No puzzle rates 1.3 or 1.4: refused at once as a usage error.
    let output = run(&["sudoku", "generate", "--rating", "1.3..1.4"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no sudoku is rated 1.3..1.4"),
        "{}",
        stderr(&output)
    );

    // A tiny time budget for a rare tier with a tight clue range: a run-time error.
    let output = run(
        &[
            "sudoku",
            "generate",
            "--tier",
            "extreme",
            "--clues",
            "30..32",
            "--max-seconds",
            "0.2",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("in the time allowed"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());

    for bad in [
        &["sudoku", "generate", "--tier", "brutal"][..],
        &["sudoku", "generate", "--rating", "5..3"],
        &[
            "sudoku", "generate", "--tier", "hard", "--rating", "3.0..4.0",
        ],
        &[
            "sudoku",
            "generate",
            "--tier",
            "hard",
            "--max-seconds",
            "-1",
        ],
    ] {
        let output = run(bad, "");
        assert_eq!(output.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn grade_variant_x_rates_with_the_diagonals() {
    // SE (serate --isX=1) rates this X-sudoku 2.9: a generalized intersection.
    let x_puzzle =
        "..1.8.........2.96......3..6......3.1.2.6.8.7.7......4..8......31.5.........3.1..";
    let output = run(&["sudoku", "grade", "--variant", "x"], x_puzzle);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains(x_puzzle) && text.ends_with(" 2.9 hard Generalized Intersection\n"),
        "{text}"
    );
    // Without the diagonals the puzzle has more than one solution.
    let classic = run(&["sudoku", "grade"], x_puzzle);
    assert_eq!(classic.status.code(), Some(1));
    assert!(stderr(&classic).contains("more than one solution"));
}

#[test]
fn grade_variant_refuses_givens_repeated_in_an_extra_house() {
    let mut line = vec![b'.'; 81];
    line[0] = b'1';
    line[80] = b'1';
    let line = String::from_utf8(line).unwrap();
    let output = run(
        &["sudoku", "grade", "--variant", "x"],
        &format!("{EASY}\n{line}\n"),
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let errors = stderr(&output);
    assert!(
        errors.contains(":2:")
            && errors.contains("appears twice in the main diagonal (r1c1 and r9c9)"),
        "{errors}"
    );
    // The first window of windoku holds r2c2 and r4c4.
    let mut line = vec![b'.'; 81];
    line[10] = b'7';
    line[30] = b'7';
    let line = String::from_utf8(line).unwrap();
    let output = run(&["sudoku", "grade", "--variant", "windoku"], &line);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("appears twice in window 1 (r2c2 and r4c4)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn walkthrough_retells_the_solve_as_books_print_it() {
    let output = run(&["sudoku", "grade", "--walkthrough"], BUG_PUZZLE);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(BUG_PUZZLE));
    let grid = BUG_PUZZLE.parse().unwrap();
    let walk = puzzlebook::sudoku::grade::walkthrough::walkthrough(&grid).unwrap();
    let printed: Vec<String> = walk
        .steps
        .iter()
        .enumerate()
        .flat_map(|(number, step)| {
            printed_step(number, step.text(puzzlebook::i18n::Language::ENGLISH))
        })
        .collect();
    assert_eq!(lines[1..], printed);
    // Singles grouped by value, in the graders' notation.
    assert!(
        lines[1].starts_with("  step 1. Singles: 1 in r"),
        "{}",
        lines[1]
    );
    assert!(lines[1].contains("; 2 in r"), "{}", lines[1]);
    assert!(text.contains("Bivalue Universal Grave"), "{text}");
    let japanese = run(
        &["sudoku", "grade", "--walkthrough", "--language", "ja"],
        BUG_PUZZLE,
    );
    assert!(
        stdout(&japanese).contains("シングル：1は"),
        "{}",
        stdout(&japanese)
    );
    // Not with another output format.
    let output = run(
        &["sudoku", "grade", "--walkthrough", "--format", "json"],
        BUG_PUZZLE,
    );
    assert_eq!(output.status.code(), Some(2));
}

/// X-sudoku and windoku lines are walked through by the classic grader with their extra
/// houses; the other variants are refused with exit 2.
#[test]
fn walkthroughs_of_x_and_windoku_lines_and_not_of_other_variants() {
    use puzzlebook::i18n::Language as Words;
    use puzzlebook::sudoku::grade::ExtraHouses;
    use puzzlebook::sudoku::grade::walkthrough::walkthrough_in;
    let data = include_str!("data/x-rated.txt");
    let windoku = include_str!("data/windoku-rated.txt");
    for (head, extra, line) in [
        ("x", ExtraHouses::X, data.lines().nth(300).unwrap()),
        (
            "windoku",
            ExtraHouses::Windoku,
            windoku.lines().nth(150).unwrap(),
        ),
    ] {
        let givens = line.split_whitespace().next().unwrap();
        let output = run(
            &["sudoku", "grade", "--walkthrough"],
            &format!("{head}:{givens}"),
        );
        assert!(output.status.success(), "{}", stderr(&output));
        let text = stdout(&output);
        let walk = walkthrough_in(&givens.parse().unwrap(), extra).unwrap();
        let steps: Vec<&str> = text.lines().skip(1).collect();
        let printed: Vec<String> = walk
            .steps
            .iter()
            .enumerate()
            .flat_map(|(number, step)| printed_step(number, step.text(Words::ENGLISH)))
            .collect();
        assert_eq!(steps, printed);
    }
    let jigsaw = run(
        &["sudoku", "generate", "--variant", "jigsaw", "--seed", "1"],
        "",
    );
    assert!(jigsaw.status.success());
    // Puzzles of the house grader (here a jigsaw) get the walkthrough of its path.
    let output = run(
        &["sudoku", "grade", "--walkthrough", "--language", "ja"],
        &stdout(&jigsaw),
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let grid = puzzlebook::sudoku::variant::grid::parse_any(stdout(&jigsaw).trim()).unwrap();
    let walk = puzzlebook::sudoku::variant::walkthrough::walkthrough(&grid).unwrap();
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().skip(1).collect();
    // A table (pointing and claiming told as rows) has a row a line (its columns split by
    // an arrow), indented under the step's number.
    let mut expected = Vec::new();
    for (number, step) in walk.steps.iter().enumerate() {
        let head = format!("  step {}. ", number + 1);
        for (row, words) in step.text(Words::JAPANESE).lines().enumerate() {
            let lead = if row == 0 {
                head.clone()
            } else {
                " ".repeat(head.chars().count())
            };
            expected.push(format!("{lead}{}", words.replace('\t', " → ")));
        }
    }
    assert_eq!(lines, expected);
}

/// Step `number` (from 0) as `--walkthrough` prints it: "  step 1. …", a table's rows each
/// on a line of its own, indented under the first, their columns joined by an arrow.
fn printed_step(number: usize, words: &str) -> Vec<String> {
    let head = format!("  step {}. ", number + 1);
    let indent = " ".repeat(head.chars().count());
    words
        .lines()
        .enumerate()
        .map(|(index, line)| {
            let lead = if index == 0 { &head } else { &indent };
            format!("{lead}{}", line.replace('\t', " → "))
        })
        .collect()
}
