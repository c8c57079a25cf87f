//! Chains for the house grader, on Sudoku Explainer's scale.
//!
//! A forcing chain assumes a candidate true and follows what must follow until the
//! assumption contradicts itself, which removes the candidate. The static chains follow
//! only binary links, as SE's do: a true candidate makes the other candidates of its cell
//! (Y) and the other places of its digit in each of its houses false; a false candidate
//! makes the other candidate of a two-candidate cell true (Y) and the other place of its
//! digit in a house with only two places true (X). X-chains use house links alone (6.6),
//! XY-chains cell links with house eliminations (6.6), mixed chains both (7.0); each gets
//! SE's length bonus. When none applies, a dynamic forcing chain assumes a candidate and
//! lets the exact solver's propagation (singles and intersections) run to a contradiction
//! (9.0 plus the bonus for the cells it fills).
//!
//! The search is breadth-first from each candidate, so the chain found from it is the
//! shortest; a later candidate replaces the best so far only with a strictly lower rating
//! (which also bounds how deep its search goes). A dynamic step removes every candidate
//! refuted at the easiest rating found.

use super::{Account, Board, ChainFact, VariantLink, VariantStep, bit, digits};
use crate::sudoku::grade::Technique;
use crate::sudoku::grade::chaining::length_bonus;
use crate::sudoku::variant::solver::SearchState;

/// Which links a static chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Links {
    /// Houses only: one digit's strong and weak links.
    X,
    /// Two-candidate cells for strong links, houses for weak ones.
    Y,
    /// Both.
    Xy,
}

impl Links {
    fn cells(self) -> bool {
        self != Links::X
    }

    fn houses_strong(self) -> bool {
        self != Links::Y
    }

    fn name(self) -> &'static str {
        match self {
            Links::X => "X-Chain",
            Links::Y => "XY-Chain",
            Links::Xy => "Forcing Chain",
        }
    }

    fn base(self) -> f64 {
        match self {
            Links::X | Links::Y => 6.6,
            Links::Xy => 7.0,
        }
    }
}

/// The easiest rating a chain can have (in tenths).
pub const EASIEST_CHAIN: u16 = 66;

/// A candidate: cell and digit.
type Node = (usize, u8);

const NONE: u32 = u32::MAX;

/// The longest static chain looked for (rated up to 7.5 with mixed links); a longer one
/// is left to the dynamic chains.
const MOST_STATIC_NODES: usize = 20;

/// The base rating of a dynamic forcing chain (SE's dynamic chains with intersections).
const DYNAMIC_BASE: f64 = 9.0;

/// The rating of a chain of `complexity` candidates on a base, in tenths.
pub fn rating(base: f64, complexity: usize) -> u16 {
    ((base + length_bonus(complexity as u32)) * 10.0 + 0.5).floor() as u16
}

/// The most nodes a chain on `base` may have to rate below `rating` (0 when none can).
pub fn longest_under(base: f64, rating_tenths: u16) -> usize {
    let mut nodes = 0;
    while nodes < 4096 && rating(base, nodes + 1) < rating_tenths {
        nodes += 1;
    }
    nodes
}

/// A chain found from one assumption: its nodes from the assumption (true) to the
/// assumption again (false), with the state each one takes.
struct Chain {
    links: Links,
    nodes: Vec<(Node, bool)>,
}

impl Chain {
    fn rating(&self) -> u16 {
        rating(self.links.base(), self.nodes.len())
    }
}

