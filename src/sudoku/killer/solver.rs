//! The exact killer solver and counter.
//!
//! Candidates are digit masks (bit `d` for digit `d`). After every placement the position
//! is propagated to a fixed point: naked singles, hidden singles in rows, columns and boxes,
//! and the cages: of all the sets of distinct digits that make a cage's remaining sum
//! (precomputed per size, count and sum), only those that avoid the cage's placed digits and
//! fit its open cells' candidates are kept (assigned cell by cell); they bound every open
//! cell, and a digit every one of them needs goes to its one place in the cage, or, when its
//! places all lie in one house, leaves the rest of that house (combination locking). The
//! rule of 45 adds, for each house with up to four such cells, its cells outside the cages
//! it holds as one more cage; pointing and claiming follow when the rest is stuck.
//!
//! The root goes further, once per solve: the larger remainders and each house's outies
//! (the cells outside it of the cages crossing it, a digit repeating only where cells do
//! not see each other), narrowed once four or fewer of their cells are open, and a house's
//! digit confined to one cage. It runs first without any locking and reports how far it got
//! ([`Settled`]): the generator reads that as a bound on the grade. The search branches on
//! the open cell with the fewest candidates, copying a fixed-size state on the stack.

use std::cell::RefCell;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use super::Killer;
use crate::sudoku::variant::geometry::{CellSet, Geometry, MAX_SIDE};

/// The most cells of a killer grid (9×9).
pub(super) const CELLS: usize = 81;

/// What solving found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KillerSolution {
    None,
    Unique(Vec<u8>),
    /// Two different solutions.
    Multiple(Vec<u8>, Vec<u8>),
}

/// The sets of `count` distinct digits from 1 to `side` adding up to `sum` (bit `d` for
/// digit `d`); empty when there is none.
pub fn combinations(count: usize, sum: u16, side: usize) -> &'static [u16] {
    static TABLES: OnceLock<Vec<Vec<Vec<Vec<u16>>>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        (0..=MAX_SIDE.min(9))
            .map(|side| {
                let mut by_count = vec![vec![Vec::new(); 46]; side + 1];
                for digits in 0u16..1 << side {
                    let mask = digits << 1;
                    let total: u16 = (1..=side as u16).filter(|&d| mask & 1 << d != 0).sum();
                    by_count[digits.count_ones() as usize][usize::from(total)].push(mask);
                }
                by_count
            })
            .collect()
    });
    tables
        .get(side)
        .and_then(|by_count| by_count.get(count))
        .and_then(|by_sum| by_sum.get(usize::from(sum)))
        .map_or(&[], Vec::as_slice)
}

/// The puzzle's fixed parts, laid out for the search. Cell sets are 128-bit masks (bit
/// `c` for cell `c`; a killer has at most 81 cells).
pub struct Context {
    pub(super) cells: usize,
    side: usize,
    all: u16,
    geometry: Arc<Geometry>,
    /// Each cell's peers: its row, column and box, and its cage.
    pub peers: Vec<u128>,
    /// The cages, then the rule of 45's remainders.
    cages: Vec<Constraint>,
    /// The constraints each cell is in (bits into `cages`).
    pub(super) constraints_of: Vec<u128>,
    /// How many of `cages` are the puzzle's cages (the rest are the rule of 45's).
    cage_count: usize,
    /// The constraints every search node prunes with (bits into `cages`); the others, the
    /// rule of 45's larger remainders, are used at the root only.
    every_node: u128,
    /// Whether pointing and claiming, and at the root a house's digit confined to one
    /// cage, are applied too (the solver's; the grader's contradictions go without).
    locking: bool,
}

/// Which rules one propagation applies.
#[derive(Clone, Copy)]
struct Rules {
    /// The constraints pruned with (bits into the context's `cages`).
    used: u128,
    /// Combination locking: a digit every set of a cage needs, its places in one house,
    /// leaves the rest of the house.
    cage_locking: bool,
    /// Pointing and claiming.
    box_line: bool,
    /// Whether the rule of 45's constraints, like cages, also place and lock the digits all
    /// their sets need (the grader's innies and outies only narrow).
    derived_needs: bool,
}

/// How far the root's propagation went on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Not all the way: the search branched.
    No,
    /// All the way with cage combinations, singles and the rule of 45 over one house (the
    /// grader's easy steps).
    ByCombinations,
    /// All the way once locking (cage and house, pointing and claiming) joined them (the
    /// grader's medium steps).
    ByLocking,
}

/// A killer's cages as the solver takes them: the cage of each cell (numbered from 0 in
/// order of first cell), and each cage's cells (bit `c` for cell `c`) and sum. The
/// generator lays out its trial cages this way without making each one a [`Killer`].
pub struct CageLayout<'a> {
    pub cage_of: &'a [u8],
    pub cages: std::borrow::Cow<'a, [(u128, u16)]>,
}

impl CageLayout<'_> {
    pub fn of(killer: &Killer) -> CageLayout<'_> {
        CageLayout {
            cage_of: killer.cage_of(),
            cages: killer
                .cages()
                .iter()
                .map(|cage| {
                    let cells = cage.cells.iter().fold(0u128, |cells, &c| cells | 1 << c);
                    (cells, cage.sum)
                })
                .collect(),
        }
    }
}

/// A cage, or a house's remainder under the rule of 45: up to nine cells (ascending) whose
/// digits differ and add up to `sum`; a fixed array, as contexts are made by the thousand.
struct Constraint {
    cells: [u8; 9],
    len: u8,
    sum: u16,
    mask: u128,
    /// Whether the cells see each other (no digit twice), as a cage's do; outies need not.
    distinct: bool,
}

