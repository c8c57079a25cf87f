//! The candidate grid the logical solver works on.
//!
//! Two views are kept in step: the candidates of each cell (9-bit masks, bit `d - 1` for
//! digit `d`, as the chaining contract expects) and, for each digit, the set of cells that
//! may still hold it (an 81-bit [`CellSet`]). The first makes "which digits fit here" one
//! load; the second makes "where can this digit go in this house" one AND and a popcount.
//!
//! The houses are those of a [`Geometry`]: the classic 27, or those plus the extra houses of
//! X-sudoku (both main diagonals) or windoku (SE's nine window groups: the four windows and
//! the five groups they imply). A board points at its geometry, so every technique that
//! asks for peers or houses sees the extra ones.

use crate::sudoku::grid::{Grid, HOUSES};

/// A set of cells: bit `c` for cell `c` (0..81).
pub type CellSet = u128;

/// The candidate mask of all nine digits.
pub const ALL_DIGITS: u16 = 0x1FF;

/// Region types in Sudoku Explainer's numbering (`Grid.getRegions(i)`).
pub const BLOCK: usize = 0;
pub const ROW: usize = 1;
pub const COLUMN: usize = 2;
/// SE's window groups (windoku), region type 4.
pub const WINDOW: usize = 4;
/// SE's main diagonal (top left to bottom right), region type 5.
pub const MAIN_DIAGONAL: usize = 5;
/// SE's anti-diagonal (top right to bottom left), region type 6.
pub const ANTI_DIAGONAL: usize = 6;

/// The number of houses of every geometry together: 27 classic, 2 diagonals, 9 windows.
pub const HOUSE_COUNT: usize = 38;
/// The house index of the main diagonal; the anti-diagonal follows.
pub const FIRST_DIAGONAL: usize = 27;
/// The house index of SE's window group 1; groups 2-9 follow.
pub const FIRST_WINDOW: usize = 29;

/// Extra houses on top of rows, columns and boxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ExtraHouses {
    /// Classic sudoku.
    #[default]
    None,
    /// X-sudoku: both main diagonals hold 1-9 once.
    X,
    /// Windoku (hyper sudoku): four extra 3×3 windows at rows/columns 2-4 and 6-8.
    Windoku,
}

impl ExtraHouses {
    /// The geometry with these extra houses.
    #[inline]
    pub fn geometry(self) -> &'static Geometry {
        match self {
            ExtraHouses::None => &CLASSIC,
            ExtraHouses::X => &X_GEOMETRY,
            ExtraHouses::Windoku => &WINDOKU,
        }
    }

    /// True for classic sudoku.
    #[inline]
    pub fn is_none(self) -> bool {
        self == ExtraHouses::None
    }
}

/// SE's window group of each cell (`Grid.Window.windows`): 0-3 the four windows, 4-8 the
/// groups they imply.
const WINDOW_GROUP: [u8; 81] = [
    8, 4, 4, 4, 8, 5, 5, 5, 8, //
    6, 0, 0, 0, 6, 1, 1, 1, 6, //
    6, 0, 0, 0, 6, 1, 1, 1, 6, //
    6, 0, 0, 0, 6, 1, 1, 1, 6, //
    8, 4, 4, 4, 8, 5, 5, 5, 8, //
    7, 2, 2, 2, 7, 3, 3, 3, 7, //
    7, 2, 2, 2, 7, 3, 3, 3, 7, //
    7, 2, 2, 2, 7, 3, 3, 3, 7, //
    8, 4, 4, 4, 8, 5, 5, 5, 8, //
];

/// The position of each cell inside its window group (`Grid.Window.paths`).
const WINDOW_POSITION: [u8; 81] = [
    0, 0, 1, 2, 1, 0, 1, 2, 2, //
    0, 0, 1, 2, 3, 0, 1, 2, 6, //
    1, 3, 4, 5, 4, 3, 4, 5, 7, //
    2, 6, 7, 8, 5, 6, 7, 8, 8, //
    3, 3, 4, 5, 4, 3, 4, 5, 5, //
    0, 0, 1, 2, 3, 0, 1, 2, 6, //
    1, 3, 4, 5, 4, 3, 4, 5, 7, //
    2, 6, 7, 8, 5, 6, 7, 8, 8, //
    6, 6, 7, 8, 7, 6, 7, 8, 8, //
];

