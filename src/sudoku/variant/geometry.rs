//! The shapes of a sudoku variant: its size, its houses and which cells see each other.
//!
//! Every variant is a set of houses of `N` cells that must each hold `1..=N` once: rows,
//! columns, boxes (or jigsaw regions), and the extra houses of X (the two main diagonals)
//! and windoku (four 3×3 windows). The solver, generator and grader only ever look at
//! houses, so one engine serves all of them.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use super::bits::HouseBits;

use crate::error::{Error, Result};

/// The largest side (16×16).
pub const MAX_SIDE: usize = 16;
/// The most cells of a grid.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;

/// A set of cells of a grid of at most 256 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet([u64; 4]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; 4]);

    pub fn contains(&self, cell: usize) -> bool {
        self.0[cell >> 6] >> (cell & 63) & 1 != 0
    }

    pub fn insert(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1 << (cell & 63);
    }

    pub fn remove(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1 << (cell & 63));
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The cell, when the set holds exactly one (no count of the others needed).
    pub fn only(&self) -> Option<usize> {
        let mut only = None;
        for (k, &word) in self.0.iter().enumerate() {
            if word == 0 {
                continue;
            }
            if only.is_some() || word & (word - 1) != 0 {
                return None;
            }
            only = Some(k * 64 + word.trailing_zeros() as usize);
        }
        only
    }

    pub fn union(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|k| self.0[k] | other.0[k]))
    }

    pub fn intersection(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|k| self.0[k] & other.0[k]))
    }

    pub fn difference(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|k| self.0[k] & !other.0[k]))
    }

    /// Cells 0 to 127 as a 128-bit mask (a grid of up to 128 cells in one word).
    pub fn low_mask(&self) -> u128 {
        u128::from(self.0[0]) | u128::from(self.0[1]) << 64
    }

    /// The set of the cells of a 128-bit mask.
    pub fn from_low_mask(mask: u128) -> CellSet {
        CellSet([mask as u64, (mask >> 64) as u64, 0, 0])
    }

    /// The first cell, if any.
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, word)| **word != 0)
            .map(|(k, word)| k * 64 + word.trailing_zeros() as usize)
    }

    /// The cells below `cells` that are not in the set.
    pub fn complement_below(&self, cells: usize) -> CellSet {
        let mut words = [0u64; 4];
        for (k, word) in words.iter_mut().enumerate() {
            let below = cells.saturating_sub(k * 64).min(64);
            let mask = if below == 64 {
                u64::MAX
            } else {
                (1u64 << below) - 1
            };
            *word = !self.0[k] & mask;
        }
        CellSet(words)
    }

    /// The cells in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(k, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(k * 64 + bit)
            })
        })
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in cells {
            set.insert(cell);
        }
        set
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A grid size with the shape of its boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    side: u8,
    box_rows: u8,
    box_columns: u8,
}

impl Size {
    pub const S4: Size = Size::new(4, 2, 2);
    pub const S6: Size = Size::new(6, 2, 3);
    pub const S8: Size = Size::new(8, 2, 4);
    pub const S9: Size = Size::new(9, 3, 3);
    pub const S12: Size = Size::new(12, 3, 4);
    pub const S16: Size = Size::new(16, 4, 4);
    pub const ALL: [Size; 6] = [Size::S4, Size::S6, Size::S8, Size::S9, Size::S12, Size::S16];

    const fn new(side: u8, box_rows: u8, box_columns: u8) -> Size {
        Size {
            side,
            box_rows,
            box_columns,
        }
    }

    /// Cells across (and down); also the number of digits.
    pub fn side(self) -> usize {
        usize::from(self.side)
    }

    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Rows of one box.
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// Columns of one box.
    pub fn box_columns(self) -> usize {
        usize::from(self.box_columns)
    }

