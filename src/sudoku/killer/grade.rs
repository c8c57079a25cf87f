//! Grading killers by the human techniques they need, easiest first, each step explained.
//!
//! The position is the house grader's [`Board`] with every cage's other cells as more
//! peers (no digit twice in a cage); the classic steps are that grader's, the killer steps
//! are this module's. The ladder, in the order tried (ratings in tenths of the Sudoku
//! Explainer scale, whose classic steps keep their SE weights):
//!
//! | rating | technique |
//! |---|---|
//! | 1.3 | cage marks: every cage's cells keep the digits of the sets that make its remaining sum (first step, and again as digits are placed) |
//! | 1.0 | full house |
//! | 1.2 | hidden single in a box |
//! | 1.3 | cage combination: a cage's remaining sum has one set of digits (3 in two cells is 1+2) |
//! | 1.5 | hidden single in a row or column |
//! | 2.0 | cage combination: the cage's cells keep the digits of the sets that still fit |
//! | 2.3 | naked single |
//! | 2.5 | innies and outies over one house (the rule of 45) |
//! | 2.6 | combination locking: a cage's needed digit confined to one house, or a house's digit confined to one cage |
//! | 2.6 / 2.8 | pointing / claiming |
//! | 3.0 | innies and outies over two to four adjoining rows, columns, or two boxes |
//! | 3.0 – 4.0 | naked and hidden pairs and triples, X-wing, swordfish |
//! | 3.3 | cage splitting: the rule of 45 fixes the sum of a cage's part inside some houses, so its part outside makes up the rest |
//! | 4.2 / 4.4 | XY-wing / XYZ-wing |
//! | 5.0 – 5.4 | quads, jellyfish |
//! | 6.5 | contradiction: a candidate that leads, by cages, houses and singles, to a contradiction |
//! | 20.0 | trial and error (flagged): a digit taken from the solution |
//!
//! The rating is the hardest step; the tiers are easy ≤ 2.5 (cage combinations, singles
//! and the rule of 45 over one house: a killer without givens nearly always needs that),
//! medium ≤ 2.8 (combination locking, pointing, claiming), hard ≤ 4.0 (the rule of 45
//! over several houses, cage splitting, subsets, fish), expert ≤ 6.5 (wings, quads,
//! contradictions) and extreme above (trial and error). Uniqueness arguments (unique rectangles) are left out: swapping two
//! digits changes cage sums, so they do not hold in a killer.

use std::cell::{Cell, RefCell};

use arrayvec::ArrayVec;

use super::Killer;
use super::solver::{CELLS, Context, KillerSolution, assign, combinations, solve};
use super::words::{CageAccount, CageName, Combination, Rule45};
use crate::error::{Error, Result};
use crate::i18n::Language;
use crate::sudoku::grade::{Technique, Tier};
use crate::sudoku::variant::geometry::{CellSet, Geometry, HouseKind, Size};
use crate::sudoku::variant::grade::{
    Account, Board, VariantGradeOptions, VariantGrading, VariantStep, bit, digits, solve_in_steps,
};
use crate::sudoku::variant::grid::VariantGrid;
use crate::sudoku::variant::words;

/// A killer's grade: the house grader's result, its steps with killer techniques.
pub type KillerGrading = VariantGrading;

/// How to grade: the house grader's options (steps kept with their words, a deadline, a
/// rating to stop above).
pub type KillerGradeOptions = VariantGradeOptions;

/// The killer tiers, easiest first (no `diabolical`: past the contradictions of `expert`
/// comes trial and error).
pub const TIERS: [Tier; 5] = [
    Tier::Easy,
    Tier::Medium,
    Tier::Hard,
    Tier::Expert,
    Tier::Extreme,
];

/// The highest rating of each tier but the last, easiest first.
const TIER_TOPS: [(Tier, u16); 4] = [
    (Tier::Easy, 25),
    (Tier::Medium, 28),
    (Tier::Hard, 40),
    (Tier::Expert, 65),
];

/// The tier of a killer rating.
pub fn tier_of(rating_tenths: u16) -> Tier {
    TIER_TOPS
        .iter()
        .find(|&&(_, top)| rating_tenths <= top)
        .map_or(Tier::Extreme, |&(tier, _)| tier)
}

/// The ratings of a killer tier, (lowest, highest); an input error for a tier killers
/// do not have.
pub fn tier_range(tier: Tier) -> Result<(u16, u16)> {
    let index = TIERS.iter().position(|&t| t == tier).ok_or_else(|| {
        Error::input(format!(
            "killers are graded easy, medium, hard, expert or extreme, not {tier}"
        ))
    })?;
    let low = if index == 0 {
        0
    } else {
        TIER_TOPS[index - 1].1 + 1
    };
    let high = TIER_TOPS.get(index).map_or(u16::MAX, |&(_, top)| top);
    Ok((low, high))
}

