//! A deliberately simple killer counter, used only to check the fast solver.
//!
//! Cells are filled in order with every value that does not repeat in the cell's row,
//! column, box or cage and keeps the cage's partial sum within its sum (exactly its sum once
//! the cage is full). No propagation: slow, but obviously right.

use super::Killer;

/// Counts the solutions of `killer`, stopping at `limit`.
pub fn count(killer: &Killer, limit: usize) -> usize {
    let mut values = killer.givens().to_vec();
    let mut count = 0;
    // Givens must keep the rules among themselves too.
    let cells = values.len();
    for cell in 0..cells {
        let value = values[cell];
        if value != 0 {
            values[cell] = 0;
            let fits = fits(killer, &values, cell, value);
            values[cell] = value;
            if !fits {
                return 0;
            }
        }
    }
    fill(killer, &mut values, 0, limit, &mut count);
    count
}

fn fits(killer: &Killer, values: &[u8], cell: usize, value: u8) -> bool {
    let geometry = killer.geometry();
    let clash = geometry
        .peers(cell)
        .iter()
        .any(|&peer| values[usize::from(peer)] == value);
    if clash {
        return false;
    }
    let cage = &killer.cages()[usize::from(killer.cage_of()[cell])];
    let mut sum = u16::from(value);
    let mut full = true;
    for &other in &cage.cells {
        let other = usize::from(other);
        if other == cell {
            continue;
        }
        match values[other] {
            0 => full = false,
            found if found == value => return false,
            found => sum += u16::from(found),
        }
    }
    if full {
        sum == cage.sum
    } else {
        sum < cage.sum
    }
}

fn fill(killer: &Killer, values: &mut Vec<u8>, cell: usize, limit: usize, count: &mut usize) {
    if *count >= limit {
        return;
    }
    if cell == values.len() {
        *count += 1;
        return;
    }
    if values[cell] != 0 {
        fill(killer, values, cell + 1, limit, count);
        return;
    }
    for value in 1..=killer.geometry().side() as u8 {
        if fits(killer, values, cell, value) {
            values[cell] = value;
            fill(killer, values, cell + 1, limit, count);
            values[cell] = 0;
        }
    }
}
