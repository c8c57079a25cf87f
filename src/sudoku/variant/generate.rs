//! The seeded generator for every variant: a layout (jigsaw), a random solution grid, then
//! clue removal orbit by orbit while the solution stays unique.
//!
//! As in the classic generator, an orbit is removed when the exact solver finds no grid
//! that fits the remaining clues and differs from the known solution in a removed cell;
//! taking clues away never removes solutions, so one pass leaves a puzzle minimal for its
//! symmetry (except where a proof ran out of its budget and the clues stayed). Everything
//! is drawn from the stream, so a stream gives one puzzle.

use std::fmt;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Instant;

use super::geometry::{CellSet, Geometry, Size, Variant};
use super::grid::VariantGrid;
use super::jigsaw::random_layout;
use super::singles::{Singles, SinglesDig};
use super::solver::{SearchState, random_solution};
use super::symmetry::{Orbits, orbits};
use super::unavoidable::UnavoidableSets;
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::{ClueRange, Symmetry};

/// How many layouts and solution grids a request may try.
pub const DEFAULT_MAX_ATTEMPTS: u32 = 500;

/// Positions a uniqueness check may visit before the clue it tests is kept (left unproven
/// rather than searched for seconds: sparse 12×12 and 16×16 jigsaws can take millions).
const CHECK_BUDGET: u64 = 5_000;

/// Positions a random fill may visit before it is given up (a regular grid always fills).
const FILL_BUDGET: u64 = 20_000;

/// Positions a random fill of a jigsaw layout may visit before the layout is given up as
/// hard to fill: most layouts fill in a few hundred, and a fresh layout is cheaper than a
/// long search (measured: 9×9 jigsaws 28 % faster than with the regular budget).
const JIGSAW_FILL_BUDGET: u64 = 2_000;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantOptions {
    pub size: Size,
    pub variant: Variant,
    pub symmetry: Symmetry,
    /// `None`: minimal for the symmetry.
    pub clues: Option<ClueRange>,
    pub max_attempts: u32,
}

/// A generated puzzle with its unique solution (the same geometry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGenerated {
    pub puzzle: VariantGrid,
    pub solution: VariantGrid,
}

impl VariantOptions {
    /// Options with the variant's default symmetry (`none` for jigsaw, `rot180` otherwise).
    pub fn new(size: Size, variant: Variant) -> VariantOptions {
        VariantOptions {
            size,
            variant,
            symmetry: default_symmetry(variant),
            clues: None,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
        }
    }

    /// Checks that the size, variant, symmetry and clue range go together.
    pub fn check(&self) -> Result<()> {
        self.variant.check_size(self.size)?;
        if self.variant == Variant::Jigsaw
            && !matches!(self.symmetry, Symmetry::None | Symmetry::Rot180)
        {
            return Err(Error::input(format!(
                "a jigsaw puzzle cannot have symmetry {}: its regions are irregular",
                self.symmetry
            ))
            .with_hint(
                "use symmetry none (the default) or rot180 (a half-turn symmetric layout)",
            ));
        }
        if let Some(clues) = self.clues {
            check_clues(clues, self.size)?;
        }
        Ok(())
    }

    /// The options as seed-path parts: `size=6x6`, `variant=x`, `symmetry=…` [, `clues=…`].
    pub fn seed_path(&self) -> Vec<String> {
        let mut path = vec![
            format!("size={}", self.size),
            format!("variant={}", self.variant),
            format!("symmetry={}", self.symmetry),
        ];
        if let Some(clues) = self.clues {
            path.push(format!("clues={clues}"));
        }
        path
    }
}

/// The symmetry a variant's puzzles have unless asked otherwise.
pub fn default_symmetry(variant: Variant) -> Symmetry {
    match variant {
        Variant::Jigsaw => Symmetry::None,
        _ => Symmetry::Rot180,
    }
}

/// Parses a clue range for a size (the classic parser's syntax, bounded by the cells).
pub fn parse_clues(text: &str, size: Size) -> Result<ClueRange> {
    let range = parse_range(text, size.cells())?;
    check_clues(range, size)?;
    Ok(range)
}