impl Board<'_> {
    /// The easiest static chain, if any.
    pub(super) fn static_chain(&self) -> Option<VariantStep> {
        let mut best: Option<Chain> = None;
        let mut search = ChainSearch::new(self.geometry.cells());
        search.find_links(self);
        for links in [Links::X, Links::Y, Links::Xy] {
            for cell in 0..self.geometry.cells() {
                if self.values[cell] != 0 {
                    continue;
                }
                for value in digits(self.candidates[cell]) {
                    // Only a strictly easier chain replaces the best so far.
                    let most_nodes = match &best {
                        None => MOST_STATIC_NODES,
                        Some(best) => longest_under(links.base(), best.rating()),
                    };
                    if most_nodes < 3 {
                        break;
                    }
                    if let Some(chain) = search.run(self, (cell, value), links, most_nodes) {
                        best = Some(chain);
                    }
                }
            }
        }
        best.map(|chain| self.chain_step(&chain))
    }

    fn chain_step(&self, chain: &Chain) -> VariantStep {
        let ((cell, value), _) = chain.nodes[0];
        let mut facts = Vec::new();
        let mut links = Vec::new();
        for window in chain.nodes.windows(2) {
            let [
                ((from_cell, from_value), from_on),
                ((to_cell, to_value), on),
            ] = *window
            else {
                unreachable!("windows of two")
            };
            facts.push(ChainFact {
                cell: to_cell as u16,
                value: to_value,
                on,
                house: (from_cell != to_cell).then(|| self.shared_house(from_cell, to_cell) as u16),
            });
            // A false candidate making another true is a strong link; a true one making
            // others false, a weak one.
            links.push(VariantLink {
                from: (from_cell as u16, from_value),
                to: (to_cell as u16, to_value),
                strong: !from_on,
            });
        }
        let mut pattern: Vec<u16> = chain
            .nodes
            .iter()
            .map(|&((cell, _), _)| cell as u16)
            .collect();
        pattern.sort_unstable();
        pattern.dedup();
        self.told(VariantStep {
            eliminations: vec![(cell as u16, value)],
            pattern,
            links,
            account: Account::Chain { facts },
            ..VariantStep::new(Technique::Cycles, chain.links.name(), chain.rating())
        })
    }

    /// A house holding both cells (the first one in the geometry's order).
    fn shared_house(&self, a: usize, b: usize) -> usize {
        let geometry = self.geometry;
        let shared = geometry.house_mask_of(a) & geometry.house_mask_of(b);
        shared.trailing_zeros() as usize
    }

    /// The easiest dynamic forcing chains: candidates whose assumption the solver's
    /// propagation refutes, filling the fewest cells on the way; every refuted candidate
    /// with the easiest rating goes in one step.
    pub(super) fn dynamic_chain(&self) -> Option<VariantStep> {
        let geometry = self.geometry;
        let start = SearchState::from_candidates(geometry, &self.candidates_with_values())?;
        let mut refuted: Vec<(u16, Node, usize)> = Vec::new();
        // Once a refutation is found, an assumption that fills more cells than one rated
        // alike could can only rate worse: its propagation is cut short there.
        let mut most_placed = geometry.cells();
        for cell in 0..geometry.cells() {
            if self.values[cell] != 0 {
                continue;
            }
            for value in digits(self.candidates[cell]) {
                let mut assumed = start;
                assumed.assume(cell, value);
                if let Some(placed) = assumed.refutes_within(most_placed) {
                    let filled = placed.saturating_sub(start.placed_cells());
                    let rated = rating(DYNAMIC_BASE, filled + 2);
                    refuted.push((rated, (cell, value), filled));
                    // The most nodes (the assumption twice and the cells filled) rated so.
                    let most_nodes = longest_under(DYNAMIC_BASE, rated + 1);
                    most_placed = most_placed.min(start.placed_cells() + most_nodes - 2);
                }
            }
        }
        let easiest = refuted.iter().map(|&(rating, ..)| rating).min()?;
        refuted.retain(|&(rating, ..)| rating == easiest);
        let mut pattern: Vec<u16> = refuted
            .iter()
            .map(|&(_, (cell, _), _)| cell as u16)
            .collect();
        pattern.dedup();
        Some(
            self.told(VariantStep {
                eliminations: refuted
                    .iter()
                    .map(|&(_, (cell, value), _)| (cell as u16, value))
                    .collect(),
                pattern,
                account: Account::Dynamic {
                    filled: refuted.iter().map(|&(_, _, filled)| filled).collect(),
                },
                ..VariantStep::new(
                    Technique::DynamicForcingChainPlus,
                    "Dynamic Forcing Chain",
                    easiest,
                )
            }),
        )
    }

    /// Each cell's candidates, with a filled cell's value as its only one.
    fn candidates_with_values(&self) -> Vec<u16> {
        (0..self.geometry.cells())
            .map(|cell| match self.values[cell] {
                0 => self.candidates[cell],
                value => bit(value),
            })
            .collect()
    }
}

/// Reusable buffers of the breadth-first chain search: for each candidate and state, the
/// candidate it was reached from.
struct ChainSearch {
    parent_on: Vec<u32>,
    parent_off: Vec<u32>,
    touched: Vec<u32>,
    /// For each candidate, the other places of its digit in the houses where it has only
    /// two (at most one per house).
    conjugates: Vec<([u16; 5], u8)>,
    /// For each candidate, the peers of its cell holding its digit (its weak links):
    /// `peers_holding[peer_starts[i]..peer_starts[i + 1]]` for candidate `i`.
    peers_holding: Vec<u16>,
    peer_starts: Vec<u32>,
    /// Candidates reached, with their state and distance from the start.
    queue: Vec<(u32, bool, u16)>,
}

const START: u32 = u32::MAX - 1;

fn index((cell, value): Node) -> u32 {
    (cell * 16 + usize::from(value) - 1) as u32
}

fn node(index: u32) -> Node {
    ((index / 16) as usize, (index % 16) as u8 + 1)
}

impl ChainSearch {
    fn new(cells: usize) -> ChainSearch {
        ChainSearch {
            parent_on: vec![NONE; cells * 16],
            parent_off: vec![NONE; cells * 16],
            touched: Vec::new(),
            queue: Vec::new(),
            conjugates: vec![([0; 5], 0); cells * 16],
            peers_holding: Vec::new(),
            peer_starts: Vec::new(),
        }
    }

