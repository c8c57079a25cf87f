//! Mushikui-zan (虫食い算): arithmetic written out in columns with some digits hidden.
//!
//! Stages: [`model`] holds the puzzle and its row-list line format (and what a typesetter
//! needs: roles, column shifts, printed rows), [`check`] rejects givens that contradict the
//! arithmetic, [`solver`] counts and finds solutions exactly, [`generate`] makes unique
//! puzzles from a [`crate::seed::RandomStream`], and [`grade`] rates them by the human
//! reasoning they need. [`reference`] is a deliberately simple solver kept only to check the
//! fast one.
//!
//! ```
//! use puzzlebook::mushikui::{GenerateOptions, Operation, Tier, count_solutions, generate};
//! use puzzlebook::seed::RandomStream;
//!
//! let options = GenerateOptions {
//!     tier: Some(Tier::Medium),
//!     ..GenerateOptions::new(Operation::Div, &[6, 3])
//! };
//! let mut rng = RandomStream::derive("2026-W47", &["book", "section-1", "mushikui"], 0);
//! let made = generate(&options, &mut rng).unwrap();
//! assert_eq!(count_solutions(&made.puzzle, 2), 1);
//! assert!(made.solution.solves(&made.puzzle));
//! assert_eq!(made.grade.tier, Tier::Medium);
//! // What a typesetter needs: each row's role, column shift and whether it is printed.
//! for (row, layout) in made.puzzle.rows().iter().zip(made.puzzle.layout()) {
//!     let _ = (row.cells(), layout.role, layout.shift, layout.printed);
//! }
//! assert!(made.puzzle.check_printable().is_ok());
//! ```

pub mod check;
pub mod generate;
pub mod grade;
pub mod model;
pub mod reference;
pub mod solver;

pub use generate::{GenerateOptions, Generated, generate, random_solution};
pub use grade::walkthrough::{
    Drill, FoundDigit, WalkStep, Walkthrough, walkthrough, walkthrough_in,
};
pub use grade::{Grade, Rule, Step, Tier, explain, grade, solvable_within};
pub use model::{
    Cell, DivisionStep, Operation, ParsedPuzzle, Puzzle, PuzzleReader, Role, Row, RowLayout,
    complete_values, parse_puzzles,
};
pub use solver::{Solution, count_solutions, is_unique, solutions, solve};
