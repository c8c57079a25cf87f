//! An exact solver over a geometry's houses, for grading grids with extra houses.
//!
//! The classic solver (`sudoku::solver`) knows rows, columns and boxes only. Grading an
//! X-sudoku or windoku needs its unique solution under the extra houses too; this is a
//! plain depth-first search on candidate masks (fewest candidates first, placing a digit
//! clears it from the cell's peers), fast enough beside grading, and checked against the
//! classic solver on classic grids and against brute force on small cases in the tests.

use super::board::{ALL_DIGITS, Geometry, HOUSE_CELLS, bit, digits_of};
use crate::sudoku::grid::Grid;
use crate::sudoku::solver::Solution;

/// The first pair of givens that share a house of the geometry, as (house, cell, cell).
pub fn conflict(puzzle: &Grid, geometry: &Geometry) -> Option<(usize, usize, usize)> {
    let houses = (0..27).chain(geometry.extra_houses.iter().copied());
    for house in houses {
        let cells = &HOUSE_CELLS[house];
        for (at, &first) in cells.iter().enumerate() {
            let value = puzzle.get(first);
            if value == 0 {
                continue;
            }
            if let Some(&second) = cells[at + 1..].iter().find(|&&c| puzzle.get(c) == value) {
                return Some((house, first.min(second), first.max(second)));
            }
        }
    }
    None
}

/// Solves a puzzle under the houses of a geometry.
pub fn solve_in(puzzle: &Grid, geometry: &'static Geometry) -> Solution {
    let mut found = Vec::with_capacity(2);
    if conflict(puzzle, geometry).is_none() {
        let mut candidates = [ALL_DIGITS; 81];
        let mut values = [0u8; 81];
        let mut consistent = true;
        for cell in 0..81 {
            let value = puzzle.get(cell);
            if value != 0 {
                consistent &= place(&mut values, &mut candidates, geometry, cell, value);
            }
        }
        if consistent {
            search(values, candidates, geometry, &mut found);
        }
    }
    match found.as_slice() {
        [] => Solution::None,
        [only] => Solution::Unique(*only),
        [first, second, ..] => Solution::Multiple(*first, *second),
    }
}

/// Places a digit; false when a peer is left without candidates.
fn place(
    values: &mut [u8; 81],
    candidates: &mut [u16; 81],
    geometry: &Geometry,
    cell: usize,
    digit: u8,
) -> bool {
    values[cell] = digit;
    candidates[cell] = 0;
    for &peer in geometry.peers(cell) {
        let peer = peer as usize;
        if values[peer] == 0 {
            candidates[peer] &= !bit(digit);
            if candidates[peer] == 0 {
                return false;
            }
        }
    }
    true
}

fn search(
    values: [u8; 81],
    candidates: [u16; 81],
    geometry: &'static Geometry,
    found: &mut Vec<Grid>,
) {
    let cell = (0..81)
        .filter(|&cell| values[cell] == 0)
        .min_by_key(|&cell| candidates[cell].count_ones());
    let Some(cell) = cell else {
        found.push(Grid::from_cells(values).expect("placed values are digits"));
        return;
    };
    for digit in digits_of(candidates[cell]) {
        let mut next_values = values;
        let mut next_candidates = candidates;
        if place(
            &mut next_values,
            &mut next_candidates,
            geometry,
            cell,
            digit,
        ) {
            search(next_values, next_candidates, geometry, found);
            if found.len() >= 2 {
                return;
            }
        }
    }
}
