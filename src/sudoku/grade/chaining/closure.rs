//! The consequences of one assumption: SE's `Chaining.doChaining`.
//!
//! Starting from "candidate X is true" (on) or "X is false" (off), implications are followed
//! breadth first, on-potentials before off-potentials, exactly as SE queues them:
//!
//! * on → off: the other digits of the cell (unless Nishio), then the same digit in the
//!   block, the row and the column (block order, then row and column cells outside the block);
//! * off → on: a cell left with two digits gives the other one (unless Nishio), a block, row
//!   or column left with two places gives the other place.
//!
//! In dynamic mode every off-potential is also removed from the board once processed, so later
//! implications see the reduced grid; an on-potential so derived records the removed
//! candidates it relies on as extra ("hidden") parents. At level ≥ 1 (SE's "+"), whenever
//! both queues run dry, simple rules (intersections, hidden and naked pairs, X-wings) are run
//! on the reduced board and their eliminations join the chain as off-potentials.
//!
//! The first potential found both on and off stops the search (a contradiction), leaving the
//! sets as they were at that moment — SE does the same, and later rules use those partial sets.
//!
//! Every potential keeps its parents; a hint's complexity is the number of distinct
//! potentials among the ancestors of its conclusions (SE `getAncestorCount`).

use std::collections::VecDeque;

use super::advanced::{self, AdvancedNote, AdvancedOff};
use super::board::Board;
use super::nested::{self, NestedInfo, NestedRules};
use super::tables::{
    BLOCK, COLUMN, CandidateSet, ROW, digits_of, region_mask_if, region_mask_of, region_of,
};

/// Why a potential follows from its parents (SE `Potential.Cause`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Cause {
    /// The starting assumption.
    Assumption,
    /// Only one digit left in / only one digit per cell.
    NakedSingle,
    /// Only one place left in (or only one copy per) block, row or column.
    Hidden(u8),
    /// An elimination by a simple rule on the reduced grid (see `notes`).
    Advanced,
}

/// A potential: a candidate (cell, digit) assumed true (`on`) or false.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Potential {
    /// `cell * 9 + digit`, digit 0-8.
    pub(crate) index: u16,
    pub(crate) on: bool,
}

impl Potential {
    #[inline]
    pub(crate) fn new(cell: usize, digit: usize, on: bool) -> Potential {
        Potential {
            index: (cell * 9 + digit) as u16,
            on,
        }
    }
    #[inline]
    pub(crate) fn cell(self) -> usize {
        self.index as usize / 9
    }
    #[inline]
    pub(crate) fn digit(self) -> usize {
        self.index as usize % 9
    }
    /// Node number 0..1458 (SE hash order: index * 2 + on).
    #[inline]
    pub(crate) fn node(self) -> usize {
        self.index as usize * 2 + self.on as usize
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) potential: Potential,
    pub(crate) cause: Cause,
    parent_start: u32,
    parent_len: u16,
    /// Length of the first-parent path back to the assumption.
    pub(crate) depth: u16,
    /// Whether some ancestor (or the node) has more than one parent.
    branching: bool,
    /// For `Cause::Advanced`: index into `Closure::notes`.
    pub(crate) note: u32,
}

/// How implications are followed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Mode {
    /// Cell links (bivalue cells, "one digit per cell"); off for Nishio.
    pub(crate) cell_links: bool,
    /// Remove off-potentials from the board as they are processed.
    pub(crate) dynamic: bool,
    /// SE nesting level: 0 plain, 1 "(+)".
    pub(crate) level: u8,
}

const NONE: u32 = u32::MAX;

/// The on- and off-sets reached from one assumption, with every potential's parents.
pub(crate) struct Closure {
    pub(crate) start: Potential,
    pub(crate) on: CandidateSet,
    pub(crate) off: CandidateSet,
    /// Slots of on-potentials in the order they were reached (SE `LinkedSet` order).
    pub(crate) on_order: Vec<u32>,
    /// Slots of off-potentials in the order they were reached.
    pub(crate) off_order: Vec<u32>,
    /// Slot + 1 of each potential of the sets by node number; 0 when absent (so that a new
    /// table is zeroed memory).
    slots: Vec<u32>,
    pub(crate) nodes: Vec<Node>,
    parents: Vec<u32>,
    /// The (on, off) slots of the first potential found both on and off.
    pub(crate) contradiction: Option<(u32, u32)>,
    pub(crate) notes: Vec<AdvancedNote>,
    /// Nested chains used by advanced potentials (levels 2 and 3).
    pub(crate) nested: Vec<NestedInfo>,
}

