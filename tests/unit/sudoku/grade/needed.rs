use puzzlebook::sudoku::grade::board::Board;
use puzzlebook::sudoku::grade::board::ExtraHouses;
use puzzlebook::sudoku::grade::needed::*;
use puzzlebook::sudoku::grade::walkthrough::apply;
use puzzlebook::sudoku::grade::walkthrough::is_single;
use puzzlebook::sudoku::grade::{GradeOptions, grade_with};
use puzzlebook::sudoku::grid::Grid;

fn rated(low: f64, high: f64, count: usize) -> Vec<Grid> {
    include_str!("../../../data/se-rated.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let grid: Grid = words.next()?.parse().ok()?;
            let rating: f64 = words.next()?.parse().ok()?;
            (low..high).contains(&rating).then_some(grid)
        })
        .step_by(3)
        .take(count)
        .collect()
}

/// The steps kept solve the puzzle when replayed, and on hard puzzles some steps are
/// left out: the grader's path holds deductions nothing comes back to.
#[test]
fn the_needed_steps_solve_the_puzzle_and_some_are_left_out() {
    let geometry = ExtraHouses::None.geometry();
    let (mut beyond, mut kept) = (0, 0);
    for puzzle in rated(4.0, 7.5, 24) {
        let grading = grade_with(
            &puzzle,
            &GradeOptions {
                record_steps: true,
                ..GradeOptions::default()
            },
        )
        .unwrap();
        let needed = needed(&puzzle, &grading.steps, geometry);
        let mut board = Board::with_geometry(&puzzle, geometry);
        for (step, &needed) in grading.steps.iter().zip(&needed) {
            if is_single(step.technique) {
                assert!(needed);
            } else {
                beyond += 1;
                kept += usize::from(needed);
            }
            if needed {
                apply(&mut board, step);
            }
        }
        assert!(board.is_solved());
        // The hardest step the rating measured is kept: the puzzle is never told as
        // easier than it is.
        assert!(
            grading
                .steps
                .iter()
                .zip(&needed)
                .filter(|(_, needed)| **needed)
                .any(|(step, _)| step.rating_tenths == grading.rating_tenths)
                || grading.rating_tenths <= 23
        );
    }
    assert!(kept < beyond * 9 / 10, "kept {kept} of {beyond}");
}
