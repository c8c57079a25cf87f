//! Property tests: the fast solver against the brute-force reference on small random
//! puzzles, the generator's promises on random seeds, and a parser that never panics.

use proptest::prelude::*;

use puzzlebook::mushikui::{
    GenerateOptions, Operation, Puzzle, Solution, count_solutions, explain, generate, grade,
    reference, solutions, solve,
};
use puzzlebook::seed::RandomStream;

/// The values of a `len`-digit number.
fn span(len: u32) -> u64 {
    if len == 1 { 10 } else { 9 * 10u64.pow(len - 1) }
}

fn lowest(len: u32) -> u64 {
    if len == 1 { 0 } else { 10u64.pow(len - 1) }
}

/// A small random solution: few enough operand values for the reference to try them all.
fn small_solution() -> impl Strategy<Value = Puzzle> {
    let shapes = prop_oneof![
        (Just(Operation::Add), prop::collection::vec(1u32..=3, 2..=3)),
        (Just(Operation::Sub), prop::collection::vec(1u32..=3, 2..=2)),
        (Just(Operation::Mul), prop::collection::vec(1u32..=3, 2..=2)),
        (Just(Operation::Div), prop::collection::vec(1u32..=4, 2..=2)),
    ];
    shapes
        .prop_filter("small enough for the reference", |(_, lens)| {
            lens.iter().map(|&len| span(len)).product::<u64>() <= 60_000
        })
        .prop_flat_map(|(operation, lens)| {
            let picks: Vec<_> = lens.iter().map(|&len| 0..span(len)).collect();
            (Just(operation), Just(lens), picks)
        })
        .prop_filter_map(
            "operands must fit the operation",
            |(operation, lens, picks)| {
                let operands: Vec<u64> = lens
                    .iter()
                    .zip(&picks)
                    .map(|(&len, &pick)| lowest(len) + pick)
                    .collect();
                let valid = match operation {
                    Operation::Sub => operands[1] <= operands[0],
                    Operation::Div => operands[1] > 0 && operands[0] >= operands[1],
                    _ => true,
                };
                if !valid {
                    return None;
                }
                Puzzle::from_operands(operation, &operands).ok()
            },
        )
}

