//! SE's forcing-chain rules built on closures (`Chaining.getMultipleChainsHintList`):
//! "Nishio Forcing Chains", "Multiple Forcing Chains", "Dynamic Forcing Chains" and
//! "Dynamic Forcing Chains (+)".
//!
//! Cells are visited row by row; a cell qualifies with three candidates or more, or with two
//! in the dynamic rules. For each of its digits, in increasing order:
//!
//! 1. the closure of "digit on" and, in the dynamic rules, of "digit off"; a contradiction in
//!    either proves the opposite (Nishio, dynamic);
//! 2. a potential reached from both "on" and "off" holds regardless (double forcing; dynamic
//!    rules, cells with three candidates or more);
//! 3. for each block, row and column where this cell is the first place of the digit, a
//!    potential reached from every place of the digit holds (region forcing; not Nishio);
//!
//! and after the digits, a potential reached from every digit of the cell holds (cell
//! forcing; not Nishio). Hints are compared as they are found and the first one with the
//! smallest (difficulty, complexity, kind) is kept, which is the hint SE's stable sort puts
//! first.

use super::board::Board;
use super::closure::{AncestorScratch, Chainer, Closure, Mode, Potential};
use super::hint::{Key, sort_key};
use super::tables::{BLOCK, CELL_REGION, COLUMN, NO_REGION, REGIONS, ROW, digits_of};

/// Which of SE's `Chaining` instances is run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RuleConfig {
    pub(crate) multiple: bool,
    pub(crate) dynamic: bool,
    pub(crate) nishio: bool,
    pub(crate) level: u8,
}

impl RuleConfig {
    pub const NISHIO: RuleConfig = RuleConfig {
        multiple: false,
        dynamic: true,
        nishio: true,
        level: 0,
    };
    pub const MULTIPLE: RuleConfig = RuleConfig {
        multiple: true,
        dynamic: false,
        nishio: false,
        level: 0,
    };
    pub const DYNAMIC: RuleConfig = RuleConfig {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 0,
    };
    pub const DYNAMIC_PLUS: RuleConfig = RuleConfig {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 1,
    };

    /// SE "Nested Forcing Chains" at `level` 2 (with forcing chains) or 3 (with multiple
    /// forcing chains).
    pub const fn nested(level: u8) -> RuleConfig {
        RuleConfig {
            multiple: true,
            dynamic: true,
            nishio: false,
            level,
        }
    }

    /// SE `Chaining.getDifficulty`.
    pub fn base_difficulty(&self) -> f64 {
        if self.level > 0 {
            8.5 + 0.5 * self.level as f64
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    pub(crate) fn mode(&self) -> Mode {
        Mode {
            cell_links: !self.nishio,
            dynamic: self.dynamic,
            level: self.level,
        }
    }

    /// SE `ChainingHint.getNamePrefix`.
    pub(crate) fn name_prefix(&self) -> &'static str {
        if self.level > 0 || (self.dynamic && !self.nishio) {
            "Dynamic "
        } else if self.nishio {
            "Nishio "
        } else {
            ""
        }
    }

    /// SE `ChainingHint.getNameSuffix`.
    pub(crate) fn name_suffix(&self) -> &'static str {
        match self.level {
            0 => " Chains",
            1 => " Chains (+)",
            2 => " Chains (+ Forcing Chains)",
            3 => " Chains (+ Multiple Forcing Chains)",
            _ => " Chains (+ Dynamic Forcing Chains)",
        }
    }
}

/// A conclusion's derivation in one closure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ChainRef {
    pub(crate) closure: u32,
    pub(crate) slot: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MultipleKind {
    /// The assumption leads to a potential both on and off (`branches`: on, off).
    Contradiction { assumption: Potential },
    /// Reached from both the assumption on and off (`branches`: from on, from off).
    Double { candidate: Potential },
    /// Reached from every digit of the cell (`branches`: one per digit, in order).
    Cell { cell: usize },
    /// Reached from every place of the digit in the region (`branches`: one per place).
    Region {
        kind: usize,
        index: usize,
        digit: usize,
    },
}

