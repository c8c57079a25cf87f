//! A deliberately simple solution counter, used only to check the fast solver.
//!
//! No bitsets, no propagation: it scans the peers of every empty cell to list the digits
//! that fit, branches on the cell with the fewest, and counts. Slow, but obviously right.

use super::grid::Grid;

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
    let mut best: Option<(usize, Vec<u8>)> = None;
    for cell in 0..81 {
        if cells[cell] != 0 {
            continue;
        }
        let options: Vec<u8> = (1..=9).filter(|&d| fits(cells, cell, d)).collect();
        if best.as_ref().is_none_or(|(_, b)| options.len() < b.len()) {
            best = Some((cell, options));
        }
    }
    let Some((cell, options)) = best else {
        *count += 1;
        if let Some(list) = found {
            list.push(Grid::from_cells(*cells).expect("digits"));
        }
        return;
    };
    for digit in options {
        cells[cell] = digit;
        count_from(cells, limit, count, found);
        cells[cell] = 0;
        if *count >= limit {
            return;
        }
    }
}
