//! The technique grader for every variant, over houses, on the Sudoku Explainer scale.
//!
//! An easiest-first solve like the classic grader's, with the rules generalised to any
//! houses: full house (1.0), hidden single (1.2 in a box or region, 1.5 elsewhere), naked
//! single (2.3), intersections between any two houses (2.6 when the confining house is a
//! box, region or extra house; 2.8 when it is a row or column), naked and hidden subsets
//! (pair 3.0 / 3.4, triple 3.6 / 4.0, quad 5.0 / 5.4), fish on rows and columns (X-wing
//! 3.2, swordfish 3.8, jellyfish 5.2), XY-wing (4.2), XYZ-wing (4.4), unique rectangle
//! type 1 (4.5; not with X diagonals), then forcing
//! chains ([`chains`]: X-chains and XY-chains 6.6, mixed chains 7.0, each plus SE's length
//! bonus; dynamic forcing chains 9.0 and up). The rating is the hardest step; a position
//! none of these rules advances is settled by one digit of the solution, flagged trial and
//! error and rated 20.0, as in the classic grader.
//!
//! 9×9 X and windoku are graded by the classic grader with their extra houses instead
//! (exactly Sudoku Explainer's ratings for those variants).
//!
//! Tiers: grids of 6×6 and smaller have three (easy = hidden singles, ≤ 1.5; medium =
//! naked singles and intersections, ≤ 2.8; hard = subsets and beyond); larger grids use the
//! classic tiers of the same scale.

use std::cell::Cell;
use std::time::Instant;

pub mod chains;

use super::generate::{
    Removals, RemovedOrbits, UniquenessCheck, VariantGenerated, VariantOptions, generate_keeping,
};
use super::geometry::{CellSet, Geometry, HouseKind, MAX_CELLS, Size, Variant};
use super::grid::{VariantGrid, value_word};
use super::singles::{Singles, SinglesRules, first_filling};
use super::solver::{VariantSolution, solve};
use super::symmetry::orbits;
use super::words;
use crate::error::{Error, Result};
use crate::i18n::Language;
use crate::seed::RandomStream;
use crate::sudoku::Grid;
use crate::sudoku::grade::{
    ExtraHouses, GradeOptions, RatingRange, RatingTarget, Technique, TechniqueSet, Tier,
};

/// The rating of a step taken from the solution when no rule applies.
pub const TRIAL_AND_ERROR_RATING: u16 = 200;

/// How to grade.
#[derive(Clone, Debug, Default)]
pub struct VariantGradeOptions {
    /// Keep every step (for `--explain` and JSON output).
    pub record_steps: bool,
    /// Give up (run-time error) when still grading at this moment.
    pub deadline: Option<Instant>,
    /// Stop at the first step rated above this (the rating is then that step's, a lower
    /// bound): enough for generators that only need to know a puzzle is too hard.
    pub stop_above: Option<u16>,
}

/// One step of the solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantStep {
    /// The technique, as the classic grader names and ranks it.
    pub technique: Technique,
    pub name: String,
    pub rating_tenths: u16,
    /// (cell, value) placed.
    pub placements: Vec<(u16, u8)>,
    /// (cell, value) removed.
    pub eliminations: Vec<(u16, u8)>,
    /// The cells of the pattern, ascending.
    pub pattern: Vec<u16>,
    /// The houses the step looks at (where a hint points).
    pub houses: Vec<u16>,
    /// A chain's links, in order.
    pub links: Vec<VariantLink>,
    pub explanation: String,
    /// What the step found, for telling it in any language (`variant::words`).
    pub account: Account,
}

/// What a step of the house grader found, in the grader's terms (houses, cells, digits),
/// told in each language by `variant::words`; the cells of subsets are the step's pattern,
/// a single's cell and digit its placement, a chain's start its elimination.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Account {
    /// The step carries its own words (the classic grader's steps, in English).
    #[default]
    Own,
    /// A killer's cage step (`killer::words` tells it).
    Cage(Box<crate::sudoku::killer::words::CageAccount>),
    FullHouse {
        house: u16,
    },
    HiddenSingle {
        house: u16,
    },
    NakedSingle,
    /// A digit confined, within `house`, to the cells it shares with `other`.
    Intersection {
        house: u16,
        other: u16,
        value: u8,
    },
    NakedSubset {
        house: u16,
        digits: u16,
    },
    HiddenSubset {
        house: u16,
        digits: u16,
    },
    Fish {
        value: u8,
        base: Vec<u16>,
        cover: Vec<u16>,
    },
    UniqueRectangle {
        corners: [u16; 3],
        odd: u16,
        digits: u16,
    },
    /// An XY- or XYZ-wing: the pivot and pincers with their candidates (pivot first), the
    /// digit removed.
    Wing {
        pivot: u16,
        pincers: [u16; 2],
        masks: [u16; 3],
        digit: u16,
    },
    /// A chain refuting its start: what each link makes of the next candidate.
    Chain {
        facts: Vec<ChainFact>,
    },
    /// Dynamic forcing chains: the cells filled before each refuted candidate (in the
    /// order of the eliminations) meets a contradiction.
    Dynamic {
        filled: Vec<usize>,
    },
    /// A digit taken from the solution.
    Guess,
}

/// One link of a chain in words: the candidate it reaches, true (`on`) or false, and the
/// house the two candidates share (`None`: the same cell).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainFact {
    pub cell: u16,
    pub value: u8,
    pub on: bool,
    pub house: Option<u16>,
}

impl VariantStep {
    /// A step with nothing in it yet.
    pub(crate) fn new(technique: Technique, name: &str, rating_tenths: u16) -> VariantStep {
        VariantStep {
            technique,
            name: name.to_string(),
            rating_tenths,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            houses: Vec::new(),
            links: Vec::new(),
            explanation: String::new(),
            account: Account::Own,
        }
    }
}

/// A link of a chain between two candidates (cell, value): strong (one of them is true)
/// or weak (not both are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantLink {
    pub from: (u16, u8),
    pub to: (u16, u8),
    pub strong: bool,
}

/// The result of grading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantGrading {
    pub rating_tenths: u16,
    pub tier: Tier,
    /// The technique of the hardest step (the first one when several tie).
    pub hardest: Technique,
    pub hardest_name: String,
    /// The techniques of the steps taken (up to the early stop, when there was one).
    pub used: TechniqueSet,
    pub trial_and_error: bool,
    pub step_count: usize,
    pub steps: Vec<VariantStep>,
    pub solution: VariantGrid,
}