/// Reads the syntax of a clue range, `MIN..MAX` (also `N`, `MIN..`, `..MAX`); an open end
/// stops at `cells`.
pub fn parse_range(text: &str, cells: usize) -> Result<ClueRange> {
    let bad = || {
        Error::input(format!("invalid clue range {text:?}"))
            .with_hint("write MIN..MAX with whole numbers, e.g. 24..28 (also 25, 22.., ..30)")
    };
    let number = |part: &str, default: usize| -> Result<usize> {
        let part = part.trim();
        if part.is_empty() {
            Ok(default)
        } else {
            part.parse().map_err(|_| bad())
        }
    };
    let (min, max) = match text.split_once("..") {
        Some((low, high)) => (
            number(low, 0)?,
            number(high.trim_start_matches('='), cells)?,
        ),
        None => {
            let exact = number(text, usize::MAX)?;
            (exact, exact)
        }
    };
    if min > max {
        return Err(Error::input(format!(
            "clue range {text:?} is empty: {min} is more than {max}"
        )));
    }
    Ok(ClueRange { min, max })
}

fn check_clues(range: ClueRange, size: Size) -> Result<()> {
    if range.max > size.cells() {
        return Err(Error::input(format!(
            "clue range {range} goes past {}, the number of cells of a {size} sudoku",
            size.cells()
        )));
    }
    if range.max < size.side() - 1 {
        return Err(Error::input(format!(
            "a {size} sudoku needs at least {} clues to have one solution, so {range} cannot be met",
            size.side() - 1
        )));
    }
    Ok(())
}

/// The geometry of one attempt: fixed, or a fresh jigsaw layout.
fn draw_geometry(options: &VariantOptions, rng: &mut RandomStream) -> Option<Arc<Geometry>> {
    if options.variant != Variant::Jigsaw {
        return Some(regular_geometry(options.size, options.variant));
    }
    let symmetric = options.symmetry == Symmetry::Rot180;
    let regions = random_layout(options.size, symmetric, rng)?;
    let labels: Vec<u8> = regions.iter().map(|&region| b'a' + region).collect();
    Geometry::jigsaw(options.size, &labels).ok().map(Arc::new)
}