/// The hint a multiple-chains rule would apply.
#[derive(Clone, Debug)]
pub(crate) struct MultipleHint {
    pub(crate) key: Key,
    pub(crate) kind: MultipleKind,
    /// What is proved: a candidate on (placed) or off (removed).
    pub(crate) target: Potential,
    pub(crate) branches: Vec<ChainRef>,
    pub(crate) removals: Vec<(usize, usize)>,
    pub(crate) placement: Option<(usize, usize)>,
}

const NONE: u32 = u32::MAX;

/// Closures and buffers for one or more rule evaluations.
pub(crate) struct MultipleSearch {
    chainer: Chainer,
    pub(crate) closures: Vec<Closure>,
    free: Vec<u32>,
    on_cache: Vec<u32>,
    work: Option<Board>,
    scratch: AncestorScratch,
    cell_offs: Vec<u32>,
    best: Option<MultipleHint>,
    pinned: Vec<u32>,
    /// In collect-all mode, every hint in SE's order (before its sort).
    all: Option<Vec<MultipleHint>>,
    /// The dynamic closures (with cell links) of the last position a dynamic rule ran on,
    /// kept so that the next rule on the same position carries them on.
    carried: Carried,
}

/// SE's dynamic rules look at the same closures with more and more help: "Dynamic" (level
/// 0), "(+)" (1), nested (2, then 3). A closure at a higher level repeats the lower one until
/// its queues first run dry, so when the driver moves up a level on an unchanged position,
/// each closure is carried on from where the lower level stopped instead of run again.
struct Carried {
    /// The position the kept closures belong to.
    position: Option<Board>,
    /// Closure id by start potential (node number), `NONE` when not kept.
    by_start: Vec<u32>,
    /// Per closure id: the level it was run to, and its reduced board as the run left it.
    levels: Vec<u8>,
    works: Vec<Board>,
    /// The highest level of any kept closure.
    level: u8,
}

impl Carried {
    fn forget(&mut self) {
        self.position = None;
        self.by_start.fill(NONE);
        self.level = 0;
    }
}

impl MultipleSearch {
    pub(crate) fn new() -> MultipleSearch {
        MultipleSearch {
            chainer: Chainer::new(),
            closures: Vec::new(),
            free: Vec::new(),
            on_cache: vec![NONE; 729],
            work: None,
            scratch: AncestorScratch::new(),
            cell_offs: Vec::with_capacity(9),
            best: None,
            pinned: Vec::new(),
            all: None,
            carried: Carried {
                position: None,
                by_start: vec![NONE; 1458],
                levels: Vec::new(),
                works: Vec::new(),
                level: 0,
            },
        }
    }

    /// Whether a rule keeps its closures for the next rule on the same position.
    fn carries(&self, config: RuleConfig) -> bool {
        config.dynamic && !config.nishio && self.all.is_none()
    }

    /// The hint SE's rule `config` would apply on `board`, if any. Its chains stay readable
    /// in `self.closures` until the next call.
    pub(crate) fn best(&mut self, board: &Board, config: RuleConfig) -> Option<MultipleHint> {
        let carries = self.carries(config);
        let carried = &mut self.carried;
        if !carries
            || carried.level > config.level
            || carried.position.as_ref().is_none_or(|kept| kept != board)
        {
            carried.forget();
        }
        if carries {
            if carried.position.is_none() {
                carried.position = Some(board.clone());
            }
            carried.level = config.level;
        }
        self.free.clear();
        for id in (0..self.closures.len() as u32).rev() {
            let start = self.closures[id as usize].start.node();
            if self.carried.by_start[start] != id {
                self.free.push(id);
            }
        }
        self.on_cache.fill(NONE);
        self.best = None;
        self.pinned.clear();
        let mut work = self.work.take().unwrap_or_else(|| board.clone());
        for cell in 0..81 {
            let mask = board.cells[cell];
            let count = mask.count_ones();
            if !(count > 2 || (count > 1 && config.dynamic)) {
                continue;
            }
            self.visit_cell(board, &mut work, config, cell, mask);
        }
        self.work = Some(work);
        self.best.take()
    }