/// The tier a killer asked to use `techniques` (`--needs`, `--hardest`) is made at: the
/// one asked, refused when no killer of it can meet them, else the easiest tier whose
/// ratings they fit (`None` with neither techniques nor a tier).
pub fn tier_for(
    techniques: &crate::sudoku::grade::target::TechniqueTarget,
    asked: Option<Tier>,
) -> Result<Option<Tier>> {
    if techniques.is_empty() {
        return Ok(asked);
    }
    let ratings = |tier: Tier| -> Result<crate::sudoku::grade::RatingRange> {
        let (min, max) = tier_range(tier)?;
        Ok(crate::sudoku::grade::RatingRange { min, max })
    };
    if let Some(tier) = asked {
        techniques.within(ratings(tier)?)?;
        return Ok(Some(tier));
    }
    for tier in TIERS {
        if techniques.within(ratings(tier)?).is_ok() {
            return Ok(Some(tier));
        }
    }
    Err(Error::input(format!(
        "no killer tier fits a solve {techniques}"
    )))
}

/// Checks that killers of `size` come in `tier`: every tier is a tier of the killer scale,
/// and `extreme` (trial and error) is a 9×9 tier only — the contradiction rule settles
/// every 4×4 and 6×6 killer (none of 3000 of each needed more), so asking for one would
/// search without end.
pub fn check_tier(size: Size, tier: Tier) -> Result<()> {
    tier_range(tier)?;
    if tier == Tier::Extreme && size.side() < 9 {
        return Err(Error::input(format!("a {size} killer is never extreme"))
            .with_hint(format!(
                "contradictions (6.5) solve every {size} killer without trial and error; choose expert, or a 9x9 killer"
            )));
    }
    Ok(())
}

/// How many cages a 9×9 killer (or the same share of a smaller grid) is made with to
/// reach `tier`: more cages, easier puzzles, and fewer cages cost more uniqueness checks.
/// Each count is the one that made puzzles of its tier fastest (easy 33, hard 28 and
/// expert 26 measured over 60 attempts per count; medium 30 and extreme 23 measured again
/// once the solver remembered cage fits, over 300 and 20–44 puzzles per count on three
/// seeds: medium 15% faster than with 29, extreme about 0.5 s a puzzle against 0.6–0.9 s
/// with 21; extreme needs trial and error, which comes among the fewer cages).
///
/// 6×6 killers have their own counts, measured the same way over 40 puzzles per count and
/// two seeds: there the harder tiers come far sooner with fewer, larger cages (a medium
/// 6×6 in 8 ms with 10 cages against 60 ms with the 14 the 9×9 share gives).
pub fn cages_for(tier: Tier, cells: usize) -> usize {
    if cells == 36 {
        return match tier {
            Tier::Easy => 15,
            Tier::Medium => 10,
            _ => 11,
        };
    }
    let per_81 = match tier {
        Tier::Easy => 33,
        Tier::Medium => 30,
        Tier::Hard => 28,
        Tier::Expert => 26,
        _ => 23,
    };
    (cells * per_81).div_ceil(81)
}

/// Grades a killer with one solution; an input error when it has none or several.
pub fn grade(killer: &Killer) -> Result<KillerGrading> {
    grade_with(killer, &KillerGradeOptions::default())
}

/// [`grade`] with options.
pub fn grade_with(killer: &Killer, options: &KillerGradeOptions) -> Result<KillerGrading> {
    let solution = match solve(killer) {
        KillerSolution::Unique(solution) => solution,
        KillerSolution::None => return Err(Error::input("this killer has no solution")),
        KillerSolution::Multiple(..) => {
            return Err(Error::input("this killer has more than one solution")
                .with_hint("only puzzles with exactly one solution are graded"));
        }
    };
    grade_unique(killer, &solution, options)
}

/// Grades a killer whose unique solution is known.
pub fn grade_unique(
    killer: &Killer,
    solution: &[u8],
    options: &KillerGradeOptions,
) -> Result<KillerGrading> {
    let solution = VariantGrid::from_cells(killer.geometry().clone(), solution.to_vec());
    let rules = Rules::new(killer);
    solve_in_steps(
        rules.board(),
        &solution,
        options,
        |board| rules.next_step(board),
        tier_of,
    )
}

/// A set of houses the rule of 45 is applied to, and how the cages lie on it.
struct Region {
    cells: CellSet,
    houses: Vec<u16>,
    total: u16,
    /// The sums of the cages wholly inside, and of those inside or crossing.
    inside_sum: u16,
    touching_sum: u16,
    /// The cages partly inside.
    crossing: Vec<usize>,
    /// Their cells inside the region and outside it.
    crossing_inside: CellSet,
    crossing_outside: CellSet,
}

/// A group of cells whose digits add up to a known sum (a cage's open cells, innies…),
/// kept on the stack: groups are gathered at every step. No rule narrows a group of more
/// cells than a house has; a larger one keeps its sum and is only marked too large.
struct Group {
    cells: ArrayVec<usize, MOST_GROUP_CELLS>,
    sum: u16,
    too_large: bool,
}

impl Group {
    fn new(sum: u16) -> Group {
        Group {
            cells: ArrayVec::new(),
            sum,
            too_large: false,
        }
    }

    fn push(&mut self, cell: usize) {
        self.too_large |= self.cells.try_push(cell).is_err();
    }
}

/// The most cells of a group (a 9×9 house's).
const MOST_GROUP_CELLS: usize = 9;

/// The most sets of distinct digits that make one sum in a given number of cells (12: four
/// digits making 20, or five making 25).
const MOST_SETS: usize = 12;

