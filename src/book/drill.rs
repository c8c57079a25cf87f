//! Drills in books: a sudoku section with `drill = true` prints each puzzle at the moment
//! its technique is first needed (see [`crate::sudoku::grade::drill`]), and the step as
//! its answer. The puzzle itself is still the made sudoku: its lines, key, manifest
//! fields, hint and walkthrough are those of the whole puzzle.

use super::kind::{Content, Hint, Walkthrough, Wording};
use super::sudoku::SudokuContent;
use crate::error::Result;
use crate::kind::Kind;
use crate::sudoku::grade::drill::Drill;

/// A sudoku printed as a drill.
#[derive(Clone, Debug, PartialEq)]
pub struct DrillContent {
    pub sudoku: SudokuContent,
    pub drill: Drill,
}

impl Content for DrillContent {
    fn kind(&self) -> &'static Kind {
        self.sudoku.kind()
    }

    fn puzzle_line(&self) -> String {
        self.sudoku.puzzle_line()
    }

    fn solution_line(&self) -> String {
        self.sudoku.solution_line()
    }

    fn canonical_key(&self) -> String {
        self.sudoku.canonical_key()
    }

    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        let mut fields = self.sudoku.manifest_fields();
        fields.push(("drill_step", self.drill.index.into()));
        fields
    }

    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        self.sudoku.walkthrough(wording)
    }

    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        self.sudoku.hint(wording, ladder)
    }
}
