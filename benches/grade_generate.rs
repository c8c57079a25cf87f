//! Tiered generation rate: puzzles per second for each tier on two worker threads (what
//! `puzzlebook sudoku generate --tier T --jobs 2` does), with the median time per puzzle.
//!
//! Run with `cargo bench --bench grade_generate [TIER…]`. Each tier is measured on
//! `COUNT` consecutive puzzle indexes of a fixed seed, so runs are comparable.

use std::time::{Duration, Instant};

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::GenerateOptions;
use puzzlebook::sudoku::grade::{GradedOptions, RatingTarget, Tier, generate_graded};
use rayon::prelude::*;

fn count_for(tier: Tier) -> u64 {
    match tier {
        Tier::Easy | Tier::Medium | Tier::Hard | Tier::Expert => 400,
        Tier::Diabolical => 200,
        Tier::Extreme => 40,
    }
}

fn main() {
    let wanted: Vec<Tier> = std::env::args()
        .skip(1)
        .filter_map(|argument| argument.parse().ok())
        .collect();
    let tiers = if wanted.is_empty() {
        Tier::ALL.to_vec()
    } else {
        wanted
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("two worker threads");
    for tier in tiers {
        let options = GradedOptions {
            base: GenerateOptions::default(),
            target: RatingTarget::Tier(tier),
            techniques: Default::default(),
        };
        let mut path = vec!["sudoku".to_string()];
        path.extend(options.seed_path());
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        let count = count_for(tier);
        let start = Instant::now();
        let mut times: Vec<Duration> = pool.install(|| {
            (0..count)
                .into_par_iter()
                .map(|index| {
                    let begin = Instant::now();
                    let mut rng = RandomStream::derive("bench", &path, index);
                    let graded = generate_graded(&options, &mut rng, None)
                        .expect("no deadline, so generation cannot fail");
                    assert_eq!(graded.grading.tier, tier);
                    begin.elapsed()
                })
                .collect()
        });
        let elapsed = start.elapsed();
        times.sort();
        println!(
            "{:<11} n={count:<4} {:>8.1} puzzles/s   median {:>8.2} ms/puzzle (one thread)   max {:>8.1} ms",
            tier.name(),
            count as f64 / elapsed.as_secs_f64(),
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
        );
    }
}
