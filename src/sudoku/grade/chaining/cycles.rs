//! SE's "Forcing Chains & Cycles" rule: bidirectional X-, Y- and XY-cycles and forcing
//! X- and XY-chains, all static (the board never changes during the search).
//!
//! For every candidate of every unsolved cell, three searches run in SE's order — X links
//! only, Y links only (from bivalue cells), both — and each collects
//!
//! * cycles (SE `doCycles`): a level-by-level search from "candidate on" that may revisit an
//!   off-potential along different paths (only its own ancestors are excluded) and records
//!   every path that comes back to the starting candidate after at least four links; the
//!   candidates seeing both an on and an off potential of the loop go;
//! * forcing chains (SE `doForcingChains`, when X links are on): from "on", the first path to
//!   the same candidate "off" removes it; from "off", the first path to "on" places it.
//!
//! Each path is kept as a linked list of instances, like SE's `Potential` objects, because
//! complexity and naming follow the actual path found.

use super::board::Board;
use super::closure::Potential;
use super::hint::{Key, sort_key};
use super::tables::{
    BLOCK, COLUMN, CandidateSet, ROW, digits_of, region_mask_if, region_mask_of, region_of,
};

#[derive(Clone, Copy)]
struct Instance {
    potential: Potential,
    parent: u32,
}

const ROOT: u32 = u32::MAX;

/// What the rule found: the best hint by SE's order.
pub(crate) struct CycleHint {
    pub(crate) key: Key,
    pub(crate) kind: CycleKind,
    pub(crate) x_links: bool,
    pub(crate) y_links: bool,
    /// The path from the conclusion back to the assumption (conclusion first).
    pub(crate) path: Vec<Potential>,
    /// Removed candidates (cell, digit 0-8).
    pub(crate) removals: Vec<(usize, usize)>,
    /// Placed digit (cell, digit 0-8).
    pub(crate) placement: Option<(usize, usize)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CycleKind {
    Cycle,
    ForcingChain,
}

impl CycleHint {
    /// SE's name for the hint.
    pub(crate) fn name(&self) -> &'static str {
        match (self.kind, self.x_links, self.y_links) {
            (CycleKind::Cycle, true, true) => "Bidirectional Cycle",
            (CycleKind::Cycle, false, true) => "Bidirectional Y-Cycle",
            (CycleKind::Cycle, _, _) => {
                let mut cells = 0u128;
                for potential in &self.path {
                    cells |= 1u128 << potential.cell();
                }
                if cells.count_ones() == 4 {
                    "Generalized X-Wing"
                } else {
                    "Bidirectional X-Cycle"
                }
            }
            (CycleKind::ForcingChain, true, true) => "Forcing Chain",
            (CycleKind::ForcingChain, false, true) => "Forcing Y-Chain",
            (CycleKind::ForcingChain, _, _) => {
                if self.path.len() == 6 {
                    "Turbot Fish"
                } else {
                    "Forcing X-Chain"
                }
            }
        }
    }
}

/// The static implications of one board and link mode, as adjacency lists indexed by
/// candidate (`cell * 9 + digit`), in SE's order.
struct Links {
    on_start: Vec<u32>,
    on_targets: Vec<Potential>,
    off_start: Vec<u32>,
    off_targets: Vec<Potential>,
}

impl Links {
    fn new() -> Links {
        Links {
            on_start: vec![0; 730],
            on_targets: Vec::with_capacity(8192),
            off_start: vec![0; 730],
            off_targets: Vec::with_capacity(2048),
        }
    }

    fn build(&mut self, board: &Board, y_links: bool, x_links: bool, scratch: &mut Vec<Potential>) {
        self.on_targets.clear();
        self.off_targets.clear();
        for index in 0..729 {
            self.on_start[index] = self.on_targets.len() as u32;
            self.off_start[index] = self.off_targets.len() as u32;
            let (cell, digit) = (index / 9, index % 9);
            if !board.has(cell, digit) {
                continue;
            }
            on_to_off(board, Potential::new(cell, digit, true), y_links, scratch);
            self.on_targets.extend_from_slice(scratch);
            off_to_on(
                board,
                Potential::new(cell, digit, false),
                y_links,
                x_links,
                scratch,
            );
            self.off_targets.extend_from_slice(scratch);
        }
        self.on_start[729] = self.on_targets.len() as u32;
        self.off_start[729] = self.off_targets.len() as u32;
    }

