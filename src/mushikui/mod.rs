//! Mushikui-zan (虫食い算): arithmetic written out in columns with some digits hidden.
//!
//! Stages: [`model`] holds the puzzle and its row-list line format (and what a typesetter
//! needs: roles, column shifts, printed rows), [`check`] rejects givens that contradict the
//! arithmetic, [`solver`] counts and finds solutions exactly, [`reference`] is a deliberately
//! simple solver kept only to check the fast one.

pub mod check;
pub mod model;
pub mod reference;
pub mod solver;

pub use model::{
    Cell, DivisionStep, Operation, ParsedPuzzle, Puzzle, PuzzleReader, Role, Row, RowLayout,
    complete_values, parse_puzzles,
};
pub use solver::{Solution, count_solutions, is_unique, solutions, solve};
