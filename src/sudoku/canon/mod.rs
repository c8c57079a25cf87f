//! When two sudoku are the same puzzle, and the canonical form that says so.
//!
//! Two puzzles are the same when a transformation that keeps the rules maps one onto the
//! other. Per kind:
//!
//! * **Regular grids** (classic 9×9 and every size 4×4 to 16×16): the orders of the bands
//!   and of the rows within each band, of the stacks and of the columns within each
//!   stack, the transposition when the boxes are square (a 2×3 box would turn into a 3×2
//!   one), and every relabelling of the values. For the 9×9 that is 3,359,232 grid
//!   transformations times 9! relabellings.
//! * **X-sudoku**: the transformations above that carry the two diagonals onto the two
//!   diagonals ([`group`]).
//! * **Windoku**: those that carry the four windows onto the windows.
//! * **Jigsaw**: the eight turns and reflections of the square applied to the regions
//!   and the givens together, and relabelling.
//! * **Killer** ([`killer`]): the grid transformations that carry every cage onto a cage
//!   (each still one piece) with its sum, and the complement `d ↦ N+1−d` with each sum
//!   `s` of a `k`-cell cage becoming `k(N+1)−s`.
//!
//! The canonical form of a puzzle is the smallest of its equivalents, read row by row with
//! blanks before every value (then, for jigsaw and killer, the regions or cages named in
//! order of first appearance and the sums): two puzzles are the same exactly when their
//! canonical forms are equal, so the form's line is a key for sets of puzzles. For the
//! classic 9×9 it is the minlex form the solving community uses ([`minlex`]), so keys can
//! be compared with other tools' (which write blanks as `0`).

pub mod catalogue;
pub mod group;
pub mod killer;
pub mod minlex;

use std::sync::Arc;

use crate::sudoku::Grid;
use crate::sudoku::killer::Killer;
use crate::sudoku::variant::generate::regular_geometry;
use crate::sudoku::variant::geometry::{Geometry, Size, Variant};
use crate::sudoku::variant::grid::VariantGrid;

pub use killer::canonical_killer;

/// The canonical form of a classic 9×9 sudoku: its minlex form.
pub fn canonical_classic(grid: &Grid) -> Grid {
    let cells = minlex::minlex(grid.cells(), Size::S9);
    let mut array = [0u8; 81];
    array.copy_from_slice(&cells);
    Grid::from_cells(array).expect("a relabelled grid stays a grid")
}

/// The canonical form of a sudoku of any size and grid variant (see the module docs).
pub fn canonical(grid: &VariantGrid) -> VariantGrid {
    let geometry = grid.geometry();
    let size = geometry.size();
    let side = geometry.side();
    match geometry.variant() {
        Variant::Classic => VariantGrid::from_cells(
            regular_geometry(size, Variant::Classic),
            minlex::minlex(grid.cells(), size),
        ),
        variant @ (Variant::X | Variant::Windoku) => {
            let transforms = group::extra_house_group(size, variant);
            VariantGrid::from_cells(
                regular_geometry(size, variant),
                group::smallest_image(grid.cells(), side, &transforms),
            )
        }
        Variant::Jigsaw => canonical_jigsaw(grid),
    }
}

/// The smallest image of a jigsaw under the eight turns and reflections: givens
/// relabelled, then regions named in order of first appearance.
fn canonical_jigsaw(grid: &VariantGrid) -> VariantGrid {
    let geometry = grid.geometry();
    let side = geometry.side();
    let mut best: Option<(Vec<u8>, Vec<u8>)> = None;
    for transform in group::dihedral(side) {
        let sources = transform.sources(side);
        let givens = group::relabel(&sources.iter().map(|&s| grid.get(s)).collect::<Vec<_>>());
        let regions = group::relabel(
            &sources
                .iter()
                .map(|&s| geometry.regions()[s] + 1)
                .collect::<Vec<_>>(),
        );
        let image = (givens, regions);
        if best.as_ref().is_none_or(|best| image < *best) {
            best = Some(image);
        }
    }
    let (givens, regions) = best.expect("eight images");
    let labels: Vec<u8> = regions.iter().map(|&region| b'a' + region - 1).collect();
    let geometry =
        Geometry::jigsaw(geometry.size(), &labels).expect("a turned jigsaw's regions stay regions");
    VariantGrid::from_cells(Arc::new(geometry), givens)
}

/// The canonical line of any sudoku line (classic, variant or killer), or the parse
/// error; `column` is where the word starts in its line, for errors.
pub fn canonical_line(word: &str, column: usize) -> crate::Result<String> {
    if let Some(killer) = Killer::parse_word(word, column) {
        return Ok(canonical_killer(&killer?).to_line());
    }
    if word.contains(':') {
        let grid = crate::sudoku::variant::parse_word(word, 1, column, None)?;
        return Ok(canonical(&grid).to_line());
    }
    let grid = Grid::parse(word)?;
    Ok(canonical_classic(&grid).to_line())
}
