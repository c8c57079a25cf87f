//! Singles on their own: whether they fill given cells of a puzzle.
//!
//! An easy puzzle is one hidden singles solve (a digit with one place left in a house,
//! the last cell of a house included); add naked singles (a cell with one digit left) and
//! they solve the puzzles Sudoku Explainer rates at most 2.3. A puzzle singles solve has
//! one solution. So such puzzles are dug by taking clues out while singles still fill
//! them back in: each removal is proven by a few rounds over bit sets instead of a search, and the
//! puzzle meets its tier by construction rather than by grading after the fact.

use super::bits::MAX_WORDS;
use super::bits::{Bits, HouseBits, SizedWork, run_sized};
use super::geometry::Geometry;
use super::geometry::MAX_SIDE;
use super::grid::VariantGrid;

/// The singles a fill may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Singles {
    /// Hidden singles (full houses included).
    Hidden,
    /// Hidden and naked singles.
    HiddenAndNaked,
}

impl Singles {
    /// These singles as rules of a fill.
    pub fn rules(self, geometry: &Geometry) -> SinglesRules {
        SinglesRules {
            full_houses: false,
            hidden_in: geometry.all_houses(),
            naked: self == Singles::HiddenAndNaked,
        }
    }
}

/// The singles of one fill, finer than [`Singles`]: full houses anywhere, hidden singles
/// in some houses, naked singles or not. The rungs of the singles part of the grading
/// ladder are fills like these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SinglesRules {
    /// The last open cell of any house.
    pub full_houses: bool,
    /// The houses (bit `h` for house `h`) where a digit with one place left is placed.
    pub hidden_in: u64,
    /// A cell with one digit left.
    pub naked: bool,
}

impl SinglesRules {
    /// Full houses alone.
    pub fn full_houses() -> SinglesRules {
        SinglesRules {
            full_houses: true,
            hidden_in: 0,
            naked: false,
        }
    }

    /// Full houses, and hidden singles in boxes and jigsaw regions.
    pub fn hidden_in_regions(geometry: &Geometry) -> SinglesRules {
        SinglesRules {
            hidden_in: geometry.house_bits().region_houses,
            ..SinglesRules::full_houses()
        }
    }
}

/// Clue removals from one solution grid, each kept while singles fill the puzzle back in.
/// What the clues rule out is kept across removals, so a check only works it out again
/// for the digits it takes out.
pub struct SinglesDig<'g>(Box<dyn Removals + 'g>);

/// A dig on sets of the grid's own width.
trait Removals {
    fn remove_if_filled(&mut self, cells: &[usize]) -> bool;

    /// The kept clues, and the clues of the same cells worked out afresh, widened (for
    /// tests to compare).
    fn kept_and_afresh(&self) -> [Clues<MAX_WORDS, MAX_SIDE>; 2];
}

struct DigIn<'g, const W: usize, const D: usize> {
    solution: Solution<'g, W, D>,
    rules: SinglesRules,
    clues: Clues<W, D>,
}

impl<'g> SinglesDig<'g> {
    /// The kept clues, and the clues of the same cells worked out afresh, widened (for
    /// tests to compare).
    pub fn kept_and_afresh(&self) -> [Clues<MAX_WORDS, MAX_SIDE>; 2] {
        self.0.kept_and_afresh()
    }

    /// Starts from every cell of `solution` given.
    pub fn new(solution: &'g VariantGrid, singles: Singles) -> SinglesDig<'g> {
        struct NewDig<'g>(&'g VariantGrid, Singles);
        impl<'g> SizedWork for NewDig<'g> {
            type Output = Box<dyn Removals + 'g>;
            fn run<const W: usize, const D: usize>(self) -> Self::Output {
                let NewDig(grid, singles) = self;
                let solution = Solution::<W, D>::of(grid);
                // A whole grid given: each house holds every digit, and each cell sees a
                // clue of every other digit, so no digit may wrongly take any cell.
                let clues = Clues {
                    given: solution.all,
                    wrong: [Bits::EMPTY; D],
                    settled: [grid.geometry().all_houses(); D],
                };
                Box::new(DigIn {
                    rules: singles.rules(grid.geometry()),
                    clues,
                    solution,
                })
            }
        }
        SinglesDig(run_sized(
            solution.geometry().side(),
            NewDig(solution, singles),
        ))
    }

    /// Takes the clues of `cells` out when singles still solve the puzzle without them
    /// (it is solved by them with them): true when they went.
    pub fn remove_if_filled(&mut self, cells: &[usize]) -> bool {
        self.0.remove_if_filled(cells)
    }
}

