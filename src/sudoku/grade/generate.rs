//! Generation to a requested difficulty: make unique puzzles from the seeded stream and
//! keep the first whose rating falls in the requested range.
//!
//! Every candidate comes from [`crate::sudoku::generate`] (unique, minimal for its
//! symmetry) and is graded with the full grader, stopping as soon as a step rates above
//! the range (most rejected puzzles cost only their first steps). Only time decides
//! whether a request fails; which puzzle comes out is decided by the random stream alone,
//! so puzzle *i* depends only on the seed, the options and *i*.

use std::fmt;
use std::time::Instant;

use super::tier::{RatingRange, Tier};
use super::{GradeOptions, Grading, grade_unique};
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::generate::{GenerateOptions, generate};
use crate::sudoku::grid::Grid;

/// The difficulty asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatingTarget {
    Tier(Tier),
    Range(RatingRange),
}

impl RatingTarget {
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
            RatingTarget::Tier(tier) => write!(f, "tier={tier}"),
            RatingTarget::Range(range) => write!(f, "rating={range}"),
        }
    }
}

/// What to generate: the shape options plus the difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GradedOptions {
    pub base: GenerateOptions,
    pub target: RatingTarget,
}

impl GradedOptions {
    /// The options as seed-path parts: the shape parts, then `tier=…` or `rating=…`, so
    /// that streams for different difficulties are unrelated.
    pub fn seed_path(&self) -> Vec<String> {
        let mut path = self.base.seed_path();
        path.push(self.target.to_string());
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

/// Generates one puzzle whose rating meets the target. Fails (run-time error) when the
/// deadline passes first; without a deadline it keeps trying.
pub fn generate_graded(
    options: &GradedOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<GradedPuzzle> {
    let range = options.target.range();
    let grade_options = GradeOptions {
        record_steps: false,
        stop_above: Some(range.max),
        deadline,
    };
    loop {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(out_of_time(options));
        }
        let candidate = generate(&options.base, rng)?;
        let grading = match grade_unique(&candidate.puzzle, &candidate.solution, &grade_options) {
            Ok(grading) => grading,
            Err(_) => return Err(out_of_time(options)),
        };
        if options.target.accepts(&grading) {
            return Ok(GradedPuzzle {
                puzzle: candidate.puzzle,
                solution: candidate.solution,
                grading,
            });
        }
    }
}

fn out_of_time(options: &GradedOptions) -> Error {
    Error::runtime(format!(
        "could not make a sudoku rated {} with symmetry {} in the time allowed",
        match options.target {
            RatingTarget::Tier(tier) => format!("{tier} ({})", tier.range()),
            RatingTarget::Range(range) => range.to_string(),
        },
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