    /// What a potential implies.
    #[inline]
    fn of(&self, potential: Potential) -> &[Potential] {
        let index = potential.index as usize;
        if potential.on {
            &self.on_targets[self.on_start[index] as usize..self.on_start[index + 1] as usize]
        } else {
            &self.off_targets[self.off_start[index] as usize..self.off_start[index + 1] as usize]
        }
    }
}

/// Search state, reused across starting candidates.
pub(crate) struct CycleSearch {
    instances: Vec<Instance>,
    to_on: CandidateSet,
    to_off: CandidateSet,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    found: Vec<u32>,
    steps: Vec<Potential>,
    links: Links,
}

/// Where found hints go: only the one SE would apply, or all of them in SE's order.
enum Sink {
    Best(Option<CycleHint>),
    All(Vec<CycleHint>),
}

impl Sink {
    /// The key a new hint must beat to be kept.
    fn bar(&self) -> Option<&Key> {
        match self {
            Sink::Best(best) => best.as_ref().map(|hint| &hint.key),
            Sink::All(_) => None,
        }
    }

    fn accept(&mut self, hint: CycleHint) {
        match self {
            Sink::Best(best) => *best = Some(hint),
            Sink::All(all) => all.push(hint),
        }
    }
}

/// The largest complexity a hint of this kind may have and still be kept.
fn complexity_bound(base: f64, sort: u8, sink: &Sink) -> u32 {
    let Some(bar) = sink.bar() else {
        return u32::MAX;
    };
    let mut complexity = 0;
    while Key::new(base, complexity + 1, sort).beats(Some(bar)) {
        complexity += 1;
        if complexity > 4096 {
            break;
        }
    }
    complexity
}

impl CycleSearch {
    pub(crate) fn new() -> CycleSearch {
        CycleSearch {
            instances: Vec::with_capacity(4096),
            to_on: CandidateSet::EMPTY,
            to_off: CandidateSet::EMPTY,
            pending_on: Vec::with_capacity(256),
            pending_off: Vec::with_capacity(1024),
            found: Vec::with_capacity(64),
            steps: Vec::with_capacity(32),
            links: Links::new(),
        }
    }

    /// The hint SE's "Forcing Chains & Cycles" would apply, if any.
    pub(crate) fn best(&mut self, board: &Board) -> Option<CycleHint> {
        let mut sink = Sink::Best(None);
        self.search(board, &mut sink);
        match sink {
            Sink::Best(best) => best,
            Sink::All(_) => unreachable!(),
        }
    }

    /// Every hint of the rule, in the order SE finds them (before its sort).
    pub(crate) fn all(&mut self, board: &Board) -> Vec<CycleHint> {
        let mut sink = Sink::All(Vec::new());
        self.search(board, &mut sink);
        match sink {
            Sink::All(all) => all,
            Sink::Best(_) => unreachable!(),
        }
    }

