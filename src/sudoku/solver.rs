//! The exact solver: finds and counts solutions, fast.
//!
//! Everything else (the generator's uniqueness proofs, the answer keys, the grader's final
//! check) rests on this module, so it is tested against the deliberately simple
//! [`super::reference`] backtracker.
//!
//! # Representation
//!
//! The grid is split into three horizontal bands of 27 cells. For each band and digit a
//! 27-bit mask holds the cells where the digit may still go (bit `9 * row_in_band + column`);
//! a cell keeps its digit's bit once solved. Constraint propagation works on these masks:
//!
//! * **Band reduction.** Inside a band a digit occupies one cell in each of the three rows
//!   and each of the three boxes, so its (row, box) pattern is a permutation. Candidates whose
//!   (row, box) pair lies in no permutation that fits the current pattern are removed (a
//!   512-entry table computed at compile time). This covers locked candidates inside the band
//!   and empty rows or boxes (a contradiction).
//! * **Hidden singles.** After band reduction, a row with one candidate cell fixes that cell
//!   (this also covers boxes); the cell leaves the other digits' masks.
//! * **Box-column locking.** A box in which a digit is confined to one column removes the
//!   digit from that column in the other two bands (this also enforces columns).
//! * **Naked singles.** Bit-sliced counters over the nine digit masks find cells with exactly
//!   one candidate (and cells with none: a contradiction).
//!
//! Each mask keeps a copy of itself as last reduced; propagation reduces the masks that
//! differ from their copy until none does. Comparing is cheaper than recording each change
//! where it happens, and it lets placing a digit touch only its own mask: the reduction
//! that follows finds the cell alone in its row and does the rest.
//!
//! When propagation stalls the search branches on a bivalue cell (the one with the most
//! bivalue neighbours in the band richest in them), else on a cell with the fewest
//! candidates. Search states are copied on the stack; nothing is allocated per node.

use super::grid::Grid;

const BAND_FULL: u32 = (1 << 27) - 1;
const ROW_FULL: u32 = 0x1FF;
/// One bit in each row of a band, in column 0.
const COLUMN_SPREAD: u32 = 1 | (1 << 9) | (1 << 18);

/// For a 9-bit row segment, which of its three boxes (column triples) have a bit.
static ROW_BOXES: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut segment = 0;
    while segment < 512 {
        let mut boxes = 0;
        let mut k = 0;
        while k < 3 {
            if (segment >> (3 * k)) & 7 != 0 {
                boxes |= 1 << k;
            }
            k += 1;
        }
        table[segment] = boxes;
        segment += 1;
    }
    table
};

/// For a 3×3 (row, box) pattern (bit `3 * row + box`), the union of the permutation patterns
/// it contains: the (row, box) pairs that can still hold the digit. 0 when none fits.
const MATCHING: [u32; 512] = {
    const PERMUTATIONS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut union = 0;
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            let mask = (1 << perm[0]) | (1 << (3 + perm[1])) | (1 << (6 + perm[2]));
            if pattern & mask == mask {
                union |= mask;
            }
            p += 1;
        }
        table[pattern as usize] = union;
        pattern += 1;
    }
    table
};

/// A (row, box) pattern expanded to the 27-bit mask of the cells it allows.
const EXPAND: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        let mut mask = 0;
        let mut bit = 0;
        while bit < 9 {
            if pattern & (1 << bit) != 0 {
                mask |= 7 << (9 * (bit / 3) + 3 * (bit % 3));
            }
            bit += 1;
        }
        table[pattern] = mask;
        pattern += 1;
    }
    table
};

/// For a band's (row, box) pattern, the cells that band reduction keeps: [`MATCHING`]
/// and [`EXPAND`] in one lookup, one memory access less on the solver's critical path.
static ALLOWED_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut pattern = 0;
    while pattern < 512 {
        table[pattern] = EXPAND[MATCHING[pattern] as usize];
        pattern += 1;
    }
    table
};

