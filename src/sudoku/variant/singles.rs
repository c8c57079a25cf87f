//! Singles on their own: whether they fill given cells of a puzzle.
//!
//! An easy puzzle is one hidden singles solve (a digit with one place left in a house,
//! the last cell of a house included); add naked singles (a cell with one digit left) and
//! they solve the puzzles Sudoku Explainer rates at most 2.3. A puzzle singles solve has
//! one solution. So such puzzles are dug by taking clues out while singles still fill
//! them back in: each removal is proven by a few house scans instead of a search, and the
//! puzzle meets its tier by construction rather than by grading after the fact.

use super::geometry::{Geometry, MAX_CELLS, MAX_SIDE};
use super::grid::VariantGrid;

/// The singles a fill may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Singles {
    /// Hidden singles (full houses included).
    Hidden,
    /// Hidden and naked singles.
    HiddenAndNaked,
}

/// Clue removals from one solution grid, each kept while singles fill the puzzle back in.
/// The clues' houses and candidates are kept up to date across removals, so a check only
/// recomputes the cells around the clues it takes out.
pub struct SinglesDig<'g> {
    clues: Clues<'g>,
    singles: Singles,
}

impl<'g> SinglesDig<'g> {
    /// Starts from every cell of `solution` given.
    pub fn new(solution: &'g VariantGrid, singles: Singles) -> SinglesDig<'g> {
        SinglesDig {
            clues: Clues::of(solution),
            singles,
        }
    }

    /// Takes the clues of `cells` out when singles still solve the puzzle without them
    /// (it is solved by them with them): true when they went.
    pub fn remove_if_filled(&mut self, solution: &VariantGrid, cells: &[usize]) -> bool {
        self.clues.set_given(solution, cells, false);
        let filled = self.clues.fill(cells, self.singles);
        if !filled {
            self.clues.set_given(solution, cells, true);
        }
        filled
    }
}

/// The digits held by each house and the candidates each open cell keeps from the clues
/// alone (filled cells keep none; an open cell always keeps its own value).
struct Clues<'g> {
    geometry: &'g Geometry,
    held: [u16; 64],
    candidates: [u16; MAX_CELLS],
}

impl<'g> Clues<'g> {
    fn of(puzzle: &'g VariantGrid) -> Clues<'g> {
        let geometry = puzzle.geometry();
        let mut held = [0u16; 64];
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value != 0 {
                for &house in geometry.houses_of(cell) {
                    held[usize::from(house)] |= 1 << (value - 1);
                }
            }
        }
        let mut clues = Clues {
            geometry,
            held,
            candidates: [0; MAX_CELLS],
        };
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value == 0 {
                clues.candidates[cell] = clues.open_digits(cell);
            }
        }
        clues
    }

    /// The digits no house of `cell` holds.
    fn open_digits(&self, cell: usize) -> u16 {
        self.geometry
            .houses_of(cell)
            .iter()
            .fold(self.geometry.size().all_digits(), |open, &house| {
                open & !self.held[usize::from(house)]
            })
    }

    /// Gives the clues of `cells` (their values are `solution`'s) or takes them out.
    fn set_given(&mut self, solution: &VariantGrid, cells: &[usize], given: bool) {
        let geometry = self.geometry;
        for &cell in cells {
            let bit = 1u16 << (solution.get(cell) - 1);
            for &house in geometry.houses_of(cell) {
                if given {
                    self.held[usize::from(house)] |= bit;
                } else {
                    self.held[usize::from(house)] &= !bit;
                }
            }
        }
        // Only the cell's own digit changes for its open peers (a peer's mask is never
        // empty while it is open: it keeps its own value).
        for &cell in cells {
            let bit = 1u16 << (solution.get(cell) - 1);
            self.candidates[cell] = if given { 0 } else { self.open_digits(cell) };
            for &peer in geometry.peers(cell) {
                let peer = usize::from(peer);
                let mask = self.candidates[peer];
                if mask == 0 {
                    continue;
                }
                if given {
                    self.candidates[peer] = mask & !bit;
                } else if self.open_digits(peer) & bit != 0 {
                    self.candidates[peer] = mask | bit;
                }
            }
        }
    }

    /// Whether `singles`, starting from these clues, fill every cell of `targets` (open
    /// cells). The houses of the targets are scanned first, and the scan stops as soon as
    /// the last target is filled.
    ///
    /// Singles only ever place a grid's own values when the puzzle has a solution, and
    /// what they fill from fewer clues they fill from more. So when the puzzle with the
    /// targets given is solved by them, this is true exactly when the puzzle is.
    fn fill(&self, targets: &[usize], singles: Singles) -> bool {
        if targets.is_empty() {
            return true;
        }
        let geometry = self.geometry;
        let naked = singles == Singles::HiddenAndNaked;
        let mut candidates = self.candidates;
        let mut pending = Pending::new();
        if naked {
            for (cell, &open) in candidates[..geometry.cells()].iter().enumerate() {
                if open.count_ones() == 1 {
                    pending.push(cell, open);
                }
            }
        }
        let mut missing = targets.len();
        let mut focus = 0u64;
        for &cell in targets {
            focus |= geometry.house_mask_of(cell);
        }
        let mut dirty = geometry.all_houses();
        loop {
            while let Some((cell, bit)) = pending.pop() {
                if candidates[cell] & bit == 0 {
                    continue;
                }
                candidates[cell] = 0;
                dirty |= geometry.house_mask_of(cell);
                for &peer in geometry.peers(cell) {
                    let peer = slot(peer);
                    let mask = candidates[peer];
                    if mask & bit != 0 {
                        let rest = mask & !bit;
                        candidates[peer] = rest;
                        dirty |= geometry.house_mask_of(peer);
                        if naked && rest.count_ones() == 1 {
                            pending.push(peer, rest);
                        }
                    }
                }
                if targets.contains(&cell) {
                    missing -= 1;
                    if missing == 0 {
                        return true;
                    }
                }
            }
            if dirty == 0 {
                return false;
            }
            let first = if dirty & focus != 0 {
                dirty & focus
            } else {
                dirty
            };
            let house = first.trailing_zeros() as usize;
            dirty &= !(1 << house);
            let members = geometry.house(house);
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in members {
                let mask = candidates[slot(cell)];
                twice |= once & mask;
                once |= mask;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                if let Some(&cell) = members
                    .iter()
                    .find(|&&cell| candidates[slot(cell)] & bit != 0)
                {
                    pending.push(usize::from(cell), bit);
                }
            }
        }
    }
}