    fn search(&mut self, board: &Board, best: &mut Sink) {
        for (y_links, x_links) in [(false, true), (true, false), (true, true)] {
            let cycle_base = if x_links && y_links { 7.0 } else { 6.5 };
            let chain_base = if x_links && y_links { 7.0 } else { 6.6 };
            let sort = cycle_sort_key(y_links, x_links);
            // A cycle has at least 4 potentials, a forcing chain at least 4 as well.
            if complexity_bound(cycle_base, sort, best) < 4
                && (!x_links || complexity_bound(chain_base, sort, best) < 4)
            {
                continue;
            }
            self.links.build(board, y_links, x_links, &mut self.steps);
            for cell in 0..81 {
                let mask = board.cells[cell];
                let count = mask.count_ones();
                if count < 2 || (count > 2 && !x_links) {
                    continue;
                }
                for digit in digits_of(mask) {
                    let start = Potential::new(cell, digit, true);
                    let bound = complexity_bound(cycle_base, sort, best);
                    if bound >= 4 {
                        self.search_cycles(start, bound);
                        let cycles = std::mem::take(&mut self.found);
                        for &end in &cycles {
                            self.consider_cycle(board, end, y_links, x_links, best);
                        }
                        self.found = cycles;
                    }
                    if x_links {
                        let mut chains = Vec::new();
                        for start in [start, Potential::new(cell, digit, false)] {
                            let bound = complexity_bound(chain_base, sort, best);
                            if bound < 4 {
                                continue;
                            }
                            self.search_forcing_chains(start, bound);
                            if let Some(&end) = self.found.first() {
                                chains.push(self.path(end));
                            }
                        }
                        for path in chains {
                            consider_forcing_chain(board, path, y_links, x_links, best);
                        }
                    }
                }
            }
        }
    }

    fn push(&mut self, potential: Potential, parent: u32) -> u32 {
        self.instances.push(Instance { potential, parent });
        self.instances.len() as u32 - 1
    }

    fn path(&self, mut instance: u32) -> Vec<Potential> {
        let mut path = Vec::new();
        while instance != ROOT {
            let node = self.instances[instance as usize];
            path.push(node.potential);
            instance = node.parent;
        }
        path
    }

    /// Whether `potential` is a strict ancestor of `instance` (SE `isParent`).
    fn is_ancestor(&self, instance: u32, potential: Potential) -> bool {
        let mut current = self.instances[instance as usize].parent;
        while current != ROOT {
            let node = self.instances[current as usize];
            if node.potential == potential {
                return true;
            }
            current = node.parent;
        }
        false
    }

    /// SE `doCycles`: fills `found` with the instances closing a loop on `start` with at
    /// most `bound` potentials.
    ///
    /// SE queues an off-potential again for every path reaching it; a repeat can only matter
    /// if it links back to the start (every other on-potential it implies was already reached
    /// by its first instance), so other repeats are not queued.
    fn search_cycles(&mut self, start: Potential, bound: u32) {
        self.instances.clear();
        self.found.clear();
        self.to_on = CandidateSet::EMPTY;
        self.to_off = CandidateSet::EMPTY;
        self.pending_on.clear();
        self.pending_off.clear();
        let root = self.push(start, ROOT);
        self.to_on.insert(start.index as usize);
        self.pending_on.push(root);
        let mut length = 0;
        while (!self.pending_on.is_empty() || !self.pending_off.is_empty()) && length + 2 <= bound {
            length += 1;
            let ons = std::mem::take(&mut self.pending_on);
            for &instance in &ons {
                let potential = self.instances[instance as usize].potential;
                let targets = self.links.of(potential);
                for index in 0..targets.len() {
                    let off = self.links.of(potential)[index];
                    let repeat = self.to_off.contains(off.index as usize);
                    if repeat && !self.links.of(off).contains(&start) {
                        continue;
                    }
                    if !self.is_ancestor(instance, off) {
                        let new = self.push(off, instance);
                        self.pending_off.push(new);
                        self.to_off.insert(off.index as usize);
                    }
                }
            }
            self.pending_on = ons;
            self.pending_on.clear();
            length += 1;
            let offs = std::mem::take(&mut self.pending_off);
            for &instance in &offs {
                let potential = self.instances[instance as usize].potential;
                let count = self.links.of(potential).len();
                for index in 0..count {
                    let on = self.links.of(potential)[index];
                    if on == start {
                        if length >= 4 {
                            let new = self.push(on, instance);
                            self.found.push(new);
                        }
                    } else if !self.to_on.contains(on.index as usize) {
                        let new = self.push(on, instance);
                        self.to_on.insert(on.index as usize);
                        self.pending_on.push(new);
                    }
                }
            }
            self.pending_off = offs;
            self.pending_off.clear();
        }
    }