/// The killer's fixed parts for grading: cages, the cells each cell may not repeat, the
/// regions for the rule of 45, and the exact solver's propagation for contradictions.
pub(crate) struct Rules<'k> {
    killer: &'k Killer,
    cage_mates: Vec<CellSet>,
    cage_sets: Vec<CellSet>,
    /// Single houses first, then the regions of several houses.
    regions: Vec<Region>,
    singles: usize,
    context: Context,
    /// Each cage's last fit and the position it was worked out for.
    fits: Vec<RefCell<Option<KeptFit>>>,
    /// Per cage, the generation of its key (see [`KeyedPosition`]) in which it last gave
    /// nothing to a rule (indexed by [`Quiet`]; 0 for none): unchanged, it gives nothing
    /// again.
    quiet_cages: Vec<[Cell<u32>; 3]>,
    /// Each cage's [`FitKey`] in the position being stepped from: several rules look at
    /// every cage, and from one step to the next only the cages of changed cells need new
    /// keys.
    keyed: RefCell<KeyedPosition>,
}

/// The position the cages' keys were last worked out for (its candidates, beyond the
/// grid's cells none), the keys, and each key's generation: it goes up by one whenever
/// the key changes (candidates only shrink and cells only fill, so a key never comes
/// back), and from 1, so that rules compare a number rather than a key.
struct KeyedPosition {
    candidates: [u16; KEYED_CELLS],
    keys: Vec<FitKey>,
    generations: Vec<u32>,
}

/// Cells compared at once when looking for the ones that changed.
const KEYED_RUN: usize = 8;

/// A killer's cells rounded up to whole runs.
const KEYED_CELLS: usize = CELLS.div_ceil(KEYED_RUN) * KEYED_RUN;

/// The cage rules whose silence is remembered per cage (see `Rules::quiet_cages`).
#[derive(Clone, Copy)]
enum Quiet {
    /// Combination steps that leave one digit set.
    SingleSet = 0,
    /// The other combination steps.
    SeveralSets = 1,
    /// The first marks of a cage's combinations.
    Marks = 2,
}

/// A cage's fit kept with what it was worked out for.
type KeptFit = (u32, CageFit);

/// What a cage's fit depends on: its open cells' candidates, its placed digits, its sum.
#[derive(Clone, Copy, PartialEq, Eq)]
struct FitKey {
    masks: [u16; 9],
    placed: u16,
    sum: u16,
}

/// The most open cells of an innie or outie group (or a split cage's part) that the rule
/// of 45 narrows: more is beyond what solvers add up by hand.
const MOST_MIXED_CELLS: usize = 4;

/// One digit mask for each cell of a group the rule of 45 narrows.
type GroupFits = ArrayVec<u16, MOST_MIXED_CELLS>;

impl<'k> Rules<'k> {
    pub(crate) fn new(killer: &'k Killer) -> Rules<'k> {
        let geometry = killer.geometry();
        let cage_sets: Vec<CellSet> = killer
            .cages()
            .iter()
            .map(|cage| cage.cells.iter().map(|&c| usize::from(c)).collect())
            .collect();
        let cage_mates = (0..geometry.cells())
            .map(|cell| {
                let mut mates = cage_sets[usize::from(killer.cage_of()[cell])];
                mates.remove(cell);
                mates
            })
            .collect();
        let mut houses: Vec<Vec<u16>> = (0..geometry.house_count())
            .map(|house| vec![house as u16])
            .collect();
        let singles = houses.len();
        houses.extend(several_houses(geometry));
        let total: u16 = (1..=geometry.side() as u16).sum();
        // A killer has at most 81 cells: cell sets are worked out as 128-bit masks.
        let cage_masks: Vec<u128> = cage_sets.iter().map(CellSet::low_mask).collect();
        let regions = houses
            .into_iter()
            .map(|houses| {
                let cells = houses.iter().fold(0u128, |set, &house| {
                    set | geometry.house_set(usize::from(house)).low_mask()
                });
                let (mut inside_sum, mut touching_sum) = (0, 0);
                let mut crossing = Vec::new();
                let mut crossing_cells = 0u128;
                for (index, &cage) in cage_masks.iter().enumerate() {
                    let sum = killer.cages()[index].sum;
                    if cage & !cells == 0 {
                        inside_sum += sum;
                        touching_sum += sum;
                    } else if cage & cells != 0 {
                        crossing.push(index);
                        crossing_cells |= cage;
                        touching_sum += sum;
                    }
                }
                Region {
                    crossing_inside: CellSet::from_low_mask(crossing_cells & cells),
                    crossing_outside: CellSet::from_low_mask(crossing_cells & !cells),
                    cells: CellSet::from_low_mask(cells),
                    total: total * houses.len() as u16,
                    houses,
                    inside_sum,
                    touching_sum,
                    crossing,
                }
            })
            .collect();
        Rules {
            killer,
            cage_mates,
            cage_sets,
            regions,
            singles,
            context: Context::for_grading(killer),
            fits: (0..killer.cages().len())
                .map(|_| RefCell::new(None))
                .collect(),
            quiet_cages: (0..killer.cages().len())
                .map(|_| Default::default())
                .collect(),
            keyed: RefCell::new(KeyedPosition {
                candidates: [0; KEYED_CELLS],
                keys: Vec::new(),
                generations: vec![1; killer.cages().len()],
            }),
        }
    }

    /// The starting position: the givens placed.
    pub(crate) fn board(&self) -> Board<'_> {
        let geometry = self.killer.geometry();
        let givens = VariantGrid::from_cells(geometry.clone(), self.killer.givens().to_vec());
        Board::with_extra_peers(geometry, Some(&self.cage_mates), &givens)
    }