impl Constraint {
    /// The constraint over the cells of `mask` (at most nine).
    fn of_cells(mask: u128, sum: u16) -> Constraint {
        let mut constraint = Constraint {
            cells: [0; 9],
            len: 0,
            sum,
            mask,
            distinct: true,
        };
        let mut rest = mask;
        while rest != 0 {
            constraint.cells[usize::from(constraint.len)] = rest.trailing_zeros() as u8;
            constraint.len += 1;
            rest &= rest - 1;
        }
        constraint
    }

    fn cells(&self) -> &[u8] {
        &self.cells[..usize::from(self.len)]
    }
}

#[derive(Clone, Copy)]
pub(super) struct State {
    pub(super) candidates: [u16; CELLS],
    pub(super) values: [u8; CELLS],
    /// The cage constraints to look at again (bit `k` for constraint `k`): those with a
    /// cell whose candidates changed since.
    pub(super) dirty: u128,
}

struct Search {
    limit: usize,
    found: Vec<[u8; CELLS]>,
    count: usize,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// How far the root's propagation went.
    settled: Settled,
}

impl Context {
    /// The solver's context: the cages, the rule of 45 per house, pointing and claiming.
    pub fn new(killer: &Killer) -> Context {
        Context::with_rules(killer.geometry(), &CageLayout::of(killer), true)
    }

    /// The grader's context for contradictions: cages, singles and the rule of 45 over
    /// houses with a few cells left over, as its rating says.
    pub(super) fn for_grading(killer: &Killer) -> Context {
        Context::with_rules(killer.geometry(), &CageLayout::of(killer), false)
    }

    fn with_rules(geometry: &Arc<Geometry>, layout: &CageLayout, solving: bool) -> Context {
        let geometry = Arc::clone(geometry);
        let (cells, side) = (geometry.cells(), geometry.side());
        let mut constraints: Vec<Constraint> =
            Vec::with_capacity(layout.cages.len() + 2 * geometry.house_count());
        constraints.extend(
            layout
                .cages
                .iter()
                .map(|&(mask, sum)| Constraint::of_cells(mask, sum)),
        );
        let peers: Vec<u128> = (0..cells)
            .map(|cell| {
                let (cage, _) = layout.cages[usize::from(layout.cage_of[cell])];
                (geometry.peer_set(cell).low_mask() | cage) & !(1 << cell)
            })
            .collect();
        // The rule of 45: a house's cells outside the cages it wholly holds add up to the
        // house's total less those cages' sums. Those cells share the house, so they are
        // one more cage to prune with: small ones at every node, where it pays, larger
        // ones (narrowed once four or fewer cells are open) at the root.
        let total: u16 = (1..=side as u16).sum();
        // The houses that wholly hold a cage are among its first cell's.
        let mut covered = vec![(0u16, 0u128); geometry.house_count()];
        for cage in &constraints {
            for &house in geometry.houses_of(usize::from(cage.cells[0])) {
                let house = usize::from(house);
                if cage.mask & !geometry.house_set(house).low_mask() == 0 {
                    covered[house].0 += cage.sum;
                    covered[house].1 |= cage.mask;
                }
            }
        }
        let mut root_only = Vec::new();
        for (house, &(covered, whole)) in covered.iter().enumerate() {
            let house_mask = geometry.house_set(house).low_mask();
            let rest = house_mask & !whole;
            if rest == 0 || whole == 0 {
                continue;
            }
            // Cages whose sums pass the house's total leave a remainder no digits make
            // (an unsolvable killer): `u16::MAX` has no combinations.
            let remainder = total.checked_sub(covered).unwrap_or(u16::MAX);
            if rest.count_ones() <= 4 {
                constraints.push(Constraint::of_cells(rest, remainder));
            } else if solving {
                root_only.push(Constraint::of_cells(rest, remainder));
            }
        }
        if solving {
            // The outies: the cells outside a house of the cages crossing it add up to
            // those cages' sums less what the house has left (a digit may repeat among
            // them unless they see each other).
            for (house, &(inside_sum, _)) in covered.iter().enumerate() {
                let house_mask = geometry.house_set(house).low_mask();
                let mut touching = 0u128;
                for &cell in geometry.house(house) {
                    touching |= 1 << layout.cage_of[usize::from(cell)];
                }
                let (mut outside, mut crossing_sum) = (0u128, 0u16);
                for cage in CellSet::from_low_mask(touching).iter() {
                    let cage = &constraints[cage];
                    if cage.mask & !house_mask != 0 {
                        outside |= cage.mask & !house_mask;
                        crossing_sum += cage.sum;
                    }
                }
                if outside == 0 || outside.count_ones() > 9 {
                    continue;
                }
                let sum = (inside_sum + crossing_sum)
                    .checked_sub(total)
                    .unwrap_or(u16::MAX);
                let outies = Constraint::of_cells(outside, sum);
                root_only.push(Constraint {
                    distinct: outies.cells().iter().all(|&cell| {
                        let cell = usize::from(cell);
                        outside & !(1 << cell) & !peers[cell] == 0
                    }),
                    ..outies
                });
            }
        }
        let every_node = (1u128 << constraints.len()) - 1;
        constraints.extend(root_only);
        // At most 81 cages and 27 house remainders come first and fit the dirty mask; a
        // root-only constraint past it (only with many single cells) is left out.
        constraints.truncate(128);
        let mut constraints_of = vec![0u128; cells];
        for (index, constraint) in constraints.iter().enumerate() {
            for &cell in constraint.cells() {
                constraints_of[usize::from(cell)] |= 1 << index;
            }
        }
        Context {
            cells,
            side,
            all: ((1u32 << (side + 1)) - 2) as u16,
            geometry,
            peers,
            cages: constraints,
            constraints_of,
            cage_count: layout.cages.len(),
            every_node,
            locking: solving,
        }
    }

    /// The starting position with the givens placed and propagated, and how far the
    /// propagation went; `None` when the givens contradict.
    pub(super) fn start(&self, givens: &[u8]) -> Option<(State, Settled)> {
        let mut state = self.with_givens(givens)?;
        let settled = self.propagate_at_root(&mut state, true)?;
        Some((state, settled))
    }