/// A solution with a random share of its digits hidden.
fn small_puzzle() -> impl Strategy<Value = Puzzle> {
    small_solution()
        .prop_flat_map(|solution| {
            let count = solution.digit_count();
            (Just(solution), prop::collection::vec(0u8..10, count))
        })
        .prop_map(|(solution, dice)| {
            let mut puzzle = solution.clone();
            let mut die = dice.into_iter();
            for (row, cells) in solution.rows().iter().enumerate() {
                for index in 0..cells.len() {
                    if die.next().unwrap_or(0) < 7 {
                        puzzle.set(row, index, None);
                    }
                }
            }
            puzzle
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solver_counts_like_the_reference(puzzle in small_puzzle()) {
        let expected = reference::solutions(&puzzle);
        prop_assert!(!expected.is_empty(), "{puzzle}: the solution it came from is lost");
        prop_assert_eq!(count_solutions(&puzzle, u64::MAX), expected.len() as u64, "{}", puzzle);
        prop_assert_eq!(count_solutions(&puzzle, 2), expected.len().min(2) as u64);
        let mut found: Vec<String> = solutions(&puzzle, usize::MAX).iter().map(Puzzle::to_line).collect();
        let mut wanted: Vec<String> = expected.iter().map(Puzzle::to_line).collect();
        found.sort();
        wanted.sort();
        prop_assert_eq!(found, wanted);
    }
}

fn shapes() -> impl Strategy<Value = (Operation, Vec<usize>)> {
    prop_oneof![
        (
            Just(Operation::Add),
            prop::collection::vec(1usize..=5, 2..=4)
        ),
        (2usize..=5, 1usize..=5).prop_map(|(a, b)| (Operation::Sub, vec![a.max(b), a.min(b)])),
        (1usize..=4, 1usize..=3).prop_map(|(a, b)| (Operation::Mul, vec![a, b])),
        (1usize..=3, 1usize..=4).prop_map(|(divisor, quotient)| (
            Operation::Div,
            vec![divisor + quotient, divisor, quotient]
        )),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn generated_puzzles_keep_their_promises(shape in shapes(), index in 0u64..1_000_000) {
        let (operation, digits) = shape;
        let options = GenerateOptions::new(operation, &digits);
        let mut rng = RandomStream::derive("properties", &["mushikui"], index);
        let generated = generate(&options, &mut rng).unwrap();
        let puzzle = &generated.puzzle;
        prop_assert_eq!(count_solutions(puzzle, 2), 1, "{}", puzzle);
        prop_assert!(generated.solution.solves(puzzle));
        prop_assert!(puzzle.check_printable().is_ok(), "{}", puzzle);
        // The line format round-trips, and the grade is the grader's.
        let reparsed: Puzzle = puzzle.to_line().parse().unwrap();
        prop_assert_eq!(&reparsed, puzzle);
        let graded = grade(puzzle).unwrap();
        prop_assert_eq!(&graded, &generated.grade);
        let (explained, steps) = explain(puzzle).unwrap();
        prop_assert_eq!(explained, graded);
        prop_assert!(!steps.is_empty());
    }

    #[test]
    fn parser_never_panics(text in "[a-z:,*0-9 ]{0,40}") {
        let _ = text.parse::<Puzzle>();
    }

    #[test]
    fn parser_never_panics_on_near_valid_lines(
        kind in prop::sample::select(vec!["add", "sub", "mul", "div"]),
        rows in prop::collection::vec("[*]{0,3}[0-9*]{1,5}", 1..12),
    ) {
        let line = format!("{kind}:{}", rows.join(","));
        if let Ok(puzzle) = line.parse::<Puzzle>() {
            // Whatever parses has a solver answer and prints back the same.
            prop_assert_eq!(puzzle.to_line(), line);
            let count = count_solutions(&puzzle, 2);
            let _ = puzzle.check_printable();
            match solve(&puzzle) {
                Solution::None => prop_assert_eq!(count, 0),
                Solution::Unique(solution) => {
                    prop_assert_eq!(count, 1);
                    prop_assert!(solution.solves(&puzzle));
                    let graded = grade(&puzzle).unwrap();
                    prop_assert!((1.0..=10.0).contains(&graded.rating));
                }
                Solution::Multiple(first, second) => {
                    prop_assert_eq!(count, 2);
                    prop_assert!(first.solves(&puzzle) && second.solves(&puzzle));
                }
            }
        }
    }
}

/// A row-list line of a valid shape with random shown digits: mostly puzzles with no or many
/// solutions, which the solver and grader must handle without panicking.
fn random_shape_line() -> impl Strategy<Value = String> {
    let mul = (1usize..=4, 1usize..=3).prop_flat_map(|(a, b)| {
        let partials = if b == 1 { 0 } else { b };
        (
            Just((a, b)),
            prop::collection::vec(prop::sample::select(vec![a, a + 1, 1]), partials),
            prop::sample::select(vec![a + b - 1, a + b]),
        )
            .prop_map(|((a, b), partials, product)| {
                let mut lens = vec![a, b];
                lens.extend(partials);
                lens.push(product);
                ("mul", lens)
            })
    });
    let div = (1usize..=3, 1usize..=4).prop_flat_map(|(beta, n)| {
        (
            Just((beta, n)),
            prop::sample::select(vec![n + beta - 1, n + beta]),
            prop::collection::vec(
                (
                    prop::sample::select(vec![beta, beta + 1, 1]),
                    1usize..=beta + 1,
                ),
                n,
            ),
        )
            .prop_map(|((beta, n), dividend, steps)| {
                let mut lens = vec![n, beta, dividend];
                for (i, (product, remainder)) in steps.into_iter().enumerate() {
                    lens.push(product);
                    lens.push(if i + 1 == n {
                        remainder.min(beta)
                    } else {
                        remainder
                    });
                }
                ("div", lens)
            })
    });
    prop_oneof![mul, div]
        .prop_flat_map(|(kind, lens)| {
            let total: usize = lens.iter().sum();
            (
                Just(kind),
                Just(lens),
                prop::collection::vec(0u8..40, total),
            )
        })
        .prop_map(|(kind, lens, dice)| {
            let mut dice = dice.into_iter();
            let rows: Vec<String> = lens
                .iter()
                .map(|&len| {
                    (0..len)
                        .map(|index| {
                            let die = dice.next().unwrap_or(0);
                            let lowest = if index == 0 && len > 1 { 1 } else { 0 };
                            if die < 30 || die % 10 < lowest {
                                '*'
                            } else {
                                char::from(b'0' + die % 10)
                            }
                        })
                        .collect()
                })
                .collect();
            format!("{kind}:{}", rows.join(","))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn solver_and_grader_agree_on_random_shapes(line in random_shape_line()) {
        let parsed = line.parse::<Puzzle>();
        prop_assume!(parsed.is_ok());
        let puzzle = parsed.unwrap();
        let count = count_solutions(&puzzle, 3);
        match solve(&puzzle) {
            Solution::None => prop_assert_eq!(count, 0),
            Solution::Unique(solution) => {
                prop_assert_eq!(count, 1);
                prop_assert!(solution.solves(&puzzle));
                prop_assert!(grade(&puzzle).is_ok());
            }
            Solution::Multiple(first, second) => {
                prop_assert!(count >= 2);
                prop_assert!(first.solves(&puzzle) && second.solves(&puzzle));
                prop_assert!(grade(&puzzle).is_err());
            }
        }
        // The reference tries every operand value: only where that is quick.
        let rows = puzzle.rows();
        let operands = match puzzle.operation() {
            Operation::Div => [rows[2].len(), rows[1].len()],
            _ => [rows[0].len(), rows[1].len()],
        };
        let space: u64 = operands.iter().map(|&len| span(len as u32)).product();
        if space <= 100_000 {
            prop_assert_eq!(reference::count_solutions(&puzzle).min(3), count);
        }
    }
}
