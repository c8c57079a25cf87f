use puzzlebook::sudoku::grade::board::block_of;
use puzzlebook::sudoku::grade::board::column_of;
use puzzlebook::sudoku::grade::board::row_of;
use puzzlebook::sudoku::grade::hint::Technique;
use puzzlebook::sudoku::grade::nudge::*;
use puzzlebook::sudoku::grade::{GradeOptions, grade_with};
use puzzlebook::sudoku::grid::Grid;

#[test]
fn the_nudge_is_the_first_step_beyond_singles() {
    let lines = include_str!("../../../data/se-rated.txt");
    let mut nudged = 0;
    for line in lines
        .lines()
        .filter(|line| !line.starts_with('#'))
        .step_by(9)
        .take(120)
    {
        let Some(text) = line.split_whitespace().next() else {
            continue;
        };
        let puzzle: Grid = text.parse().unwrap();
        let grading = grade_with(
            &puzzle,
            &GradeOptions {
                record_steps: true,
                ..GradeOptions::default()
            },
        )
        .unwrap();
        let first = grading.steps.iter().find(|step| !is_single(step.technique));
        match (nudge(&puzzle), first) {
            (None, None) => {}
            (Some(nudge), Some(step)) => {
                assert_eq!(nudge.technique, step.technique, "{text}");
                assert_eq!(
                    nudge.name,
                    puzzlebook::sudoku::techniques::printed_step_name(step.technique, &step.name),
                    "{text}"
                );
                let cells: Vec<usize> = step.cells.iter().map(|&c| usize::from(c)).collect();
                // The place covers the pattern.
                for cell in cells {
                    let (row, column, block) = (
                        row_of(cell) as u8 + 1,
                        column_of(cell) as u8 + 1,
                        block_of(cell) as u8 + 1,
                    );
                    let covered = match &nudge.place {
                        Place::Box(b) => *b == block,
                        Place::Row(r) => *r == row,
                        Place::Column(c) => *c == column,
                        Place::Rows(rows) => rows.contains(&row),
                        Place::Columns(columns) => columns.contains(&column),
                        Place::Boxes(boxes) => boxes.contains(&block),
                        Place::Grid => true,
                    };
                    assert!(covered, "{text}: {nudge:?}");
                }
                nudged += 1;
            }
            (nudge, step) => {
                // Only trial and error may leave the grader's path without a nudge.
                assert!(
                    nudge.is_none()
                        && step.is_some_and(|s| s.technique == Technique::TrialAndError),
                    "{text}: {nudge:?} vs {step:?}"
                );
            }
        }
    }
    assert!(nudged >= 40, "only {nudged} puzzles nudged");
}

#[test]
fn places_are_the_smallest_description() {
    assert_eq!(place_of(&[0, 1, 10]), Place::Box(1));
    assert_eq!(place_of(&[0, 8]), Place::Row(1));
    assert_eq!(place_of(&[0, 80]), Place::Rows(vec![1, 9]));
    // An X-Wing: rows 2 and 6, columns 3 and 8.
    assert_eq!(place_of(&[11, 16, 47, 52]), Place::Rows(vec![2, 6]));
    assert_eq!(place_of(&[]), Place::Grid);
}