/// A cell's index into a `MAX_CELLS` table, in range by construction (cells are below
/// `MAX_CELLS`, a power of two), so the hot loops index without a bounds check.
fn slot(cell: u16) -> usize {
    usize::from(cell) & (MAX_CELLS - 1)
}

/// Placements found but not yet made: (cell, digit bit). A cell's mask turns single once,
/// and a house scan starts with none pending and finds at most one per digit, so the
/// stack never holds more than the cells plus one house.
struct Pending {
    entries: [(u16, u16); MAX_CELLS + MAX_SIDE],
    len: usize,
}

impl Pending {
    fn new() -> Pending {
        Pending {
            entries: [(0, 0); MAX_CELLS + MAX_SIDE],
            len: 0,
        }
    }

    fn push(&mut self, cell: usize, bit: u16) {
        self.entries[self.len] = (cell as u16, bit);
        self.len += 1;
    }

    fn pop(&mut self) -> Option<(usize, u16)> {
        self.len = self.len.checked_sub(1)?;
        let (cell, bit) = self.entries[self.len];
        Some((usize::from(cell), bit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::RandomStream;
    use crate::sudoku::variant::geometry::{Size, Variant};
    use crate::sudoku::variant::grade::{VariantGradeOptions, grade_unique};
    use crate::sudoku::variant::solver::{count_solutions, sample_solutions};

    fn singles_fill(puzzle: &VariantGrid, targets: &[usize], singles: Singles) -> bool {
        Clues::of(puzzle).fill(targets, singles)
    }

    /// The cells singles fill, found the plain way: every round recomputes each open
    /// cell's values from its houses and each house's places for each value.
    fn reference_fill(puzzle: &VariantGrid, singles: Singles) -> VariantGrid {
        let geometry = puzzle.geometry();
        let side = geometry.side() as u8;
        let mut grid = puzzle.clone();
        let fits = |grid: &VariantGrid, cell: usize, value: u8| {
            grid.get(cell) == 0
                && geometry.houses_of(cell).iter().all(|&house| {
                    geometry
                        .house(usize::from(house))
                        .iter()
                        .all(|&other| grid.get(usize::from(other)) != value)
                })
        };
        loop {
            let mut placement = None;
            for house in 0..geometry.house_count() {
                for value in 1..=side {
                    let places: Vec<usize> = geometry
                        .house(house)
                        .iter()
                        .map(|&cell| usize::from(cell))
                        .filter(|&cell| fits(&grid, cell, value))
                        .collect();
                    if places.len() == 1 {
                        placement = Some((places[0], value));
                    }
                }
            }
            if singles == Singles::HiddenAndNaked {
                for cell in 0..geometry.cells() {
                    let values: Vec<u8> = (1..=side).filter(|&v| fits(&grid, cell, v)).collect();
                    if values.len() == 1 {
                        placement = Some((cell, values[0]));
                    }
                }
            }
            let Some((cell, value)) = placement else {
                return grid;
            };
            grid.set(cell, value);
        }
    }

    fn solutions(rng: &mut RandomStream) -> Vec<VariantGrid> {
        let kinds = [
            (Size::S4, Variant::Classic),
            (Size::S6, Variant::Classic),
            (Size::S6, Variant::X),
            (Size::S8, Variant::Classic),
            (Size::S9, Variant::X),
            (Size::S9, Variant::Windoku),
            (Size::S12, Variant::Classic),
        ];
        sample_solutions(&kinds, rng)
    }

    #[test]
    fn singles_fill_what_the_plain_way_fills() {
        let mut rng = RandomStream::derive("test", &["singles"], 0);
        let mut outcomes = [0; 2];
        for round in 0..6 {
            for solution in solutions(&mut rng) {
                let cells = solution.cells().len();
                let mut order: Vec<usize> = (0..cells).collect();
                rng.shuffle(&mut order);
                // From nearly full to sparser than any minimal puzzle.
                for emptied in [cells / 4, cells / 2, cells * 3 / 5, cells * 2 / 3 + round] {
                    let mut puzzle = solution.clone();
                    for &cell in &order[..emptied] {
                        puzzle.set(cell, 0);
                    }
                    for singles in [Singles::Hidden, Singles::HiddenAndNaked] {
                        let filled = reference_fill(&puzzle, singles);
                        let solved = filled.is_complete();
                        assert_eq!(singles_fill(&puzzle, &order[..emptied], singles), solved);
                        // A few targets: filled exactly when the plain way fills them.
                        let few = &order[..3];
                        let expected = few.iter().all(|&cell| filled.get(cell) != 0);
                        assert_eq!(singles_fill(&puzzle, few, singles), expected, "{puzzle}");
                        if solved {
                            assert_eq!(filled, solution);
                            assert_eq!(count_solutions(&puzzle, 2), 1);
                        }
                        outcomes[usize::from(solved)] += 1;
                    }
                }
            }
        }
        assert!(outcomes[0] > 40 && outcomes[1] > 40, "{outcomes:?}");
    }

    #[test]
    fn a_dig_keeps_its_clues_as_if_worked_out_afresh() {
        let mut rng = RandomStream::derive("test", &["singles dig"], 0);
        let mut removals = [0; 2];
        for solution in solutions(&mut rng) {
            for singles in [Singles::Hidden, Singles::HiddenAndNaked] {
                let mut dig = SinglesDig::new(&solution, singles);
                let mut puzzle = solution.clone();
                let mut order: Vec<usize> = (0..puzzle.cells().len()).collect();
                rng.shuffle(&mut order);
                for pair in order.chunks(2) {
                    let removed = dig.remove_if_filled(&solution, pair);
                    let mut fewer = puzzle.clone();
                    for &cell in pair {
                        fewer.set(cell, 0);
                    }
                    assert_eq!(removed, singles_fill(&fewer, pair, singles), "{puzzle}");
                    if removed {
                        puzzle = fewer;
                    }
                    let afresh = Clues::of(&puzzle);
                    assert_eq!(dig.clues.held, afresh.held);
                    assert_eq!(dig.clues.candidates, afresh.candidates);
                    removals[usize::from(removed)] += 1;
                }
                assert!(reference_fill(&puzzle, singles).is_complete(), "{puzzle}");
            }
        }
        assert!(removals[0] > 50 && removals[1] > 50, "{removals:?}");
    }

    #[test]
    fn puzzles_singles_solve_grade_within_them() {
        let mut rng = RandomStream::derive("test", &["singles grades"], 0);
        let mut graded = 0;
        for _ in 0..4 {
            for solution in solutions(&mut rng) {
                let cells = solution.cells().len();
                let mut order: Vec<usize> = (0..cells).collect();
                rng.shuffle(&mut order);
                for emptied in [cells / 2, cells * 3 / 5] {
                    let mut puzzle = solution.clone();
                    for &cell in &order[..emptied] {
                        puzzle.set(cell, 0);
                    }
                    for (singles, most) in [(Singles::Hidden, 15), (Singles::HiddenAndNaked, 23)] {
                        if singles_fill(&puzzle, &order[..emptied], singles) {
                            let grading =
                                grade_unique(&puzzle, &solution, &VariantGradeOptions::default())
                                    .unwrap();
                            assert!(grading.rating_tenths <= most, "{puzzle}");
                            graded += 1;
                        }
                    }
                }
            }
        }
        assert!(graded > 30, "{graded}");
    }
}
