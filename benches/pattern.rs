//! Shaped puzzles: the built-in 9×9 shapes with 22 to 30 givens, made at tiers easy,
//! medium and hard on one core with 10 s each.
//!
//! `cargo bench --bench pattern` prints a Markdown table (per shape and tier: successes,
//! median and slowest time) and the totals the issue sets as targets: at least 95 % made
//! within 10 s, median under 1 s. `PATTERN_RUNS` sets the seeds per shape and tier
//! (default 10).

use std::time::{Duration, Instant};

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::{RatingTarget, Tier};
use puzzlebook::sudoku::pattern::shapes::SHAPES;
use puzzlebook::sudoku::pattern::{PatternRequest, make_classic};

const LIMIT: Duration = Duration::from_secs(10);

fn main() {
    let runs: u64 = std::env::var("PATTERN_RUNS")
        .ok()
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(10);
    let tiers = [Tier::Easy, Tier::Medium, Tier::Hard];
    println!(
        "| shape | givens | {} |",
        tiers.map(|tier| tier.to_string()).join(" | ")
    );
    println!("|---|---:|{}", "---:|".repeat(tiers.len()));
    let mut all = Vec::new();
    let mut made = 0;
    for shape in SHAPES {
        let pattern = shape.pattern();
        if !(22..=30).contains(&pattern.len()) {
            continue;
        }
        let mut cells = Vec::new();
        for tier in tiers {
            let request = PatternRequest {
                pattern: &pattern,
                name: shape.name,
                target: Some(RatingTarget::Tier(tier)),
                minimal: false,
                condition: None,
                record_steps: false,
            };
            let mut times = Vec::new();
            let mut succeeded = 0;
            for run in 0..runs {
                let mut rng = RandomStream::derive("bench", &[shape.name, &tier.to_string()], run);
                let started = Instant::now();
                let result = make_classic(&request, &mut rng, Some(started + LIMIT));
                let seconds = started.elapsed().as_secs_f64();
                if result.is_ok() {
                    succeeded += 1;
                }
                times.push(seconds);
            }
            made += succeeded;
            all.extend_from_slice(&times);
            times.sort_by(f64::total_cmp);
            cells.push(format!(
                "{succeeded}/{runs}, {:.2} s (max {:.1})",
                times[times.len() / 2],
                times[times.len() - 1]
            ));
        }
        println!(
            "| {} | {} | {} |",
            shape.name,
            pattern.len(),
            cells.join(" | ")
        );
    }
    all.sort_by(f64::total_cmp);
    println!(
        "\n{made} of {} made within {} s ({:.1} %), median {:.3} s, 90th percentile {:.2} s",
        all.len(),
        LIMIT.as_secs(),
        100.0 * made as f64 / all.len() as f64,
        all[all.len() / 2],
        all[all.len() * 9 / 10]
    );
}
