//! The search for a puzzle on a mask: givens exactly the mask's cells, one solution, and
//! a grading the request accepts.
//!
//! Two stages, both driven by the exact solver's counts (a few microseconds each):
//!
//! 1. **Climb to one solution.** The mask's cells take their values from a random solution
//!    grid; such a clue set has hundreds to hundreds of thousands of solutions. A move gives
//!    one clue another value its clue peers allow, and is kept when the solutions it leaves
//!    (at least one) are no more than before. Counting stops one past the current count,
//!    and at [`COUNT_CAP`]: while the count is at the cap the moves walk at random until one
//!    falls below it. A climb that stops improving for [`STALL`] moves starts again from a
//!    fresh grid. This is the "vicinity search" of the solving community's Patterns Game,
//!    used as a descent on the solution count.
//! 2. **Walk to the request.** A unique clue set is graded; when its rating is outside the
//!    range (or it is not minimal, or fails the request's condition), one clue at a time is
//!    changed, keeping the changes that stay unique and come no further from the request,
//!    for [`WALK_MOVES`] moves before a fresh climb.
//!
//! Every choice is drawn from the stream, so a stream gives one puzzle; the deadline only
//! decides whether the search fails. Every puzzle returned has been counted to exactly one
//! solution by the exact solver and graded by the grader.

use std::sync::Arc;
use std::time::Instant;

use super::Pattern;
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::grade::hint::Technique;
use crate::sudoku::grade::{
    GradeOptions, Grading, RatingRange, RatingTarget, TechniqueTarget, grade_unique,
};
use crate::sudoku::grid::Grid;
use crate::sudoku::solver::{Solution, count_solutions, solve};
use crate::sudoku::variant::generate::{VariantOptions, fresh_solution};
use crate::sudoku::variant::geometry::MAX_CELLS;
use crate::sudoku::variant::grade::{
    TRIAL_AND_ERROR_RATING, VariantGradeOptions, VariantGrading, check_tier, target_range,
};
use crate::sudoku::variant::solver::{VariantSolution, count_solutions as count_variant};
use crate::sudoku::variant::{Geometry, Size, Variant, VariantGrid};

/// Solutions counted at most while climbing: above it a clue set only counts as "many".
const COUNT_CAP: usize = 2000;
/// Moves without progress before a climb starts again from a fresh grid.
const STALL: u32 = 300;
/// Moves from one unique clue set towards the request before a fresh climb.
const WALK_MOVES: u32 = 160;
/// Solution grids tried before a request without a deadline is given up.
const MAX_GRIDS: u64 = 50_000;

/// What to make on a pattern. `G` is the grading the engine gives (the classic grader's
/// for 9×9 classic puzzles, the house grader's otherwise).
pub struct PatternRequest<'a, G> {
    pub pattern: &'a Pattern,
    /// How messages name the pattern: `heart`, or a file's path.
    pub name: &'a str,
    /// The tier or rating range; `None` takes any rating.
    pub target: Option<RatingTarget>,
    /// No given may be removable: each one is needed for the solution to be unique.
    pub minimal: bool,
    /// A further condition on the grading (e.g. techniques the solve must use). The
    /// gradings it sees have their steps when `record_steps` is set.
    pub condition: Option<Condition<'a, G>>,
    pub record_steps: bool,
}

/// A condition on a puzzle's grading beyond its rating.
pub struct Condition<'a, G> {
    /// How messages say it, after "a sudoku": `whose hardest step is X-Wing`.
    pub described: String,
    /// How far a grading falls short of it, zero when met. The walk keeps moves that do
    /// not fall further short.
    pub shortfall: Box<dyn Fn(&G) -> u32 + Sync + 'a>,
}

