//! Sudoku engine benchmarks: solving hard puzzles and generating minimal ones.
//!
//! `cargo bench --bench sudoku`. Figures are single-threaded library calls; the CLI adds
//! parsing, output and (with --jobs) parallelism.

mod common;

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::{GenerateOptions, Solution, Symmetry, count_solutions, generate, solve};

fn main() {
    let hard: Vec<_> = common::rated_puzzles()
        .into_iter()
        .filter(|(_, rating)| *rating >= 7.0)
        .map(|(grid, _)| grid)
        .collect();
    let repeated: Vec<_> = hard.iter().cycle().take(hard.len() * 10).copied().collect();
    println!(
        "{} hard puzzles (SE >= 7.0), repeated to {}",
        hard.len(),
        repeated.len()
    );

    common::median(
        "solve with uniqueness check (SE >= 7)",
        11,
        repeated.len(),
        || {
            repeated
                .iter()
                .filter(|grid| matches!(solve(grid), Solution::Unique(_)))
                .count()
        },
    );
    common::median(
        "count_solutions(limit 2) (SE >= 7)",
        11,
        repeated.len(),
        || {
            repeated
                .iter()
                .map(|grid| count_solutions(grid, 2))
                .sum::<usize>()
        },
    );

    for symmetry in [Symmetry::None, Symmetry::Rot180] {
        let options = GenerateOptions {
            symmetry,
            ..GenerateOptions::default()
        };
        common::median(
            &format!("generate 1000 minimal, symmetry {symmetry}"),
            7,
            1000,
            || {
                (0..1000u64)
                    .map(|index| {
                        let mut rng = RandomStream::derive("bench", &["sudoku"], index);
                        generate(&options, &mut rng).unwrap().puzzle.clue_count()
                    })
                    .sum::<usize>()
            },
        );
    }
}
