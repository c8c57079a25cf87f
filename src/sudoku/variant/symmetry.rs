//! Clue symmetries on any square grid: the orbits of [`Symmetry`] for a side of `n`.

use std::cell::RefCell;
use std::rc::Rc;

use crate::sudoku::Symmetry;

/// The images of `(row, column)` under the transformations of `symmetry` on a grid of
/// `side` (the identity first).
fn images(symmetry: Symmetry, side: usize, row: usize, column: usize) -> Vec<(usize, usize)> {
    let last = side - 1;
    let (r, c) = (row, column);
    let rotate90 = (c, last - r);
    let rotate180 = (last - r, last - c);
    let rotate270 = (last - c, r);
    let mirror = (r, last - c);
    let flip = (last - r, c);
    let transpose = (c, r);
    let antitranspose = (last - c, last - r);
    match symmetry {
        Symmetry::None => vec![(r, c)],
        Symmetry::Rot180 => vec![(r, c), rotate180],
        Symmetry::Rot90 => vec![(r, c), rotate90, rotate180, rotate270],
        Symmetry::Mirror => vec![(r, c), mirror],
        Symmetry::Flip => vec![(r, c), flip],
        Symmetry::Diagonal => vec![(r, c), transpose],
        Symmetry::Antidiagonal => vec![(r, c), antitranspose],
        Symmetry::Dihedral => vec![
            (r, c),
            rotate90,
            rotate180,
            rotate270,
            mirror,
            flip,
            transpose,
            antitranspose,
        ],
    }
}

/// A grid's orbits, shared.
pub type Orbits = Rc<[Vec<usize>]>;

/// The orbits of the cells of a grid of `side`, each sorted, in order of their first cell:
/// worked out once per thread and shared after (a 6×6 is dug in microseconds, less than
/// listing its orbits afresh takes).
pub fn orbits(symmetry: Symmetry, side: usize) -> Orbits {
    thread_local! {
        static LISTED: RefCell<Vec<(Symmetry, usize, Orbits)>> = const { RefCell::new(Vec::new()) };
    }
    LISTED.with(|listed| {
        let mut listed = listed.borrow_mut();
        if let Some((_, _, orbits)) = listed.iter().find(|&&(listed_symmetry, listed_side, _)| {
            listed_symmetry == symmetry && listed_side == side
        }) {
            return Rc::clone(orbits);
        }
        let orbits: Orbits = list_orbits(symmetry, side).into();
        listed.push((symmetry, side, Rc::clone(&orbits)));
        orbits
    })
}

fn list_orbits(symmetry: Symmetry, side: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; side * side];
    let mut orbits = Vec::new();
    for cell in 0..side * side {
        if seen[cell] {
            continue;
        }
        let mut orbit: Vec<usize> = images(symmetry, side, cell / side, cell % side)
            .into_iter()
            .map(|(r, c)| r * side + c)
            .collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &member in &orbit {
            seen[member] = true;
        }
        orbits.push(orbit);
    }
    orbits
}

/// The cell `cell` is carried to by a half turn.
pub fn rotate180(side: usize, cell: usize) -> usize {
    side * side - 1 - cell
}

/// True when the pattern of filled cells is invariant under `symmetry`.
pub fn holds_for(symmetry: Symmetry, side: usize, cells: &[u8]) -> bool {
    orbits(symmetry, side).iter().all(|orbit| {
        let filled = cells[orbit[0]] != 0;
        orbit.iter().all(|&cell| (cells[cell] != 0) == filled)
    })
}
