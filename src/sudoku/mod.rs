//! Sudoku (ナンプレ): the grid model, the exact solver, and the seeded generator.
//!
//! Stages: [`grid`] parses and prints the line format, [`solver`] proves uniqueness and
//! produces answer keys, [`generate`] makes puzzles from a [`crate::seed::RandomStream`].
//! [`reference`] is a deliberately simple solver kept only to check the fast one.

pub mod canon;
pub mod coordinates;
pub mod generate;
pub mod grade;
pub mod grid;
pub mod killer;
pub mod pattern;
pub mod reference;
pub mod solver;
pub mod symmetry;
pub mod techniques;
pub mod variant;

pub use generate::{ClueRange, GenerateOptions, Generated, generate};
pub use grid::{Grid, ParsedPuzzle, PuzzleReader, RawPuzzle, parse_puzzles};
pub use solver::{Solution, count_solutions, has_unique_solution, solve, solve_any};
pub use symmetry::Symmetry;