    fn geometry(&self) -> &Geometry {
        self.killer.geometry()
    }

    /// The easiest step of the ladder (module docs).
    fn next_step(&self, board: &Board) -> Option<VariantStep> {
        self.update_keys(board);
        // Tried in order, the first step found is the answer (a list, not a chain of
        // `or_else`, so the step is moved once rather than through every link).
        let rules: [&dyn Fn() -> Option<VariantStep>; 25] = [
            &|| self.cage_marks(board),
            &|| board.full_house(),
            &|| board.hidden_single(true),
            &|| self.cage_combination(board, true),
            &|| board.hidden_single(false),
            &|| self.cage_combination(board, false),
            &|| board.naked_single(),
            &|| self.innies_outies(board, false),
            &|| self.combination_locking(board),
            &|| board.intersection(true),
            &|| board.intersection(false),
            &|| self.innies_outies(board, true),
            &|| board.naked_subset(2),
            &|| board.fish(2),
            &|| self.cage_splitting(board),
            &|| board.hidden_subset(2),
            &|| board.naked_subset(3),
            &|| board.fish(3),
            &|| board.hidden_subset(3),
            &|| board.xy_wing(),
            &|| board.xyz_wing(),
            &|| board.naked_subset(4),
            &|| board.fish(4),
            &|| board.hidden_subset(4),
            &|| self.contradiction(board),
        ];
        rules.iter().find_map(|rule| rule())
    }

    /// Works out the keys of the cages whose cells changed since the last position.
    fn update_keys(&self, board: &Board) {
        let mut keyed = self.keyed.borrow_mut();
        let cells = self.geometry().cells();
        if keyed.keys.is_empty() {
            keyed.keys = (0..self.cage_sets.len())
                .map(|cage| self.fit_key(board, cage))
                .collect();
        } else {
            // A cell's candidates change whenever anything about it does (a placed cell's
            // go to none). At most 81 cages: one bit each.
            let mut stale = 0u128;
            for start in (0..cells).step_by(KEYED_RUN) {
                let run = start..start + KEYED_RUN;
                if keyed.candidates[run.clone()] == board.candidates[run.clone()] {
                    continue;
                }
                for cell in run.take_while(|&cell| cell < cells) {
                    if keyed.candidates[cell] != board.candidates[cell] {
                        stale |= 1 << self.killer.cage_of()[cell];
                    }
                }
            }
            while stale != 0 {
                let cage = stale.trailing_zeros() as usize;
                stale &= stale - 1;
                keyed.keys[cage] = self.fit_key(board, cage);
                keyed.generations[cage] += 1;
            }
        }
        keyed.candidates[..cells].copy_from_slice(&board.candidates[..cells]);
    }

    /// A cage's key in the position being stepped from.
    fn key(&self, cage: usize) -> FitKey {
        self.keyed.borrow().keys[cage]
    }

    /// The generation of a cage's key in the position being stepped from.
    fn generation(&self, cage: usize) -> u32 {
        self.keyed.borrow().generations[cage]
    }

    /// A cage by its sum and the cell its sum is printed in.
    fn cage_name(&self, cage: usize) -> CageName {
        CageName {
            sum: self.killer.cages()[cage].sum,
            first: self.cage_sets[cage].first().unwrap_or(0) as u16,
        }
    }

    /// What fits a cage's open cells, for telling.
    fn combination(&self, cage: usize, group: &Group, fit: &CageFit) -> Combination {
        Combination {
            cage: self.cage_name(cage),
            whole: group.cells.len() == self.cage_sets[cage].len(),
            cells: group.cells.iter().map(|&cell| cell as u16).collect(),
            sum: group.sum,
            possible: fit.possible.len(),
            sets: fit.sets.to_vec(),
        }
    }

    /// The rule of 45 over `region` for `group` (its innies or outies), for telling.
    fn rule_of_45(&self, region: &Region, group: &Group, inner: bool) -> Rule45 {
        Rule45 {
            houses: region.houses.clone(),
            total: region.total,
            cages: if inner {
                region.inside_sum
            } else {
                region.touching_sum
            },
            inner,
            cells: group.cells.iter().map(|&cell| cell as u16).collect(),
            sum: group.sum,
        }
    }

    /// Gives a step its account and its English reasoning (`explanation`), when the
    /// grading keeps words.
    fn tell(&self, board: &Board, step: &mut VariantStep, account: impl FnOnce() -> CageAccount) {
        if board.describe {
            step.account = Account::Cage(Box::new(account()));
            step.explanation = words::reasoning(step, self.geometry(), Language::ENGLISH);
        }
    }

