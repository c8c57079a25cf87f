/// The straightforward rendering the search above must match: lists, every combination
/// as an odometer, the old shape of the code.
pub mod reference {
    use puzzlebook::sudoku::grade::basic::combinations;
    use puzzlebook::sudoku::grade::board::{Board, bit, cells_of, count, digits_of};
    use puzzlebook::sudoku::grade::hint::{Hint, Technique};

    fn base_cells(board: &Board, max_excluder_size: u32) -> Vec<(usize, Vec<usize>)> {
        let mut out = Vec::new();
        for cell in cells_of(board.empty) {
            if count(board.candidates[cell]) < 2 {
                continue;
            }
            let mut naked_single = false;
            let mut excluders = Vec::new();
            for &peer in board.peers(cell) {
                let size = count(board.candidates[peer as usize]);
                if size == 1 {
                    naked_single = true;
                } else if size >= 2 && size <= max_excluder_size {
                    excluders.push(peer as usize);
                }
            }
            if !naked_single && !excluders.is_empty() {
                out.push((cell, excluders));
            }
        }
        out
    }

    fn allowed_values(board: &Board, cells: &[usize], excluders: &[usize]) -> Vec<u16> {
        let choices: Vec<Vec<u8>> = cells
            .iter()
            .map(|&cell| digits_of(board.candidates[cell]).collect())
            .collect();
        let mut allowed = vec![0u16; cells.len()];
        let mut at = vec![0usize; cells.len()];
        loop {
            let values: Vec<u8> = (0..cells.len()).map(|i| choices[i][at[i]]).collect();
            let clash = (0..cells.len()).any(|i| {
                (i + 1..cells.len()).any(|j| {
                    values[i] == values[j] && board.peer_set(cells[i]) & (1 << cells[j]) != 0
                })
            });
            if !clash {
                let taken = values.iter().fold(0u16, |m, &v| m | bit(v));
                if excluders
                    .iter()
                    .all(|&excluder| board.candidates[excluder] & !taken != 0)
                {
                    for (i, &value) in values.iter().enumerate() {
                        allowed[i] |= bit(value);
                    }
                }
            }
            let mut carry = 0;
            while carry < cells.len() {
                at[carry] += 1;
                if at[carry] < choices[carry].len() {
                    break;
                }
                at[carry] = 0;
                carry += 1;
            }
            if carry == cells.len() {
                return allowed;
            }
        }
    }

    fn exclusion_hint(
        board: &Board,
        technique: Technique,
        cells: &[usize],
        excluders: &[usize],
    ) -> Option<Hint> {
        let allowed = allowed_values(board, cells, excluders);
        let excluder_set = excluders.iter().fold(0u128, |set, &c| set | 1 << c);
        puzzlebook::sudoku::grade::aligned::hint_removing_unused(
            board,
            technique,
            cells,
            &allowed,
            excluder_set,
        )
    }

    pub fn aligned_pair(board: &Board) -> Option<Hint> {
        let bases = base_cells(board, 2);
        for second in 1..bases.len() {
            for first in 0..second {
                let common: Vec<usize> = bases[first]
                    .1
                    .iter()
                    .copied()
                    .filter(|excluder| bases[second].1.contains(excluder))
                    .collect();
                if common.len() < 2 {
                    continue;
                }
                let cells = [bases[first].0, bases[second].0];
                if let Some(hint) =
                    exclusion_hint(board, Technique::AlignedPairExclusion, &cells, &common)
                {
                    return Some(hint);
                }
            }
        }
        None
    }

    pub fn aligned_triplet(board: &Board) -> Option<Hint> {
        let bases = base_cells(board, 3);
        if bases.len() < 3 {
            return None;
        }
        let mut index_of = [usize::MAX; 81];
        for (index, (cell, _)) in bases.iter().enumerate() {
            index_of[*cell] = index;
        }
        for second in 1..bases.len() {
            for first in 0..second {
                let (cell0, cell1) = (bases[first].0, bases[second].0);
                let mut tail: Vec<usize> = Vec::new();
                for source in [first, second] {
                    for &excluder in &bases[source].1 {
                        if index_of[excluder] != usize::MAX
                            && excluder != cell0
                            && excluder != cell1
                            && !tail.contains(&excluder)
                        {
                            tail.push(excluder);
                        }
                    }
                }
                if tail.is_empty() {
                    continue;
                }
                for chosen in combinations(1, tail.len() as u32) {
                    let third = tail[chosen.trailing_zeros() as usize];
                    let cells = [cell0, cell1, third];
                    let common: Vec<usize> = bases[first]
                        .1
                        .iter()
                        .copied()
                        .filter(|excluder| {
                            cells[1..]
                                .iter()
                                .all(|&c| bases[index_of[c]].1.contains(excluder))
                        })
                        .collect();
                    if common.len() < 2 {
                        continue;
                    }
                    if let Some(hint) =
                        exclusion_hint(board, Technique::AlignedTripletExclusion, &cells, &common)
                    {
                        return Some(hint);
                    }
                }
            }
        }
        None
    }
}
