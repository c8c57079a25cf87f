//! Mushikui-zan (虫食い算): arithmetic written out in columns with some digits hidden.
//!
//! Stages: [`model`] holds the puzzle and its row-list line format (and what a typesetter
//! needs: roles, column shifts, printed rows), [`check`] rejects givens that contradict the
//! arithmetic, [`solver`] counts and finds solutions exactly, [`generate`] makes unique
//! puzzles from a [`crate::seed::RandomStream`], and [`grade`] rates them by the human
//! reasoning they need. [`reference`] is a deliberately simple solver kept only to check the
//! fast one.

pub mod check;
pub mod generate;
pub mod grade;
pub mod model;
pub mod reference;
pub mod solver;

pub use generate::{GenerateOptions, Generated, generate, random_solution};
pub use grade::{Grade, Rule, Step, Tier, explain, grade, solvable_within};
pub use model::{
    Cell, DivisionStep, Operation, ParsedPuzzle, Puzzle, PuzzleReader, Role, Row, RowLayout,
    complete_values, parse_puzzles,
};
pub use solver::{Solution, count_solutions, is_unique, solutions, solve};
