//! Random complete grids of the regular kinds, searched on bit sets.
//!
//! Empty regular grids without extra houses fill fastest on singles alone (see
//! `solver::random_solution`). This is that search moved onto per-digit candidate sets:
//! the same propagation to the singles' fixed point, the same branch cell (the first with
//! the fewest candidates) and the same digits in the same random order. So it makes the
//! same grid from the same stream as the house solver would, in a fraction of the time.

use std::sync::Arc;
use std::time::Instant;

use super::bits::{Bits, HouseBits, SizedWork, run_sized};
use super::geometry::Geometry;
use super::grid::VariantGrid;
use super::solver::Allowance;
use crate::seed::RandomStream;

/// A random complete grid of `geometry` (trying digits in random order), or `None` when
/// the search visits `node_budget` positions or the deadline passes.
pub fn random_grid(
    geometry: &Arc<Geometry>,
    rng: &mut RandomStream,
    node_budget: u64,
    deadline: Option<Instant>,
) -> Option<VariantGrid> {
    run_sized(
        geometry.side(),
        RandomGrid {
            geometry,
            rng,
            node_budget,
            deadline,
        },
    )
}

struct RandomGrid<'a> {
    geometry: &'a Arc<Geometry>,
    rng: &'a mut RandomStream,
    node_budget: u64,
    deadline: Option<Instant>,
}

impl SizedWork for RandomGrid<'_> {
    type Output = Option<VariantGrid>;

    fn run<const W: usize, const D: usize>(self) -> Option<VariantGrid> {
        let geometry = self.geometry;
        debug_assert!(geometry.side() == D && geometry.cells() <= 64 * W);
        let all = Bits::<W>::below(geometry.cells());
        let mut search = Search {
            bits: geometry.house_bits(),
            all,
            rng: self.rng,
            allowance: Allowance::new(self.node_budget, self.deadline),
            found: None,
        };
        let start = Position {
            candidates: [all; D],
            placed: Bits::EMPTY,
            dirty: [geometry.all_houses(); D],
        };
        search.search(start);
        let found = search.found?;
        let mut values = vec![0u8; geometry.cells()];
        for (digit, cells) in found.iter().enumerate() {
            for cell in cells.cells() {
                values[cell] = digit as u8 + 1;
            }
        }
        Some(VariantGrid::from_cells(Arc::clone(geometry), values))
    }
}

/// A search position.
#[derive(Clone, Copy)]
struct Position<const W: usize, const D: usize> {
    /// Per digit, the cells that may hold it (its placed cells included).
    candidates: [Bits<W>; D],
    placed: Bits<W>,
    /// Per digit, the houses where its cells changed since the hidden singles last looked
    /// (kept for grids of more than one word: see [`Search::place_hidden_singles_whole`]).
    dirty: [u64; D],
}

struct Search<'s, const W: usize, const D: usize> {
    bits: &'s HouseBits,
    all: Bits<W>,
    rng: &'s mut RandomStream,
    allowance: Allowance,
    /// The first complete grid met: each digit's cells.
    found: Option<[Bits<W>; D]>,
}