    /// `6x6`, `16x16`: the name on the command line, in specs, lines and JSON.
    pub fn name(self) -> &'static str {
        match self.side {
            4 => "4x4",
            6 => "6x6",
            8 => "8x8",
            9 => "9x9",
            12 => "12x12",
            _ => "16x16",
        }
    }

    /// The mask of all digits `1..=side` (bit `d - 1` for digit `d`).
    pub fn all_digits(self) -> u16 {
        ((1u32 << self.side()) - 1) as u16
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Size {
    type Err = Error;
    fn from_str(text: &str) -> Result<Size> {
        let lower = text.trim().to_ascii_lowercase().replace('×', "x");
        Size::ALL
            .into_iter()
            .find(|size| size.name() == lower || size.side().to_string() == lower)
            .ok_or_else(|| {
                Error::input(format!("unknown sudoku size {text:?}")).with_hint(format!(
                    "use one of: {}",
                    Size::ALL.map(Size::name).join(", ")
                ))
            })
    }
}

/// What the houses are besides rows and columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// Also both main diagonals.
    X,
    /// Also four extra 3×3 windows (9×9 only); also called hyper sudoku.
    Windoku,
    /// Irregular regions of N connected cells instead of boxes (6×6 and larger).
    Jigsaw,
}

impl Variant {
    pub const ALL: [Variant; 4] = [
        Variant::Classic,
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw => "jigsaw",
        }
    }

    /// Whether the variant exists at `size` (a message saying why not otherwise).
    pub fn check_size(self, size: Size) -> Result<()> {
        match self {
            Variant::Windoku if size != Size::S9 => Err(Error::input(format!(
                "windoku is a 9x9 variant; there is no {size} windoku"
            ))
            .with_hint("drop the size, or choose x or jigsaw for other sizes")),
            Variant::Jigsaw if size.side() < 6 => Err(Error::input(format!(
                "jigsaw needs a grid of 6x6 or more; {size} has only one way to cut it"
            ))
            .with_hint("choose 6x6, 8x8, 9x9, 12x12 or 16x16")),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = Error;
    fn from_str(text: &str) -> Result<Variant> {
        let lower = text.trim().to_ascii_lowercase();
        if lower == "hyper" {
            return Ok(Variant::Windoku);
        }
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name() == lower)
            .ok_or_else(|| {
                Error::input(format!("unknown sudoku variant {text:?}")).with_hint(format!(
                    "use one of: {}",
                    Variant::ALL.map(Variant::name).join(", ")
                ))
            })
    }
}

/// What a house is, for names in messages and explanations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseKind {
    Row,
    Column,
    Box,
    Region,
    Diagonal,
    AntiDiagonal,
    Window,
}

/// The houses of one grid: rows, columns, boxes or regions, then any extra houses.
#[derive(Clone)]
pub struct Geometry {
    size: Size,
    variant: Variant,
    /// The box or jigsaw region of each cell (regions numbered by first appearance).
    regions: Vec<u8>,
    /// `side` cells per house, house after house.
    house_cells: Vec<u16>,
    house_kinds: Vec<(HouseKind, u8)>,
    house_sets: Vec<CellSet>,
    /// The houses of each cell, `cell_house_start[cell]..cell_house_start[cell + 1]`.
    cell_houses: Vec<u16>,
    cell_house_start: Vec<u32>,
    /// The other cells sharing a house with each cell.
    peers: Vec<u16>,
    peer_start: Vec<u32>,
    peer_sets: Vec<CellSet>,
    /// Pairs of houses sharing two or more cells, for locked candidates: per pair the
    /// shared cells, the rest of the first house and the rest of the second, flattened.
    intersections: Vec<Intersection>,
    intersection_cells: Vec<u16>,
    /// Per cell, bit `h` for each house `h` it is in (at most 64 houses).
    cell_house_masks: Vec<u64>,
    /// Per intersection, the bits of its two houses.
    intersection_house_masks: Vec<u64>,
    /// Per house, the bits of the houses sharing two cells or more with it.
    house_partners: Vec<u64>,
    /// The houses and peers as bit sets; built on first use.
    house_bits: OnceLock<HouseBits>,
}