impl<'a, G> PatternRequest<'a, G> {
    /// A request with no condition beyond the target and minimality.
    pub fn new(
        pattern: &'a Pattern,
        name: &'a str,
        target: Option<RatingTarget>,
        minimal: bool,
    ) -> PatternRequest<'a, G> {
        PatternRequest {
            pattern,
            name,
            target,
            minimal,
            condition: None,
            record_steps: false,
        }
    }
}

impl<'a> PatternRequest<'a, Grading> {
    /// The request aimed at techniques too: the ratings they allow within the target, and
    /// a solve that uses them (unchanged when there are none). An input error when no
    /// rating of the target fits them.
    pub fn aimed_at(mut self, techniques: &'a TechniqueTarget) -> Result<Self> {
        if techniques.is_empty() {
            return Ok(self);
        }
        self.target = techniques.aim(self.target)?;
        self.condition = Some(Condition {
            described: techniques.to_string(),
            shortfall: Box::new(|grading| techniques.shortfall(grading)),
        });
        Ok(self)
    }
}

/// How far a search got: the figures a failure reports.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchReport {
    /// Solution grids the climbs started from.
    pub grids: u64,
    /// Clue sets counted.
    pub clue_sets: u64,
    /// Unique clue sets graded.
    pub unique: u64,
    /// The lowest and highest rating among them.
    pub ratings: Option<(u16, u16)>,
    /// Of those rated within the request, how many were minimal (with `minimal`).
    pub in_range: u64,
}

impl SearchReport {
    fn rated(&mut self, rating: u16) {
        self.unique += 1;
        self.ratings = Some(match self.ratings {
            None => (rating, rating),
            Some((low, high)) => (low.min(rating), high.max(rating)),
        });
    }
}

/// One sudoku engine as the search uses it.
trait Engine {
    type Grading;
    /// A random complete grid (for jigsaw, on a fresh layout); `None` when a fill fails.
    fn fresh(&self, rng: &mut RandomStream, deadline: Option<Instant>) -> Option<VariantGrid>;
    /// The solutions of `puzzle`, counted up to `limit`.
    fn count(&self, puzzle: &VariantGrid, limit: usize) -> usize;
    /// The solution of a puzzle counted to one.
    fn solution(&self, puzzle: &VariantGrid) -> Result<VariantGrid>;
    fn grade(
        &self,
        puzzle: &VariantGrid,
        solution: &VariantGrid,
        stop_above: Option<u16>,
        record_steps: bool,
        deadline: Option<Instant>,
    ) -> Result<Self::Grading>;
    /// The rating in tenths, and whether it is the whole solve's (false when the grading
    /// stopped above the range).
    fn rating(grading: &Self::Grading) -> (u16, bool);
}

/// The classic 9×9 engine: its own solver and Sudoku Explainer's grader.
struct Classic {
    geometry: Arc<Geometry>,
}

fn classic(puzzle: &VariantGrid) -> Grid {
    puzzle.to_classic().expect("a classic 9x9 grid")
}

impl Engine for Classic {
    type Grading = Grading;

    fn fresh(&self, rng: &mut RandomStream, _: Option<Instant>) -> Option<VariantGrid> {
        let grid = crate::sudoku::generate::random_solution(rng);
        Some(VariantGrid::from_cells(
            Arc::clone(&self.geometry),
            grid.cells().to_vec(),
        ))
    }

    fn count(&self, puzzle: &VariantGrid, limit: usize) -> usize {
        count_solutions(&classic(puzzle), limit)
    }

    fn solution(&self, puzzle: &VariantGrid) -> Result<VariantGrid> {
        match solve(&classic(puzzle)) {
            Solution::Unique(grid) => Ok(VariantGrid::from_cells(
                Arc::clone(&self.geometry),
                grid.cells().to_vec(),
            )),
            _ => Err(Error::runtime(
                "a pattern puzzle counted unique has no one solution",
            )),
        }
    }