/// Every house's cells in SE's position order: rows, columns, boxes (as
/// [`HOUSES`]), the two diagonals, the nine window groups.
pub const HOUSE_CELLS: [[usize; 9]; HOUSE_COUNT] = {
    let mut houses = [[0usize; 9]; HOUSE_COUNT];
    let mut house = 0;
    while house < 27 {
        houses[house] = HOUSES[house];
        house += 1;
    }
    let mut k = 0;
    while k < 9 {
        houses[FIRST_DIAGONAL][k] = k * 10;
        houses[FIRST_DIAGONAL + 1][k] = (k + 1) * 8;
        k += 1;
    }
    let mut cell = 0;
    while cell < 81 {
        houses[FIRST_WINDOW + WINDOW_GROUP[cell] as usize][WINDOW_POSITION[cell] as usize] = cell;
        cell += 1;
    }
    houses
};

/// The most peers a cell has in any geometry.
pub const MAX_PEERS: usize = 40;

/// The houses of a grid and what follows from them.
#[derive(Debug, PartialEq, Eq)]
pub struct Geometry {
    pub extra: ExtraHouses,
    /// The extra houses (indexes into [`HOUSE_SETS`]), in the order SE scans them.
    pub extra_houses: &'static [usize],
    /// The cells sharing a house with each cell.
    pub peer_sets: [CellSet; 81],
    /// The same in the first `peer_counts[cell]` entries: the classic peers ascending, then
    /// the others ascending (SE's order).
    pub peers: [[u8; MAX_PEERS]; 81],
    pub peer_counts: [u8; 81],
    /// (SE region type, house) in the order SE scans houses for singles and sets: boxes,
    /// columns, rows, then the extra houses; the first `scan_count` entries.
    scan: [(u8, u8); HOUSE_COUNT],
    scan_count: usize,
}

impl Geometry {
    /// The houses in SE's scan order for singles and sets (boxes, columns, rows, extra
    /// houses), each with its SE region type.
    #[inline]
    pub fn scan_houses(&self) -> &[(u8, u8)] {
        &self.scan[..self.scan_count]
    }

