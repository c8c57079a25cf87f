//! The simple rules a "Dynamic Forcing Chains (+)" chain may use on its reduced grid (SE
//! `Chaining.getAdvancedPotentials` with default settings): intersections (pointing and
//! claiming), hidden pairs, naked pairs and X-wings, tried in that order.
//!
//! Each rule is run over the whole reduced board in SE's own search order. A hint counts only
//! if it depends on the chain, that is if some of the candidates it needs gone were removed
//! by the chain (SE `getRuleParents`); those removed candidates become the parents of the
//! eliminations. The first rule with at least one such hint supplies all its hints' eliminations
//! and the others are not tried.

use super::board::Board;
use super::tables::{BLOCK, COLUMN, REGION_MASK, REGIONS, ROW, java_hash_order, region_count};

/// An elimination found by a rule on the reduced board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AdvancedOff {
    /// Candidate index `cell * 9 + digit`.
    pub(crate) index: u16,
    /// Range of parent candidate indexes in the parents buffer.
    pub(crate) parent_start: u32,
    pub(crate) parent_len: u32,
    /// Index of the rule's description in the closure's notes.
    pub(crate) note: u32,
}

/// Which simple rule made an elimination, for explanations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AdvancedKind {
    Pointing,
    Claiming,
    /// SE's generalized intersection (grids with extra houses).
    GeneralizedIntersection,
    HiddenPair,
    NakedPair,
    XWing,
    /// A whole chaining hint (nested forcing chains), described in the closure's
    /// `nested` list.
    NestedChain,
}

/// A simple rule's hint: the rule, its digits (bit mask, 0-8) and regions (type, index).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct AdvancedNote {
    pub(crate) kind: AdvancedKind,
    pub(crate) digits: u16,
    pub(crate) regions: [(u8, u8); 4],
    pub(crate) region_count: u8,
    /// For `NestedChain`: index in the closure's nested chains; `u32::MAX` otherwise.
    pub(crate) nested: u32,
}

/// Scratch buffers.
pub(crate) struct Scratch {
    cells: Vec<u8>,
    parents: Vec<u16>,
}

impl Scratch {
    pub(crate) fn new() -> Scratch {
        Scratch {
            cells: Vec::with_capacity(16),
            parents: Vec::with_capacity(32),
        }
    }
}

struct Sink<'a> {
    offs: &'a mut Vec<AdvancedOff>,
    parents: &'a mut Vec<u16>,
    notes: &'a mut Vec<AdvancedNote>,
}

impl Sink<'_> {
    /// Records a hint: `cells` (in insertion order) each lose the digits in `removals[i]`.
    fn emit(
        &mut self,
        note: AdvancedNote,
        cells: &mut [u8],
        removals: impl Fn(u8) -> u16,
        rule_parents: &[u16],
    ) {
        let note_index = self.notes.len() as u32;
        self.notes.push(note);
        let parent_start = self.parents.len() as u32;
        self.parents.extend_from_slice(rule_parents);
        java_hash_order(cells);
        for &cell in cells.iter() {
            let mut mask = removals(cell);
            while mask != 0 {
                let digit = mask.trailing_zeros() as u16;
                mask &= mask - 1;
                self.offs.push(AdvancedOff {
                    index: cell as u16 * 9 + digit,
                    parent_start,
                    parent_len: rule_parents.len() as u32,
                    note: note_index,
                });
            }
        }
    }
}

/// Appends the eliminations of the first simple rule that has hints depending on the chain.
pub(crate) fn eliminations(
    work: &Board,
    source: &Board,
    level: u8,
    offs: &mut Vec<AdvancedOff>,
    parents: &mut Vec<u16>,
    notes: &mut Vec<AdvancedNote>,
    scratch: &mut Scratch,
) {
    debug_assert!(level >= 1);
    let mut sink = Sink {
        offs,
        parents,
        notes,
    };
    // With extra houses SE swaps in its generalized intersections and naked pairs.
    let rules: [fn(&Board, &Board, &mut Sink, &mut Scratch); 4] = if work.extra_kinds.is_empty() {
        [locking, hidden_pairs, naked_pairs, x_wings]
    } else {
        [generalized_locking, hidden_pairs, naked_pairs, x_wings]
    };
    for rule in rules {
        let before = sink.offs.len();
        rule(work, source, &mut sink, scratch);
        if sink.offs.len() > before {
            return;
        }
    }
}