    /// Every hint of a static rule (`Multiple`) in SE's order before its sort; the chains
    /// stay readable in `self.closures` until the next call.
    pub(crate) fn all(&mut self, board: &Board, config: RuleConfig) -> Vec<MultipleHint> {
        debug_assert!(!config.dynamic, "off-closures are recycled");
        self.all = Some(Vec::new());
        let _ = self.best(board, config);
        self.all.take().unwrap_or_default()
    }

    /// The complexity of a hint through `branches`: distinct potentials of each branch,
    /// plus, at nesting levels, the complexity of each distinct nested chain used (SE
    /// `getComplexity` = flat + nested).
    fn complexity(&mut self, config: RuleConfig, branches: &[ChainRef]) -> u32 {
        let mut complexity = 0;
        for branch in branches {
            complexity += self.closures[branch.closure as usize]
                .ancestor_count(branch.slot, &mut self.scratch);
        }
        if config.level >= 2 {
            let mut seen: Vec<u64> = Vec::new();
            for branch in branches {
                let closure = &self.closures[branch.closure as usize];
                for slot in closure.ancestry(branch.slot) {
                    if let Some(nested) = closure.nested_chain(slot)
                        && !seen.contains(&nested.signature)
                    {
                        seen.push(nested.signature);
                        complexity += nested.complexity;
                    }
                }
            }
        }
        complexity
    }

    fn allocate(&mut self) -> u32 {
        match self.free.pop() {
            Some(id) => id,
            None => {
                self.closures.push(Closure::new());
                self.closures.len() as u32 - 1
            }
        }
    }

    /// The closure of `start` at `config`'s level on a position whose closures are kept: the
    /// kept one, carried on to this level if it stopped lower, or a new one.
    fn carried_closure(&mut self, board: &Board, config: RuleConfig, start: Potential) -> u32 {
        let kept = self.carried.by_start[start.node()];
        if kept != NONE {
            if self.carried.levels[kept as usize] < config.level {
                self.chainer.resume(
                    &mut self.closures[kept as usize],
                    board,
                    &mut self.carried.works[kept as usize],
                    config.mode(),
                );
                self.carried.levels[kept as usize] = config.level;
            }
            return kept;
        }
        let id = self.allocate();
        let index = id as usize;
        if self.carried.works.len() <= index {
            self.carried.works.resize(index + 1, board.clone());
            self.carried.levels.resize(index + 1, 0);
        }
        self.chainer.run(
            &mut self.closures[index],
            board,
            &mut self.carried.works[index],
            start,
            config.mode(),
        );
        self.carried.levels[index] = config.level;
        self.carried.by_start[start.node()] = id;
        id
    }

    fn on_closure(
        &mut self,
        board: &Board,
        work: &mut Board,
        config: RuleConfig,
        cell: usize,
        digit: usize,
    ) -> u32 {
        if self.carries(config) {
            return self.carried_closure(board, config, Potential::new(cell, digit, true));
        }
        let index = cell * 9 + digit;
        if self.on_cache[index] != NONE {
            return self.on_cache[index];
        }
        let id = self.allocate();
        self.chainer.run(
            &mut self.closures[id as usize],
            board,
            work,
            Potential::new(cell, digit, true),
            config.mode(),
        );
        self.on_cache[index] = id;
        id
    }