    /// The empty grid with the givens placed; `None` when they contradict.
    fn with_givens(&self, givens: &[u8]) -> Option<State> {
        let mut state = State {
            candidates: [0; CELLS],
            values: [0; CELLS],
            dirty: u128::MAX,
        };
        state.candidates[..self.cells].fill(self.all);
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 && !self.place(&mut state, cell, value) {
                return None;
            }
        }
        Some(state)
    }

    /// The root's propagation: every constraint, first without locking (to tell the easy
    /// puzzles), then, if `locking`, with it and with the rules too costly for every
    /// search node (a house's digit confined to one cage), until nothing changes. `None`
    /// on a contradiction.
    fn propagate_at_root(&self, state: &mut State, locking: bool) -> Option<Settled> {
        let solved = |state: &State| state.values[..self.cells].iter().all(|&value| value != 0);
        let combinations = Rules {
            used: u128::MAX,
            cage_locking: false,
            box_line: false,
            derived_needs: false,
        };
        if !self.propagate_with(state, combinations) {
            return None;
        }
        if solved(state) {
            return Some(Settled::ByCombinations);
        }
        if !locking {
            return Some(Settled::No);
        }
        let with_locking = Rules {
            used: u128::MAX,
            cage_locking: true,
            box_line: self.locking,
            derived_needs: false,
        };
        // Every cage again, for the locking its first look left out.
        state.dirty = u128::MAX;
        loop {
            if !self.propagate_with(state, with_locking) {
                return None;
            }
            if !self.locking {
                break;
            }
            match self.house_digits_in_one_cage(state) {
                None => return None,
                Some(false) => break,
                Some(true) => {}
            }
        }
        Some(if solved(state) {
            Settled::ByLocking
        } else {
            Settled::No
        })
    }

    /// Combination locking from the house's side: a digit whose places in a house all lie
    /// in one cage is that cage's, so the cage's cells outside the house cannot hold it.
    /// `None` when a cell runs out of candidates, otherwise whether anything changed.
    fn house_digits_in_one_cage(&self, state: &mut State) -> Option<bool> {
        let mut changed = false;
        for house in 0..self.geometry.house_count() {
            let mut cage_of_digit = [u8::MAX; 17];
            let (mut seen, mut several) = (0u16, 0u16);
            for &cell in self.geometry.house(house) {
                let cell = usize::from(cell);
                // A cell's cage is its lowest constraint: the cages come first.
                let cage = self.constraints_of[cell].trailing_zeros() as u8;
                let mut digits = state.candidates[cell];
                while digits != 0 {
                    let digit = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    if seen >> digit & 1 == 0 {
                        seen |= 1 << digit;
                        cage_of_digit[digit] = cage;
                    } else if cage_of_digit[digit] != cage {
                        several |= 1 << digit;
                    }
                }
            }
            let mut confined = seen & !several;
            if confined == 0 {
                continue;
            }
            let house_mask = self.geometry.house_set(house).low_mask();
            while confined != 0 {
                let digit = confined.trailing_zeros() as usize;
                confined &= confined - 1;
                let cage = &self.cages[usize::from(cage_of_digit[digit])];
                for &cell in cage.cells() {
                    let cell = usize::from(cell);
                    if house_mask >> cell & 1 == 0 {
                        changed |= self.remove(state, cell, 1 << digit)?;
                    }
                }
            }
        }
        Some(changed)
    }

    /// A position of the grader's (`candidates` with bit `d - 1` for digit `d`), with every
    /// constraint to look at.
    pub(super) fn state_of(&self, values: &[u8], candidates: &[u16]) -> State {
        let mut state = State {
            candidates: [0; CELLS],
            values: [0; CELLS],
            dirty: u128::MAX,
        };
        state.values[..values.len()].copy_from_slice(values);
        for (to, &from) in state.candidates.iter_mut().zip(candidates) {
            *to = from << 1;
        }
        state
    }

    /// Places `value` in `cell` and removes it from the peers; false on a contradiction.
    ///
    /// An open cell never keeps a digit placed in a peer (every placement takes it from
    /// the peers, and candidates only shrink), so a cell that still may hold `value` has
    /// no peer holding it, and a filled peer (no candidates) is passed over unread.
    pub(super) fn place(&self, state: &mut State, cell: usize, value: u8) -> bool {
        if state.values[cell] != 0 {
            return state.values[cell] == value;
        }
        if state.candidates[cell] & 1 << value == 0 {
            return false;
        }
        state.values[cell] = value;
        state.candidates[cell] = 0;
        state.dirty |= self.constraints_of[cell];
        let mut peers = self.peers[cell];
        while peers != 0 {
            let peer = peers.trailing_zeros() as usize;
            peers &= peers - 1;
            if state.candidates[peer] & 1 << value != 0 {
                state.candidates[peer] &= !(1 << value);
                if state.candidates[peer] == 0 {
                    return false;
                }
                state.dirty |= self.constraints_of[peer];
            }
        }
        true
    }

    /// Singles and cage combinations until nothing changes; false on a contradiction.
    pub(super) fn propagate(&self, state: &mut State) -> bool {
        let rules = Rules {
            used: self.every_node,
            cage_locking: true,
            box_line: self.locking,
            derived_needs: true,
        };
        self.propagate_with(state, rules)
    }

    /// [`Context::propagate`] with `rules`.
    fn propagate_with(&self, state: &mut State, rules: Rules) -> bool {
        REMEMBERED_FITS
            .with_borrow_mut(|remembered| self.propagate_remembering(state, rules, remembered))
    }

    /// [`Context::propagate_with`], with this thread's remembered cage fits.
    fn propagate_remembering(
        &self,
        state: &mut State,
        rules: Rules,
        remembered: &mut RememberedFits,
    ) -> bool {
        let used = rules.used;
        loop {
            let mut changed = false;
            for cell in 0..self.cells {
                if state.values[cell] == 0 && state.candidates[cell].count_ones() == 1 {
                    let value = state.candidates[cell].trailing_zeros() as u8;
                    if !self.place(state, cell, value) {
                        return false;
                    }
                    changed = true;
                }
            }
            for house in 0..self.geometry.house_count() {
                let house = self.geometry.house(house);
                let mut placed = 0u16;
                let mut once = 0u16;
                let mut twice = 0u16;
                for &cell in house {
                    let cell = usize::from(cell);
                    if state.values[cell] != 0 {
                        placed |= 1 << state.values[cell];
                    } else {
                        let mask = state.candidates[cell];
                        twice |= once & mask;
                        once |= mask;
                    }
                }
                if (placed | once) != self.all {
                    return false;
                }
                let single = once & !twice & !placed;
                if single != 0 {
                    for &cell in house {
                        let cell = usize::from(cell);
                        let mask = state.candidates[cell] & single;
                        if state.values[cell] == 0 && mask != 0 {
                            if mask.count_ones() > 1 {
                                return false;
                            }
                            if !self.place(state, cell, mask.trailing_zeros() as u8) {
                                return false;
                            }
                            changed = true;
                        }
                    }
                }
            }
            // Constraints left out stay marked, for the root's next round.
            while state.dirty & used != 0 {
                let index = (state.dirty & used).trailing_zeros() as usize;
                state.dirty &= !(1 << index);
                let Some(constraint) = self.cages.get(index) else {
                    continue;
                };
                match self.prune_cage(state, index, constraint, rules, remembered) {
                    None => return false,
                    Some(pruned) => changed |= pruned,
                }
            }
            if !changed {
                if !rules.box_line {
                    return true;
                }
                // Pointing and claiming only when the rest is stuck: they cost more a pass.
                match self.locked_candidates(state) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// Removes `digits` from an open cell's candidates, marking its constraints: `None`
    /// when none is left, otherwise whether any was there.
    fn remove(&self, state: &mut State, cell: usize, digits: u16) -> Option<bool> {
        if state.candidates[cell] & digits == 0 {
            return Some(false);
        }
        state.candidates[cell] &= !digits;
        if state.candidates[cell] == 0 {
            return None;
        }
        state.dirty |= self.constraints_of[cell];
        Some(true)
    }

    /// Pointing and claiming: a digit confined, within a box, to the cells it shares with a
    /// row or column leaves the rest of that line, and the other way round. `None` when a
    /// cell runs out of candidates, otherwise whether anything changed.
    fn locked_candidates(&self, state: &mut State) -> Option<bool> {
        let mut changed = false;
        for index in 0..self.geometry.intersection_count() {
            for (confined, targets) in self.geometry.confined_digits(index, &state.candidates) {
                if confined == 0 {
                    continue;
                }
                for &cell in targets {
                    changed |= self.remove(state, usize::from(cell), confined)?;
                }
            }
        }
        Some(changed)
    }

    /// Narrows the open cells of cage `index` to the digits of the combinations still
    /// possible; `None` on a contradiction, otherwise whether anything changed.
    fn prune_cage(
        &self,
        state: &mut State,
        index: usize,
        constraint: &Constraint,
        rules: Rules,
        remembered: &mut RememberedFits,
    ) -> Option<bool> {
        let (cells, sum, mask) = (constraint.cells(), constraint.sum, constraint.mask);
        let mut placed = 0u16;
        let mut placed_sum = 0u16;
        let mut open_cells = [0usize; 9];
        let mut masks = [0u16; 9];
        let mut count = 0;
        for &cell in cells {
            let cell = usize::from(cell);
            match state.values[cell] {
                0 => {
                    open_cells[count] = cell;
                    masks[count] = state.candidates[cell];
                    count += 1;
                }
                value => {
                    placed |= 1 << value;
                    placed_sum += u16::from(value);
                }
            }
        }
        let rest = sum.checked_sub(placed_sum)?;
        if count == 0 {
            return (rest == 0).then_some(false);
        }
        // A large remainder is narrowed once few of its cells are open, as people do.
        if count > 4 && self.every_node >> index & 1 == 0 {
            return Some(false);
        }
        let (fits, needed) = if constraint.distinct {
            self.cage_fits(&masks[..count], rest, remembered)?
        } else {
            (
                self.mixed_fits(&open_cells[..count], &masks[..count], rest, remembered)?,
                0,
            )
        };
        let mut changed = false;
        for k in 0..count {
            let cell = open_cells[k];
            if state.candidates[cell] & !fits[k] != 0 {
                state.candidates[cell] &= fits[k];
                if state.candidates[cell] == 0 {
                    return None;
                }
                // Narrowed to its fits, the cage itself has nothing more to give (every
                // set that fitted still does): only the other constraints look again.
                state.dirty |= self.constraints_of[cell] & !(1 << index);
                changed = true;
            }
        }
        if index >= self.cage_count && !rules.derived_needs {
            return Some(changed);
        }
        // A digit every combination needs, with one place left in the cage, goes there.
        let mut needed = needed & !placed;
        while needed != 0 {
            let digit = needed.trailing_zeros() as u8;
            needed &= needed - 1;
            let mut places = cells.iter().map(|&cell| usize::from(cell)).filter(|&cell| {
                state.values[cell] == 0 && state.candidates[cell] & 1 << digit != 0
            });
            let first = places.next()?;
            let mut shared = self.geometry.house_mask_of(first);
            let mut several = false;
            for other in places {
                several = true;
                shared &= self.geometry.house_mask_of(other);
            }
            if !several {
                if !self.place(state, first, digit) {
                    return None;
                }
                changed = true;
                continue;
            }
            if !rules.cage_locking {
                continue;
            }
            // The digit's places in the cage all lie in one house: the rest of that house
            // cannot hold it (combination locking).
            while shared != 0 {
                let house = shared.trailing_zeros() as usize;
                shared &= shared - 1;
                for &cell in self.geometry.house(house) {
                    let cell = usize::from(cell);
                    if state.values[cell] == 0 && mask >> cell & 1 == 0 {
                        changed |= self.remove(state, cell, 1 << digit)?;
                    }
                }
            }
        }
        Some(changed)
    }

    /// The digits each open cell of a cage (candidates `masks`, remaining sum `rest`) takes
    /// in some assignment of some set of digits making the sum, and the digits every such
    /// set holds; `None` when no set fits. Small cages' answers are kept in `remembered`.
    pub fn cage_fits(
        &self,
        masks: &[u16],
        rest: u16,
        remembered: &mut RememberedFits,
    ) -> Option<([u16; 9], u16)> {
        let Some(key) = fit_key(masks, rest) else {
            return self.fits_by_sets(masks, rest);
        };
        if let Some(packed) = remembered.get(key) {
            return unpack_fits(packed, masks.len());
        }
        let fits = self.fits_by_sets(masks, rest);
        remembered.put(key, pack_fits(fits, masks.len()));
        fits
    }

    /// The digits each of a few open `cells` (candidates `masks`) takes in some filling
    /// making `sum`, no digit twice among cells that see each other (share a house or a
    /// cage): [`Context::cage_fits`] when they all do, [`Context::mixed_fits`] otherwise;
    /// `None` when none fits. For the grader's innies, outies and split cages.
    pub(super) fn group_fits(&self, cells: &[usize], masks: &[u16], sum: u16) -> Option<[u16; 9]> {
        let distinct = cells.iter().enumerate().all(|(k, &cell)| {
            cells[..k]
                .iter()
                .all(|&other| self.peers[cell] >> other & 1 != 0)
        });
        REMEMBERED_FITS.with_borrow_mut(|remembered| {
            if distinct {
                self.cage_fits(masks, sum, remembered).map(|(fits, _)| fits)
            } else {
                self.mixed_fits(cells, masks, sum, remembered)
            }
        })
    }

    /// [`Context::cage_fits`] worked out: every set of distinct digits making the sum is
    /// tried against the cells. (The cells see each other, so their candidates already
    /// leave out the cage's placed digits.)
    fn fits_by_sets(&self, masks: &[u16], rest: u16) -> Option<([u16; 9], u16)> {
        let mut fits = [0u16; 9];
        let mut needed = self.all;
        let mut any = false;
        // Two or three cells: each first digit leaves a pair, worked out at once.
        match *masks {
            [first, second] => {
                let pair = pair_fits(first, second, rest);
                (fits[0], fits[1]) = pair;
                return (pair.0 != 0).then_some((fits, pair_needs(pair)));
            }
            [mut first, second, third] => {
                while first != 0 {
                    let digit = first & first.wrapping_neg();
                    first &= first - 1;
                    let Some(left) = rest.checked_sub(digit.trailing_zeros() as u16) else {
                        break;
                    };
                    let pair = pair_fits(second & !digit, third & !digit, left);
                    if pair.0 == 0 {
                        continue;
                    }
                    any = true;
                    fits[0] |= digit;
                    fits[1] |= pair.0;
                    fits[2] |= pair.1;
                    needed &= digit | pair_needs(pair);
                }
                return any.then_some((fits, needed));
            }
            _ => {}
        }
        let union = masks.iter().fold(0, |union, &mask| union | mask);
        let common = masks.iter().fold(self.all, |common, &mask| common & mask);
        for &digits in combinations(masks.len(), rest, self.side) {
            if digits & !union != 0 {
                continue;
            }
            if digits & !common == 0 {
                // Every cell may take every digit of the set: any order fits.
                for fit in &mut fits[..masks.len()] {
                    *fit |= digits;
                }
            } else if !assign(masks, digits, &mut fits) {
                continue;
            }
            any = true;
            needed &= digits;
        }
        any.then_some((fits, needed))
    }

    /// The digits each of a few open `cells` (candidates `masks`) takes in some filling
    /// making `rest`, a digit twice only in cells that do not see each other; `None` when
    /// none does.
    pub fn mixed_fits(
        &self,
        cells: &[usize],
        masks: &[u16],
        rest: u16,
        remembered: &mut RememberedFits,
    ) -> Option<[u16; 9]> {
        let count = cells.len();
        let mut conflicts = [0u16; 9];
        let mut shifted = [0u16; 9];
        for k in 0..count {
            shifted[k] = masks[k] >> 1;
            for j in 0..k {
                if self.peers[cells[k]] >> cells[j] & 1 != 0 {
                    conflicts[k] |= 1 << j;
                }
            }
        }
        let key = mixed_fit_key(masks, &conflicts[..count], rest);
        if let Some(key) = key
            && let Some(packed) = remembered.get(key)
        {
            return unpack_fits(packed, count).map(|(fits, _)| fits);
        }
        let mut fits = [0u16; 9];
        let fitting = fill_mixed(
            &shifted[..count],
            &conflicts[..count],
            rest,
            &mut fits[..count],
        );
        for fit in &mut fits[..count] {
            *fit <<= 1;
        }
        let fits = fitting.then_some(fits);
        if let Some(key) = key {
            remembered.put(key, pack_fits(fits.map(|fits| (fits, 0)), count));
        }
        fits
    }

    fn search(&self, state: State, search: &mut Search) {
        if search.stopped || search.count >= search.limit {
            return;
        }
        search.nodes += 1;
        if search.nodes.is_multiple_of(1024) && search.deadline.is_some_and(|d| Instant::now() >= d)
        {
            search.stopped = true;
            return;
        }
        let mut best = None;
        let mut fewest = u32::MAX;
        for cell in 0..self.cells {
            if state.values[cell] == 0 {
                let options = state.candidates[cell].count_ones();
                if options < fewest {
                    fewest = options;
                    best = Some(cell);
                    if options == 2 {
                        break;
                    }
                }
            }
        }
        let Some(cell) = best else {
            search.count += 1;
            if search.found.len() < 2 {
                search.found.push(state.values);
            }
            return;
        };
        let mut options = state.candidates[cell];
        while options != 0 {
            let value = options.trailing_zeros() as u8;
            options &= options - 1;
            let mut next = state;
            if self.place(&mut next, cell, value) && self.propagate(&mut next) {
                self.search(next, search);
                if search.stopped || search.count >= search.limit {
                    return;
                }
            }
        }
    }
}

/// The digits (bit `d` for digit `d`) each of two cells that see each other takes when
/// theirs make `sum`: those whose partner the other cell may take.
fn pair_fits(first: u16, second: u16, sum: u16) -> (u16, u16) {
    let (first, second) = mixed_pair_fits(first >> 1, second >> 1, sum, true);
    (first << 1, second << 1)
}

/// The digits every way a pair fits (see [`pair_fits`]) uses: both of the one pair of
/// digits when there is one, none when there are several (distinct pairs share none).
fn pair_needs((first, second): (u16, u16)) -> u16 {
    let both = first | second;
    let rest = both & both.wrapping_sub(1);
    if rest != 0 && rest & (rest - 1) == 0 {
        both
    } else {
        0
    }
}

/// Fills the cells of a group whose digits may repeat, except between cells that see each
/// other, so that they make `sum`, adding to `fits` every digit each cell takes: whether
/// any filling does. Candidates have bit `d - 1` for digit `d`, as the grader keeps them;
/// bit `j` of `conflicts[k]` says cell `k` sees cell `j < k`.
///
/// Each digit of the first cell is tried (leaving it out of the later cells that see the
/// first), down to the last two cells, whose digits are paired at once.
pub fn fill_mixed(masks: &[u16], conflicts: &[u16], sum: u16, fits: &mut [u16]) -> bool {
    let count = masks.len();
    debug_assert!(count <= 9 && conflicts.len() == count && fits.len() == count);
    fill_mixed_from(masks, conflicts, 0, sum, fits)
}

/// [`fill_mixed`] for cells `at..` of `masks` (their candidates already without the
/// digits of earlier cells they see).
fn fill_mixed_from(
    masks: &[u16],
    conflicts: &[u16],
    at: usize,
    sum: u16,
    fits: &mut [u16],
) -> bool {
    match masks.len() - at {
        0 => sum == 0,
        1 => {
            let fit = if (1..=16).contains(&sum) {
                masks[at] & 1 << (sum - 1)
            } else {
                0
            };
            fits[at] |= fit;
            fit != 0
        }
        2 => {
            let distinct = conflicts[at + 1] >> at & 1 != 0;
            let (first, second) = mixed_pair_fits(masks[at], masks[at + 1], sum, distinct);
            fits[at] |= first;
            fits[at + 1] |= second;
            first != 0
        }
        _ => {
            let mut any = false;
            let mut options = masks[at];
            while options != 0 {
                let digit = options & options.wrapping_neg();
                options &= options - 1;
                let Some(left) = sum.checked_sub(digit.trailing_zeros() as u16 + 1) else {
                    break;
                };
                let count = masks.len();
                let mut later = [0u16; 9];
                later[..count].copy_from_slice(masks);
                for (k, mask) in later[..count].iter_mut().enumerate().skip(at + 1) {
                    if conflicts[k] >> at & 1 != 0 {
                        *mask &= !digit;
                    }
                }
                let mut found = [0u16; 9];
                if fill_mixed_from(
                    &later[..count],
                    conflicts,
                    at + 1,
                    left,
                    &mut found[..count],
                ) {
                    any = true;
                    fits[at] |= digit;
                    for (fit, &more) in fits[at + 1..].iter_mut().zip(&found[at + 1..count]) {
                        *fit |= more;
                    }
                }
            }
            any
        }
    }
}

/// The digits (bit `d - 1` for digit `d`) each of two cells takes when theirs make `sum`,
/// the same digit twice only when they do not see each other (`distinct` false).
fn mixed_pair_fits(first: u16, second: u16, sum: u16, distinct: bool) -> (u16, u16) {
    if !(2..=32).contains(&sum) {
        return (0, 0);
    }
    // Digit `e` (bit `e - 1`) to `sum - e` (bit `sum - e - 1`); reversed, bit `e - 1` is
    // at bit 16 - e.
    let partners = |mask: u16| {
        let reversed = mask.reverse_bits();
        if sum <= 17 {
            reversed >> (17 - sum)
        } else {
            reversed << (sum - 17)
        }
    };
    let twice = if distinct && sum.is_multiple_of(2) {
        1 << (sum / 2 - 1)
    } else {
        0
    };
    let fits_first = first & partners(second) & !twice;
    (fits_first, partners(fits_first))
}

/// The exact key a cage's fits are remembered by (one to six open cells, a remaining
/// sum below 64): the sum, the count (never 0, so no key is 0, the empty slot's) and
/// each cell's candidates (digits 1 to 9, nine bits a cell). The grid's size is left
/// out: the fits depend on the candidates only, which never pass the size.
fn fit_key(masks: &[u16], rest: u16) -> Option<u64> {
    ((1..=6).contains(&masks.len()) && rest < 64).then(|| {
        masks.iter().enumerate().fold(
            u64::from(rest) << 57 | (masks.len() as u64) << 54,
            |key, (k, &mask)| key | u64::from(mask >> 1) << (9 * k),
        )
    })
}

thread_local! {
    /// Each thread's remembered cage fits.
    static REMEMBERED_FITS: RefCell<RememberedFits> = const {
        RefCell::new(RememberedFits { slots: Vec::new() })
    };
}

/// Cage fits remembered by their [`fit_key`]: a table of [`REMEMBERED_SLOTS`] (key, packed
/// fits) slots, made on first use, one per thread (the same few cells and sums come up
/// again and again in a search and between searches).
pub struct RememberedFits {
    pub slots: Vec<(u64, u64)>,
}

impl RememberedFits {
    /// The packed fits remembered for `key`, if they are.
    fn get(&mut self, key: u64) -> Option<u64> {
        if self.slots.is_empty() {
            self.slots.resize(REMEMBERED_SLOTS, (0, 0));
        }
        let (kept, packed) = self.slots[slot_of(key)];
        (kept == key).then_some(packed)
    }

    /// Remembers `packed` for `key` (in place of what its slot held).
    fn put(&mut self, key: u64, packed: u64) {
        self.slots[slot_of(key)] = (key, packed);
    }
}

/// The exact key mixed fits (a few cells whose digits may repeat, see
/// [`Context::mixed_fits`]) are remembered by: up to four cells' candidates (nine bits a
/// cell), the pairs of them that see each other (six bits), their count, the sum, and 7
/// where a cage's key has its count (1 to 6), so that no key of one kind is one of the other.
fn mixed_fit_key(masks: &[u16], conflicts: &[u16], rest: u16) -> Option<u64> {
    ((1..=4).contains(&masks.len()) && rest < 64).then(|| {
        let mut key = u64::from(rest) << 57 | 7 << 54 | (masks.len() as u64) << 48;
        let mut pair = 0;
        for (k, (&mask, &seen)) in masks.iter().zip(conflicts).enumerate() {
            key |= u64::from(mask >> 1) << (9 * k);
            for j in 0..k {
                key |= u64::from(seen >> j & 1) << (36 + pair);
                pair += 1;
            }
        }
        key
    })
}

/// Slots of the per-thread table of cage fits (64 K of 16 bytes: 1 MB a thread).
const REMEMBERED_SLOTS: usize = 1 << 16;

/// The table slot of a fit key: the key mixed, the top 16 bits kept.
fn slot_of(key: u64) -> usize {
    ((key ^ key >> 29).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize
}

/// Cage fits of up to six cells in one word: nine bits a cell's fit, the needed digits at
/// bit 54, a top bit for "some set fits"; 0 when none does.
fn pack_fits(fits: Option<([u16; 9], u16)>, count: usize) -> u64 {
    fits.map_or(0, |(fits, needed)| {
        fits[..count].iter().enumerate().fold(
            1 << 63 | u64::from(needed >> 1) << 54,
            |packed, (k, &fit)| packed | u64::from(fit >> 1) << (9 * k),
        )
    })
}

/// The fits [`pack_fits`] packed.
fn unpack_fits(packed: u64, count: usize) -> Option<([u16; 9], u16)> {
    if packed == 0 {
        return None;
    }
    let nine_bits = |at: usize| ((packed >> at) as u16 & 0x1ff) << 1;
    let mut fits = [0u16; 9];
    for (k, fit) in fits[..count].iter_mut().enumerate() {
        *fit = nine_bits(9 * k);
    }
    Some((fits, nine_bits(54)))
}

/// Whether the digits of `digits` (one for each cell) can be given one to each cell of
/// `masks` (each cell one of its candidates, each digit once), adding to `found` every
/// digit each cell takes in some such assignment. Up to [`MOST_TABLED_CELLS`] cells the
/// answer is looked up; for more, the search stops once `found` holds every candidate of
/// every cell among `digits` (nothing more to learn), so callers pass what earlier sets
/// already found.
pub fn assign(masks: &[u16], digits: u16, found: &mut [u16; 9]) -> bool {
    let count = masks.len();
    debug_assert_eq!(digits.count_ones() as usize, count);
    match count {
        2 => return assign_looked_up::<2>(masks, digits, found),
        3 => return assign_looked_up::<3>(masks, digits, found),
        4 => return assign_looked_up::<4>(masks, digits, found),
        _ => {}
    }
    let mut search = Assignment {
        masks,
        digits,
        chosen: [0; 9],
        found,
        saturated: false,
    };
    search.from(0, digits)
}

/// [`assign`] for `COUNT` cells (2 to [`MOST_TABLED_CELLS`]), looked up in [`matchings`].
fn assign_looked_up<const COUNT: usize>(masks: &[u16], digits: u16, found: &mut [u16; 9]) -> bool {
    // The cells side by side, sixteen bits each: digit `i` of the set goes to bit `i` of
    // every cell at once.
    let mut lanes = 0u64;
    for (k, &mask) in masks[..COUNT].iter().enumerate() {
        lanes |= u64::from(mask) << (16 * k);
    }
    let mut places = [0u32; COUNT];
    let mut left = digits;
    for place in &mut places {
        *place = left.trailing_zeros();
        left &= left - 1;
    }
    let mut local = 0u64;
    for (i, &place) in places.iter().enumerate() {
        local |= (lanes >> place & LANE_LOW_BITS) << i;
    }
    let mut key = 0;
    for k in 0..COUNT {
        key |= ((local >> (16 * k) & 0xffff) as usize) << (COUNT * k);
    }
    let matched = u64::from(matchings(COUNT)[key]);
    let cell_bits = (1 << COUNT) - 1;
    let mut local = 0u64;
    for k in 0..COUNT {
        local |= (matched >> (COUNT * k) & cell_bits) << (16 * k);
    }
    let mut taken = 0u64;
    for (i, &place) in places.iter().enumerate() {
        taken |= (local >> i & LANE_LOW_BITS) << place;
    }
    for (k, found) in found[..COUNT].iter_mut().enumerate() {
        *found |= (taken >> (16 * k)) as u16;
    }
    matched != 0
}

/// The most cells whose assignments are looked up rather than searched.
const MOST_TABLED_CELLS: usize = 4;

/// The low bit of each of four sixteen-bit lanes.
const LANE_LOW_BITS: u64 = 0x0001_0001_0001_0001;

/// The assignments of `count` digits to `count` cells (2 to [`MOST_TABLED_CELLS`]), looked
/// up: indexed by which of the digits each cell may take (cell `k`'s `count` bits from bit
/// `count * k`, digit `i` of the set at bit `i` of those), every (cell, digit) pair of some
/// one-to-one assignment, in the same layout; 0 when there is none.
fn matchings(count: usize) -> &'static [u16] {
    static TABLES: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        (0..=MOST_TABLED_CELLS)
            .map(|count| {
                let bits = count * count;
                let mut table = vec![0u16; 1 << bits];
                // Each one-to-one assignment is a key of one bit a cell; every key holding
                // it has its pairs.
                let mut order: Vec<usize> = (0..count).collect();
                for_each_order(&mut order, 0, &mut |order| {
                    let pairs = order
                        .iter()
                        .enumerate()
                        .fold(0usize, |key, (k, &i)| key | 1 << (count * k + i));
                    let others = ((1usize << bits) - 1) & !pairs;
                    // Every subset of the other bits, added to the assignment's own.
                    let mut extra = others;
                    loop {
                        table[pairs | extra] |= pairs as u16;
                        if extra == 0 {
                            break;
                        }
                        extra = (extra - 1) & others;
                    }
                });
                table
            })
            .collect()
    });
    &tables[count]
}

