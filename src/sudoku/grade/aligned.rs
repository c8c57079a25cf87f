//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Take two (three) base cells and every combination of their candidates. A combination is
//! impossible when two base cells that see each other get the same digit, or when it would
//! take every candidate of a cell that sees all the base cells (an "excluder"). A base
//! candidate used by no possible combination can be removed. SE looks only at positions
//! without naked singles and at bivalue (up to trivalue for triplets) excluders, and needs
//! at least two common excluders.

use super::basic::combinations;
use super::board::{Board, bit, cells_of, count, digits_of};
use super::hint::{Eliminations, Hint, Technique};

/// Base cells (ascending) with their excluders (ascending), or `None` while a naked single
/// remains.
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

/// The candidates of each base cell that some allowed combination uses.
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
            (i + 1..cells.len())
                .any(|j| values[i] == values[j] && board.peer_set(cells[i]) & (1 << cells[j]) != 0)
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
    let mut eliminations = Eliminations::NONE;
    for (i, &cell) in cells.iter().enumerate() {
        let removable = board.candidates[cell] & !allowed[i];
        if removable != 0 {
            eliminations.add(cell, removable);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let pattern = cells
        .iter()
        .chain(excluders)
        .fold(0u128, |set, &c| set | 1 << c);
    let digits = cells.iter().fold(0u16, |m, &c| m | board.candidates[c]);
    Some(
        Hint::new(technique, technique.base_rating())
            .with_pattern(pattern, digits)
            .with_eliminations(eliminations),
    )
}

/// Aligned pair exclusion: the first pair (SE's order) that removes something.
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

/// Aligned triplet exclusion: the first two base cells in SE's pair order, the third from
/// their excluders that are base cells themselves.
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