    fn grade(
        &self,
        puzzle: &VariantGrid,
        solution: &VariantGrid,
        stop_above: Option<u16>,
        record_steps: bool,
        deadline: Option<Instant>,
    ) -> Result<Grading> {
        grade_unique(
            &classic(puzzle),
            &classic(solution),
            &GradeOptions {
                record_steps,
                stop_above,
                deadline,
                ..GradeOptions::default()
            },
        )
    }

    fn rating(grading: &Grading) -> (u16, bool) {
        (grading.rating_tenths, grading.complete)
    }
}

/// Every other sudoku: the house engine and grader (9×9 X and windoku graded by the
/// classic grader with their extra houses).
struct Houses<'o> {
    options: &'o VariantOptions,
}

impl Engine for Houses<'_> {
    type Grading = VariantGrading;

    fn fresh(&self, rng: &mut RandomStream, deadline: Option<Instant>) -> Option<VariantGrid> {
        fresh_solution(self.options, rng, deadline)
    }

    fn count(&self, puzzle: &VariantGrid, limit: usize) -> usize {
        count_variant(puzzle, limit)
    }

    fn solution(&self, puzzle: &VariantGrid) -> Result<VariantGrid> {
        match crate::sudoku::variant::solve(puzzle) {
            VariantSolution::Unique(grid) => Ok(grid),
            _ => Err(Error::runtime(
                "a pattern puzzle counted unique has no one solution",
            )),
        }
    }

    fn grade(
        &self,
        puzzle: &VariantGrid,
        solution: &VariantGrid,
        stop_above: Option<u16>,
        record_steps: bool,
        deadline: Option<Instant>,
    ) -> Result<VariantGrading> {
        crate::sudoku::variant::grade::grade_unique(
            puzzle,
            solution,
            &VariantGradeOptions {
                record_steps,
                deadline,
                stop_above,
            },
        )
    }

    fn rating(grading: &VariantGrading) -> (u16, bool) {
        (grading.rating_tenths, true)
    }
}

/// A 9×9 classic puzzle on `request.pattern`, its solution and grading.
pub fn make_classic(
    request: &PatternRequest<'_, Grading>,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(Grid, Grid, Grading)> {
    request.pattern.check(Size::S9, Variant::Classic)?;
    let engine = Classic {
        geometry: crate::sudoku::variant::generate::regular_geometry(Size::S9, Variant::Classic),
    };
    let range = request.target.map(|target| target.range());
    let (puzzle, solution, grading) = Search::new(&engine, request, range).run(rng, deadline)?;
    Ok((classic(&puzzle), classic(&solution), grading))
}

/// A puzzle of `options`' size and variant on `request.pattern` (its symmetry and clue
/// range are the pattern's: `options.symmetry` only decides whether jigsaw layouts are
/// half-turn symmetric), its solution and grading.
pub fn make_variant(
    options: &VariantOptions,
    request: &PatternRequest<'_, VariantGrading>,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(VariantGrid, VariantGrid, VariantGrading)> {
    options.variant.check_size(options.size)?;
    request.pattern.check(options.size, options.variant)?;
    if let Some(RatingTarget::Tier(tier)) = request.target {
        check_tier(options.size, tier)?;
    }
    let engine = Houses { options };
    let range = request
        .target
        .map(|target| target_range(options.size, target));
    Search::new(&engine, request, range).run(rng, deadline)
}

/// How far a graded puzzle is from the request; zero when it meets it. Compared as a
/// tuple: first the rating (tenths outside the range), then for a puzzle too hard for a
/// range singles reach the cells they leave open, then (with `minimal`) the givens that
/// could go, then how far the grading falls short of the condition.
type Distance = (u16, u16, u16, u32);

const MET: Distance = (0, 0, 0, 0);

/// A unique puzzle on the mask with its solution, grading and distance from the request.
struct Judged<G> {
    puzzle: VariantGrid,
    solution: VariantGrid,
    grading: G,
    distance: Distance,
}