impl<const W: usize, const D: usize> Search<'_, W, D> {
    /// Searches below `position` for a complete grid (kept in `found`): whether one was.
    fn search(&mut self, mut position: Position<W, D>) -> bool {
        if !self.allowance.visit() {
            return false;
        }
        if !self.propagate(&mut position) {
            return false;
        }
        if position.placed == self.all {
            self.found = Some(position.candidates);
            return true;
        }
        let cell = self.branch_cell(&position);
        let mut choices = [0u16; D];
        let mut count = 0;
        for (digit, cells) in position.candidates.iter().enumerate() {
            // Written always, kept when the cell has the digit: no branch on it.
            choices[count.min(D - 1)] = 1 << digit;
            count += usize::from(cells.contains(cell));
        }
        self.rng.shuffle(&mut choices[..count]);
        for &choice in &choices[..count] {
            let mut child = position;
            self.place(&mut child, cell, choice.trailing_zeros() as usize);
            if self.search(child) {
                return true;
            }
            if self.allowance.stopped {
                return false;
            }
        }
        false
    }

    /// Takes every digit but `digit` out of `cell`.
    fn keep_only(&self, position: &mut Position<W, D>, cell: usize, digit: usize) {
        // Branch-free: whether a digit had the cell is a coin flip.
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        let houses = self.bits.cell_houses[cell];
        for other in 0..D {
            let words = &mut position.candidates[other].0[word];
            let taken = (u64::from(*words & bit != 0 && other != digit)).wrapping_neg();
            *words &= !(bit & taken);
            if W > 1 {
                position.dirty[other] |= houses & taken;
            }
        }
    }

    fn place(&self, position: &mut Position<W, D>, cell: usize, digit: usize) {
        self.keep_only(position, cell, digit);
        self.place_last_candidate(position, cell, digit);
    }

    /// Places `digit` in `cell`, its only candidate left.
    fn place_last_candidate(&self, position: &mut Position<W, D>, cell: usize, digit: usize) {
        position.placed.insert(cell);
        let mut own = Bits::EMPTY;
        own.insert(cell);
        let seen = position.candidates[digit]
            .and(self.bits.seen(cell))
            .without(own);
        if !seen.is_empty() {
            position.candidates[digit] = position.candidates[digit].without(seen);
            if W > 1 {
                position.dirty[digit] |= self.bits.houses_touched::<W, D>(seen);
            }
        }
    }

    /// Places naked and hidden singles until none is left; false on a contradiction (a
    /// cell without a digit, or a digit without a place in a house).
    fn propagate(&self, position: &mut Position<W, D>) -> bool {
        loop {
            let (mut once, mut twice) = (Bits::<W>::EMPTY, Bits::<W>::EMPTY);
            for &cells in &position.candidates {
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
                    let digit = (0..D).find(|&digit| position.candidates[digit].contains(cell));
                    if let Some(digit) = digit {
                        self.place_last_candidate(position, cell, digit);
                    }
                }
                continue;
            }
            if W == 1 {
                match self.place_hidden_singles_whole(position) {
                    Some(true) => continue,
                    Some(false) => return true,
                    None => return false,
                }
            }
            let mut progress = false;
            for digit in 0..D {
                let mut houses = std::mem::take(&mut position.dirty[digit]);
                while houses != 0 {
                    let house = houses.trailing_zeros() as usize;
                    houses &= houses - 1;
                    let places = position.candidates[digit].and(self.bits.house(house));
                    if places.is_empty() {
                        return false;
                    }
                    // A house where the digit is placed has that cell as its only place.
                    let open = places.without(position.placed);
                    if open.is_single() {
                        self.place(position, open.first(), digit);
                        progress = true;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// The hidden pass of [`Search::propagate`] for one-word grids, every house of every
    /// digit at once by table lookups instead of the houses changed one by one: on grids
    /// this small a hidden single is rare, and the lookups cost less than the scan's
    /// mispredicted branches. Whether it placed a single; `None` on a contradiction.
    fn place_hidden_singles_whole(&self, position: &mut Position<W, D>) -> Option<bool> {
        let all_houses = u64::MAX >> (64 - self.bits.houses);
        let mut progress = false;
        for digit in 0..D {
            let candidates = position.candidates[digit];
            if all_houses & !self.bits.houses_touched::<W, D>(candidates) != 0 {
                return None;
            }
            let open = candidates.without(position.placed);
            let (once, twice) = self.bits.houses_touched_once_twice::<W, D>(open);
            let mut singles = once & !twice;
            while singles != 0 {
                let house = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let places = position.candidates[digit].and(self.bits.house(house));
                let open = places.without(position.placed);
                if !open.is_empty() {
                    self.place(position, open.first(), digit);
                    progress = true;
                } else if places.is_empty() {
                    // A placement in a house before took this one's only place.
                    return None;
                }
            }
        }
        Some(progress)
    }

    /// The first unplaced cell with the fewest candidates.
    fn branch_cell(&self, position: &Position<W, D>) -> usize {
        let open = self.all.without(position.placed);
        // Open cells keep at least two candidates (propagation placed the rest), and one
        // with exactly two is nearly always there: found without counting past three.
        let (mut once, mut twice, mut thrice) = (Bits::<W>::EMPTY, Bits::EMPTY, Bits::EMPTY);
        for &cells in &position.candidates {
            thrice = thrice.or(twice.and(cells));
            twice = twice.or(once.and(cells));
            once = once.or(cells);
        }
        let pairs = open.and(twice).without(thrice);
        if !pairs.is_empty() {
            return pairs.first();
        }
        // Each cell's count of candidates, one bit of it per set.
        let mut counts = [Bits::<W>::EMPTY; 5];
        for &cells in &position.candidates {
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
        for wanted in 3..=D {
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
