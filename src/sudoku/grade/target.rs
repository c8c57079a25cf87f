//! Technique targets: puzzles whose solve path uses the techniques a request names
//! (`--needs`), or whose hardest step is one of them (`--hardest`).
//!
//! [`TechniqueTarget`] is a predicate over a grading (the techniques its steps used and its
//! hardest one), usable by any generator that grades; [`generate_targeted`] is the classic
//! generator's way to meet one. A random minimal puzzle rarely has a given technique as its
//! hardest step (an X-wing about 1 in 300, a swordfish 1 in 3000), but uses it, before any
//! harder step, several times as often. So each attempt digs a minimal puzzle and grades
//! it only up to the target's ceiling; one that used the techniques and then needed a
//! harder step is repaired: clues are given back (with their symmetry orbits), where the
//! step too hard works first, in a small depth-first search that keeps only puzzles still
//! using the techniques, until no step is too hard. The repaired puzzle is then dug again,
//! an orbit at a time, as long as it stays unique and on target: such a puzzle is minimal
//! for its technique rather than for uniqueness (a clue may stay that uniqueness would not
//! need but the technique does). Techniques with built-in puzzles ([`super::seeded`]:
//! aligned pair exclusion, which no dig reaches, and the quads) are walked from those
//! instead, where the symmetry asked for has some.

use std::fmt;
use std::time::Instant;

use super::generate::{GradedOptions, GradedPuzzle, RatingTarget, still_unique};
use super::seeded;
use super::tier::{MAX_RATING, RatingRange};
use super::{Awaited, GradeOptions, Grading, Room, Technique, TechniqueSet, grade_unique};
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::generate::{dig_first, random_solution};
use crate::sudoku::grid::{Grid, HOUSES};
use crate::sudoku::techniques::{Grids, Named, find, for_grids};

/// What a request asks of a puzzle's techniques. Empty: nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TechniqueTarget {
    /// Each of these is used by some step (a family: one of its techniques).
    pub needs: Vec<Named>,
    /// Each of these is used, and the hardest step is one of them.
    pub hardest: Vec<Named>,
}

impl TechniqueTarget {
    /// The target of the names given to `--needs` and `--hardest` for a grader of `grids`:
    /// each name looked up in the registry (an input error naming the closest known name
    /// otherwise) and checked to be one that grader uses; duplicates go, the order is the
    /// registry's, so the same request always reads the same.
    pub fn parse(needs: &[String], hardest: &[String], grids: Grids) -> Result<TechniqueTarget> {
        let read = |names: &[String]| -> Result<Vec<Named>> {
            let mut found: Vec<Named> = Vec::new();
            for name in names
                .iter()
                .flat_map(|names| names.split(','))
                .map(str::trim)
                .filter(|name| !name.is_empty())
            {
                let named = for_grids(find(name)?, grids)?;
                if !found.contains(&named) {
                    found.push(named);
                }
            }
            found.sort_by_key(|named| named.techniques().next());
            Ok(found)
        };
        let target = TechniqueTarget {
            needs: read(needs)?,
            hardest: read(hardest)?,
        };
        target.check(grids)?;
        Ok(target)
    }

    pub fn is_empty(&self) -> bool {
        self.needs.is_empty() && self.hardest.is_empty()
    }

    /// Every family the target names, `hardest` first.
    pub fn named(&self) -> impl Iterator<Item = &Named> {
        self.hardest.iter().chain(&self.needs)
    }

    /// The technique a drill of this target practises: the first `hardest` family, or
    /// else the first of `needs`.
    pub fn drilled(&self) -> Option<&Named> {
        self.named().next()
    }

    /// The ratings (tenths) a puzzle meeting the target can have: at least the lowest
    /// rating of each family it must use; with `hardest`, at most the highest of theirs.
    pub fn rating_range(&self) -> RatingRange {
        let min = self
            .named()
            .map(|named| named.rating().0)
            .max()
            .unwrap_or(0);
        let max = if self.hardest.is_empty() {
            MAX_RATING
        } else {
            self.hardest
                .iter()
                .map(|named| named.rating().1.unwrap_or(MAX_RATING))
                .max()
                .unwrap_or(MAX_RATING)
        };
        RatingRange { min, max }
    }