/// Where the three cell lists of one intersection lie in `intersection_cells`.
#[derive(Clone, Copy, Debug)]
pub struct Intersection {
    start: u32,
    shared: u8,
    first_rest: u8,
    second_rest: u8,
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Geometry) -> bool {
        self.size == other.size && self.variant == other.variant && self.regions == other.regions
    }
}

impl Eq for Geometry {}

impl std::hash::Hash for Geometry {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.size.hash(state);
        self.variant.hash(state);
        self.regions.hash(state);
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geometry({} {})", self.size, self.variant)
    }
}

/// The plain boxes of `size`, numbered row by row.
pub fn box_regions(size: Size) -> Vec<u8> {
    let side = size.side();
    let boxes_across = side / size.box_columns();
    (0..size.cells())
        .map(|cell| {
            let (row, column) = (cell / side, cell % side);
            (row / size.box_rows() * boxes_across + column / size.box_columns()) as u8
        })
        .collect()
}

impl Geometry {
    /// A grid of a size and a variant other than jigsaw.
    pub fn regular(size: Size, variant: Variant) -> Result<Geometry> {
        variant.check_size(size)?;
        if variant == Variant::Jigsaw {
            return Err(Error::input("a jigsaw grid needs its regions"));
        }
        Ok(Geometry::build(size, variant, box_regions(size)))
    }

    /// A jigsaw grid from its regions (any labels, one per cell): each must be `side`
    /// connected cells. The error names the first offending cell in its message; its index
    /// is returned beside it so that parsers can point at its column.
    pub fn jigsaw(size: Size, labels: &[u8]) -> std::result::Result<Geometry, (Error, usize)> {
        if let Err(error) = Variant::Jigsaw.check_size(size) {
            return Err((error, 0));
        }
        let regions = check_regions(size, labels)?;
        Ok(Geometry::build(size, Variant::Jigsaw, regions))
    }