impl VariantGrading {
    pub fn rating_text(&self) -> String {
        crate::sudoku::grade::format_rating(self.rating_tenths)
    }
}

/// The tiers a size has, easiest first. Hidden singles solve every 4×4 (none of 80 000
/// minimal ones, classic or X, needed more), so a 4×4 is only ever easy.
pub fn tiers(size: Size) -> &'static [Tier] {
    if size.side() <= 4 {
        &[Tier::Easy]
    } else if size.side() <= 6 {
        &[Tier::Easy, Tier::Medium, Tier::Hard]
    } else {
        &Tier::ALL
    }
}

/// The tier of a rating at a size.
pub fn tier_of(size: Size, rating_tenths: u16) -> Tier {
    if size.side() <= 6 {
        match rating_tenths {
            0..=15 => Tier::Easy,
            16..=28 => Tier::Medium,
            _ => Tier::Hard,
        }
    } else {
        Tier::of_rating(rating_tenths)
    }
}

/// The ratings of a tier at a size.
pub fn tier_range(size: Size, tier: Tier) -> RatingRange {
    if size.side() <= 6 {
        let (min, max) = match tier {
            Tier::Easy => (0, 15),
            Tier::Medium => (16, 28),
            _ => (29, TRIAL_AND_ERROR_RATING),
        };
        RatingRange { min, max }
    } else {
        tier.range()
    }
}

/// Checks that a size has a tier (an input error naming the size's tiers otherwise).
pub fn check_tier(size: Size, tier: Tier) -> Result<()> {
    if tiers(size).contains(&tier) {
        return Ok(());
    }
    let hint = if size.side() <= 4 {
        format!(
            "hidden singles solve every {size} sudoku, so it is always easy; choose 6x6 for medium and hard"
        )
    } else {
        format!("a {size} sudoku is easy, medium or hard")
    };
    Err(Error::input(format!("a {size} sudoku has no tier {tier}")).with_hint(hint))
}

/// Refuses a technique request no puzzle of `options` can meet: a 4×4 X-sudoku whose clues
/// have a symmetry is always solved by full houses and hidden singles in boxes (every such
/// puzzle is graded by the canon tests), so it never needs a hidden single in a line.
pub fn check_techniques(
    options: &VariantOptions,
    techniques: &crate::sudoku::grade::target::TechniqueTarget,
) -> Result<()> {
    if options.size != Size::S4
        || options.variant != Variant::X
        || options.symmetry == crate::sudoku::symmetry::Symmetry::None
    {
        return Ok(());
    }
    let only_line_singles = |named: &&crate::sudoku::techniques::Named| {
        named
            .techniques()
            .all(|technique| technique == Technique::HiddenSingleLine)
    };
    match techniques.named().find(only_line_singles) {
        None => Ok(()),
        Some(named) => Err(Error::input(format!(
            "no 4x4 X-sudoku with {} symmetry needs {}: full houses and hidden singles in \
             boxes solve every one",
            options.symmetry, named.name
        ))
        .with_hint("ask for symmetry none, where some 4x4 X-sudokus need a hidden single on a diagonal or line")),
    }
}

/// Grades a puzzle; fails when it does not have exactly one solution or time runs out.
pub fn grade(puzzle: &VariantGrid, options: &VariantGradeOptions) -> Result<VariantGrading> {
    match solve(puzzle) {
        VariantSolution::Unique(solution) => grade_unique(puzzle, &solution, options),
        VariantSolution::None => Err(Error::runtime("the puzzle has no solution")
            .with_hint("grading needs a puzzle with exactly one solution")),
        VariantSolution::Multiple(..) => {
            Err(Error::runtime("the puzzle has more than one solution")
                .with_hint("grading needs a puzzle with exactly one solution"))
        }
    }
}

/// The extra houses with which the classic grader rates a 9×9 X or windoku puzzle exactly
/// as Sudoku Explainer does (`--isX`, `--isWindows`); `None` for the other variants.
pub fn classic_extra_houses(geometry: &Geometry) -> Option<ExtraHouses> {
    classic_houses(geometry.size(), geometry.variant())
}

/// [`classic_extra_houses`] of a size and variant.
pub fn classic_houses(size: Size, variant: Variant) -> Option<ExtraHouses> {
    match (size, variant) {
        (Size::S9, Variant::Classic) => Some(ExtraHouses::None),
        (Size::S9, Variant::X) => Some(ExtraHouses::X),
        (Size::S9, Variant::Windoku) => Some(ExtraHouses::Windoku),
        _ => None,
    }
}

/// A 9×9 classic, X or windoku puzzle as the classic grader takes it: its grid and extra
/// houses; `None` for the other variants.
pub fn as_classic(grid: &VariantGrid) -> Option<(Grid, ExtraHouses)> {
    classic_extra_houses(grid.geometry()).map(|extra| (classic_grid(grid), extra))
}

fn classic_grid(grid: &VariantGrid) -> Grid {
    let mut cells = [0u8; 81];
    cells.copy_from_slice(grid.cells());
    Grid::from_cells(cells).expect("9x9 values are digits")
}

/// Grades a 9×9 X or windoku puzzle with the classic grader and its extra houses.
fn grade_classic(
    puzzle: &VariantGrid,
    solution: &VariantGrid,
    options: &VariantGradeOptions,
    extra_houses: ExtraHouses,
) -> Result<VariantGrading> {
    let grading = crate::sudoku::grade::grade_unique(
        &classic_grid(puzzle),
        &classic_grid(solution),
        &GradeOptions {
            record_steps: options.record_steps,
            deadline: options.deadline,
            extra_houses,
            stop_above: options.stop_above,
            ..GradeOptions::default()
        },
    )?;
    let pairs = |pairs: &[(u8, u8)]| -> Vec<(u16, u8)> {
        pairs
            .iter()
            .map(|&(cell, value)| (u16::from(cell), value))
            .collect()
    };
    Ok(VariantGrading {
        rating_tenths: grading.rating_tenths,
        tier: grading.tier,
        hardest: grading.hardest,
        hardest_name: grading.hardest_name,
        used: grading.used,
        trial_and_error: grading.trial_and_error,
        step_count: grading.step_count,
        steps: grading
            .steps
            .iter()
            .map(|step| VariantStep {
                technique: step.technique,
                name: step.name.clone(),
                rating_tenths: step.rating_tenths,
                placements: pairs(&step.placements),
                eliminations: pairs(&step.eliminations),
                pattern: step.cells.iter().map(|&cell| u16::from(cell)).collect(),
                houses: Vec::new(),
                links: Vec::new(),
                account: Account::Own,
                // Walkthroughs of these grids word the classic steps themselves.
                explanation: step.explanation.clone(),
            })
            .collect(),
        solution: solution.clone(),
    })
}