fn note(kind: AdvancedKind, digits: u16, regions: &[(usize, usize)]) -> AdvancedNote {
    let mut packed = [(0u8, 0u8); 4];
    for (slot, &(kind, index)) in packed.iter_mut().zip(regions) {
        *slot = (kind as u8, index as u8);
    }
    AdvancedNote {
        kind,
        digits,
        regions: packed,
        region_count: regions.len() as u8,
        nested: u32::MAX,
    }
}

/// SE `Locking(false)`: block/column, block/row, column/block, row/block; digit, then the
/// first region, then the second.
fn locking(work: &Board, source: &Board, sink: &mut Sink, scratch: &mut Scratch) {
    for (first_kind, second_kind) in [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)]
    {
        for digit in 0..9 {
            for first in 0..9 {
                let first_mask = REGION_MASK[first_kind][first];
                let places = work.digits[digit] & first_mask;
                if places.count_ones() < 2 {
                    continue;
                }
                for second in 0..9 {
                    let second_mask = REGION_MASK[second_kind][second];
                    if first_mask & second_mask == 0 || places & !second_mask != 0 {
                        continue;
                    }
                    scratch.cells.clear();
                    for &cell in &REGIONS[second_kind][second] {
                        if first_mask >> cell & 1 == 0 && work.has(cell as usize, digit) {
                            scratch.cells.push(cell);
                        }
                    }
                    if scratch.cells.is_empty() {
                        continue;
                    }
                    scratch.parents.clear();
                    for &cell in &REGIONS[first_kind][first] {
                        let cell_usize = cell as usize;
                        if source.has(cell_usize, digit)
                            && !work.has(cell_usize, digit)
                            && second_mask >> cell & 1 == 0
                        {
                            scratch.parents.push(cell as u16 * 9 + digit as u16);
                        }
                    }
                    if scratch.parents.is_empty() {
                        continue;
                    }
                    let kind = if first_kind == BLOCK {
                        AdvancedKind::Pointing
                    } else {
                        AdvancedKind::Claiming
                    };
                    let parents = std::mem::take(&mut scratch.parents);
                    sink.emit(
                        note(
                            kind,
                            1 << digit,
                            &[(first_kind, first), (second_kind, second)],
                        ),
                        &mut scratch.cells,
                        |_| 1 << digit,
                        &parents,
                    );
                    scratch.parents = parents;
                }
            }
        }
    }
}

/// SE `VLocking` (generalized intersections): region types block, row, column, then the
/// extra ones; digit; region. A digit with two to six places in a region leaves every cell
/// seeing them all; its parents are the region's places the chain removed.
fn generalized_locking(work: &Board, source: &Board, sink: &mut Sink, scratch: &mut Scratch) {
    let mut groups: Vec<(usize, usize)> = vec![(BLOCK, 9), (ROW, 9), (COLUMN, 9)];
    groups.extend(
        work.extra_kinds
            .iter()
            .map(|&kind| (kind, region_count(kind))),
    );
    for (kind, count) in groups {
        for digit in 0..9 {
            for index in 0..count {
                let mask = REGION_MASK[kind][index];
                let places = work.digits[digit] & mask;
                if !(2..=6).contains(&places.count_ones()) {
                    continue;
                }
                let mut seen = !0u128;
                let mut rest = places;
                while rest != 0 {
                    let cell = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    seen &= work.peers[cell];
                }
                let mut victims = seen & work.digits[digit];
                if victims == 0 {
                    continue;
                }
                scratch.parents.clear();
                for &cell in &REGIONS[kind][index] {
                    let cell_usize = cell as usize;
                    if source.has(cell_usize, digit) && !work.has(cell_usize, digit) {
                        scratch.parents.push(cell as u16 * 9 + digit as u16);
                    }
                }
                if scratch.parents.is_empty() {
                    continue;
                }
                scratch.cells.clear();
                while victims != 0 {
                    scratch.cells.push(victims.trailing_zeros() as u8);
                    victims &= victims - 1;
                }
                let parents = std::mem::take(&mut scratch.parents);
                sink.emit(
                    note(
                        AdvancedKind::GeneralizedIntersection,
                        1 << digit,
                        &[(kind, index)],
                    ),
                    &mut scratch.cells,
                    |_| 1 << digit,
                    &parents,
                );
                scratch.parents = parents;
            }
        }
    }
}