impl Closure {
    pub(crate) fn new() -> Closure {
        Closure {
            start: Potential::new(0, 0, true),
            on: CandidateSet::EMPTY,
            off: CandidateSet::EMPTY,
            on_order: Vec::with_capacity(256),
            off_order: Vec::with_capacity(512),
            slots: vec![0; 1458],
            nodes: Vec::with_capacity(768),
            parents: Vec::with_capacity(1024),
            contradiction: None,
            notes: Vec::new(),
            nested: Vec::new(),
        }
    }

    fn reset(&mut self, start: Potential) {
        for node in &self.nodes {
            self.slots[node.potential.node()] = 0;
        }
        self.start = start;
        self.on = CandidateSet::EMPTY;
        self.off = CandidateSet::EMPTY;
        self.on_order.clear();
        self.off_order.clear();
        self.nodes.clear();
        self.parents.clear();
        self.contradiction = None;
        self.notes.clear();
        self.nested.clear();
    }

    /// The slot of a potential of the on- or off-set.
    #[inline]
    pub(crate) fn slot(&self, potential: Potential) -> Option<u32> {
        let slot = self.slots[potential.node()];
        (slot != 0).then(|| slot - 1)
    }

    #[inline]
    pub(crate) fn node(&self, slot: u32) -> &Node {
        &self.nodes[slot as usize]
    }

    #[inline]
    pub(crate) fn parents_of(&self, slot: u32) -> &[u32] {
        let node = &self.nodes[slot as usize];
        &self.parents
            [node.parent_start as usize..node.parent_start as usize + node.parent_len as usize]
    }

    fn push_node(&mut self, potential: Potential, cause: Cause, parents: &[u32], note: u32) -> u32 {
        let slot = self.nodes.len() as u32;
        let mut depth = 0u16;
        let mut branching = parents.len() > 1;
        if let Some(&first) = parents.first() {
            depth = self.nodes[first as usize].depth + 1;
            branching |= parents
                .iter()
                .any(|&parent| self.nodes[parent as usize].branching);
        }
        self.nodes.push(Node {
            potential,
            cause,
            parent_start: self.parents.len() as u32,
            parent_len: parents.len() as u16,
            depth,
            branching,
            note,
        });
        self.parents.extend_from_slice(parents);
        slot
    }

    fn add(&mut self, potential: Potential, cause: Cause, parents: &[u32], note: u32) -> u32 {
        let slot = self.push_node(potential, cause, parents, note);
        let index = potential.index as usize;
        self.slots[potential.node()] = slot + 1;
        if potential.on {
            self.on.insert(index);
            self.on_order.push(slot);
        } else {
            self.off.insert(index);
            self.off_order.push(slot);
        }
        slot
    }

    /// Number of distinct potentials among a node and its ancestors (SE `getAncestorCount`).
    pub(crate) fn ancestor_count(&self, slot: u32, scratch: &mut AncestorScratch) -> u32 {
        let node = &self.nodes[slot as usize];
        if !node.branching {
            return node.depth as u32 + 1;
        }
        scratch.seen.fill(0);
        scratch.stack.clear();
        scratch.stack.push(slot);
        let mut count = 0;
        while let Some(current) = scratch.stack.pop() {
            let id = self.nodes[current as usize].potential.node();
            if scratch.seen[id >> 6] >> (id & 63) & 1 != 0 {
                continue;
            }
            scratch.seen[id >> 6] |= 1 << (id & 63);
            count += 1;
            scratch.stack.extend_from_slice(self.parents_of(current));
        }
        count
    }

    /// The nested chain behind an advanced potential, if any.
    pub(crate) fn nested_chain(&self, slot: u32) -> Option<&NestedInfo> {
        let node = &self.nodes[slot as usize];
        if node.cause != Cause::Advanced {
            return None;
        }
        let note = &self.notes[node.note as usize];
        self.nested.get(note.nested as usize)
    }