    /// SE `doForcingChains`: sets `found` to the first instance reaching the opposite of
    /// `start` within `bound` potentials (SE keeps only the first).
    fn search_forcing_chains(&mut self, start: Potential, bound: u32) {
        self.instances.clear();
        self.found.clear();
        self.to_on = CandidateSet::EMPTY;
        self.to_off = CandidateSet::EMPTY;
        self.pending_on.clear();
        self.pending_off.clear();
        let root = self.push(start, ROOT);
        if start.on {
            self.to_on.insert(start.index as usize);
            self.pending_on.push(root);
        } else {
            self.to_off.insert(start.index as usize);
            self.pending_off.push(root);
        }
        let opposite = Potential {
            index: start.index,
            on: !start.on,
        };
        // Potentials queued at the current depth have `depth + 1` potentials in their path.
        let mut depth = 0u32;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            let ons = std::mem::take(&mut self.pending_on);
            if !ons.is_empty() {
                if depth + 2 > bound {
                    return;
                }
                for &instance in &ons {
                    let potential = self.instances[instance as usize].potential;
                    let count = self.links.of(potential).len();
                    for index in 0..count {
                        let off = self.links.of(potential)[index];
                        if off == opposite {
                            let new = self.push(off, instance);
                            self.found.push(new);
                            return;
                        }
                        if !self.to_off.contains(off.index as usize) {
                            let new = self.push(off, instance);
                            self.to_off.insert(off.index as usize);
                            self.pending_off.push(new);
                        }
                    }
                }
                depth += 1;
            }
            self.pending_on = ons;
            self.pending_on.clear();
            let offs = std::mem::take(&mut self.pending_off);
            if !offs.is_empty() {
                if depth + 2 > bound {
                    return;
                }
                for &instance in &offs {
                    let potential = self.instances[instance as usize].potential;
                    let count = self.links.of(potential).len();
                    for index in 0..count {
                        let on = self.links.of(potential)[index];
                        if on == opposite {
                            let new = self.push(on, instance);
                            self.found.push(new);
                            return;
                        }
                        if !self.to_on.contains(on.index as usize) {
                            let new = self.push(on, instance);
                            self.to_on.insert(on.index as usize);
                            self.pending_on.push(new);
                        }
                    }
                }
                depth += 1;
            }
            self.pending_off = offs;
            self.pending_off.clear();
        }
    }

    fn consider_cycle(
        &self,
        board: &Board,
        end: u32,
        y_links: bool,
        x_links: bool,
        best: &mut Sink,
    ) {
        // The path runs from the closing instance back to the start; the start equals the
        // closing potential, so the distinct potentials are all but the last.
        let mut length = 0u32;
        let mut cells = 0u128;
        let mut current = end;
        while self.instances[current as usize].parent != ROOT {
            let node = self.instances[current as usize];
            cells |= 1u128 << node.potential.cell();
            length += 1;
            current = node.parent;
        }
        let key = Key::new(
            if x_links && y_links { 7.0 } else { 6.5 },
            length,
            cycle_sort_key(y_links, x_links),
        );
        if !key.beats(best.bar()) {
            return;
        }
        let mut forward = [0u128; 9];
        let mut backward = [0u128; 9];
        let mut current = end;
        while self.instances[current as usize].parent != ROOT {
            let node = self.instances[current as usize];
            let digit = node.potential.digit();
            let seen = board.peers[node.potential.cell()] & !cells & board.digits[digit];
            if node.potential.on {
                forward[digit] |= seen;
            } else {
                backward[digit] |= seen;
            }
            current = node.parent;
        }
        let mut removals = Vec::new();
        for cell in 0..81 {
            for digit in 0..9 {
                if (forward[digit] & backward[digit]) >> cell & 1 != 0 {
                    removals.push((cell, digit));
                }
            }
        }
        if removals.is_empty() {
            return;
        }
        best.accept(CycleHint {
            key,
            kind: CycleKind::Cycle,
            x_links,
            y_links,
            path: self.path(end),
            removals,
            placement: None,
        });
    }
}

