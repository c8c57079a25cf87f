//! Unavoidable sets of a solution grid: cells that no puzzle with that unique solution can
//! leave all empty, because another grid differs from the solution exactly there.
//!
//! Digging clues out of a grid mostly fails late, when the clues are sparse, and each
//! failure costs a search that finds the second grid. The digit pairs of the solution
//! give many such grids for free: the cells holding `a` or `b`, linked within each house,
//! fall into cycles, and swapping `a` and `b` along one cycle gives another valid grid. A
//! removal that empties one of these sets is refused at the cost of a few bitwise ANDs,
//! with the answer the search would give. (The sets of the second grids found by search
//! are of no use to one digging pass: each holds a clue the pass then keeps for good.)

use super::geometry::{CellSet, MAX_CELLS, MAX_SIDE};
use super::grid::VariantGrid;

/// The unavoidable sets known for one solution grid.
#[derive(Clone, Debug, Default)]
pub struct UnavoidableSets {
    sets: Vec<CellSet>,
}

impl UnavoidableSets {
    /// The cycles of every digit pair of `solution` (a complete, valid grid).
    pub fn of_digit_pairs(solution: &VariantGrid) -> UnavoidableSets {
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
        let mut sets = Vec::with_capacity(side * side);
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
                sets.extend(cycles[..count].iter().map(|&(_, set)| set));
            }
        }
        UnavoidableSets { sets }
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::seed::RandomStream;
    use crate::sudoku::variant::geometry::{Geometry, Size, Variant};
    use crate::sudoku::variant::jigsaw::random_layout;
    use crate::sudoku::variant::solver::{count_solutions, random_solution};

    fn solutions() -> Vec<VariantGrid> {
        let mut rng = RandomStream::derive("test", &["unavoidable"], 0);
        let mut geometries: Vec<Geometry> = [
            (Size::S6, Variant::Classic),
            (Size::S8, Variant::X),
            (Size::S9, Variant::Windoku),
            (Size::S12, Variant::Classic),
        ]
        .into_iter()
        .map(|(size, variant)| Geometry::regular(size, variant).unwrap())
        .collect();
        let regions = random_layout(Size::S9, false, &mut rng).unwrap();
        let labels: Vec<u8> = regions.iter().map(|&region| b'a' + region).collect();
        geometries.push(Geometry::jigsaw(Size::S9, &labels).unwrap());
        geometries
            .into_iter()
            .filter_map(|geometry| random_solution(&Arc::new(geometry), &mut rng, 100_000, None))
            .collect()
    }

    #[test]
    fn digit_pair_cycles_swap_into_other_grids_and_cover_their_digits() {
        let grids = solutions();
        assert_eq!(grids.len(), 5);
        for solution in grids {
            let found = UnavoidableSets::of_digit_pairs(&solution);
            let side = solution.geometry().side();
            assert!(found.len() >= side * (side - 1) / 2, "{solution}");
            let mut covered = vec![CellSet::EMPTY; 17 * 17];
            for set in &found.sets {
                let values: Vec<u8> = set.iter().map(|cell| solution.get(cell)).collect();
                let (low, high) = (*values.iter().min().unwrap(), *values.iter().max().unwrap());
                assert!(values.iter().all(|&value| value == low || value == high));
                assert!(set.len() >= 4 && set.len() % 2 == 0, "{solution}");
                // Swapping the two digits over the set gives another valid grid.
                let mut other = solution.clone();
                for cell in set.iter() {
                    other.set(cell, if solution.get(cell) == low { high } else { low });
                }
                assert!(other.conflict().is_none(), "{solution} -> {other}");
                // So a puzzle without a clue in the set has two solutions.
                let mut puzzle = solution.clone();
                for cell in set.iter() {
                    puzzle.set(cell, 0);
                }
                assert_eq!(count_solutions(&puzzle, 2), 2);
                assert!(
                    found.missed_by(
                        (0..solution.cells().len())
                            .filter(|&cell| puzzle.get(cell) != 0)
                            .collect()
                    )
                );
                let pair = usize::from(low) * 17 + usize::from(high);
                assert!(
                    covered[pair].intersection(*set).is_empty(),
                    "cycles overlap"
                );
                covered[pair] = covered[pair].union(*set);
            }
            // The cycles of a pair together hold every cell of its two digits.
            for low in 1..=side as u8 {
                for high in low + 1..=side as u8 {
                    let cells: CellSet = (0..solution.cells().len())
                        .filter(|&cell| [low, high].contains(&solution.get(cell)))
                        .collect();
                    assert_eq!(covered[usize::from(low) * 17 + usize::from(high)], cells);
                }
            }
            let all: CellSet = (0..solution.cells().len()).collect();
            assert!(!found.missed_by(all));
        }
    }
}
