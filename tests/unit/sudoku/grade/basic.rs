use puzzlebook::sudoku::grade::basic::*;

#[test]
fn combinations_come_in_increasing_binary_order() {
    let all: Vec<u64> = combinations(2, 4).collect();
    assert_eq!(all, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
    assert_eq!(combinations(3, 9).count(), 84);
    assert_eq!(combinations(0, 5).collect::<Vec<_>>(), vec![0]);
    assert_eq!(combinations(4, 3).count(), 0);
}

/// The plain rendering of [`hidden_set`]'s search: every tuple of digits tried against
/// the board's cell sets, for the differential test (the hint a set gives is shared).
pub mod reference {
    use puzzlebook::sudoku::grade::basic::*;
    use puzzlebook::sudoku::grade::board::Board;
    use puzzlebook::sudoku::grade::board::CellSet;
    use puzzlebook::sudoku::grade::board::bit;
    use puzzlebook::sudoku::grade::hint::Hint;

    pub fn hidden_set(board: &Board, degree: u32, direct: bool) -> Option<Hint> {
        let technique = hidden_set_technique(degree, direct);
        for (_, house) in scan_houses(board) {
            let empty = board.empty_count(house);
            if !(empty > degree * 2 || (direct && empty > degree)) {
                continue;
            }
            'tuples: for tuple in combinations(degree, 9) {
                let mut digits = 0u16;
                let mut common: CellSet = 0;
                for digit in 1..=9u8 {
                    if tuple & (1 << (digit - 1)) != 0 {
                        let cells = board.cells_for(house, digit);
                        if cells.count_ones() <= 1 {
                            continue 'tuples;
                        }
                        common |= cells;
                        digits |= bit(digit);
                    }
                }
                if common.count_ones() != degree {
                    continue;
                }
                if let Some(hint) = hidden_set_hint(board, house, technique, common, digits) {
                    return Some(hint);
                }
            }
        }
        None
    }
}