/// A random solution grid of one attempt: on a fresh layout for jigsaw. `None` when the
/// fill runs out of its budget (a jigsaw layout may be hard to fill) or the deadline passes.
pub(crate) fn fresh_solution(
    options: &VariantOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Option<VariantGrid> {
    let geometry = draw_geometry(options, rng)?;
    let budget = if options.variant == Variant::Jigsaw {
        JIGSAW_FILL_BUDGET
    } else {
        FILL_BUDGET
    };
    random_solution(&geometry, rng, budget, deadline)
}

/// The geometry of a regular size and variant, built once per thread and shared after.
pub fn regular_geometry(size: Size, variant: Variant) -> Arc<Geometry> {
    thread_local! {
        static BUILT: std::cell::RefCell<Vec<Arc<Geometry>>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUILT.with(|built| {
        let mut built = built.borrow_mut();
        if let Some(geometry) = built
            .iter()
            .find(|geometry| geometry.size() == size && geometry.variant() == variant)
        {
            return Arc::clone(geometry);
        }
        let geometry = Arc::new(Geometry::regular(size, variant).expect("checked options"));
        built.push(Arc::clone(&geometry));
        geometry
    })
}

/// Decides clue removals for one solution grid: a removal that empties one of the grid's
/// unavoidable sets is refused at once, one the clues force is kept without a search.
pub struct UniquenessCheck<'s> {
    solution: &'s VariantGrid,
    unavoidable: UnavoidableSets,
}

impl<'s> UniquenessCheck<'s> {
    /// A check for puzzles of `solution` (complete and valid).
    pub fn new(solution: &'s VariantGrid) -> UniquenessCheck<'s> {
        UniquenessCheck {
            solution,
            unavoidable: UnavoidableSets::of_solution(solution),
        }
    }

    /// True when no grid other than the solution fits `puzzle`, knowing that any other
    /// must differ from it in one of the `changed` cells. False also when the proof would
    /// need more than [`CHECK_BUDGET`] search positions: the caller then keeps the clues.
    pub fn keeps_unique(&self, puzzle: &VariantGrid, changed: &[usize]) -> bool {
        let solution = self.solution;
        if forced_by_clues(puzzle, solution, changed) {
            return true;
        }
        let clues: CellSet = (0..puzzle.cells().len())
            .filter(|&cell| puzzle.get(cell) != 0)
            .collect();
        if self.unavoidable.missed_by(clues) {
            return false;
        }
        let locking = proofs_lock_candidates(puzzle.geometry());
        let Some(state) = SearchState::from_grid_locking(puzzle, locking) else {
            return false;
        };
        if state.is_solved() {
            return true;
        }
        changed.iter().all(|&cell| {
            let mut excluded = state;
            excluded.eliminate(cell, solution.get(cell));
            excluded.solvable_near_within(solution.cells(), CHECK_BUDGET) == Some(false)
        })
    }
}

/// Whether uniqueness proofs on a geometry propagate locked candidates as well as singles.
/// Measured per puzzle: without them, regular 12×12 is 14 % faster and 8×8 X 17 %; with
/// them, 9×9 jigsaw is 40 % faster, 12×12 jigsaw 20 %, 16×16 17 % and windoku 13 %.
/// (Proofs reach the same answers either way, but a proof stopped by its budget may not.)
fn proofs_lock_candidates(geometry: &Geometry) -> bool {
    match geometry.variant() {
        Variant::Jigsaw | Variant::Windoku => true,
        Variant::X => geometry.side() >= 12,
        Variant::Classic => geometry.side() >= 16,
    }
}

/// True when the clues alone force each changed cell's solution value: no other value is
/// left to it by the clues it sees (a naked single), or every other cell of one of its
/// houses is a clue or sees a clue of that value (a hidden single). Then every grid that
/// fits `puzzle` agrees with `solution` in the changed cells, so it fits the puzzle with
/// them given, whose only grid is `solution`: a check far cheaper than a search, which
/// settles most removals while the grid is still full of clues.
pub fn forced_by_clues(puzzle: &VariantGrid, solution: &VariantGrid, changed: &[usize]) -> bool {
    let geometry = puzzle.geometry();
    let all_digits = geometry.size().all_digits();
    let sees_value = |cell: usize, value: u8| {
        geometry
            .peers(cell)
            .iter()
            .any(|&peer| puzzle.get(usize::from(peer)) == value)
    };
    changed.iter().all(|&cell| {
        let value = solution.get(cell);
        let seen = geometry.peers(cell).iter().fold(0u16, |seen, &peer| {
            match puzzle.get(usize::from(peer)) {
                0 => seen,
                clue => seen | 1 << (clue - 1),
            }
        });
        seen | 1 << (value - 1) == all_digits
            || geometry.houses_of(cell).iter().any(|&house| {
                geometry.house(usize::from(house)).iter().all(|&other| {
                    let other = usize::from(other);
                    other == cell || puzzle.get(other) != 0 || sees_value(other, value)
                })
            })
    })
}

/// The clue orbits a dig took out, in the order they went.
pub struct RemovedOrbits {
    orbits: Orbits,
    /// Indices into `orbits`.
    order: Vec<usize>,
}

impl RemovedOrbits {
    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The first `count` orbits taken out.
    pub fn first(&self, count: usize) -> impl Iterator<Item = &[usize]> {
        self.order[..count]
            .iter()
            .map(|&at| self.orbits[at].as_slice())
    }
}

/// What a clue removal must keep for the digging to take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removals {
    /// The one solution, proven by the exact solver: the puzzle ends minimal.
    KeepUnique,
    /// Singles filling the removed cells back in: the puzzle ends as easy as they are
    /// (and so unique) without a search.
    KeepSingles(Singles),
}

/// Removes clue orbits in random order while the solution stays unique, never below
/// `min_clues`. `None` when the deadline passes.
pub fn dig(
    solution: &VariantGrid,
    symmetry: Symmetry,
    min_clues: usize,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Option<VariantGrid> {
    dig_in_order(solution, symmetry, min_clues, rng, deadline).map(|(puzzle, _)| puzzle)
}

/// [`dig`], also returning the orbits removed, in the order they went: putting back the
/// last ones gives the easier puzzles met on the way.
pub fn dig_in_order(
    solution: &VariantGrid,
    symmetry: Symmetry,
    min_clues: usize,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Option<(VariantGrid, RemovedOrbits)> {
    dig_keeping(
        solution,
        Removals::KeepUnique,
        symmetry,
        min_clues,
        rng,
        deadline,
    )
}

/// What decides each removal of one digging pass.
enum Keeper<'s> {
    Unique(UniquenessCheck<'s>),
    Singles(SinglesDig<'s>),
}

/// [`dig_in_order`] with removals kept by `rule`.
fn dig_keeping(
    solution: &VariantGrid,
    rule: Removals,
    symmetry: Symmetry,
    min_clues: usize,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Option<(VariantGrid, RemovedOrbits)> {
    let orbits = orbits(symmetry, solution.geometry().side());
    let mut removed = RemovedOrbits {
        orbits: Rc::clone(&orbits),
        order: Vec::with_capacity(orbits.len()),
    };
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    rng.shuffle(&mut order);
    let mut puzzle = solution.clone();
    let mut keeper = match rule {
        Removals::KeepUnique => Keeper::Unique(UniquenessCheck::new(solution)),
        Removals::KeepSingles(singles) => Keeper::Singles(SinglesDig::new(solution, singles)),
    };
    let mut clues = puzzle.cells().len();
    for (index, &at) in order.iter().enumerate() {
        let orbit = &orbits[at];
        // The clock is read every few orbits, not before the first: a check takes
        // microseconds, and a small grid's whole dig a few.
        if index % 8 == 7 && deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return None;
        }
        if clues < min_clues + orbit.len() {
            continue;
        }
        for &cell in orbit {
            puzzle.set(cell, 0);
        }
        let kept = match &mut keeper {
            Keeper::Unique(check) => check.keeps_unique(&puzzle, orbit),
            Keeper::Singles(dig) => dig.remove_if_filled(orbit),
        };
        if kept {
            clues -= orbit.len();
            removed.order.push(at);
        } else {
            for &cell in orbit {
                puzzle.set(cell, solution.get(cell));
            }
        }
    }
    Some((puzzle, removed))
}

/// Generates one puzzle from the stream. Fails (run-time error) when `max_attempts`
/// attempts miss the clue range or the deadline passes.
pub fn generate(
    options: &VariantOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<VariantGenerated> {
    generate_in_order(options, rng, deadline).map(|(generated, _)| generated)
}

/// [`generate`], also returning the orbits removed in order (see [`dig_in_order`]).
pub fn generate_in_order(
    options: &VariantOptions,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(VariantGenerated, RemovedOrbits)> {
    generate_keeping(options, Removals::KeepUnique, rng, deadline)
}

/// [`generate_in_order`] with removals kept by `rule`.
pub fn generate_keeping(
    options: &VariantOptions,
    rule: Removals,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(VariantGenerated, RemovedOrbits)> {
    options.check()?;
    let min_clues = options.clues.map_or(0, |range| range.min);
    for attempt in 0..options.max_attempts {
        // Not before the first attempt, whose dig reads the clock itself: a small grid's
        // whole attempt takes microseconds.
        if attempt > 0 && deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(out_of_time(options));
        }
        let Some(solution) = fresh_solution(options, rng, deadline) else {
            continue;
        };
        let Some((puzzle, removed)) =
            dig_keeping(&solution, rule, options.symmetry, min_clues, rng, deadline)
        else {
            return Err(out_of_time(options));
        };
        if options
            .clues
            .is_none_or(|range| range.contains(puzzle.clue_count()))
        {
            return Ok((VariantGenerated { puzzle, solution }, removed));
        }
    }
    Err(Error::runtime(format!(
        "could not make a {} with {} clues and symmetry {} in {} attempts",
        Described(options),
        options
            .clues
            .map_or_else(|| "any number of".to_string(), |range| range.to_string()),
        options.symmetry,
        options.max_attempts
    ))
    .with_hint("widen the clue range, or leave it out for minimal puzzles"))
}

fn out_of_time(options: &VariantOptions) -> Error {
    Error::runtime(format!("ran out of time making a {}", Described(options)))
        .with_hint("allow more time with --max-seconds, or ask for an easier puzzle")
}

/// `6x6 sudoku`, `9x9 jigsaw sudoku`.
struct Described<'a>(&'a VariantOptions);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.variant {
            Variant::Classic => write!(f, "{} sudoku", self.0.size),
            variant => write!(f, "{} {variant} sudoku", self.0.size),
        }
    }
}
