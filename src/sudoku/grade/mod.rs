//! Grading by human technique: an easiest-first logical solver rated on the Sudoku
//! Explainer (SE) scale.
//!
//! The solver reproduces SE's solve loop (SukakuExplainer's default technique set and
//! order): at every step the techniques are tried in a fixed order and the first one that
//! makes progress is applied. A puzzle's rating is the highest rating of the steps taken
//! (SE's "ER"), and its [`Tier`] follows from the rating. When no technique applies — which
//! the chaining rules make rare — a digit is taken from the exact solution, the step is
//! reported as trial and error and the puzzle is flagged.
//!
//! Stages: [`board`] holds the candidates, `basic`/`links`/`wings`/`uniqueness`/`aligned`
//! find the non-chaining techniques, [`chaining`] the forcing chains, and the driver here
//! strings them together. [`generate`] makes puzzles to a requested tier or rating range.

pub mod accuracy;
pub mod board;
pub mod chaining;
pub mod drill;
pub mod exact;
pub mod generate;
pub mod hint;
pub mod needed;
pub mod nudge;
pub mod target;
pub mod tier;
pub mod walkthrough;

pub mod aligned;
pub mod basic;
pub mod links;
pub mod seeded;
pub mod uniqueness;
pub mod wings;

use std::time::Instant;

pub use self::board::ExtraHouses;
use self::board::{Board, cells_of, digits_of};
use self::chaining::{ChainEngine, ChainRule, Position};
use self::hint::{Eliminations, Hint};
use crate::error::{Error, Result};
use crate::sudoku::grid::{Grid, cell_name};
use crate::sudoku::solver::{Solution, solve};

pub use self::generate::{GradedOptions, GradedPuzzle, RatingTarget, generate_graded};
pub use self::hint::{TRIAL_AND_ERROR_RATING, Technique};
pub use self::target::TechniqueTarget;
pub use self::tier::{MAX_RATING, RatingRange, Tier, format_rating, parse_rating};

/// A set of techniques the solver may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TechniqueSet(u64);

impl TechniqueSet {
    /// Techniques SukakuExplainer added to its default set in January 2020 (4 strong-linked
    /// fishes was unticked before; the UVWXYZ- and TUVWXYZ-wings did not exist). The
    /// sudoku-exchange puzzle bank was rated by a release from before then.
    pub const ADDED_IN_2020: [Technique; 3] = [
        Technique::FourStrongLinks,
        Technique::UVWXYZWing,
        Technique::TUVWXYZWing,
    ];

    /// No technique: every step is trial and error.
    pub fn empty() -> TechniqueSet {
        TechniqueSet(0)
    }

    /// Every technique the grader knows.
    pub fn all() -> TechniqueSet {
        TechniqueSet(u64::MAX)
    }

    /// Sudoku Explainer's default set, as `serate` (SukakuExplainer 362854e) uses it: every
    /// technique but the generalized intersections, which classic grids never need.
    pub fn se_default() -> TechniqueSet {
        TechniqueSet::all().without(Technique::GeneralizedIntersection)
    }

    /// SukakuExplainer's default set before January 2020: [`TechniqueSet::ADDED_IN_2020`]
    /// left out. Grades the puzzles of that era's ratings (the sudoku-exchange puzzle bank).
    pub fn se_2019() -> TechniqueSet {
        TechniqueSet::ADDED_IN_2020
            .into_iter()
            .fold(TechniqueSet::se_default(), |set, technique| {
                set.without(technique)
            })
    }

    /// The set actually used on a geometry. Classic grids never use generalized
    /// intersections (pointing and claiming find them first). With extra houses SE's
    /// generalized intersections stand in for pointing and claiming.
    fn for_houses(self, extra: ExtraHouses) -> TechniqueSet {
        if extra.is_none() || !self.contains(Technique::Pointing) {
            self.without(Technique::GeneralizedIntersection)
        } else {
            self.without(Technique::Pointing)
                .with(Technique::GeneralizedIntersection)
        }
    }

