//! The exact solver and counter for every variant, over houses.
//!
//! A position is one candidate mask per cell (bit `d - 1` for digit `d`) and the set of
//! cells already placed, copied by value down the search (no allocation per node).
//! Propagation places naked singles (removing the digit from every peer) and hidden
//! singles (a digit with one place left in a house, found by counting "seen once" and
//! "seen twice" masks over the house), and fails when a cell or a house runs out of
//! options. Only houses whose candidates changed since they were last looked at are
//! scanned again (a 64-bit mask of "dirty" houses per rule), which keeps a search node's
//! work proportional to what it changed. The search branches on the unplaced cell with the
//! fewest candidates.

use std::sync::Arc;
use std::time::Instant;

use super::geometry::{CellSet, Geometry, MAX_CELLS, Variant};
use super::grid::VariantGrid;
use crate::seed::RandomStream;

/// A search position.
#[derive(Clone, Copy)]
pub struct SearchState<'g> {
    geometry: &'g Geometry,
    candidates: [u16; MAX_CELLS],
    placed: CellSet,
    placed_count: u16,
    /// Propagation stops once more cells than this are placed (see
    /// [`SearchState::refutes_within`]).
    placed_limit: u16,
    /// Houses changed since the hidden-single scan last looked at them.
    dirty_for_singles: u64,
    /// Houses changed since the locked-candidate pass last looked at them.
    dirty_for_locking: u64,
    /// Whether propagation goes on to locked candidates once singles run out.
    locking: bool,
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantSolution {
    None,
    Unique(VariantGrid),
    /// Two different solutions (there may be more).
    Multiple(VariantGrid, VariantGrid),
}

/// The search's bookkeeping: how many solutions to look for, what was found, the budget.
struct Search<'r> {
    limit: usize,
    count: usize,
    keep: usize,
    found: [Option<[u16; MAX_CELLS]>; 2],
    allowance: Allowance,
    rng: Option<&'r mut RandomStream>,
    /// Values to try first at each branch, one per cell (a grid the search should stay near).
    preferred: Option<&'r [u8]>,
}

impl<'r> Search<'r> {
    fn new(limit: usize, keep: usize) -> Search<'r> {
        Search {
            limit,
            count: 0,
            keep,
            found: [None, None],
            allowance: Allowance::new(u64::MAX, None),
            rng: None,
            preferred: None,
        }
    }

    fn done(&self) -> bool {
        self.count >= self.limit || self.allowance.stopped
    }
}

/// What a search may spend: positions against a budget, and a deadline read every 1024
/// positions. The solver and the bit-set fill share it, so each stops where the other
/// would.
pub(crate) struct Allowance {
    positions: u64,
    budget: u64,
    deadline: Option<Instant>,
    /// Whether the budget or the deadline ran out.
    pub stopped: bool,
}

impl Allowance {
    pub fn new(budget: u64, deadline: Option<Instant>) -> Allowance {
        Allowance {
            positions: 0,
            budget,
            deadline,
            stopped: false,
        }
    }

    /// Counts one more position: false, and stopped from then on, once it is one too many.
    pub fn visit(&mut self) -> bool {
        self.positions += 1;
        if self.positions > self.budget
            || (self.positions.is_multiple_of(1024)
                && self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline))
        {
            self.stopped = true;
        }
        !self.stopped
    }
}

