//! Random complete grids of the regular kinds, searched on bit sets.
//!
//! Empty regular grids without extra houses fill fastest on singles alone (see
//! `solver::random_solution`). This is that search moved onto per-digit candidate sets:
//! the same propagation to the singles' fixed point, the same branch cell (the first with
//! the fewest candidates) and the same digits in the same random order. So it makes the
//! same grid from the same stream as the house solver would, in a fraction of the time.

use std::sync::Arc;
use std::time::Instant;

use super::bits::{Bits, HouseBits};
use super::geometry::{Geometry, MAX_SIDE};
use super::grid::VariantGrid;
use super::solver::Allowance;
use crate::seed::RandomStream;

/// A random complete grid of `geometry` (trying digits in random order), or `None` when
/// the search visits `node_budget` positions or the deadline passes.
pub(crate) fn random_grid(
    geometry: &Arc<Geometry>,
    rng: &mut RandomStream,
    node_budget: u64,
    deadline: Option<Instant>,
) -> Option<VariantGrid> {
    match geometry.house_bits().words {
        1 => random_grid_in::<1>(geometry, rng, node_budget, deadline),
        2 => random_grid_in::<2>(geometry, rng, node_budget, deadline),
        3 => random_grid_in::<3>(geometry, rng, node_budget, deadline),
        _ => random_grid_in::<4>(geometry, rng, node_budget, deadline),
    }
}

fn random_grid_in<const W: usize>(
    geometry: &Arc<Geometry>,
    rng: &mut RandomStream,
    node_budget: u64,
    deadline: Option<Instant>,
) -> Option<VariantGrid> {
    let all = Bits::<W>::below(geometry.cells());
    let digits = geometry.side();
    let mut search = Search {
        bits: geometry.house_bits(),
        digits,
        all,
        rng,
        allowance: Allowance::new(node_budget, deadline),
    };
    let start = Position {
        candidates: std::array::from_fn(|digit| if digit < digits { all } else { Bits::EMPTY }),
        placed: Bits::EMPTY,
        dirty: [geometry.all_houses(); MAX_SIDE],
    };
    let found = search.search(start)?;
    let mut values = vec![0u8; geometry.cells()];
    for (digit, cells) in found.candidates[..digits].iter().enumerate() {
        for cell in cells.cells() {
            values[cell] = digit as u8 + 1;
        }
    }
    Some(VariantGrid::from_cells(Arc::clone(geometry), values))
}

/// A search position.
#[derive(Clone, Copy)]
struct Position<const W: usize> {
    /// Per digit, the cells that may hold it (its placed cells included).
    candidates: [Bits<W>; MAX_SIDE],
    placed: Bits<W>,
    /// Per digit, the houses where its cells changed since the hidden singles last looked.
    dirty: [u64; MAX_SIDE],
}

struct Search<'s, const W: usize> {
    bits: &'s HouseBits,
    digits: usize,
    all: Bits<W>,
    rng: &'s mut RandomStream,
    allowance: Allowance,
}