    pub fn contains(self, technique: Technique) -> bool {
        self.0 & (1 << technique as u64) != 0
    }

    pub fn with(self, technique: Technique) -> TechniqueSet {
        TechniqueSet(self.0 | 1 << technique as u64)
    }

    pub fn without(self, technique: Technique) -> TechniqueSet {
        TechniqueSet(self.0 & !(1 << technique as u64))
    }

    /// True when the two sets share a technique.
    pub fn intersects(self, other: TechniqueSet) -> bool {
        self.0 & other.0 != 0
    }
}

/// Techniques a grading waits for, and the room a position must have for one of their
/// steps (see [`Room`]): once a position has no room left before any of them has been
/// used, none of them can be (the room only shrinks as digits are placed), so a generator
/// that wants them gives the puzzle up there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Awaited {
    pub techniques: TechniqueSet,
    pub room: Room,
}

/// What a position needs before the grader can take a step of a technique: the grader
/// tries the smaller of two complementary patterns first, so the larger ones need room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// A house with at least this many empty cells (a naked set of `n` cells in a house of
    /// `k` empty cells is a hidden set of `k - n` digits, with the same eliminations).
    EmptyHouse(u32),
    /// A digit placed at most this many times (a fish of `n` rows on a digit still to
    /// place in `k` rows is a fish of `k - n` columns, with the same eliminations).
    RareDigit(usize),
}

impl Room {
    /// True when the classic board still has the room.
    pub fn holds(self, board: &Board) -> bool {
        match self {
            Room::EmptyHouse(cells) => board::HOUSE_SETS[..27]
                .iter()
                .any(|&house| (board.empty & house).count_ones() >= cells),
            Room::RareDigit(most) => {
                let mut placed = [0usize; 10];
                for &value in &board.values {
                    placed[usize::from(value)] += 1;
                }
                placed[1..].iter().any(|&count| count <= most)
            }
        }
    }
}

impl Default for TechniqueSet {
    fn default() -> TechniqueSet {
        TechniqueSet::se_default()
    }
}

/// How to grade.
#[derive(Clone, Debug, Default)]
pub struct GradeOptions {
    /// Keep every step (for `--explain` and JSON output). Off, grading allocates little.
    pub record_steps: bool,
    /// Stop as soon as a step rates above this (in tenths): the grading is then marked
    /// incomplete and its rating is that step's. Generators use it to reject early.
    pub stop_above: Option<u16>,
    /// With [`GradeOptions::stop_above`] (and without `record_steps`): leave out the
    /// techniques that only rate above the limit, and that no technique within it follows
    /// in the solve loop's order. Where none of the others applies, the grading stops
    /// there, incomplete, named after the first technique left out and rated at the lowest
    /// rating any of them can have, without searching for the step (chains, above all,
    /// cost far more than the steps before them). Generators that only ask whether a
    /// puzzle stays within a rating use it.
    pub skip_above_limit: bool,
    /// Stop, incomplete, at the first position with no room for these techniques while
    /// none of them has been used (generators that want them).
    pub awaited: Option<Awaited>,
    /// Give up (with a run-time error) when grading is still going at this moment.
    pub deadline: Option<Instant>,
    /// The techniques to use (default: Sudoku Explainer's default set).
    pub techniques: TechniqueSet,
    /// Houses beyond rows, columns and boxes (X-sudoku, windoku): the solution, the
    /// candidates and every technique respect them, as SukakuExplainer's `--isX` and
    /// `--isWindows` do.
    pub extra_houses: ExtraHouses,
}

/// One step of the solve path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// The name shown for the step (more precise than the technique's, e.g.
    /// "Unique Loop 6 type 2").
    pub name: String,
    /// The step's SE rating in tenths.
    pub rating_tenths: u16,
    /// Digits placed: (cell 0-80, digit 1-9).
    pub placements: Vec<(u8, u8)>,
    /// Candidates removed: (cell 0-80, digit 1-9).
    pub eliminations: Vec<(u8, u8)>,
    /// The cells of the pattern, ascending.
    pub cells: Vec<u8>,
    /// The digits of the pattern, ascending.
    pub digits: Vec<u8>,
    /// A sentence for humans.
    pub explanation: String,
}