/// For the 9-bit set of columns a digit can use in a band, the columns it is locked to:
/// in each box (three columns) where only one column remains, that column. The digit
/// cannot appear in those columns in the other two bands.
const BOX_COLUMN_LOCKED: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut locked = 0;
        let mut k = 0;
        while k < 3 {
            let triple = (columns >> (3 * k)) & 7;
            if triple == 1 || triple == 2 || triple == 4 {
                locked |= triple << (3 * k);
            }
            k += 1;
        }
        table[columns] = locked as u32;
        columns += 1;
    }
    table
};

/// For the 9-bit set of columns a digit can use in a band, the cells it keeps in the other
/// two bands: all but the columns of [`BOX_COLUMN_LOCKED`].
static OTHER_BANDS_KEEP: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        table[columns] = !(BOX_COLUMN_LOCKED[columns] * COLUMN_SPREAD);
        columns += 1;
    }
    table
};

/// A 9-bit row segment if it has exactly one bit, else 0.
static ROW_SINGLE: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut segment = 1;
    while segment < 512 {
        if segment & (segment - 1) == 0 {
            table[segment] = segment as u16;
        }
        segment += 1;
    }
    table
};

/// For each cell, its 20 peers (same row, column or box) as three band masks.
const CELL_PEERS: [[u32; 3]; 81] = {
    let mut table = [[0u32; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut other = 0;
        while other < 81 {
            let same_row = cell / 9 == other / 9;
            let same_column = cell % 9 == other % 9;
            let same_box = cell / 27 == other / 27 && cell % 9 / 3 == other % 9 / 3;
            if other != cell && (same_row || same_column || same_box) {
                table[cell][other / 27] |= 1 << (other % 27);
            }
            other += 1;
        }
        cell += 1;
    }
    table
};

/// For a position in a band, the other positions of its row and box.
const BAND_PEERS: [u32; 27] = {
    let mut table = [0u32; 27];
    let mut position = 0;
    while position < 27 {
        let row = position / 9;
        let column = position % 9;
        let mut mask = ROW_FULL << (9 * row);
        let mut r = 0;
        while r < 3 {
            mask |= 7 << (9 * r + column / 3 * 3);
            r += 1;
        }
        table[position] = mask & !(1 << position);
        position += 1;
    }
    table
};

#[inline]
fn band_of(cell: usize) -> usize {
    cell / 27
}

#[inline]
fn position_of(cell: usize) -> u32 {
    (cell % 27) as u32
}

/// Folds a band mask onto its 9 columns.
#[inline]
fn columns_of(mask: u32) -> u32 {
    (mask | (mask >> 9) | (mask >> 18)) & ROW_FULL
}

/// A search node: candidate masks per (band, digit) and the unsolved cells.
#[derive(Clone, Copy)]
pub(crate) struct SearchState {
    /// Index `9 * band + digit` (digit 0-8 for 1-9): a band's nine digits are adjacent,
    /// so clearing solved cells from all of them is one pass over contiguous memory.
    candidates: [u32; 27],
    /// Each mask as it was when last reduced; a mask that differs needs reducing again.
    /// Comparing the two arrays is cheaper than recording every change as it happens.
    reduced: [u32; 27],
    unsolved: [u32; 3],
}

/// Every mask's bit in a set of mask indices.
const ALL_MASKS: u32 = (1 << 27) - 1;

/// No candidate mask has this value (they have 27 bits): every mask is stale against it.
const NEVER_REDUCED: [u32; 27] = [u32::MAX; 27];

/// The same digit's masks in the two other bands.
const OTHER_BANDS: [[usize; 2]; 27] = {
    let mut table = [[0usize; 2]; 27];
    let mut index = 0;
    while index < 27 {
        let band = index / 9;
        let digit = index % 9;
        table[index] = [(band + 1) % 3 * 9 + digit, (band + 2) % 3 * 9 + digit];
        index += 1;
    }
    table
};

impl SearchState {
    /// The state with the grid's clues placed (not yet propagated); `None` if clues clash.
    pub(crate) fn from_grid(grid: &Grid) -> Option<SearchState> {
        let mut clue_cells = [0u32; 3];
        let mut digit_cells = [[0u32; 3]; 9];
        let mut digit_peers = [[0u32; 3]; 9];
        // Clue positions first, branch-free, then a loop over the clues alone: a branch per
        // cell would be mispredicted at every other clue.
        for (band, cells) in grid.cells().chunks_exact(27).enumerate() {
            let mut clues = 0u32;
            for (position, &value) in cells.iter().enumerate() {
                clues |= u32::from(value != 0) << position;
            }
            clue_cells[band] = clues;
            while clues != 0 {
                let position = clues.trailing_zeros() as usize;
                clues &= clues - 1;
                let digit = cells[position] as usize - 1;
                digit_cells[digit][band] |= 1 << position;
                for (peers, cell_peers) in digit_peers[digit]
                    .iter_mut()
                    .zip(CELL_PEERS[27 * band + position])
                {
                    *peers |= cell_peers;
                }
            }
        }
        let mut state = SearchState {
            candidates: [0; 27],
            reduced: NEVER_REDUCED,
            unsolved: [0; 3],
        };
        for band in 0..3 {
            state.unsolved[band] = BAND_FULL & !clue_cells[band];
            for digit in 0..9 {
                let own = digit_cells[digit][band];
                if own & digit_peers[digit][band] != 0 {
                    return None;
                }
                state.candidates[9 * band + digit] =
                    (BAND_FULL & !digit_peers[digit][band] & !clue_cells[band]) | own;
            }
        }
        Some(state)
    }

    /// Removes `digit` (0-8) as a candidate of `cell`.
    pub(crate) fn eliminate(&mut self, cell: usize, digit: usize) {
        self.candidates[9 * band_of(cell) + digit] &= !(1 << position_of(cell));
    }

    /// Puts the digit of mask `index` in the cell `bit` of its band. Only the digit's own
    /// mask changes (its row and box peers go); reducing that mask then finds the cell
    /// alone in its row, which clears the cell from the other digits and the column from
    /// the other bands.
    #[inline]
    fn place(&mut self, index: usize, bit: u32) {
        self.candidates[index] &= !BAND_PEERS[bit.trailing_zeros() as usize];
    }

    /// The masks that changed since they were last reduced, one bit per index.
    ///
    /// Deliberately scalar: the masks were just written one by one, and wide vector loads
    /// of them would wait for those stores to drain (store forwarding fails). Written as a
    /// shifting fold, the compiler keeps to one load per mask: 4% more puzzles per second
    /// than the vectorised compare, in spite of more instructions.
    #[inline]
    fn stale(&self) -> u32 {
        self.candidates
            .iter()
            .zip(&self.reduced)
            .rev()
            .fold(0, |stale, (now, then)| {
                (stale << 1) | u32::from(now != then)
            })
    }

    /// Band reduction for one (band, digit); false on contradiction. Cells left alone in
    /// their row are solved: they leave the other digits' masks and the unsolved set
    /// (unconditionally: doing it again for cells solved before costs less than a branch).
    #[inline]
    fn reduce(&mut self, index: usize) -> bool {
        let band = index / 9;
        let mask = self.candidates[index];
        let pattern = u32::from(ROW_BOXES[(mask & ROW_FULL) as usize])
            | (u32::from(ROW_BOXES[((mask >> 9) & ROW_FULL) as usize]) << 3)
            | (u32::from(ROW_BOXES[((mask >> 18) & ROW_FULL) as usize]) << 6);
        let mask = mask & ALLOWED_CELLS[pattern as usize];
        if mask == 0 {
            return false;
        }
        let solved = u32::from(ROW_SINGLE[(mask & ROW_FULL) as usize])
            | (u32::from(ROW_SINGLE[((mask >> 9) & ROW_FULL) as usize]) << 9)
            | (u32::from(ROW_SINGLE[((mask >> 18) & ROW_FULL) as usize]) << 18);
        let base = 9 * band;
        for digit in &mut self.candidates[base..base + 9] {
            *digit &= !solved;
        }
        self.candidates[index] = mask;
        self.reduced[index] = mask;
        self.unsolved[band] &= !solved;
        let keep = OTHER_BANDS_KEEP[columns_of(mask) as usize];
        let [first, second] = OTHER_BANDS[index];
        self.candidates[first] &= keep;
        self.candidates[second] &= keep;
        true
    }

    /// Places naked singles; returns the masks that placing changed, or `None` when an
    /// unsolved cell has no candidate left.
    fn singles(&mut self) -> Option<u32> {
        let mut stale = 0;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let base = 9 * band;
            let mut one = 0;
            let mut two = 0;
            for &mask in &self.candidates[base..base + 9] {
                two |= one & mask;
                one |= mask;
            }
            if one & unsolved != unsolved {
                return None;
            }
            // A cell emptied by an earlier placement here finds no digit and stays
            // unsolved without candidates; the next round reports the contradiction.
            let mut naked = unsolved & !two;
            while naked != 0 {
                let bit = naked & naked.wrapping_neg();
                naked ^= bit;
                if let Some(digit) = (0..9).find(|&d| self.candidates[base + d] & bit != 0) {
                    let index = base + digit;
                    let before = self.candidates[index];
                    self.place(index, bit);
                    stale |= u32::from(self.candidates[index] != before) << index;
                }
            }
        }
        Some(stale)
    }

    /// Propagates to a fixed point, starting from the `stale` masks (bits of indices); false
    /// on contradiction. Masks only shrink, so this ends.
    ///
    /// Masks are reduced in rounds: all stale ones, then a scan for those the round changed.
    /// Reducing a changed mask at once instead costs more (a mask changed twice in a round
    /// is then reduced twice). After a placement only the placed digit's mask is stale, so
    /// the search and the naked singles pass their placements in instead of a scan.
    fn propagate(&mut self, mut stale: u32) -> bool {
        loop {
            while stale != 0 {
                let index = stale.trailing_zeros() as usize;
                stale &= stale - 1;
                if !self.reduce(index) {
                    return false;
                }
            }
            stale = self.stale();
            if stale == 0 {
                match self.singles() {
                    None => return false,
                    Some(0) => return true,
                    Some(placed) => stale = placed,
                }
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to branch on, as (band, bit).
    ///
    /// A bivalue cell when there is one. [`BranchOrder::Fixed`] takes the first in band
    /// order; [`BranchOrder::Fastest`] takes, in the band with the most bivalue cells, the
    /// one sharing a row or box with the most others, which makes the search tree about a
    /// fifth smaller. Without bivalue cells, the first unsolved cell with the fewest
    /// candidates.
    fn branch_cell(&self, order: BranchOrder) -> (usize, u32) {
        let mut bivalues = [0u32; 3];
        for (band, bivalue) in bivalues.iter_mut().enumerate() {
            let mut one = 0;
            let mut two = 0;
            let mut three = 0;
            for &mask in &self.candidates[9 * band..9 * band + 9] {
                three |= two & mask;
                two |= one & mask;
                one |= mask;
            }
            *bivalue = self.unsolved[band] & two & !three;
        }
        if bivalues != [0; 3] {
            return match order {
                BranchOrder::Fixed => {
                    let band = bivalues.iter().position(|&cells| cells != 0).unwrap_or(0);
                    (band, bivalues[band] & bivalues[band].wrapping_neg())
                }
                BranchOrder::Fastest => {
                    let mut band = 0;
                    for other in 1..3 {
                        if bivalues[other].count_ones() > bivalues[band].count_ones() {
                            band = other;
                        }
                    }
                    let cells = bivalues[band];
                    let mut best = (0, 0);
                    let mut rest = cells;
                    while rest != 0 {
                        let bit = rest & rest.wrapping_neg();
                        rest ^= bit;
                        let neighbours =
                            (BAND_PEERS[bit.trailing_zeros() as usize] & cells).count_ones() + 1;
                        if neighbours > best.0 {
                            best = (neighbours, bit);
                        }
                    }
                    (band, best.1)
                }
            };
        }
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut cells = self.unsolved[band];
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
                let count = self.candidates[9 * band..9 * band + 9]
                    .iter()
                    .filter(|&&mask| mask & bit != 0)
                    .count() as u32;
                if count < best.2 {
                    best = (band, bit, count);
                }
            }
        }
        (best.0, best.1)
    }

    fn solution_grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for band in 0..3 {
            for digit in 0..9 {
                let mut mask = self.candidates[9 * band + digit];
                while mask != 0 {
                    let position = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    cells[27 * band + position] = digit as u8 + 1;
                }
            }
        }
        Grid::from_cells(cells).expect("solver cells are digits")
    }

    /// Counts solutions up to `limit`.
    pub(crate) fn count(self, limit: usize) -> usize {
        self.search(limit, 0, BranchOrder::Fastest).0
    }

    /// Counts solutions up to `limit`, remembering the first `keep` (at most two).
    fn search(
        mut self,
        limit: usize,
        keep: usize,
        order: BranchOrder,
    ) -> (usize, [Option<Grid>; 2]) {
        let mut tally = Tally {
            count: 0,
            limit,
            keep,
            order,
            found: [None, None],
        };
        if limit > 0 {
            self.reduced = NEVER_REDUCED;
            search(&mut self, &mut tally, ALL_MASKS);
        }
        (tally.count, tally.found)
    }
}