    fn build(size: Size, variant: Variant, regions: Vec<u8>) -> Geometry {
        let side = size.side();
        let mut house_cells: Vec<u16> = Vec::new();
        let mut house_kinds = Vec::new();
        for row in 0..side {
            house_cells.extend((0..side).map(|column| (row * side + column) as u16));
            house_kinds.push((HouseKind::Row, row as u8));
        }
        for column in 0..side {
            house_cells.extend((0..side).map(|row| (row * side + column) as u16));
            house_kinds.push((HouseKind::Column, column as u8));
        }
        let region_kind = if variant == Variant::Jigsaw {
            HouseKind::Region
        } else {
            HouseKind::Box
        };
        for region in 0..side {
            house_cells.extend(
                (0..size.cells())
                    .filter(|&cell| usize::from(regions[cell]) == region)
                    .map(|cell| cell as u16),
            );
            house_kinds.push((region_kind, region as u8));
        }
        match variant {
            Variant::X => {
                house_cells.extend((0..side).map(|k| (k * side + k) as u16));
                house_kinds.push((HouseKind::Diagonal, 0));
                house_cells.extend((0..side).map(|k| (k * side + side - 1 - k) as u16));
                house_kinds.push((HouseKind::AntiDiagonal, 0));
            }
            Variant::Windoku => {
                for (index, (top, left)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate()
                {
                    house_cells.extend((0..9).map(|k| ((top + k / 3) * 9 + left + k % 3) as u16));
                    house_kinds.push((HouseKind::Window, index as u8));
                }
            }
            Variant::Classic | Variant::Jigsaw => {}
        }
        let house_count = house_kinds.len();
        let house_sets: Vec<CellSet> = (0..house_count)
            .map(|house| {
                house_cells[house * side..(house + 1) * side]
                    .iter()
                    .map(|&cell| usize::from(cell))
                    .collect()
            })
            .collect();
        let mut cell_houses = Vec::new();
        let mut cell_house_start = vec![0u32];
        let mut peers = Vec::new();
        let mut peer_start = vec![0u32];
        let mut peer_sets = Vec::with_capacity(size.cells());
        for cell in 0..size.cells() {
            let mut seen = CellSet::EMPTY;
            for (house, set) in house_sets.iter().enumerate() {
                if set.contains(cell) {
                    cell_houses.push(house as u16);
                    seen = seen.union(*set);
                }
            }
            seen.remove(cell);
            cell_house_start.push(cell_houses.len() as u32);
            peers.extend(seen.iter().map(|peer| peer as u16));
            peer_start.push(peers.len() as u32);
            peer_sets.push(seen);
        }
        assert!(house_count <= 64, "house masks are 64 bits");
        let cell_house_masks = (0..size.cells())
            .map(|cell| {
                cell_houses[cell_house_start[cell] as usize..cell_house_start[cell + 1] as usize]
                    .iter()
                    .fold(0u64, |mask, &house| mask | 1 << house)
            })
            .collect();
        let mut intersection_house_masks = Vec::new();
        let mut house_partners = vec![0u64; house_count];
        let mut intersections = Vec::new();
        let mut intersection_cells = Vec::new();
        for first in 0..house_count {
            for second in first + 1..house_count {
                let shared = house_sets[first].intersection(house_sets[second]);
                if shared.len() < 2 {
                    continue;
                }
                let first_rest = house_sets[first].difference(shared);
                let second_rest = house_sets[second].difference(shared);
                intersection_house_masks.push(1u64 << first | 1u64 << second);
                house_partners[first] |= 1u64 << second;
                house_partners[second] |= 1u64 << first;
                intersections.push(Intersection {
                    start: intersection_cells.len() as u32,
                    shared: shared.len() as u8,
                    first_rest: first_rest.len() as u8,
                    second_rest: second_rest.len() as u8,
                });
                for set in [shared, first_rest, second_rest] {
                    intersection_cells.extend(set.iter().map(|cell| cell as u16));
                }
            }
        }
        Geometry {
            size,
            variant,
            regions,
            intersections,
            intersection_cells,
            cell_house_masks,
            intersection_house_masks,
            house_partners,
            house_bits: OnceLock::new(),
            house_cells,
            house_kinds,
            house_sets,
            cell_houses,
            cell_house_start,
            peers,
            peer_start,
            peer_sets,
        }
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn side(&self) -> usize {
        self.size.side()
    }

    pub fn cells(&self) -> usize {
        self.size.cells()
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// True for the plain 9×9 sudoku (the classic engine's grid).
    pub fn is_classic_9x9(&self) -> bool {
        self.size == Size::S9 && self.variant == Variant::Classic
    }

    /// The box or region of each cell.
    pub fn regions(&self) -> &[u8] {
        &self.regions
    }

    pub fn house_count(&self) -> usize {
        self.house_kinds.len()
    }

    /// The cells of a house, in reading order.
    pub fn house(&self, house: usize) -> &[u16] {
        let side = self.side();
        &self.house_cells[house * side..(house + 1) * side]
    }

    pub fn house_set(&self, house: usize) -> CellSet {
        self.house_sets[house]
    }

    pub fn house_kind(&self, house: usize) -> HouseKind {
        self.house_kinds[house].0
    }

    /// A house's number among those of its kind, from 1 (row 3 is 3).
    pub fn house_number(&self, house: usize) -> usize {
        usize::from(self.house_kinds[house].1) + 1
    }

    /// The houses a cell belongs to.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses
            [self.cell_house_start[cell] as usize..self.cell_house_start[cell + 1] as usize]
    }

    /// Bit `h` set for each house `h` holding `cell`.
    pub fn house_mask_of(&self, cell: usize) -> u64 {
        self.cell_house_masks[cell]
    }

    /// Every house, as a mask like [`Geometry::house_mask_of`]'s.
    pub fn all_houses(&self) -> u64 {
        u64::MAX >> (64 - self.house_count())
    }

    /// The cells sharing a house with `cell`, ascending.
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peer_start[cell] as usize..self.peer_start[cell + 1] as usize]
    }

