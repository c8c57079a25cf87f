//! The `puzzlebook mushikui` commands as a user runs them: output, errors, exit codes.

use crate::common;

use common::{run_binary as puzzlebook, stderr, stdout};

use std::path::PathBuf;

use puzzlebook::mushikui::{Puzzle, count_solutions};

/// A file in a fresh scratch directory under the build's temporary directory (not the
/// system's, which the tests would fill with a directory per run).
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = common::scratch(&format!("mushikui-cli-{name}")).join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn generate_is_deterministic_for_any_thread_count() {
    let args = |jobs: &'static str| {
        vec![
            "mushikui", "generate", "--op", "mul", "--digits", "3,2", "-n", "12", "--seed",
            "cli-test", "--jobs", jobs,
        ]
    };
    let one = puzzlebook(&args("1"), "");
    let two = puzzlebook(&args("2"), "");
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&two));
    let text = stdout(&one);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 12);
    for line in &lines {
        let puzzle: Puzzle = line.parse().unwrap();
        assert!(line.starts_with("mul:"));
        assert_eq!(puzzle.rows()[0].len(), 3);
        assert_eq!(count_solutions(&puzzle, 2), 1, "{line}");
    }
    // A longer run starts with the same puzzles.
    let more = puzzlebook(
        &[
            "mushikui", "generate", "--op", "mul", "--digits", "3,2", "-n", "13", "--seed",
            "cli-test",
        ],
        "",
    );
    assert!(stdout(&more).starts_with(&stdout(&one)));
}

