//! Cell sets as machine words, and a geometry's houses and peers as such sets.
//!
//! The singles fills and the random fills of regular grids move whole sets of cells at
//! once: a digit's candidates, a house, a cell's peers are each a few 64-bit words, so a
//! test or update over a house is a few instructions rather than a loop over its cells.

use super::geometry::{Geometry, HouseKind, MAX_CELLS};

/// Words in a cell set of the largest grid.
pub const MAX_WORDS: usize = MAX_CELLS / 64;

/// A cell set wide enough for any grid: how sets are stored, narrowed to a grid's own
/// width ([`Bits::narrow`]) where they are worked on.
pub type AnyCells = Bits<MAX_WORDS>;

/// Work done on sets sized at compile time for one grid: `W` words a cell set and `D`
/// digits, so that copies stay small and loops over the digits unroll.
pub trait SizedWork {
    type Output;
    fn run<const W: usize, const D: usize>(self) -> Self::Output;
}

/// Runs `work` sized for a grid of `side` digits (any side above 12 at the largest size).
pub fn run_sized<Work: SizedWork>(side: usize, work: Work) -> Work::Output {
    match side {
        4 => work.run::<1, 4>(),
        6 => work.run::<1, 6>(),
        8 => work.run::<1, 8>(),
        9 => work.run::<2, 9>(),
        12 => work.run::<3, 12>(),
        _ => work.run::<MAX_WORDS, 16>(),
    }
}

/// A geometry's houses and peers as cell sets (cell `c` is bit `c % 64` of word `c / 64`),
/// for fills that test and update whole houses at once. Built once per geometry
/// ([`Geometry::house_bits`]).
#[derive(Clone)]
pub struct HouseBits {
    pub houses: usize,
    /// Per cell, its houses (bit `h` for house `h`).
    pub cell_houses: Vec<u64>,
    /// Per house, its cells.
    house_cells: Vec<AnyCells>,
    /// Per cell, the cells sharing a house with it, itself included.
    pub seen_cells: Vec<AnyCells>,
    /// Per byte of a cell set (its position times 256 plus its value), the houses holding
    /// any of the byte's cells: a set's houses are a few lookups, not a test per house.
    houses_touched: Vec<u64>,
    /// The same, the houses holding two cells or more of the byte.
    houses_touched_twice: Vec<u64>,
    /// The boxes and jigsaw regions.
    pub region_houses: u64,
}

impl HouseBits {
    pub fn of(geometry: &Geometry) -> HouseBits {
        let cells = geometry.cells();
        let houses = geometry.house_count();
        let house_cells: Vec<AnyCells> = (0..houses)
            .map(|house| {
                Bits::of_cells(geometry.house(house).iter().map(|&cell| usize::from(cell)))
            })
            .collect();
        let mut region_houses = 0;
        for house in 0..houses {
            if matches!(
                geometry.house_kind(house),
                HouseKind::Box | HouseKind::Region
            ) {
                region_houses |= 1 << house;
            }
        }
        let seen_cells = (0..cells)
            .map(|cell| {
                geometry
                    .houses_of(cell)
                    .iter()
                    .fold(Bits::EMPTY, |seen, &house| {
                        seen.or(house_cells[usize::from(house)])
                    })
            })
            .collect();
        // The bytes of a cell set that hold cells.
        let bytes = cells.div_ceil(8);
        let mut houses_touched = vec![0u64; bytes << 8];
        let mut houses_touched_twice = vec![0u64; bytes << 8];
        for position in 0..bytes {
            for byte in 1..256usize {
                let cell = position * 8 + byte.trailing_zeros() as usize;
                let own = if cell < cells {
                    geometry.house_mask_of(cell)
                } else {
                    0
                };
                let rest = (position << 8) | (byte & (byte - 1));
                houses_touched[(position << 8) | byte] = houses_touched[rest] | own;
                houses_touched_twice[(position << 8) | byte] =
                    houses_touched_twice[rest] | (houses_touched[rest] & own);
            }
        }
        HouseBits {
            houses,
            cell_houses: (0..cells)
                .map(|cell| geometry.house_mask_of(cell))
                .collect(),
            house_cells,
            seen_cells,
            houses_touched,
            houses_touched_twice,
            region_houses,
        }
    }

    pub fn house<const W: usize>(&self, house: usize) -> Bits<W> {
        Bits::narrow(&self.house_cells[house])
    }

    pub fn seen<const W: usize>(&self, cell: usize) -> Bits<W> {
        Bits::narrow(&self.seen_cells[cell])
    }

    /// The houses holding any cell of `set`, a set of a grid of side `D`.
    #[inline(always)]
    pub fn houses_touched<const W: usize, const D: usize>(&self, set: Bits<W>) -> u64 {
        let touched = &self.houses_touched[..byte_keys_end::<D>()];
        fold_byte_keys::<W, D, _>(set, 0, |houses, key| houses | touched[key])
    }