    /// The peers of a cell in SE's order (see [`Geometry::peers`]).
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u8] {
        &self.peers[cell][..self.peer_counts[cell] as usize]
    }

    /// The SE region type of an extra house.
    pub fn region_type(house: usize) -> usize {
        match house {
            FIRST_DIAGONAL => MAIN_DIAGONAL,
            house if house == FIRST_DIAGONAL + 1 => ANTI_DIAGONAL,
            _ => WINDOW,
        }
    }

    /// The SE region types of this geometry: box, row, column, then the extra ones.
    #[inline]
    pub fn region_types(&self) -> &'static [usize] {
        match self.extra {
            ExtraHouses::None => &[BLOCK, ROW, COLUMN],
            ExtraHouses::X => &[BLOCK, ROW, COLUMN, MAIN_DIAGONAL, ANTI_DIAGONAL],
            ExtraHouses::Windoku => &[BLOCK, ROW, COLUMN, WINDOW],
        }
    }

    /// The houses of a region type, in SE's order.
    #[inline]
    pub fn houses_of_type(region_type: usize) -> std::ops::Range<usize> {
        match region_type {
            MAIN_DIAGONAL => FIRST_DIAGONAL..FIRST_DIAGONAL + 1,
            ANTI_DIAGONAL => FIRST_DIAGONAL + 1..FIRST_DIAGONAL + 2,
            _ => house_of(region_type, 0)..house_of(region_type, 0) + 9,
        }
    }

    /// The house of a region type holding a cell, if any (a diagonal misses most cells).
    pub fn house_at(region_type: usize, cell: usize) -> Option<usize> {
        match region_type {
            BLOCK | ROW | COLUMN => Some(house_of_cell(region_type, cell)),
            _ => Geometry::houses_of_type(region_type)
                .find(|&house| HOUSE_SETS[house] & (1 << cell) != 0),
        }
    }

    /// The extra houses holding a cell, in SE's scan order.
    pub fn extra_houses_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.extra_houses
            .iter()
            .copied()
            .filter(move |&house| HOUSE_SETS[house] & (1 << cell) != 0)
    }

    const fn new(extra: ExtraHouses, extra_houses: &'static [usize]) -> Geometry {
        let mut peer_sets = [0u128; 81];
        let mut peers = [[0u8; MAX_PEERS]; 81];
        let mut peer_counts = [0u8; 81];
        let mut cell = 0;
        while cell < 81 {
            let mut set = CLASSIC_PEER_SETS[cell];
            let mut k = 0;
            while k < extra_houses.len() {
                if HOUSE_SETS[extra_houses[k]] & (1u128 << cell) != 0 {
                    set |= HOUSE_SETS[extra_houses[k]];
                }
                k += 1;
            }
            set &= !(1u128 << cell);
            peer_sets[cell] = set;
            // SE lists a cell's classic peers first, then those of the extra houses.
            let mut pass = 0;
            while pass < 2 {
                let part = if pass == 0 {
                    CLASSIC_PEER_SETS[cell]
                } else {
                    set & !CLASSIC_PEER_SETS[cell]
                };
                let mut other = 0;
                while other < 81 {
                    if part & (1u128 << other) != 0 {
                        peers[cell][peer_counts[cell] as usize] = other as u8;
                        peer_counts[cell] += 1;
                    }
                    other += 1;
                }
                pass += 1;
            }
            cell += 1;
        }
        let mut scan = [(0u8, 0u8); HOUSE_COUNT];
        let mut scan_count = 0;
        let order = [BLOCK, COLUMN, ROW];
        let mut k = 0;
        while k < 3 {
            let mut index = 0;
            while index < 9 {
                scan[scan_count] = (order[k] as u8, house_of(order[k], index) as u8);
                scan_count += 1;
                index += 1;
            }
            k += 1;
        }
        let mut k = 0;
        while k < extra_houses.len() {
            let house = extra_houses[k];
            let region_type = if house == FIRST_DIAGONAL {
                MAIN_DIAGONAL
            } else if house == FIRST_DIAGONAL + 1 {
                ANTI_DIAGONAL
            } else {
                WINDOW
            };
            scan[scan_count] = (region_type as u8, house as u8);
            scan_count += 1;
            k += 1;
        }
        Geometry {
            extra,
            extra_houses,
            peer_sets,
            peers,
            peer_counts,
            scan,
            scan_count,
        }
    }
}

/// Classic sudoku.
pub static CLASSIC: Geometry = Geometry::new(ExtraHouses::None, &[]);
/// X-sudoku: SE scans the main diagonal, then the anti-diagonal.
pub static X_GEOMETRY: Geometry =
    Geometry::new(ExtraHouses::X, &[FIRST_DIAGONAL, FIRST_DIAGONAL + 1]);
/// Windoku: SE's nine window groups.
pub static WINDOKU: Geometry = Geometry::new(
    ExtraHouses::Windoku,
    &[
        FIRST_WINDOW,
        FIRST_WINDOW + 1,
        FIRST_WINDOW + 2,
        FIRST_WINDOW + 3,
        FIRST_WINDOW + 4,
        FIRST_WINDOW + 5,
        FIRST_WINDOW + 6,
        FIRST_WINDOW + 7,
        FIRST_WINDOW + 8,
    ],
);

/// The house index (into [`HOUSES`]) of region `index` of a region type.
#[inline]
pub const fn house_of(region_type: usize, index: usize) -> usize {
    match region_type {
        BLOCK => 18 + index,
        ROW => index,
        COLUMN => 9 + index,
        WINDOW => FIRST_WINDOW + index,
        MAIN_DIAGONAL => FIRST_DIAGONAL,
        _ => FIRST_DIAGONAL + 1,
    }
}

#[inline]
pub const fn row_of(cell: usize) -> usize {
    cell / 9
}

#[inline]
pub const fn column_of(cell: usize) -> usize {
    cell % 9
}

#[inline]
pub const fn block_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

/// The three houses of a cell, as (row, column, block) house indexes.
#[inline]
pub const fn houses_of(cell: usize) -> [usize; 3] {
    [row_of(cell), 9 + column_of(cell), 18 + block_of(cell)]
}

