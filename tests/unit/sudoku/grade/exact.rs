use puzzlebook::sudoku::grade::board::ALL_DIGITS;
use puzzlebook::sudoku::grade::board::bit;
use puzzlebook::sudoku::grade::board::{ExtraHouses, HOUSE_SETS};
use puzzlebook::sudoku::grade::exact::*;
use puzzlebook::sudoku::grid::Grid;
use puzzlebook::sudoku::solver::Solution;

#[test]
fn classic_grids_solve_as_the_classic_solver_does() {
    let puzzle: Grid =
        "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7.."
            .parse()
            .unwrap();
    assert_eq!(
        solve_in(&puzzle, ExtraHouses::None.geometry()),
        puzzlebook::sudoku::solver::solve(&puzzle)
    );
    assert!(matches!(
        solve_in(&Grid::EMPTY, ExtraHouses::X.geometry()),
        Solution::Multiple(..)
    ));
}

#[test]
fn solutions_respect_the_extra_houses() {
    for extra in [ExtraHouses::X, ExtraHouses::Windoku] {
        let geometry = extra.geometry();
        let Solution::Multiple(first, _) = solve_in(&Grid::EMPTY, geometry) else {
            panic!("an empty grid has many solutions");
        };
        for &house in geometry.extra_houses {
            let digits = (0..81)
                .filter(|&cell| HOUSE_SETS[house] & (1 << cell) != 0)
                .fold(0u16, |mask, cell| mask | bit(first.get(cell)));
            assert_eq!(digits, ALL_DIGITS, "{extra:?} house {house}");
        }
    }
}

#[test]
fn givens_clashing_on_a_diagonal_are_found() {
    let mut puzzle = Grid::EMPTY;
    puzzle.set(0, 5);
    puzzle.set(80, 5);
    assert_eq!(
        conflict(&puzzle, ExtraHouses::X.geometry()),
        Some((27, 0, 80))
    );
    assert_eq!(conflict(&puzzle, ExtraHouses::None.geometry()), None);
    assert_eq!(solve_in(&puzzle, ExtraHouses::X.geometry()), Solution::None);
}