/// What a climb drives down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Objective {
    /// The solutions beyond the first.
    Solutions,
    /// The cells hidden singles (and with `true` naked singles) leave open: a clue set
    /// they fill is unique and rated as easy as they are, found without a search.
    Singles(bool),
}

struct Search<'a, E: Engine> {
    engine: &'a E,
    request: &'a PatternRequest<'a, E::Grading>,
    range: Option<RatingRange>,
    objective: Objective,
    /// The singles that reach the range, if they do: hidden (false) or also naked (true).
    singles: Option<bool>,
    /// The mask's cells.
    cells: Vec<usize>,
    report: SearchReport,
}

impl<'a, E: Engine> Search<'a, E> {
    fn new(
        engine: &'a E,
        request: &'a PatternRequest<'a, E::Grading>,
        range: Option<RatingRange>,
    ) -> Search<'a, E> {
        // Hidden singles rate at most 1.5, naked singles 2.3 (the same on every grader).
        let hidden = Technique::HiddenSingleLine.base_rating();
        let naked = Technique::NakedSingle.base_rating();
        let singles = match range {
            Some(range) if range.max < naked && range.min <= hidden => Some(false),
            Some(range) if range.max < Technique::Pointing.base_rating() && range.min <= naked => {
                Some(true)
            }
            _ => None,
        };
        let objective = match singles {
            Some(naked) => Objective::Singles(naked),
            None => Objective::Solutions,
        };
        Search {
            engine,
            request,
            range,
            objective,
            singles,
            cells: request.pattern.cells(),
            report: SearchReport::default(),
        }
    }

    fn run(
        mut self,
        rng: &mut RandomStream,
        deadline: Option<Instant>,
    ) -> Result<(VariantGrid, VariantGrid, E::Grading)> {
        let out_of_time =
            |deadline: Option<Instant>| deadline.is_some_and(|deadline| Instant::now() >= deadline);
        loop {
            if out_of_time(deadline) || (deadline.is_none() && self.report.grids >= MAX_GRIDS) {
                return Err(self.failure(deadline.is_some()));
            }
            let Some(grid) = self.engine.fresh(rng, deadline) else {
                continue;
            };
            self.report.grids += 1;
            let peers = CluePeers::new(grid.geometry(), &self.cells);
            let Some(puzzle) = self.climb(&grid, &peers, rng, deadline) else {
                continue;
            };
            let judged = self
                .judge(puzzle, deadline)
                .map_err(|error| self.timed_out(error, deadline))?;
            if judged.distance == MET {
                return Ok((judged.puzzle, judged.solution, judged.grading));
            }
            if let Some(found) = self
                .walk(judged, &peers, rng, deadline)
                .map_err(|error| self.timed_out(error, deadline))?
            {
                return Ok((found.puzzle, found.solution, found.grading));
            }
        }
    }

    /// A grading that ran out of time is the search running out of time.
    fn timed_out(&self, error: Error, deadline: Option<Instant>) -> Error {
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            self.failure(true)
        } else {
            error
        }
    }

    /// The mask filled from `grid`, its clues changed one at a time until exactly one
    /// solution is left; `None` when the climb stalls or the deadline passes.
    fn climb(
        &mut self,
        grid: &VariantGrid,
        peers: &CluePeers,
        rng: &mut RandomStream,
        deadline: Option<Instant>,
    ) -> Option<VariantGrid> {
        let mut puzzle = VariantGrid::empty(Arc::clone(grid.geometry()));
        for &cell in &self.cells {
            puzzle.set(cell, grid.get(cell));
        }
        // What is left to settle: solutions beyond the first (counted up to one more than
        // `at_most`), or cells singles leave open.
        let left = |search: &mut Self, puzzle: &VariantGrid, at_most: usize| -> Option<usize> {
            search.report.clue_sets += 1;
            match search.objective {
                Objective::Solutions => match search.engine.count(puzzle, at_most + 2) {
                    0 => None,
                    count => Some(count - 1),
                },
                Objective::Singles(naked) => open_after_singles(puzzle, naked),
            }
        };
        let mut current = left(self, &puzzle, COUNT_CAP - 2).unwrap_or(usize::MAX);
        let mut stalled = 0;
        while current > 0 {
            if stalled >= STALL || deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return None;
            }
            stalled += 1;
            let Some((at, value)) = peers.random_change(&puzzle, &self.cells, rng) else {
                continue;
            };
            let cell = self.cells[at];
            let before = puzzle.get(cell);
            puzzle.set(cell, value);
            // Counting stops one past the current count, or at the cap.
            let saturated = current >= COUNT_CAP - 1;
            let bound = if saturated { COUNT_CAP - 2 } else { current };
            match left(self, &puzzle, bound) {
                Some(after) if after <= current || saturated => {
                    if after < current {
                        stalled = 0;
                    }
                    current = after;
                }
                _ => puzzle.set(cell, before),
            }
        }
        match self.objective {
            Objective::Solutions => Some(puzzle),
            // Singles that fill every cell prove the one solution; the count checks it.
            Objective::Singles(_) => {
                self.report.clue_sets += 1;
                (self.engine.count(&puzzle, 2) == 1).then_some(puzzle)
            }
        }
    }

    /// A unique puzzle graded, and its distance from the request.
    fn judge(
        &mut self,
        puzzle: VariantGrid,
        deadline: Option<Instant>,
    ) -> Result<Judged<E::Grading>> {
        let solution = self.engine.solution(&puzzle)?;
        let stop_above = self
            .range
            .map(|range| range.max)
            .filter(|&max| max < TRIAL_AND_ERROR_RATING);
        let grading = self.engine.grade(
            &puzzle,
            &solution,
            stop_above,
            self.request.record_steps,
            deadline,
        )?;
        let (rating, complete) = E::rating(&grading);
        self.report.rated(rating);
        // A grading stopped above the range has a rating above it (a lower bound).
        let off_rating = match self.range {
            None => 0,
            Some(range) if rating < range.min => range.min - rating,
            Some(range) if !complete => rating.saturating_sub(range.max).max(1),
            Some(range) => rating.saturating_sub(range.max),
        };
        let mut distance = (off_rating, 0, 0, 0);
        if off_rating == 0 {
            self.report.in_range += 1;
            if self.request.minimal {
                distance.2 = self.removable(&puzzle);
            }
            distance.3 = self
                .request
                .condition
                .as_ref()
                .map_or(0, |condition| (condition.shortfall)(&grading));
        } else {
            // Too hard for a range of singles: how far the singles get is the better guide
            // (every rating above the range is alike to it).
            if let (Some(naked), Some(range)) = (self.singles, self.range)
                && rating > range.max
                && let Some(open) = open_after_singles(&puzzle, naked)
                && open > 0
            {
                distance = (1, open as u16, 0, 0);
            }
            distance.2 = u16::from(self.request.minimal);
        }
        Ok(Judged {
            puzzle,
            solution,
            grading,
            distance,
        })
    }

    /// How many givens could go with the puzzle staying unique.
    fn removable(&mut self, puzzle: &VariantGrid) -> u16 {
        let mut fewer = puzzle.clone();
        let mut removable = 0;
        for &cell in &self.cells {
            let value = fewer.get(cell);
            fewer.set(cell, 0);
            if self.engine.count(&fewer, 2) == 1 {
                removable += 1;
            }
            self.report.clue_sets += 1;
            fewer.set(cell, value);
        }
        removable
    }

    /// From a unique puzzle, one clue changed at a time: changes that leave it unique and
    /// no further from the request are kept, until it meets the request or the moves run
    /// out (`None`).
    fn walk(
        &mut self,
        mut current: Judged<E::Grading>,
        peers: &CluePeers,
        rng: &mut RandomStream,
        deadline: Option<Instant>,
    ) -> Result<Option<Judged<E::Grading>>> {
        for _ in 0..WALK_MOVES {
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return Ok(None);
            }
            let Some((at, value)) = peers.random_change(&current.puzzle, &self.cells, rng) else {
                continue;
            };
            let mut next = current.puzzle.clone();
            next.set(self.cells[at], value);
            self.report.clue_sets += 1;
            if self.engine.count(&next, 2) != 1 {
                continue;
            }
            let judged = self.judge(next, deadline)?;
            if judged.distance == MET {
                return Ok(Some(judged));
            }
            if judged.distance <= current.distance {
                current = judged;
            }
        }
        Ok(None)
    }

    /// Why the search failed, with what it tried and what to change.
    fn failure(&self, timed: bool) -> Error {
        let report = &self.report;
        let request = self.request;
        let wanted = match (request.target, self.range) {
            (Some(RatingTarget::Tier(tier)), Some(range)) => format!("{tier} ({range}) "),
            (_, Some(range)) => format!("{range} "),
            _ => String::new(),
        };
        let minimal = if request.minimal { "minimal " } else { "" };
        let when = if timed {
            "in the time allowed".to_string()
        } else {
            format!("from {} solution grids", report.grids)
        };
        let condition = request
            .condition
            .as_ref()
            .map_or(String::new(), |condition| {
                format!(" {}", condition.described)
            });
        let mut message = format!(
            "could not make a {minimal}{wanted}sudoku{condition} on the pattern {} ({} givens) {when}: {} clue sets tried on {} solution grids, {} unique",
            request.name,
            request.pattern.len(),
            report.clue_sets,
            report.grids,
            report.unique
        );
        if let Some((low, high)) = report.ratings {
            let format = crate::sudoku::grade::format_rating;
            message.push_str(&format!(", rated {} to {}", format(low), format(high)));
        }
        let hint = if report.unique == 0 {
            "this pattern may admit no unique puzzle: mark more cells, or spread them so that every row, column and box has a few; or allow more time with --max-seconds".to_string()
        } else if let (Some(range), Some((low, high))) = (self.range, report.ratings) {
            if high < range.min {
                "puzzles on this pattern came out easier: ask for an easier tier, use a pattern with fewer cells, or allow more time with --max-seconds".to_string()
            } else if low > range.max {
                "puzzles on this pattern came out harder: ask for a harder tier, use a pattern with more cells, or allow more time with --max-seconds".to_string()
            } else if request.minimal {
                format!(
                    "{} were rated within the range but none was minimal: leave out --minimal, use a pattern with fewer cells, or allow more time with --max-seconds",
                    report.in_range
                )
            } else if request.condition.is_some() && report.in_range == 0 {
                format!(
                    "none was rated {}, as the techniques asked for need: allow more time with --max-seconds, use a pattern with more or fewer cells, or ask for another technique",
                    range
                )
            } else if request.condition.is_some() {
                format!(
                    "{} were rated within the range but none met the techniques asked for: allow more time with --max-seconds, use a pattern with more or fewer cells, or ask for another technique",
                    report.in_range
                )
            } else {
                "allow more time with --max-seconds, or ask for a wider rating range".to_string()
            }
        } else if request.minimal {
            "none was minimal: leave out --minimal, use a pattern with fewer cells, or allow more time with --max-seconds".to_string()
        } else {
            "allow more time with --max-seconds".to_string()
        };
        Error::runtime(message).with_hint(hint)
    }
}