    fn visit_cell(
        &mut self,
        board: &Board,
        work: &mut Board,
        config: RuleConfig,
        cell: usize,
        mask: u16,
    ) {
        let count = mask.count_ones();
        let do_double = count >= 3 && !config.nishio && config.dynamic;
        let do_contradiction = config.dynamic || config.nishio;
        let mut ons = [NONE; 9];
        self.cell_offs.clear();
        for digit in digits_of(mask) {
            let on = self.on_closure(board, work, config, cell, digit);
            ons[digit] = on;
            let mut off = NONE;
            if (do_contradiction || do_double) && self.carries(config) {
                off = self.carried_closure(board, config, Potential::new(cell, digit, false));
            } else if do_contradiction || do_double {
                off = self.allocate();
                self.cell_offs.push(off);
                self.chainer.run(
                    &mut self.closures[off as usize],
                    board,
                    work,
                    Potential::new(cell, digit, false),
                    config.mode(),
                );
            }
            if do_contradiction {
                if let Some((on_slot, off_slot)) = self.closures[on as usize].contradiction {
                    let assumption = Potential::new(cell, digit, true);
                    self.offer(
                        board,
                        config,
                        MultipleKind::Contradiction { assumption },
                        Potential::new(cell, digit, false),
                        &[
                            ChainRef {
                                closure: on,
                                slot: on_slot,
                            },
                            ChainRef {
                                closure: on,
                                slot: off_slot,
                            },
                        ],
                        sort_key::CONTRADICTION,
                    );
                }
                if let Some((on_slot, off_slot)) = self.closures[off as usize].contradiction {
                    let assumption = Potential::new(cell, digit, false);
                    self.offer(
                        board,
                        config,
                        MultipleKind::Contradiction { assumption },
                        Potential::new(cell, digit, true),
                        &[
                            ChainRef {
                                closure: off,
                                slot: on_slot,
                            },
                            ChainRef {
                                closure: off,
                                slot: off_slot,
                            },
                        ],
                        sort_key::CONTRADICTION,
                    );
                }
            }
            if do_double {
                self.double_forcing(board, config, cell, digit, on, off);
            }
            if !config.nishio {
                self.region_forcing(board, work, config, cell, digit, on);
            }
        }
        if !config.nishio && (count == 2 || (config.multiple && count > 2)) {
            self.cell_forcing(board, config, cell, mask, &ons);
        }
        for index in 0..self.cell_offs.len() {
            let id = self.cell_offs[index];
            if !self.pinned.contains(&id) {
                self.free.push(id);
            }
        }
        self.cell_offs.clear();
    }

    fn double_forcing(
        &mut self,
        board: &Board,
        config: RuleConfig,
        cell: usize,
        digit: usize,
        on: u32,
        off: u32,
    ) {
        let candidate = Potential::new(cell, digit, true);
        for state in [true, false] {
            let count = if state {
                self.closures[on as usize].on_order.len()
            } else {
                self.closures[on as usize].off_order.len()
            };
            for position in 0..count {
                let from_on = if state {
                    self.closures[on as usize].on_order[position]
                } else {
                    self.closures[on as usize].off_order[position]
                };
                let potential = self.closures[on as usize].node(from_on).potential;
                let Some(from_off) = self.closures[off as usize].slot(potential) else {
                    continue;
                };
                self.offer(
                    board,
                    config,
                    MultipleKind::Double { candidate },
                    potential,
                    &[
                        ChainRef {
                            closure: on,
                            slot: from_on,
                        },
                        ChainRef {
                            closure: off,
                            slot: from_off,
                        },
                    ],
                    sort_key::DOUBLE,
                );
            }
        }
    }

    fn region_forcing(
        &mut self,
        board: &Board,
        work: &mut Board,
        config: RuleConfig,
        cell: usize,
        digit: usize,
        on: u32,
    ) {
        for &kind in [BLOCK, ROW, COLUMN].iter().chain(board.extra_kinds) {
            let index = CELL_REGION[cell][kind];
            if index == NO_REGION {
                continue;
            }
            let index = index as usize;
            let places = board.positions(kind, index, digit);
            let count = places.count_ones();
            if !(count == 2 || (config.multiple && count > 2)) {
                continue;
            }
            if REGIONS[kind][index][places.trailing_zeros() as usize] as usize != cell {
                continue;
            }
            let mut branches = [NONE; 9];
            let mut branch_count = 0;
            for position in 0..9 {
                if places >> position & 1 == 0 {
                    continue;
                }
                let place = REGIONS[kind][index][position] as usize;
                branches[branch_count] = if place == cell {
                    on
                } else {
                    self.on_closure(board, work, config, place, digit)
                };
                branch_count += 1;
            }
            let branches = &branches[..branch_count];
            self.common_conclusions(
                board,
                config,
                MultipleKind::Region { kind, index, digit },
                on,
                branches,
                sort_key::REGION,
            );
        }
    }