    /// The ratings of `wanted` a puzzle meeting the target can have; an input error when
    /// there are none (`--hardest X-Wing --tier expert`).
    pub fn within(&self, wanted: RatingRange) -> Result<RatingRange> {
        let possible = self.rating_range();
        let range = RatingRange {
            min: wanted.min.max(possible.min),
            max: wanted.max.min(possible.max),
        };
        if range.min > range.max {
            return Err(Error::input(format!(
                "no sudoku rated {wanted} has a solve {self}: such puzzles rate {possible}"
            ))
            .with_hint("widen the tier or rating range, or ask for other techniques"));
        }
        Ok(range)
    }

    /// Refuses a target no puzzle can meet: hardest techniques one of which is easier than
    /// another needed one, or that can never be the hardest step of a classic grid (see
    /// [`NEVER_HARDEST`]).
    fn check(&self, grids: Grids) -> Result<()> {
        if let Some(named) = self.hardest.first()
            && grids == Grids::CLASSIC
            && self
                .hardest
                .iter()
                .all(|named| named.techniques().all(|t| NEVER_HARDEST.contains(&t)))
        {
            return Err(Error::input(format!(
                "no puzzle has {} as its hardest step: wherever one applies in a position \
                 solved with singles and direct pointing alone, a direct pointing or a hidden \
                 single applies too, and the grader takes those first",
                named.name
            ))
            .with_hint("ask for it with --needs (a harder step comes first), or --hardest \"Direct Pointing\""));
        }
        let range = self.rating_range();
        if range.min <= range.max {
            return Ok(());
        }
        let easiest = self
            .hardest
            .iter()
            .max_by_key(|named| named.rating().1.unwrap_or(MAX_RATING))
            .map_or("", |named| named.name);
        let harder = self
            .named()
            .max_by_key(|named| named.rating().0)
            .map_or("", |named| named.name);
        Err(Error::input(format!(
            "no puzzle has {easiest} as its hardest step and also needs {harder}, which rates higher"
        ))
        .with_hint("ask for the harder technique with --hardest, the other with --needs"))
    }

    /// True when a grading's steps meet the target: `used` holds a technique of every
    /// family named, and with `hardest` families the hardest step's technique is in one.
    pub fn accepts(&self, used: TechniqueSet, hardest: Technique) -> bool {
        self.progress(used, hardest) == self.goal()
    }

    /// True when a complete grading meets the target (the predicate generators call).
    pub fn accepts_grading(&self, grading: &Grading) -> bool {
        grading.complete && self.accepts(grading.used, grading.hardest)
    }

    /// The ratings a search for `target` aims at once the techniques narrow it (the target
    /// itself when there are none).
    pub fn aim(&self, target: Option<RatingTarget>) -> Result<Option<RatingTarget>> {
        if self.is_empty() {
            return Ok(target);
        }
        let range = self.within(target.unwrap_or(RatingTarget::ANY).range())?;
        Ok(Some(RatingTarget::Range(range)))
    }

    /// How far a grading falls short of the target: zero when it meets it, more the fewer
    /// of its families the solve uses (the measure a search walks down).
    pub fn shortfall(&self, grading: &Grading) -> u32 {
        let progress = if grading.complete {
            self.progress(grading.used, grading.hardest)
        } else {
            0
        };
        self.goal() - progress
    }

    /// How far a grading is towards the target: two points for each family used, one
    /// when the hardest step is right; [`TechniqueTarget::goal`] when met.
    pub fn progress(&self, used: TechniqueSet, hardest: Technique) -> u32 {
        let uses = |named: &Named| named.techniques().any(|technique| used.contains(technique));
        let families = self.named().filter(|named| uses(named)).count() as u32;
        let hardest_right = self.hardest.is_empty()
            || self
                .hardest
                .iter()
                .any(|named| named.members.contains(hardest));
        2 * families + u32::from(hardest_right)
    }

    /// The progress of a grading that meets the target.
    pub fn goal(&self) -> u32 {
        2 * self.named().count() as u32 + 1
    }

