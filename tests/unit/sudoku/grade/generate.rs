use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::generate::GenerateOptions;
use puzzlebook::sudoku::grade::generate::*;
use puzzlebook::sudoku::grade::tier::RatingRange;

/// A rating no puzzle has, asked for without a deadline, ends in an error (exit 1)
/// after the candidate cap instead of searching forever.
#[test]
fn an_impossible_rating_without_a_deadline_ends_in_an_error() {
    let options = GradedOptions {
        base: GenerateOptions::default(),
        target: RatingTarget::Range(RatingRange { min: 990, max: 990 }),
        techniques: Default::default(),
    };
    let mut rng = RandomStream::derive("test", &["impossible"], 0);
    let error = generate_graded_within(&options, &mut rng, None, 5).unwrap_err();
    assert_eq!(error.exit_code(), 1);
    assert!(error.message().contains("from 5 candidates"), "{error}");
}