/// The result of grading a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grading {
    /// The highest step rating (SE's ER), in tenths.
    pub rating_tenths: u16,
    pub tier: Tier,
    /// The technique of the hardest step (the first one when several tie).
    pub hardest: Technique,
    /// The name of the hardest step.
    pub hardest_name: String,
    /// The techniques of the steps taken (up to the early stop, when there was one).
    pub used: TechniqueSet,
    /// True when some step had to take a digit from the solution.
    pub trial_and_error: bool,
    /// False when grading stopped early at [`GradeOptions::stop_above`].
    pub complete: bool,
    /// The number of steps taken.
    pub step_count: usize,
    /// The steps, when [`GradeOptions::record_steps`] was set.
    pub steps: Vec<Step>,
    /// The puzzle's unique solution.
    pub solution: Grid,
}

impl Grading {
    /// The rating with one decimal, e.g. "4.2".
    pub fn rating_text(&self) -> String {
        format_rating(self.rating_tenths)
    }
}

/// Grades a puzzle with default options (no step list).
pub fn grade(puzzle: &Grid) -> Result<Grading> {
    grade_with(puzzle, &GradeOptions::default())
}

/// Grades a puzzle. Fails when it does not have exactly one solution, or when the
/// deadline passes.
pub fn grade_with(puzzle: &Grid, options: &GradeOptions) -> Result<Grading> {
    let solved = if options.extra_houses.is_none() {
        solve(puzzle)
    } else {
        exact::solve_in(puzzle, options.extra_houses.geometry())
    };
    let solution = match solved {
        Solution::Unique(solution) => solution,
        Solution::None => {
            return Err(Error::runtime("the puzzle has no solution")
                .with_hint("grading needs a puzzle with exactly one solution"));
        }
        Solution::Multiple(..) => {
            return Err(Error::runtime("the puzzle has more than one solution")
                .with_hint("grading needs a puzzle with exactly one solution"));
        }
    };
    grade_unique(puzzle, &solution, options)
}

/// Grades a puzzle whose unique solution is already known (the generator proves it).
pub fn grade_unique(puzzle: &Grid, solution: &Grid, options: &GradeOptions) -> Result<Grading> {
    let mut board = Board::with_geometry(puzzle, options.extra_houses.geometry());
    let techniques = options.techniques.for_houses(options.extra_houses);
    let (techniques, beyond_limit) = match options.stop_above {
        Some(limit) if options.skip_above_limit && !options.record_steps => {
            within_limit(techniques, limit)
        }
        _ => (techniques, None),
    };
    let mut engine = ChainEngine::new();
    let mut grading = Grading {
        rating_tenths: 0,
        tier: Tier::Easy,
        hardest: Technique::FullHouse,
        hardest_name: Technique::FullHouse.name().to_string(),
        used: TechniqueSet::empty(),
        trial_and_error: false,
        complete: true,
        step_count: 0,
        steps: Vec::new(),
        solution: *solution,
    };
    while !board.is_solved() {
        if options
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Error::runtime("grading ran out of time"));
        }
        if let Some(awaited) = options.awaited
            && !awaited.techniques.intersects(grading.used)
            && !awaited.room.holds(&board)
        {
            grading.complete = false;
            break;
        }
        let hint = match (find_next(&board, techniques, &mut engine), beyond_limit) {
            (Some(hint), _) if is_sound(&hint, &board, solution) => hint,
            (None, Some((skipped, lowest))) => {
                grading.rating_tenths = lowest;
                grading.hardest = skipped;
                grading.hardest_name = skipped.name().to_string();
                grading.complete = false;
                break;
            }
            _ => trial_and_error(&board, solution),
        };
        if hint.technique == Technique::TrialAndError {
            grading.trial_and_error = true;
        }
        if hint.rating > grading.rating_tenths || grading.step_count == 0 {
            grading.rating_tenths = hint.rating.max(grading.rating_tenths);
            grading.hardest = hint.technique;
            grading.hardest_name = hint.display_name();
        }
        grading.step_count += 1;
        grading.used = grading.used.with(hint.technique);
        if options.record_steps {
            grading.steps.push(step_of(&hint, &board));
        }
        if options.stop_above.is_some_and(|limit| hint.rating > limit) {
            grading.complete = false;
            break;
        }
        hint.apply(&mut board);
    }
    if grading.step_count == 0 && grading.complete {
        grading.hardest_name = "Already Solved".to_string();
    }
    grading.tier = if grading.trial_and_error {
        Tier::Extreme
    } else {
        Tier::of_rating(grading.rating_tenths)
    };
    Ok(grading)
}