/// For each cell of the mask, the mask's other cells that share a house with it: the
/// clues a new value must not repeat.
struct CluePeers {
    /// Indices into the mask's cells, `start[i]..start[i + 1]` for cell `i`.
    peers: Vec<u16>,
    start: Vec<u32>,
    all_values: u16,
}

impl CluePeers {
    fn new(geometry: &Geometry, cells: &[usize]) -> CluePeers {
        let mut peers = Vec::new();
        let mut start = vec![0u32];
        for &cell in cells {
            let seen = geometry.peer_set(cell);
            peers.extend(
                cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &other)| seen.contains(other))
                    .map(|(index, _)| index as u16),
            );
            start.push(peers.len() as u32);
        }
        CluePeers {
            peers,
            start,
            all_values: geometry.size().all_digits(),
        }
    }

    /// A random clue of the mask (its index among the mask's cells) and a value for it
    /// other than its own that no clue peer holds; `None` when the drawn clue has none.
    fn random_change(
        &self,
        puzzle: &VariantGrid,
        cells: &[usize],
        rng: &mut RandomStream,
    ) -> Option<(usize, u8)> {
        let at = rng.below(cells.len() as u32) as usize;
        let mut taken = 1u16 << (puzzle.get(cells[at]) - 1);
        for &peer in &self.peers[self.start[at] as usize..self.start[at + 1] as usize] {
            taken |= 1 << (puzzle.get(cells[usize::from(peer)]) - 1);
        }
        let free = self.all_values & !taken;
        if free == 0 {
            return None;
        }
        let mut pick = rng.below(free.count_ones());
        let mut values = free;
        loop {
            let value = values.trailing_zeros() as u8 + 1;
            if pick == 0 {
                return Some((at, value));
            }
            pick -= 1;
            values &= values - 1;
        }
    }
}

