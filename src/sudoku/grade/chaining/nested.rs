//! The chaining rules a "Nested Forcing Chains" chain may use on its reduced grid (SE
//! `Chaining.getAdvancedPotentials` at levels 2 and 3): after intersections, pairs and
//! X-wings, the static "Forcing Chains & Cycles" rule (level 2) and then the static
//! "Multiple Forcing Chains" rule (level 3).
//!
//! As SE does, a nested rule's hints are sorted (stably, by difficulty, complexity, kind),
//! hints with the same eliminations are dropped after the first, and a hint is used only if
//! some candidate its chains rely on was removed by the outer chain (SE `getRuleParents`:
//! for each on-potential of a nested chain, the candidates of its cell, or of the place
//! region, that the outer chain removed). Its eliminations join the outer chain with those
//! removed candidates as parents, and its complexity is added once to every outer hint whose
//! chains use it (SE `getNestedComplexity`, which tells nested chains apart by their full
//! chains, SE `FullChain`).

use super::advanced::{AdvancedKind, AdvancedNote, AdvancedOff};
use super::board::Board;
use super::closure::{Cause, Closure, Potential};
use super::cycles::{CycleHint, CycleKind, CycleSearch};
use super::explain;
use super::multiple::{MultipleHint, MultipleKind, MultipleSearch, RuleConfig};
use super::tables::{
    BLOCK, CELL_REGION, COLUMN, NO_REGION, REGIONS, ROW, java_hash_order, region_mask_of,
};

/// A nested chain used by an outer chain.
#[derive(Clone, Debug)]
pub(crate) struct NestedInfo {
    /// The nested hint's own complexity.
    pub(crate) complexity: u32,
    /// Identity of its full chains (SE `FullChain`).
    pub(crate) signature: u64,
    /// A readable account, for explanations.
    pub(crate) description: String,
}

/// The nested rules' search state.
pub(crate) struct NestedRules {
    cycles: CycleSearch,
    multiple: MultipleSearch,
}

/// FNV-1a, to fingerprint chains.
struct Fingerprint(u64);