    /// Finds each candidate's links on `board`: its conjugates and its weak links.
    fn find_links(&mut self, board: &Board<'_>) {
        let geometry = board.geometry;
        self.peers_holding.clear();
        self.peer_starts.clear();
        for candidate in 0..geometry.cells() * 16 {
            self.peer_starts.push(self.peers_holding.len() as u32);
            let (cell, value) = node(candidate as u32);
            if board.candidates[cell] & bit(value) == 0 {
                continue;
            }
            let holding = geometry
                .peers(cell)
                .iter()
                .filter(|&&peer| board.candidates[usize::from(peer)] & bit(value) != 0);
            self.peers_holding.extend(holding);
        }
        self.peer_starts.push(self.peers_holding.len() as u32);
        for house in 0..geometry.house_count() {
            for value in 1..=geometry.side() as u8 {
                let places = board.places(house, value);
                if places.len() != 2 {
                    continue;
                }
                let mut pair = places.iter();
                let (a, b) = (pair.next().expect("two"), pair.next().expect("two"));
                for (from, to) in [(a, b), (b, a)] {
                    let (partners, count) = &mut self.conjugates[index((from, value)) as usize];
                    if usize::from(*count) < partners.len()
                        && !partners[..usize::from(*count)].contains(&(to as u16))
                    {
                        partners[usize::from(*count)] = to as u16;
                        *count += 1;
                    }
                }
            }
        }
    }

    fn reset(&mut self) {
        for &index in &self.touched {
            self.parent_on[index as usize] = NONE;
            self.parent_off[index as usize] = NONE;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Marks `to` with a state, reached from `from`; true when newly marked.
    fn reach(&mut self, to: u32, on: bool, from: u32, depth: u16) -> bool {
        let slot = if on {
            &mut self.parent_on[to as usize]
        } else {
            &mut self.parent_off[to as usize]
        };
        if *slot != NONE {
            return false;
        }
        *slot = from;
        self.touched.push(to);
        self.queue.push((to, on, depth));
        true
    }

    /// Assumes `start` true and follows the links breadth-first until the start turns
    /// false: the chain, or `None`.
    /// Chains longer than `most_nodes` are not looked for.
    fn run(
        &mut self,
        board: &Board<'_>,
        start: Node,
        links: Links,
        most_nodes: usize,
    ) -> Option<Chain> {
        self.reset();
        let start_index = index(start);
        self.reach(start_index, true, START, 0);
        let mut head = 0;
        while head < self.queue.len() {
            let (current, on, depth) = self.queue[head];
            head += 1;
            // A chain through a child ends at the start again, two nodes later at least.
            if usize::from(depth) + 3 > most_nodes {
                continue;
            }
            let depth = depth + 1;
            let (cell, value) = node(current);
            if on {
                if links.cells() {
                    for other in digits(board.candidates[cell] & !bit(value)) {
                        let target = index((cell, other));
                        if target == start_index {
                            self.reach(target, false, current, depth);
                            return Some(self.chain(start_index, links));
                        }
                        if board.candidates[cell].count_ones() == 2 || links.houses_strong() {
                            self.reach(target, false, current, depth);
                        }
                    }
                }
                let peers =
                    self.peer_starts[current as usize]..self.peer_starts[current as usize + 1];
                for at in peers {
                    let peer = usize::from(self.peers_holding[at as usize]);
                    let mask = board.candidates[peer];
                    let target = index((peer, value));
                    if target == start_index {
                        self.reach(target, false, current, depth);
                        return Some(self.chain(start_index, links));
                    }
                    // Under Y links only a two-candidate cell carries a false candidate on.
                    if links.houses_strong() || mask.count_ones() == 2 {
                        self.reach(target, false, current, depth);
                    }
                }
            } else {
                let mask = board.candidates[cell];
                if links.cells() && mask.count_ones() == 2 {
                    let other = (mask & !bit(value)).trailing_zeros() as u8 + 1;
                    self.reach(index((cell, other)), true, current, depth);
                }
                if links.houses_strong() {
                    let (partners, count) = self.conjugates[current as usize];
                    for &other in &partners[..usize::from(count)] {
                        self.reach(index((usize::from(other), value)), true, current, depth);
                    }
                }
            }
        }
        None
    }

    /// The chain from the start (true) to the start again (false), by parents.
    fn chain(&self, start: u32, links: Links) -> Chain {
        let mut nodes = vec![(node(start), false)];
        let (mut current, mut on) = (self.parent_off[start as usize], true);
        while current != START {
            nodes.push((node(current), on));
            current = if on {
                self.parent_on[current as usize]
            } else {
                self.parent_off[current as usize]
            };
            on = !on;
        }
        nodes.reverse();
        Chain { links, nodes }
    }
}
