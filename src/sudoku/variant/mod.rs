//! Sudoku variants: sizes 4×4 to 16×16, X, windoku and jigsaw, on one engine over houses.
//!
//! [`geometry`] knows the houses of each variant (and `bits` holds them as machine-word
//! cell sets), [`grid`] the line format, [`solver`] is the exact solver and counter (`fill`
//! its random fill of regular grids, on those sets), [`generate`] makes puzzles (with [`jigsaw`] layouts and
//! the solution's [`unavoidable`] sets), [`reference`] is a simple counter that checks the
//! solver. The classic 9×9 keeps its own faster engine in [`crate::sudoku`].

pub mod bits;
pub mod fill;
pub mod generate;
pub mod geometry;
pub mod grade;
pub mod grid;
pub mod jigsaw;
pub mod reference;
pub mod singles;
pub mod solver;
pub mod symmetry;
pub mod unavoidable;
pub mod walkthrough;
pub mod words;

pub use generate::{VariantGenerated, VariantOptions, generate};
pub use geometry::{CellSet, Geometry, Size, Variant};
pub use grid::{AnyPuzzle, AnyReader, ParsedVariant, RawAny, VariantGrid, parse_any, parse_word};
pub use solver::{VariantSolution, count_solutions, solve, solve_any};
