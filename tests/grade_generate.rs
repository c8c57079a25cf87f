//! The graded generator as a library: every tier is reachable, every puzzle is unique and
//! rated inside its request by a fresh grading, and puzzle *i* depends only on the seed,
//! the options and *i*.

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::{
    GradedOptions, RatingRange, RatingTarget, Tier, generate_graded, grade,
};
use puzzlebook::sudoku::{GenerateOptions, Symmetry, has_unique_solution};

fn make(options: &GradedOptions, index: u64) -> puzzlebook::sudoku::grade::GradedPuzzle {
    let mut path = vec!["sudoku".to_string()];
    path.extend(options.seed_path());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    let mut rng = RandomStream::derive("graded-tests", &path, index);
    generate_graded(options, &mut rng, None).unwrap()
}

#[test]
fn every_tier_is_generated_and_checked() {
    for tier in Tier::ALL {
        let options = GradedOptions {
            base: GenerateOptions::default(),
            target: RatingTarget::Tier(tier),
            techniques: Default::default(),
        };
        let graded = make(&options, 0);
        assert!(has_unique_solution(&graded.puzzle), "{tier}");
        assert!(graded.solution.solves(&graded.puzzle));
        let again = grade(&graded.puzzle).unwrap();
        assert_eq!(again.rating_tenths, graded.grading.rating_tenths, "{tier}");
        assert_eq!(again.tier, tier);
        assert!(tier.range().contains(again.rating_tenths));
        assert!(Symmetry::Rot180.holds_for(graded.puzzle.cells()));
    }
}

#[test]
fn rating_ranges_and_symmetry_are_honoured() {
    let options = GradedOptions {
        base: GenerateOptions {
            symmetry: Symmetry::Mirror,
            ..GenerateOptions::default()
        },
        target: RatingTarget::Range("6.6..7.3".parse::<RatingRange>().unwrap()),
        techniques: Default::default(),
    };
    for index in 0..3 {
        let graded = make(&options, index);
        assert!((66..=73).contains(&graded.grading.rating_tenths));
        assert!(Symmetry::Mirror.holds_for(graded.puzzle.cells()));
        assert_eq!(grade(&graded.puzzle).unwrap(), graded.grading);
    }
}

#[test]
fn puzzles_depend_only_on_seed_options_and_index() {
    let options = GradedOptions {
        base: GenerateOptions::default(),
        target: RatingTarget::Tier(Tier::Expert),
        techniques: Default::default(),
    };
    let first = make(&options, 3);
    assert_eq!(make(&options, 3), first);
    assert_ne!(make(&options, 4).puzzle, first.puzzle);
    assert!(options.seed_path().contains(&"tier=expert".to_string()));
    let ranged = GradedOptions {
        target: RatingTarget::Range("4.1..6.0".parse().unwrap()),
        ..options.clone()
    };
    assert!(ranged.seed_path().contains(&"rating=4.1..6.0".to_string()));
    assert_ne!(make(&ranged, 3).puzzle, first.puzzle);
}