/// Calls `visit` with every order of `items[at..]` (the items before `at` kept).
pub fn for_each_order(items: &mut [usize], at: usize, visit: &mut impl FnMut(&[usize])) {
    if at == items.len() {
        visit(items);
        return;
    }
    for k in at..items.len() {
        items.swap(at, k);
        for_each_order(items, at + 1, visit);
        items.swap(at, k);
    }
}

struct Assignment<'a> {
    masks: &'a [u16],
    digits: u16,
    chosen: [u16; 9],
    found: &'a mut [u16; 9],
    saturated: bool,
}

impl Assignment<'_> {
    /// Assigns cells `at..` the digits `left`; true when some assignment completes.
    fn from(&mut self, at: usize, left: u16) -> bool {
        if at == self.masks.len() {
            for (found, &digit) in self.found.iter_mut().zip(&self.chosen[..at]) {
                *found |= digit;
            }
            self.saturated = self
                .masks
                .iter()
                .zip(self.found.iter())
                .all(|(&mask, &found)| mask & self.digits & !found == 0);
            return true;
        }
        let mut options = self.masks[at] & left;
        let mut any = false;
        while options != 0 && !self.saturated {
            let digit = options & options.wrapping_neg();
            options &= options - 1;
            self.chosen[at] = digit;
            any |= self.from(at + 1, left & !digit);
        }
        any
    }
}