/// Grades a puzzle whose unique solution is known. 9×9 grids (classic, X, windoku) go to
/// the classic grader, which rates them on Sudoku Explainer's scale exactly.
pub fn grade_unique(
    puzzle: &VariantGrid,
    solution: &VariantGrid,
    options: &VariantGradeOptions,
) -> Result<VariantGrading> {
    if let Some(extra_houses) = classic_extra_houses(puzzle.geometry()) {
        return grade_classic(puzzle, solution, options, extra_houses);
    }
    let geometry = puzzle.geometry();
    solve_in_steps(
        Board::new(geometry, puzzle),
        solution,
        options,
        |board| board.next_step(options.stop_above),
        |rating| tier_of(geometry.size(), rating),
    )
}

/// The easiest-first solve the house graders share (this one and the killer grader's):
/// `next_step` finds each step on `board`; a step the solution contradicts, or none, gives
/// way to a digit of the solution, flagged trial and error.
pub(crate) fn solve_in_steps(
    mut board: Board,
    solution: &VariantGrid,
    options: &VariantGradeOptions,
    next_step: impl Fn(&Board) -> Option<VariantStep>,
    tier_of: impl Fn(u16) -> Tier,
) -> Result<VariantGrading> {
    board.describe = options.record_steps;
    let mut rating = 0u16;
    let mut hardest = (Technique::FullHouse, String::from("Full House"));
    let mut used = TechniqueSet::empty();
    let mut trial_and_error = false;
    let mut steps = Vec::new();
    let mut step_count = 0;
    while !board.is_solved() {
        // The clock is read every few steps: most steps take microseconds.
        if step_count % 8 == 0
            && options
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Error::runtime("grading ran out of time"));
        }
        let step = match next_step(&board) {
            Some(step) if board.is_sound(&step, solution) => step,
            _ => {
                trial_and_error = true;
                board.guess(solution)
            }
        };
        board.apply(&step);
        step_count += 1;
        used = used.with(step.technique);
        if step.rating_tenths > rating {
            rating = step.rating_tenths;
            hardest = (step.technique, step.name.clone());
        }
        if options.record_steps {
            steps.push(step);
        }
        if options.stop_above.is_some_and(|limit| rating > limit) {
            break;
        }
    }
    Ok(VariantGrading {
        rating_tenths: rating,
        tier: tier_of(rating),
        hardest: hardest.0,
        hardest_name: hardest.1,
        used,
        trial_and_error,
        step_count,
        steps,
        solution: solution.clone(),
    })
}

/// The ratings a target means at a size.
pub fn target_range(size: Size, target: RatingTarget) -> RatingRange {
    match target {
        RatingTarget::Tier(tier) => tier_range(size, tier),
        RatingTarget::Range(range) => range,
    }
}

/// The ratings a search for `target` at `size` aims at once `techniques` narrow it (the
/// target itself without techniques); an input error when no rating fits both.
pub fn aim(
    size: Size,
    target: Option<RatingTarget>,
    techniques: &crate::sudoku::grade::target::TechniqueTarget,
) -> Result<Option<RatingTarget>> {
    if techniques.is_empty() {
        return Ok(target);
    }
    let wanted = target.map_or(RatingTarget::ANY.range(), |target| {
        target_range(size, target)
    });
    Ok(Some(RatingTarget::Range(techniques.within(wanted)?)))
}

/// Graded attempts allowed without a deadline before a target is declared out of reach.
const MAX_GRADED_ATTEMPTS: u32 = 5000;

/// Generates puzzles from the stream until one meets `target` (any puzzle when `None`),
/// grading each; fails when the deadline passes first.
pub fn generate_graded(
    options: &VariantOptions,
    target: Option<RatingTarget>,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(VariantGenerated, VariantGrading)> {
    generate_graded_where(options, target, &|_| true, rng, deadline)
}

/// [`generate_graded`], keeping only a puzzle whose grading `accept` takes (its solve uses
/// the techniques a request names: `TechniqueTarget::accepts`).
pub fn generate_graded_where(
    options: &VariantOptions,
    target: Option<RatingTarget>,
    accept: &dyn Fn(&VariantGrading) -> bool,
    rng: &mut RandomStream,
    deadline: Option<Instant>,
) -> Result<(VariantGenerated, VariantGrading)> {
    if let Some(RatingTarget::Tier(tier)) = target {
        check_tier(options.size, tier)?;
    }
    let range_max = target.map(|target| target_range(options.size, target).max);
    let grade_options = VariantGradeOptions {
        record_steps: false,
        deadline,
        stop_above: range_max.filter(|&max| max < TRIAL_AND_ERROR_RATING),
    };
    let rule = target.map_or(Removals::KeepUnique, |target| {
        removals_for(target_range(options.size, target))
    });
    for _ in 0..MAX_GRADED_ATTEMPTS {
        let (generated, removed) = generate_keeping(options, rule, rng, deadline)?;
        let grading = match rule {
            Removals::KeepSingles(singles) => {
                grade_by_singles(&generated.puzzle, &generated.solution, singles)
            }
            Removals::KeepUnique => None,
        };
        let grading = match grading {
            Some(grading) => grading,
            None => grade_unique(&generated.puzzle, &generated.solution, &grade_options)?,
        };
        let Some(target) = target else {
            if accept(&grading) {
                return Ok((generated, grading));
            }
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                break;
            }
            continue;
        };
        let range = target_range(options.size, target);
        if range.contains(grading.rating_tenths) {
            if accept(&grading) {
                return Ok((generated, grading));
            }
        } else if grading.rating_tenths > range.max
            && let Some(found) = ease(options, &generated, &removed, range, &grade_options, rng)?
            && accept(&found.1)
        {
            return Ok(found);
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            break;
        }
    }
    let wanted = format!(
        "{} {} sudoku of {}",
        options.size,
        options.variant,
        target.map_or_else(|| "any rating".to_string(), |target| target.to_string())
    );
    if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
        return Err(
            Error::runtime(format!("found no {wanted} in time")).with_hint(
                "allow more time with --max-seconds, or ask for another tier or rating range",
            ),
        );
    }
    Err(Error::runtime(format!(
        "found no {wanted} in {MAX_GRADED_ATTEMPTS} attempts"
    ))
    .with_hint("ask for another tier, rating range, symmetry or technique: such puzzles are rare or do not exist"))
}