impl<'g> SearchState<'g> {
    /// The position with every candidate open.
    pub fn new(geometry: &'g Geometry) -> SearchState<'g> {
        let full = geometry.size().all_digits();
        let mut candidates = [0u16; MAX_CELLS];
        candidates[..geometry.cells()].fill(full);
        SearchState {
            geometry,
            candidates,
            placed: CellSet::EMPTY,
            placed_count: 0,
            placed_limit: u16::MAX,
            dirty_for_singles: geometry.all_houses(),
            dirty_for_locking: geometry.all_houses(),
            locking: true,
        }
    }

    /// The position of a puzzle's givens, propagated; `None` when it is contradictory.
    ///
    /// The givens go in at once: each empty cell starts with the digits no given in its
    /// houses holds, and the givens count as placed, so propagation only has to follow what
    /// they imply rather than strike each given from its peers one by one.
    pub fn from_grid(grid: &'g VariantGrid) -> Option<SearchState<'g>> {
        SearchState::from_grid_locking(grid, true)
    }

    /// [`SearchState::from_grid`], with propagation here and in searches from the position
    /// going on to locked candidates or not (`locking`). Locked candidates cut the search
    /// tree, which pays for irregular regions and large grids; on small regular grids the
    /// singles alone reach an answer sooner.
    pub fn from_grid_locking(grid: &'g VariantGrid, locking: bool) -> Option<SearchState<'g>> {
        let geometry = grid.geometry();
        let mut held = [0u16; 64];
        let mut state = SearchState::new(geometry);
        state.locking = locking;
        for (cell, &value) in grid.cells().iter().enumerate() {
            if value != 0 {
                let bit = 1u16 << (value - 1);
                for &house in geometry.houses_of(cell) {
                    let house = usize::from(house);
                    if held[house] & bit != 0 {
                        return None;
                    }
                    held[house] |= bit;
                }
                state.candidates[cell] = bit;
                state.placed.insert(cell);
                state.placed_count += 1;
            }
        }
        for (cell, &value) in grid.cells().iter().enumerate() {
            if value == 0 {
                let seen = geometry
                    .houses_of(cell)
                    .iter()
                    .fold(0u16, |seen, &house| seen | held[usize::from(house)]);
                state.candidates[cell] &= !seen;
            }
        }
        state.propagate().then_some(state)
    }

    /// The position of one candidate mask per cell (a one-digit mask counts as filled),
    /// propagated; `None` when it is contradictory.
    pub fn from_candidates(geometry: &'g Geometry, masks: &[u16]) -> Option<SearchState<'g>> {
        let mut state = SearchState::new(geometry);
        state.candidates[..masks.len()].copy_from_slice(masks);
        state.propagate().then_some(state)
    }

    /// Makes `value` the only candidate of `cell` (no propagation until asked).
    pub fn assume(&mut self, cell: usize, value: u8) {
        self.set_mask(cell, 1u16 << (value - 1));
    }

    /// Propagates the position: `Some(cells filled)` when that reaches a contradiction
    /// with at most `most_placed` cells filled, `None` when it does not. Propagation stops
    /// once more are filled, so a caller after the contradiction reached soonest spends
    /// nothing on the ones that come later; those it reaches are reached as without the
    /// bound (the bound only ever cuts a propagation short).
    pub fn refutes_within(&mut self, most_placed: usize) -> Option<usize> {
        self.placed_limit = u16::try_from(most_placed).unwrap_or(u16::MAX);
        let refuted = !self.propagate();
        self.placed_limit = u16::MAX;
        let placed = usize::from(self.placed_count);
        (refuted && placed <= most_placed).then_some(placed)
    }

    /// The cells filled so far.
    pub fn placed_cells(&self) -> usize {
        usize::from(self.placed_count)
    }

    /// Removes `value` from the candidates of `cell` (no propagation until searched).
    pub fn eliminate(&mut self, cell: usize, value: u8) {
        self.set_mask(cell, self.candidates[cell] & !(1u16 << (value - 1)));
    }

    /// Sets a cell's candidates, marking its houses for another look.
    fn set_mask(&mut self, cell: usize, mask: u16) {
        self.candidates[cell] = mask;
        let houses = self.geometry.house_mask_of(cell);
        self.dirty_for_singles |= houses;
        self.dirty_for_locking |= houses;
    }

    /// True when propagation alone has placed every cell.
    pub fn is_solved(&self) -> bool {
        usize::from(self.placed_count) == self.geometry.cells()
    }

    /// The candidate mask of a cell (bit `d - 1` for digit `d`).
    pub fn candidates(&self, cell: usize) -> u16 {
        self.candidates[cell]
    }

    /// Counts solutions from this position, stopping at `limit`.
    pub fn count(&self, limit: usize) -> usize {
        let mut search = Search::new(limit, 0);
        search_from(*self, &mut search);
        search.count
    }

    /// Whether a solution can be reached from this position: `None` when `node_budget`
    /// positions were not enough to tell. At each branch the value `near` gives the cell
    /// (one per cell) is tried first: a second solution of a puzzle tends to lie near its
    /// known one, so a search for it from there ends sooner.
    pub fn solvable_near_within(&self, near: &[u8], node_budget: u64) -> Option<bool> {
        let mut search = Search::new(1, 0);
        search.allowance = Allowance::new(node_budget, None);
        search.preferred = Some(near);
        search_from(*self, &mut search);
        (!search.allowance.stopped || search.count > 0).then_some(search.count > 0)
    }

    /// Places singles until nothing changes; false on a contradiction.
    fn propagate(&mut self) -> bool {
        let geometry = self.geometry;
        let cells = geometry.cells();
        let full = geometry.size().all_digits();
        let mut queue = [0u16; MAX_CELLS];
        let mut queued = 0;
        // Any cell changed since the last propagation lies in a dirty house.
        let mut touched = CellSet::EMPTY;
        let mut houses = self.dirty_for_singles;
        while houses != 0 {
            touched = touched.union(geometry.house_set(houses.trailing_zeros() as usize));
            houses &= houses - 1;
        }
        for cell in touched.iter() {
            let mask = self.candidates[cell];
            if mask == 0 {
                return false;
            }
            if mask & (mask - 1) == 0 && !self.placed.contains(cell) {
                queue[queued] = cell as u16;
                queued += 1;
            }
        }
        loop {
            while queued > 0 {
                queued -= 1;
                let cell = usize::from(queue[queued]);
                if self.placed.contains(cell) {
                    continue;
                }
                let bit = self.candidates[cell];
                self.placed.insert(cell);
                self.placed_count += 1;
                if self.placed_count > self.placed_limit {
                    return false;
                }
                for &peer in geometry.peers(cell) {
                    let peer_index = usize::from(peer);
                    let mask = self.candidates[peer_index];
                    if mask & bit != 0 {
                        let rest = mask & !bit;
                        if rest == 0 {
                            return false;
                        }
                        self.set_mask(peer_index, rest);
                        if rest & (rest - 1) == 0 {
                            queue[queued] = peer;
                            queued += 1;
                        }
                    }
                }
            }
            if usize::from(self.placed_count) == cells {
                return true;
            }
            let mut progress = false;
            let mut houses = std::mem::take(&mut self.dirty_for_singles);
            while houses != 0 {
                let house = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                let members = geometry.house(house);
                // Every single has been placed by now, so a one-digit mask is a placed cell.
                let (mut once, mut twice, mut fixed) = (0u16, 0u16, 0u16);
                for &cell in members {
                    let mask = self.candidates[usize::from(cell)];
                    if mask & (mask - 1) == 0 {
                        fixed |= mask;
                    } else {
                        twice |= once & mask;
                        once |= mask;
                    }
                }
                if once | fixed != full {
                    return false;
                }
                let mut hidden = once & !twice & !fixed;
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden &= hidden - 1;
                    for &cell in members {
                        let cell_index = usize::from(cell);
                        if self.candidates[cell_index] & bit != 0 {
                            self.set_mask(cell_index, bit);
                            queue[queued] = cell;
                            queued += 1;
                            progress = true;
                            break;
                        }
                    }
                }
            }
            if !progress {
                if !self.locking {
                    return true;
                }
                match self.locked_candidates(&mut queue, &mut queued) {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {}
                }
            }
        }
    }

    /// Locked candidates: a digit confined, within one house, to the cells it shares with
    /// another house leaves the rest of the other. `Some(changed)`, or `None` when a cell
    /// runs out of candidates. New singles are queued.
    fn locked_candidates(
        &mut self,
        queue: &mut [u16; MAX_CELLS],
        queued: &mut usize,
    ) -> Option<bool> {
        let geometry = self.geometry;
        let mut changed = false;
        let dirty = std::mem::take(&mut self.dirty_for_locking);
        for index in 0..geometry.intersection_count() {
            if geometry.intersection_houses(index) & dirty == 0 {
                continue;
            }
            // Digits confined to the shared cells in one house leave the other house's rest.
            for (confined, targets) in geometry.confined_digits(index, &self.candidates) {
                if confined == 0 {
                    continue;
                }
                for &cell in targets {
                    let cell_index = usize::from(cell);
                    let mask = self.candidates[cell_index];
                    if mask & confined != 0 {
                        let rest = mask & !confined;
                        if rest == 0 {
                            return None;
                        }
                        self.set_mask(cell_index, rest);
                        changed = true;
                        if rest & (rest - 1) == 0 {
                            queue[*queued] = cell;
                            *queued += 1;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// The unplaced cell with the fewest candidates.
    fn branch_cell(&self) -> usize {
        let mut best = 0;
        let mut best_count = u32::MAX;
        for cell in self.placed.complement_below(self.geometry.cells()).iter() {
            let count = self.candidates[cell].count_ones();
            if count < best_count {
                best = cell;
                best_count = count;
                if count == 2 {
                    break;
                }
            }
        }
        best
    }

    fn values(&self) -> Vec<u8> {
        self.candidates[..self.geometry.cells()]
            .iter()
            .map(|mask| mask.trailing_zeros() as u8 + 1)
            .collect()
    }
}

fn search_from(mut state: SearchState<'_>, search: &mut Search<'_>) {
    if !search.allowance.visit() {
        return;
    }
    if !state.propagate() {
        return;
    }
    if usize::from(state.placed_count) == state.geometry.cells() {
        if search.count < search.keep {
            search.found[search.count] = Some(state.candidates);
        }
        search.count += 1;
        return;
    }
    let cell = state.branch_cell();
    let mut digits = [0u16; 16];
    let mut count = 0;
    let mut mask = state.candidates[cell];
    while mask != 0 {
        digits[count] = mask & mask.wrapping_neg();
        mask &= mask - 1;
        count += 1;
    }
    if let Some(rng) = search.rng.as_deref_mut() {
        rng.shuffle(&mut digits[..count]);
    }
    if let Some(near) = search.preferred {
        let preferred = 1u16 << (near[cell] - 1);
        if let Some(place) = digits[..count].iter().position(|&bit| bit == preferred) {
            digits[..=place].rotate_right(1);
        }
    }
    for &bit in &digits[..count] {
        let mut child = state;
        child.set_mask(cell, bit);
        search_from(child, search);
        if search.done() {
            return;
        }
    }
}

fn grid_of(geometry: &Arc<Geometry>, candidates: &[u16; MAX_CELLS]) -> VariantGrid {
    let values = candidates[..geometry.cells()]
        .iter()
        .map(|mask| mask.trailing_zeros() as u8 + 1)
        .collect();
    VariantGrid::from_cells(Arc::clone(geometry), values)
}

/// Solves a puzzle: none, its unique solution, or two of its solutions.
pub fn solve(puzzle: &VariantGrid) -> VariantSolution {
    let Some(state) = SearchState::from_grid(puzzle) else {
        return VariantSolution::None;
    };
    let mut search = Search::new(2, 2);
    search_from(state, &mut search);
    let geometry = puzzle.geometry();
    match search.found {
        [Some(first), Some(second)] => {
            VariantSolution::Multiple(grid_of(geometry, &first), grid_of(geometry, &second))
        }
        [Some(only), None] => VariantSolution::Unique(grid_of(geometry, &only)),
        _ => VariantSolution::None,
    }
}

/// Counts the solutions of a puzzle, stopping at `limit`.
pub fn count_solutions(puzzle: &VariantGrid, limit: usize) -> usize {
    SearchState::from_grid(puzzle).map_or(0, |state| state.count(limit))
}

/// Some solution of the puzzle, if it has one.
pub fn solve_any(puzzle: &VariantGrid) -> Option<VariantGrid> {
    let state = SearchState::from_grid(puzzle)?;
    let mut search = Search::new(1, 1);
    search_from(state, &mut search);
    search.found[0].map(|found| grid_of(puzzle.geometry(), &found))
}

/// A random complete grid of a geometry, trying digits in random order; `None` when the
/// search visits `node_budget` positions (a jigsaw layout may have no or few solutions) or
/// the deadline passes.
pub fn random_solution(
    geometry: &Arc<Geometry>,
    rng: &mut RandomStream,
    node_budget: u64,
    deadline: Option<Instant>,
) -> Option<VariantGrid> {
    if !fills_lock_candidates(geometry) {
        return super::fill::random_grid(geometry, rng, node_budget, deadline);
    }
    house_random_solution(geometry, rng, node_budget, deadline, true)
}

/// [`random_solution`] by the house solver, propagating locked candidates or not.
fn house_random_solution(
    geometry: &Arc<Geometry>,
    rng: &mut RandomStream,
    node_budget: u64,
    deadline: Option<Instant>,
    locking: bool,
) -> Option<VariantGrid> {
    let mut state = SearchState::new(geometry);
    state.locking = locking;
    let mut search = Search::new(1, 1);
    search.allowance = Allowance::new(node_budget, deadline);
    search.rng = Some(rng);
    search_from(state, &mut search);
    if search.allowance.stopped {
        return None;
    }
    search.found[0].map(|found| grid_of(geometry, &found))
}

/// Whether a random fill propagates locked candidates as well as singles. Empty regular
/// 4×4 to 12×12 grids fill in as many positions without them (4×4 and 6×6 to the same
/// grids), each position then about twice as fast (a killer's 9×9 grid: 67 → 35 µs), and
/// their singles-only search runs on bit sets ([`super::fill`]); jigsaw regions, extra
/// houses and 16×16 grids need locked candidates to keep fills from running long.
fn fills_lock_candidates(geometry: &Geometry) -> bool {
    geometry.variant() != Variant::Classic || geometry.side() == 16
}

/// [`random_solution`] by the house solver on singles alone: what the bit-set fill must
/// reproduce.
pub fn house_singles_fill(geometry: &Arc<Geometry>, rng: &mut RandomStream) -> VariantGrid {
    house_random_solution(geometry, rng, u64::MAX, None, false).expect("an empty grid fills")
}

/// A random solution grid of each regular kind, then of a fresh 9×9 jigsaw layout: the
/// grids the engine's tests work from.
pub fn sample_solutions(
    kinds: &[(super::geometry::Size, Variant)],
    rng: &mut RandomStream,
) -> Vec<VariantGrid> {
    use super::geometry::Size;
    let mut geometries: Vec<Geometry> = kinds
        .iter()
        .map(|&(size, variant)| Geometry::regular(size, variant).expect("a regular kind"))
        .collect();
    let regions = super::jigsaw::random_layout(Size::S9, false, rng).expect("a 9×9 layout");
    let labels: Vec<u8> = regions.iter().map(|&region| b'a' + region).collect();
    geometries.push(Geometry::jigsaw(Size::S9, &labels).expect("a drawn layout"));
    geometries
        .into_iter()
        .filter_map(|geometry| random_solution(&Arc::new(geometry), rng, 100_000, None))
        .collect()
}

/// The values placed so far (0 elsewhere).
pub fn placed_values(state: &SearchState<'_>) -> Vec<u8> {
    let values = state.values();
    (0..state.geometry.cells())
        .map(|cell| {
            if state.placed.contains(cell) {
                values[cell]
            } else {
                0
            }
        })
        .collect()
}
