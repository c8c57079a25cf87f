//! Clue symmetries: which cells must be given or blank together.
//!
//! A symmetry is a group of board transformations; its orbits (the sets of cells each cell
//! is mapped to) are removed from a puzzle as a whole, so the clue pattern looks the same
//! under every transformation of the group.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

/// The clue-pattern symmetries a generated puzzle can honour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry: every cell is its own orbit.
    None,
    /// Half-turn rotation about the centre (the classic newspaper look).
    #[default]
    Rot180,
    /// Quarter-turn rotation: four cells an orbit.
    Rot90,
    /// Left-right mirror: column c ↔ column 10-c.
    Mirror,
    /// Top-bottom flip: row r ↔ row 10-r.
    Flip,
    /// Reflection in the main diagonal (r1c1 to r9c9).
    Diagonal,
    /// Reflection in the anti-diagonal (r1c9 to r9c1).
    Antidiagonal,
    /// All eight symmetries of the square.
    Dihedral,
}

type Transform = fn(usize, usize) -> (usize, usize);

fn identity(r: usize, c: usize) -> (usize, usize) {
    (r, c)
}
fn rotate90(r: usize, c: usize) -> (usize, usize) {
    (c, 8 - r)
}
fn rotate180(r: usize, c: usize) -> (usize, usize) {
    (8 - r, 8 - c)
}
fn rotate270(r: usize, c: usize) -> (usize, usize) {
    (8 - c, r)
}
fn mirror(r: usize, c: usize) -> (usize, usize) {
    (r, 8 - c)
}
fn flip(r: usize, c: usize) -> (usize, usize) {
    (8 - r, c)
}
fn transpose(r: usize, c: usize) -> (usize, usize) {
    (c, r)
}
fn antitranspose(r: usize, c: usize) -> (usize, usize) {
    (8 - c, 8 - r)
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Dihedral,
    ];

    /// The stable name used on the command line, in JSON and in book specs.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    fn transforms(self) -> &'static [Transform] {
        match self {
            Symmetry::None => &[identity],
            Symmetry::Rot180 => &[identity, rotate180],
            Symmetry::Rot90 => &[identity, rotate90, rotate180, rotate270],
            Symmetry::Mirror => &[identity, mirror],
            Symmetry::Flip => &[identity, flip],
            Symmetry::Diagonal => &[identity, transpose],
            Symmetry::Antidiagonal => &[identity, antitranspose],
            Symmetry::Dihedral => &[
                identity,
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

    /// The orbits of the 81 cells, each sorted, in order of their smallest cell.
    pub fn orbits(self) -> Vec<Vec<usize>> {
        let mut seen = [false; 81];
        let mut orbits = Vec::new();
        for cell in 0..81 {
            if seen[cell] {
                continue;
            }
            let mut orbit: Vec<usize> = self
                .transforms()
                .iter()
                .map(|transform| {
                    let (r, c) = transform(cell / 9, cell % 9);
                    r * 9 + c
                })
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

    /// True when the grid's pattern of filled cells is invariant under this symmetry.
    pub fn holds_for(self, cells: &[u8; 81]) -> bool {
        self.orbits().iter().all(|orbit| {
            let filled = cells[orbit[0]] != 0;
            orbit.iter().all(|&cell| (cells[cell] != 0) == filled)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = Error;
    fn from_str(text: &str) -> Result<Symmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|symmetry| symmetry.name() == text)
            .ok_or_else(|| {
                Error::input(format!("unknown symmetry {text:?}")).with_hint(format!(
                    "use one of: {}",
                    Symmetry::ALL.map(Symmetry::name).join(", ")
                ))
            })
    }
}
