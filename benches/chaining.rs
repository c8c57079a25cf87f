//! Time per chaining rule, at the positions where SE's solve order calls it.
//!
//! Every puzzle of the reference set (tests/data/se-rated.txt) rated 6.5 or more is solved
//! with the grader's easiest-first driver; whenever the next step is a chaining step, each
//! chaining rule the driver tried at that position (the rules before the one that applied,
//! and that one) is timed alone with a reused `ChainEngine`, keeping the fastest of
//! `REPEATS` runs. Prints count, median, 90th percentile, mean and maximum per rule.
//!
//! Run with `cargo bench --bench chaining` (an optional argument filters puzzles by source,
//! e.g. `cargo bench --bench chaining -- grantm`; `-- --fresh` builds a new engine for every
//! call, as the free function `chaining::find` does).

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::board::Board;
use puzzlebook::sudoku::grade::chaining::{ChainEngine, ChainRule, Position};
use puzzlebook::sudoku::grade::{Technique, next_hint, parse_rating};

const DATA: &str = include_str!("../tests/data/se-rated.txt");
const REPEATS: usize = 3;

/// The chaining rules the driver tries before (and including) the one behind `technique`.
fn rules_tried(technique: Technique) -> &'static [ChainRule] {
    use ChainRule::*;
    match technique {
        Technique::Cycles => &[Cycles],
        Technique::NishioForcingChain => &[Cycles, Nishio],
        Technique::MultipleForcingChain => &[Cycles, Nishio, Multiple],
        Technique::DynamicForcingChain => &[Cycles, Nishio, Multiple, Dynamic],
        Technique::DynamicForcingChainPlus => &[Cycles, Nishio, Multiple, Dynamic, DynamicPlus],
        Technique::NestedForcingChain => &[Cycles, Nishio, Multiple, Dynamic, DynamicPlus, Nested],
        // Aligned triplet exclusion and the big wings sit between Cycles and Nishio.
        Technique::AlignedTripletExclusion | Technique::TUVWXYZWing => &[Cycles],
        _ => &[],
    }
}

fn main() {
    let filter: Option<String> = std::env::args()
        .skip(1)
        .find(|argument| !argument.starts_with('-'));
    // `--fresh`: a new engine per call, as `chaining::find` does.
    let fresh = std::env::args().any(|argument| argument == "--fresh");
    let mut engine = ChainEngine::new();
    let mut timings: BTreeMap<String, Vec<Duration>> = BTreeMap::new();
    let mut per_puzzle: Vec<(Duration, String)> = Vec::new();
    for line in DATA.lines() {
        let mut words = line.split_whitespace();
        let (Some(puzzle), Some(rating)) = (words.next(), words.next()) else {
            continue;
        };
        if puzzle.starts_with('#') {
            continue;
        }
        let source = words.next().unwrap_or("-");
        if filter
            .as_ref()
            .is_some_and(|f| !source.contains(f.as_str()))
        {
            continue;
        }
        let rating = parse_rating(rating).expect("reference ratings parse");
        if rating < 65 {
            continue;
        }
        let grid: Grid = puzzle.parse().expect("reference puzzles parse");
        let mut board = Board::new(&grid);
        let mut chain_time = Duration::ZERO;
        while !board.is_solved() {
            let Some(hint) = next_hint(&board) else { break };
            for &rule in rules_tried(hint.technique) {
                let position = Position {
                    values: &board.values,
                    candidates: &board.candidates,
                };
                let mut best = Duration::MAX;
                for _ in 0..REPEATS {
                    let start = Instant::now();
                    if fresh {
                        std::hint::black_box(puzzlebook::sudoku::grade::chaining::find(
                            rule, &position,
                        ));
                    } else {
                        std::hint::black_box(engine.find(rule, &position));
                    }
                    best = best.min(start.elapsed());
                }
                chain_time += best;
                timings.entry(format!("{rule:?}")).or_default().push(best);
            }
            hint.apply(&mut board);
        }
        per_puzzle.push((chain_time, puzzle.to_string()));
    }
    println!(
        "{:<12} {:>6} {:>10} {:>10} {:>10} {:>10}",
        "rule", "calls", "median", "p90", "mean", "max"
    );
    for (rule, mut times) in timings {
        times.sort();
        let count = times.len();
        let mean = times.iter().sum::<Duration>() / count as u32;
        println!(
            "{:<12} {:>6} {:>8.3}ms {:>8.3}ms {:>8.3}ms {:>8.3}ms",
            rule,
            count,
            ms(times[count / 2]),
            ms(times[count * 9 / 10]),
            ms(mean),
            ms(times[count - 1]),
        );
    }
    per_puzzle.sort();
    if let Some((time, puzzle)) = per_puzzle.last() {
        let median = per_puzzle[per_puzzle.len() / 2].0;
        println!(
            "chaining time per puzzle (SE >= 6.5, {} puzzles): median {:.2} ms, max {:.1} ms ({puzzle})",
            per_puzzle.len(),
            ms(median),
            ms(*time)
        );
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
