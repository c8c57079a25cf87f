//! Generation to a requested difficulty: make unique puzzles from the seeded stream and
//! keep the first whose rating falls in the requested range.
//!
//! Every candidate is unique and minimal for its symmetry, and is graded with the full
//! grader, stopping as soon as a step rates above the range (most rejected puzzles cost
//! only their first steps). Hard targets are rare among random puzzles (about 1 in 110 is
//! `extreme`), so when a candidate comes close to the range the search walks its
//! neighbourhood — swap one clue orbit for another, make the result minimal again, keep
//! the neighbour when it rates at least as high — before drawing a fresh grid: puzzles next
//! to hard puzzles are much more often hard. Only time (or, without a deadline, a cap on
//! the candidates) decides whether a request fails; which puzzle comes out is decided by the
//! random stream alone, so puzzle *i* depends only on the seed, the options and *i*.

use std::fmt;
use std::time::Instant;

use super::target::TechniqueTarget;
use super::tier::{RatingRange, Tier};
use super::{GradeOptions, Grading, grade_unique};
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::generate::{ClueRange, GenerateOptions, generate};
use crate::sudoku::grid::Grid;
use crate::sudoku::solver::SearchState;

/// The difficulty asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingTarget {
    Tier(Tier),
    Range(RatingRange),
}

impl RatingTarget {
    /// Any rating at all (a request that names techniques but no difficulty).
    pub const ANY: RatingTarget = RatingTarget::Range(RatingRange {
        min: 0,
        max: super::tier::MAX_RATING,
    });

    /// The ratings (in tenths) that meet the target.
    pub fn range(&self) -> RatingRange {
        match self {
            RatingTarget::Tier(tier) => tier.range(),
            RatingTarget::Range(range) => *range,
        }
    }

    /// True when a grading meets the target. Trial-and-error puzzles meet only the
    /// `extreme` tier (or a range that includes the trial-and-error rating).
    pub fn accepts(&self, grading: &Grading) -> bool {
        grading.complete && self.range().contains(grading.rating_tenths)
    }
}

impl fmt::Display for RatingTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            _ if *self == RatingTarget::ANY => write!(f, "any rating"),
            RatingTarget::Tier(tier) => write!(f, "tier={tier}"),
            RatingTarget::Range(range) => write!(f, "rating={range}"),
        }
    }
}

/// What to generate: the shape options plus the difficulty, and the techniques the solve
/// must use (none asked: [`TechniqueTarget::default`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradedOptions {
    pub base: GenerateOptions,
    /// [`RatingTarget::ANY`] when only techniques are asked for.
    pub target: RatingTarget,
    pub techniques: TechniqueTarget,
}

impl GradedOptions {
    /// The options as seed-path parts: the shape parts, then `tier=…` or `rating=…` (left
    /// out for a technique request that asks for no difficulty), then the techniques'
    /// `needs=…` and `hardest=…`, so that streams for different requests are unrelated.
    pub fn seed_path(&self) -> Vec<String> {
        let mut path = self.base.seed_path();
        if self.techniques.is_empty() || self.target != RatingTarget::ANY {
            path.push(self.target.to_string());
        }
        path.extend(self.techniques.seed_parts());
        path
    }
}

/// A generated puzzle with its solution and grading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradedPuzzle {
    pub puzzle: Grid,
    pub solution: Grid,
    pub grading: Grading,
}

/// How far below the target's minimum (in tenths) a candidate may rate and still have its
/// neighbourhood explored.
const WALK_MARGIN: u16 = 15;

/// Neighbours tried per walk.
const WALK_STEPS: usize = 32;

/// Targets whose minimum is below this are common enough to draw fresh puzzles only.
const WALK_FROM: u16 = 41;

/// Fresh candidates tried before a request without a deadline is declared impossible (a
/// rating range no puzzle has would otherwise be searched forever). The rarest tier,
/// `extreme`, takes about 110 on average.
const MAX_CANDIDATES: usize = 200_000;

