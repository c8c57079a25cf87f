//! A minimal benchmark harness: run a closure several times, report the median.
#![allow(dead_code)]

use std::time::{Duration, Instant};

/// Runs `work` once to warm up, then `runs` times; prints and returns the median duration.
/// `items` is how many things one run handles, for a per-second figure.
pub fn median<R>(name: &str, runs: usize, items: usize, mut work: impl FnMut() -> R) -> Duration {
    std::hint::black_box(work());
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(work());
            start.elapsed()
        })
        .collect();
    times.sort();
    let median = times[times.len() / 2];
    let per_second = items as f64 / median.as_secs_f64();
    println!(
        "{name:<48} median {:>10.3} ms  ({items} items, {per_second:>12.0}/s, min {:.3} ms, max {:.3} ms, {runs} runs)",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
    );
    median
}

/// The number of rounds given as the bench's first number argument, or `default`.
pub fn rounds(default: usize) -> usize {
    std::env::args()
        .skip(1)
        .find_map(|argument| argument.parse().ok())
        .unwrap_or(default)
}

/// How long `work` takes, and what it returned (kept from the optimiser).
pub fn time<R>(work: impl FnOnce() -> R) -> (Duration, R) {
    let start = Instant::now();
    let result = std::hint::black_box(work());
    (start.elapsed(), result)
}

/// The reference puzzles: (puzzle, SE rating).
pub fn rated_puzzles() -> Vec<(puzzlebook::sudoku::Grid, f64)> {
    include_str!("../../tests/data/se-rated.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut words = line.split_whitespace();
            let grid = words.next().unwrap().parse().unwrap();
            let rating = words.next().unwrap().parse().unwrap();
            (grid, rating)
        })
        .collect()
}

/// The same puzzles as the `sudoku` crate's, for the benches that compare with it.
pub fn peer_puzzles(grids: &[puzzlebook::sudoku::Grid]) -> Vec<sudoku::Sudoku> {
    grids
        .iter()
        .map(|grid| {
            sudoku::Sudoku::from_str_line(&grid.to_line()).expect("the peer parses our lines")
        })
        .collect()
}