    /// The houses holding a cell of `set`, and those holding two or more, of a grid of
    /// side `D`.
    #[inline(always)]
    pub fn houses_touched_once_twice<const W: usize, const D: usize>(
        &self,
        set: Bits<W>,
    ) -> (u64, u64) {
        let touched = &self.houses_touched[..byte_keys_end::<D>()];
        let touched_twice = &self.houses_touched_twice[..byte_keys_end::<D>()];
        fold_byte_keys::<W, D, _>(set, (0, 0), |(once, twice), key| {
            (
                once | touched[key],
                twice | touched_twice[key] | (once & touched[key]),
            )
        })
    }
}

/// One past the largest key [`fold_byte_keys`] gives for a grid of side `D` (slicing a table to
/// it up front spares a bounds check per lookup).
const fn byte_keys_end<const D: usize>() -> usize {
    (D * D).div_ceil(8) << 8
}

/// Folds `step` over the lookup keys of the bytes of `set` (a set of a grid of side `D`)
/// that hold cells: each byte's position times 256 plus its value. Every such byte is
/// looked up, zero or not: a loop of fixed length is predicted where one that stops at the
/// last set byte is not.
#[inline(always)]
fn fold_byte_keys<const W: usize, const D: usize, T>(
    set: Bits<W>,
    init: T,
    mut step: impl FnMut(T, usize) -> T,
) -> T {
    debug_assert!(D * D <= 64 * W);
    let mut folded = init;
    for position in 0..(D * D).div_ceil(8) {
        let byte = (set.0[position / 8] >> (position % 8 * 8)) as u8;
        folded = step(folded, position << 8 | usize::from(byte));
    }
    folded
}

/// A cell set of `W` words (see [`HouseBits`]).
#[derive(Clone, Copy, Debug, Eq)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> PartialEq for Bits<W> {
    fn eq(&self, other: &Bits<W>) -> bool {
        self.xor(*other).is_empty()
    }
}

impl<const W: usize> Bits<W> {
    pub const EMPTY: Bits<W> = Bits([0; W]);

    /// The first `W` words of a wide set (one of a grid of at most `64 * W` cells).
    pub fn narrow(wide: &AnyCells) -> Bits<W> {
        Bits(std::array::from_fn(|word| wide.0[word]))
    }

    pub fn of_cells(cells: impl IntoIterator<Item = usize>) -> Bits<W> {
        let mut set = Bits::EMPTY;
        for cell in cells {
            set.insert(cell);
        }
        set
    }

    pub fn and(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|word| self.0[word] & other.0[word]))
    }

    pub fn or(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|word| self.0[word] | other.0[word]))
    }

    pub fn without(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|word| self.0[word] & !other.0[word]))
    }

    pub fn is_empty(self) -> bool {
        // Every word is read: a test that stops at the first nonzero word branches on
        // data, and mispredicts.
        self.0.iter().fold(0, |any, &word| any | word) == 0
    }

    pub fn xor(self, other: Bits<W>) -> Bits<W> {
        Bits(std::array::from_fn(|word| self.0[word] ^ other.0[word]))
    }

    pub fn contains(self, cell: usize) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    pub fn insert(&mut self, cell: usize) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    pub fn remove(&mut self, cell: usize) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// The set as a wide one.
    pub fn widen(self) -> AnyCells {
        Bits(std::array::from_fn(
            |word| if word < W { self.0[word] } else { 0 },
        ))
    }

    /// Whether the set holds exactly one cell.
    pub fn is_single(self) -> bool {
        // Without a population count: the default x86-64 target has no instruction for it.
        let nonzero_words: u32 = self.0.iter().map(|&word| u32::from(word != 0)).sum();
        let lowest_bits_cleared = self
            .0
            .iter()
            .fold(0, |rest, &word| rest | word & word.wrapping_sub(1));
        (nonzero_words == 1) & (lowest_bits_cleared == 0)
    }

    /// The lowest cell; 0 when empty.
    pub fn first(self) -> usize {
        // From the last word back, each nonzero word replacing the answer: selections,
        // not branches.
        self.0
            .iter()
            .enumerate()
            .rev()
            .fold(0, |first, (word, &bits)| {
                if bits != 0 {
                    word * 64 + bits.trailing_zeros() as usize
                } else {
                    first
                }
            })
    }

    pub fn cells(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(word, bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let cell = word * 64 + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    cell
                })
            })
        })
    }

    /// Cells `0..cells`.
    pub fn below(cells: usize) -> Bits<W> {
        Bits(std::array::from_fn(|word| {
            let start = word * 64;
            match cells.saturating_sub(start) {
                0 => 0,
                64.. => u64::MAX,
                count => (1 << count) - 1,
            }
        }))
    }
}
