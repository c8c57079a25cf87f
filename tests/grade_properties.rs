//! Properties of the grader on random puzzles: every step agrees with the exact solution
//! (an unsound step would force a trial-and-error fallback), the steps solve the puzzle,
//! the rating is the highest step rating, and grading is deterministic.

use proptest::prelude::*;
use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::{GradeOptions, TechniqueSet, Tier, grade_with};
use puzzlebook::sudoku::{GenerateOptions, Symmetry, generate};

fn symmetry() -> impl Strategy<Value = Symmetry> {
    prop::sample::select(Symmetry::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_step_agrees_with_the_solution(seed in 0u64..1_000_000, symmetry in symmetry(), all in any::<bool>()) {
        let mut rng = RandomStream::derive("grade-properties", &[], seed);
        let generated = generate(&GenerateOptions { symmetry, ..GenerateOptions::default() }, &mut rng).unwrap();
        let options = GradeOptions {
            record_steps: true,
            techniques: if all { TechniqueSet::all() } else { TechniqueSet::se_default() },
            ..GradeOptions::default()
        };
        let grading = grade_with(&generated.puzzle, &options).unwrap();
        prop_assert!(!grading.trial_and_error);
        prop_assert_eq!(grading.solution, generated.solution);
        prop_assert_eq!(grading.steps.len(), grading.step_count);
        let mut grid = generated.puzzle;
        let mut highest = 0;
        for step in &grading.steps {
            for &(cell, digit) in &step.placements {
                prop_assert_eq!(generated.solution.get(cell as usize), digit, "{}", step.name);
                grid.set(cell as usize, digit);
            }
            for &(cell, digit) in &step.eliminations {
                prop_assert_ne!(generated.solution.get(cell as usize), digit, "{}", step.name);
            }
            prop_assert!(step.rating_tenths >= step.technique.base_rating(), "{}", step.name);
            highest = highest.max(step.rating_tenths);
        }
        prop_assert_eq!(grid, generated.solution);
        prop_assert_eq!(grading.rating_tenths, highest);
        prop_assert_eq!(grading.tier, Tier::of_rating(highest));
        let again = grade_with(&generated.puzzle, &options).unwrap();
        prop_assert_eq!(again, grading);
    }
}
