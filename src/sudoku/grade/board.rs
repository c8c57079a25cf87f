//! The candidate grid the logical solver works on.
//!
//! Two views are kept in step: the candidates of each cell (9-bit masks, bit `d - 1` for
//! digit `d`, as the chaining contract expects) and, for each digit, the set of cells that
//! may still hold it (an 81-bit [`CellSet`]). The first makes "which digits fit here" one
//! load; the second makes "where can this digit go in this house" one AND and a popcount.

use crate::sudoku::grid::{Grid, HOUSES};

/// A set of cells: bit `c` for cell `c` (0..81).
pub type CellSet = u128;

/// All 81 cells.
pub const ALL_CELLS: CellSet = (1u128 << 81) - 1;

/// The candidate mask of all nine digits.
pub const ALL_DIGITS: u16 = 0x1FF;

/// Region types in Sudoku Explainer's numbering (`Grid.getRegions(i)`).
pub const BLOCK: usize = 0;
pub const ROW: usize = 1;
pub const COLUMN: usize = 2;

/// The house index (into [`HOUSES`]) of region `index` of a region type.
pub const fn house_of(region_type: usize, index: usize) -> usize {
    match region_type {
        BLOCK => 18 + index,
        ROW => index,
        _ => 9 + index,
    }
}

/// The region type of a house index.
pub const fn region_type_of(house: usize) -> usize {
    match house / 9 {
        0 => ROW,
        1 => COLUMN,
        _ => BLOCK,
    }
}

pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

pub const fn column_of(cell: usize) -> usize {
    cell % 9
}

pub const fn block_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The three houses of a cell, as (row, column, block) house indexes.
pub const fn houses_of(cell: usize) -> [usize; 3] {
    [row_of(cell), 9 + column_of(cell), 18 + block_of(cell)]
}

/// The house of a given region type that holds a cell.
pub const fn house_of_cell(region_type: usize, cell: usize) -> usize {
    match region_type {
        BLOCK => 18 + block_of(cell),
        ROW => row_of(cell),
        _ => 9 + column_of(cell),
    }
}

/// The cell set of each house.
pub const HOUSE_SETS: [CellSet; 27] = {
    let mut sets = [0u128; 27];
    let mut house = 0;
    while house < 27 {
        let mut k = 0;
        while k < 9 {
            sets[house] |= 1u128 << HOUSES[house][k];
            k += 1;
        }
        house += 1;
    }
    sets
};

/// The 20 peers of each cell (cells sharing a house with it), as a set.
pub const PEER_SETS: [CellSet; 81] = {
    let mut sets = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let houses = houses_of(cell);
        let mut k = 0;
        while k < 3 {
            sets[cell] |= HOUSE_SETS[houses[k]];
            k += 1;
        }
        sets[cell] &= !(1u128 << cell);
        cell += 1;
    }
    sets
};

/// The 20 peers of each cell in ascending order.
pub const PEERS: [[u8; 20]; 81] = {
    let mut table = [[0u8; 20]; 81];
    let mut cell = 0;
    while cell < 81 {
        let mut k = 0;
        let mut other = 0;
        while other < 81 {
            if PEER_SETS[cell] & (1u128 << other) != 0 {
                table[cell][k] = other as u8;
                k += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    table
};

/// Iterates the cells of a set in ascending order.
pub fn cells_of(set: CellSet) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(cell)
        }
    })
}

/// Iterates the digits (1-9) of a candidate mask in ascending order.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        if rest == 0 {
            None
        } else {
            let digit = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            Some(digit)
        }
    })
}

/// The candidate bit of a digit 1-9.
pub const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The number of digits in a candidate mask.
pub const fn count(mask: u16) -> u32 {
    mask.count_ones()
}

/// The lowest digit of a non-empty candidate mask.
pub const fn first_digit(mask: u16) -> u8 {
    mask.trailing_zeros() as u8 + 1
}

/// A grid with candidates. Invariant: a placed cell has no candidates, and
/// `digit_cells[d - 1]` holds exactly the cells whose candidates include `d`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub values: [u8; 81],
    pub candidates: [u16; 81],
    pub digit_cells: [CellSet; 9],
    pub empty: CellSet,
}

impl Board {
    /// The board of a puzzle: every empty cell gets the digits its peers do not hold.
    pub fn new(grid: &Grid) -> Board {
        let mut board = Board {
            values: [0; 81],
            candidates: [0; 81],
            digit_cells: [0; 9],
            empty: 0,
        };
        for cell in 0..81 {
            if grid.get(cell) == 0 {
                board.candidates[cell] = ALL_DIGITS;
                board.empty |= 1 << cell;
            }
        }
        for digit in 0..9 {
            board.digit_cells[digit] = board.empty;
        }
        for cell in 0..81 {
            let value = grid.get(cell);
            if value != 0 {
                board.values[cell] = value;
                board.remove_from_peers(cell, value);
            }
        }
        board
    }