impl<const W: usize, const D: usize> Removals for DigIn<'_, W, D> {
    fn remove_if_filled(&mut self, cells: &[usize]) -> bool {
        let kept = self.clues;
        let mut digits = 0u32;
        for &cell in cells {
            self.clues.given.remove(cell);
            digits |= 1 << (self.solution.values[cell] - 1);
        }
        for digit in bit_indices(digits) {
            self.solution.rule_out(&mut self.clues, digit);
        }
        let targets = Bits::of_cells(cells.iter().copied());
        let filled = self.solution.fills(&self.clues, targets, self.rules);
        if !filled {
            self.clues = kept;
        }
        filled
    }

    fn kept_and_afresh(&self) -> [Clues<MAX_WORDS, MAX_SIDE>; 2] {
        let widen = |narrow: &Clues<W, D>| {
            let mut clues = Clues {
                given: narrow.given.widen(),
                wrong: [Bits::EMPTY; MAX_SIDE],
                settled: [0; MAX_SIDE],
            };
            for digit in 0..D {
                clues.wrong[digit] = narrow.wrong[digit].widen();
                clues.settled[digit] = narrow.settled[digit];
            }
            clues
        };
        [
            widen(&self.clues),
            widen(&self.solution.clues(self.clues.given)),
        ]
    }
}

/// Whether `rules`, starting from the clues of `puzzle`, fill every open cell of it.
/// `solution` is the puzzle's one solution: the fill only ever places its values.
pub fn fills_all(puzzle: &VariantGrid, solution: &VariantGrid, rules: SinglesRules) -> bool {
    first_filling(puzzle, solution, &[rules]).is_some()
}

/// The first of `rungs` that fills every open cell of `puzzle` (see [`fills_all`]).
pub(crate) fn first_filling(
    puzzle: &VariantGrid,
    solution: &VariantGrid,
    rungs: &[SinglesRules],
) -> Option<usize> {
    run_sized(
        solution.geometry().side(),
        FirstFilling {
            puzzle,
            solution,
            rungs,
        },
    )
}

/// The first of `rungs` that fills the open cells of `puzzle`.
struct FirstFilling<'a> {
    puzzle: &'a VariantGrid,
    solution: &'a VariantGrid,
    rungs: &'a [SinglesRules],
}

impl SizedWork for FirstFilling<'_> {
    type Output = Option<usize>;

    fn run<const W: usize, const D: usize>(self) -> Option<usize> {
        let solution = Solution::<W, D>::of(self.solution);
        let puzzle = self.puzzle.cells();
        let targets = Bits::of_cells((0..puzzle.len()).filter(|&cell| puzzle[cell] == 0));
        let clues = solution.clues(solution.all.without(targets));
        self.rungs
            .iter()
            .position(|&rules| solution.fills(&clues, targets, rules))
    }
}

/// A clue set and what it rules out, where a fill starts.
#[derive(Clone, Copy)]
pub struct Clues<const W: usize, const D: usize> {
    pub given: Bits<W>,
    /// Per digit, the cells it could wrongly take (given cells included).
    pub wrong: [Bits<W>; D],
    /// Per digit, the houses whose clues hold it.
    pub settled: [u64; D],
}

/// A solution grid as the fills read it: its cells of each digit.
pub struct Solution<'g, const W: usize, const D: usize> {
    values: &'g [u8],
    all: Bits<W>,
    tables: &'g HouseBits,
    digit_cells: [Bits<W>; D],
}

