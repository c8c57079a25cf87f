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
//!   (this also covers boxes).
//! * **Box-column locking.** A box in which a digit is confined to one column removes the
//!   digit from that column in the other two bands (this also enforces columns).
//! * **Naked singles.** Bit-sliced counters over the nine digit masks find cells with exactly
//!   one candidate (and cells with none: a contradiction).
//!
//! When propagation stalls the search branches on a cell with the fewest candidates
//! (a bivalue cell whenever there is one). Search states are copied on the stack; nothing is
//! allocated per node.

use super::grid::Grid;

const BAND_FULL: u32 = (1 << 27) - 1;
const ROW_FULL: u32 = 0x1FF;
/// One bit in each row of a band, in column 0.
const COLUMN_SPREAD: u32 = 1 | (1 << 9) | (1 << 18);

/// For a 9-bit row segment, which of its three boxes (column triples) have a bit.
const ROW_BOXES: [u32; 512] = {
    let mut table = [0u32; 512];
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

/// A 9-bit row segment if it has exactly one bit, else 0.
const ROW_SINGLE: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut segment = 1;
    while segment < 512 {
        if segment & (segment - 1) == 0 {
            table[segment] = segment as u32;
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

/// A search node: candidate masks per (band, digit), unsolved cells, pending reductions.
#[derive(Clone, Copy)]
pub(crate) struct SearchState {
    /// Index `9 * band + digit` (digit 0-8 for 1-9): a band's nine digits are adjacent,
    /// so clearing solved cells from all of them is one pass over contiguous memory.
    candidates: [u32; 27],
    unsolved: [u32; 3],
    /// Bit `9 * band + digit`: that mask changed since it was last reduced.
    dirty: u32,
}

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

enum Singles {
    None,
    Progress,
    Contradiction,
}

impl SearchState {
    /// The state with the grid's clues placed (not yet propagated); `None` if clues clash.
    pub(crate) fn from_grid(grid: &Grid) -> Option<SearchState> {
        let mut clue_cells = [0u32; 3];
        let mut digit_cells = [[0u32; 3]; 9];
        let mut digit_peers = [[0u32; 3]; 9];
        for (cell, &value) in grid.cells().iter().enumerate() {
            if value == 0 {
                continue;
            }
            let digit = value as usize - 1;
            let bit = 1 << position_of(cell);
            clue_cells[band_of(cell)] |= bit;
            digit_cells[digit][band_of(cell)] |= bit;
            for band in 0..3 {
                digit_peers[digit][band] |= CELL_PEERS[cell][band];
            }
        }
        let mut state = SearchState {
            candidates: [0; 27],
            unsolved: [0; 3],
            dirty: (1 << 27) - 1,
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
        self.restrict(9 * band_of(cell) + digit, !(1 << position_of(cell)));
    }

    /// Keeps only `keep` of a mask and marks it dirty if that changed it. Branch-free: the
    /// search calls this millions of times with unpredictable outcomes.
    #[inline(always)]
    fn restrict(&mut self, index: usize, keep: u32) {
        let old = self.candidates[index];
        let new = old & keep;
        self.candidates[index] = new;
        self.dirty |= u32::from(new != old) << index;
    }

    /// Removes `cells` of a band from every digit except the one at `own` (an index of
    /// that band), which keeps them.
    #[inline(always)]
    fn clear_other_digits(&mut self, band: usize, own: usize, cells: u32) {
        let base = 9 * band;
        let mut changed = 0u32;
        for digit in 0..9 {
            let hit = self.candidates[base + digit] & cells;
            // 1 when `hit` is not empty (masks have 27 bits, so bit 31 is free).
            changed |= ((hit | hit.wrapping_neg()) >> 31) << digit;
            self.candidates[base + digit] ^= hit;
        }
        self.candidates[own] |= cells;
        self.dirty |= (changed << base) & !(1 << own);
    }

    #[inline]
    fn place(&mut self, index: usize, bit: u32) {
        let band = index / 9;
        let position = bit.trailing_zeros();
        self.unsolved[band] &= !bit;
        self.clear_other_digits(band, index, bit);
        self.restrict(index, !BAND_PEERS[position as usize]);
        let column_mask = !(COLUMN_SPREAD << (position % 9));
        let [first, second] = OTHER_BANDS[index];
        self.restrict(first, column_mask);
        self.restrict(second, column_mask);
    }

    /// Band reduction for one (band, digit); false on contradiction.
    #[inline]
    fn reduce(&mut self, index: usize) -> bool {
        let band = index / 9;
        let mask = self.candidates[index];
        let pattern = ROW_BOXES[(mask & ROW_FULL) as usize]
            | (ROW_BOXES[((mask >> 9) & ROW_FULL) as usize] << 3)
            | (ROW_BOXES[((mask >> 18) & ROW_FULL) as usize] << 6);
        let allowed = MATCHING[pattern as usize];
        if allowed == 0 {
            return false;
        }
        let mask = mask & EXPAND[allowed as usize];
        self.candidates[index] = mask;

        let singles = ROW_SINGLE[(mask & ROW_FULL) as usize]
            | (ROW_SINGLE[((mask >> 9) & ROW_FULL) as usize] << 9)
            | (ROW_SINGLE[((mask >> 18) & ROW_FULL) as usize] << 18);
        let fresh = singles & self.unsolved[band];
        if fresh != 0 {
            self.unsolved[band] &= !fresh;
            self.clear_other_digits(band, index, fresh);
        }
        let keep = !(BOX_COLUMN_LOCKED[columns_of(mask) as usize] * COLUMN_SPREAD);
        let [first, second] = OTHER_BANDS[index];
        self.restrict(first, keep);
        self.restrict(second, keep);
        true
    }

    fn singles(&mut self) -> Singles {
        let mut progress = false;
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let mut one = 0;
            let mut two = 0;
            for digit in 0..9 {
                let mask = self.candidates[9 * band + digit];
                two |= one & mask;
                one |= mask;
            }
            if one & unsolved != unsolved {
                return Singles::Contradiction;
            }
            let naked = unsolved & !two;
            if naked == 0 {
                continue;
            }
            progress = true;
            // A cell emptied by an earlier placement here stays unsolved without
            // candidates; the next round reports the contradiction.
            for digit in 0..9 {
                let mut cells = self.candidates[9 * band + digit] & naked;
                while cells != 0 {
                    let bit = cells & cells.wrapping_neg();
                    cells &= cells - 1;
                    if self.unsolved[band] & bit != 0 {
                        self.place(9 * band + digit, bit);
                    }
                }
            }
        }
        if progress {
            return Singles::Progress;
        }
        if progress {
            Singles::Progress
        } else {
            Singles::None
        }
    }

    /// Propagates to a fixed point; false on contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let index = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.reduce(index) {
                    return false;
                }
            }
            match self.singles() {
                Singles::None => return true,
                Singles::Progress => {}
                Singles::Contradiction => return false,
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The band and bit of an unsolved cell with the fewest candidates.
    fn branch_cell(&self) -> (usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let unsolved = self.unsolved[band];
            if unsolved == 0 {
                continue;
            }
            let mut one = 0;
            let mut two = 0;
            let mut three = 0;
            for digit in 0..9 {
                let mask = self.candidates[9 * band + digit];
                three |= two & mask;
                two |= one & mask;
                one |= mask;
            }
            let bivalue = unsolved & two & !three;
            if bivalue != 0 {
                return (band, bivalue & bivalue.wrapping_neg());
            }
            let mut cells = unsolved;
            while cells != 0 {
                let bit = cells & cells.wrapping_neg();
                cells &= cells - 1;
                let count = (0..9)
                    .filter(|&d| self.candidates[9 * band + d] & bit != 0)
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

    /// Counts solutions up to `limit`, remembering the first two.
    pub(crate) fn count(mut self, limit: usize) -> (usize, [Option<Grid>; 2]) {
        let mut tally = Tally {
            count: 0,
            limit,
            found: [None, None],
        };
        if limit > 0 {
            self.dirty = (1 << 27) - 1;
            search(&mut self, &mut tally);
        }
        (tally.count, tally.found)
    }
}

struct Tally {
    count: usize,
    limit: usize,
    found: [Option<Grid>; 2],
}

/// Depth-first search; true when the limit is reached and the search should stop.
fn search(state: &mut SearchState, tally: &mut Tally) -> bool {
    if !state.propagate() {
        return false;
    }
    if state.is_solved() {
        if tally.count < 2 {
            tally.found[tally.count] = Some(state.solution_grid());
        }
        tally.count += 1;
        return tally.count >= tally.limit;
    }
    let (band, bit) = state.branch_cell();
    let mut digits: u32 = (0..9)
        .filter(|&d| state.candidates[9 * band + d] & bit != 0)
        .fold(0, |acc, d| acc | (1 << d));
    while digits != 0 {
        let index = 9 * band + digits.trailing_zeros() as usize;
        digits &= digits - 1;
        if digits == 0 {
            state.place(index, bit);
            return search(state, tally);
        }
        let mut child = *state;
        child.place(index, bit);
        if search(&mut child, tally) {
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
    match state.count(2) {
        (_, [Some(first), Some(second)]) => Solution::Multiple(first, second),
        (_, [Some(first), None]) => Solution::Unique(first),
        _ => Solution::None,
    }
}

/// Counts the solutions of a puzzle, stopping at `limit`.
pub fn count_solutions(puzzle: &Grid, limit: usize) -> usize {
    match SearchState::from_grid(puzzle) {
        Some(state) => state.count(limit).0,
        None => 0,
    }
}

/// The first solution found, if any (unique or not).
pub fn solve_any(puzzle: &Grid) -> Option<Grid> {
    let [first, _] = SearchState::from_grid(puzzle)?.count(1).1;
    first
}

/// True when the puzzle has exactly one solution.
pub fn has_unique_solution(puzzle: &Grid) -> bool {
    count_solutions(puzzle, 2) == 1
}
