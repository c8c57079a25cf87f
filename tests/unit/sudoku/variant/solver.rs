use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::variant::geometry::Geometry;
use puzzlebook::sudoku::variant::geometry::{Size, Variant};
use puzzlebook::sudoku::variant::grid::parse_any;
use puzzlebook::sudoku::variant::solver::*;
use std::sync::Arc;

#[test]
fn empty_grids_fill_for_every_geometry() {
    for size in Size::ALL {
        for variant in [Variant::Classic, Variant::X] {
            let geometry = Arc::new(Geometry::regular(size, variant).unwrap());
            let mut rng = RandomStream::derive("test", &["fill"], size.side() as u64);
            let solution = random_solution(&geometry, &mut rng, 1_000_000, None)
                .unwrap_or_else(|| panic!("{size} {variant}"));
            assert!(solution.is_complete() && solution.conflict().is_none());
        }
    }
}

#[test]
fn solves_a_six_by_six() {
    let puzzle = parse_any("6x6:1.....2.....3.....4.....5.....6.....").unwrap();
    assert!(matches!(solve(&puzzle), VariantSolution::Multiple(..)));
    let solution = solve_any(&puzzle).unwrap();
    assert!(solution.solves(&puzzle));
    let state = SearchState::from_grid(&solution).unwrap();
    assert_eq!(placed_values(&state), solution.cells());
    assert_eq!(count_solutions(&solution, 5), 1);
}

#[test]
fn searches_near_a_grid_agree_with_the_counter() {
    let geometry = Arc::new(Geometry::regular(Size::S9, Variant::X).unwrap());
    let mut rng = RandomStream::derive("test", &["near"], 0);
    let mut checked = [0; 2];
    for round in 0..40 {
        let solution = random_solution(&geometry, &mut rng, 100_000, None).unwrap();
        let mut puzzle = solution.clone();
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..30 + round] {
            puzzle.set(cell, 0);
        }
        let Some(state) = SearchState::from_grid(&puzzle) else {
            panic!("{puzzle}");
        };
        let singles_only = SearchState::from_grid_locking(&puzzle, false).unwrap();
        for &cell in &cells[..5] {
            let mut excluded = state;
            excluded.eliminate(cell, solution.get(cell));
            let solvable = excluded.count(1) == 1;
            let mut by_singles = singles_only;
            by_singles.eliminate(cell, solution.get(cell));
            assert_eq!(by_singles.count(2), excluded.count(2), "{puzzle}");
            checked[usize::from(solvable)] += 1;
            assert_eq!(
                excluded.solvable_near_within(solution.cells(), u64::MAX),
                Some(solvable)
            );
            // The other grid's values, tried first, find the same answer.
            let mut other = solution.clone();
            other.set(cell, if solution.get(cell) == 1 { 2 } else { 1 });
            assert_eq!(
                excluded.solvable_near_within(other.cells(), u64::MAX),
                Some(solvable)
            );
        }
        assert_eq!(state.solvable_near_within(solution.cells(), 0), None);
    }
    assert!(checked[0] > 20 && checked[1] > 20, "{checked:?}");
}

#[test]
fn a_bound_on_the_cells_filled_only_cuts_refutations_that_fill_more() {
    let geometry = Arc::new(Geometry::regular(Size::S9, Variant::Windoku).unwrap());
    let mut rng = RandomStream::derive("test", &["refutes within"], 0);
    let mut refuted = 0;
    for _ in 0..30 {
        let solution = random_solution(&geometry, &mut rng, 100_000, None).unwrap();
        let mut puzzle = solution.clone();
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..56] {
            puzzle.set(cell, 0);
        }
        let state = SearchState::from_grid(&puzzle).unwrap();
        for &cell in &cells[..56] {
            for value in (1..=9).filter(|&value| state.candidates(cell) & 1 << (value - 1) != 0) {
                let mut assumed = state;
                assumed.assume(cell, value);
                let Some(placed) = assumed.refutes_within(usize::MAX) else {
                    continue;
                };
                refuted += 1;
                for bound in [placed - 1, placed, placed + 3] {
                    let mut assumed = state;
                    assumed.assume(cell, value);
                    let expected = (bound >= placed).then_some(placed);
                    assert_eq!(assumed.refutes_within(bound), expected, "{puzzle}");
                }
            }
        }
    }
    assert!(refuted > 40, "{refuted}");
}