    /// The target's seed-path parts: `needs=NAME,NAME` and `hardest=NAME`, in the
    /// registry's order.
    pub fn seed_parts(&self) -> Vec<String> {
        let join = |named: &[Named]| {
            named
                .iter()
                .map(|named| named.name)
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut parts = Vec::new();
        if !self.needs.is_empty() {
            parts.push(format!("needs={}", join(&self.needs)));
        }
        if !self.hardest.is_empty() {
            parts.push(format!("hardest={}", join(&self.hardest)));
        }
        parts
    }
}

impl fmt::Display for TechniqueTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = |named: &[Named]| {
            named
                .iter()
                .map(|named| named.name)
                .collect::<Vec<_>>()
                .join(" and ")
        };
        match (self.hardest.is_empty(), self.needs.is_empty()) {
            (false, true) => write!(f, "whose hardest step is {}", names(&self.hardest)),
            (true, _) => write!(f, "that needs {}", names(&self.needs)),
            (false, false) => write!(
                f,
                "whose hardest step is {} and that needs {}",
                names(&self.hardest),
                names(&self.needs)
            ),
        }
    }
}

/// Techniques no classic puzzle has as its hardest step (with windoku's windows, a
/// claiming may lock a digit in a window, which this does not cover). A direct claiming (a line's digit
/// locked in a box, leaving one place for it in another line) in a position with only the
/// givens' and singles' candidates: say row 1's digit is confined to box 1, and row 3 has
/// it in box 1 and once outside, in box 2. Then in box 3 the digit can only be in row 2; if
/// it has one place there, that is a hidden single in a box; otherwise box 3 points along
/// row 2, which leaves box 2 one place for it (in row 3): a direct pointing, rated 1.7,
/// which the grader tries before the claiming's 1.9. So the claiming is only ever taken
/// after a harder step has removed candidates. (`tests/grade_properties.rs` checks the
/// grader on random puzzles.)
pub const NEVER_HARDEST: [Technique; 1] = [Technique::DirectClaiming];

/// What targeted generation got to before it gave up, for its message.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    /// Grids dug.
    attempts: u32,
    /// Puzzles whose solve used every family named (before any step too hard).
    all_used: u32,
    /// The best progress any puzzle reached.
    best: u32,
}