/// How to dig for ratings in `range`: a range that admits nothing beyond singles (and the
/// direct techniques rated among them) but does admit what they rate is dug for them,
/// any other for the minimal puzzle.
pub fn removals_for(range: RatingRange) -> Removals {
    let hidden = Technique::HiddenSingleLine.base_rating();
    let naked = Technique::NakedSingle.base_rating();
    if range.max < naked && range.min <= hidden {
        Removals::KeepSingles(Singles::Hidden)
    } else if range.max < Technique::Pointing.base_rating() && range.min <= naked {
        Removals::KeepSingles(Singles::HiddenAndNaked)
    } else {
        Removals::KeepUnique
    }
}

/// The grading of a puzzle `singles` solve, found without stepping through it; `None`
/// for the 9×9 kinds, graded by Sudoku Explainer's ladder. The easiest-first solve takes
/// a rung of the singles only when none below it is left, and a single stays open until
/// its cell is filled; so the rating is that of the lowest rung whose singles, with those
/// below it, fill the whole puzzle (the top rung, `singles` itself, does by the premise),
/// and each open cell is one step. It equals [`grade_unique`]'s (tested).
pub fn grade_by_singles(
    puzzle: &VariantGrid,
    solution: &VariantGrid,
    singles: Singles,
) -> Option<VariantGrading> {
    let geometry = puzzle.geometry();
    if classic_extra_houses(geometry).is_some() {
        return None;
    }
    let rungs = [
        SinglesRules::full_houses(),
        SinglesRules::hidden_in_regions(geometry),
        Singles::Hidden.rules(geometry),
    ];
    let techniques = [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
    ];
    // The rungs below the one `singles` reach.
    let below = match singles {
        Singles::Hidden => 2,
        Singles::HiddenAndNaked => 3,
    };
    let technique = techniques[first_filling(puzzle, solution, &rungs[..below]).unwrap_or(below)];
    let rating = technique.base_rating();
    // `used` holds the rung that sets the rating only: which easier rungs the solve also
    // takes is not worked out (technique targets grade step by step instead).
    Some(VariantGrading {
        rating_tenths: rating,
        tier: tier_of(geometry.size(), rating),
        hardest: technique,
        hardest_name: single_name(technique).to_string(),
        used: TechniqueSet::empty().with(technique),
        trial_and_error: false,
        step_count: puzzle.cells().len() - puzzle.clue_count(),
        steps: Vec::new(),
        solution: solution.clone(),
    })
}

/// The name a single's step goes by.
fn single_name(technique: Technique) -> &'static str {
    match technique {
        Technique::FullHouse => "Full House",
        Technique::NakedSingle => "Naked Single",
        _ => "Hidden Single",
    }
}

/// Removals tried one at a time by [`ease`]'s walk.
const WALK_STEPS: usize = 48;

/// A minimal puzzle rated above `range`: puts back the last orbits removed, finding by
/// bisection the fewest put back that bring the rating down to the range's maximum. When
/// that puzzle rates below the range (ratings jump: one orbit more can take a puzzle from
/// 3.0 to 20.0), walks on from it: takes out more of the orbits, in random order, one at a
/// time (any of its clue orbits, in random order), keeping each removal that leaves the
/// puzzle unique and rated within the maximum, until the rating enters the range.
fn ease(
    options: &VariantOptions,
    generated: &VariantGenerated,
    removed: &RemovedOrbits,
    range: RatingRange,
    grade_options: &VariantGradeOptions,
    rng: &mut RandomStream,
) -> Result<Option<(VariantGenerated, VariantGrading)>> {
    let solution = &generated.solution;
    let with_removed = |count: usize| {
        let mut puzzle = solution.clone();
        for orbit in removed.first(count) {
            for &cell in orbit {
                puzzle.set(cell, 0);
            }
        }
        puzzle
    };
    let clues_fit = |puzzle: &VariantGrid| {
        options
            .clues
            .is_none_or(|clues| clues.contains(puzzle.clue_count()))
    };
    let found = |puzzle: VariantGrid, grading: VariantGrading| {
        let generated = VariantGenerated {
            puzzle,
            solution: solution.clone(),
        };
        Ok(Some((generated, grading)))
    };
    // Removing the first `low` orbits is known to rate within the maximum (none removed
    // rates 0); removing `high` is known to rate above it.
    let (mut low, mut high) = (0, removed.len());
    let mut best: Option<(VariantGrid, VariantGrading)> = None;
    while high - low > 1 {
        let middle = (low + high) / 2;
        let puzzle = with_removed(middle);
        let grading = grade_unique(&puzzle, solution, grade_options)?;
        if grading.rating_tenths <= range.max {
            low = middle;
            best = Some((puzzle, grading));
        } else {
            high = middle;
        }
    }
    let Some((mut puzzle, mut grading)) = best else {
        return Ok(None);
    };
    if range.contains(grading.rating_tenths) && clues_fit(&puzzle) {
        return found(puzzle, grading);
    }
    let min_clues = options.clues.map_or(0, |clues| clues.min);
    let mut clue_orbits: Vec<Vec<usize>> = orbits(options.symmetry, puzzle.geometry().side())
        .iter()
        .filter(|orbit| puzzle.get(orbit[0]) != 0)
        .cloned()
        .collect();
    rng.shuffle(&mut clue_orbits);
    let check = UniquenessCheck::new(solution);
    for orbit in clue_orbits.iter().take(WALK_STEPS) {
        if puzzle.clue_count() < min_clues + orbit.len() {
            break;
        }
        let mut next = puzzle.clone();
        for &cell in orbit.iter() {
            next.set(cell, 0);
        }
        if !check.keeps_unique(&next, orbit) {
            continue;
        }
        let next_grading = grade_unique(&next, solution, grade_options)?;
        if next_grading.rating_tenths > range.max {
            continue;
        }
        (puzzle, grading) = (next, next_grading);
        if range.contains(grading.rating_tenths) && clues_fit(&puzzle) {
            return found(puzzle, grading);
        }
    }
    Ok(None)
}

