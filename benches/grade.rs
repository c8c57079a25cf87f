//! Grading speed on the reference set (tests/data/se-rated.txt): median, 90th percentile
//! and maximum time per puzzle, overall and for puzzles SE rates 7.0 or less.
//!
//! Run with `cargo bench --bench grade`. Single-threaded; every puzzle is graded
//! `REPEATS` times and its fastest time kept, to damp noise from other processes.

use std::time::{Duration, Instant};

use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::{grade, parse_rating};

const DATA: &str = include_str!("../tests/data/se-rated.txt");
const REPEATS: usize = 3;

fn main() {
    let filter: Option<String> = std::env::args()
        .skip(1)
        .find(|argument| !argument.starts_with('-'));
    let mut timings: Vec<(u16, Duration, String)> = Vec::new();
    for line in DATA.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let (Some(puzzle), Some(rating)) = (words.next(), words.next()) else {
            continue;
        };
        let source = words.next().unwrap_or("-").to_string();
        if filter
            .as_ref()
            .is_some_and(|f| !source.contains(f.as_str()))
        {
            continue;
        }
        let grid: Grid = puzzle.parse().expect("reference puzzles parse");
        let rating = parse_rating(rating).expect("reference ratings parse");
        let mut best = Duration::MAX;
        for _ in 0..REPEATS {
            let start = Instant::now();
            let grading = grade(&grid).expect("reference puzzles are unique");
            std::hint::black_box(grading);
            best = best.min(start.elapsed());
        }
        timings.push((rating, best, puzzle.to_string()));
    }
    report("all puzzles", timings.iter().map(|t| t.1).collect());
    report(
        "SE rating <= 7.0",
        timings.iter().filter(|t| t.0 <= 70).map(|t| t.1).collect(),
    );
    report(
        "SE rating > 7.0",
        timings.iter().filter(|t| t.0 > 70).map(|t| t.1).collect(),
    );
    if let Some(slowest) = timings.iter().max_by_key(|t| t.1) {
        println!(
            "slowest: {} (SE {}.{}) {:.1} ms",
            slowest.2,
            slowest.0 / 10,
            slowest.0 % 10,
            slowest.1.as_secs_f64() * 1e3
        );
    }
}

fn report(name: &str, mut times: Vec<Duration>) {
    if times.is_empty() {
        return;
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let total: Duration = times.iter().sum();
    println!(
        "{name:<18} n={:<5} median {:>8.3} ms  p90 {:>8.3} ms  max {:>9.3} ms  mean {:>8.3} ms",
        times.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.9).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3 / times.len() as f64
    );
}
