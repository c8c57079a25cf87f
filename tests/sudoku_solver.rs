//! Differential tests: the fast solver against the deliberately simple reference solver.

use proptest::prelude::*;
use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::generate::random_solution;
use puzzlebook::sudoku::{Grid, Solution, count_solutions, reference, solve};

/// A puzzle made by keeping `keep` random cells of a random solution (unique or not),
/// optionally with one clue changed to another digit (often contradictory).
fn sample_puzzle(seed: u64, keep: usize, corrupt: bool) -> Grid {
    let mut rng = RandomStream::derive("differential", &[], seed);
    let solution = random_solution(&mut rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut puzzle = Grid::EMPTY;
    for &cell in &cells[..keep] {
        puzzle.set(cell, solution.get(cell));
    }
    if corrupt && keep > 0 {
        let cell = cells[0];
        let other = (solution.get(cell) + rng.in_range(1, 8) as u8 - 1) % 9 + 1;
        puzzle.set(cell, other);
    }
    puzzle
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn counts_agree_with_reference(seed in any::<u64>(), keep in 0usize..=45, corrupt in any::<bool>(), limit in 1usize..=6) {
        let puzzle = sample_puzzle(seed, keep, corrupt);
        prop_assert_eq!(
            count_solutions(&puzzle, limit),
            reference::count_solutions(&puzzle, limit),
            "puzzle {}", puzzle
        );
    }

    #[test]
    fn solve_agrees_with_reference(seed in any::<u64>(), keep in 17usize..=45, corrupt in any::<bool>()) {
        let puzzle = sample_puzzle(seed, keep, corrupt);
        let expected = reference::solutions(&puzzle, 2);
        match solve(&puzzle) {
            Solution::None => prop_assert!(expected.is_empty()),
            Solution::Unique(grid) => {
                prop_assert_eq!(expected.len(), 1);
                prop_assert_eq!(grid, expected[0]);
            }
            Solution::Multiple(first, second) => {
                prop_assert_eq!(expected.len(), 2);
                prop_assert!(first != second);
                prop_assert!(first.solves(&puzzle) && second.solves(&puzzle));
            }
        }
    }
}

#[test]
fn puzzles_with_many_solutions_count_to_the_limit() {
    assert_eq!(count_solutions(&Grid::EMPTY, 1000), 1000);
    assert_eq!(reference::count_solutions(&Grid::EMPTY, 50), 50);
    let one_missing_pair = {
        // Swap-able pair: remove two clues forming a rectangle with the same two digits.
        let mut rng = RandomStream::derive("pairs", &[], 0);
        let solution = random_solution(&mut rng);
        let mut puzzle = solution;
        // Blank an entire box: the solver must still find exactly the right count.
        for r in 0..3 {
            for c in 0..3 {
                puzzle.set(r * 9 + c, 0);
            }
        }
        puzzle
    };
    assert_eq!(
        count_solutions(&one_missing_pair, 100),
        reference::count_solutions(&one_missing_pair, 100)
    );
}

#[test]
fn every_reference_puzzle_is_solved_uniquely_and_correctly() {
    let text = include_str!("data/se-rated.txt");
    let mut checked = 0;
    for parsed in puzzlebook::sudoku::parse_puzzles(text) {
        let parsed = parsed.expect("reference puzzles parse");
        match solve(&parsed.grid) {
            Solution::Unique(solution) => assert!(solution.solves(&parsed.grid)),
            other => panic!(
                "line {}: expected a unique solution, got {other:?}",
                parsed.line
            ),
        }
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} puzzles read");
}

#[test]
fn clashing_clues_have_no_solution_whichever_house_they_share() {
    let mut rng = RandomStream::derive("clashes", &[], 0);
    let solution = random_solution(&mut rng);
    // Cell 40 (row 4, column 4) and a peer in its row, its column (another band) and its
    // box: copying 40's digit into the peer makes two equal clues in that house.
    for peer in [36, 4, 30] {
        let mut puzzle = Grid::EMPTY;
        puzzle.set(40, solution.get(40));
        puzzle.set(peer, solution.get(40));
        assert_eq!(count_solutions(&puzzle, 2), 0, "peer {peer}");
        assert_eq!(solve(&puzzle), Solution::None, "peer {peer}");
        assert_eq!(reference::count_solutions(&puzzle, 2), 0, "peer {peer}");
    }
}

#[test]
fn a_puzzle_with_exactly_two_solutions_is_counted_and_both_are_returned() {
    let mut rng = RandomStream::derive("two solutions", &[], 0);
    for _ in 0..200 {
        let solution = random_solution(&mut rng);
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut puzzle = Grid::EMPTY;
        for &cell in &cells[..30] {
            puzzle.set(cell, solution.get(cell));
        }
        if reference::count_solutions(&puzzle, 3) != 2 {
            continue;
        }
        assert_eq!(count_solutions(&puzzle, 10), 2, "{puzzle}");
        let expected = reference::solutions(&puzzle, 2);
        match solve(&puzzle) {
            Solution::Multiple(first, second) => {
                assert!(first != second);
                assert!(
                    expected.contains(&first) && expected.contains(&second),
                    "{puzzle}"
                );
            }
            other => panic!("{puzzle}: {other:?}"),
        }
        return;
    }
    panic!("no puzzle with exactly two solutions among 200 samples");
}