    pub fn peer_set(&self, cell: usize) -> CellSet {
        self.peer_sets[cell]
    }

    pub fn house_bits(&self) -> &HouseBits {
        self.house_bits.get_or_init(|| HouseBits::of(self))
    }

    /// `row 3`, `column 12`, `box 4`, `region 2`, `main diagonal`, `window 1`.
    pub fn house_name(&self, house: usize) -> String {
        let (kind, index) = self.house_kinds[house];
        let number = usize::from(index) + 1;
        match kind {
            HouseKind::Row => format!("row {number}"),
            HouseKind::Column => format!("column {number}"),
            HouseKind::Box => format!("box {number}"),
            HouseKind::Region => format!("region {number}"),
            HouseKind::Diagonal => "the main diagonal".to_string(),
            HouseKind::AntiDiagonal => "the anti-diagonal".to_string(),
            HouseKind::Window => format!("window {number}"),
        }
    }

    /// A house's kind and its index among the houses of that kind (from 0).
    pub fn house_kind_and_index(&self, house: usize) -> (HouseKind, u8) {
        self.house_kinds[house]
    }

    /// [`Geometry::house_name`] in Japanese: `3行目`, `12列目`, `ブロック4`, `対角線（右下がり）`,
    /// `窓1`.
    pub fn house_name_japanese(&self, house: usize) -> String {
        let (kind, index) = self.house_kinds[house];
        let number = usize::from(index) + 1;
        match kind {
            HouseKind::Row => format!("{number}行目"),
            HouseKind::Column => format!("{number}列目"),
            HouseKind::Box | HouseKind::Region => format!("ブロック{number}"),
            HouseKind::Diagonal => "対角線（右下がり）".to_string(),
            HouseKind::AntiDiagonal => "対角線（左下がり）".to_string(),
            HouseKind::Window => format!("窓{number}"),
        }
    }

    /// `r3c12`.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.side() + 1, cell % self.side() + 1)
    }

    /// The number of pairs of houses sharing two or more cells.
    /// The houses sharing two cells or more with `house`, as bits.
    pub fn house_partners(&self, house: usize) -> u64 {
        self.house_partners[house]
    }

    pub fn intersection_count(&self) -> usize {
        self.intersections.len()
    }

    /// The two houses of intersection `index`, as a mask like [`Geometry::house_mask_of`]'s.
    pub fn intersection_houses(&self, index: usize) -> u64 {
        self.intersection_house_masks[index]
    }

    /// Intersection `index`: (shared cells, the rest of the first house, the rest of the
    /// second).
    pub fn intersection(&self, index: usize) -> (&[u16], &[u16], &[u16]) {
        let Intersection {
            start,
            shared,
            first_rest,
            second_rest,
        } = self.intersections[index];
        let start = start as usize;
        let (shared, first_rest, second_rest) = (
            usize::from(shared),
            usize::from(first_rest),
            usize::from(second_rest),
        );
        let cells = &self.intersection_cells[start..start + shared + first_rest + second_rest];
        let (shared_cells, rest) = cells.split_at(shared);
        let (first_cells, second_cells) = rest.split_at(first_rest);
        (shared_cells, first_cells, second_cells)
    }

    /// Locked candidates at intersection `index`, from each cell's candidate mask: the
    /// digits confined, within one of its houses, to the shared cells, each with the rest
    /// of the other house, which cannot hold them.
    pub fn confined_digits(&self, index: usize, candidates: &[u16]) -> [(u16, &[u16]); 2] {
        let (shared, first_rest, second_rest) = self.intersection(index);
        let union = |cells: &[u16]| {
            cells
                .iter()
                .fold(0u16, |mask, &cell| mask | candidates[usize::from(cell)])
        };
        let (inside, first, second) = (union(shared), union(first_rest), union(second_rest));
        [
            (inside & !first & second, second_rest),
            (inside & !second & first, first_rest),
        ]
    }

    /// The cells of the extra houses (diagonals, windows): what a drawing shades.
    pub fn extra_cells(&self) -> CellSet {
        (3 * self.side()..self.house_count())
            .map(|house| self.house_sets[house])
            .fold(CellSet::EMPTY, CellSet::union)
    }
}