/// Makes puzzles from the stream until one meets `options.techniques` and the rating
/// target; fails when `deadline` passes first, saying how far it got. Puzzle *i* depends
/// only on the stream.
///
/// Each attempt digs a minimal puzzle and grades it, stopping at the first step above the
/// target's ceiling. A puzzle that used every technique asked for before a step too hard
/// (an X-wing, then a swordfish, for `--hardest X-Wing`) is repaired: the clue of a cell
/// the too-hard step works on is put back (with its symmetry orbit), which usually makes
/// that step unneeded, while the technique stays used; then the puzzle is dug again as far
/// as it can go without losing what it has (see the module docs).
pub fn generate_targeted(
    options: &GradedOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<GradedPuzzle> {
    let target = &options.techniques;
    let range = target.within(options.target.range())?;
    let mut tally = Tally::default();
    let orbits = options.base.symmetry.orbits();
    let min_clues = options.base.clues.map_or(0, |clues| clues.min);
    let families = target.named().count() as u32;
    let steer = Steer::of(target);
    let grade_options = GradeOptions {
        awaited: awaited(target),
        stop_above: Some(range.max),
        skip_above_limit: true,
        deadline,
        ..GradeOptions::default()
    };
    let grade = |puzzle: &Grid, solution: &Grid, record_steps: bool| {
        grade_unique(
            puzzle,
            solution,
            &GradeOptions {
                record_steps,
                ..grade_options.clone()
            },
        )
        .map_err(|error| error.with_hint("allow more time with --max-seconds"))
    };
    let meets = |puzzle: &Grid, grading: &Grading| {
        options
            .base
            .clues
            .is_none_or(|clues| clues.contains(puzzle.clue_count()))
            && target.accepts_grading(grading)
            && !grading.trial_and_error
            && range.contains(grading.rating_tenths)
    };
    let late = || deadline.is_some_and(|deadline| Instant::now() >= deadline);
    // A grading cut short by the deadline ends the request with what it got to.
    fn in_time<T>(
        result: Result<T>,
        late: bool,
        options: &GradedOptions,
        tally: &Tally,
    ) -> Result<T> {
        match result {
            Err(_) if late => Err(gave_up(options, tally)),
            other => other,
        }
    }
    let seeds = seeded::seeds_for(target, range, options.base.symmetry);
    let on_target = |_: &Grid, grading: &Grading| {
        target.accepts_grading(grading)
            && !grading.trial_and_error
            && range.contains(grading.rating_tenths)
    };
    loop {
        if late() || (deadline.is_none() && tally.attempts >= MAX_DIGS) {
            return Err(gave_up(options, &tally));
        }
        tally.attempts += 1;
        if let Some(seeds) = &seeds {
            // A technique no dig reaches: a walk from a puzzle known to have it.
            let seed = rng.choose(seeds).expect("seeds_for lists some");
            let walked = seeded::walk(
                seed,
                options.base.symmetry,
                options.base.clues,
                &|puzzle: &Grid, solution: &Grid| grade(puzzle, solution, false),
                &on_target,
                &late,
                rng,
            );
            let Some((puzzle, solution, grading)) = in_time(walked, late(), options, &tally)?
            else {
                continue;
            };
            tally.all_used += 1;
            tally.best = target.goal();
            // Not made minimal: that would bring most walks back to the same few puzzles.
            if meets(&puzzle, &grading) {
                return Ok(GradedPuzzle {
                    puzzle,
                    solution,
                    grading,
                });
            }
            continue;
        }
        let solution = random_solution(rng);
        let plan = steer.plan(&solution, rng);
        let puzzle = dig_first(
            &solution,
            options.base.symmetry,
            &plan.first,
            &plan.keep,
            min_clues,
            rng,
        );
        let grading = in_time(grade(&puzzle, &solution, false), late(), options, &tally)?;
        let progress = target.progress(grading.used, grading.hardest);
        tally.best = tally.best.max(progress);
        if meets(&puzzle, &grading) {
            return Ok(GradedPuzzle {
                puzzle,
                solution,
                grading,
            });
        }
        if progress < 2 * families {
            continue;
        }
        tally.all_used += 1;
        let repaired = repair(target, puzzle, &solution, &orbits, &grade, rng);
        let Some(mut repaired) = in_time(repaired, late(), options, &tally)? else {
            continue;
        };
        let mut order = orbits.clone();
        rng.shuffle(&mut order);
        in_time(
            repaired.finish(&order, &grade_options, min_clues),
            late(),
            options,
            &tally,
        )?;
        if meets(&repaired.puzzle, &repaired.grading) {
            return Ok(GradedPuzzle {
                puzzle: repaired.puzzle,
                solution,
                grading: repaired.grading,
            });
        }
    }
}

/// The room a step of `technique` needs (see [`Room`]): the grader tries naked sets,
/// hidden sets and fish from the smallest up, so a pattern is only its step where its
/// complement is larger (a hidden single, the complement of size one, comes first of all).
/// A naked pair then needs a house of four empty cells, a hidden pair five, a naked
/// triple six, a hidden triple seven, a naked quad eight and a hidden quad nine; an
/// X-wing a digit placed at most five times, a swordfish three, a jellyfish once.
pub fn room_of(technique: Technique) -> Option<Room> {
    use Technique as T;
    Some(match technique {
        T::NakedPair => Room::EmptyHouse(4),
        T::HiddenPair => Room::EmptyHouse(5),
        T::NakedTriple => Room::EmptyHouse(6),
        T::HiddenTriple => Room::EmptyHouse(7),
        T::NakedQuad => Room::EmptyHouse(8),
        T::HiddenQuad => Room::EmptyHouse(9),
        T::XWing => Room::RareDigit(5),
        T::Swordfish => Room::RareDigit(3),
        T::Jellyfish => Room::RareDigit(1),
        _ => return None,
    })
}

/// What a targeted grading waits for: the first family named, when each of its
/// techniques needs room of one kind (the loosest of theirs).
fn awaited(target: &TechniqueTarget) -> Option<Awaited> {
    let named = target.named().next()?;
    let mut room = None;
    for technique in named.techniques() {
        room = Some(match (room, room_of(technique)?) {
            (None, new) => new,
            (Some(Room::EmptyHouse(a)), Room::EmptyHouse(b)) => Room::EmptyHouse(a.min(b)),
            (Some(Room::RareDigit(a)), Room::RareDigit(b)) => Room::RareDigit(a.max(b)),
            _ => return None,
        });
    }
    Some(Awaited {
        techniques: named.members,
        room: room?,
    })
}

/// Where a targeted dig starts emptying the grid, and which clues it keeps, so that the
/// room a technique's step needs (see [`room_of`]) is there, or its pattern itself: random
/// minimal puzzles rarely have a house of eight empty cells, or a digit given once, when
/// the solve reaches them, let alone a quad or a jellyfish. Measured, emptying a house (or
/// every cell of a digit) first pays for the hidden pair and the direct hidden triple;
/// building the pattern pays for quads and the larger fish; for the other techniques plain
/// random digs make their puzzles faster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steer {
    /// Dig in random order.
    Anywhere,
    /// Empty a random house first.
    House,
    /// Empty every cell of a random digit first.
    Digit,
    /// A quad in a random box, emptied first: the four digits of its cells off one row and
    /// one column of the box (a 2×2 square) are kept off the five cells on them by clues
    /// kept on that row and column outside the box, a hidden quad of those digits. For a
    /// naked quad the cell on both lines stays a clue: the four other cells on the lines,
    /// left with the four other digits, are one.
    Quad { naked: bool },
    /// A fish of `size` random rows (or columns) on a random digit: every cell of the
    /// digit and of the fish's rows in its columns is emptied first, and the rows' other
    /// cells stay clues, so the digit has no other place in those rows.
    Fish { size: usize },
}

