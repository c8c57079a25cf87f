//! Grading arbitrary grids, unique or not, solvable or contradictory.
//!
//! The first byte picks how the rest becomes a grid:
//! * raw: 81 bytes, one cell each (value mod 10), so most grids are contradictory or have
//!   many solutions, and a few are near-empty;
//! * edited: a real puzzle (SE-rated 2.6 to 9.3) changed by (cell, action) byte pairs: add
//!   the solution's digit (the puzzle stays unique and gets easier), remove a clue (it may
//!   gain solutions), or write some digit (it may become contradictory). This reaches deep
//!   positions of every technique and chain rule.
//!
//! Invariants: nothing panics (debug assertions included: the grader's soundness check
//! fires if a technique contradicts the solution); a puzzle grades exactly when it has one
//! solution, and then the rating is in range and the grading's solution solves it.

use std::time::{Duration, Instant};

use puzzlebook::sudoku::grade::{GradeOptions, MAX_RATING, grade_with};
use puzzlebook::sudoku::{Grid, count_solutions, solve_any};

const PUZZLES: [&str; 12] = [
    ".5.9.86..8....6..7..6.2......9....7.2.3...8.9.1....4......3.7..9..8....4..56.4.3.",
    ".71...98...6.9.2..9...1...7..7.5.8...........6.52731.4....2....8.21.57.9.6.7.9.2.",
    ".3...2.9..51.7....6...3.7..1..4..3..5.......2..7..1..9..5.4...7....6.48..7.8...6.",
    ".7.....8.3..1.9..5....4.....8.....1....654...5.......99.5.7.1.8..85.29..2.......4",
    "...92...46....1..845.....9.1...679...3.....1...941...6.2.....798..2....19...74...",
    "..89.25..35.4.8.12.9..3..8.67.....54...........27.48.....6.7....8..9..4.96.....28",
    "..21..7.....3...61.4..95...83....1...59...24...7....58...56..1.57...9.....8..35..",
    "...45.....2...8.93.7......5.3..2.4..7..5.3..9..6.7..3.1......8.25.6...1.....81...",
    "..4....3...61..2.72........7...94..394.3.6.218..51...9........44.9..81...5....8..",
    ".4..3..753...8.41.5.7....2....9..5.....4.1.....1..8....1....3.6.54.9...283..1..5.",
    "312........6..152......86..5..9.68.7.7.....5.8.15.7..9..72......387..1........785",
    "..2..8.4.9.4.....1.1.3.....1...9...8..6.5.1..3...4...6.....2.8.7.....9.4.8.4..2..",
];

fn grid_of(data: &[u8]) -> Option<Grid> {
    let (&mode, rest) = data.split_first()?;
    let mut cells = [0u8; 81];
    if mode & 1 == 0 {
        for (cell, &byte) in cells.iter_mut().zip(rest) {
            *cell = byte % 10;
        }
    } else {
        let puzzle: Grid = PUZZLES[usize::from(mode >> 1) % PUZZLES.len()]
            .parse()
            .expect("a reference puzzle");
        let solution = solve_any(&puzzle).expect("a reference puzzle has a solution");
        cells = *puzzle.cells();
        for pair in rest.chunks_exact(2) {
            let cell = usize::from(pair[0]) % 81;
            cells[cell] = match pair[1] % 4 {
                0 | 1 => solution.get(cell),
                2 => 0,
                _ => pair[1] / 4 % 10,
            };
        }
    }
    Some(Grid::from_cells(cells).expect("cells are digits"))
}

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let Some(grid) = grid_of(data) else {
        return;
    };
    let options = GradeOptions {
        record_steps: data[0] & 0x80 != 0,
        deadline: Some(Instant::now() + Duration::from_secs(60)),
        ..GradeOptions::default()
    };
    let unique = grid.conflict().is_none() && count_solutions(&grid, 2) == 1;
    match grade_with(&grid, &options) {
        Ok(grading) => {
            assert!(unique, "graded a puzzle without a unique solution");
            assert!(grading.complete);
            assert!(grading.rating_tenths >= 10 && grading.rating_tenths <= MAX_RATING);
            assert!(grading.solution.is_complete() && grading.solution.solves(&grid));
            if options.record_steps {
                assert_eq!(grading.steps.len(), grading.step_count);
            }
        }
        Err(error) => {
            assert!(!unique, "a unique puzzle failed to grade: {error}");
            assert_eq!(error.exit_code(), 1, "{error}");
        }
    }
}