/// Renumbers region labels by first appearance and checks that there are `side` regions of
/// `side` connected cells.
fn check_regions(size: Size, labels: &[u8]) -> std::result::Result<Vec<u8>, (Error, usize)> {
    let side = size.side();
    assert_eq!(labels.len(), size.cells(), "one region label per cell");
    let mut names: Vec<u8> = Vec::new();
    let mut regions = Vec::with_capacity(labels.len());
    for (cell, &label) in labels.iter().enumerate() {
        let index = match names.iter().position(|&name| name == label) {
            Some(index) => index,
            None => {
                if names.len() == side {
                    return Err((
                        Error::input(format!(
                            "region {:?} at r{}c{} is region number {}, but a {size} grid has {side} regions",
                            char::from(label),
                            cell / side + 1,
                            cell % side + 1,
                            side + 1
                        ))
                        .with_hint(format!("name exactly {side} regions, each of {side} connected cells")),
                        cell,
                    ));
                }
                names.push(label);
                names.len() - 1
            }
        };
        regions.push(index as u8);
    }
    for region in 0..side {
        let cells: CellSet = (0..size.cells())
            .filter(|&cell| usize::from(regions[cell]) == region)
            .collect();
        let first = cells.first().unwrap_or(0);
        let name = char::from(names.get(region).copied().unwrap_or(b'?'));
        if cells.len() != side {
            return Err((
                Error::input(format!(
                    "region {name:?} has {} cells; every region of a {size} grid has {side}",
                    cells.len()
                ))
                .with_hint(format!(
                    "name exactly {side} regions, each of {side} connected cells"
                )),
                first,
            ));
        }
        if !is_connected(side, cells) {
            return Err((
                Error::input(format!(
                    "region {name:?} is not connected: its cells fall apart into separate pieces"
                ))
                .with_hint("each region must be one piece, its cells joined edge to edge"),
                first,
            ));
        }
    }
    if names.len() != side {
        return Err((
            Error::input(format!(
                "{} regions named; a {size} grid needs {side}",
                names.len()
            )),
            0,
        ));
    }
    Ok(regions)
}

/// True when `cells` form one piece joined edge to edge (in a grid of `side`).
pub fn is_connected(side: usize, cells: CellSet) -> bool {
    let Some(start) = cells.first() else {
        return true;
    };
    let mut reached = CellSet::EMPTY;
    reached.insert(start);
    let mut stack = [0u16; MAX_CELLS];
    stack[0] = start as u16;
    let mut depth = 1;
    let last_row = side * (side - 1);
    while depth > 0 {
        depth -= 1;
        let cell = usize::from(stack[depth]);
        let column = cell % side;
        // Up, down, left, right; a direction off the grid repeats the cell itself.
        let around = [
            if cell >= side { cell - side } else { cell },
            if cell < last_row { cell + side } else { cell },
            if column > 0 { cell - 1 } else { cell },
            if column + 1 < side { cell + 1 } else { cell },
        ];
        for next in around {
            if cells.contains(next) && !reached.contains(next) {
                reached.insert(next);
                stack[depth] = next as u16;
                depth += 1;
            }
        }
    }
    reached.len() == cells.len()
}

/// The cells edge-adjacent to `cell`.
pub fn neighbours(side: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, column) = (cell / side, cell % side);
    [
        (row > 0).then(|| cell - side),
        (row + 1 < side).then_some(cell + side),
        (column > 0).then(|| cell - 1),
        (column + 1 < side).then_some(cell + 1),
    ]
    .into_iter()
    .flatten()
}