    /// A lower bound of `ancestor_count`, free to compute.
    #[inline]
    pub(crate) fn ancestor_floor(&self, slot: u32) -> u32 {
        self.nodes[slot as usize].depth as u32 + 1
    }

    /// Slots of a node and all its ancestors, each once, in increasing slot order (which is
    /// the order they were reached).
    pub(crate) fn ancestry(&self, slot: u32) -> Vec<u32> {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = vec![slot];
        while let Some(current) = stack.pop() {
            if std::mem::replace(&mut seen[current as usize], true) {
                continue;
            }
            stack.extend_from_slice(self.parents_of(current));
        }
        (0..self.nodes.len() as u32)
            .filter(|&s| seen[s as usize])
            .collect()
    }
}

/// Reusable buffers for ancestor counting.
pub(crate) struct AncestorScratch {
    seen: [u64; 23],
    stack: Vec<u32>,
}

impl AncestorScratch {
    pub(crate) fn new() -> AncestorScratch {
        AncestorScratch {
            seen: [0; 23],
            stack: Vec::with_capacity(256),
        }
    }
}

/// One implication found while expanding a potential, before it is added.
#[derive(Clone, Copy)]
struct Step {
    potential: Potential,
    cause: Cause,
    /// Hidden parents (removed candidates the step relies on): range in `hidden`.
    hidden_start: u16,
    hidden_len: u16,
}

/// Runs closures; owns the queues and scratch space so that no search allocates.
pub(crate) struct Chainer {
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    steps: Vec<Step>,
    hidden: Vec<Potential>,
    parent_buffer: Vec<u32>,
    advanced_offs: Vec<AdvancedOff>,
    advanced_parents: Vec<u16>,
    advanced_scratch: advanced::Scratch,
    /// The nested chaining rules, built on first use (levels 2 and 3).
    nested: Option<Box<NestedRules>>,
}

impl Chainer {
    pub(crate) fn new() -> Chainer {
        Chainer {
            pending_on: VecDeque::with_capacity(256),
            pending_off: VecDeque::with_capacity(512),
            steps: Vec::with_capacity(32),
            hidden: Vec::with_capacity(64),
            parent_buffer: Vec::with_capacity(32),
            advanced_offs: Vec::with_capacity(64),
            advanced_parents: Vec::with_capacity(256),
            advanced_scratch: advanced::Scratch::new(),
            nested: None,
        }
    }

    /// Expands `start` on `base` into `closure`. `work` is scratch space; on return it holds
    /// whatever the dynamic search left and must be reset by the caller before reuse
    /// (`run` itself copies `base` into it first).
    pub(crate) fn run(
        &mut self,
        closure: &mut Closure,
        base: &Board,
        work: &mut Board,
        start: Potential,
        mode: Mode,
    ) {
        closure.reset(start);
        if mode.dynamic {
            work.clone_from(base);
        }
        self.pending_on.clear();
        self.pending_off.clear();
        let slot = closure.add(start, Cause::Assumption, &[], NONE);
        if start.on {
            self.pending_on.push_back(slot);
        } else {
            self.pending_off.push_back(slot);
        }
        self.drain(closure, base, work, mode);
    }

    /// Carries a dynamic closure that `run` finished at a lower nesting level on to
    /// `mode.level`, with `work` as that run left it. A run at a higher level repeats the
    /// lower one until both queues first run dry (the lower level's end, or its
    /// contradiction, where both stop), so this ends exactly as `run` at `mode.level` would.
    pub(crate) fn resume(
        &mut self,
        closure: &mut Closure,
        base: &Board,
        work: &mut Board,
        mode: Mode,
    ) {
        debug_assert!(mode.dynamic);
        if closure.contradiction.is_some() {
            return;
        }
        self.pending_on.clear();
        self.pending_off.clear();
        self.drain(closure, base, work, mode);
    }

