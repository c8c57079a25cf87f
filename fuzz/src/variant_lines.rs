//! The sudoku variant line (`HEAD:GIVENS[:REGIONS]`): any bytes through the any-kind reader,
//! with and without a default kind; what parses is printed, re-read, solved and counted.
//!
//! Invariants: nothing panics; every error is an input error with a line and a column inside
//! the text; a parsed grid prints as a line that parses back to the same grid; solve agrees
//! with the fast counter, and on small grids with the reference counter; the grader rates
//! every small puzzle with one solution and its solution solves it.

use puzzlebook::sudoku::variant::grade::{VariantGradeOptions, grade};
use puzzlebook::sudoku::variant::{
    AnyPuzzle, AnyReader, Size, Variant, VariantSolution, count_solutions, parse_any, reference,
    solve,
};

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let line_count = text.lines().count();
    for default in [
        None,
        Some((Size::S6, Variant::X)),
        Some((Size::S4, Variant::Classic)),
    ] {
        let mut reader = AnyReader::new(default);
        let mut raws = Vec::new();
        for (index, line) in text.lines().enumerate() {
            raws.extend(reader.split_line(index + 1, line));
        }
        raws.extend(reader.finish());
        for raw in raws {
            match raw.parse() {
                Ok(AnyPuzzle::Variant(parsed)) => {
                    assert!((1..=line_count).contains(&parsed.line));
                    let grid = parsed.grid;
                    let line = grid.to_line();
                    assert_eq!(parse_any(&line).expect("a printed grid parses"), grid);
                    let count = count_solutions(&grid, 3);
                    match solve(&grid) {
                        VariantSolution::None => assert_eq!(count, 0),
                        VariantSolution::Unique(solution) => {
                            assert_eq!(count, 1);
                            assert!(solution.solves(&grid));
                        }
                        VariantSolution::Multiple(a, b) => {
                            assert!(count >= 2);
                            assert!(a != b && a.solves(&grid) && b.solves(&grid));
                        }
                    }
                    if grid.geometry().side() <= 6 {
                        assert_eq!(reference::count_solutions(&grid, 3), count);
                        if count == 1 {
                            let grading = grade(&grid, &VariantGradeOptions::default())
                                .expect("a unique puzzle grades");
                            assert!(grading.solution.solves(&grid));
                        }
                    }
                }
                // Killer lines have their own target (killer_lines).
                Ok(AnyPuzzle::Classic(_) | AnyPuzzle::Killer(_)) => {}
                Err(error) => {
                    assert_eq!(error.exit_code(), 2, "{error}");
                    let line = error.location().line.expect("parse errors name their line");
                    assert!((1..=line_count).contains(&line), "{error}");
                    let _ = error.to_string();
                }
            }
        }
    }
}