/// How a technique is looked for: a finder of this module, or a rule of the chaining engine.
#[derive(Clone, Copy)]
pub enum Finder {
    Rule(fn(&Board) -> Option<Hint>),
    Chain(ChainRule),
}

use Finder::{Chain, Rule};

/// The techniques in the order Sudoku Explainer tries them (SukakuExplainer's default set,
/// and the generalized intersections SE uses instead of pointing on grids with extra houses).
pub const FINDERS: [(Technique, Finder); 35] = [
    (Technique::HiddenSingleBox, Rule(basic::hidden_single)),
    (Technique::DirectPointing, Rule(|b| basic::locking(b, true))),
    (
        Technique::DirectHiddenPair,
        Rule(|b| basic::hidden_set(b, 2, true)),
    ),
    (Technique::NakedSingle, Rule(basic::naked_single)),
    (
        Technique::DirectHiddenTriple,
        Rule(|b| basic::hidden_set(b, 3, true)),
    ),
    (Technique::Pointing, Rule(|b| basic::locking(b, false))),
    (
        Technique::GeneralizedIntersection,
        Rule(basic::generalized_intersection),
    ),
    (Technique::NakedPair, Rule(|b| basic::naked_set(b, 2))),
    (Technique::XWing, Rule(|b| basic::fish(b, 2))),
    (
        Technique::HiddenPair,
        Rule(|b| basic::hidden_set(b, 2, false)),
    ),
    (Technique::NakedTriple, Rule(|b| basic::naked_set(b, 3))),
    (Technique::Swordfish, Rule(|b| basic::fish(b, 3))),
    (
        Technique::HiddenTriple,
        Rule(|b| basic::hidden_set(b, 3, false)),
    ),
    (Technique::Skyscraper, Rule(|b| links::strong_links(b, 2))),
    (Technique::XYWing, Rule(|b| wings::xy_wing(b, false))),
    (Technique::XYZWing, Rule(|b| wings::xy_wing(b, true))),
    (Technique::UniqueRectangle, Rule(uniqueness::unique_loops)),
    (Technique::NakedQuad, Rule(|b| basic::naked_set(b, 4))),
    (Technique::Jellyfish, Rule(|b| basic::fish(b, 4))),
    (
        Technique::HiddenQuad,
        Rule(|b| basic::hidden_set(b, 4, false)),
    ),
    (
        Technique::ThreeStrongLinks,
        Rule(|b| links::strong_links(b, 3)),
    ),
    (Technique::WXYZWing, Rule(|b| wings::big_wing(b, 3))),
    (Technique::Bug, Rule(uniqueness::bug)),
    (
        Technique::FourStrongLinks,
        Rule(|b| links::strong_links(b, 4)),
    ),
    (Technique::VWXYZWing, Rule(|b| wings::big_wing(b, 4))),
    (Technique::AlignedPairExclusion, Rule(aligned::aligned_pair)),
    (Technique::UVWXYZWing, Rule(|b| wings::big_wing(b, 5))),
    (Technique::Cycles, Chain(ChainRule::Cycles)),
    (Technique::TUVWXYZWing, Rule(|b| wings::big_wing(b, 6))),
    (
        Technique::AlignedTripletExclusion,
        Rule(aligned::aligned_triplet),
    ),
    (Technique::NishioForcingChain, Chain(ChainRule::Nishio)),
    (Technique::MultipleForcingChain, Chain(ChainRule::Multiple)),
    (Technique::DynamicForcingChain, Chain(ChainRule::Dynamic)),
    (
        Technique::DynamicForcingChainPlus,
        Chain(ChainRule::DynamicPlus),
    ),
    (Technique::NestedForcingChain, Chain(ChainRule::Nested)),
];

