//! Unavoidable sets of a solution grid: cells that no puzzle with that unique solution can
//! leave all empty, because another grid differs from the solution exactly there.
//!
//! Digging clues out of a grid mostly fails late, when the clues are sparse, and each
//! failure costs a search that finds the second grid. The digit pairs of the solution
//! give many such grids for free: the cells holding `a` or `b`, linked within each house,
//! fall into cycles, and swapping `a` and `b` along one cycle gives another valid grid. So
//! do pairs of parallel lines: where, crossing by crossing, their two cells share every
//! other house (the same box, say) and their values go round a cycle, the two lines can
//! trade those values. A removal that empties one of these sets is refused at the cost of
//! a few bitwise ANDs, with the answer the search would give. (The sets of the second
//! grids found by search are of no use to one digging pass: each holds a clue the pass
//! then keeps for good.)

use super::geometry::{CellSet, HouseKind, MAX_CELLS, MAX_SIDE};
use super::grid::VariantGrid;

/// The unavoidable sets known for one solution grid.
#[derive(Clone, Debug, Default)]
pub struct UnavoidableSets {
    pub sets: Vec<CellSet>,
}

impl UnavoidableSets {
    /// The sets of `solution` (a complete, valid grid) found cheaply: the cycles of every
    /// digit pair, and of every pair of parallel lines.
    pub fn of_solution(solution: &VariantGrid) -> UnavoidableSets {
        let geometry = solution.geometry();
        let side = geometry.side();
        let mut found = UnavoidableSets {
            sets: Vec::with_capacity(side * side),
        };
        found.add_digit_pair_cycles(solution);
        for kind in [HouseKind::Row, HouseKind::Column] {
            let lines: Vec<usize> = (0..geometry.house_count())
                .filter(|&house| geometry.house_kind(house) == kind)
                .collect();
            for (index, &first) in lines.iter().enumerate() {
                for &second in &lines[index + 1..] {
                    found.add_line_pair_cycles(solution, first, second);
                }
            }
        }
        found
    }

    /// The cells holding two digits, linked within each house, fall into cycles along
    /// which the two digits can be swapped.
    fn add_digit_pair_cycles(&mut self, solution: &VariantGrid) {
        let geometry = solution.geometry();
        let side = geometry.side();
        // The cell of each digit in each house.
        let houses = geometry.house_count();
        let mut cell_of = [[0u16; 16]; 64];
        for (house, places) in cell_of[..houses].iter_mut().enumerate() {
            for &cell in geometry.house(house) {
                places[usize::from(solution.get(usize::from(cell)) - 1)] = cell;
            }
        }
        let cell_of = &cell_of[..houses];
        let mut parent = [0u16; MAX_CELLS];
        for first in 0..side {
            for second in first + 1..side {
                // Union-find over the cells holding either digit, one link per house.
                for places in cell_of {
                    for digit in [first, second] {
                        parent[usize::from(places[digit])] = places[digit];
                    }
                }
                for places in cell_of {
                    let (a, b) = (
                        root(&mut parent, places[first]),
                        root(&mut parent, places[second]),
                    );
                    parent[usize::from(a)] = b;
                }
                // Each cycle as its root and cells; a cycle has four cells or more.
                let mut cycles = [(0u16, CellSet::EMPTY); MAX_SIDE / 2];
                let mut count = 0;
                // The rows (the first houses) hold each of those cells once.
                for places in &cell_of[..side] {
                    for digit in [first, second] {
                        let cell = places[digit];
                        let top = root(&mut parent, cell);
                        let index = cycles[..count]
                            .iter()
                            .position(|&(root, _)| root == top)
                            .unwrap_or_else(|| {
                                cycles[count].0 = top;
                                count += 1;
                                count - 1
                            });
                        cycles[index].1.insert(usize::from(cell));
                    }
                }
                self.sets
                    .extend(cycles[..count].iter().map(|&(_, set)| set));
            }
        }
    }

    /// Two parallel lines exchange their values along a set of crossing lines when, at
    /// each crossing, their two cells share every other house and the values go round a
    /// cycle of three or more (two-value cycles are digit-pair cycles already).
    fn add_line_pair_cycles(&mut self, solution: &VariantGrid, first: usize, second: usize) {
        let geometry = solution.geometry();
        let (one, two) = (geometry.house(first), geometry.house(second));
        let mut position_of_value = [usize::MAX; 17];
        for (position, (&a, &b)) in one.iter().zip(two).enumerate() {
            let (a, b) = (usize::from(a), usize::from(b));
            let others_a = geometry.house_mask_of(a) & !(1 << first);
            let others_b = geometry.house_mask_of(b) & !(1 << second);
            if others_a == others_b {
                position_of_value[usize::from(solution.get(a))] = position;
            }
        }
        let mut visited = 0u32;
        for start in 0..one.len() {
            let value = usize::from(solution.get(usize::from(one[start])));
            if visited >> start & 1 != 0 || position_of_value[value] != start {
                continue;
            }
            let mut set = CellSet::EMPTY;
            let mut position = start;
            let closed = loop {
                visited |= 1 << position;
                set.insert(usize::from(one[position]));
                set.insert(usize::from(two[position]));
                let next = position_of_value[usize::from(solution.get(usize::from(two[position])))];
                if next == usize::MAX {
                    break false;
                }
                if next == start {
                    break true;
                }
                position = next;
            };
            if closed && set.len() > 4 {
                self.sets.push(set);
            }
        }
    }

    /// True when some set has no cell among `clues`: the clues then fit another grid too.
    pub fn missed_by(&self, clues: CellSet) -> bool {
        self.sets
            .iter()
            .any(|set| set.intersection(clues).is_empty())
    }

    pub fn len(&self) -> usize {
        self.sets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }
}

/// The root of a cell in the union-find, halving the path on the way.
fn root(parent: &mut [u16; MAX_CELLS], cell: u16) -> u16 {
    let mut cell = cell;
    while parent[usize::from(cell)] != cell {
        let grandparent = parent[usize::from(parent[usize::from(cell)])];
        parent[usize::from(cell)] = grandparent;
        cell = grandparent;
    }
    cell
}