/// Counts the solutions, stopping at `limit`.
pub fn count_solutions(killer: &Killer, limit: usize) -> usize {
    run(killer, limit, None).map_or(0, |search| search.count)
}

/// Solves: none, the one solution, or two of several.
pub fn solve(killer: &Killer) -> KillerSolution {
    solve_by(killer, None).unwrap_or(KillerSolution::None)
}

/// [`solve`], giving up (`None`) at `deadline`.
pub fn solve_by(killer: &Killer, deadline: Option<Instant>) -> Option<KillerSolution> {
    solve_settling(killer, deadline).map(|(solution, _)| solution)
}

/// [`solve_by`], also telling how far the propagation alone went (settling the puzzle
/// without a search tells the easiest ones at no extra cost).
pub fn solve_settling(
    killer: &Killer,
    deadline: Option<Instant>,
) -> Option<(KillerSolution, Settled)> {
    let cells = killer.geometry().cells();
    let Some(search) = run(killer, 2, deadline) else {
        return Some((KillerSolution::None, Settled::No));
    };
    if search.stopped {
        return None;
    }
    let settled = search.settled;
    let mut found = search.found.iter().map(|values| values[..cells].to_vec());
    let solution = match (found.next(), found.next()) {
        (None, _) => KillerSolution::None,
        (Some(only), None) => KillerSolution::Unique(only),
        (Some(first), Some(second)) => KillerSolution::Multiple(first, second),
    };
    Some((solution, settled))
}