/// Removed candidates grouped by cell, in order: (cell, mask of its removed values).
pub(crate) fn removals_by_cell(eliminations: &[(u16, u8)]) -> Vec<(u16, u16)> {
    let mut parts: Vec<(u16, u16)> = Vec::new();
    for &(cell, value) in eliminations {
        match parts.last_mut() {
            Some((last, mask)) if *last == cell => *mask |= bit(value),
            _ => parts.push((cell, bit(value))),
        }
    }
    parts
}

/// The removals grouped by the digits removed, in the order each set first comes:
/// (digits, cells).
pub(crate) fn removals_by_digits(eliminations: &[(u16, u8)]) -> Vec<(u16, Vec<u16>)> {
    let mut groups: Vec<(u16, Vec<u16>)> = Vec::new();
    for (cell, mask) in removals_by_cell(eliminations) {
        match groups.iter_mut().find(|(digits, _)| *digits == mask) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((mask, vec![cell])),
        }
    }
    groups
}

/// Words of removals longer than this give way to "the candidates this rules out" (the
/// step's reasoning names them).
pub(crate) const LONGEST_REMOVALS: usize = 240;

/// A position: values placed and candidates (bit `d - 1` for digit `d`) of empty cells.
/// The killer grader uses it too, with each cage's other cells as more peers.
#[derive(Clone)]
pub struct Board<'g> {
    geometry: &'g Geometry,
    /// Cells beyond the houses that may not repeat a cell's digit (a killer's cage).
    extra_peers: Option<&'g [CellSet]>,
    pub(crate) values: [u8; MAX_CELLS],
    /// The cells with a value (kept beside `values` for set operations over houses).
    filled: CellSet,
    /// Candidates of the empty cells (0 for filled ones).
    pub(crate) candidates: [u16; MAX_CELLS],
    /// Whether steps get their words (only recorded steps need them).
    pub(crate) describe: bool,
    /// The houses (bit `h` for house `h`) last found to hold no hidden single, and no full
    /// house, with none of their cells changed since: the scans pass them over. (At most
    /// 64 houses: 16×16 with both diagonals has 50.)
    pub quiet_hidden: Cell<u64>,
    pub quiet_full: Cell<u64>,
}

pub(crate) fn bit(value: u8) -> u16 {
    1 << (value - 1)
}

pub(crate) fn digits(mask: u16) -> impl Iterator<Item = u8> {
    (0..16u8).filter(move |d| mask >> d & 1 != 0).map(|d| d + 1)
}

/// `2/7/12`.
pub(crate) fn digit_list(mask: u16) -> String {
    digits(mask).map(value_word).collect::<Vec<_>>().join("/")
}

impl<'g> Board<'g> {
    pub fn new(geometry: &'g Geometry, puzzle: &VariantGrid) -> Board<'g> {
        Board::with_extra_peers(geometry, None, puzzle)
    }

    /// A board whose placements also leave each cell's `extra_peers`.
    pub(crate) fn with_extra_peers(
        geometry: &'g Geometry,
        extra_peers: Option<&'g [CellSet]>,
        puzzle: &VariantGrid,
    ) -> Board<'g> {
        let mut board = Board {
            geometry,
            extra_peers,
            values: [0; MAX_CELLS],
            filled: CellSet::EMPTY,
            candidates: [0; MAX_CELLS],
            describe: true,
            quiet_hidden: Cell::new(0),
            quiet_full: Cell::new(0),
        };
        debug_assert!(geometry.house_count() <= 64, "a house is a bit of a u64");
        board.candidates[..geometry.cells()].fill(geometry.size().all_digits());
        for (cell, &value) in puzzle.cells().iter().enumerate() {
            if value != 0 {
                board.place(cell, value);
            }
        }
        board
    }

    fn place(&mut self, cell: usize, value: u8) {
        let cell_houses = &self.geometry.house_bits().cell_houses;
        let mut changed = cell_houses[cell];
        self.values[cell] = value;
        self.filled.insert(cell);
        self.candidates[cell] = 0;
        let mut remove = |peer: usize| {
            if self.candidates[peer] & bit(value) != 0 {
                self.candidates[peer] &= !bit(value);
                changed |= cell_houses[peer];
            }
        };
        for &peer in self.geometry.peers(cell) {
            remove(usize::from(peer));
        }
        if let Some(extra) = self.extra_peers {
            for peer in extra[cell].iter() {
                remove(peer);
            }
        }
        self.changed(changed);
    }

    /// Forgets that the houses of `houses` were quiet: a cell of theirs changed.
    fn changed(&self, houses: u64) {
        self.quiet_hidden.set(self.quiet_hidden.get() & !houses);
        self.quiet_full.set(self.quiet_full.get() & !houses);
    }

    /// The cells with a value.
    pub(crate) fn filled(&self) -> CellSet {
        self.filled
    }

    pub fn is_solved(&self) -> bool {
        self.values[..self.geometry.cells()].iter().all(|&v| v != 0)
    }