    /// A cage's open cells and what they must add up to, and the digits already in it.
    fn open_part(&self, board: &Board, cage: usize) -> (Group, u16) {
        let mut group = Group::new(self.killer.cages()[cage].sum);
        let mut placed = 0u16;
        for &cell in &self.killer.cages()[cage].cells {
            let cell = usize::from(cell);
            match board.values[cell] {
                0 => group.push(cell),
                value => {
                    group.sum = group.sum.saturating_sub(u16::from(value));
                    placed |= bit(value);
                }
            }
        }
        (group, placed)
    }

    /// What a cage's combinations depend on in `board`: its open cells' candidates, its
    /// placed digits and the sum left.
    fn fit_key(&self, board: &Board, cage: usize) -> FitKey {
        let mut key = FitKey {
            masks: [0; 9],
            placed: 0,
            sum: self.killer.cages()[cage].sum,
        };
        let mut open = 0;
        for &cell in &self.killer.cages()[cage].cells {
            let cell = usize::from(cell);
            match board.values[cell] {
                0 => {
                    key.masks[open] = board.candidates[cell];
                    open += 1;
                }
                value => {
                    key.sum = key.sum.saturating_sub(u16::from(value));
                    key.placed |= bit(value);
                }
            }
        }
        key
    }

    /// The digit sets (bit `d - 1`) that can fill a cage's open cells: those making their
    /// sum without the digits already placed in it and that its cells' candidates allow,
    /// with the digits each cell takes in some of them.
    fn cage_sets_fitting(&self, board: &Board, cage: usize, group: &Group, placed: u16) -> CageFit {
        let generation = self.generation(cage);
        // Most cages are unchanged from one step to the next: their fit is kept.
        if let Some((last, fit)) = &self.fits[cage].borrow().as_ref()
            && *last == generation
        {
            return fit.clone();
        }
        let key = self.key(cage);
        debug_assert!(key == self.fit_key(board, cage) && key.placed == placed);
        let side = self.geometry().side();
        let masks = &key.masks[..group.cells.len()];
        let union = masks.iter().fold(0, |all, &mask| all | mask);
        let mut fit = CageFit {
            possible: ArrayVec::new(),
            sets: ArrayVec::new(),
            fits: ArrayVec::new(),
        };
        let mut found = [0u16; 9];
        for &digits in combinations(group.cells.len(), group.sum, side) {
            let digits = digits >> 1;
            if digits & placed != 0 {
                continue;
            }
            fit.possible.push(digits);
            if digits & !union != 0 {
                continue;
            }
            if assign(masks, digits, &mut found) {
                fit.sets.push(digits);
            }
        }
        fit.fits
            .try_extend_from_slice(&found[..group.cells.len()])
            .expect("a cage has at most nine cells");
        *self.fits[cage].borrow_mut() = Some((generation, fit.clone()));
        fit
    }

    /// Cage marks: every cage's open cells keep only the digits of the sets of different
    /// digits that make the cage's remaining sum (without the digits placed in it), all
    /// cages at once, as a solver pencils a killer in.
    fn cage_marks(&self, board: &Board) -> Option<VariantStep> {
        let mut eliminations = Vec::new();
        let mut pattern = Vec::new();
        let mut example = None;
        for cage in 0..self.cage_sets.len() {
            let quiet = &self.quiet_cages[cage][Quiet::Marks as usize];
            let generation = self.generation(cage);
            if quiet.get() == generation {
                continue;
            }
            let (group, placed) = self.open_part(board, cage);
            let side = self.geometry().side();
            let allowed = combinations(group.cells.len(), group.sum, side)
                .iter()
                .map(|&set| set >> 1)
                .filter(|&set| set & placed == 0)
                .fold(0u16, |all, set| all | set);
            let before = eliminations.len();
            for &cell in &group.cells {
                for value in digits(board.candidates[cell] & !allowed) {
                    eliminations.push((cell as u16, value));
                }
            }
            if eliminations.len() == before {
                quiet.set(generation);
            } else {
                pattern.extend(self.cage_sets[cage].iter().map(|c| c as u16));
                let sets = combinations(group.cells.len(), group.sum, side).len();
                if example.is_none_or(|(_, count)| sets < count) && group.cells.len() > 1 {
                    example = Some((cage, sets));
                }
            }
        }
        if eliminations.is_empty() {
            return None;
        }
        eliminations.sort_unstable();
        pattern.sort_unstable();
        let mut step = VariantStep {
            pattern,
            eliminations,
            ..VariantStep::new(
                Technique::CageCombination,
                Technique::CageCombination.name(),
                13,
            )
        };
        self.tell(board, &mut step, || CageAccount::Marks {
            example: example.map(|(cage, _)| {
                let (group, placed) = self.open_part(board, cage);
                let fit = self.cage_sets_fitting(board, cage, &group, placed);
                self.combination(cage, &group, &fit)
            }),
        });
        Some(step)
    }

