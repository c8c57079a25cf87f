//! Our exact solver side by side with the fastest Rust peer, the `sudoku` crate
//! (JCZSolve-derived), on the same hard puzzles in one process, single-threaded.
//!
//! `cargo bench --bench solver [-- ROUNDS]`. Each round times both solvers once over the
//! SE >= 7 puzzles of the reference set, alternating so that load on the machine hits both
//! alike; the fastest round of each counts. Rounds are short (milliseconds) and many, so that
//! on a busy machine some of them run undisturbed. Two pairs are timed: counting up to two
//! solutions (the uniqueness proof the generator needs) and solving with the uniqueness proof
//! (the answer key).

mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use puzzlebook::sudoku::{Solution, count_solutions, solve};

fn time(work: impl FnOnce() -> usize) -> (Duration, usize) {
    let start = Instant::now();
    let result = black_box(work());
    (start.elapsed(), result)
}

fn report(name: &str, ours: Duration, peer: Duration, puzzles: usize) {
    let rate = |duration: Duration| puzzles as f64 / duration.as_secs_f64();
    println!(
        "{name:<28} puzzlebook {:>9.0}/s   sudoku 0.8 {:>9.0}/s   ratio {:.2}x",
        rate(ours),
        rate(peer),
        peer.as_secs_f64() / ours.as_secs_f64()
    );
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|argument| argument.parse().ok())
        .unwrap_or(300);
    let ours: Vec<_> = common::rated_puzzles()
        .into_iter()
        .filter(|(_, rating)| *rating >= 7.0)
        .map(|(grid, _)| grid)
        .collect();
    let peer = common::peer_puzzles(&ours);

    // Both must agree before their speed means anything.
    for (grid, sudoku) in ours.iter().zip(&peer) {
        let Solution::Unique(solution) = solve(grid) else {
            panic!("{grid} is not unique for puzzlebook");
        };
        let theirs = sudoku.solution().expect("unique for the peer too");
        assert_eq!(solution.to_line(), theirs.to_str_line().to_string());
    }
    println!(
        "{} hard puzzles (SE >= 7.0); best of {rounds} rounds, one thread",
        ours.len()
    );

    let mut best = [Duration::MAX; 4];
    for _ in 0..rounds {
        let runs: [(Duration, usize); 4] = [
            time(|| ours.iter().map(|grid| count_solutions(grid, 2)).sum()),
            time(|| {
                peer.iter()
                    .map(|sudoku| sudoku.solutions_count_up_to(2))
                    .sum()
            }),
            time(|| {
                ours.iter()
                    .filter(|grid| matches!(solve(grid), Solution::Unique(_)))
                    .count()
            }),
            time(|| {
                peer.iter()
                    .filter(|sudoku| sudoku.solution().is_some())
                    .count()
            }),
        ];
        for (slot, (duration, result)) in best.iter_mut().zip(runs) {
            assert_eq!(result, ours.len(), "every puzzle has exactly one solution");
            *slot = (*slot).min(duration);
        }
    }
    report("count up to 2", best[0], best[1], ours.len());
    report("solve + uniqueness", best[2], best[3], ours.len());
}
