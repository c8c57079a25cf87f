//! A teaching book end to end: 200 sudoku (70 medium, 70 hard, 40 expert, 20 diabolical),
//! each with a walkthrough, and a techniques chapter, on a 6 × 9 in page.
//!
//! `cargo bench --bench walkthrough_book` prints the median of a few runs for each stage,
//! the page count and bytes per page. The issue's target: ≤ 15 s on 2 cores and ≤ 30 KB
//! per page.

use std::time::{Duration, Instant};

use puzzlebook::book::plan::teaching;
use puzzlebook::book::{Plan, Spec};
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::{compose_walked, settle};
use puzzlebook::render::render;

const SPEC: &str = r#"
title = "Worked Sudoku"
seed = "bench-walkthroughs"
template = "kdp-6x9"

[front]
techniques = true

[[section]]
kind = "sudoku"
count = 70
tier = "medium"
walkthroughs = "all"

[[section]]
kind = "sudoku"
count = 70
tier = "hard"
walkthroughs = "all"

[[section]]
kind = "sudoku"
count = 40
tier = "expert"
walkthroughs = "all"

[[section]]
kind = "sudoku"
count = 20
tier = "diabolical"
walkthroughs = "all"

[answers]
placement = "end"
"#;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let threads = std::env::var("BENCH_THREADS")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(2);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let runs = 3;
    let mut stages: [Vec<Duration>; 5] = Default::default();
    let (mut pages, mut bytes) = (0, 0);
    for _ in 0..runs {
        let start = Instant::now();
        let spec = Spec::parse("bench.toml", SPEC, None).unwrap();
        let fonts = FontSet::bundled(false);
        let plan = Plan::new(&spec).unwrap();
        let stage = Instant::now();
        let puzzles = pool
            .install(|| plan.make(&spec, &[], &Default::default(), None, &|_| {}))
            .unwrap()
            .puzzles;
        stages[0].push(stage.elapsed());
        let stage = Instant::now();
        let taught = pool.install(|| teaching(&spec, &plan, &puzzles)).unwrap();
        stages[1].push(stage.elapsed());
        let stage = Instant::now();
        let (pagination, geometry) = settle(&spec, &fonts, &puzzles, &taught).unwrap();
        let composed =
            compose_walked(&spec, &pagination, &geometry, &puzzles, &taught, &fonts).unwrap();
        stages[2].push(stage.elapsed());
        let stage = Instant::now();
        let pdf = render(&composed.document, &fonts).unwrap();
        stages[3].push(stage.elapsed());
        stages[4].push(start.elapsed());
        pages = composed.document.pages.len();
        bytes = pdf.len();
    }
    println!(
        "walkthrough book: 200 puzzles, {pages} pages, {bytes} bytes ({} bytes/page), {threads} threads, median of {runs}:",
        bytes / pages.max(1)
    );
    let names = [
        "make puzzles",
        "walkthroughs",
        "layout",
        "render PDF",
        "total",
    ];
    for (name, times) in names.iter().zip(stages) {
        println!("  {name:<14}{:>8.1} ms", median(times).as_secs_f64() * 1e3);
    }
}
