#![allow(clippy::needless_range_loop)]
use puzzlebook::sudoku::grade::board::*;
use puzzlebook::sudoku::grid::Grid;

#[test]
fn peers_and_houses_agree() {
    for cell in 0..81 {
        assert_eq!(CLASSIC_PEER_SETS[cell].count_ones(), 20);
        assert_eq!(CLASSIC.peers(cell).len(), 20);
        assert_eq!(CLASSIC.peer_sets[cell], CLASSIC_PEER_SETS[cell]);
        for house in houses_of(cell) {
            assert!(HOUSE_SETS[house] & (1 << cell) != 0);
        }
        assert_eq!(house_of_cell(BLOCK, cell), houses_of(cell)[2]);
        assert_eq!(house_of_cell(ROW, cell), houses_of(cell)[0]);
        assert_eq!(house_of_cell(COLUMN, cell), houses_of(cell)[1]);
    }
}

#[test]
fn extra_houses_are_the_diagonals_and_windows() {
    for house in 0..HOUSE_COUNT {
        assert_eq!(HOUSE_SETS[house].count_ones(), 9, "house {house}");
    }
    assert_eq!(
        HOUSE_CELLS[FIRST_DIAGONAL],
        [0, 10, 20, 30, 40, 50, 60, 70, 80]
    );
    assert_eq!(
        HOUSE_CELLS[FIRST_DIAGONAL + 1],
        [8, 16, 24, 32, 40, 48, 56, 64, 72]
    );
    // The four windows are the 3x3 squares at rows/columns 2-4 and 6-8 (1-based).
    assert_eq!(
        HOUSE_CELLS[FIRST_WINDOW],
        [10, 11, 12, 19, 20, 21, 28, 29, 30]
    );
    assert_eq!(
        HOUSE_CELLS[FIRST_WINDOW + 3],
        [50, 51, 52, 59, 60, 61, 68, 69, 70]
    );
    // The nine window groups partition the grid.
    let union = (FIRST_WINDOW..FIRST_WINDOW + 9).fold(0u128, |set, h| set | HOUSE_SETS[h]);
    assert_eq!(union.count_ones(), 81);
    // r1c1 sees its row, column, box and main diagonal: 20 + 6 more.
    assert_eq!(X_GEOMETRY.peers(0).len(), 26);
    assert_eq!(X_GEOMETRY.peers(40).len(), 32);
    assert_eq!(X_GEOMETRY.peers(1).len(), 20);
    for cell in 0..81 {
        let geometry = ExtraHouses::Windoku.geometry();
        assert_eq!(geometry.extra_houses_of(cell).count(), 1);
        assert_eq!(
            geometry.peer_sets[cell] & CLASSIC_PEER_SETS[cell],
            CLASSIC_PEER_SETS[cell]
        );
    }
}

#[test]
fn placing_keeps_both_views_in_step() {
    let grid: Grid =
        "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7.."
            .parse()
            .unwrap();
    let mut board = Board::new(&grid);
    board.place(0, 2);
    for cell in 0..81 {
        for digit in 1..=9u8 {
            assert_eq!(
                board.has(cell, digit),
                board.digit_cells[digit as usize - 1] & (1 << cell) != 0
            );
        }
    }
    assert!(!board.has(1, 2) && !board.has(9, 2) && !board.has(10, 2));
}

proptest::proptest! {
    /// Placing digits one by one gives the same board as building it from the grid of
    /// placed digits (the reference: candidates recomputed from scratch).
    #[test]
    fn incremental_placements_match_a_fresh_board(order in proptest::sample::subsequence((0..81usize).collect::<Vec<_>>(), 0..81), seed in 0u64..1000) {
        let mut rng = puzzlebook::seed::RandomStream::derive("board", &[], seed);
        let solution = puzzlebook::sudoku::generate::random_solution(&mut rng);
        let mut board = Board::new(&Grid::EMPTY);
        let mut grid = Grid::EMPTY;
        for &cell in &order {
            board.place(cell, solution.get(cell));
            grid.set(cell, solution.get(cell));
        }
        let fresh = Board::new(&grid);
        proptest::prop_assert_eq!(board, fresh);
        for cell in 0..81 {
            let mut expected = if grid.get(cell) == 0 { ALL_DIGITS } else { 0 };
            for &peer in CLASSIC.peers(cell) {
                let value = grid.get(peer as usize);
                if value != 0 && grid.get(cell) == 0 {
                    expected &= !bit(value);
                }
            }
            proptest::prop_assert_eq!(board.candidates[cell], expected);
        }
    }
}