/// Generates one puzzle whose rating meets the target. Fails (run-time error) when the
/// deadline passes first, or after [`MAX_CANDIDATES`] fresh candidates.
pub fn generate_graded(
    options: &GradedOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<GradedPuzzle> {
    if !options.techniques.is_empty() {
        return super::target::generate_targeted(options, rng, deadline);
    }
    generate_graded_within(options, rng, deadline, MAX_CANDIDATES)
}

pub fn generate_graded_within(
    options: &GradedOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
    max_candidates: usize,
) -> Result<GradedPuzzle> {
    let range = options.target.range();
    let grade_options = GradeOptions {
        record_steps: false,
        stop_above: Some(range.max),
        deadline,
        ..GradeOptions::default()
    };
    let orbits = options.base.symmetry.orbits();
    let grade = |puzzle: &Grid, solution: &Grid| -> Result<Grading> {
        grade_unique(puzzle, solution, &grade_options).map_err(|_| out_of_time(options))
    };
    for _ in 0..max_candidates {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(out_of_time(options));
        }
        let candidate = generate(&options.base, rng)?;
        let solution = candidate.solution;
        let grading = grade(&candidate.puzzle, &solution)?;
        if options.target.accepts(&grading) {
            return Ok(GradedPuzzle {
                puzzle: candidate.puzzle,
                solution,
                grading,
            });
        }
        let near = grading.complete && grading.rating_tenths + WALK_MARGIN >= range.min;
        if range.min < WALK_FROM || !near {
            continue;
        }
        let mut current = (candidate.puzzle, grading.rating_tenths);
        for _ in 0..WALK_STEPS {
            let Some(puzzle) = neighbour(&current.0, &solution, &orbits, options.base.clues, rng)
            else {
                continue;
            };
            let grading = grade(&puzzle, &solution)?;
            if options.target.accepts(&grading) {
                return Ok(GradedPuzzle {
                    puzzle,
                    solution,
                    grading,
                });
            }
            if grading.complete && grading.rating_tenths >= current.1 {
                current = (puzzle, grading.rating_tenths);
            }
        }
    }
    Err(Error::runtime(format!(
        "could not make a sudoku rated {} with symmetry {} from {max_candidates} candidates",
        target_name(options),
        options.base.symmetry
    ))
    .with_hint("widen the rating range, or relax --clues"))
}

/// True when no grid other than `solution` fits `puzzle`, given that every other solution
/// must differ from `solution` in one of the `changed` cells.
pub(super) fn still_unique(puzzle: &Grid, solution: &Grid, changed: &[usize]) -> bool {
    let Some(state) = SearchState::from_grid(puzzle) else {
        return false;
    };
    changed.iter().all(|&cell| {
        let mut other = state;
        other.eliminate(cell, solution.get(cell) as usize - 1);
        other.count(1) == 0
    })
}

/// A random neighbour of a unique, minimal puzzle: one clue orbit emptied, one empty orbit
/// filled from the solution, then clue orbits removed (in random order) while the puzzle
/// stays unique. `None` when the swap loses uniqueness or misses the clue range.
fn neighbour(
    puzzle: &Grid,
    solution: &Grid,
    orbits: &[Vec<usize>],
    clues: Option<ClueRange>,
    rng: &mut RandomStream,
) -> Option<Grid> {
    let (filled, empty): (Vec<&Vec<usize>>, Vec<&Vec<usize>>) =
        orbits.iter().partition(|orbit| puzzle.get(orbit[0]) != 0);
    let removed = *rng.choose(&filled)?;
    let added = *rng.choose(&empty)?;
    let mut next = *puzzle;
    for &cell in removed {
        next.set(cell, 0);
    }
    for &cell in added {
        next.set(cell, solution.get(cell));
    }
    if !still_unique(&next, solution, removed) {
        return None;
    }
    let mut candidates: Vec<&Vec<usize>> = orbits
        .iter()
        .filter(|orbit| next.get(orbit[0]) != 0)
        .collect();
    rng.shuffle(&mut candidates);
    let min_clues = clues.map_or(0, |range| range.min);
    let mut count = next.clue_count();
    for orbit in candidates {
        if count < min_clues + orbit.len() {
            continue;
        }
        for &cell in orbit {
            next.set(cell, 0);
        }
        if still_unique(&next, solution, orbit) {
            count -= orbit.len();
        } else {
            for &cell in orbit {
                next.set(cell, solution.get(cell));
            }
        }
    }
    let fits = clues.is_none_or(|range| range.contains(count));
    (fits && next != *puzzle).then_some(next)
}

/// The target for messages: `hard (4.0-5.4)` or `5.0-5.5`.
fn target_name(options: &GradedOptions) -> String {
    match options.target {
        RatingTarget::Tier(tier) => format!("{tier} ({})", tier.range()),
        RatingTarget::Range(range) => range.to_string(),
    }
}

fn out_of_time(options: &GradedOptions) -> Error {
    Error::runtime(format!(
        "could not make a sudoku rated {} with symmetry {} in the time allowed",
        target_name(options),
        options.base.symmetry
    ))
    .with_hint("allow more time with --max-seconds, widen the rating range, or relax --clues")
}

/// The ratings a puzzle can have below 4.0: each belongs to one technique. From 4.0 up
/// the techniques (loops, wings, chains with their length bonuses) take nearly every value.
const LOW_RATINGS: [u16; 14] = [12, 15, 17, 19, 20, 23, 25, 26, 28, 30, 32, 34, 36, 38];

/// Fails (input error) when no puzzle can have a rating in the target's range, so that an
/// impossible request is refused at once instead of running out of time.
pub fn check_reachable(target: RatingTarget) -> Result<()> {
    let range = target.range();
    let reachable = range.max >= 40 || LOW_RATINGS.iter().any(|&r| range.contains(r));
    if reachable {
        return Ok(());
    }
    let values: Vec<String> = LOW_RATINGS
        .iter()
        .map(|&r| super::tier::format_rating(r))
        .collect();
    Err(
        Error::input(format!("no sudoku is rated {range}")).with_hint(format!(
            "below 4.0 the ratings are {}; widen the range to include one",
            values.join(", ")
        )),
    )
}
