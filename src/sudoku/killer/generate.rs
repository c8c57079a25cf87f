//! Making killers: a random solution, then cages grown by merging while the solution
//! stays the only one.
//!
//! Every cell starts as a cage of its own (whose sum is its digit: unique at once). Cages
//! are then merged with a neighbouring cage, in random order, when the merged cage repeats
//! no digit, is no larger than the size cap, and the puzzle still has one solution (the
//! exact solver counts to two); merges are tried in batches first, one check for a batch.
//! Merging stops at the target number of cages (a third of the cells by default, as in
//! newspaper killers), or when no merge keeps the puzzle unique. A cell left alone takes a
//! neighbouring cell from a cage of three or more if no merge pairs it; a puzzle still left
//! with single-cell cages is made again from the next attempt of the same stream, unless
//! single cells are allowed. A puzzle made for a tier and graded easier merges on, a cage at a
//! time, until it reaches the tier or passes it; one graded harder has a cage split in two
//! and is graded again, a few times at most before the next puzzle of the stream is made.
//! A split adds a sum but lets its two parts repeat a digit between them, so each split
//! killer is checked for uniqueness like a merge.
//!
//! Two shortcuts come from the solver's root propagation, which reports how far it got on
//! its own: a puzzle it settles with combinations only, or with locking, is too easy for
//! a tier above those steps and merges on without a grading; and easy puzzles merge only
//! while combinations alone settle them (a check with no search, and a proof of the one
//! solution), so they come out easy without splits.

use std::borrow::Cow;
use std::time::Instant;

use arrayvec::ArrayVec;

use super::solver::{
    CELLS, CageLayout, KillerSolution, Settled, settles_laid_out_by_combinations, solve_settling,
};
use super::{Cage, Killer, SIZES};
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::grade::Tier;
use crate::sudoku::variant::generate::regular_geometry;
use crate::sudoku::variant::geometry::{CellSet, Size, Variant, is_connected, neighbours};
use crate::sudoku::variant::solver::random_solution;

/// What to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerOptions {
    pub size: Size,
    /// The largest cage (most cages are 2 to 4 cells).
    pub max_cage: usize,
    /// Merging stops at this many cages (fewer, larger cages make harder puzzles).
    pub cages: usize,
    /// How many givens to print (0: none, the usual killer).
    pub givens: usize,
    /// Whether a cage may be a single cell.
    pub single_cells: bool,
    pub max_attempts: u32,
}

impl KillerOptions {
    pub fn new(size: Size) -> KillerOptions {
        KillerOptions {
            size,
            max_cage: if size == Size::S9 { 5 } else { 4 },
            cages: size.cells().div_ceil(3),
            givens: 0,
            single_cells: false,
            max_attempts: 50,
        }
    }

    /// The parts of the seed path (after `sudoku` and `killer`).
    pub fn seed_path(&self) -> Vec<String> {
        let mut path = vec![
            format!("size={}", self.size),
            format!("max-cage={}", self.max_cage),
        ];
        if self.givens > 0 {
            path.push(format!("givens={}", self.givens));
        }
        if self.single_cells {
            path.push("single-cells".to_string());
        }
        path
    }

    pub fn check(&self) -> Result<()> {
        if !SIZES.contains(&self.size) {
            return Err(Error::input(format!(
                "killers come in 4x4, 6x6 and 9x9, not {}",
                self.size
            )));
        }
        if !(2..=self.size.side()).contains(&self.max_cage) {
            return Err(Error::input(format!(
                "the largest cage is 2 to {} cells",
                self.size.side()
            )));
        }
        if self.givens >= self.size.cells() {
            return Err(Error::input(
                "a killer gives fewer digits than it has cells",
            ));
        }
        Ok(())
    }
}

