//! The killer line (`HEAD:GIVENS:CAGES:SUMS`): any bytes through the any-kind reader; what
//! parses as a killer is printed, re-read, solved and counted.
//!
//! Invariants: nothing panics; every error is an input error with a line inside the text;
//! a parsed killer prints as a line that parses back to the same killer; solve agrees with
//! the fast counter, and on 4×4 and 6×6 grids with the reference counter; every solution
//! keeps every rule.

use puzzlebook::sudoku::killer::solver::{KillerSolution, count_solutions, solve};
use puzzlebook::sudoku::killer::{Killer, reference};
use puzzlebook::sudoku::variant::{AnyPuzzle, AnyReader};

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let line_count = text.lines().count();
    let mut reader = AnyReader::new(None);
    let mut raws = Vec::new();
    for (index, line) in text.lines().enumerate() {
        raws.extend(reader.split_line(index + 1, line));
    }
    raws.extend(reader.finish());
    for raw in raws {
        match raw.parse() {
            Ok(AnyPuzzle::Killer(parsed)) => {
                assert!((1..=line_count).contains(&parsed.line));
                let killer = parsed.killer;
                let line = killer.to_line();
                let again = Killer::parse_word(&line, 1)
                    .expect("a printed killer is a killer line")
                    .expect("a printed killer parses");
                assert_eq!(again, killer);
                let count = count_solutions(&killer, 3);
                match solve(&killer) {
                    KillerSolution::None => assert_eq!(count, 0),
                    KillerSolution::Unique(solution) => {
                        assert_eq!(count, 1);
                        assert!(killer.is_solved_by(&solution));
                    }
                    KillerSolution::Multiple(a, b) => {
                        assert!(count >= 2);
                        assert!(a != b && killer.is_solved_by(&a) && killer.is_solved_by(&b));
                    }
                }
                if killer.geometry().side() <= 6 {
                    assert_eq!(reference::count(&killer, 3), count);
                }
            }
            Ok(_) => {}
            Err(error) => {
                assert_eq!(error.exit_code(), 2, "{error}");
                let line = error.location().line.expect("parse errors name their line");
                assert!((1..=line_count).contains(&line), "{error}");
                let _ = error.to_string();
            }
        }
    }
}
