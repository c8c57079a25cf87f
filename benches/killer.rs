//! Killer sudoku benchmarks: generating 9×9 and 6×6 killers one thread, and counting the
//! solutions of made ones (the uniqueness check the generator runs after each batch of merges).
//!
//! `cargo bench --bench killer`. Side by side with Simon Tatham's Solo:
//! `benches/peers_killer.sh` (needs the Debian package sgt-puzzles).

mod common;

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::killer::generate::{KillerOptions, generate};
use puzzlebook::sudoku::killer::solver::count_solutions;
use puzzlebook::sudoku::variant::Size;

fn main() {
    for (size, count) in [(Size::S6, 200), (Size::S9, 40)] {
        let options = KillerOptions::new(size);
        common::median(
            &format!("generate {count} {size} killers"),
            3,
            count,
            || {
                (0..count as u64)
                    .map(|index| {
                        let mut rng = RandomStream::derive("bench", &["killer"], index);
                        generate(&options, &mut rng, None)
                            .unwrap()
                            .puzzle
                            .cages()
                            .len()
                    })
                    .sum::<usize>()
            },
        );
    }
    let options = KillerOptions::new(Size::S9);
    let made: Vec<_> = (0..40u64)
        .map(|index| {
            let mut rng = RandomStream::derive("bench", &["killer"], index);
            generate(&options, &mut rng, None).unwrap().puzzle
        })
        .collect();
    common::median("count the solutions of 40 9x9 killers", 5, 40, || {
        made.iter()
            .map(|killer| count_solutions(killer, 2))
            .sum::<usize>()
    });
}
