//! The sudoku text formats: any bytes through `parse_puzzles`, the streaming
//! `PuzzleReader` (both the one-step and the split-then-parse paths) and `Grid::parse`;
//! what parses is solved and counted.
//!
//! Invariants: nothing panics; both reader paths agree; every error is an input error
//! with a line inside the text; a parsed grid prints as a line that parses back to it;
//! solve and count agree with each other.

use puzzlebook::sudoku::{Grid, PuzzleReader, Solution, count_solutions, parse_puzzles, solve};

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let line_count = text.lines().count();

    let whole = parse_puzzles(&text);
    let mut reader = PuzzleReader::new();
    let mut split = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if let Some(raw) = reader.split_line(index + 1, line) {
            let line = raw.line();
            let parsed = raw.parse();
            if let Ok(parsed) = &parsed {
                assert_eq!(parsed.line, line);
            }
            split.push(parsed);
        }
    }
    split.extend(reader.finish());
    assert_eq!(whole, split, "the two reader paths disagree");

    for result in &whole {
        match result {
            Ok(parsed) => {
                assert!((1..=line_count).contains(&parsed.line));
                let grid = parsed.grid;
                let line = grid.to_line();
                assert_eq!(line.len(), 81);
                assert_eq!(Grid::parse(&line).expect("a printed grid parses"), grid);
                let count = count_solutions(&grid, 3);
                match solve(&grid) {
                    Solution::None => assert_eq!(count, 0),
                    Solution::Unique(solution) => {
                        assert_eq!(count, 1);
                        assert!(solution.is_complete() && solution.solves(&grid));
                    }
                    Solution::Multiple(first, second) => {
                        assert!(count >= 2);
                        assert_ne!(first, second);
                        assert!(first.solves(&grid) && second.solves(&grid));
                    }
                }
            }
            Err(error) => {
                assert_eq!(error.exit_code(), 2, "{error}");
                let line = error.location().line.expect("parse errors name their line");
                assert!((1..=line_count).contains(&line), "{error}");
                let _ = error.to_string();
            }
        }
    }

    let _ = Grid::parse(&text).map(|grid| grid.to_pretty());
}