fn consider_forcing_chain(
    board: &Board,
    path: Vec<Potential>,
    y_links: bool,
    x_links: bool,
    best: &mut Sink,
) {
    let key = Key::new(
        if x_links && y_links { 7.0 } else { 6.6 },
        path.len() as u32,
        cycle_sort_key(y_links, x_links),
    );
    if !key.beats(best.bar()) {
        return;
    }
    let target = path[0];
    let (removals, placement) = if target.on {
        let others = board.cells[target.cell()] & !(1 << target.digit());
        (
            digits_of(others)
                .map(|digit| (target.cell(), digit))
                .collect(),
            Some((target.cell(), target.digit())),
        )
    } else {
        (vec![(target.cell(), target.digit())], None)
    };
    best.accept(CycleHint {
        key,
        kind: CycleKind::ForcingChain,
        x_links,
        y_links,
        path,
        removals,
        placement,
    });
}

fn cycle_sort_key(y_links: bool, x_links: bool) -> u8 {
    match (y_links, x_links) {
        (true, true) => sort_key::XY,
        (true, false) => sort_key::Y_ONLY,
        _ => sort_key::X_ONLY,
    }
}

/// SE `getOnToOff` on a static board: other digits of the cell (with Y links), then the same
/// digit in the block, then in the row and column outside the block.
pub(crate) fn on_to_off(
    board: &Board,
    potential: Potential,
    y_links: bool,
    out: &mut Vec<Potential>,
) {
    out.clear();
    let cell = potential.cell();
    let digit = potential.digit();
    if y_links {
        for other in digits_of(board.cells[cell] & !(1 << digit)) {
            out.push(Potential::new(cell, other, false));
        }
    }
    let holders = board.digits[digit] & !(1u128 << cell);
    let block = region_mask_of(cell, BLOCK);
    for (kind, mask) in [
        (BLOCK, holders & block),
        (ROW, holders & !block),
        (COLUMN, holders & !block),
    ] {
        let mask = mask & region_mask_of(cell, kind);
        if mask == 0 {
            continue;
        }
        for &other in region_of(cell, kind) {
            if mask >> other & 1 != 0 {
                out.push(Potential::new(other as usize, digit, false));
            }
        }
    }
    if !board.extra_kinds.is_empty() {
        let mut done = block | region_mask_of(cell, ROW) | region_mask_of(cell, COLUMN);
        for &kind in board.extra_kinds {
            let region = region_mask_if(cell, kind);
            let fresh = holders & region & !done;
            done |= region;
            if fresh != 0 {
                for &other in region_of(cell, kind) {
                    if fresh >> other & 1 != 0 {
                        out.push(Potential::new(other as usize, digit, false));
                    }
                }
            }
        }
    }
}

/// SE `getOffToOn` on a static board: the other digit of a bivalue cell (with Y links), the
/// other place of a digit left twice in a block, row or column (with X links), without
/// repeats.
pub(crate) fn off_to_on(
    board: &Board,
    potential: Potential,
    y_links: bool,
    x_links: bool,
    out: &mut Vec<Potential>,
) {
    out.clear();
    let cell = potential.cell();
    let digit = potential.digit();
    if y_links {
        let mask = board.cells[cell];
        if mask.count_ones() == 2 {
            let other = (mask & !(1 << digit)).trailing_zeros() as usize;
            out.push(Potential::new(cell, other, true));
        }
    }
    if x_links {
        for &kind in [BLOCK, ROW, COLUMN].iter().chain(board.extra_kinds) {
            let others = board.digits[digit] & region_mask_if(cell, kind) & !(1u128 << cell);
            if others.count_ones() == 1 {
                let on = Potential::new(others.trailing_zeros() as usize, digit, true);
                if !out.contains(&on) {
                    out.push(on);
                }
            }
        }
    }
}
