use puzzlebook::sudoku::grade::chaining::Position;
use puzzlebook::sudoku::grade::chaining::board::*;

#[test]
fn views_stay_in_step() {
    let values = [0u8; 81];
    let candidates = [0x1ffu16; 81];
    let position = Position {
        values: &values,
        candidates: &candidates,
    };
    let mut board = Board::from_position(&position);
    let original = board.clone();
    board.remove(10, 4);
    assert!(!board.has(10, 4));
    assert_eq!(board.digits[4].count_ones(), 80);
    assert_eq!(original.removed_in(&board), vec![(10, 4)]);
    // Row 1 (index 1): cell 10 is position 1.
    assert_eq!(board.positions(1, 1, 4), 0x1ff & !(1 << 1));
    assert_eq!(board.empty_cells(0, 0), 9);
}
