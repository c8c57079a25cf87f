//! Shaped puzzles: the built-in 9×9 shapes with 22 to 30 givens, made at tiers easy,
//! medium and hard on one core with 10 s each.
//!
//! `cargo bench --bench pattern` prints a Markdown table (per shape and tier: successes,
//! median and slowest time) and the totals the issue sets as targets: at least 95 % made
//! within 10 s, median under 1 s. `PATTERN_RUNS` sets the seeds per shape and tier
//! (default 10).
//!
//! A second table aims the same shapes at techniques (`--hardest` / `--needs` with
//! `--pattern`): `PATTERN_TECHNIQUE_RUNS` seeds each (default 5).

use std::time::{Duration, Instant};

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::{RatingTarget, TechniqueTarget, Tier};
use puzzlebook::sudoku::pattern::shapes::SHAPES;
use puzzlebook::sudoku::pattern::{Pattern, PatternRequest, make_classic};
use puzzlebook::sudoku::techniques::Grids;

const LIMIT: Duration = Duration::from_secs(10);

fn runs_from(variable: &str, default: u64) -> u64 {
    std::env::var(variable)
        .ok()
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(default)
}

/// The built-in shapes the targets are about: 22 to 30 givens.
fn shapes() -> impl Iterator<Item = (&'static str, Pattern)> {
    SHAPES
        .iter()
        .map(|shape| (shape.name, shape.pattern()))
        .filter(|(_, pattern)| (22..=30).contains(&pattern.len()))
}

/// Runs `make` once per seed with 10 s each: how many succeeded and the sorted times.
fn timed(runs: u64, mut make: impl FnMut(u64, Instant) -> bool) -> (u64, Vec<f64>) {
    let mut times = Vec::new();
    let mut succeeded = 0;
    for run in 0..runs {
        let started = Instant::now();
        if make(run, started + LIMIT) {
            succeeded += 1;
        }
        times.push(started.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (succeeded, times)
}

fn cell(succeeded: u64, runs: u64, times: &[f64]) -> String {
    format!(
        "{succeeded}/{runs}, {:.2} s (max {:.1})",
        times[times.len() / 2],
        times[times.len() - 1]
    )
}

fn main() {
    tiers(runs_from("PATTERN_RUNS", 10));
    techniques(runs_from("PATTERN_TECHNIQUE_RUNS", 5));
}

fn tiers(runs: u64) {
    let tiers = [Tier::Easy, Tier::Medium, Tier::Hard];
    println!(
        "| shape | givens | {} |",
        tiers.map(|tier| tier.to_string()).join(" | ")
    );
    println!("|---|---:|{}", "---:|".repeat(tiers.len()));
    let mut all = Vec::new();
    let mut made = 0;
    for (name, pattern) in shapes() {
        let mut cells = Vec::new();
        for tier in tiers {
            let request =
                PatternRequest::new(&pattern, name, Some(RatingTarget::Tier(tier)), false);
            let (succeeded, times) = timed(runs, |run, deadline| {
                let mut rng = RandomStream::derive("bench", &[name, &tier.to_string()], run);
                make_classic(&request, &mut rng, Some(deadline)).is_ok()
            });
            made += succeeded;
            all.extend_from_slice(&times);
            cells.push(cell(succeeded, runs, &times));
        }
        println!("| {name} | {} | {} |", pattern.len(), cells.join(" | "));
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

/// A column of the techniques table: its label, the techniques needed, the hardest one,
/// and the tier.
type Aim = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    Option<Tier>,
);

/// The shapes aimed at techniques: a technique as the hardest step (so the rating is
/// its own), and one the solve must use at tier hard.
fn techniques(runs: u64) {
    let aims: [Aim; 3] = [
        ("hardest Hidden Pair", &[], &["Hidden Pair"], None),
        ("hardest X-Wing", &[], &["X-Wing"], None),
        (
            "needs Naked Pair, hard",
            &["Naked Pair"],
            &[],
            Some(Tier::Hard),
        ),
    ];
    println!(
        "\n| shape | {} |",
        aims.map(|(label, ..)| label).join(" | ")
    );
    println!("|---|{}", "---:|".repeat(aims.len()));
    let (mut made, mut tried) = (0, 0);
    for (name, pattern) in shapes() {
        let mut cells = Vec::new();
        for (label, needs, hardest, tier) in aims {
            let owned = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
            let target =
                TechniqueTarget::parse(&owned(needs), &owned(hardest), Grids::CLASSIC).unwrap();
            let request = PatternRequest::new(&pattern, name, tier.map(RatingTarget::Tier), false)
                .aimed_at(&target)
                .unwrap();
            let (succeeded, times) = timed(runs, |run, deadline| {
                let mut rng = RandomStream::derive("bench", &[name, label], run);
                make_classic(&request, &mut rng, Some(deadline)).is_ok()
            });
            made += succeeded;
            tried += runs;
            cells.push(cell(succeeded, runs, &times));
        }
        println!("| {name} | {} |", cells.join(" | "));
    }
    println!("\n{made} of {tried} made within {} s", LIMIT.as_secs());
}
