//! Targeted generation rate: puzzles per second for `--hardest T` on two worker threads
//! (what `puzzlebook sudoku generate --hardest T --jobs 2` does), for each classic
//! technique rated up to 7.0 on Sudoku Explainer's scale (the README's table).
//!
//! Run with `cargo bench --bench technique_targets [NAME…]` (registry names, e.g.
//! `X-Wing`). Each technique is measured on `COUNT` consecutive puzzle indexes of a fixed
//! seed, so runs are comparable; a technique whose puzzles take longer than `LIMIT` is
//! reported as such rather than waited for.

use std::time::{Duration, Instant};

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::GenerateOptions;
use puzzlebook::sudoku::grade::{GradedOptions, RatingTarget, TechniqueTarget, generate_graded};
use puzzlebook::sudoku::techniques::{Grids, REGISTRY};
use rayon::prelude::*;

const COUNT: u64 = 20;
const LIMIT: Duration = Duration::from_secs(60);

fn main() {
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|argument| !argument.starts_with('-'))
        .collect();
    let names: Vec<String> = if wanted.is_empty() {
        REGISTRY
            .iter()
            .filter(|info| info.grids.contains(Grids::CLASSIC) && info.rating.0 <= 70)
            .filter(|info| info.rating.0 > 10)
            .map(|info| info.name.to_string())
            .collect()
    } else {
        wanted
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("two worker threads");
    println!(
        "{:<28} {:>10} {:>12}",
        "technique", "puzzles/s", "max s/puzzle"
    );
    for name in names {
        let techniques = TechniqueTarget::parse(&[], std::slice::from_ref(&name), Grids::CLASSIC)
            .expect("registry names are known");
        let options = GradedOptions {
            base: GenerateOptions::default(),
            target: RatingTarget::ANY,
            techniques,
        };
        let mut path = vec!["sudoku".to_string()];
        path.extend(options.seed_path());
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        let start = Instant::now();
        let deadline = start + LIMIT;
        let times: Vec<Option<Duration>> = pool.install(|| {
            (0..COUNT)
                .into_par_iter()
                .map(|index| {
                    let begin = Instant::now();
                    let mut rng = RandomStream::derive("bench", &path, index);
                    let made = generate_graded(&options, &mut rng, Some(deadline)).ok()?;
                    assert!(options.techniques.accepts_grading(&made.grading), "{name}");
                    Some(begin.elapsed())
                })
                .collect()
        });
        let elapsed = start.elapsed().as_secs_f64();
        let made = times.iter().flatten().count();
        let slowest = times.iter().flatten().max().copied().unwrap_or_default();
        let rate = made as f64 / elapsed;
        let note = if made < times.len() {
            format!("  ({made} of {COUNT} within {} s)", LIMIT.as_secs())
        } else {
            String::new()
        };
        println!(
            "{name:<28} {rate:>10.1} {:>12.2}{note}",
            slowest.as_secs_f64()
        );
    }
}
