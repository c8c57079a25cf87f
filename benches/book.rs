//! Building a 100-page A4 book end to end: spec → puzzles → layout → PDF.
//!
//! `cargo bench --bench book` prints the median of a few runs for each stage, the page
//! count and bytes per page. The issue's target: about 300 sudoku and 100 mushikui-zan with
//! answers in ≤ 10 s on 2 cores: here 100 sudoku each of easy, medium and hard, 50 long
//! multiplications and 50 long divisions, answers at the end.

use std::time::{Duration, Instant};

use puzzlebook::book::{Plan, Spec};
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::{Geometry, compose, paginate};
use puzzlebook::render::render;

const SPEC: &str = r#"
title = "Benchmark Book"
seed = "bench"
template = "a4"

[[section]]
title = "Easy"
kind = "sudoku"
count = 100
tier = "easy"

[[section]]
title = "Medium"
kind = "sudoku"
count = 100
tier = "medium"

[[section]]
title = "Hard"
kind = "sudoku"
count = 100
tier = "hard"

[[section]]
title = "Multiplication"
kind = "mushikui"
count = 50
op = "mul"
digits = [3, 2]

[[section]]
title = "Division"
kind = "mushikui"
count = 50
op = "div"
digits = [5, 2]

[answers]
placement = "end"
per_page = "3x4"
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
    let runs = 5;
    let (mut make, mut layout, mut pdf, mut total) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut pages = 0;
    let mut bytes = 0;
    let mut puzzles_made = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let spec = Spec::parse("bench.toml", SPEC, None).unwrap();
        let fonts = FontSet::bundled(false);
        let plan = Plan::new(&spec).unwrap();
        let pagination = paginate(&spec);
        let geometry = Geometry::new(&spec, &pagination, &fonts).unwrap();
        let stage = Instant::now();
        let puzzles = pool
            .install(|| plan.make(&spec, &[], &Default::default(), None, &|_| {}))
            .unwrap()
            .puzzles;
        make.push(stage.elapsed());
        let stage = Instant::now();
        let composed = compose(&spec, &pagination, &geometry, &puzzles, &fonts).unwrap();
        layout.push(stage.elapsed());
        let stage = Instant::now();
        let pdf_bytes = render(&composed.document, &fonts).unwrap();
        pdf.push(stage.elapsed());
        total.push(start.elapsed());
        pages = composed.document.pages.len();
        bytes = pdf_bytes.len();
        puzzles_made = puzzles.len();
    }
    println!(
        "book: {puzzles_made} puzzles, {pages} pages, {bytes} bytes ({} bytes/page), {threads} threads, median of {runs}:",
        bytes / pages.max(1)
    );
    println!(
        "  make puzzles  {:>8.1} ms",
        median(make).as_secs_f64() * 1e3
    );
    println!(
        "  layout        {:>8.1} ms",
        median(layout).as_secs_f64() * 1e3
    );
    println!(
        "  render PDF    {:>8.1} ms",
        median(pdf).as_secs_f64() * 1e3
    );
    println!(
        "  total         {:>8.1} ms",
        median(total).as_secs_f64() * 1e3
    );
}
