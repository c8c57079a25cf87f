//! Variant engine benchmarks: minimal puzzles of each size and variant, made one thread.
//!
//! `cargo bench --bench variants`. Side by side with Simon Tatham's Solo:
//! `benches/peers_variants.sh` (needs the Debian package sgt-puzzles).

mod common;

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::Symmetry;
use puzzlebook::sudoku::grade::{RatingTarget, Tier};
use puzzlebook::sudoku::variant::grade::generate_graded;
use puzzlebook::sudoku::variant::{Size, Variant, VariantOptions, generate};

fn main() {
    let kinds = [
        (Size::S4, Variant::Classic, Symmetry::Rot180, 400),
        (Size::S6, Variant::Classic, Symmetry::Rot180, 400),
        (Size::S9, Variant::X, Symmetry::Rot180, 100),
        (Size::S9, Variant::Windoku, Symmetry::Rot180, 100),
        (Size::S9, Variant::Jigsaw, Symmetry::None, 100),
        (Size::S12, Variant::Classic, Symmetry::Rot180, 40),
        (Size::S12, Variant::Jigsaw, Symmetry::None, 10),
        (Size::S16, Variant::Classic, Symmetry::Rot180, 10),
        (Size::S16, Variant::Jigsaw, Symmetry::None, 3),
    ];
    for (size, variant, symmetry, count) in kinds {
        let options = VariantOptions {
            symmetry,
            ..VariantOptions::new(size, variant)
        };
        common::median(
            &format!("generate {count} minimal {size} {variant} ({symmetry})"),
            3,
            count,
            || {
                (0..count as u64)
                    .map(|index| {
                        let mut rng = RandomStream::derive("bench", &["variants"], index);
                        generate(&options, &mut rng, None)
                            .unwrap()
                            .puzzle
                            .clue_count()
                    })
                    .sum::<usize>()
            },
        );
    }
    // Easy and medium are dug for singles rather than minimal puzzles.
    let singles_tiers = [
        (Size::S6, Tier::Easy, 2000),
        (Size::S12, Tier::Easy, 100),
        (Size::S12, Tier::Medium, 100),
        (Size::S16, Tier::Easy, 20),
    ];
    for (size, tier, count) in singles_tiers {
        let options = VariantOptions::new(size, Variant::Classic);
        let target = Some(RatingTarget::Tier(tier));
        common::median(&format!("generate {count} {tier} {size}"), 3, count, || {
            (0..count as u64)
                .map(|index| {
                    let mut rng = RandomStream::derive("bench", &["singles"], index);
                    generate_graded(&options, target, &mut rng, None)
                        .unwrap()
                        .1
                        .rating_tenths
                })
                .max()
        });
    }
    let options = VariantOptions::new(Size::S16, Variant::Classic);
    common::median("generate 10 graded 16x16 (any tier)", 3, 10, || {
        (0..10u64)
            .map(|index| {
                let mut rng = RandomStream::derive("bench", &["graded"], index);
                generate_graded(&options, None, &mut rng, None)
                    .unwrap()
                    .1
                    .rating_tenths
            })
            .max()
    });
    let hard = Some(RatingTarget::Tier(Tier::Hard));
    common::median("generate 10 graded 16x16 hard", 3, 10, || {
        (0..10u64)
            .map(|index| {
                let mut rng = RandomStream::derive("bench", &["hard"], index);
                generate_graded(&options, hard, &mut rng, None)
                    .unwrap()
                    .1
                    .rating_tenths
            })
            .max()
    });
}