struct Tally {
    count: usize,
    limit: usize,
    /// How many of the first solutions to write into `found` (counting alone needs none).
    keep: usize,
    order: BranchOrder,
    found: [Option<Grid>; 2],
}

/// Which cell the search branches on; see [`SearchState::branch_cell`].
#[derive(Clone, Copy)]
enum BranchOrder {
    /// The first bivalue cell. Which solution comes first depends on the order, and the
    /// generator builds its random grids from [`solve_any`]'s: this order keeps them (and
    /// so every seed's puzzles) as they were.
    Fixed,
    /// The order with the smallest search trees, for counting and solving unique puzzles.
    Fastest,
}

/// Depth-first search; true when the limit is reached and the search should stop.
fn search(state: &mut SearchState, tally: &mut Tally, stale: u32) -> bool {
    if !state.propagate(stale) {
        return false;
    }
    if state.is_solved() {
        if tally.count < tally.keep {
            tally.found[tally.count] = Some(state.solution_grid());
        }
        tally.count += 1;
        return tally.count >= tally.limit;
    }
    let (band, bit) = state.branch_cell(tally.order);
    let mut digits: u32 = (0..9)
        .filter(|&d| state.candidates[9 * band + d] & bit != 0)
        .fold(0, |acc, d| acc | (1 << d));
    while digits != 0 {
        let index = 9 * band + digits.trailing_zeros() as usize;
        digits &= digits - 1;
        if digits == 0 {
            state.place(index, bit);
            return search(state, tally, 1 << index);
        }
        let mut child = *state;
        child.place(index, bit);
        if search(&mut child, tally, 1 << index) {
            return true;
        }
    }
    false
}

/// What solving a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// No grid satisfies the clues.
    None,
    /// Exactly one grid does.
    Unique(Grid),
    /// Two or more do; these are two of them.
    Multiple(Grid, Grid),
}

/// Solves a puzzle and tells whether its solution is unique.
pub fn solve(puzzle: &Grid) -> Solution {
    let Some(state) = SearchState::from_grid(puzzle) else {
        return Solution::None;
    };
    match state.search(2, 2, BranchOrder::Fastest) {
        (_, [Some(first), Some(second)]) => Solution::Multiple(first, second),
        (_, [Some(first), None]) => Solution::Unique(first),
        _ => Solution::None,
    }
}

/// Counts the solutions of a puzzle, stopping at `limit`.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    match SearchState::from_grid(puzzle) {
        Some(state) => state.count(limit),
        None => 0,
    }
}

/// The first solution found, if any (unique or not).
pub fn solve_any(puzzle: &Grid) -> Option<Grid> {
    let [first, _] = SearchState::from_grid(puzzle)?
        .search(1, 1, BranchOrder::Fixed)
        .1;
    first
}

/// True when the puzzle has exactly one solution.
pub fn has_unique_solution(puzzle: &Grid) -> bool {
    count_solutions(puzzle, 2) == 1
}
