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

/// Every rating a limit can sit at, from the singles to the forcing chains.
const LIMITS: [u16; 12] = [12, 17, 19, 26, 32, 38, 45, 52, 56, 62, 70, 85];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Leaving out the techniques above a limit changes no grading that stays within it,
    /// and stops every other one, as the full grader does, above the limit.
    #[test]
    fn skipping_techniques_above_the_limit_keeps_what_stays_within_it(seed in 0u64..1_000_000, limit in prop::sample::select(LIMITS.to_vec())) {
        let mut rng = RandomStream::derive("grade-skip", &[], seed);
        let generated = generate(&GenerateOptions::default(), &mut rng).unwrap();
        let full = GradeOptions { stop_above: Some(limit), ..GradeOptions::default() };
        let skipping = GradeOptions { skip_above_limit: true, ..full.clone() };
        let expected = grade_with(&generated.puzzle, &full).unwrap();
        let got = grade_with(&generated.puzzle, &skipping).unwrap();
        prop_assert_eq!(got.complete, expected.complete);
        if expected.complete {
            prop_assert_eq!(got, expected);
        } else {
            prop_assert!(got.rating_tenths > limit && expected.rating_tenths > limit);
            prop_assert!(got.rating_tenths <= expected.rating_tenths);
            prop_assert!(!got.trial_and_error);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The room targeted generation waits for (a house with enough empty cells, a digit
    /// placed rarely enough) is there at every step before each technique that needs it:
    /// a grading that gives up where the room is gone is never one that would have used
    /// the technique.
    #[test]
    fn techniques_are_only_taken_where_their_room_is(seed in 0u64..1_000_000) {
        use puzzlebook::sudoku::grade::target::room_of;
        use puzzlebook::sudoku::grade::{Awaited, Technique};
        let mut rng = RandomStream::derive("grade-room", &[], seed);
        let generated = generate(&GenerateOptions::default(), &mut rng).unwrap();
        let full = grade_with(&generated.puzzle, &GradeOptions::default()).unwrap();
        for technique in Technique::ALL {
            let Some(room) = room_of(technique) else { continue };
            let awaited = Awaited { techniques: TechniqueSet::empty().with(technique), room };
            let waiting = GradeOptions { awaited: Some(awaited), ..GradeOptions::default() };
            let graded = grade_with(&generated.puzzle, &waiting).unwrap();
            if full.used.contains(technique) || graded.complete {
                prop_assert_eq!(&graded, &full, "{:?} in {}", technique, generated.puzzle);
            }
        }
    }

    /// With singles and direct pointing alone (the candidates of the givens and the digits
    /// placed), the grader never takes a direct claiming: a direct pointing or a hidden
    /// single always comes first, which is why `--hardest "Direct Claiming"` is refused.
    #[test]
    fn direct_claiming_never_comes_first_with_singles_and_direct_pointing(seed in 0u64..1_000_000) {
        use puzzlebook::sudoku::grade::Technique;
        let mut rng = RandomStream::derive("grade-direct-claiming", &[], seed);
        let generated = generate(&GenerateOptions::default(), &mut rng).unwrap();
        let options = GradeOptions {
            techniques: TechniqueSet::empty()
                .with(Technique::HiddenSingleBox)
                .with(Technique::DirectPointing),
            ..GradeOptions::default()
        };
        let grading = grade_with(&generated.puzzle, &options).unwrap();
        prop_assert!(!grading.used.contains(Technique::DirectClaiming));
    }
}

/// The rooms hold on rated puzzles too, where the rarer techniques (quads, jellyfish) occur:
/// every second puzzle of `tests/data/se-rated.txt` rated below 7.0 (the forcing chains
/// above would only slow the test), each technique that needs room and that the puzzle's
/// solve takes graded again while waiting for it.
#[test]
fn rated_puzzles_take_each_technique_where_its_room_is() {
    use puzzlebook::sudoku::Grid;
    use puzzlebook::sudoku::grade::target::room_of;
    use puzzlebook::sudoku::grade::{Awaited, Technique};
    let data = include_str!("data/se-rated.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|line| !line.starts_with('#'))
        .filter(|line| {
            line.split_whitespace()
                .nth(1)
                .and_then(|rating| rating.parse::<f64>().ok())
                .is_some_and(|rating| rating < 7.0)
        })
        .step_by(2)
    {
        let Some(text) = line.split_whitespace().next() else {
            continue;
        };
        let puzzle = Grid::parse(text).unwrap();
        let full = grade_with(&puzzle, &GradeOptions::default()).unwrap();
        for technique in Technique::ALL {
            let Some(room) = room_of(technique) else {
                continue;
            };
            if !full.used.contains(technique) {
                continue;
            }
            let awaited = Awaited {
                techniques: TechniqueSet::empty().with(technique),
                room,
            };
            let waiting = GradeOptions {
                awaited: Some(awaited),
                ..GradeOptions::default()
            };
            assert_eq!(
                grade_with(&puzzle, &waiting).unwrap(),
                full,
                "{technique:?} in {text}"
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} gradings checked");
}