    /// Follows the queued potentials until a contradiction or until nothing is left.
    fn drain(&mut self, closure: &mut Closure, base: &Board, work: &mut Board, mode: Mode) {
        loop {
            if let Some(slot) = self.pending_on.pop_front() {
                let board = if mode.dynamic { &*work } else { base };
                if self.expand_on(closure, board, slot, mode) {
                    return;
                }
                continue;
            }
            if let Some(slot) = self.pending_off.pop_front() {
                let potential = closure.node(slot).potential;
                if mode.dynamic {
                    // Measured before the removal, so the potential is not its own parent.
                    self.collect_off_steps(work, Some(base), potential, mode);
                    work.remove(potential.cell(), potential.digit());
                } else {
                    // Static chains never change the board: no hidden parents.
                    self.collect_off_steps(base, None, potential, mode);
                }
                if self.add_on_steps(closure, slot) {
                    return;
                }
                continue;
            }
            if mode.level > 0 && self.add_advanced(closure, work, base, mode) {
                continue;
            }
            return;
        }
    }

    /// Processes an on-potential; returns true on contradiction.
    fn expand_on(&mut self, closure: &mut Closure, board: &Board, slot: u32, mode: Mode) -> bool {
        let potential = closure.node(slot).potential;
        let cell = potential.cell();
        let digit = potential.digit();
        self.steps.clear();
        if mode.cell_links {
            for other in digits_of(board.cells[cell] & !(1 << digit)) {
                self.steps.push(Step {
                    potential: Potential::new(cell, other, false),
                    cause: Cause::NakedSingle,
                    hidden_start: 0,
                    hidden_len: 0,
                });
            }
        }
        let holders = board.digits[digit] & !(1u128 << cell);
        let block = region_mask_of(cell, BLOCK);
        let in_block = holders & block;
        if in_block != 0 {
            for &other in region_of(cell, BLOCK) {
                if in_block >> other & 1 != 0 {
                    self.steps.push(Step {
                        potential: Potential::new(other as usize, digit, false),
                        cause: Cause::Hidden(BLOCK as u8),
                        hidden_start: 0,
                        hidden_len: 0,
                    });
                }
            }
        }
        for kind in [ROW, COLUMN] {
            let in_line = holders & region_mask_of(cell, kind) & !block;
            if in_line != 0 {
                for &other in region_of(cell, kind) {
                    if in_line >> other & 1 != 0 {
                        self.steps.push(Step {
                            potential: Potential::new(other as usize, digit, false),
                            cause: Cause::Hidden(kind as u8),
                            hidden_start: 0,
                            hidden_len: 0,
                        });
                    }
                }
            }
        }
        if !board.extra_kinds.is_empty() {
            // SE's extra houses come last, without the cells already switched off.
            let mut done = block | region_mask_of(cell, ROW) | region_mask_of(cell, COLUMN);
            for &kind in board.extra_kinds {
                let region = region_mask_if(cell, kind);
                let fresh = holders & region & !done;
                done |= region;
                if fresh != 0 {
                    for &other in region_of(cell, kind) {
                        if fresh >> other & 1 != 0 {
                            self.steps.push(Step {
                                potential: Potential::new(other as usize, digit, false),
                                cause: Cause::Hidden(kind as u8),
                                hidden_start: 0,
                                hidden_len: 0,
                            });
                        }
                    }
                }
            }
        }
        for index in 0..self.steps.len() {
            let step = self.steps[index];
            let conjugate = Potential {
                index: step.potential.index,
                on: true,
            };
            if let Some(on_slot) = closure.slot(conjugate) {
                let off_slot = closure.push_node(step.potential, step.cause, &[slot], NONE);
                closure.contradiction = Some((on_slot, off_slot));
                return true;
            }
            if !closure.off.contains(step.potential.index as usize) {
                let new_slot = closure.add(step.potential, step.cause, &[slot], NONE);
                self.pending_off.push_back(new_slot);
            }
        }
        false
    }