    /// Cage combinations: a cage's open cells keep only the digits of the digit sets that
    /// make their sum and fit; a digit every set needs with one place in the cage goes
    /// there. `single`: only cages whose sum has one set (the easy ones to see).
    fn cage_combination(&self, board: &Board, single: bool) -> Option<VariantStep> {
        for cage in 0..self.cage_sets.len() {
            let rule = if single {
                Quiet::SingleSet
            } else {
                Quiet::SeveralSets
            };
            let quiet = &self.quiet_cages[cage][rule as usize];
            let generation = self.generation(cage);
            if quiet.get() == generation {
                continue;
            }
            quiet.set(generation);
            let (group, placed) = self.open_part(board, cage);
            if group.cells.is_empty() {
                continue;
            }
            // Counting the sets is cheaper than fitting them: the one-set pass skips the rest.
            if single && !has_one_set(&group, placed, self.geometry().side()) {
                continue;
            }
            let fit = self.cage_sets_fitting(board, cage, &group, placed);
            if (fit.possible.len() == 1) != single || fit.sets.is_empty() {
                continue;
            }
            let needed = fit.sets.iter().fold(u16::MAX, |all, &set| all & set);
            let Some(mut step) = self.narrowing(board, &group.cells, &fit.fits, needed) else {
                continue;
            };
            quiet.set(0);
            let (technique, rating) = (Technique::CageCombination, if single { 13 } else { 20 });
            step.technique = technique;
            step.name = technique.name().to_string();
            step.rating_tenths = rating;
            step.pattern = self.cage_sets[cage].iter().map(|c| c as u16).collect();
            self.tell(board, &mut step, || {
                CageAccount::Combination(self.combination(cage, &group, &fit))
            });
            return Some(step);
        }
        None
    }

    /// What narrowing `cells` to `fits` does, when it changes anything: placements when it
    /// leaves a cell one digit or a `needed` digit one place, otherwise the removals.
    fn narrowing(
        &self,
        board: &Board,
        cells: &[usize],
        fits: &[u16],
        needed: u16,
    ) -> Option<VariantStep> {
        let mut step = VariantStep::new(Technique::CageCombination, "", 0);
        for (&cell, &fit) in cells.iter().zip(fits) {
            if fit.count_ones() == 1 && board.candidates[cell].count_ones() > 1 {
                step.placements
                    .push((cell as u16, fit.trailing_zeros() as u8 + 1));
            }
        }
        if step.placements.is_empty() {
            for value in digits(needed) {
                let places: Vec<usize> = cells
                    .iter()
                    .zip(fits)
                    .filter(|&(_, &fit)| fit & bit(value) != 0)
                    .map(|(&cell, _)| cell)
                    .collect();
                if let [only] = places[..]
                    && board.candidates[only] != bit(value)
                {
                    step.placements.push((only as u16, value));
                    break;
                }
            }
        }
        if step.placements.is_empty() {
            for (&cell, &fit) in cells.iter().zip(fits) {
                for value in digits(board.candidates[cell] & !fit) {
                    step.eliminations.push((cell as u16, value));
                }
            }
        }
        (!step.placements.is_empty() || !step.eliminations.is_empty()).then_some(step)
    }

    /// Combination locking, both ways: a digit every fitting set of a cage needs, whose
    /// places in the cage share a house, leaves the rest of that house; a digit whose places
    /// in a house all lie in one cage is in that cage, which drops the sets without it.
    fn combination_locking(&self, board: &Board) -> Option<VariantStep> {
        let geometry = self.geometry();
        for cage in 0..self.cage_sets.len() {
            let (group, placed) = self.open_part(board, cage);
            if group.cells.len() < 2 {
                continue;
            }
            let fit = self.cage_sets_fitting(board, cage, &group, placed);
            let needed = fit.sets.iter().fold(u16::MAX, |all, &set| all & set);
            if fit.sets.is_empty() {
                continue;
            }
            // Every needed digit leaves the rest of each house its places in the cage share.
            let mut eliminations = Vec::new();
            let mut houses: Vec<u16> = Vec::new();
            let mut locked = 0u16;
            for value in digits(needed & !placed) {
                let places: CellSet = group
                    .cells
                    .iter()
                    .copied()
                    .filter(|&cell| board.candidates[cell] & bit(value) != 0)
                    .collect();
                if places.len() < 2 {
                    continue;
                }
                for house in 0..geometry.house_count() {
                    if !places.difference(geometry.house_set(house)).is_empty() {
                        continue;
                    }
                    let targets = board.places(house, value).difference(self.cage_sets[cage]);
                    if targets.is_empty() {
                        continue;
                    }
                    for (cell, value) in board.eliminations(targets, bit(value)) {
                        if !eliminations.contains(&(cell, value)) {
                            eliminations.push((cell, value));
                        }
                    }
                    locked |= bit(value);
                    if !houses.contains(&(house as u16)) {
                        houses.push(house as u16);
                    }
                }
            }
            if eliminations.is_empty() {
                continue;
            }
            eliminations.sort_unstable();
            let mut step = VariantStep {
                pattern: self.cage_sets[cage].iter().map(|c| c as u16).collect(),
                houses: houses.clone(),
                eliminations,
                ..VariantStep::new(
                    Technique::CombinationLocking,
                    Technique::CombinationLocking.name(),
                    26,
                )
            };
            self.tell(board, &mut step, || CageAccount::Locked {
                cage: self.cage_name(cage),
                sets: fit.sets.to_vec(),
                digits: locked,
                houses,
            });
            return Some(step);
        }
        for house in 0..geometry.house_count() {
            for value in 1..=geometry.side() as u8 {
                let places = board.places(house, value);
                let Some(first) = places.first() else {
                    continue;
                };
                let cage = usize::from(self.killer.cage_of()[first]);
                if !places.difference(self.cage_sets[cage]).is_empty() {
                    continue;
                }
                let (group, placed) = self.open_part(board, cage);
                let fit = self.cage_sets_fitting(board, cage, &group, placed);
                let with: Vec<u16> = fit
                    .sets
                    .iter()
                    .copied()
                    .filter(|&set| set & bit(value) != 0)
                    .collect();
                if with.len() == fit.sets.len() || with.is_empty() {
                    continue;
                }
                let masks: Vec<u16> = group.cells.iter().map(|&c| board.candidates[c]).collect();
                let mut fits = vec![0u16; group.cells.len()];
                for &set in &with {
                    let mut found = [0u16; 9];
                    assign(&masks, set, &mut found);
                    for (k, fit) in fits.iter_mut().enumerate() {
                        *fit |= found[k];
                    }
                }
                let needed = with.iter().fold(u16::MAX, |all, &set| all & set);
                let Some(mut step) = self.narrowing(board, &group.cells, &fits, needed) else {
                    continue;
                };
                step.technique = Technique::CombinationLocking;
                step.name = Technique::CombinationLocking.name().to_string();
                step.rating_tenths = 26;
                step.pattern = places.iter().map(|c| c as u16).collect();
                step.houses = vec![house as u16];
                self.tell(board, &mut step, || CageAccount::Held {
                    house: house as u16,
                    digit: value,
                    cage: self.cage_name(cage),
                    sets: with.clone(),
                });
                return Some(step);
            }
        }
        None
    }