/// The cells a clue set's singles leave open: hidden singles in every house (a house's
/// last cell among them) and, with `naked`, naked singles, placed until none is left.
/// `None` when they run into a contradiction (a cell or a house without a place for a
/// digit). Zero means the singles fill the grid, which proves it the one solution.
fn open_after_singles(puzzle: &VariantGrid, naked: bool) -> Option<usize> {
    let geometry = puzzle.geometry();
    let cells = geometry.cells();
    let all = geometry.size().all_digits();
    let mut candidates = [all; MAX_CELLS];
    let mut placed = [false; MAX_CELLS];
    let mut open = cells;
    let mut queue: Vec<(usize, u8)> = (0..cells)
        .filter(|&cell| puzzle.get(cell) != 0)
        .map(|cell| (cell, puzzle.get(cell)))
        .collect();
    loop {
        while let Some((cell, value)) = queue.pop() {
            let bit = 1u16 << (value - 1);
            if placed[cell] {
                if candidates[cell] != bit {
                    return None;
                }
                continue;
            }
            if candidates[cell] & bit == 0 {
                return None;
            }
            placed[cell] = true;
            candidates[cell] = bit;
            open -= 1;
            for &peer in geometry.peers(cell) {
                let peer = usize::from(peer);
                candidates[peer] &= !bit;
                if candidates[peer] == 0 {
                    return None;
                }
            }
        }
        if open == 0 {
            return Some(0);
        }
        for house in 0..geometry.house_count() {
            let (mut once, mut twice, mut held) = (0u16, 0u16, 0u16);
            for &cell in geometry.house(house) {
                let mask = candidates[usize::from(cell)];
                if placed[usize::from(cell)] {
                    held |= mask;
                } else {
                    twice |= once & mask;
                    once |= mask;
                }
            }
            if (once | held) != all {
                return None;
            }
            let mut single = once & !twice & !held;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single &= single - 1;
                let cell = geometry
                    .house(house)
                    .iter()
                    .map(|&cell| usize::from(cell))
                    .find(|&cell| !placed[cell] && candidates[cell] & bit != 0)
                    .expect("a digit seen once has its cell");
                queue.push((cell, bit.trailing_zeros() as u8 + 1));
            }
        }
        if naked {
            for cell in 0..cells {
                if !placed[cell] && candidates[cell].count_ones() == 1 {
                    queue.push((cell, candidates[cell].trailing_zeros() as u8 + 1));
                }
            }
        }
        if queue.is_empty() {
            return Some(open);
        }
    }
}