/// Whether cage combinations, singles and the rule of 45 over single houses (the first
/// round of the root's propagation: no locking, no search) settle the killer. That proves
/// it has one solution, and is the sign of an easy grade, for a fraction of a solve.
pub fn settles_by_combinations(killer: &Killer) -> bool {
    settles_laid_out_by_combinations(killer.geometry(), &CageLayout::of(killer), killer.givens())
}

/// [`settles_by_combinations`] for the killer of `layout` on `geometry` with `givens`.
pub(super) fn settles_laid_out_by_combinations(
    geometry: &Arc<Geometry>,
    layout: &CageLayout,
    givens: &[u8],
) -> bool {
    let context = Context::with_rules(geometry, layout, true);
    context.with_givens(givens).is_some_and(|mut state| {
        context.propagate_at_root(&mut state, false) == Some(Settled::ByCombinations)
    })
}

/// True when the killer has exactly one solution; `None` when `deadline` passed first.
pub fn is_unique_by(killer: &Killer, deadline: Option<Instant>) -> Option<bool> {
    let search = run(killer, 2, deadline);
    match search {
        None => Some(false),
        Some(search) if search.stopped => None,
        Some(search) => Some(search.count == 1),
    }
}

/// Runs the search; `None` when the givens already contradict.
fn run(killer: &Killer, limit: usize, deadline: Option<Instant>) -> Option<Search> {
    let context = Context::new(killer);
    let (state, settled) = context.start(killer.givens())?;
    let mut search = Search {
        limit,
        found: Vec::new(),
        count: 0,
        nodes: 0,
        deadline,
        stopped: false,
        settled,
    };
    context.search(state, &mut search);
    Some(search)
}