    fn cell_forcing(
        &mut self,
        board: &Board,
        config: RuleConfig,
        cell: usize,
        mask: u16,
        ons: &[u32; 9],
    ) {
        let mut branches = [NONE; 9];
        let mut branch_count = 0;
        for digit in digits_of(mask) {
            branches[branch_count] = ons[digit];
            branch_count += 1;
        }
        let first = branches[0];
        self.common_conclusions(
            board,
            config,
            MultipleKind::Cell { cell },
            first,
            &branches[..branch_count],
            sort_key::CELL,
        );
    }

    /// Offers every potential of `first`'s closure (in its order, on-potentials then
    /// off-potentials) that all `branches` reach.
    fn common_conclusions(
        &mut self,
        board: &Board,
        config: RuleConfig,
        kind: MultipleKind,
        first: u32,
        branches: &[u32],
        key: u8,
    ) {
        let mut refs = Vec::with_capacity(branches.len());
        for state in [true, false] {
            let count = if state {
                self.closures[first as usize].on_order.len()
            } else {
                self.closures[first as usize].off_order.len()
            };
            'potentials: for position in 0..count {
                let slot = if state {
                    self.closures[first as usize].on_order[position]
                } else {
                    self.closures[first as usize].off_order[position]
                };
                let potential = self.closures[first as usize].node(slot).potential;
                refs.clear();
                for &branch in branches {
                    match self.closures[branch as usize].slot(potential) {
                        Some(found) => refs.push(ChainRef {
                            closure: branch,
                            slot: found,
                        }),
                        None => continue 'potentials,
                    }
                }
                self.offer(board, config, kind, potential, &refs, key);
            }
        }
    }

    /// Considers a hint concluding `target` through `branches`; keeps it if SE would apply it
    /// before the best so far.
    fn offer(
        &mut self,
        board: &Board,
        config: RuleConfig,
        kind: MultipleKind,
        target: Potential,
        branches: &[ChainRef],
        sort: u8,
    ) {
        if target.on && board.cells[target.cell()] & !(1 << target.digit()) == 0 {
            return; // SE: not worth (nothing to remove)
        }
        let base = config.base_difficulty();
        if self.all.is_some() {
            let key = Key::new(base, self.complexity(config, branches), sort);
            let (removals, placement) = conclusion(board, target);
            let hint = MultipleHint {
                key,
                kind,
                target,
                branches: branches.to_vec(),
                removals,
                placement,
            };
            if let Some(all) = self.all.as_mut() {
                all.push(hint);
            }
            return;
        }
        let best_key = self.best.as_ref().map(|hint| hint.key);
        let floor: u32 = branches
            .iter()
            .map(|branch| self.closures[branch.closure as usize].ancestor_floor(branch.slot))
            .sum();
        if !Key::new(base, floor, sort).beats(best_key.as_ref()) {
            return;
        }
        let complexity = self.complexity(config, branches);
        let key = Key::new(base, complexity, sort);
        if !key.beats(best_key.as_ref()) {
            return;
        }
        let (removals, placement) = conclusion(board, target);
        // Closures that are not cached (off-closures of this cell) must outlive the cell.
        let previous = std::mem::take(&mut self.pinned);
        for id in previous {
            if !self.cell_offs.contains(&id) {
                self.free.push(id);
            }
        }
        for branch in branches {
            if self.cell_offs.contains(&branch.closure) && !self.pinned.contains(&branch.closure) {
                self.pinned.push(branch.closure);
            }
        }
        self.best = Some(MultipleHint {
            key,
            kind,
            target,
            branches: branches.to_vec(),
            removals,
            placement,
        });
    }
}

/// Removed candidates and placed digit, as (cell, digit 0-8).
type Conclusion = (Vec<(usize, usize)>, Option<(usize, usize)>);

/// What proving `target` does: an on-target places its digit and removes the cell's others,
/// an off-target removes the candidate.
fn conclusion(board: &Board, target: Potential) -> Conclusion {
    if target.on {
        let others = board.cells[target.cell()] & !(1 << target.digit());
        (
            digits_of(others)
                .map(|digit| (target.cell(), digit))
                .collect(),
            Some((target.cell(), target.digit())),
        )
    } else {
        (vec![(target.cell(), target.digit())], None)
    }
}