/// The cells a targeted dig empties first, and those it keeps as clues.
pub struct DigPlan {
    pub first: [bool; 81],
    pub keep: [bool; 81],
}

impl Steer {
    /// The steering for a target's first family (the drilled one).
    fn of(target: &TechniqueTarget) -> Steer {
        use Technique as T;
        let Some(named) = target.named().next() else {
            return Steer::Anywhere;
        };
        let all = |set: &[Technique]| named.techniques().all(|t| set.contains(&t));
        if all(&[T::NakedQuad]) {
            Steer::Quad { naked: true }
        } else if all(&[T::HiddenQuad]) {
            Steer::Quad { naked: false }
        } else if all(&[T::Jellyfish]) {
            Steer::Fish { size: 4 }
        } else if all(&[T::DirectHiddenTriple, T::HiddenPair]) {
            Steer::House
        } else if all(&[T::Swordfish, T::TwoStringKite]) {
            Steer::Digit
        } else {
            Steer::Anywhere
        }
    }

    /// Where to dig first in `solution`, and what to keep, chosen from the stream.
    pub fn plan(self, solution: &Grid, rng: &mut RandomStream) -> DigPlan {
        let mut plan = DigPlan {
            first: [false; 81],
            keep: [false; 81],
        };
        match self {
            Steer::Anywhere => {}
            Steer::House => {
                for &cell in &HOUSES[rng.below(27) as usize] {
                    plan.first[cell] = true;
                }
            }
            Steer::Digit => {
                let digit = rng.below(9) as u8 + 1;
                for (cell, first) in plan.first.iter_mut().enumerate() {
                    *first = solution.get(cell) == digit;
                }
            }
            Steer::Quad { naked } => {
                let block = rng.below(9) as usize;
                let row = block / 3 * 3 + rng.below(3) as usize;
                let column = block % 3 * 3 + rng.below(3) as usize;
                for &cell in &HOUSES[18 + block] {
                    plan.first[cell] = true;
                    if cell / 9 == row || cell % 9 == column {
                        continue;
                    }
                    // A digit of the square, kept off the box's cells on the two lines.
                    let digit = solution.get(cell);
                    for line in [row, 9 + column] {
                        let given = HOUSES[line]
                            .iter()
                            .copied()
                            .find(|&other| solution.get(other) == digit)
                            .expect("every line holds every digit");
                        plan.keep[given] = true;
                    }
                }
                if naked {
                    plan.keep[row * 9 + column] = true;
                    plan.first[row * 9 + column] = false;
                }
            }
            Steer::Fish { size } => {
                let digit = rng.below(9) as u8 + 1;
                let across = rng.below(2) == 1;
                let mut lines: Vec<usize> = (0..9).collect();
                rng.shuffle(&mut lines);
                // Cell `k` of line `line`, along rows (or columns).
                let at = |line: usize, k: usize| if across { k * 9 + line } else { line * 9 + k };
                let mut covers = [false; 9];
                for &line in &lines[..size] {
                    for (k, cover) in covers.iter_mut().enumerate() {
                        *cover |= solution.get(at(line, k)) == digit;
                    }
                }
                for &line in &lines[..size] {
                    for (k, &cover) in covers.iter().enumerate() {
                        if cover {
                            plan.first[at(line, k)] = true;
                        } else {
                            plan.keep[at(line, k)] = true;
                        }
                    }
                }
                for (cell, first) in plan.first.iter_mut().enumerate() {
                    *first |= solution.get(cell) == digit;
                }
            }
        }
        plan
    }
}