/// SE's scan order for sets: blocks, columns, rows, then the board's extra region types,
/// each with its number of regions.
fn set_regions(work: &Board) -> impl Iterator<Item = (usize, usize)> + '_ {
    [BLOCK, COLUMN, ROW]
        .into_iter()
        .chain(work.extra_kinds.iter().copied())
        .flat_map(|kind| (0..region_count(kind)).map(move |index| (kind, index)))
}

/// SE `HiddenSet(2, false)`: blocks, columns, rows (then extra regions); digit pairs in
/// increasing bit order.
fn hidden_pairs(work: &Board, source: &Board, sink: &mut Sink, scratch: &mut Scratch) {
    for (kind, index) in set_regions(work) {
        {
            if work.empty_cells(kind, index) <= 4 {
                continue;
            }
            let mut positions = [0u16; 9];
            for (digit, slot) in positions.iter_mut().enumerate() {
                *slot = work.positions(kind, index, digit);
            }
            for high in 1..9 {
                for low in 0..high {
                    let (a, b) = (positions[low], positions[high]);
                    if a.count_ones() < 2 || b.count_ones() < 2 || (a | b).count_ones() != 2 {
                        continue;
                    }
                    let pair = (1u16 << low) | (1 << high);
                    let union = a | b;
                    scratch.cells.clear();
                    for position in 0..9 {
                        if union >> position & 1 != 0 {
                            let cell = REGIONS[kind][index][position];
                            if work.cells[cell as usize] & !pair != 0 {
                                scratch.cells.push(cell);
                            }
                        }
                    }
                    if scratch.cells.is_empty() {
                        continue;
                    }
                    scratch.parents.clear();
                    for position in 0..9 {
                        if union >> position & 1 == 0 {
                            let cell = REGIONS[kind][index][position] as usize;
                            for digit in [low, high] {
                                if source.has(cell, digit) {
                                    scratch.parents.push((cell * 9 + digit) as u16);
                                }
                            }
                        }
                    }
                    if scratch.parents.is_empty() {
                        continue;
                    }
                    let parents = std::mem::take(&mut scratch.parents);
                    sink.emit(
                        note(AdvancedKind::HiddenPair, pair, &[(kind, index)]),
                        &mut scratch.cells,
                        |cell| work.cells[cell as usize] & !pair,
                        &parents,
                    );
                    scratch.parents = parents;
                }
            }
        }
    }
}

/// SE `NakedSet(2)`: blocks, columns, rows; position pairs in increasing bit order. With
/// extra houses SE's `NakedSetGen(2)`: extra regions too, and the pair's digits leave every
/// cell that sees both cells.
fn naked_pairs(work: &Board, source: &Board, sink: &mut Sink, scratch: &mut Scratch) {
    let generalized = !work.extra_kinds.is_empty();
    for (kind, index) in set_regions(work) {
        {
            if work.empty_cells(kind, index) < 4 {
                continue;
            }
            let region = &REGIONS[kind][index];
            for high in 1..9 {
                for low in 0..high {
                    let a = work.cells[region[low] as usize];
                    let b = work.cells[region[high] as usize];
                    if a.count_ones() < 2 || b.count_ones() < 2 || (a | b).count_ones() != 2 {
                        continue;
                    }
                    let pair = a | b;
                    scratch.cells.clear();
                    if generalized {
                        let seen =
                            work.peers[region[low] as usize] & work.peers[region[high] as usize];
                        for cell in 0..81u8 {
                            if seen >> cell & 1 != 0 && work.cells[cell as usize] & pair != 0 {
                                scratch.cells.push(cell);
                            }
                        }
                    } else {
                        for (position, &cell) in region.iter().enumerate() {
                            if position != low
                                && position != high
                                && work.cells[cell as usize] & pair != 0
                            {
                                scratch.cells.push(cell);
                            }
                        }
                    }
                    if scratch.cells.is_empty() {
                        continue;
                    }
                    scratch.parents.clear();
                    for cell in [region[low] as usize, region[high] as usize] {
                        let mut extra = source.cells[cell] & !pair;
                        while extra != 0 {
                            let digit = extra.trailing_zeros() as usize;
                            extra &= extra - 1;
                            scratch.parents.push((cell * 9 + digit) as u16);
                        }
                    }
                    if scratch.parents.is_empty() {
                        continue;
                    }
                    let parents = std::mem::take(&mut scratch.parents);
                    sink.emit(
                        note(AdvancedKind::NakedPair, pair, &[(kind, index)]),
                        &mut scratch.cells,
                        |cell| work.cells[cell as usize] & pair,
                        &parents,
                    );
                    scratch.parents = parents;
                }
            }
        }
    }
}