/// Makes a killer of `tier` (graded by [`super::grade`]): the cage count suits the tier; a
/// puzzle graded easier goes on merging one cage at a time, and a harder one has a cage
/// split (up to [`MOST_SPLITS`] times, then the next is made from the stream), until one has
/// the tier or `deadline` passes.
pub fn generate_tier(
    options: &KillerOptions,
    tier: Tier,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(KillerGenerated, super::grade::KillerGrading)> {
    generate_tier_where(options, tier, &|_| true, rng, deadline)
}

/// [`generate_tier`], keeping only a killer whose grading `accept` takes (its solve uses the
/// techniques a request names): one of the tier that `accept` refuses is dropped for the
/// next from the stream.
pub fn generate_tier_where(
    options: &KillerOptions,
    tier: Tier,
    accept: &dyn Fn(&super::grade::KillerGrading) -> bool,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(KillerGenerated, super::grade::KillerGrading)> {
    let (_, top) = super::grade::tier_range(tier)?;
    let options = KillerOptions {
        cages: super::grade::cages_for(tier, options.size.cells()),
        ..options.clone()
    };
    // Grading stops at the first step above the tier: such a puzzle is not kept.
    let grading_options = super::grade::KillerGradeOptions {
        stop_above: (top < u16::MAX).then_some(top),
        deadline,
        ..super::grade::KillerGradeOptions::default()
    };
    loop {
        // Easy killers merge only while combinations settle them: no solves, and nearly
        // always easy at once.
        let (mut made, mut merging) =
            generate_merging(&options, rng, deadline, tier == Tier::Easy)?;
        let mut splits = 0;
        loop {
            // A killer the exact solver's propagation settles is too easy for a tier above
            // the propagation's steps, without a grading (only a shortcut: what is kept is
            // graded): cage combinations, singles and the rule of 45 over one house are
            // easy steps, locking medium ones.
            let too_easy = match merging.check.settled {
                Settled::No => false,
                Settled::ByCombinations => tier > Tier::Easy,
                Settled::ByLocking => tier > Tier::Medium,
            };
            let grading = if too_easy {
                None
            } else {
                let grading =
                    super::grade::grade_unique(&made.puzzle, &made.solution, &grading_options)?;
                if grading.tier == tier {
                    if accept(&grading) {
                        return Ok((made, grading));
                    }
                    break;
                }
                Some(grading)
            };
            let before = merging.count;
            if grading.is_some_and(|grading| grading.tier > tier) {
                // Too hard: a cage split in two (one more sum) makes it easier, cheaper than
                // a whole new puzzle when the split keeps it unique.
                if splits == MOST_SPLITS || !merging.split_a_cage(rng).ok_or_else(timed_out)? {
                    break;
                }
                splits += 1;
            } else {
                // Too easy: one cage fewer (a larger one) makes it harder, at the cost of a
                // merge and a grading rather than a whole new puzzle.
                merging.merge_until(before - 1, rng).ok_or_else(timed_out)?;
                if merging.count == before {
                    break;
                }
            }
            made = merging.generated();
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(
                Error::runtime(format!("no {tier} killer was made in the time allowed"))
                    .with_hint("allow more time with --max-seconds"),
            );
        }
    }
}

/// The most merges one uniqueness check tries at once, and the first batch's size. Large
/// batches pay: a first batch of 64 (instead of 16, doubling to 32) took easy 9×9 killers
/// from 13.6 checks to 7.5 and a third less time, hard ones 5–10 % less, medium the same.
const MOST_BATCHED: usize = 64;

/// The most cuts one split tries (each a uniqueness check) before the puzzle is dropped.
const MOST_SPLIT_CHECKS: usize = 4;

/// How many times a puzzle made for a tier and graded harder has a cage split before it is
/// dropped for the next (splits and merges could otherwise take turns for ever).
const MOST_SPLITS: u32 = 3;

/// A generated killer and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerGenerated {
    pub puzzle: Killer,
    pub solution: Vec<u8>,
}

/// Makes a killer from `rng`, or fails after `max_attempts` or at `deadline`.
pub fn generate(
    options: &KillerOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<KillerGenerated> {
    generate_merging(options, rng, deadline, false).map(|(generated, _)| generated)
}

/// [`generate`], also handing back the merging, which can go on to fewer cages.
pub fn generate_merging(
    options: &KillerOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
    by_combinations: bool,
) -> Result<(KillerGenerated, Merging)> {
    options.check()?;
    let geometry = regular_geometry(options.size, Variant::Classic);
    for _ in 0..options.max_attempts {
        let solution = random_solution(&geometry, rng, 10_000_000, deadline)
            .ok_or_else(timed_out)?
            .cells()
            .to_vec();
        let mut merging = Merging::new(options, solution, rng, deadline);
        merging.check.by_combinations = by_combinations;
        merging
            .merge_until(options.cages, rng)
            .ok_or_else(timed_out)?;
        if !options.single_cells && !merging.pair_lone_cells(rng).ok_or_else(timed_out)? {
            continue;
        }
        let generated = merging.generated();
        return Ok((generated, merging));
    }
    Err(Error::runtime(format!(
        "no killer without single-cell cages came of {} attempts",
        options.max_attempts
    ))
    .with_hint("allow single cells, or larger cages"))
}

fn timed_out() -> Error {
    Error::runtime("no killer was made in the time allowed")
        .with_hint("allow more time with --max-seconds")
}

/// The cages of one solution grid being merged: every cell starts as a cage of its own.
pub struct Merging {
    options: KillerOptions,
    solution: Vec<u8>,
    givens: Vec<u8>,
    /// The cage of each cell (named by one of its cells) and each cage's cells.
    pub cage_of: Vec<usize>,
    pub members: Vec<Vec<usize>>,
    /// How many cages there are.
    pub count: usize,
    /// How many merges the next batch tries at once.
    batch: usize,
    check: UniquenessCheck,
}

impl Merging {
    /// Single-cell cages on `solution`, with the givens drawn from `rng`.
    pub fn new(
        options: &KillerOptions,
        solution: Vec<u8>,
        rng: &mut RandomStream,
        deadline: Option<Instant>,
    ) -> Merging {
        let cells = solution.len();
        let mut givens = vec![0u8; cells];
        let mut order: Vec<usize> = (0..cells).collect();
        rng.shuffle(&mut order);
        for &cell in order.iter().take(options.givens) {
            givens[cell] = solution[cell];
        }
        Merging {
            options: options.clone(),
            solution,
            givens,
            cage_of: (0..cells).collect(),
            members: (0..cells).map(|cell| vec![cell]).collect(),
            count: cells,
            batch: MOST_BATCHED,
            check: UniquenessCheck::new(deadline),
        }
    }

    /// Merges cages, in random order, until `target` are left or no merge keeps the puzzle
    /// unique; `None` when the deadline passed.
    ///
    /// Merges are first tried in batches, one uniqueness check for the lot: while most
    /// merges keep the puzzle unique (early on) that saves most checks; a batch that fails
    /// halves the next one and its merges are tried one by one.
    pub fn merge_until(&mut self, target: usize, rng: &mut RandomStream) -> Option<()> {
        let cells = self.solution.len();
        let mut progress = true;
        while progress && self.count > target {
            progress = false;
            let mut cages: Vec<usize> = (0..cells)
                .filter(|&cage| !self.members[cage].is_empty())
                .collect();
            rng.shuffle(&mut cages);
            // Smaller cages merge first, so that single cells find partners.
            cages.sort_by_key(|&cage| self.members[cage].len());
            if self.batch > 1 {
                let mut used = vec![false; cells];
                let mut planned: Vec<(usize, usize)> = Vec::new();
                for &cage in &cages {
                    if planned.len() >= self.batch || self.count - planned.len() <= target {
                        break;
                    }
                    if used[cage] {
                        continue;
                    }
                    let partner = self
                        .partners(cage, rng)
                        .into_iter()
                        .find(|&other| !used[other]);
                    if let Some(other) = partner {
                        used[cage] = true;
                        used[other] = true;
                        planned.push((cage, other));
                    }
                }
                if planned.len() > 1 {
                    let mut trial = self.cage_of.clone();
                    for &(cage, other) in &planned {
                        for &cell in &self.members[other] {
                            trial[cell] = cage;
                        }
                    }
                    if self.is_unique(&trial)? {
                        for (cage, other) in planned {
                            self.merge(cage, other);
                        }
                        progress = true;
                        self.batch = (self.batch * 2).min(MOST_BATCHED);
                        continue;
                    }
                    // A smaller batch is tried before merges go one by one.
                    self.batch /= 2;
                    if self.batch > 1 {
                        progress = true;
                        continue;
                    }
                }
            }
            for cage in cages {
                if self.members[cage].is_empty() || self.count <= target {
                    continue;
                }
                if self.merge_with_a_partner(cage, rng)? {
                    progress = true;
                }
            }
        }
        Some(())
    }

    /// Gives each cell left alone a partner if one keeps the puzzle unique (a cage or two
    /// past the target): whether no single cell is left (`None` when the deadline passed).
    fn pair_lone_cells(&mut self, rng: &mut RandomStream) -> Option<bool> {
        for cell in 0..self.solution.len() {
            let cage = self.cage_of[cell];
            if self.members[cage].len() == 1 && !self.merge_with_a_partner(cage, rng)? {
                self.take_a_neighbours_cell(cage, rng)?;
            }
        }
        Some(self.members.iter().all(|cage| cage.len() != 1))
    }

    /// Pairs the lone cell of `cage` with a neighbouring cell taken from a cage of three
    /// or more that stays connected without it, if that keeps the puzzle unique: whether
    /// one did (`None` when the deadline passed). The cage count stays the same.
    pub fn take_a_neighbours_cell(&mut self, cage: usize, rng: &mut RandomStream) -> Option<bool> {
        let side = self.options.size.side();
        let lone = self.members[cage][0];
        let mut takeable: Vec<usize> = neighbours(side, lone)
            .filter(|&cell| {
                let giving = &self.members[self.cage_of[cell]];
                let rest: CellSet = giving.iter().copied().filter(|&c| c != cell).collect();
                giving.len() >= 3 && is_connected(side, rest)
            })
            .collect();
        rng.shuffle(&mut takeable);
        for taken in takeable {
            let giving = self.cage_of[taken];
            let rest: Vec<usize> = self.members[giving]
                .iter()
                .copied()
                .filter(|&cell| cell != taken)
                .collect();
            // A cage is named by one of its cells.
            let rest_name = if giving == taken { rest[0] } else { giving };
            let mut trial = self.cage_of.clone();
            for &cell in &rest {
                trial[cell] = rest_name;
            }
            trial[taken] = cage;
            if self.is_unique(&trial)? {
                self.cage_of = trial;
                self.members[giving].clear();
                self.members[rest_name] = rest;
                self.members[cage].push(taken);
                return Some(true);
            }
        }
        Some(false)
    }

    /// Merges `cage` with the first partner that keeps the puzzle unique: whether one did
    /// (`None` when the deadline passed).
    fn merge_with_a_partner(&mut self, cage: usize, rng: &mut RandomStream) -> Option<bool> {
        for other in self.partners(cage, rng) {
            let mut trial = self.cage_of.clone();
            for &cell in &self.members[other] {
                trial[cell] = cage;
            }
            if self.is_unique(&trial)? {
                self.merge(cage, other);
                return Some(true);
            }
        }
        Some(false)
    }

    fn partners(&self, cage: usize, rng: &mut RandomStream) -> Vec<usize> {
        partners(
            &self.options,
            &self.solution,
            &self.members,
            &self.cage_of,
            cage,
            rng,
        )
    }

    /// Splits one of the largest cages that can be cut in two connected parts (of two
    /// cells or more unless single cells are allowed), cut at random, keeping the puzzle
    /// unique: whether one could (`None` when the deadline passed). The split adds a sum,
    /// but its two parts may now repeat a digit between them, so the split killer is
    /// checked; a few cuts are tried before giving up.
    pub fn split_a_cage(&mut self, rng: &mut RandomStream) -> Option<bool> {
        let smallest_part = if self.options.single_cells { 1 } else { 2 };
        let side = self.options.size.side();
        let mut cages: Vec<usize> = (0..self.members.len())
            .filter(|&cage| self.members[cage].len() >= 2 * smallest_part)
            .collect();
        rng.shuffle(&mut cages);
        cages.sort_by_key(|&cage| std::cmp::Reverse(self.members[cage].len()));
        let mut checks = 0;
        for cage in cages {
            // The part that leaves: any connected set of the other cells whose rest, with
            // the cage's naming cell, is connected too.
            let others: Vec<usize> = self.members[cage]
                .iter()
                .copied()
                .filter(|&cell| cell != cage)
                .collect();
            let mut cuts: Vec<(CellSet, CellSet)> = (1u32..1 << others.len())
                .filter_map(|chosen| {
                    let (mut leaving, mut staying) = (CellSet::EMPTY, CellSet::EMPTY);
                    staying.insert(cage);
                    for (k, &cell) in others.iter().enumerate() {
                        if chosen >> k & 1 != 0 {
                            leaving.insert(cell);
                        } else {
                            staying.insert(cell);
                        }
                    }
                    let fits = leaving.len() >= smallest_part
                        && staying.len() >= smallest_part
                        && is_connected(side, leaving)
                        && is_connected(side, staying);
                    fits.then_some((leaving, staying))
                })
                .collect();
            rng.shuffle(&mut cuts);
            for (leaving, staying) in cuts {
                if checks == MOST_SPLIT_CHECKS {
                    return Some(false);
                }
                checks += 1;
                let named = leaving.first().unwrap_or(cage);
                let mut trial = self.cage_of.clone();
                for cell in leaving.iter() {
                    trial[cell] = named;
                }
                if !self.is_unique(&trial)? {
                    continue;
                }
                self.cage_of = trial;
                self.members[named] = leaving.iter().collect();
                self.members[cage] = staying.iter().collect();
                self.count += 1;
                return Some(true);
            }
        }
        Some(false)
    }

    /// Moves cage `other`'s cells into `cage`.
    fn merge(&mut self, cage: usize, other: usize) {
        merge(&mut self.members, &mut self.cage_of, cage, other);
        self.count -= 1;
    }

    fn build(&self, cage_of: &[usize]) -> Killer {
        build(self.options.size, &self.givens, cage_of, &self.solution)
    }

    /// Whether the killer of the cages `trial` keeps one solution (see
    /// [`UniquenessCheck::is_unique`]).
    fn is_unique(&mut self, trial: &[usize]) -> Option<bool> {
        self.check
            .is_unique(self.options.size, &self.givens, trial, &self.solution)
    }

    /// The killer of the cages as they are, with its solution.
    pub fn generated(&self) -> KillerGenerated {
        KillerGenerated {
            puzzle: self.build(&self.cage_of),
            solution: self.solution.clone(),
        }
    }
}

/// Uniqueness checks of the killers made on one solution, remembering the other grids the
/// failed ones had: a later trial one of them also solves is refused without a search.
pub struct UniquenessCheck {
    pub others: Vec<Vec<u8>>,
    /// How far propagation alone went on the last killer found unique.
    settled: Settled,
    /// Whether a killer passes only when cage combinations, singles and the rule of 45
    /// over single houses settle it (no locking, no search): the easy ones, made without
    /// solves. Such a settling proves the one solution as a solve would.
    by_combinations: bool,
    deadline: Option<Instant>,
}

impl UniquenessCheck {
    pub fn new(deadline: Option<Instant>) -> UniquenessCheck {
        UniquenessCheck {
            others: Vec::new(),
            settled: Settled::No,
            by_combinations: false,
            deadline,
        }
    }

    /// Whether the killer of `size` with `givens` and the cages `cage_of` (any cage names),
    /// solved by `solution`, has no other solution; `None` when the deadline passed. With
    /// `by_combinations`, whether it is settled by combinations: then its cages are only
    /// laid out for the solver, not made a [`Killer`].
    pub fn is_unique(
        &mut self,
        size: Size,
        givens: &[u8],
        cage_of: &[usize],
        solution: &[u8],
    ) -> Option<bool> {
        if self.by_combinations {
            // Only solves keep other grids.
            debug_assert!(self.others.is_empty());
            let geometry = regular_geometry(size, Variant::Classic);
            let laid_out = LaidOut::new(cage_of, solution);
            let settles = settles_laid_out_by_combinations(
                &geometry,
                &laid_out.layout(cage_of.len()),
                givens,
            );
            if settles {
                self.settled = Settled::ByCombinations;
            }
            return Some(settles);
        }
        let killer = build(size, givens, cage_of, solution);
        if self.others.iter().any(|other| killer.cages_hold(other)) {
            return Some(false);
        }
        let (solution_found, settled) = solve_settling(&killer, self.deadline)?;
        match solution_found {
            KillerSolution::Unique(_) => {
                self.settled = settled;
                Some(true)
            }
            KillerSolution::None => Some(false),
            KillerSolution::Multiple(first, second) => {
                self.others.extend(
                    [first, second]
                        .into_iter()
                        .filter(|found| found != solution),
                );
                Some(false)
            }
        }
    }
}

/// The cages `cage` may merge with, in random order: neighbours whose union keeps to the
/// size cap (drawn per call: mostly 4, sometimes the largest) and repeats no digit.
pub fn partners(
    options: &KillerOptions,
    solution: &[u8],
    members: &[Vec<usize>],
    cage_of: &[usize],
    cage: usize,
    rng: &mut RandomStream,
) -> Vec<usize> {
    let mut found: Vec<usize> = members[cage]
        .iter()
        .flat_map(|&cell| neighbours(options.size.side(), cell))
        .map(|cell| cage_of[cell])
        .filter(|&other| other != cage)
        .collect();
    found.sort_unstable();
    found.dedup();
    rng.shuffle(&mut found);
    let cap = if rng.chance(1, 4) {
        options.max_cage
    } else {
        options.max_cage.min(4)
    };
    found.retain(|&other| {
        if members[cage].len() + members[other].len() > cap {
            return false;
        }
        let mut digits = 0u32;
        !members[cage].iter().chain(&members[other]).any(|&cell| {
            let bit = 1 << solution[cell];
            let seen = digits & bit != 0;
            digits |= bit;
            seen
        })
    });
    found
}

/// Moves cage `other`'s cells into `cage`.
pub fn merge(members: &mut [Vec<usize>], cage_of: &mut [usize], cage: usize, other: usize) {
    let moved = std::mem::take(&mut members[other]);
    for &cell in &moved {
        cage_of[cell] = cage;
    }
    members[cage].extend(moved);
}

/// The cages of `cage_of` (any cage names: a cage is named by one of its cells), laid out
/// for the solver with sums from `solution`: each cell's cage numbered from 0 in order of
/// first cell, and each cage's cells and sum.
pub struct LaidOut {
    labels: [u8; CELLS],
    cages: ArrayVec<(u128, u16), CELLS>,
}

impl LaidOut {
    pub fn new(cage_of: &[usize], solution: &[u8]) -> LaidOut {
        let mut laid_out = LaidOut {
            labels: [0; CELLS],
            cages: ArrayVec::new(),
        };
        let mut index_of = [u8::MAX; CELLS];
        for (cell, &cage) in cage_of.iter().enumerate() {
            if index_of[cage] == u8::MAX {
                index_of[cage] = laid_out.cages.len() as u8;
                laid_out.cages.push((0, 0));
            }
            let label = index_of[cage];
            laid_out.labels[cell] = label;
            let (cells, sum) = &mut laid_out.cages[usize::from(label)];
            *cells |= 1 << cell;
            *sum += u16::from(solution[cell]);
        }
        laid_out
    }

    pub fn layout(&self, cells: usize) -> CageLayout<'_> {
        CageLayout {
            cage_of: &self.labels[..cells],
            cages: Cow::Borrowed(&self.cages),
        }
    }
}

/// The killer whose cages are `cage_of` (any cage names), with sums from `solution`.
pub fn build(size: Size, givens: &[u8], cage_of: &[usize], solution: &[u8]) -> Killer {
    let laid_out = LaidOut::new(cage_of, solution);
    let sums: Vec<u16> = laid_out.cages.iter().map(|&(_, sum)| sum).collect();
    Killer::from_made(
        size,
        givens.to_vec(),
        laid_out.labels[..cage_of.len()].to_vec(),
        &sums,
    )
}

impl KillerGenerated {
    /// The cages, for records.
    pub fn cages(&self) -> &[Cage] {
        self.puzzle.cages()
    }
}