/// Digs tried without a deadline before a target is declared out of reach.
const MAX_DIGS: u32 = 200_000;

/// A puzzle on its way to the target, with its grading.
struct Repaired<'a> {
    target: &'a TechniqueTarget,
    solution: Grid,
    puzzle: Grid,
    grading: Grading,
}

/// Puts clues back into `puzzle` (which used every family asked for, then took a step
/// too hard, or had a hardest step of another technique) until the target is met: a
/// depth-first search over the cells still empty when the offending step comes (its own
/// cells first; never those of the target's own steps), each given back with its orbit,
/// keeping only puzzles that still use every family, the most promising first (those
/// that solve the most cells before a step too hard). `None` when [`REPAIR_BUDGET`]
/// gradings find nothing.
fn repair<'a>(
    target: &'a TechniqueTarget,
    puzzle: Grid,
    solution: &Grid,
    orbits: &[Vec<usize>],
    grade: &impl Fn(&Grid, &Grid, bool) -> Result<Grading>,
    rng: &mut RandomStream,
) -> Result<Option<Repaired<'a>>> {
    let mut search = Repair {
        target,
        solution,
        orbits,
        budget: REPAIR_BUDGET,
    };
    let grading = grade(&puzzle, solution, true)?;
    Ok(search
        .from(puzzle, grading, grade, rng)?
        .map(|(puzzle, grading)| Repaired {
            target,
            solution: *solution,
            puzzle,
            grading,
        }))
}

/// Gradings one repair may spend.
const REPAIR_BUDGET: u32 = 400;

/// Puzzles tried from each position of a repair, and followed further.
const REPAIR_WIDTH: usize = 24;
const REPAIR_BRANCHES: usize = 4;

struct Repair<'a> {
    target: &'a TechniqueTarget,
    solution: &'a Grid,
    orbits: &'a [Vec<usize>],
    budget: u32,
}

impl Repair<'_> {
    /// The search from `puzzle`, whose grading (with its steps) does not meet the target.
    fn from(
        &mut self,
        puzzle: Grid,
        grading: Grading,
        grade: &impl Fn(&Grid, &Grid, bool) -> Result<Grading>,
        rng: &mut RandomStream,
    ) -> Result<Option<(Grid, Grading)>> {
        let target = self.target;
        let families = 2 * target.named().count() as u32;
        // The offending step: the one that stopped the grading, or the hardest.
        let offending = if grading.complete {
            grading
                .steps
                .iter()
                .find(|step| step.rating_tenths == grading.rating_tenths)
        } else {
            grading.steps.last()
        };
        let Some(step) = offending else {
            return Ok(None);
        };
        let mut empty = puzzle;
        for placed in &grading.steps {
            for &(cell, digit) in &placed.placements {
                empty.set(usize::from(cell), digit);
            }
        }
        let mut kept = [false; 81];
        for used in grading.steps.iter().filter(|used| {
            target
                .named()
                .any(|named| named.members.contains(used.technique))
        }) {
            for &cell in used
                .cells
                .iter()
                .chain(used.eliminations.iter().map(|(cell, _)| cell))
            {
                kept[usize::from(cell)] = true;
            }
        }
        let mut near: Vec<usize> = step
            .placements
            .iter()
            .chain(&step.eliminations)
            .map(|&(cell, _)| usize::from(cell))
            .chain(step.cells.iter().map(|&cell| usize::from(cell)))
            .filter(|&cell| empty.get(cell) == 0 && !kept[cell])
            .collect();
        near.sort_unstable();
        near.dedup();
        rng.shuffle(&mut near);
        let mut far: Vec<usize> = (0..81)
            .filter(|&cell| empty.get(cell) == 0 && !kept[cell] && !near.contains(&cell))
            .collect();
        rng.shuffle(&mut far);
        let mut tried: Vec<&Vec<usize>> = Vec::new();
        let mut promising: Vec<(usize, Grid)> = Vec::new();
        for &cell in near.iter().chain(&far) {
            if tried.len() >= REPAIR_WIDTH || self.budget == 0 {
                break;
            }
            let orbit = self
                .orbits
                .iter()
                .find(|orbit| orbit.contains(&cell))
                .expect("every cell is in an orbit");
            if tried.contains(&orbit) {
                continue;
            }
            tried.push(orbit);
            let mut added = puzzle;
            for &cell in orbit {
                added.set(cell, self.solution.get(cell));
            }
            // The clue given back alone, and with another clue taken away (a swap).
            let mut trials = vec![added];
            let givens: Vec<&Vec<usize>> = self
                .orbits
                .iter()
                .filter(|other| puzzle.get(other[0]) != 0 && !other.iter().any(|&c| kept[c]))
                .collect();
            if let Some(&taken) = rng.choose(&givens) {
                let mut swapped = added;
                for &cell in taken {
                    swapped.set(cell, 0);
                }
                if still_unique(&swapped, self.solution, taken) {
                    trials.push(swapped);
                }
            }
            for trial in trials {
                if self.budget == 0 {
                    break;
                }
                self.budget -= 1;
                let regraded = grade(&trial, self.solution, false)?;
                if target.progress(regraded.used, regraded.hardest) < families
                    || regraded.trial_and_error
                {
                    continue;
                }
                if regraded.complete && target.accepts(regraded.used, regraded.hardest) {
                    return Ok(Some((trial, regraded)));
                }
                promising.push((trial.clue_count() + regraded.step_count, trial));
            }
        }
        promising.sort_by_key(|(reach, _)| std::cmp::Reverse(*reach));
        for (_, trial) in promising.into_iter().take(REPAIR_BRANCHES) {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            let regraded = grade(&trial, self.solution, true)?;
            if let Some(found) = self.from(trial, regraded, grade, rng)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }
}