    /// The innies of a region (its cells in crossing cages, open ones) and their sum, and
    /// the outies (the crossing cages' cells outside) and theirs.
    fn innies_and_outies(&self, board: &Board, region: &Region) -> (Group, Group) {
        let mut innies = Group::new(region.total.saturating_sub(region.inside_sum));
        let mut outies = Group::new(region.touching_sum.saturating_sub(region.total));
        for &cage in &region.crossing {
            for cell in self.cage_sets[cage].iter() {
                let group = if region.cells.contains(cell) {
                    &mut innies
                } else {
                    &mut outies
                };
                match board.values[cell] {
                    0 => group.push(cell),
                    value => group.sum = group.sum.saturating_sub(u16::from(value)),
                }
            }
        }
        (innies, outies)
    }

    /// The digits each of `group`'s cells takes in some filling that makes its sum, no
    /// digit twice among cells that see each other (or share a cage); `None` when the group
    /// is too large to try or nothing fits. Worked out by the solver's context, which
    /// remembers them (the same group in the same position recurs from step to step).
    fn group_fits(&self, board: &Board, group: &Group) -> Option<GroupFits> {
        let count = group.cells.len();
        if group.too_large || count > MOST_MIXED_CELLS {
            return None;
        }
        // The solver's candidates have bit `d` for digit `d`.
        let mut masks = [0u16; MOST_MIXED_CELLS];
        for (mask, &cell) in masks.iter_mut().zip(&group.cells) {
            *mask = board.candidates[cell] << 1;
        }
        let fits = self
            .context
            .group_fits(&group.cells, &masks[..count], group.sum)?;
        Some(fits[..count].iter().map(|&fit| fit >> 1).collect())
    }

    /// Innies and outies: the rule of 45 over one house (`several` false) or over several
    /// adjoining houses.
    fn innies_outies(&self, board: &Board, several: bool) -> Option<VariantStep> {
        let range = if several {
            self.singles..self.regions.len()
        } else {
            0..self.singles
        };
        for region in &self.regions[range] {
            // Only groups of one to MOST_MIXED_CELLS open cells are narrowed.
            let narrowed = |cells: CellSet| {
                (1..=MOST_MIXED_CELLS).contains(&cells.difference(board.filled()).len())
            };
            if !narrowed(region.crossing_inside) && !narrowed(region.crossing_outside) {
                continue;
            }
            let (innies, outies) = self.innies_and_outies(board, region);
            for (group, inner) in [(&innies, true), (&outies, false)] {
                if group.cells.is_empty() {
                    continue;
                }
                let Some(fits) = self.group_fits(board, group) else {
                    continue;
                };
                let Some(mut step) = self.narrowing(board, &group.cells, &fits, 0) else {
                    continue;
                };
                step.technique = Technique::InniesOuties;
                step.name = Technique::InniesOuties.name().to_string();
                step.rating_tenths = if several { 30 } else { 25 };
                step.pattern = group.cells.iter().map(|&c| c as u16).collect();
                step.houses = region.houses.clone();
                self.tell(board, &mut step, || {
                    CageAccount::Rule45(self.rule_of_45(region, group, inner))
                });
                return Some(step);
            }
        }
        None
    }

