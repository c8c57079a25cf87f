//! Walkthroughs of killers: the killer grader's path retold as the house grader's
//! walkthroughs are, the replay keeping the cages' rule that no digit repeats in a cage;
//! runs of small cage steps (the cage arithmetic) are told as tables, a row a deduction,
//! and at most one step gets a diagram (a killer's figure takes the page's width): the
//! hardest step that marks a few cells, never the pencilling-in of every cage (pencil
//! marks in every cell, which show a reader nothing: every solve starts with them).

use super::Killer;
use super::grade::{KillerGradeOptions, Rules, grade_with};
use crate::error::Result;
use crate::sudoku::grade::Technique;
use crate::sudoku::grade::drill::Drill;
use crate::sudoku::grade::walkthrough::is_single;
use crate::sudoku::techniques::Named;
use crate::sudoku::variant::grade::{Board, VariantStep};
use crate::sudoku::variant::walkthrough::{
    Support, Telling, VariantWalkthrough, drill_on, retell_on, support,
};

/// The walkthrough of a killer with a unique solution.
pub fn walkthrough(killer: &Killer) -> Result<VariantWalkthrough> {
    let grading = grade_with(killer, &recording())?;
    Ok(retell(killer, grading.steps))
}

/// Groups the killer grader's steps, replaying them for the moments.
pub fn retell(killer: &Killer, path: Vec<VariantStep>) -> VariantWalkthrough {
    retell_reading(killer, path, &|step, board| {
        cage_support(killer, step, board)
    })
}

/// [`retell`], leaving out the steps no later step needs by what `support` says each
/// step reads.
pub fn retell_reading(
    killer: &Killer,
    path: Vec<VariantStep>,
    support: &dyn Fn(&VariantStep, &Board) -> Support,
) -> VariantWalkthrough {
    let rules = Rules::new(killer);
    // The first pencilling-in of every cage is a step of its own, worded in full; the
    // later ones (after new digits) are table rows of what they remove.
    let first_marks = path.iter().position(is_cage_marks);
    retell_on(
        rules.board(),
        killer.geometry(),
        killer.givens(),
        path,
        &Telling {
            tabled: &|index, step, first| {
                if is_cage_marks(step) && Some(index) == first_marks {
                    return false;
                }
                step.rating_tenths <= TABLED_UP_TO
                    || !first && ROWS_AFTER_THE_FIRST.contains(&step.technique)
            },
            diagrams: 1,
            undrawn: &is_cage_marks,
            folds: true,
            support,
        },
    )
}

/// What a killer's step reads of the position before it, for leaving out the steps no
/// later step needs (see [`crate::sudoku::grade::needed`]). A cage step reads only its
/// cells' candidates: the sets that make a cage's sum (or the rule of 45's innies or
/// outies, or a split cage's part) and fit are worked out from the open cells' digits
/// alone, and which cells are open does not change when steps are left out (a step that
/// places a digit is always needed). Combination locking reads its cage; held the other
/// way (a digit with its every place in a house inside one cage), the house too. The
/// other steps read as the house rules say.
fn cage_support(killer: &Killer, step: &VariantStep, board: &Board) -> Support {
    let whole = |cells: &mut dyn Iterator<Item = u16>| {
        let mut support = vec![0u16; killer.geometry().cells()];
        for cell in cells {
            support[usize::from(cell)] = u16::MAX;
        }
        Some(support)
    };
    match step.technique {
        Technique::CageCombination | Technique::InniesOuties | Technique::CageSplitting => {
            whole(&mut step.pattern.iter().copied())
        }
        Technique::CombinationLocking => {
            let Some(&first) = step.pattern.first() else {
                return support(step, board);
            };
            let cage = &killer.cages()[usize::from(killer.cage_of()[usize::from(first)])];
            let outside = step
                .eliminations
                .iter()
                .chain(&step.placements)
                .any(|(cell, _)| !cage.cells.contains(cell));
            if outside {
                whole(&mut cage.cells.iter().copied())
            } else {
                let geometry = killer.geometry();
                let houses = step
                    .houses
                    .iter()
                    .flat_map(|&house| geometry.house(usize::from(house)).iter().copied());
                whole(&mut cage.cells.iter().copied().chain(houses))
            }
        }
        _ => support(step, board),
    }
}

/// Steps up to this rating (cage combinations, the rule of 45 over one house, combination
/// locking, pointing and claiming: most of a killer's path) are told as table rows.
const TABLED_UP_TO: u16 = 28;

/// The harder killer techniques that recur: the first step of each is worded in full
/// (and the hardest has the figure), the later ones are table rows in a few words.
const ROWS_AFTER_THE_FIRST: [Technique; 3] = [
    Technique::InniesOuties,
    Technique::CageSplitting,
    Technique::KillerContradiction,
];

/// The drill of `family` in a killer with a unique solution: the position before the
/// first step of the killer grader's path whose technique is one of the family's (after
/// the pencilling-in of every cage, when the family has a later step), cages and all, and
/// that step's diagram (see [`crate::sudoku::grade::drill`]).
pub fn drill(killer: &Killer, family: &Named) -> Result<Drill> {
    let grading = grade_with(killer, &recording())?;
    let rules = Rules::new(killer);
    drill_on(
        rules.board(),
        killer.geometry(),
        killer.givens(),
        &grading.steps,
        family,
        &is_cage_marks,
        &killer.to_line(),
    )
}

/// The first step a hint points at, if any: the first that is neither a single nor the
/// pencilling-in of every cage's combinations (which every solver starts with).
pub fn first_technique(killer: &Killer) -> Result<Option<VariantStep>> {
    let grading = grade_with(killer, &recording())?;
    Ok(grading
        .steps
        .into_iter()
        .find(|step| !is_single(step.technique) && !is_cage_marks(step)))
}

/// The step that pencils in every cage (it looks at no cage or house in particular).
pub fn is_cage_marks(step: &VariantStep) -> bool {
    step.technique == Technique::CageCombination
        && step.rating_tenths <= 13
        && step.houses.is_empty()
}

pub fn recording() -> KillerGradeOptions {
    KillerGradeOptions {
        record_steps: true,
        ..KillerGradeOptions::default()
    }
}
