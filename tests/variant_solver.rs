//! The variant solver against the simple reference counter, on random positions of every
//! geometry small enough for the reference: 0, 1 and many solutions.

use std::sync::Arc;

use proptest::prelude::*;
use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::variant::jigsaw::random_layout;
use puzzlebook::sudoku::variant::solver::random_solution;
use puzzlebook::sudoku::variant::{
    Geometry, Size, Variant, VariantGrid, VariantSolution, count_solutions, reference, solve,
};

/// The geometry of `choice`; `None` for the rare jigsaw seed whose layout the generator gives
/// up on (it then draws another, as the generator does).
fn geometry(choice: u8, seed: u64) -> Option<Arc<Geometry>> {
    let (size, variant) = match choice % 7 {
        0 => (Size::S4, Variant::Classic),
        1 => (Size::S4, Variant::X),
        2 => (Size::S6, Variant::Classic),
        3 => (Size::S6, Variant::X),
        4 => (Size::S6, Variant::Jigsaw),
        5 => (Size::S9, Variant::Windoku),
        _ => (Size::S9, Variant::Jigsaw),
    };
    if variant == Variant::Jigsaw {
        let mut rng = RandomStream::derive("layout", &[], seed);
        let regions = random_layout(size, false, &mut rng)?;
        let labels: Vec<u8> = regions.iter().map(|&r| b'a' + r).collect();
        Some(Arc::new(
            Geometry::jigsaw(size, &labels).expect("a valid layout"),
        ))
    } else {
        Some(Arc::new(Geometry::regular(size, variant).unwrap()))
    }
}

/// A position: a random solution with some cells blanked and maybe one given changed.
fn position(choice: u8, seed: u64, blank_per_mille: u32, change: bool) -> Option<VariantGrid> {
    let geometry = geometry(choice, seed)?;
    let mut rng = RandomStream::derive("position", &[], seed);
    let solution = random_solution(&geometry, &mut rng, 100_000, None)?;
    let mut grid = solution.clone();
    let cells = geometry.cells();
    // Big grids keep most givens so the reference stays quick.
    let per_mille = if geometry.side() == 9 {
        blank_per_mille.min(550)
    } else {
        blank_per_mille
    };
    for cell in 0..cells {
        if rng.below(1000) < per_mille {
            grid.set(cell, 0);
        }
    }
    if change {
        let cell = rng.below(cells as u32) as usize;
        let value = 1 + rng.below(geometry.side() as u32) as u8;
        grid.set(cell, value);
    }
    Some(grid)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn counts_agree_with_the_reference(
        choice in 0u8..7,
        seed in 0u64..1_000_000,
        blank in 0u32..1000,
        change in any::<bool>(),
    ) {
        let Some(grid) = position(choice, seed, blank, change) else {
            return Ok(());
        };
        let fast = count_solutions(&grid, 3);
        let slow = reference::count_solutions(&grid, 3);
        prop_assert_eq!(fast, slow, "{}", grid);
        match solve(&grid) {
            VariantSolution::None => prop_assert_eq!(fast, 0),
            VariantSolution::Unique(solution) => {
                prop_assert_eq!(fast, 1);
                prop_assert!(solution.solves(&grid));
            }
            VariantSolution::Multiple(a, b) => {
                prop_assert!(fast >= 2);
                prop_assert!(a != b && a.solves(&grid) && b.solves(&grid));
            }
        }
    }
}

#[test]
fn every_kind_of_answer_occurs() {
    // The property above must see all three outcomes, or it tests too little.
    let mut seen = [false; 3];
    for seed in 0..200u64 {
        let choice = (seed % 7) as u8;
        let blank = [100, 500, 900][(seed / 7 % 3) as usize];
        if let Some(grid) = position(choice, seed, blank, seed % 2 == 0) {
            seen[count_solutions(&grid, 2)] = true;
        }
    }
    assert_eq!(seen, [true; 3]);
}

#[test]
fn an_empty_four_by_four_has_288_solutions() {
    let geometry = Arc::new(Geometry::regular(Size::S4, Variant::Classic).unwrap());
    let empty = VariantGrid::empty(geometry);
    assert_eq!(count_solutions(&empty, 1000), 288);
    assert_eq!(reference::count_solutions(&empty, 1000), 288);
}

/// A 6×6 jigsaw seed whose layout the generator gives up on is skipped, not a panic
/// (found by the property above).
#[test]
fn a_layout_given_up_on_is_skipped() {
    assert!(geometry(4, 788_316).is_none_or(|geometry| geometry.cells() == 36));
    assert!(position(4, 788_316, 0, false).is_none_or(|grid| count_solutions(&grid, 2) == 1));
}
