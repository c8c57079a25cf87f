use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::variant::fill::*;
use puzzlebook::sudoku::variant::geometry::Geometry;
use puzzlebook::sudoku::variant::geometry::{Size, Variant};
use puzzlebook::sudoku::variant::solver::house_singles_fill;
use std::sync::Arc;

#[test]
fn the_bit_fill_makes_the_house_solvers_grids() {
    for size in [Size::S4, Size::S6, Size::S8, Size::S9, Size::S12] {
        let geometry = Arc::new(Geometry::regular(size, Variant::Classic).unwrap());
        let mut differing_first_rows = std::collections::BTreeSet::new();
        for index in 0..40 {
            let stream = || RandomStream::derive("test", &["bit fill", size.name()], index);
            let grid = random_grid(&geometry, &mut stream(), u64::MAX, None).unwrap();
            assert!(grid.is_complete() && grid.conflict().is_none(), "{grid}");
            assert_eq!(grid, house_singles_fill(&geometry, &mut stream()));
            differing_first_rows.insert(grid.cells()[..size.side()].to_vec());
        }
        assert!(differing_first_rows.len() > 10, "{size}");
    }
}

#[test]
fn a_spent_budget_stops_the_fill() {
    let geometry = Arc::new(Geometry::regular(Size::S12, Variant::Classic).unwrap());
    let mut rng = RandomStream::derive("test", &["bit fill budget"], 0);
    assert_eq!(random_grid(&geometry, &mut rng, 1, None), None);
}