/// The house of a given region type that holds a cell.
#[inline]
pub const fn house_of_cell(region_type: usize, cell: usize) -> usize {
    match region_type {
        BLOCK => 18 + block_of(cell),
        ROW => row_of(cell),
        _ => 9 + column_of(cell),
    }
}

/// The cell set of each house (all geometries' houses; see [`HOUSE_CELLS`]).
pub const HOUSE_SETS: [CellSet; HOUSE_COUNT] = {
    let mut sets = [0u128; HOUSE_COUNT];
    let mut house = 0;
    while house < HOUSE_COUNT {
        let mut k = 0;
        while k < 9 {
            sets[house] |= 1u128 << HOUSE_CELLS[house][k];
            k += 1;
        }
        house += 1;
    }
    sets
};

/// The 20 classic peers of each cell (cells sharing a row, column or box with it), as a set.
pub const CLASSIC_PEER_SETS: [CellSet; 81] = {
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

/// Iterates the cells of a set in ascending order.
#[inline]
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
#[inline]
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
#[inline]
pub const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The number of digits in a candidate mask.
#[inline]
pub const fn count(mask: u16) -> u32 {
    mask.count_ones()
}

/// The lowest digit of a non-empty candidate mask.
#[inline]
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
    pub geometry: &'static Geometry,
}

impl Board {
    /// The board of a classic puzzle: every empty cell gets the digits its peers do not hold.
    pub fn new(grid: &Grid) -> Board {
        Board::with_geometry(grid, &CLASSIC)
    }

    /// The board of a puzzle with the houses of a geometry.
    pub fn with_geometry(grid: &Grid, geometry: &'static Geometry) -> Board {
        let mut board = Board {
            values: [0; 81],
            candidates: [0; 81],
            digit_cells: [0; 9],
            empty: 0,
            geometry,
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
            geometry: &CLASSIC,
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

    /// The cells sharing a house with a cell.
    #[inline]
    pub fn peer_set(&self, cell: usize) -> CellSet {
        self.geometry.peer_sets[cell]
    }

    /// The peers of a cell in SE's order.
    #[inline]
    pub fn peers(&self, cell: usize) -> &'static [u8] {
        let geometry: &'static Geometry = self.geometry;
        geometry.peers(cell)
    }

    #[inline]
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// The grid of placed digits.
    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).expect("board values are digits")
    }

    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.candidates[cell] & bit(digit) != 0
    }

    /// The cells of a house where a digit may still go.
    #[inline]
    pub fn cells_for(&self, house: usize, digit: u8) -> CellSet {
        self.digit_cells[digit as usize - 1] & HOUSE_SETS[house]
    }

    /// The positions (0-8, in the house's cell order) where a digit may go in a house.
    #[inline]
    pub fn positions(&self, house: usize, digit: u8) -> u16 {
        let set = self.digit_cells[digit as usize - 1];
        let mut mask = 0;
        for (position, &cell) in HOUSE_CELLS[house].iter().enumerate() {
            if set & (1 << cell) != 0 {
                mask |= 1 << position;
            }
        }
        mask
    }

    /// The number of empty cells of a house.
    #[inline]
    pub fn empty_count(&self, house: usize) -> u32 {
        (self.empty & HOUSE_SETS[house]).count_ones()
    }

    /// Removes a candidate; returns whether it was there.
    #[inline]
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
    #[inline]
    pub fn eliminate_mask(&mut self, cell: usize, mask: u16) {
        let present = self.candidates[cell] & mask;
        for digit in digits_of(present) {
            self.eliminate(cell, digit);
        }
    }

    /// Places a digit and removes it from the candidates of the cell's peers.
    #[inline]
    pub fn place(&mut self, cell: usize, digit: u8) {
        for other in digits_of(self.candidates[cell]) {
            self.digit_cells[other as usize - 1] &= !(1 << cell);
        }
        self.candidates[cell] = 0;
        self.values[cell] = digit;
        self.empty &= !(1 << cell);
        self.remove_from_peers(cell, digit);
    }

    #[inline]
    fn remove_from_peers(&mut self, cell: usize, digit: u8) {
        let index = digit as usize - 1;
        let peers = self.geometry.peer_sets[cell];
        let hit = self.digit_cells[index] & peers;
        self.digit_cells[index] &= !peers;
        for peer in cells_of(hit) {
            self.candidates[peer] &= !bit(digit);
        }
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