/// SE `Fisherman(2)`: base columns with cover rows, then base rows with cover columns; base
/// pairs in increasing bit order, then digits.
fn x_wings(work: &Board, source: &Board, sink: &mut Sink, scratch: &mut Scratch) {
    // How many cells hold each digit (SE `getCountOccurancesOfValue`).
    let mut occurrences = [0u32; 9];
    for &value in &work.values {
        if (1..=9).contains(&value) {
            occurrences[value as usize - 1] += 1;
        }
    }
    // Each line's places of each digit, looked up hundreds of times below.
    let mut places = [[[0u16; 9]; 9]; 2];
    for (slot, kind) in [(0, ROW), (1, COLUMN)] {
        for index in 0..9 {
            for digit in 0..9 {
                if occurrences[digit] + 4 <= 9 {
                    places[slot][index][digit] = work.positions(kind, index, digit);
                }
            }
        }
    }
    let line = |kind: usize| if kind == ROW { 0 } else { 1 };
    for (base_kind, cover_kind) in [(COLUMN, ROW), (ROW, COLUMN)] {
        let (base_places, cover_places) = (&places[line(base_kind)], &places[line(cover_kind)]);
        for high in 1..9 {
            for low in 0..high {
                for digit in 0..9 {
                    if occurrences[digit] + 4 > 9 {
                        continue;
                    }
                    let a = base_places[low][digit];
                    let b = base_places[high][digit];
                    if a.count_ones() < 2 || b.count_ones() < 2 || (a | b).count_ones() != 2 {
                        continue;
                    }
                    let covers = a | b;
                    let bases = (1u16 << low) | (1 << high);
                    scratch.cells.clear();
                    for cover in 0..9 {
                        if covers >> cover & 1 == 0 {
                            continue;
                        }
                        let outside = cover_places[cover][digit] & !bases;
                        for position in 0..9 {
                            if outside >> position & 1 != 0 {
                                scratch.cells.push(REGIONS[cover_kind][cover][position]);
                            }
                        }
                    }
                    if scratch.cells.is_empty() {
                        continue;
                    }
                    scratch.parents.clear();
                    for base in [low, high] {
                        for (position, &cell) in REGIONS[base_kind][base].iter().enumerate() {
                            let cell_usize = cell as usize;
                            if source.has(cell_usize, digit)
                                && !work.has(cell_usize, digit)
                                && covers >> position & 1 == 0
                            {
                                scratch.parents.push((cell_usize * 9 + digit) as u16);
                            }
                        }
                    }
                    if scratch.parents.is_empty() {
                        continue;
                    }
                    let regions = [
                        (base_kind, low),
                        (cover_kind, covers.trailing_zeros() as usize),
                        (base_kind, high),
                        (cover_kind, 15 - covers.leading_zeros() as usize),
                    ];
                    let parents = std::mem::take(&mut scratch.parents);
                    sink.emit(
                        note(AdvancedKind::XWing, 1 << digit, &regions),
                        &mut scratch.cells,
                        |_| 1 << digit,
                        &parents,
                    );
                    scratch.parents = parents;
                }
            }
        }
    }
}