impl Repaired<'_> {
    /// Removes the clue orbits of `order` that can go: the puzzle stays unique, no step
    /// rates above the options' ceiling, and the target stays met.
    fn finish(
        &mut self,
        order: &[Vec<usize>],
        options: &GradeOptions,
        min_clues: usize,
    ) -> Result<()> {
        let goal = self.target.goal();
        let mut clues = self.puzzle.clue_count();
        for orbit in order {
            if self.puzzle.get(orbit[0]) == 0 || clues < min_clues + orbit.len() {
                continue;
            }
            let mut trial = self.puzzle;
            for &cell in orbit {
                trial.set(cell, 0);
            }
            if !still_unique(&trial, &self.solution, orbit) {
                continue;
            }
            let grading = grade_unique(&trial, &self.solution, options)
                .map_err(|error| error.with_hint("allow more time with --max-seconds"))?;
            if !grading.complete
                || grading.trial_and_error
                || self.target.progress(grading.used, grading.hardest) < goal
            {
                continue;
            }
            self.puzzle = trial;
            clues -= orbit.len();
            self.grading = grading;
        }
        Ok(())
    }
}

/// The error of a targeted request not met in time: what was asked, and how far it got.
fn gave_up(options: &GradedOptions, tally: &Tally) -> Error {
    let target = &options.techniques;
    let families = target.named().count() as u32;
    let reached = if tally.all_used > 0 {
        format!(
            "{} of {} grids dug used {}, none {}",
            tally.all_used,
            tally.attempts,
            names(target),
            if target.hardest.is_empty() {
                "within the rating asked for".to_string()
            } else {
                "with it as the hardest step".to_string()
            }
        )
    } else if tally.best >= 2 {
        format!(
            "in {} grids dug, the closest used {} of the {families} techniques",
            tally.attempts,
            tally.best / 2
        )
    } else {
        format!(
            "none of {} grids dug used {}",
            tally.attempts,
            names(target)
        )
    };
    Error::runtime(format!(
        "could not make a sudoku {target} ({}) in the time allowed: {reached}",
        options.target
    ))
    .with_hint("allow more time with --max-seconds, or widen the tier or rating range")
}

fn names(target: &TechniqueTarget) -> String {
    target
        .named()
        .map(|named| named.name)
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The printed name of the first technique of a target's drilled family, for captions.
pub fn drill_name(
    target: &TechniqueTarget,
    language: crate::i18n::Language,
) -> Option<&'static str> {
    let named = target.drilled()?;
    let mut techniques = named.techniques();
    let first = techniques.next()?;
    Some(if techniques.next().is_none() {
        crate::sudoku::techniques::catalog_name(first, language)
    } else {
        crate::sudoku::techniques::family_name(named, language)
    })
}
