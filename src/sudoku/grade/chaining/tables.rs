//! Grid geometry in Sudoku Explainer's own orders.
//!
//! SE's results depend on the order in which it visits regions and cells (its hint lists are
//! sorted stably, so ties go to the first found), so the tables here follow SE exactly:
//! region types block (0), row (1), column (2); blocks numbered row-major; cells inside a
//! block row-major; a cell's number is `row * 9 + column`. The extra houses of X-sudoku and
//! windoku keep SE's region type numbers too: window groups (4), main diagonal (5),
//! anti-diagonal (6); a board lists the extra kinds its geometry has.

/// Region type index of a block (SE `Grid.Block`).
pub const BLOCK: usize = 0;
/// Region type index of a row.
pub const ROW: usize = 1;
/// Region type index of a column.
pub const COLUMN: usize = 2;

/// Region type index of SE's window groups.
pub const WINDOW: usize = 4;
/// Region type index of SE's main diagonal (one region).
pub const MAIN_DIAGONAL: usize = 5;
/// Region type index of SE's anti-diagonal (one region).
pub const ANTI_DIAGONAL: usize = 6;
/// The number of region type indexes (3, DG in SE, is unused).
pub(crate) const KINDS: usize = 7;
/// `CELL_REGION` of a cell outside every region of a type (a diagonal's).
pub const NO_REGION: u8 = u8::MAX;

/// `REGIONS[type][index][position]`: the cell at a position of a region.
pub static REGIONS: [[[u8; 9]; 9]; KINDS] = build_regions();
/// `CELL_REGION[cell][type]`: the index of the region of that type holding the cell, or
/// [`NO_REGION`].
pub static CELL_REGION: [[u8; KINDS]; 81] = build_cell_regions();
/// `REGION_MASK[type][index]`: the region's cells as an 81-bit set.
pub(crate) static REGION_MASK: [[u128; 9]; KINDS] = build_region_masks();
/// `PEERS[cell]`: the 20 cells sharing a block, row or column with the cell (the engine
/// takes its peers from the board's geometry; the reference uses these).
pub static PEERS: [u128; 81] = build_peers();

const fn build_regions() -> [[[u8; 9]; 9]; KINDS] {
    use crate::sudoku::grade::board::{FIRST_DIAGONAL, FIRST_WINDOW, HOUSE_CELLS};
    let mut regions = [[[0u8; 9]; 9]; KINDS];
    let mut index = 0;
    while index < 9 {
        let mut position = 0;
        while position < 9 {
            let block_row = index / 3 * 3 + position / 3;
            let block_column = index % 3 * 3 + position % 3;
            regions[BLOCK][index][position] = (block_row * 9 + block_column) as u8;
            regions[ROW][index][position] = (index * 9 + position) as u8;
            regions[COLUMN][index][position] = (position * 9 + index) as u8;
            regions[WINDOW][index][position] = HOUSE_CELLS[FIRST_WINDOW + index][position] as u8;
            if index == 0 {
                regions[MAIN_DIAGONAL][0][position] = HOUSE_CELLS[FIRST_DIAGONAL][position] as u8;
                regions[ANTI_DIAGONAL][0][position] =
                    HOUSE_CELLS[FIRST_DIAGONAL + 1][position] as u8;
            }
            position += 1;
        }
        index += 1;
    }
    regions
}

/// The number of regions of a type (SE has one region per diagonal type, none of type 3).
pub(crate) const fn region_count(kind: usize) -> usize {
    match kind {
        MAIN_DIAGONAL | ANTI_DIAGONAL => 1,
        3 => 0,
        _ => 9,
    }
}

const fn build_cell_regions() -> [[u8; KINDS]; 81] {
    let regions = build_regions();
    let mut result = [[NO_REGION; KINDS]; 81];
    let mut kind = 0;
    while kind < KINDS {
        let mut index = 0;
        while index < region_count(kind) {
            let mut position = 0;
            while position < 9 {
                result[regions[kind][index][position] as usize][kind] = index as u8;
                position += 1;
            }
            index += 1;
        }
        kind += 1;
    }
    result
}

const fn build_region_masks() -> [[u128; 9]; KINDS] {
    let regions = build_regions();
    let mut masks = [[0u128; 9]; KINDS];
    let mut kind = 0;
    while kind < KINDS {
        let mut index = 0;
        while index < region_count(kind) {
            let mut position = 0;
            while position < 9 {
                masks[kind][index] |= 1u128 << regions[kind][index][position];
                position += 1;
            }
            index += 1;
        }
        kind += 1;
    }
    masks
}

const fn build_peers() -> [u128; 81] {
    let masks = build_region_masks();
    let regions = build_cell_regions();
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let own = regions[cell];
        peers[cell] = (masks[BLOCK][own[BLOCK] as usize]
            | masks[ROW][own[ROW] as usize]
            | masks[COLUMN][own[COLUMN] as usize])
            & !(1u128 << cell);
        cell += 1;
    }
    peers
}

/// The region of `kind` holding `cell`, as its 9 cells in SE order.
#[inline]
pub fn region_of(cell: usize, kind: usize) -> &'static [u8; 9] {
    &REGIONS[kind][CELL_REGION[cell][kind] as usize]
}

/// The mask of the region of `kind` holding `cell`; the cell must have one (every cell
/// has a box, row, column and window group).
#[inline]
pub(crate) fn region_mask_of(cell: usize, kind: usize) -> u128 {
    REGION_MASK[kind][CELL_REGION[cell][kind] as usize]
}

/// The mask of the region of `kind` holding `cell`, empty when there is none (a diagonal).
#[inline]
pub fn region_mask_if(cell: usize, kind: usize) -> u128 {
    match CELL_REGION[cell][kind] {
        NO_REGION => 0,
        index => REGION_MASK[kind][index as usize],
    }
}

/// Iterates the set bits of an 81-bit cell set in increasing order.
pub fn cells_of(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let cell = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(cell)
        }
    })
}

/// Iterates the digits 0-8 of a candidate mask in increasing order.
#[inline]
pub(crate) fn digits_of(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let digit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(digit)
        }
    })
}

/// The order in which a `java.util.HashMap<Cell, _>` built by inserting `cells` in order
/// iterates them. SE collects removable candidates in such maps, and the order in which a
/// chain meets the removals of an "advanced" rule follows it. `Cell.hashCode()` is the cell
/// number, the table starts at 16 buckets and doubles past 3/4 load, buckets are visited in
/// order and each bucket keeps insertion order (resizing splits buckets stably).
pub fn java_hash_order(cells: &mut [u8]) {
    let mut capacity = 16usize;
    while cells.len() > capacity * 3 / 4 {
        capacity *= 2;
    }
    cells.sort_by_key(|&cell| cell as usize & (capacity - 1));
}

/// A set of candidates (cell, digit), indexed `cell * 9 + digit` (digit 0-8).
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct CandidateSet([u64; 12]);

impl CandidateSet {
    pub const EMPTY: CandidateSet = CandidateSet([0; 12]);

    #[inline]
    pub fn contains(&self, index: usize) -> bool {
        self.0[index >> 6] >> (index & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, index: usize) {
        self.0[index >> 6] |= 1 << (index & 63);
    }

    pub fn remove(&mut self, index: usize) {
        self.0[index >> 6] &= !(1 << (index & 63));
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word_index, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                if word == 0 {
                    None
                } else {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    Some(word_index * 64 + bit)
                }
            })
        })
    }
}