    pub(crate) fn geometry(&self) -> &'g Geometry {
        self.geometry
    }

    pub fn apply(&mut self, step: &VariantStep) {
        for &(cell, value) in &step.placements {
            self.place(usize::from(cell), value);
        }
        let cell_houses = &self.geometry.house_bits().cell_houses;
        let mut changed = 0;
        for &(cell, value) in &step.eliminations {
            self.candidates[usize::from(cell)] &= !bit(value);
            changed |= cell_houses[usize::from(cell)];
        }
        self.changed(changed);
    }

    pub fn is_sound(&self, step: &VariantStep, solution: &VariantGrid) -> bool {
        (!step.placements.is_empty() || !step.eliminations.is_empty())
            && step
                .placements
                .iter()
                .all(|&(cell, value)| solution.get(usize::from(cell)) == value)
            && step
                .eliminations
                .iter()
                .all(|&(cell, value)| solution.get(usize::from(cell)) != value)
    }

    /// The solution's digit in the empty cell with the fewest candidates.
    pub fn guess(&self, solution: &VariantGrid) -> VariantStep {
        let cell = (0..self.geometry.cells())
            .filter(|&cell| self.values[cell] == 0)
            .min_by_key(|&cell| self.candidates[cell].count_ones())
            .expect("an unsolved board has an empty cell");
        let value = solution.get(cell);
        self.told(VariantStep {
            placements: vec![(cell as u16, value)],
            pattern: vec![cell as u16],
            account: Account::Guess,
            ..VariantStep::new(
                Technique::TrialAndError,
                "Trial and Error",
                TRIAL_AND_ERROR_RATING,
            )
        })
    }

    /// The empty cells of a house holding `value` as a candidate.
    pub(crate) fn places(&self, house: usize, value: u8) -> CellSet {
        self.geometry
            .house(house)
            .iter()
            .map(|&cell| usize::from(cell))
            .filter(|&cell| self.candidates[cell] & bit(value) != 0)
            .collect()
    }

    /// The easiest step; chains are not looked for when `stop_above` is below their
    /// easiest rating (the grading stops at whatever comes instead).
    pub fn next_step(&self, stop_above: Option<u16>) -> Option<VariantStep> {
        let chains = stop_above.is_none_or(|limit| limit >= chains::EASIEST_CHAIN);
        // Tried in order, the first step found is the answer (a list, not a chain of
        // `or_else`, so the step is moved once rather than through every link).
        let rules: [&dyn Fn() -> Option<VariantStep>; 20] = [
            &|| self.full_house(),
            &|| self.hidden_single(true),
            &|| self.hidden_single(false),
            &|| self.naked_single(),
            &|| self.intersection(true),
            &|| self.intersection(false),
            &|| self.naked_subset(2),
            &|| self.fish(2),
            &|| self.hidden_subset(2),
            &|| self.naked_subset(3),
            &|| self.fish(3),
            &|| self.hidden_subset(3),
            &|| self.xy_wing(),
            &|| self.xyz_wing(),
            &|| self.unique_rectangle(),
            &|| self.naked_subset(4),
            &|| self.fish(4),
            &|| self.hidden_subset(4),
            &|| chains.then(|| self.static_chain()).flatten(),
            &|| chains.then(|| self.dynamic_chain()).flatten(),
        ];
        rules.iter().find_map(|rule| rule())
    }

    /// A single: `cell` takes `value` because of `house` (`None`: the cell's own candidates).
    fn placement(
        &self,
        technique: Technique,
        rating: u16,
        (cell, value): (usize, u8),
        house: Option<usize>,
        account: Account,
    ) -> VariantStep {
        let name = single_name(technique);
        self.told(VariantStep {
            placements: vec![(cell as u16, value)],
            pattern: vec![cell as u16],
            houses: house.map(|house| house as u16).into_iter().collect(),
            account,
            ..VariantStep::new(technique, name, rating)
        })
    }

    /// A step with its English words (`explanation`: its reasoning) told from its
    /// account, when the grading keeps them (`describe`).
    pub(crate) fn told(&self, mut step: VariantStep) -> VariantStep {
        if self.describe {
            step.explanation = words::reasoning(&step, self.geometry, Language::ENGLISH);
        }
        step
    }

    pub fn full_house(&self) -> Option<VariantStep> {
        for house in 0..self.geometry.house_count() {
            if self.quiet_full.get() >> house & 1 != 0 {
                continue;
            }
            let open = self.geometry.house_set(house).difference(self.filled);
            if let Some(cell) = open.only() {
                let mask = self.candidates[cell];
                if mask.count_ones() == 1 {
                    let value = mask.trailing_zeros() as u8 + 1;
                    return Some(self.placement(
                        Technique::FullHouse,
                        10,
                        (cell, value),
                        Some(house),
                        Account::FullHouse {
                            house: house as u16,
                        },
                    ));
                }
            }
            self.quiet_full.set(self.quiet_full.get() | 1 << house);
        }
        None
    }

    /// Hidden singles in boxes and regions (`boxes`), or in the other houses.
    pub fn hidden_single(&self, boxes: bool) -> Option<VariantStep> {
        for house in 0..self.geometry.house_count() {
            let is_box = matches!(
                self.geometry.house_kind(house),
                HouseKind::Box | HouseKind::Region
            );
            if is_box != boxes || self.quiet_hidden.get() >> house & 1 != 0 {
                continue;
            }
            // The values with one place in the house, found in one pass over its cells.
            let (mut once, mut twice) = (0u16, 0u16);
            for &cell in self.geometry.house(house) {
                let mask = self.candidates[usize::from(cell)];
                twice |= once & mask;
                once |= mask;
            }
            let single = once & !twice;
            if single != 0 {
                let value = single.trailing_zeros() as u8 + 1;
                let cell = self
                    .places(house, value)
                    .first()
                    .expect("a value with one place has its place");
                let (technique, rating) = if boxes {
                    (Technique::HiddenSingleBox, 12)
                } else {
                    (Technique::HiddenSingleLine, 15)
                };
                return Some(self.placement(
                    technique,
                    rating,
                    (cell, value),
                    Some(house),
                    Account::HiddenSingle {
                        house: house as u16,
                    },
                ));
            }
            self.quiet_hidden.set(self.quiet_hidden.get() | 1 << house);
        }
        None
    }

    pub(crate) fn naked_single(&self) -> Option<VariantStep> {
        (0..self.geometry.cells())
            .find(|&cell| self.values[cell] == 0 && self.candidates[cell].count_ones() == 1)
            .map(|cell| {
                let value = self.candidates[cell].trailing_zeros() as u8 + 1;
                self.placement(
                    Technique::NakedSingle,
                    23,
                    (cell, value),
                    None,
                    Account::NakedSingle,
                )
            })
    }

    pub(crate) fn eliminations(&self, cells: CellSet, mask: u16) -> Vec<(u16, u8)> {
        let mut out = Vec::new();
        for cell in cells.iter() {
            for value in digits(self.candidates[cell] & mask) {
                out.push((cell as u16, value));
            }
        }
        out
    }

    /// A value confined, within one house, to the cells it shares with another house:
    /// it leaves the rest of the other house. `pointing`: the confining house is a box,
    /// region or extra house (2.6); otherwise a row or column (2.8).
    pub(crate) fn intersection(&self, pointing: bool) -> Option<VariantStep> {
        let geometry = self.geometry;
        for house in 0..geometry.house_count() {
            let is_line = matches!(
                geometry.house_kind(house),
                HouseKind::Row | HouseKind::Column
            );
            if is_line == pointing {
                continue;
            }
            for value in 1..=geometry.side() as u8 {
                let places = self.places(house, value);
                if places.len() < 2 {
                    continue;
                }
                // Two places or more lie within another house only if it shares as many
                // cells with this one.
                let mut partners = geometry.house_partners(house);
                while partners != 0 {
                    let other = partners.trailing_zeros() as usize;
                    partners &= partners - 1;
                    let other_set = geometry.house_set(other);
                    if places.difference(other_set).is_empty() {
                        let targets = self
                            .places(other, value)
                            .difference(geometry.house_set(house));
                        if !targets.is_empty() {
                            let (technique, name, rating) = if pointing {
                                (Technique::Pointing, "Pointing", 26)
                            } else {
                                (Technique::Claiming, "Claiming", 28)
                            };
                            let eliminations = self.eliminations(targets, bit(value));
                            return Some(self.told(VariantStep {
                                pattern: places.iter().map(|cell| cell as u16).collect(),
                                houses: vec![house as u16, other as u16],
                                account: Account::Intersection {
                                    house: house as u16,
                                    other: other as u16,
                                    value,
                                },
                                eliminations,
                                ..VariantStep::new(technique, name, rating)
                            }));
                        }
                    }
                }
            }
        }
        None
    }

    pub(crate) fn empty_cells(&self, house: usize) -> Vec<usize> {
        self.geometry
            .house(house)
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| self.values[c] == 0)
            .collect()
    }

    pub(crate) fn naked_subset(&self, size: usize) -> Option<VariantStep> {
        let (technique, name, rating) = match size {
            2 => (Technique::NakedPair, "Naked Pair", 30),
            3 => (Technique::NakedTriple, "Naked Triple", 36),
            _ => (Technique::NakedQuad, "Naked Quad", 50),
        };
        for house in 0..self.geometry.house_count() {
            let cells: Vec<usize> = self
                .empty_cells(house)
                .into_iter()
                .filter(|&c| (2..=size as u32).contains(&self.candidates[c].count_ones()))
                .collect();
            let mut found = None;
            combinations(cells.len(), size, &mut |chosen| {
                let mask = chosen
                    .iter()
                    .fold(0u16, |m, &k| m | self.candidates[cells[k]]);
                if mask.count_ones() as usize != size {
                    return false;
                }
                let subset: CellSet = chosen.iter().map(|&k| cells[k]).collect();
                let targets = self.geometry.house_set(house).difference(subset);
                let eliminations = self.eliminations(targets, mask);
                if eliminations.is_empty() {
                    return false;
                }
                found = Some(self.told(VariantStep {
                    pattern: subset.iter().map(|cell| cell as u16).collect(),
                    houses: vec![house as u16],
                    account: Account::NakedSubset {
                        house: house as u16,
                        digits: mask,
                    },
                    eliminations,
                    ..VariantStep::new(technique, name, rating)
                }));
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    pub(crate) fn hidden_subset(&self, size: usize) -> Option<VariantStep> {
        let (technique, name, rating) = match size {
            2 => (Technique::HiddenPair, "Hidden Pair", 34),
            3 => (Technique::HiddenTriple, "Hidden Triple", 40),
            _ => (Technique::HiddenQuad, "Hidden Quad", 54),
        };
        let side = self.geometry.side() as u8;
        for house in 0..self.geometry.house_count() {
            // Each value that may join a subset, with its places.
            let values: Vec<(u8, CellSet)> = (1..=side)
                .map(|v| (v, self.places(house, v)))
                .filter(|(_, places)| (2..=size).contains(&places.len()))
                .collect();
            let mut found = None;
            combinations(values.len(), size, &mut |chosen| {
                let cells = chosen
                    .iter()
                    .fold(CellSet::EMPTY, |set, &k| set.union(values[k].1));
                if cells.len() != size {
                    return false;
                }
                let mask = chosen.iter().fold(0u16, |m, &k| m | bit(values[k].0));
                let eliminations = self.eliminations(cells, !mask);
                if eliminations.is_empty() {
                    return false;
                }
                found = Some(self.told(VariantStep {
                    pattern: cells.iter().map(|cell| cell as u16).collect(),
                    houses: vec![house as u16],
                    account: Account::HiddenSubset {
                        house: house as u16,
                        digits: mask,
                    },
                    eliminations,
                    ..VariantStep::new(technique, name, rating)
                }));
                true
            });
            if found.is_some() {
                return found;
            }
        }
        None
    }

    /// Fish on rows (then columns) as base houses.
    pub(crate) fn fish(&self, size: usize) -> Option<VariantStep> {
        let (technique, name, rating) = match size {
            2 => (Technique::XWing, "X-Wing", 32),
            3 => (Technique::Swordfish, "Swordfish", 38),
            _ => (Technique::Jellyfish, "Jellyfish", 52),
        };
        let side = self.geometry.side();
        for value in 1..=side as u8 {
            for (base_start, cover_start) in [(0, side), (side, 0)] {
                // Each base house that may join a fish, with the value's places and the
                // cover houses holding them.
                let cover_range = ((1u64 << side) - 1) << cover_start;
                let bases: Vec<(usize, CellSet, u64)> = (base_start..base_start + side)
                    .map(|house| {
                        let places = self.places(house, value);
                        let covering = places
                            .iter()
                            .fold(0, |houses, cell| houses | self.geometry.house_mask_of(cell));
                        (house, places, covering & cover_range)
                    })
                    .filter(|(_, places, _)| (2..=size).contains(&places.len()))
                    .collect();
                let mut found = None;
                combinations(bases.len(), size, &mut |chosen| {
                    let covering = chosen.iter().fold(0, |houses, &k| houses | bases[k].2);
                    if covering.count_ones() as usize != size {
                        return false;
                    }
                    let base_cells = chosen
                        .iter()
                        .fold(CellSet::EMPTY, |set, &k| set.union(bases[k].1));
                    let covers: Vec<usize> = (cover_start..cover_start + side)
                        .filter(|&house| covering & 1 << house != 0)
                        .collect();
                    let cover_cells = covers
                        .iter()
                        .fold(CellSet::EMPTY, |set, &h| set.union(self.places(h, value)));
                    let targets = cover_cells.difference(base_cells);
                    if targets.is_empty() {
                        return false;
                    }
                    let base_houses: Vec<usize> = chosen.iter().map(|&k| bases[k].0).collect();
                    let eliminations = self.eliminations(targets, bit(value));
                    found = Some(self.told(VariantStep {
                        pattern: base_cells.iter().map(|cell| cell as u16).collect(),
                        houses: base_houses.iter().map(|&house| house as u16).collect(),
                        account: Account::Fish {
                            value,
                            base: base_houses.iter().map(|&house| house as u16).collect(),
                            cover: covers.iter().map(|&house| house as u16).collect(),
                        },
                        eliminations,
                        ..VariantStep::new(technique, name, rating)
                    }));
                    true
                });
                if found.is_some() {
                    return found;
                }
            }
        }
        None
    }

    pub(crate) fn xy_wing(&self) -> Option<VariantStep> {
        self.wing(false)
    }

    pub(crate) fn xyz_wing(&self) -> Option<VariantStep> {
        self.wing(true)
    }

    /// Unique rectangle type 1 (4.5): three corners of a rectangle over two rows, two
    /// columns and two boxes (or regions) hold only the same two values; if the fourth
    /// held neither, the two values could swap in all four corners and the puzzle would
    /// have two solutions, so the fourth loses both. Not used with extra houses (X), whose
    /// diagonals would not let the values swap.
    fn unique_rectangle(&self) -> Option<VariantStep> {
        let geometry = self.geometry;
        if geometry.variant() == Variant::X {
            return None;
        }
        let (side, regions) = (geometry.side(), geometry.regions());
        let bivalue =
            |cell: usize, mask: u16| self.values[cell] == 0 && self.candidates[cell] == mask;
        for corner in 0..geometry.cells() {
            let mask = self.candidates[corner];
            if self.values[corner] != 0 || mask.count_ones() != 2 {
                continue;
            }
            let (row, column) = (corner / side, corner % side);
            for other_column in (0..side).filter(|&c| c != column) {
                let across = row * side + other_column;
                if !bivalue(across, mask) {
                    continue;
                }
                for other_row in (0..side).filter(|&r| r != row) {
                    let down = other_row * side + column;
                    let odd = other_row * side + other_column;
                    let odd_mask = self.candidates[odd];
                    if !bivalue(down, mask)
                        || self.values[odd] != 0
                        || odd_mask & mask != mask
                        || odd_mask == mask
                    {
                        continue;
                    }
                    let mut boxes = [corner, across, down, odd].map(|cell| regions[cell]);
                    boxes.sort_unstable();
                    // Two corners in each of two boxes or regions.
                    if !(boxes[0] == boxes[1] && boxes[2] == boxes[3] && boxes[1] != boxes[2]) {
                        continue;
                    }
                    let eliminations: Vec<(u16, u8)> =
                        digits(mask).map(|value| (odd as u16, value)).collect();
                    let mut pattern = vec![corner as u16, across as u16, down as u16, odd as u16];
                    pattern.sort_unstable();
                    return Some(self.told(VariantStep {
                        pattern,
                        account: Account::UniqueRectangle {
                            corners: [corner as u16, across as u16, down as u16],
                            odd: odd as u16,
                            digits: mask,
                        },
                        eliminations,
                        ..VariantStep::new(Technique::UniqueRectangle, "Unique Rectangle", 45)
                    }));
                }
            }
        }
        None
    }

    /// XY-wing (pivot with two candidates) or XYZ-wing (pivot with three, seen by the
    /// eliminations too): pincers {x,z} and {y,z} seeing the pivot remove z from the cells
    /// that see both pincers (and the pivot for XYZ).
    fn wing(&self, xyz: bool) -> Option<VariantStep> {
        let geometry = self.geometry;
        let pivot_count = if xyz { 3 } else { 2 };
        for pivot in 0..geometry.cells() {
            let pivot_mask = self.candidates[pivot];
            if self.values[pivot] != 0 || pivot_mask.count_ones() != pivot_count {
                continue;
            }
            let pincers: Vec<usize> = geometry
                .peers(pivot)
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| {
                    let mask = self.candidates[c];
                    mask.count_ones() == 2
                        && if xyz {
                            mask & pivot_mask == mask
                        } else {
                            (mask & pivot_mask).count_ones() == 1
                        }
                })
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    let (ma, mb) = (self.candidates[a], self.candidates[b]);
                    if ma == mb {
                        continue;
                    }
                    let z = ma & mb;
                    if z.count_ones() != 1 {
                        continue;
                    }
                    if xyz {
                        if ma | mb != pivot_mask {
                            continue;
                        }
                    } else if (ma | mb) & !z != pivot_mask || pivot_mask & z != 0 {
                        continue;
                    }
                    let mut seen = geometry.peer_set(a).intersection(geometry.peer_set(b));
                    if xyz {
                        seen = seen.intersection(geometry.peer_set(pivot));
                    }
                    seen.remove(pivot);
                    let eliminations = self.eliminations(seen, z);
                    if eliminations.is_empty() {
                        continue;
                    }
                    let (technique, name) = if xyz {
                        (Technique::XYZWing, "XYZ-Wing")
                    } else {
                        (Technique::XYWing, "XY-Wing")
                    };
                    let mut pattern = vec![pivot as u16, a as u16, b as u16];
                    pattern.sort_unstable();
                    return Some(self.told(VariantStep {
                        pattern,
                        houses: geometry.houses_of(pivot).to_vec(),
                        account: Account::Wing {
                            pivot: pivot as u16,
                            pincers: [a as u16, b as u16],
                            masks: [pivot_mask, ma, mb],
                            digit: z,
                        },
                        eliminations,
                        ..VariantStep::new(technique, name, if xyz { 44 } else { 42 })
                    }));
                }
            }
        }
        None
    }
}

/// Calls `visit` with each `k`-subset of `0..n` (ascending indices) until it returns true.
pub fn combinations(n: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
    if k > n || k == 0 {
        return;
    }
    let mut chosen: Vec<usize> = (0..k).collect();
    loop {
        if visit(&chosen) {
            return;
        }
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if chosen[i] < n - k + i {
                break;
            }
            if i == 0 {
                return;
            }
        }
        chosen[i] += 1;
        for j in i + 1..k {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}
