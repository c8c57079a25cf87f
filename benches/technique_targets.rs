//! Targeted generation rate: puzzles per second for `--hardest T` on two worker threads
//! (what `puzzlebook sudoku generate --hardest T --jobs 2` does), for each classic
//! technique rated up to 7.0 on Sudoku Explainer's scale (the README's table), but those no
//! puzzle has as its hardest step (`NEVER_HARDEST`, refused).
//!
//! Run with `cargo bench --bench technique_targets [NAME…] [--count=N] [--seconds=S]`
//! (registry names, e.g. `X-Wing`). Each technique is measured on `COUNT` (or N)
//! consecutive puzzle indexes of a fixed seed, so runs are comparable; a technique whose
//! puzzles take longer than `LIMIT` (or S seconds) is reported as such rather than waited
//! for. Besides the rate on the wall clock it prints the rate per second of processor time
//! on two cores (the process's user and system time, halved), which a busy machine
//! disturbs far less.

use std::time::{Duration, Instant};

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::GenerateOptions;
use puzzlebook::sudoku::grade::target::NEVER_HARDEST;
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
    let flag = |name: &str| {
        std::env::args().find_map(|argument| {
            argument
                .strip_prefix(&format!("--{name}="))
                .and_then(|value| value.parse::<u64>().ok())
        })
    };
    let count = flag("count").unwrap_or(COUNT);
    let limit = flag("seconds").map_or(LIMIT, Duration::from_secs);
    let names: Vec<String> = if wanted.is_empty() {
        REGISTRY
            .iter()
            .filter(|info| info.grids.contains(Grids::CLASSIC) && info.rating.0 <= 70)
            .filter(|info| info.rating.0 > 10)
            .filter(|info| !NEVER_HARDEST.contains(&info.technique))
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
        "{:<28} {:>10} {:>12} {:>12}",
        "technique", "puzzles/s", "cpu-rate/s", "max s/puzzle"
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
        let cpu_start = processor_seconds();
        let deadline = start + limit;
        let times: Vec<Option<Duration>> = pool.install(|| {
            (0..count)
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
        let cpu = processor_seconds() - cpu_start;
        let made = times.iter().flatten().count();
        let slowest = times.iter().flatten().max().copied().unwrap_or_default();
        let rate = made as f64 / elapsed;
        let cpu_rate = made as f64 / (cpu / 2.0);
        let note = if made < times.len() {
            format!("  ({made} of {count} within {} s)", limit.as_secs())
        } else {
            String::new()
        };
        println!(
            "{name:<28} {rate:>10.1} {cpu_rate:>12.1} {:>12.2}{note}",
            slowest.as_secs_f64()
        );
    }
}

/// The processor time this process has used so far (user and system), in seconds, from
/// `/proc/self/stat` (Linux); zero where that cannot be read.
fn processor_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name (which is in parentheses): utime and stime are the
    // 12th and 13th of them, in clock ticks (100 a second on Linux).
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |at: usize| {
        fields
            .get(at)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}