impl Fingerprint {
    fn new(tag: u64) -> Fingerprint {
        let mut fingerprint = Fingerprint(0xcbf2_9ce4_8422_2325);
        fingerprint.add(tag);
        fingerprint
    }
    fn add(&mut self, value: u64) {
        for byte in value.to_le_bytes() {
            self.0 ^= byte as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// An ordered set of candidates (SE's `LinkedHashSet` of rule parents).
#[derive(Default)]
struct Parents(Vec<u16>);

impl Parents {
    fn add(&mut self, cell: usize, digit: usize) {
        let index = (cell * 9 + digit) as u16;
        if !self.0.contains(&index) {
            self.0.push(index);
        }
    }

    /// What an on-potential with `cause` relies on: the candidates of its cell (naked
    /// single) or of its digit in the region (hidden single) gone between `source` and `work`.
    fn add_cause(&mut self, potential: Potential, cause: Cause, source: &Board, work: &Board) {
        let cell = potential.cell();
        match cause {
            Cause::NakedSingle => {
                for digit in 0..9 {
                    if source.has(cell, digit) && !work.has(cell, digit) {
                        self.add(cell, digit);
                    }
                }
            }
            Cause::Hidden(kind) => {
                let digit = potential.digit();
                let index = CELL_REGION[cell][kind as usize] as usize;
                for &place in &REGIONS[kind as usize][index] {
                    let place = place as usize;
                    if source.has(place, digit) && !work.has(place, digit) {
                        self.add(place, digit);
                    }
                }
            }
            Cause::Assumption | Cause::Advanced => {}
        }
    }
}

/// Why `child` follows from `parent` in a static search (the link kind SE records).
fn link_cause(board: &Board, parent: Potential, child: Potential) -> Cause {
    if parent.cell() == child.cell() {
        return Cause::NakedSingle;
    }
    let (a, b) = (parent.cell(), child.cell());
    let shared = |kind: usize| CELL_REGION[a][kind] == CELL_REGION[b][kind];
    if child.on {
        for &kind in [BLOCK, ROW, COLUMN].iter().chain(board.extra_kinds) {
            if CELL_REGION[a][kind] != NO_REGION
                && shared(kind)
                && (board.digits[child.digit()] & region_mask_of(a, kind)).count_ones() == 2
            {
                return Cause::Hidden(kind as u8);
            }
        }
        Cause::Hidden(COLUMN as u8)
    } else if shared(BLOCK) {
        Cause::Hidden(BLOCK as u8)
    } else if shared(ROW) {
        Cause::Hidden(ROW as u8)
    } else {
        let extra = board
            .extra_kinds
            .iter()
            .find(|&&kind| CELL_REGION[a][kind] != NO_REGION && shared(kind));
        Cause::Hidden(extra.map_or(COLUMN, |&kind| kind) as u8)
    }
}

/// Where nested eliminations go: the closure's advanced-potential buffers.
pub(crate) struct Output<'a> {
    pub(crate) offs: &'a mut Vec<AdvancedOff>,
    pub(crate) parents: &'a mut Vec<u16>,
    pub(crate) notes: &'a mut Vec<AdvancedNote>,
    pub(crate) nested: &'a mut Vec<NestedInfo>,
}

/// A removal map in SE's insertion order: (cell, digits) pairs.
type RemovalMap = Vec<(usize, u16)>;

impl NestedRules {
    pub(crate) fn new() -> NestedRules {
        NestedRules {
            cycles: CycleSearch::new(),
            multiple: MultipleSearch::new(),
        }
    }

    /// Appends the eliminations of the first nested rule (level 2: forcing chains and
    /// cycles; level 3: then multiple forcing chains) with hints depending on the chain.
    pub(crate) fn eliminations(
        &mut self,
        work: &Board,
        source: &Board,
        level: u8,
        out: &mut Output,
    ) {
        let mut cycle_hints = self.cycles.all(work);
        cycle_hints.sort_by(|a, b| a.key.compare(&b.key));
        let mut seen: Vec<RemovalMap> = Vec::new();
        for hint in &cycle_hints {
            let map = cycle_removal_map(work, hint);
            if !first_of_its_kind(&mut seen, &map) {
                continue;
            }
            let rule_parents = cycle_rule_parents(work, source, hint);
            if rule_parents.0.is_empty() {
                continue;
            }
            let mut fingerprint = Fingerprint::new(
                1 + hint.kind as u64 * 4 + hint.x_links as u64 * 2 + hint.y_links as u64,
            );
            for potential in &hint.path {
                fingerprint.add(potential.node() as u64);
            }
            let info = NestedInfo {
                complexity: hint.key.complexity,
                signature: fingerprint.0,
                description: explain::cycle_hint(hint),
            };
            emit(map, &rule_parents, info, out);
        }
        if !out.offs.is_empty() || level < 3 {
            return;
        }
        let mut multiple_hints = self.multiple.all(work, RuleConfig::MULTIPLE);
        multiple_hints.sort_by(|a, b| a.key.compare(&b.key));
        seen.clear();
        for hint in &multiple_hints {
            let map = multiple_removal_map(hint);
            if !first_of_its_kind(&mut seen, &map) {
                continue;
            }
            let closures = &self.multiple.closures;
            let rule_parents = multiple_rule_parents(work, source, hint, closures);
            if rule_parents.0.is_empty() {
                continue;
            }
            let mut fingerprint = Fingerprint::new(9);
            for branch in &hint.branches {
                fingerprint.add(u64::MAX);
                for slot in closures[branch.closure as usize].ancestry(branch.slot) {
                    fingerprint.add(
                        closures[branch.closure as usize]
                            .node(slot)
                            .potential
                            .node() as u64,
                    );
                }
            }
            let name = multiple_name(&hint.kind);
            let info = NestedInfo {
                complexity: hint.key.complexity,
                signature: fingerprint.0,
                description: explain::multiple_hint(hint, name, closures),
            };
            emit(map, &rule_parents, info, out);
        }
    }
}

fn multiple_name(kind: &MultipleKind) -> &'static str {
    match kind {
        MultipleKind::Cell { .. } => "Cell Forcing Chains",
        MultipleKind::Region { .. } => "Region Forcing Chains",
        _ => "Forcing Chains",
    }
}

/// SE drops a hint whose removal map equals an earlier one's (`LinkedHashSet`).
fn first_of_its_kind(seen: &mut Vec<RemovalMap>, map: &RemovalMap) -> bool {
    let mut sorted = map.clone();
    sorted.sort_unstable();
    if seen.contains(&sorted) {
        return false;
    }
    seen.push(sorted);
    true
}

fn emit(map: RemovalMap, rule_parents: &Parents, info: NestedInfo, out: &mut Output) {
    let Output {
        offs,
        parents,
        notes,
        nested,
    } = out;
    let note_index = notes.len() as u32;
    notes.push(AdvancedNote {
        kind: AdvancedKind::NestedChain,
        digits: 0,
        regions: [(0, 0); 4],
        region_count: 0,
        nested: nested.len() as u32,
    });
    nested.push(info);
    let parent_start = parents.len() as u32;
    parents.extend_from_slice(&rule_parents.0);
    let mut cells: Vec<u8> = map.iter().map(|&(cell, _)| cell as u8).collect();
    java_hash_order(&mut cells);
    for cell in cells {
        let mask = map
            .iter()
            .find(|&&(c, _)| c == cell as usize)
            .map_or(0, |&(_, m)| m);
        for digit in 0..9 {
            if mask >> digit & 1 != 0 {
                offs.push(AdvancedOff {
                    index: (cell as usize * 9 + digit) as u16,
                    parent_start,
                    parent_len: rule_parents.0.len() as u32,
                    note: note_index,
                });
            }
        }
    }
}

/// SE's removal map of a cycle or forcing chain hint, in insertion order.
fn cycle_removal_map(board: &Board, hint: &CycleHint) -> RemovalMap {
    let mut map: RemovalMap = Vec::new();
    let mut put = |cell: usize, digit: usize| match map.iter_mut().find(|(c, _)| *c == cell) {
        Some((_, mask)) => *mask |= 1 << digit,
        None => map.push((cell, 1 << digit)),
    };
    match hint.kind {
        CycleKind::ForcingChain => {
            let target = hint.path[0];
            if target.on {
                let others = board.cells[target.cell()] & !(1 << target.digit());
                map.push((target.cell(), others));
            } else {
                put(target.cell(), target.digit());
            }
        }
        CycleKind::Cycle => {
            // Forward cancellations in path order (on-potentials, peers in increasing order),
            // kept when a backward one matches.
            let links = &hint.path[..hint.path.len() - 1];
            let mut cells = 0u128;
            for p in links {
                cells |= 1u128 << p.cell();
            }
            let mut backward = [0u128; 9];
            for p in links.iter().filter(|p| !p.on) {
                backward[p.digit()] |= board.peers[p.cell()] & !cells & board.digits[p.digit()];
            }
            let mut done = [0u128; 9];
            for p in links.iter().filter(|p| p.on) {
                let digit = p.digit();
                let seen = board.peers[p.cell()]
                    & !cells
                    & board.digits[digit]
                    & backward[digit]
                    & !done[digit];
                done[digit] |= seen;
                for cell in 0..81 {
                    if seen >> cell & 1 != 0 {
                        put(cell, digit);
                    }
                }
            }
        }
    }
    map
}

/// SE `getRuleParents` of a cycle (targets: the loop and its reverse) or forcing chain.
fn cycle_rule_parents(work: &Board, source: &Board, hint: &CycleHint) -> Parents {
    let mut parents = Parents::default();
    let path = &hint.path;
    // The chain from the conclusion back to the assumption (which has no cause).
    for index in 0..path.len() - 1 {
        let potential = path[index];
        if potential.on {
            parents.add_cause(
                potential,
                link_cause(work, path[index + 1], potential),
                source,
                work,
            );
        }
    }
    if hint.kind == CycleKind::Cycle {
        // The reversed loop: each potential flipped, keeping its cause; SE's walk from the
        // reversed start skips the reversed end (the same potential).
        for index in (1..path.len() - 1).rev() {
            let potential = path[index];
            if !potential.on {
                let flipped = Potential {
                    index: potential.index,
                    on: true,
                };
                parents.add_cause(
                    flipped,
                    link_cause(work, path[index + 1], potential),
                    source,
                    work,
                );
            }
        }
    }
    parents
}

fn multiple_removal_map(hint: &MultipleHint) -> RemovalMap {
    let mut mask = 0u16;
    for &(_, digit) in &hint.removals {
        mask |= 1 << digit;
    }
    vec![(hint.target.cell(), mask)]
}

/// SE `getRuleParents` of a cell or region forcing chain: over each branch's chain, the
/// causes of its on-potentials; the assumption counts as a naked single (cell) or a hidden
/// single in the region (region).
fn multiple_rule_parents(
    work: &Board,
    source: &Board,
    hint: &MultipleHint,
    closures: &[Closure],
) -> Parents {
    let mut parents = Parents::default();
    let assumption_cause = match hint.kind {
        MultipleKind::Region { kind, .. } => Cause::Hidden(kind as u8),
        _ => Cause::NakedSingle,
    };
    for branch in &hint.branches {
        let closure = &closures[branch.closure as usize];
        // Static chains have one parent each: walk from the conclusion to the assumption.
        let mut current = Some(branch.slot);
        while let Some(slot) = current {
            let node = closure.node(slot);
            let cause = if node.cause == Cause::Assumption {
                assumption_cause
            } else {
                node.cause
            };
            if node.potential.on {
                parents.add_cause(node.potential, cause, source, work);
            }
            current = closure.parents_of(slot).first().copied();
        }
    }
    parents
}
