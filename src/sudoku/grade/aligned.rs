//! Aligned pair exclusion (6.2) and aligned triplet exclusion (7.5).
//!
//! Take two (three) base cells and every combination of their candidates. A combination is
//! impossible when two base cells that see each other get the same digit, or when it would
//! take every candidate of a cell that sees all the base cells (an "excluder"). A base
//! candidate used by no possible combination can be removed. SE looks only at positions
//! without naked singles and at bivalue (up to trivalue for triplets) excluders, and needs
//! at least two common excluders.
//!
//! The triplet search runs at every position that gets past the cycles, so it works on
//! cell sets and fixed arrays: no allocation, excluders intersected as bit sets.

use super::board::{Board, CellSet, MAX_PEERS, bit, cells_of, count, digits_of};
use super::hint::{Eliminations, Hint, Technique};

/// The base cells of a position, ascending, each with its excluders.
struct Bases {
    cells: [u8; 81],
    excluders: [CellSet; 81],
    len: usize,
    /// Each cell's index in `cells`, for cells that are base cells.
    index_of: [u8; 81],
    set: CellSet,
}

impl Bases {
    /// The cells with two or more candidates, no naked single among their peers (SE's
    /// condition) and at least one excluder: a peer with two to `max_excluder_size`
    /// candidates.
    fn of(board: &Board, max_excluder_size: u32) -> Bases {
        let mut bases = Bases {
            cells: [0; 81],
            excluders: [0; 81],
            len: 0,
            index_of: [u8::MAX; 81],
            set: 0,
        };
        let mut singles: CellSet = 0;
        let mut small: CellSet = 0;
        for cell in cells_of(board.empty) {
            match count(board.candidates[cell]) {
                1 => singles |= 1 << cell,
                size if size >= 2 && size <= max_excluder_size => small |= 1 << cell,
                _ => {}
            }
        }
        for cell in cells_of(board.empty) {
            let peers = board.peer_set(cell);
            let excluders = peers & small;
            if count(board.candidates[cell]) < 2 || peers & singles != 0 || excluders == 0 {
                continue;
            }
            bases.cells[bases.len] = cell as u8;
            bases.excluders[bases.len] = excluders;
            bases.index_of[cell] = bases.len as u8;
            bases.set |= 1 << cell;
            bases.len += 1;
        }
        bases
    }
}

/// The candidates of each base cell that some allowed combination uses.
fn allowed_values<const N: usize>(
    board: &Board,
    cells: [usize; N],
    excluders: CellSet,
) -> [u16; N] {
    let mut masks = [0u16; MAX_PEERS];
    let mut excluder_count = 0;
    for excluder in cells_of(excluders) {
        masks[excluder_count] = board.candidates[excluder];
        excluder_count += 1;
    }
    let masks = &masks[..excluder_count];
    // `sees[i][j]`: base cells i and j may not hold the same digit.
    let mut sees = [[false; N]; N];
    for i in 0..N {
        for j in 0..N {
            sees[i][j] = i != j && board.peer_set(cells[i]) & (1 << cells[j]) != 0;
        }
    }
    let mut allowed = [0u16; N];
    let mut full = [0u16; N];
    for (slot, &cell) in full.iter_mut().zip(&cells) {
        *slot = board.candidates[cell];
    }
    fill(&sees, masks, 0, 0, &mut [0; N], &full, &mut allowed);
    allowed
}

/// Tries every digit of base cell `depth` after those chosen in `chosen[..depth]` (one bit
/// each; `taken` is their union). The last cell's digits are settled at once: the digits
/// left to it are its candidates minus those of the earlier base cells it sees and minus
/// each excluder's last free digit. A branch stops as soon as the digits taken cover an
/// excluder, and the whole search once every candidate is known to be used (nothing can be
/// removed then); both leave `allowed` as the full enumeration would for the hint.
/// Returns whether the search may stop.
fn fill<const N: usize>(
    sees: &[[bool; N]; N],
    excluders: &[u16],
    depth: usize,
    taken: u16,
    chosen: &mut [u16; N],
    full: &[u16; N],
    allowed: &mut [u16; N],
) -> bool {
    if depth + 1 == N {
        let mut last = full[depth];
        for earlier in 0..depth {
            if sees[earlier][depth] {
                last &= !chosen[earlier];
            }
        }
        for &mask in excluders {
            let free = mask & !taken;
            if free & free.wrapping_sub(1) == 0 {
                // One free digit left (the last cell may not take it), or none.
                last &= !free;
                if free == 0 {
                    return false;
                }
            }
        }
        if last == 0 {
            return false;
        }
        allowed[depth] |= last;
        for earlier in 0..depth {
            allowed[earlier] |= chosen[earlier];
        }
        return allowed == full;
    }
    for value in digits_of(full[depth]) {
        let value = bit(value);
        if (0..depth).any(|earlier| chosen[earlier] == value && sees[earlier][depth]) {
            continue;
        }
        let taken = taken | value;
        if excluders.iter().any(|&mask| mask & !taken == 0) {
            continue;
        }
        chosen[depth] = value;
        if fill(sees, excluders, depth + 1, taken, chosen, full, allowed) {
            return true;
        }
    }
    false
}

