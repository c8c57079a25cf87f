use puzzlebook::mushikui::generate::*;
use puzzlebook::mushikui::grade::Tier;
use puzzlebook::mushikui::model::Operation;
use puzzlebook::mushikui::solver::count_solutions;
use puzzlebook::seed::RandomStream;

fn make(operation: Operation, digits: &[usize], index: u64) -> Generated {
    let options = GenerateOptions::new(operation, digits);
    let mut rng = RandomStream::derive("test", &["mushikui"], index);
    generate(&options, &mut rng).unwrap()
}

/// Operand draws are capped: a draw budget too small for the shape gives no solution
/// instead of an endless loop, and the solutions drawn within it have the shape.
#[test]
fn operand_draws_are_bounded() {
    // The row of the first operand: the minuend, or the dividend (after quotient and
    // divisor).
    for (operation, digits, first) in [(Operation::Sub, [1, 1], 0), (Operation::Div, [3, 2], 2)] {
        let options = GenerateOptions::new(operation, &digits);
        let (mut missed, mut made) = (0, 0);
        for index in 0..200 {
            let mut rng = RandomStream::derive("test", &["draws"], index);
            assert!(random_solution_within(&options, &mut rng, 0).is_none());
            match random_solution_within(&options, &mut rng, 1) {
                None => missed += 1,
                Some(solution) => {
                    made += 1;
                    let rows = solution.rows();
                    assert_eq!(rows[first].cells().len(), digits[0], "{solution}");
                }
            }
        }
        assert!(
            missed > 0 && made > 0,
            "{operation}: {missed} missed, {made} made"
        );
    }
}

/// No shown digit (group) can be hidden without losing uniqueness.
fn assert_minimal(generated: &Generated) {
    let groups = groups(&generated.solution);
    for group in groups.iter().filter(|g| !g.fixed) {
        if !puzzle_shows(&generated.puzzle, group) {
            continue;
        }
        let mut fewer = generated.puzzle.clone();
        set_group(&mut fewer, group, false);
        assert!(
            count_solutions(&fewer, 2) > 1,
            "{}: {:?} was removable",
            generated.puzzle,
            group.cells
        );
    }
}

#[test]
fn generated_puzzles_are_unique_minimal_and_solved() {
    let shapes: &[(Operation, &[usize])] = &[
        (Operation::Add, &[3, 3]),
        (Operation::Add, &[4, 4, 3]),
        (Operation::Sub, &[4, 3]),
        (Operation::Mul, &[3, 2]),
        (Operation::Mul, &[3, 3]),
        (Operation::Mul, &[2, 1]),
        (Operation::Div, &[5, 2]),
        (Operation::Div, &[6, 3]),
        (Operation::Div, &[3, 1]),
    ];
    for (index, &(operation, digits)) in shapes.iter().enumerate() {
        let generated = make(operation, digits, index as u64);
        assert_eq!(count_solutions(&generated.puzzle, 2), 1, "{generated}");
        assert!(generated.solution.solves(&generated.puzzle));
        assert!(generated.puzzle.check_printable().is_ok(), "{generated}");
        assert_minimal(&generated);
    }
}

#[test]
fn same_stream_same_puzzle() {
    let a = make(Operation::Mul, &[3, 3], 7);
    let b = make(Operation::Mul, &[3, 3], 7);
    let c = make(Operation::Mul, &[3, 3], 8);
    assert_eq!(a, b);
    assert_ne!(a.puzzle, c.puzzle);
}

#[test]
fn zero_quotient_digits_keep_the_page_honest() {
    // Find divisions with zero quotient digits and check their unprinted rows.
    let options = GenerateOptions::new(Operation::Div, &[7, 2, 6]);
    let mut seen_zero = false;
    for index in 0..40 {
        let mut rng = RandomStream::derive("zeros", &[], index);
        let generated = generate(&options, &mut rng).unwrap();
        let steps = generated.puzzle.division_steps().unwrap();
        for step in steps.iter().filter(|s| s.zero) {
            seen_zero = true;
            assert_eq!(
                generated.puzzle.rows()[step.product_row].to_string(),
                "0",
                "{generated}"
            );
        }
        assert!(generated.puzzle.check_printable().is_ok(), "{generated}");
        assert_eq!(count_solutions(&generated.puzzle, 2), 1);
    }
    assert!(seen_zero);
}

#[test]
fn shown_share_is_a_floor() {
    let mut options = GenerateOptions::new(Operation::Mul, &[3, 3]);
    options.shown_percent = Some(60);
    let mut rng = RandomStream::derive("shown", &[], 0);
    let generated = generate(&options, &mut rng).unwrap();
    let total = generated.puzzle.digit_count();
    assert!(generated.puzzle.shown_count() * 100 >= total * 60);
    assert_eq!(count_solutions(&generated.puzzle, 2), 1);
}

#[test]
fn reveal_only_shows_one_digit() {
    let mut options = GenerateOptions::new(Operation::Div, &[7, 3]);
    options.reveal_only = Some(7);
    let mut rng = RandomStream::derive("sevens", &[], 0);
    let generated = generate(&options, &mut rng).unwrap();
    let layout = generated.puzzle.layout();
    for (row, info) in generated.puzzle.rows().iter().zip(&layout) {
        if info.printed {
            assert!(row.cells().iter().flatten().all(|&d| d == 7), "{generated}");
        }
    }
    assert!(generated.puzzle.shown_count() > 0);
    assert_eq!(count_solutions(&generated.puzzle, 2), 1);
}

#[test]
fn bad_shapes_are_input_errors() {
    let bad: &[(Operation, &[usize])] = &[
        (Operation::Add, &[3]),
        (Operation::Sub, &[3, 4]),
        (Operation::Mul, &[8, 2]),
        (Operation::Div, &[3, 5]),
        (Operation::Div, &[6, 3, 2]),
        (Operation::Mul, &[0, 2]),
    ];
    let mut hard_addition = GenerateOptions::new(Operation::Add, &[3, 3]);
    hard_addition.tier = Some(Tier::Hard);
    assert!(
        hard_addition
            .validate()
            .unwrap_err()
            .message()
            .contains("never hard")
    );
    for &(operation, digits) in bad {
        let error = GenerateOptions::new(operation, digits)
            .validate()
            .unwrap_err();
        assert_eq!(error.exit_code(), 2, "{operation} {digits:?}");
    }
}
