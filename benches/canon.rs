//! Canonical forms side by side with the `sudoku` crate's `canonicalized()`, and what
//! distinctness costs a book.
//!
//! `cargo bench --bench canon [-- ROUNDS]`. First, on the reference set's 2,113 unique
//! puzzles, one thread: our minlex form (the community's canonical form of the puzzle)
//! against `sudoku::Sudoku::canonicalized` (which solves the puzzle and canonicalizes its
//! solution grid, a different form: only the speed compares). Each round times both once,
//! alternating so that load on the machine hits both alike; the fastest round of each
//! counts. Then the other kinds' forms for scale. Last, a 500-puzzle book made on two
//! threads (`Plan::make`, as `puzzlebook book` does) against the keys it computes: the
//! share of the making that distinctness takes.

mod common;

use std::time::{Duration, Instant};

use puzzlebook::book::{Plan, Spec};
use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::canon::{canonical, canonical_classic, canonical_killer};
use puzzlebook::sudoku::killer::generate::{KillerOptions, generate as generate_killer};
use puzzlebook::sudoku::variant::{Size, Variant, VariantOptions, generate};

const BOOK: &str = r#"
title = "Distinct Book"
seed = "distinct-bench"

[[section]]
kind = "sudoku"
count = 150
tier = "easy"

[[section]]
kind = "sudoku"
count = 150
tier = "medium"

[[section]]
kind = "sudoku"
count = 100
tier = "hard"

[[section]]
kind = "sudoku"
size = "6x6"
count = 50

[[section]]
kind = "mushikui"
count = 50
op = "mul"
digits = [3, 2]
"#;

fn main() {
    let rounds = common::rounds(40);
    let ours: Vec<_> = common::rated_puzzles()
        .into_iter()
        .map(|(grid, _)| grid)
        .collect();
    let peer = common::peer_puzzles(&ours);
    let mut best = [Duration::MAX; 2];
    for _ in 0..rounds {
        let runs = [
            common::time(|| {
                ours.iter()
                    .map(|grid| usize::from(canonical_classic(grid).cells()[80]))
                    .sum::<usize>()
            }),
            common::time(|| {
                peer.iter()
                    .map(|sudoku| sudoku.canonicalized().map_or(0, |(_, count)| count))
                    .sum::<usize>()
            }),
        ];
        for (slot, (duration, _)) in best.iter_mut().zip(runs) {
            *slot = (*slot).min(duration);
        }
    }
    let rate = |duration: Duration| ours.len() as f64 / duration.as_secs_f64();
    println!(
        "{} unique puzzles (tests/data/se-rated.txt); best of {rounds} rounds, one thread",
        ours.len()
    );
    println!(
        "canonical form              puzzlebook {:>9.0}/s   sudoku 0.8 {:>9.0}/s   ratio {:.2}x",
        rate(best[0]),
        rate(best[1]),
        best[1].as_secs_f64() / best[0].as_secs_f64()
    );

    // The other kinds, for scale.
    for (size, variant) in [
        (Size::S6, Variant::Classic),
        (Size::S16, Variant::Classic),
        (Size::S9, Variant::X),
        (Size::S9, Variant::Jigsaw),
    ] {
        let grids: Vec<_> = (0..40)
            .map(|index| {
                let mut rng = RandomStream::derive("canon-bench", &[size.name()], index);
                generate(&VariantOptions::new(size, variant), &mut rng, None)
                    .unwrap()
                    .puzzle
            })
            .collect();
        common::median(
            &format!("canonical form, {size} {variant}"),
            5,
            grids.len(),
            || {
                grids
                    .iter()
                    .map(|grid| usize::from(canonical(grid).cells()[0]))
                    .sum::<usize>()
            },
        );
    }
    let killers: Vec<_> = (0..20)
        .map(|index| {
            let mut rng = RandomStream::derive("canon-bench", &["killer"], index);
            generate_killer(&KillerOptions::new(Size::S9), &mut rng, None)
                .unwrap()
                .puzzle
        })
        .collect();
    common::median("canonical form, 9x9 killer", 5, killers.len(), || {
        killers
            .iter()
            .map(|killer| canonical_killer(killer).cages().len())
            .sum::<usize>()
    });

    // What distinctness costs a book of 500 puzzles.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let spec = Spec::parse("distinct.toml", BOOK, None).unwrap();
    let plan = Plan::new(&spec).unwrap();
    let none = Default::default();
    let mut make_times = Vec::new();
    let mut key_times = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        let made = pool
            .install(|| plan.make(&spec, &[], &none, None, &|_| {}))
            .unwrap();
        make_times.push(start.elapsed());
        let start = Instant::now();
        let keys: Vec<String> = pool.install(|| {
            use rayon::prelude::*;
            made.puzzles
                .par_iter()
                .map(|puzzle| puzzle.content.canonical_key())
                .collect()
        });
        key_times.push(start.elapsed());
        assert_eq!(keys, made.keys);
    }
    make_times.sort();
    key_times.sort();
    let (make, keys) = (make_times[2], key_times[2]);
    println!(
        "500-puzzle book, 2 threads: made in {:.3} s (median), of which the keys {:.4} s: distinctness costs {:.2} %",
        make.as_secs_f64(),
        keys.as_secs_f64(),
        100.0 * keys.as_secs_f64() / (make.as_secs_f64() - keys.as_secs_f64())
    );
}