fn exclusion_hint<const N: usize>(
    board: &Board,
    technique: Technique,
    cells: [usize; N],
    excluders: CellSet,
) -> Option<Hint> {
    let allowed = allowed_values(board, cells, excluders);
    if cells
        .iter()
        .zip(&allowed)
        .all(|(&cell, &allowed)| board.candidates[cell] & !allowed == 0)
    {
        return None;
    }
    hint_removing_unused(board, technique, &cells, &allowed, excluders)
}

/// The hint that removes from each base cell the candidates no allowed combination uses
/// (`allowed[i]` for `cells[i]`), if there are any.
pub fn hint_removing_unused(
    board: &Board,
    technique: Technique,
    cells: &[usize],
    allowed: &[u16],
    excluders: CellSet,
) -> Option<Hint> {
    let mut eliminations = Eliminations::NONE;
    for (&cell, &allowed) in cells.iter().zip(allowed) {
        let removable = board.candidates[cell] & !allowed;
        if removable != 0 {
            eliminations.add(cell, removable);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let pattern = cells.iter().fold(excluders, |set, &c| set | 1 << c);
    let digits = cells.iter().fold(0u16, |m, &c| m | board.candidates[c]);
    Some(
        Hint::new(technique, technique.base_rating())
            .with_pattern(pattern, digits)
            .with_eliminations(eliminations),
    )
}

/// Aligned pair exclusion: the first pair (SE's order) that removes something.
pub fn aligned_pair(board: &Board) -> Option<Hint> {
    let bases = Bases::of(board, 2);
    for second in 1..bases.len {
        for first in 0..second {
            let common = bases.excluders[first] & bases.excluders[second];
            if common.count_ones() < 2 {
                continue;
            }
            let cells = [bases.cells[first] as usize, bases.cells[second] as usize];
            if let Some(hint) =
                exclusion_hint(board, Technique::AlignedPairExclusion, cells, common)
            {
                return Some(hint);
            }
        }
    }
    None
}

/// Aligned triplet exclusion: the first two base cells in SE's pair order, the third from
/// their excluders that are base cells themselves (the first cell's in its peer order, then
/// the second's).
pub fn aligned_triplet(board: &Board) -> Option<Hint> {
    let bases = Bases::of(board, 3);
    if bases.len < 3 {
        return None;
    }
    let mut tail = [0u8; 2 * MAX_PEERS];
    for second in 1..bases.len {
        for first in 0..second {
            let (cell0, cell1) = (bases.cells[first] as usize, bases.cells[second] as usize);
            let pair_common = bases.excluders[first] & bases.excluders[second];
            if pair_common.count_ones() < 2 {
                // Every triplet's common excluders are among the pair's.
                continue;
            }
            let candidates = (bases.excluders[first] | bases.excluders[second])
                & bases.set
                & !(1 << cell0 | 1 << cell1);
            let mut tail_len = 0;
            let mut listed: CellSet = 0;
            for cell in [cell0, cell1] {
                for &peer in board.peers(cell) {
                    let bit = 1u128 << peer;
                    if candidates & bit != 0 && listed & bit == 0 {
                        listed |= bit;
                        tail[tail_len] = peer;
                        tail_len += 1;
                    }
                }
            }
            for &third in &tail[..tail_len] {
                let third = third as usize;
                let common = pair_common & bases.excluders[bases.index_of[third] as usize];
                if common.count_ones() < 2 {
                    continue;
                }
                if let Some(hint) = exclusion_hint(
                    board,
                    Technique::AlignedTripletExclusion,
                    [cell0, cell1, third],
                    common,
                ) {
                    return Some(hint);
                }
            }
        }
    }
    None
}
