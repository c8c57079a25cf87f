//! Hints: one nudge per puzzle for a stuck solver, without the answer.
//!
//! A solver gets stuck where the singles run out, so the nudge is the first step of the
//! grader's path that is not a single (full house, hidden or naked single): its technique
//! and where its pattern lies (a box, rows, columns), never its digit or what it removes.

use super::board::{Board, ExtraHouses, block_of, column_of, row_of};
use super::hint::Technique;
use super::next_hint;
use crate::sudoku::grid::Grid;

/// Where a pattern lies, houses numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Box(u8),
    Row(u8),
    Column(u8),
    Rows(Vec<u8>),
    Columns(Vec<u8>),
    Boxes(Vec<u8>),
    /// Spread over the grid (long chains): no one place to point at.
    Grid,
}

/// The first step that is not a single.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nudge {
    pub technique: Technique,
    /// The step's name as books print it (more precise than the technique's, e.g. "Unique
    /// Rectangle type 2").
    pub name: String,
    pub place: Place,
}

pub fn is_single(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::FullHouse
            | Technique::HiddenSingleBox
            | Technique::HiddenSingleLine
            | Technique::NakedSingle
    )
}

/// The nudge of a puzzle (with a unique solution): `None` when singles solve it, or when
/// the techniques run out first (the grader's trial and error: no nudge to give).
pub fn nudge(puzzle: &Grid) -> Option<Nudge> {
    nudge_in(puzzle, ExtraHouses::None)
}

/// [`nudge`] for a 9×9 puzzle with `extra` houses (X-sudoku, windoku).
pub fn nudge_in(puzzle: &Grid, extra: ExtraHouses) -> Option<Nudge> {
    let mut board = Board::with_geometry(puzzle, extra.geometry());
    while !board.is_solved() {
        let hint = next_hint(&board)?;
        if !is_single(hint.technique) {
            let cells: Vec<usize> = (0..81)
                .filter(|&cell| hint.cells >> cell & 1 == 1)
                .collect();
            return Some(Nudge {
                technique: hint.technique,
                name: crate::sudoku::techniques::printed_step_name(
                    hint.technique,
                    &hint.display_name(),
                ),
                place: place_of(&cells),
            });
        }
        hint.apply(&mut board);
    }
    None
}

/// The smallest description of where `cells` lie.
pub fn place_of(cells: &[usize]) -> Place {
    let distinct = |of: fn(usize) -> usize| {
        let mut houses: Vec<u8> = cells.iter().map(|&cell| of(cell) as u8 + 1).collect();
        houses.sort_unstable();
        houses.dedup();
        houses
    };
    if cells.is_empty() {
        return Place::Grid;
    }
    let (rows, columns, boxes) = (distinct(row_of), distinct(column_of), distinct(block_of));
    match (boxes.as_slice(), rows.as_slice(), columns.as_slice()) {
        ([only], _, _) => Place::Box(*only),
        (_, [only], _) => Place::Row(*only),
        (_, _, [only]) => Place::Column(*only),
        _ if rows.len() <= 3 && rows.len() <= columns.len() => Place::Rows(rows),
        _ if columns.len() <= 3 => Place::Columns(columns),
        _ if boxes.len() <= 3 => Place::Boxes(boxes),
        _ => Place::Grid,
    }
}
