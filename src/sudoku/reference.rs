//! A deliberately simple solution counter, used only to check the fast solver.
//!
//! No propagation, no bitsets beyond a digit mask: at each node it scans the peers of every
//! empty cell to list the digits that fit, then branches on the smallest exhaustive choice —
//! the digits of one cell, or the cells of one house where a digit can go — and counts.
//! Slow, but obviously right.

use super::grid::{Grid, HOUSES};

fn fits(cells: &[u8; 81], cell: usize, digit: u8) -> bool {
    let (row, column) = (cell / 9, cell % 9);
    let box_start = row / 3 * 27 + column / 3 * 3;
    (0..9).all(|k| {
        cells[row * 9 + k] != digit
            && cells[k * 9 + column] != digit
            && cells[box_start + k / 3 * 9 + k % 3] != digit
    })
}

/// Counts the solutions of `puzzle`, stopping at `limit`. Clashing clues mean 0 solutions.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    if puzzle.conflict().is_some() {
        return 0;
    }
    let mut cells = *puzzle.cells();
    let mut count = 0;
    count_from(&mut cells, limit, &mut count, &mut None);
    count
}

/// The solutions of `puzzle`, at most `limit` of them, in the order found.
pub fn solutions(puzzle: &Grid, limit: usize) -> Vec<Grid> {
    if puzzle.conflict().is_some() {
        return Vec::new();
    }
    let mut cells = *puzzle.cells();
    let mut count = 0;
    let mut found = Some(Vec::new());
    count_from(&mut cells, limit, &mut count, &mut found);
    found.unwrap_or_default()
}

fn count_from(
    cells: &mut [u8; 81],
    limit: usize,
    count: &mut usize,
    found: &mut Option<Vec<Grid>>,
) {
    if *count >= limit {
        return;
    }
    // The digits that fit each empty cell (bit d for digit d).
    let mut options = [0u16; 81];
    for cell in 0..81 {
        if cells[cell] == 0 {
            options[cell] = (1..=9u8)
                .filter(|&digit| fits(cells, cell, digit))
                .fold(0, |mask, digit| mask | 1 << digit);
        }
    }
    // The smallest branching: a cell's digits, or the cells of a house where a digit can
    // go. Either way every solution lies in exactly one branch. No place at all: dead end.
    let mut best: Option<Vec<(usize, u8)>> = None;
    let mut consider = |branches: Vec<(usize, u8)>| {
        if best.as_ref().is_none_or(|b| branches.len() < b.len()) {
            best = Some(branches);
        }
    };
    let mut empty = false;
    for cell in (0..81).filter(|&cell| cells[cell] == 0) {
        empty = true;
        consider(
            (1..=9u8)
                .filter(|&digit| options[cell] & (1 << digit) != 0)
                .map(|digit| (cell, digit))
                .collect(),
        );
    }
    for house in HOUSES {
        for digit in (1..=9u8).filter(|&digit| house.iter().all(|&cell| cells[cell] != digit)) {
            consider(
                house
                    .iter()
                    .filter(|&&cell| options[cell] & (1 << digit) != 0)
                    .map(|&cell| (cell, digit))
                    .collect(),
            );
        }
    }
    if !empty {
        *count += 1;
        if let Some(list) = found {
            list.push(Grid::from_cells(*cells).expect("digits"));
        }
        return;
    }
    for (cell, digit) in best.unwrap_or_default() {
        cells[cell] = digit;
        count_from(cells, limit, count, found);
        cells[cell] = 0;
        if *count >= limit {
            return;
        }
    }
}