/// The lowest rating a step found by `technique`'s finder can have (the single finder
/// also finds full houses).
fn finder_floor(technique: Technique) -> u16 {
    if technique == Technique::HiddenSingleBox {
        Technique::FullHouse.base_rating()
    } else {
        technique.base_rating()
    }
}

/// `techniques` without the finders that only find steps rated above `limit` and come
/// after every finder that may find one within it; with the first finder left out and the
/// lowest rating a step of any left out can have, if any is.
fn within_limit(techniques: TechniqueSet, limit: u16) -> (TechniqueSet, Option<(Technique, u16)>) {
    let mut kept = techniques;
    let mut left_out = None;
    for &(technique, _) in FINDERS.iter().rev() {
        if !techniques.contains(technique) {
            continue;
        }
        let floor = finder_floor(technique);
        if floor <= limit {
            break;
        }
        kept = kept.without(technique);
        let lowest = left_out.map_or(floor, |(_, lowest): (Technique, u16)| lowest.min(floor));
        left_out = Some((technique, lowest));
    }
    (kept, left_out)
}

/// The step SE would take next in this position, if any technique applies.
pub fn next_hint(board: &Board) -> Option<Hint> {
    next_hint_with(board, TechniqueSet::se_default())
}

/// The next step using only the techniques of `techniques`.
pub fn next_hint_with(board: &Board, techniques: TechniqueSet) -> Option<Hint> {
    let techniques = techniques.for_houses(board.geometry.extra);
    find_next(board, techniques, &mut ChainEngine::new())
}

/// The next step, reusing a chaining engine's search buffers across a solve.
fn find_next(board: &Board, techniques: TechniqueSet, engine: &mut ChainEngine) -> Option<Hint> {
    FINDERS
        .iter()
        .filter(|(technique, _)| techniques.contains(*technique))
        .find_map(|(_, finder)| {
            let hint = match *finder {
                Rule(find) => find(board),
                Chain(rule) => chain(board, rule, engine),
            };
            hint.filter(|hint| hint.makes_progress(board))
        })
}

/// Asks the chaining engine for its step with one rule.
fn chain(board: &Board, rule: ChainRule, engine: &mut ChainEngine) -> Option<Hint> {
    let position = Position {
        values: &board.values,
        candidates: &board.candidates,
    };
    let step = engine.find_in(rule, &position, board.geometry.extra)?;
    let technique = Technique::of_chain_rule(rule);
    let mut eliminations = Eliminations::NONE;
    for &(cell, digit) in &step.eliminations {
        if (cell as usize) < 81 && (1..=9).contains(&digit) {
            eliminations.add(cell as usize, 1 << (digit - 1));
        }
    }
    let mut hint = Hint::new(technique, step.rating_tenths).with_eliminations(eliminations);
    // A chain step may conclude several digits at once; the first is placed through the
    // hint, the others are folded in as eliminations of every other candidate.
    for (index, &(cell, digit)) in step.placements.iter().enumerate() {
        if (cell as usize) >= 81 || !(1..=9).contains(&digit) {
            continue;
        }
        if index == 0 {
            hint.placement = Some((cell, digit));
        } else {
            hint.eliminations.add(
                cell as usize,
                board.candidates[cell as usize] & !(1 << (digit - 1)),
            );
        }
    }
    hint.name = Some(step.name);
    hint.explanation = Some(step.explanation);
    hint.makes_progress(board).then_some(hint)
}

