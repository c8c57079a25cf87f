//! A deliberately simple counter over houses, used only to check the fast solver.
//!
//! No propagation and no bitsets beyond one digit mask: at each node it lists the values
//! that fit each empty cell by looking at the cell's houses, branches on the cell with the
//! fewest, and counts. Slow, but obviously right.

use super::grid::VariantGrid;

/// Counts the solutions of `puzzle`, stopping at `limit`. Clashing givens mean 0.
pub fn count_solutions(puzzle: &VariantGrid, limit: usize) -> usize {
    if puzzle.conflict().is_some() {
        return 0;
    }
    let mut grid = puzzle.clone();
    let mut count = 0;
    count_from(&mut grid, limit, &mut count);
    count
}

fn fits(grid: &VariantGrid, cell: usize, value: u8) -> bool {
    let geometry = grid.geometry();
    geometry.houses_of(cell).iter().all(|&house| {
        geometry
            .house(usize::from(house))
            .iter()
            .all(|&other| grid.get(usize::from(other)) != value)
    })
}

fn count_from(grid: &mut VariantGrid, limit: usize, count: &mut usize) {
    if *count >= limit {
        return;
    }
    let side = grid.geometry().side() as u8;
    let mut best: Option<(usize, Vec<u8>)> = None;
    for cell in 0..grid.cells().len() {
        if grid.get(cell) != 0 {
            continue;
        }
        let options: Vec<u8> = (1..=side).filter(|&v| fits(grid, cell, v)).collect();
        if best
            .as_ref()
            .is_none_or(|(_, fewest)| options.len() < fewest.len())
        {
            best = Some((cell, options));
        }
    }
    let Some((cell, options)) = best else {
        *count += 1;
        return;
    };
    for value in options {
        grid.set(cell, value);
        count_from(grid, limit, count);
        grid.set(cell, 0);
        if *count >= limit {
            return;
        }
    }
}