    /// A board from explicit values and candidates (for sukaku-style positions and tests).
    /// Candidates of placed cells are ignored.
    pub fn from_parts(values: [u8; 81], candidates: [u16; 81]) -> Board {
        let mut board = Board {
            values,
            candidates: [0; 81],
            digit_cells: [0; 9],
            empty: 0,
        };
        for cell in 0..81 {
            if values[cell] == 0 {
                board.empty |= 1 << cell;
                board.candidates[cell] = candidates[cell] & ALL_DIGITS;
                for digit in digits_of(board.candidates[cell]) {
                    board.digit_cells[digit as usize - 1] |= 1 << cell;
                }
            }
        }
        board
    }

    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// The grid of placed digits.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("board values are digits")
    }

    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.candidates[cell] & bit(digit) != 0
    }

    /// The cells of a house where a digit may still go.
    pub fn cells_for(&self, house: usize, digit: u8) -> CellSet {
        self.digit_cells[digit as usize - 1] & HOUSE_SETS[house]
    }

    /// The positions (0-8, in the house's cell order) where a digit may go in a house.
    pub fn positions(&self, house: usize, digit: u8) -> u16 {
        let set = self.digit_cells[digit as usize - 1];
        let mut mask = 0;
        for (position, &cell) in HOUSES[house].iter().enumerate() {
            if set & (1 << cell) != 0 {
                mask |= 1 << position;
            }
        }
        mask
    }

    /// The number of empty cells of a house.
    pub fn empty_count(&self, house: usize) -> u32 {
        (self.empty & HOUSE_SETS[house]).count_ones()
    }

    /// How many cells hold a digit.
    pub fn placed_count(&self, digit: u8) -> u32 {
        self.values.iter().filter(|&&value| value == digit).count() as u32
    }

    /// Removes a candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let mask = bit(digit);
        if self.candidates[cell] & mask == 0 {
            return false;
        }
        self.candidates[cell] &= !mask;
        self.digit_cells[digit as usize - 1] &= !(1 << cell);
        true
    }

    /// Removes a set of candidates from one cell.
    pub fn eliminate_mask(&mut self, cell: usize, mask: u16) {
        let present = self.candidates[cell] & mask;
        for digit in digits_of(present) {
            self.eliminate(cell, digit);
        }
    }

    /// Places a digit and removes it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: usize, digit: u8) {
        for other in digits_of(self.candidates[cell]) {
            self.digit_cells[other as usize - 1] &= !(1 << cell);
        }
        self.candidates[cell] = 0;
        self.values[cell] = digit;
        self.empty &= !(1 << cell);
        self.remove_from_peers(cell, digit);
    }

    fn remove_from_peers(&mut self, cell: usize, digit: u8) {
        let index = digit as usize - 1;
        let hit = self.digit_cells[index] & PEER_SETS[cell];
        self.digit_cells[index] &= !PEER_SETS[cell];
        for peer in cells_of(hit) {
            self.candidates[peer] &= !bit(digit);
        }
    }

    /// True when an empty cell has no candidate left or a digit has no place in a house
    /// that still needs it: the position contradicts itself.
    pub fn is_broken(&self) -> bool {
        if cells_of(self.empty).any(|cell| self.candidates[cell] == 0) {
            return true;
        }
        for (house, cells) in HOUSES.iter().enumerate() {
            let mut placed = 0u16;
            for &cell in cells {
                if self.values[cell] != 0 {
                    placed |= bit(self.values[cell]);
                }
            }
            for digit in 1..=9u8 {
                if placed & bit(digit) == 0 && self.cells_for(house, digit) == 0 {
                    return true;
                }
            }
        }
        false
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Board(")?;
        for row in 0..9 {
            for column in 0..9 {
                let cell = row * 9 + column;
                if self.values[cell] != 0 {
                    write!(f, " {:<9}", self.values[cell])?;
                } else {
                    let text: String = digits_of(self.candidates[cell])
                        .map(|d| char::from(b'0' + d))
                        .collect();
                    write!(f, " {text:<9}")?;
                }
            }
            writeln!(f)?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_and_houses_agree() {
        for cell in 0..81 {
            assert_eq!(PEER_SETS[cell].count_ones(), 20);
            assert_eq!(PEERS[cell].len(), 20);
            for house in houses_of(cell) {
                assert!(HOUSE_SETS[house] & (1 << cell) != 0);
            }
            assert_eq!(house_of_cell(BLOCK, cell), houses_of(cell)[2]);
            assert_eq!(house_of_cell(ROW, cell), houses_of(cell)[0]);
            assert_eq!(house_of_cell(COLUMN, cell), houses_of(cell)[1]);
        }
        assert_eq!(region_type_of(house_of(COLUMN, 4)), COLUMN);
    }

    #[test]
    fn placing_keeps_both_views_in_step() {
        let grid: Grid =
            "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7.."
                .parse()
                .unwrap();
        let mut board = Board::new(&grid);
        board.place(0, 2);
        for cell in 0..81 {
            for digit in 1..=9u8 {
                assert_eq!(
                    board.has(cell, digit),
                    board.digit_cells[digit as usize - 1] & (1 << cell) != 0
                );
            }
        }
        assert!(!board.has(1, 2) && !board.has(9, 2) && !board.has(10, 2));
        assert!(!board.is_broken());
    }
}