impl<const W: usize> Search<'_, W> {
    /// The first solution below `position`.
    fn search(&mut self, mut position: Position<W>) -> Option<Position<W>> {
        if !self.allowance.visit() {
            return None;
        }
        if !self.propagate(&mut position) {
            return None;
        }
        if position.placed == self.all {
            return Some(position);
        }
        let cell = self.branch_cell(&position);
        let mut choices = [0u16; MAX_SIDE];
        let mut count = 0;
        for (digit, cells) in position.candidates[..self.digits].iter().enumerate() {
            if cells.contains(cell) {
                choices[count] = 1 << digit;
                count += 1;
            }
        }
        self.rng.shuffle(&mut choices[..count]);
        for &choice in &choices[..count] {
            let mut child = position;
            self.keep_only(&mut child, cell, choice.trailing_zeros() as usize);
            if let Some(found) = self.search(child) {
                return Some(found);
            }
            if self.allowance.stopped {
                return None;
            }
        }
        None
    }

    /// Takes every digit but `digit` out of `cell`.
    fn keep_only(&self, position: &mut Position<W>, cell: usize, digit: usize) {
        // Branch-free: whether a digit had the cell is a coin flip.
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let houses = self.bits.cell_houses[cell];
        for other in 0..self.digits {
            let words = &mut position.candidates[other].0[word];
            let taken = (u64::from(*words & bit != 0 && other != digit)).wrapping_neg();
            *words &= !(bit & taken);
            position.dirty[other] |= houses & taken;
        }
    }

    fn place(&self, position: &mut Position<W>, cell: usize, digit: usize) {
        position.placed.insert(cell);
        self.keep_only(position, cell, digit);
        let mut own = Bits::EMPTY;
        own.insert(cell);
        let seen = position.candidates[digit]
            .and(self.bits.seen(cell))
            .without(own);
        if !seen.is_empty() {
            position.candidates[digit] = position.candidates[digit].without(seen);
            position.dirty[digit] |= self.bits.houses_touched(seen);
        }
    }

    /// Places naked and hidden singles until none is left; false on a contradiction (a
    /// cell without a digit, or a digit without a place in a house).
    fn propagate(&self, position: &mut Position<W>) -> bool {
        loop {
            let (mut once, mut twice) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
            for &cells in &position.candidates[..self.digits] {
                twice = twice.or(once.and(cells));
                once = once.or(cells);
            }
            if !self.all.without(once).is_empty() {
                return false;
            }
            let naked = once.without(twice).without(position.placed);
            if !naked.is_empty() {
                for cell in naked.cells() {
                    // An earlier placement may have taken the cell's digit: found next round.
                    let digit =
                        (0..self.digits).find(|&digit| position.candidates[digit].contains(cell));
                    if let Some(digit) = digit {
                        self.place(position, cell, digit);
                    }
                }
                continue;
            }
            let mut progress = false;
            for digit in 0..self.digits {
                let mut houses = std::mem::take(&mut position.dirty[digit]);
                while houses != 0 {
                    let house = houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let places = position.candidates[digit].and(self.bits.house(house));
                    if places.is_empty() {
                        return false;
                    }
                    if places.is_single() {
                        let cell = places.first();
                        if !position.placed.contains(cell) {
                            self.place(position, cell, digit);
                            progress = true;
                        }
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// The first unplaced cell with the fewest candidates.
    fn branch_cell(&self, position: &Position<W>) -> usize {
        // Each cell's count of candidates, one bit of it per set.
        let mut counts = [Bits::<W>::EMPTY; 5];
        for &cells in &position.candidates[..self.digits] {
            let mut carry = cells;
            for count in &mut counts {
                if carry.is_empty() {
                    break;
                }
                let sum = count.xor(carry);
                carry = count.and(carry);
                *count = sum;
            }
        }
        let open = self.all.without(position.placed);
        for wanted in 2..=self.digits {
            let with_count = counts
                .iter()
                .enumerate()
                .fold(open, |cells, (bit, &count)| {
                    if wanted >> bit & 1 == 1 {
                        cells.and(count)
                    } else {
                        cells.without(count)
                    }
                });
            if !with_count.is_empty() {
                return with_count.first();
            }
        }
        open.first()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::variant::geometry::{Size, Variant};
    use crate::sudoku::variant::solver::house_singles_fill;

    #[test]
    fn the_bit_fill_makes_the_house_solvers_grids() {
        for size in [Size::S4, Size::S6, Size::S8, Size::S9, Size::S12] {
            let geometry = Arc::new(Geometry::regular(size, Variant::Classic).unwrap());
            let mut differing_first_rows = std::collections::BTreeSet::new();
            for index in 0..40 {
                let stream = || RandomStream::derive("test", &["bit fill", size.name()], index);
                let grid = random_grid(&geometry, &mut stream(), u64::MAX, None).unwrap();
                assert!(grid.is_complete() && grid.conflict().is_none(), "{grid}");
                assert_eq!(grid, house_singles_fill(&geometry, &mut stream()));
                differing_first_rows.insert(grid.cells()[..size.side()].to_vec());
            }
            assert!(differing_first_rows.len() > 10, "{size}");
        }
    }

    #[test]
    fn a_spent_budget_stops_the_fill() {
        let geometry = Arc::new(Geometry::regular(Size::S12, Variant::Classic).unwrap());
        let mut rng = RandomStream::derive("test", &["bit fill budget"], 0);
        assert_eq!(random_grid(&geometry, &mut rng, 1, None), None);
    }
}