    /// Collects the on-potentials implied by an off-potential (SE `getOffToOn`), with hidden
    /// parents measured against `source` when the board has been reduced.
    fn collect_off_steps(
        &mut self,
        board: &Board,
        source: Option<&Board>,
        potential: Potential,
        mode: Mode,
    ) {
        let cell = potential.cell();
        let digit = potential.digit();
        self.steps.clear();
        self.hidden.clear();
        if mode.cell_links {
            let mask = board.cells[cell];
            if mask.count_ones() == 2 {
                let other = (mask & !(1 << digit)).trailing_zeros() as usize;
                let hidden_start = self.hidden.len() as u16;
                if let Some(source) = source {
                    for removed in digits_of(source.cells[cell] & !mask) {
                        self.hidden.push(Potential::new(cell, removed, false));
                    }
                }
                self.steps.push(Step {
                    potential: Potential::new(cell, other, true),
                    cause: Cause::NakedSingle,
                    hidden_start,
                    hidden_len: self.hidden.len() as u16 - hidden_start,
                });
            }
        }
        for &kind in [BLOCK, ROW, COLUMN].iter().chain(board.extra_kinds) {
            let region = region_mask_if(cell, kind);
            let others = board.digits[digit] & region & !(1u128 << cell);
            if others.count_ones() != 1 {
                continue;
            }
            let other = others.trailing_zeros() as usize;
            let on = Potential::new(other, digit, true);
            if self.steps.iter().any(|step| step.potential == on) {
                continue;
            }
            let hidden_start = self.hidden.len() as u16;
            if let Some(source) = source {
                let removed = source.digits[digit] & region & !board.digits[digit];
                if removed != 0 {
                    for &place in region_of(cell, kind) {
                        if removed >> place & 1 != 0 {
                            self.hidden
                                .push(Potential::new(place as usize, digit, false));
                        }
                    }
                }
            }
            self.steps.push(Step {
                potential: on,
                cause: Cause::Hidden(kind as u8),
                hidden_start,
                hidden_len: self.hidden.len() as u16 - hidden_start,
            });
        }
    }

    /// Adds the collected on-steps of `slot`; returns true on contradiction.
    fn add_on_steps(&mut self, closure: &mut Closure, slot: u32) -> bool {
        for index in 0..self.steps.len() {
            let step = self.steps[index];
            self.parent_buffer.clear();
            self.parent_buffer.push(slot);
            for hidden in &self.hidden
                [step.hidden_start as usize..(step.hidden_start + step.hidden_len) as usize]
            {
                if let Some(parent) = closure.slot(*hidden) {
                    self.parent_buffer.push(parent);
                }
            }
            let conjugate = Potential {
                index: step.potential.index,
                on: false,
            };
            if let Some(off_slot) = closure.slot(conjugate) {
                let on_slot =
                    closure.push_node(step.potential, step.cause, &self.parent_buffer, NONE);
                closure.contradiction = Some((on_slot, off_slot));
                return true;
            }
            if !closure.on.contains(step.potential.index as usize) {
                let new_slot = closure.add(step.potential, step.cause, &self.parent_buffer, NONE);
                self.pending_on.push_back(new_slot);
            }
        }
        false
    }

    /// Runs SE's "advanced" rules on the reduced board; returns whether anything new was
    /// queued.
    fn add_advanced(
        &mut self,
        closure: &mut Closure,
        work: &Board,
        source: &Board,
        mode: Mode,
    ) -> bool {
        self.advanced_offs.clear();
        self.advanced_parents.clear();
        advanced::eliminations(
            work,
            source,
            mode.level,
            &mut self.advanced_offs,
            &mut self.advanced_parents,
            &mut closure.notes,
            &mut self.advanced_scratch,
        );
        if self.advanced_offs.is_empty() && mode.level >= 2 {
            let rules = self
                .nested
                .get_or_insert_with(|| Box::new(NestedRules::new()));
            let mut output = nested::Output {
                offs: &mut self.advanced_offs,
                parents: &mut self.advanced_parents,
                notes: &mut closure.notes,
                nested: &mut closure.nested,
            };
            rules.eliminations(work, source, mode.level, &mut output);
        }
        let mut added = false;
        for index in 0..self.advanced_offs.len() {
            let off = self.advanced_offs[index];
            let potential = Potential {
                index: off.index,
                on: false,
            };
            if closure.off.contains(off.index as usize) {
                continue;
            }
            self.parent_buffer.clear();
            for &parent in &self.advanced_parents
                [off.parent_start as usize..(off.parent_start + off.parent_len) as usize]
            {
                if let Some(parent_slot) = closure.slot(Potential {
                    index: parent,
                    on: false,
                }) {
                    self.parent_buffer.push(parent_slot);
                }
            }
            let parents = std::mem::take(&mut self.parent_buffer);
            let new_slot = closure.add(potential, Cause::Advanced, &parents, off.note);
            self.parent_buffer = parents;
            self.pending_off.push_back(new_slot);
            added = true;
        }
        added
    }
}
