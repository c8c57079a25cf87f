//! The candidate state the chaining rules work on, as cell masks and per-digit cell sets.
//!
//! Dynamic chains switch candidates off as they go, so the board is copied once per rule
//! evaluation and restored after every chain; both views (by cell, by digit) are kept in
//! step so that "is this cell bivalue?" and "how many places for 5 in this row?" are each a
//! single `count_ones`.

use super::Position;
use super::tables::cells_of;
use super::tables::{REGION_MASK, REGIONS};
use crate::sudoku::grade::board::Geometry;

#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    /// The cells sharing a house with each cell (extra houses included).
    pub(crate) peers: &'static [u128; 81],
    /// The region types beyond block, row and column, in SE's order.
    pub(crate) extra_kinds: &'static [usize],
    /// Candidates per cell: bit `d` for digit `d + 1`.
    pub cells: [u16; 81],
    /// Cells holding each digit (0-8) as a candidate.
    pub digits: [u128; 9],
    /// Placed digits 1-9, 0 for empty cells.
    pub values: [u8; 81],
}

impl Board {
    pub fn from_position(position: &Position<'_>) -> Board {
        Board::from_position_in(position, &crate::sudoku::grade::board::CLASSIC)
    }

    /// The board of a position on a grid with extra houses.
    pub(crate) fn from_position_in(position: &Position<'_>, geometry: &'static Geometry) -> Board {
        let mut board = Board {
            peers: &geometry.peer_sets,
            extra_kinds: &geometry.region_types()[3..],
            cells: [0; 81],
            digits: [0; 9],
            values: *position.values,
        };
        for cell in 0..81 {
            let mask = if position.values[cell] == 0 {
                position.candidates[cell] & 0x1ff
            } else {
                0
            };
            board.cells[cell] = mask;
            for digit in 0..9 {
                if mask >> digit & 1 != 0 {
                    board.digits[digit] |= 1u128 << cell;
                }
            }
        }
        board
    }

    #[inline]
    pub fn has(&self, cell: usize, digit: usize) -> bool {
        self.cells[cell] >> digit & 1 != 0
    }

    #[inline]
    pub fn remove(&mut self, cell: usize, digit: usize) {
        self.cells[cell] &= !(1 << digit);
        self.digits[digit] &= !(1u128 << cell);
    }

    /// Positions (0-8, SE region order) of `digit` in a region, as a 9-bit mask.
    #[inline]
    pub fn positions(&self, kind: usize, index: usize, digit: usize) -> u16 {
        let present = self.digits[digit] & REGION_MASK[kind][index];
        if present == 0 {
            return 0;
        }
        let cells = &REGIONS[kind][index];
        let mut mask = 0u16;
        for (position, &cell) in cells.iter().enumerate() {
            if present >> cell & 1 != 0 {
                mask |= 1 << position;
            }
        }
        mask
    }

    /// Number of cells without a placed digit in a region (SE `getEmptyCellCount`).
    pub fn empty_cells(&self, kind: usize, index: usize) -> u32 {
        REGIONS[kind][index]
            .iter()
            .filter(|&&cell| self.values[cell as usize] == 0)
            .count() as u32
    }

    /// Candidates present in `self` but gone from `other`, as (cell, digit) pairs.
    pub fn removed_in(&self, other: &Board) -> Vec<(usize, usize)> {
        let mut removed = Vec::new();
        for digit in 0..9 {
            for cell in cells_of(self.digits[digit] & !other.digits[digit]) {
                removed.push((cell, digit));
            }
        }
        removed
    }
}