impl<'g, const W: usize, const D: usize> Solution<'g, W, D> {
    pub fn of(grid: &'g VariantGrid) -> Solution<'g, W, D> {
        debug_assert!(grid.geometry().side() == D && grid.cells().len() <= 64 * W);
        let values = grid.cells();
        let mut digit_cells = [Bits::EMPTY; D];
        for (cell, &value) in values.iter().enumerate() {
            digit_cells[usize::from(value) - 1].insert(cell);
        }
        Solution {
            values,
            all: Bits::below(values.len()),
            tables: grid.geometry().house_bits(),
            digit_cells,
        }
    }

    /// The clues `given` (cells holding their solution values).
    pub fn clues(&self, given: Bits<W>) -> Clues<W, D> {
        let mut clues = Clues {
            given,
            wrong: [Bits::EMPTY; D],
            settled: [0; D],
        };
        for digit in 0..D {
            self.rule_out(&mut clues, digit);
        }
        clues
    }

    /// Works out afresh what the clues of `digit` rule out.
    fn rule_out(&self, clues: &mut Clues<W, D>, digit: usize) {
        let cells = self.digit_cells[digit];
        let mut wrong = self.all.without(cells);
        let mut settled = 0;
        for cell in cells.and(clues.given).cells() {
            wrong = wrong.without(self.tables.seen(cell));
            settled |= self.tables.cell_houses[cell];
        }
        clues.wrong[digit] = wrong;
        clues.settled[digit] = settled;
    }

    /// Whether `rules`, starting from `clues`, fill every cell of `targets`.
    ///
    /// Singles only ever place a grid's own values when the puzzle has a solution, and
    /// what they fill from fewer clues they fill from more. So each digit is followed by
    /// the cells it could still wrongly take (`wrong`): a digit's last place in a house is
    /// its solution cell there once no wrong cell of the house is left, and a cell's last
    /// digit is its own once no digit may wrongly take it. The fill stops as soon as the
    /// targets are filled, or when a round places nothing.
    pub fn fills(&self, clues: &Clues<W, D>, targets: Bits<W>, rules: SinglesRules) -> bool {
        let tables = self.tables;
        let values = self.values;
        let mut fill = Fill {
            filled: clues.given,
            wrong: clues.wrong,
            settled: clues.settled,
            targets,
        };
        // The targets' own digits first: a removal is often undone by one of them at once.
        let mut target_digits = 0u32;
        for cell in targets.cells() {
            target_digits |= 1 << (values[cell] - 1);
        }
        loop {
            let before = fill.filled;
            if rules.hidden_in != 0 && self.hidden_round(&mut fill, rules.hidden_in, target_digits)
            {
                return true;
            }
            if rules.full_houses {
                for house in 0..tables.houses {
                    let open = tables.house::<W>(house).without(fill.filled);
                    if open.is_single() {
                        let cell = open.first();
                        if fill.place(tables, usize::from(values[cell]) - 1, cell) {
                            return true;
                        }
                    }
                }
            }
            if rules.naked {
                let takeable = fill
                    .wrong
                    .iter()
                    .fold(fill.filled, |takeable, &wrong| takeable.or(wrong));
                for cell in self.all.without(takeable).cells() {
                    if fill.place(tables, usize::from(values[cell]) - 1, cell) {
                        return true;
                    }
                }
            }
            if fill.filled == before {
                return fill.all_targets_filled();
            }
        }
    }

    /// One round of hidden singles in the houses `hidden_in`: every digit's free houses
    /// (where no open cell could wrongly take it) are worked out first, a few lookups each,
    /// with no branch on whether it has any, then the digits that do are placed,
    /// `target_digits` first. Deciding digit by digit whether to look, or to place, was
    /// slower: those branches follow the data and are mispredicted. True when the targets
    /// are filled.
    fn hidden_round(&self, fill: &mut Fill<W, D>, hidden_in: u64, target_digits: u32) -> bool {
        let tables = self.tables;
        let mut free = [0u64; D];
        let mut pending = 0u32;
        for (digit, free) in free.iter_mut().enumerate() {
            let wrong_open = fill.wrong[digit].without(fill.filled);
            *free = hidden_in & !tables.houses_touched::<W, D>(wrong_open) & !fill.settled[digit];
            pending |= u32::from(*free != 0) << digit;
        }
        let mut placing =
            bit_indices(pending & target_digits).chain(bit_indices(pending & !target_digits));
        placing.any(|digit| self.place_in_houses(fill, digit, free[digit]))
    }

    /// Places `digit` in its cell of each house of `free` (houses where it has no other
    /// place): true when that fills the targets.
    #[inline(always)]
    fn place_in_houses(&self, fill: &mut Fill<W, D>, digit: usize, mut free: u64) -> bool {
        let cells = self.digit_cells[digit];
        while free != 0 {
            let house = free.trailing_zeros() as usize;
            let cell = cells.and(self.tables.house(house)).first();
            if fill.place(self.tables, digit, cell) {
                return true;
            }
            // The placed cell settles this house and its others.
            free &= !fill.settled[digit];
        }
        false
    }
}

/// The positions of the set bits of `bits`, lowest first.
fn bit_indices(mut bits: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            index
        })
    })
}

/// Where a fill stands: the cells filled, per digit the cells it could still wrongly take
/// (filled ones included until they are looked at) and the houses holding it.
struct Fill<const W: usize, const D: usize> {
    filled: Bits<W>,
    wrong: [Bits<W>; D],
    settled: [u64; D],
    targets: Bits<W>,
}

impl<const W: usize, const D: usize> Fill<W, D> {
    /// Places `digit` in `cell`: true when that fills the last target.
    fn place(&mut self, tables: &HouseBits, digit: usize, cell: usize) -> bool {
        self.filled.insert(cell);
        self.wrong[digit] = self.wrong[digit].without(tables.seen(cell));
        self.settled[digit] |= tables.cell_houses[cell];
        self.all_targets_filled()
    }

    fn all_targets_filled(&self) -> bool {
        self.targets.without(self.filled).is_empty()
    }
}
