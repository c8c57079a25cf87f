//! Grading killers by the reasoning they need, in four steps of a scale:
//!
//! | rating | technique | tier |
//! |---|---|---|
//! | 1.5 | cage combinations (the digit sets that make each cage's sum, placed cell by cell) and singles | easy |
//! | 2.5 | the rule of 45 (a house's cells outside the cages it holds make up the rest of its total) | medium |
//! | 4.0 | contradiction: a candidate that leads, by the above, to a contradiction is removed | hard |
//! | 6.0 | trial and error: none of the above finishes the puzzle | expert |
//!
//! Each step runs the exact solver's propagation with its rules to a fixed point; the
//! rating is the first step that solves the puzzle.

use super::Killer;
use super::solver::{Context, KillerSolution, State, solve};
use crate::error::{Error, Result};
use crate::sudoku::grade::Tier;

/// A killer's grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerGrading {
    pub rating_tenths: u16,
    pub tier: Tier,
    /// The hardest technique needed.
    pub hardest: &'static str,
}

/// The grade of each step of the scale, easiest first.
pub const SCALE: [(u16, Tier, &str); 4] = [
    (15, Tier::Easy, "Cage combinations"),
    (25, Tier::Medium, "Rule of 45"),
    (40, Tier::Hard, "Contradiction"),
    (60, Tier::Expert, "Trial and error"),
];

/// How many cages a killer is made with to reach `tier`: more cages, easier puzzles.
pub fn cages_for(tier: Tier, cells: usize) -> usize {
    match tier {
        Tier::Easy => cells * 10 / 24,
        Tier::Medium => cells * 10 / 27,
        Tier::Hard => cells / 3,
        _ => cells * 10 / 37,
    }
}

/// Grades a killer with one solution; an input error when it has none or several.
pub fn grade(killer: &Killer) -> Result<KillerGrading> {
    match solve(killer) {
        KillerSolution::Unique(_) => {}
        KillerSolution::None => return Err(Error::input("this killer has no solution")),
        KillerSolution::Multiple(..) => {
            return Err(Error::input("this killer has more than one solution")
                .with_hint("only puzzles with exactly one solution are graded"));
        }
    }
    let graded = |step: usize| {
        let (rating_tenths, tier, hardest) = SCALE[step];
        Ok(KillerGrading {
            rating_tenths,
            tier,
            hardest,
        })
    };
    let basic = Context::with_rules(killer, false);
    let start = basic
        .start(killer.givens())
        .ok_or_else(|| Error::runtime("a unique killer contradicted itself"))?;
    if solved(&basic, &start) {
        return graded(0);
    }
    let full = Context::with_rules(killer, true);
    let mut state = full
        .start(killer.givens())
        .ok_or_else(|| Error::runtime("a unique killer contradicted itself"))?;
    if solved(&full, &state) {
        return graded(1);
    }
    loop {
        let mut progress = false;
        for cell in 0..full.cells {
            if state.values[cell] != 0 {
                continue;
            }
            let mut options = state.candidates[cell];
            while options != 0 {
                let digit = options.trailing_zeros() as u8;
                options &= options - 1;
                let mut trial = state;
                if full.place(&mut trial, cell, digit) && full.propagate(&mut trial) {
                    continue;
                }
                state.candidates[cell] &= !(1 << digit);
                state.dirty |= full.constraints_of[cell];
                if !full.propagate(&mut state) {
                    return Err(Error::runtime("a unique killer contradicted itself"));
                }
                progress = true;
                break;
            }
            if solved(&full, &state) {
                return graded(2);
            }
        }
        if !progress {
            return graded(3);
        }
    }
}

fn solved(context: &Context, state: &State) -> bool {
    state.values[..context.cells]
        .iter()
        .all(|&value| value != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::RandomStream;
    use crate::sudoku::killer::generate::{KillerOptions, generate};
    use crate::sudoku::variant::Size;

    #[test]
    fn made_killers_get_a_grade_and_harder_cages_rate_higher() {
        let mut seen = std::collections::BTreeSet::new();
        for (cages, index) in [(30, 0), (30, 1), (27, 2), (27, 3), (22, 4), (22, 5)] {
            let options = KillerOptions {
                cages,
                ..KillerOptions::new(Size::S9)
            };
            let mut rng = RandomStream::derive("killer-grade", &[], index);
            let made = generate(&options, &mut rng, None).unwrap();
            let grading = grade(&made.puzzle).unwrap();
            assert!(SCALE.iter().any(|&(rating, tier, name)| {
                (rating, tier, name) == (grading.rating_tenths, grading.tier, grading.hardest)
            }));
            seen.insert(grading.rating_tenths);
        }
        assert!(seen.len() >= 2, "{seen:?}");
        // A puzzle with two solutions is refused.
        let open = Killer::parse_word(
            "4x4-killer:................:aabbaabbccddccdd:10,10,10,10",
            1,
        )
        .unwrap()
        .unwrap();
        assert_eq!(grade(&open).unwrap_err().exit_code(), 2);
    }
}