/// True when the hint agrees with the solution and changes something. A hint that does not
/// is a bug in a technique; the driver then falls back to trial and error instead of
/// corrupting the solve.
fn is_sound(hint: &Hint, board: &Board, solution: &Grid) -> bool {
    let eliminations_ok = (0..81).all(|cell| {
        let value = solution.get(cell);
        value == 0 || hint.eliminations.0[cell] & (1 << (value - 1)) == 0
    });
    let placement_ok = hint
        .placement
        .is_none_or(|(cell, digit)| solution.get(cell as usize) == digit);
    debug_assert!(
        eliminations_ok && placement_ok,
        "{} contradicts the solution: {hint:?}\n{board:?}",
        hint.display_name()
    );
    eliminations_ok && placement_ok && hint.makes_progress(board)
}

/// The last resort: place the solution's digit in the first cell with the fewest
/// candidates.
fn trial_and_error(board: &Board, solution: &Grid) -> Hint {
    let cell = cells_of(board.empty)
        .min_by_key(|&cell| board.candidates[cell].count_ones())
        .expect("an unsolved board has an empty cell");
    let digit = solution.get(cell);
    let mut hint = Hint::placing(
        Technique::TrialAndError,
        Technique::TrialAndError.base_rating(),
        cell,
        digit,
    )
    .with_pattern(1 << cell, board.candidates[cell]);
    hint.explanation = Some(format!(
        "no logical technique applies; {} is set to {digit}, the digit of the solution, out of {}",
        cell_name(cell),
        basic::digit_list(board.candidates[cell])
    ));
    hint
}

fn step_of(hint: &Hint, board: &Board) -> Step {
    let eliminations = hint.eliminations.restricted_to(board).pairs();
    let placements: Vec<(u8, u8)> = hint.placement.into_iter().collect();
    let explanation = hint
        .explanation
        .clone()
        .unwrap_or_else(|| describe(hint, &placements, &eliminations));
    Step {
        technique: hint.technique,
        name: hint.display_name(),
        rating_tenths: hint.rating,
        placements,
        eliminations,
        cells: cells_of(hint.cells).map(|cell| cell as u8).collect(),
        digits: digits_of(hint.digits).collect(),
        explanation,
    }
}

/// A generic sentence: the pattern, then what it does.
fn describe(hint: &Hint, placements: &[(u8, u8)], eliminations: &[(u8, u8)]) -> String {
    if let (Some(house), Some((cell, digit))) = (hint.house, hint.placement) {
        let house = crate::sudoku::grid::house_name(house as usize);
        let cell = cell_name(cell as usize);
        return if hint.technique == Technique::FullHouse {
            format!("{cell} = {digit}, the last empty cell of {house}")
        } else {
            format!("{cell} = {digit}, the only place for {digit} in {house}")
        };
    }
    if let (Technique::NakedSingle, Some((cell, digit))) = (hint.technique, hint.placement) {
        return format!("{} = {digit}, its only candidate", cell_name(cell as usize));
    }
    let mut text = String::new();
    if hint.cells != 0 {
        text.push_str(&format!(
            "{} on {} in {}",
            hint.display_name(),
            basic::digit_list(hint.digits),
            basic::cell_list(hint.cells)
        ));
    } else {
        text.push_str(&hint.display_name());
    }
    for &(cell, digit) in placements {
        text.push_str(&format!(": {} = {digit}", cell_name(cell as usize)));
    }
    if !eliminations.is_empty() {
        let removed: Vec<String> = eliminations
            .iter()
            .map(|&(cell, digit)| format!("{}<>{digit}", cell_name(cell as usize)))
            .collect();
        text.push_str(&format!(": {}", removed.join(", ")));
    }
    text
}