    /// Cage splitting: when every innie of a region outside one crossing cage is placed,
    /// the rule of 45 fixes the sum of that cage's part inside, and its part outside makes
    /// up the rest of the cage's sum (and the same from the outies' side).
    fn cage_splitting(&self, board: &Board) -> Option<VariantStep> {
        for region in &self.regions {
            if region.crossing.len() < 2 {
                continue;
            }
            let (innies, outies) = self.innies_and_outies(board, region);
            for (group, inner) in [(&innies, true), (&outies, false)] {
                let Some(&first) = group.cells.first() else {
                    continue;
                };
                if group.too_large {
                    continue;
                }
                let cage = usize::from(self.killer.cage_of()[first]);
                if !group
                    .cells
                    .iter()
                    .all(|&cell| usize::from(self.killer.cage_of()[cell]) == cage)
                {
                    continue;
                }
                // The cage's part on the other side of the region's edge.
                let mut rest = Group::new(self.killer.cages()[cage].sum);
                let mut known = group.sum;
                for cell in self.cage_sets[cage].iter() {
                    let on_group_side = region.cells.contains(cell) == inner;
                    match (board.values[cell], on_group_side) {
                        (0, false) => rest.push(cell),
                        (value, true) if value != 0 => known += u16::from(value),
                        (value, false) => rest.sum = rest.sum.saturating_sub(u16::from(value)),
                        _ => {}
                    }
                }
                if rest.cells.is_empty() || known > rest.sum {
                    continue;
                }
                rest.sum -= known;
                let Some(fits) = self.group_fits(board, &rest) else {
                    continue;
                };
                let Some(mut step) = self.narrowing(board, &rest.cells, &fits, 0) else {
                    continue;
                };
                step.technique = Technique::CageSplitting;
                step.name = Technique::CageSplitting.name().to_string();
                step.rating_tenths = 33;
                step.pattern = self.cage_sets[cage].iter().map(|c| c as u16).collect();
                step.houses = region.houses.clone();
                self.tell(board, &mut step, || CageAccount::Split {
                    rule: self.rule_of_45(region, group, inner),
                    cage: self.cage_name(cage),
                    cells: rest.cells.iter().map(|&cell| cell as u16).collect(),
                    whole: rest.sum + known,
                    known,
                    rest: rest.sum,
                });
                return Some(step);
            }
        }
        None
    }

    /// Contradiction: a candidate that, placed, leads the exact solver's propagation
    /// (singles, cage combinations and locking, the rule of 45 per house) to a
    /// contradiction is removed. Cells with fewer candidates are tried first.
    fn contradiction(&self, board: &Board) -> Option<VariantStep> {
        let cells = self.geometry().cells();
        let mut start = self
            .context
            .state_of(&board.values[..cells], &board.candidates[..cells]);
        // What the position implies is worked out once; each trial then only follows up
        // its own placement.
        if !self.context.propagate(&mut start) {
            return None;
        }
        let mut order: Vec<usize> = (0..cells).filter(|&c| board.values[c] == 0).collect();
        order.sort_by_key(|&cell| board.candidates[cell].count_ones());
        for cell in order {
            for value in digits(board.candidates[cell]) {
                let mut trial = start;
                if self.context.place(&mut trial, cell, value) && self.context.propagate(&mut trial)
                {
                    continue;
                }
                let mut step = VariantStep {
                    pattern: vec![cell as u16],
                    eliminations: vec![(cell as u16, value)],
                    ..VariantStep::new(
                        Technique::KillerContradiction,
                        Technique::KillerContradiction.name(),
                        65,
                    )
                };
                self.tell(board, &mut step, || CageAccount::Contradiction {
                    cell: cell as u16,
                    digit: value,
                });
                return Some(step);
            }
        }
        None
    }
}

/// What fits a cage's open cells.
#[derive(Clone)]
struct CageFit {
    /// The sets of digits making the sum without the digits placed in the cage.
    possible: ArrayVec<u16, MOST_SETS>,
    /// Those the cells' candidates allow.
    sets: ArrayVec<u16, MOST_SETS>,
    /// The digits each open cell takes in some of `sets`.
    fits: ArrayVec<u16, 9>,
}

/// Whether exactly one set of digits without `placed` makes `group`'s sum.
fn has_one_set(group: &Group, placed: u16, side: usize) -> bool {
    let mut sets = combinations(group.cells.len(), group.sum, side)
        .iter()
        .filter(|&&set| (set >> 1) & placed == 0);
    sets.next().is_some() && sets.next().is_none()
}

/// Regions of several houses for the rule of 45: two to four adjoining rows or columns
/// (up to half the grid), and two boxes side by side.
fn several_houses(geometry: &Geometry) -> Vec<Vec<u16>> {
    let side = geometry.side();
    let of_kind = |kind: HouseKind| -> Vec<u16> {
        (0..geometry.house_count())
            .filter(|&house| geometry.house_kind(house) == kind)
            .map(|house| house as u16)
            .collect()
    };
    let mut regions = Vec::new();
    for lines in [of_kind(HouseKind::Row), of_kind(HouseKind::Column)] {
        for width in 2..=(side / 2).min(4) {
            for window in lines.windows(width) {
                regions.push(window.to_vec());
            }
        }
    }
    let boxes = of_kind(HouseKind::Box);
    for (k, &a) in boxes.iter().enumerate() {
        for &b in &boxes[k + 1..] {
            let touching = geometry.house(usize::from(a)).iter().any(|&cell| {
                crate::sudoku::variant::geometry::neighbours(side, usize::from(cell))
                    .any(|next| geometry.house_set(usize::from(b)).contains(next))
            });
            if touching {
                regions.push(vec![a, b]);
            }
        }
    }
    regions
}
