use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::variant::generate::{VariantOptions, generate};
use puzzlebook::sudoku::variant::geometry::{Size, Variant};
use puzzlebook::sudoku::variant::grade::{Board, TRIAL_AND_ERROR_RATING};
use std::collections::BTreeMap;

/// Solves minimal puzzles step by step and checks every chain against the solution:
/// a chain only ever removes candidates that are not the solution's digit.
#[test]
fn chains_only_remove_what_the_solution_rules_out() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (index, (size, variant)) in [
        (Size::S8, Variant::Classic),
        (Size::S9, Variant::Jigsaw),
        (Size::S12, Variant::Classic),
    ]
    .into_iter()
    .cycle()
    .take(24)
    .enumerate()
    {
        let options = VariantOptions::new(size, variant);
        let mut rng = RandomStream::derive("test", &["chains"], index as u64);
        let generated = generate(&options, &mut rng, None).unwrap();
        let solution = &generated.solution;
        let mut board = Board::new(generated.puzzle.geometry(), &generated.puzzle);
        while !board.is_solved() {
            let step = match board.next_step(None) {
                Some(step) => step,
                None => board.guess(solution),
            };
            if step.rating_tenths >= puzzlebook::sudoku::variant::grade::chains::EASIEST_CHAIN
                && step.rating_tenths < TRIAL_AND_ERROR_RATING
            {
                assert!(!step.eliminations.is_empty(), "{}", step.explanation);
                for &(cell, value) in &step.eliminations {
                    assert_ne!(
                        solution.get(usize::from(cell)),
                        value,
                        "{}: {}",
                        generated.puzzle,
                        step.explanation
                    );
                }
                *seen.entry(step.name.clone()).or_default() += 1;
            }
            assert!(board.is_sound(&step, solution), "{}", step.explanation);
            board.apply(&step);
        }
    }
    for name in [
        "X-Chain",
        "XY-Chain",
        "Forcing Chain",
        "Dynamic Forcing Chain",
    ] {
        assert!(seen.get(name).is_some_and(|&count| count > 0), "{seen:?}");
    }
}

#[test]
fn longer_chains_rate_higher_by_se_steps() {
    assert_eq!(
        puzzlebook::sudoku::variant::grade::chains::rating(6.6, 6),
        66
    );
    assert_eq!(
        puzzlebook::sudoku::variant::grade::chains::rating(6.6, 7),
        67
    );
    assert_eq!(
        puzzlebook::sudoku::variant::grade::chains::rating(7.0, 20),
        75
    );
    assert_eq!(
        puzzlebook::sudoku::variant::grade::chains::longest_under(6.6, 67),
        6
    );
    assert_eq!(
        puzzlebook::sudoku::variant::grade::chains::longest_under(7.0, 70),
        0
    );
}
