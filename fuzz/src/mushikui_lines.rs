//! The mushikui-zan row-list format: any bytes through `parse_puzzles`; what parses is
//! printed back, laid out, counted, solved and (when unique) graded and typeset.
//!
//! Sizes need no extra cap: the format itself bounds every shape (addition up to 6 rows of
//! 18 digits, multiplication 7 × 6 digits, division up to a 6-digit divisor and a 7-digit
//! quotient), and counting stops at a small limit.
//!
//! Invariants: nothing panics; every error is an input error with a line and column inside
//! the text; a parsed puzzle prints as a line that parses back to it; count, solve and the
//! listed solutions agree; a unique puzzle grades, and a printable one lays out.

use puzzlebook::layout::sum::SumFigure;
use puzzlebook::mushikui::{
    Puzzle, Solution, count_solutions, grade, parse_puzzles, solutions, solve,
};

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let lines: Vec<&str> = text.lines().collect();
    for result in parse_puzzles(&text) {
        let parsed = match result {
            Ok(parsed) => parsed,
            Err(error) => {
                assert_eq!(error.exit_code(), 2, "{error}");
                let line = error.location().line.expect("parse errors name their line");
                assert!((1..=lines.len()).contains(&line), "{error}");
                let column = error.location().column.unwrap_or(1);
                assert!(
                    column >= 1 && column <= lines[line - 1].chars().count() + 1,
                    "{error}"
                );
                let _ = error.to_string();
                continue;
            }
        };
        let puzzle = parsed.puzzle;
        let line = puzzle.to_line();
        assert_eq!(
            Puzzle::parse(&line).expect("a printed puzzle parses"),
            puzzle
        );
        assert_eq!(puzzle.roles().len(), puzzle.rows().len());
        assert_eq!(puzzle.layout().len(), puzzle.rows().len());
        let printable = puzzle.check_printable().is_ok();

        let count = count_solutions(&puzzle, 3);
        let listed = solutions(&puzzle, 3);
        assert_eq!(listed.len() as u64, count);
        for solution in &listed {
            assert!(
                solution.solves(&puzzle),
                "{solution} does not solve {puzzle}"
            );
        }
        match solve(&puzzle) {
            Solution::None => assert_eq!(count, 0),
            Solution::Unique(solution) => {
                assert_eq!(count, 1);
                let grade = grade(&puzzle).expect("a unique puzzle grades");
                assert!((1.0..=10.0).contains(&grade.rating), "{}", grade.rating);
                if printable {
                    SumFigure::from_puzzles(&puzzle, &solution)
                        .expect("a printable puzzle lays out");
                }
            }
            Solution::Multiple(first, second) => {
                assert!(count >= 2);
                assert_ne!(first, second);
            }
        }
    }
}