#[test]
fn generate_json_carries_solution_and_grade() {
    let output = puzzlebook(
        &[
            "mushikui", "generate", "--op", "div", "--digits", "5,2", "-n", "3", "--format",
            "json", "--seed", "7",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for (index, line) in stdout(&output).lines().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle: Puzzle = record["puzzle"].as_str().unwrap().parse().unwrap();
        let solution: Puzzle = record["solution"].as_str().unwrap().parse().unwrap();
        assert!(solution.solves(&puzzle));
        assert_eq!(record["index"], index as u64);
        assert_eq!(record["seed"], "7");
        assert_eq!(record["op"], "div");
        assert!(record["rating"].as_f64().unwrap() >= 1.0);
        assert!(["easy", "medium", "hard", "expert"].contains(&record["tier"].as_str().unwrap()));
        assert_eq!(record["shown"], puzzle.shown_count() as u64);
    }
}

#[test]
fn generate_to_a_tier_and_a_theme() {
    let output = puzzlebook(
        &[
            "mushikui", "generate", "--op", "mul", "--digits", "3,3", "-n", "3", "--tier", "easy",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let graded = puzzlebook(&["mushikui", "grade"], &stdout(&output));
    for line in stdout(&graded).lines() {
        assert!(line.ends_with(" easy"), "{line}");
    }
    let themed = puzzlebook(
        &[
            "mushikui",
            "generate",
            "--op",
            "div",
            "--digits",
            "7,3",
            "--reveal-only",
            "7",
        ],
        "",
    );
    assert_eq!(themed.status.code(), Some(0), "{}", stderr(&themed));
    let puzzle: Puzzle = stdout(&themed).trim().parse().unwrap();
    assert!(puzzle.shown_count() > 0);
}

#[test]
fn bad_generate_requests_are_usage_errors() {
    for args in [
        vec!["mushikui", "generate", "--op", "mul", "--digits", "9,2"],
        vec!["mushikui", "generate", "--op", "pow", "--digits", "2,2"],
        vec!["mushikui", "generate", "--op", "div", "--digits", "3,5"],
        vec!["mushikui", "generate", "--op", "add", "--digits", "3"],
        vec![
            "mushikui",
            "generate",
            "--op",
            "add",
            "--digits",
            "3,3",
            "--reveal-only",
            "12",
        ],
        vec!["mushikui", "generate", "--op", "mul"],
    ] {
        let output = puzzlebook(&args, "");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn count_and_solve_stream_in_order() {
    let input = "# classics\nmul:**,**,**5,25*,2**5 solutions=6\n\ndiv:1*,49,6**,49,19*,1*6,0\n";
    let counted = puzzlebook(&["mushikui", "count", "--limit", "100"], input);
    assert_eq!(counted.status.code(), Some(0));
    assert_eq!(stdout(&counted), "6\n1\n");
    let default_limit = puzzlebook(&["mushikui", "count"], input);
    assert_eq!(stdout(&default_limit), "2\n1\n");
    let path = temp_file("puzzles.txt", input);
    let solved = puzzlebook(&["mushikui", "solve", path.to_str().unwrap()], "");
    assert_eq!(solved.status.code(), Some(1));
    assert_eq!(stdout(&solved), "div:14,49,686,49,196,196,0\n");
    let error = stderr(&solved);
    assert!(
        error.contains(&format!(
            "{}:2: the puzzle has more than one solution",
            path.display()
        )),
        "{error}"
    );
}

#[test]
fn parse_errors_name_file_line_and_column() {
    let path = temp_file("broken.txt", "mul:11,11,**,**,***\nmul:1x,11,**,**,***\n");
    let output = puzzlebook(&["mushikui", "count", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "1\n");
    let error = stderr(&output);
    assert!(
        error.contains(&format!("{}:2:6: unexpected character 'x'", path.display())),
        "{error}"
    );
    let contradiction = puzzlebook(&["mushikui", "solve"], "add:12,34,47\n");
    assert_eq!(contradiction.status.code(), Some(2));
    assert!(
        stderr(&contradiction).contains("<stdin>:1:"),
        "{}",
        stderr(&contradiction)
    );
    let missing = puzzlebook(&["mushikui", "solve", "/nonexistent/puzzles.txt"], "");
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn grade_prints_rating_and_tier_and_explains() {
    let input = "mul:11,11,**,**,***\ndiv:***,***,*2**7*,***1,****,**8*,****,6***,5\n";
    let output = puzzlebook(&["mushikui", "grade"], input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "mul:11,11,**,**,*** 1.0 easy");
    let fields: Vec<&str> = lines[1].split(' ').collect();
    assert_eq!(fields.len(), 3);
    assert!(fields[1].parse::<f64>().unwrap() >= 1.0);
    let explained = puzzlebook(&["mushikui", "grade", "--explain"], "mul:11,11,**,**,***\n");
    let text = stdout(&explained);
    assert!(text.starts_with("mul:11,11,**,**,*** 1.0 easy\n"), "{text}");
    assert!(text.contains("multiply-out"), "{text}");
    assert!(text.contains("column-sum"), "{text}");
    let json = puzzlebook(
        &["mushikui", "grade", "--format", "json", "--explain"],
        input,
    );
    for line in stdout(&json).lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(
            record["steps"]
                .as_array()
                .is_some_and(|steps| !steps.is_empty())
        );
        assert!(record["rating"].is_number());
    }
    let ambiguous = puzzlebook(&["mushikui", "grade"], "mul:**,**,**5,25*,2**5\n");
    assert_eq!(ambiguous.status.code(), Some(1));
    assert!(stderr(&ambiguous).contains("<stdin>:1: the puzzle has more than one solution"));
}

/// `--hardest RULE` makes puzzles whose grading names RULE as the hardest rule, `--needs
/// RULE` puzzles whose explained solution uses it; an unknown rule is an input error with
/// the closest name.
#[test]
fn generate_steers_puzzles_to_the_rules_asked_for() {
    use puzzlebook::mushikui::{Rule, explain, grade};
    let made = |flag: &str, rule: &str| {
        let output = puzzlebook(
            &[
                "mushikui", "generate", "--op", "div", "--digits", "5,2", "-n", "4", "--seed",
                "steer", flag, rule,
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let text = stdout(&output);
        let puzzles: Vec<Puzzle> = text.lines().map(|line| line.parse().unwrap()).collect();
        assert_eq!(puzzles.len(), 4);
        puzzles
    };
    for puzzle in made("--hardest", "remainder-bound") {
        assert_eq!(grade(&puzzle).unwrap().hardest, Rule::RemainderBound);
    }
    for puzzle in made("--needs", "digit-one") {
        let (_, steps) = explain(&puzzle).unwrap();
        assert!(steps.iter().any(|step| step.rule == Rule::DigitOne));
    }
    let output = puzzlebook(
        &[
            "mushikui",
            "generate",
            "--op",
            "div",
            "--digits",
            "5,2",
            "--hardest",
            "remaindr-bound",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("did you mean \"remainder-bound\""),
        "{}",
        stderr(&output)
    );
}
