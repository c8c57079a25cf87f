//! Drills in books: a sudoku section with `drill = true` prints each puzzle at the moment
//! its technique is first needed (see [`crate::sudoku::grade::drill`]), and the step as
//! its answer. The puzzle itself is still the made sudoku (classic, X or windoku): its
//! lines, key, manifest fields, hint and walkthrough are those of the whole puzzle.

use std::sync::Arc;

use super::kind::{Content, Hint, Walkthrough, Wording};
use super::spec::Language;
use crate::error::Result;
use crate::kind::Kind;
use crate::sudoku::grade::Technique;
use crate::sudoku::grade::drill::Drill;
use crate::sudoku::techniques::printed_step_name;

/// A sudoku printed as a drill.
#[derive(Clone, Debug)]
pub struct DrillContent {
    /// The made puzzle's own content, which answers for everything but the figures.
    pub sudoku: Arc<dyn Content>,
    /// The puzzle's givens, cell by cell (0 for an empty cell).
    pub givens: [u8; 81],
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
        let drill = &self.drill;
        let position: String = drill
            .question
            .values
            .iter()
            .map(|&value| char::from(b'0' + value))
            .collect();
        let candidates: Vec<String> = drill
            .question
            .candidates
            .iter()
            .map(|&mask| {
                (1..=9u8)
                    .filter(|digit| mask >> (digit - 1) & 1 == 1)
                    .map(|digit| char::from(b'0' + digit))
                    .collect()
            })
            .collect();
        let mut fields = self.sudoku.manifest_fields();
        fields.push((
            "drill",
            serde_json::json!({
                "step": drill.index,
                "technique": drill.step.name,
                "position": position,
                "candidates": candidates,
                "placements": drill.answer.placements,
            }),
        ));
        fields
    }

    /// The step's own name where the family's name covers kinds solvers tell apart
    /// ("XY-Cycle", "X-Chain" among the chains and cycles); else the family's.
    fn drilled_step(&self, language: Language) -> Option<String> {
        let technique = self.drill.step.technique;
        if technique != Technique::Cycles {
            return None;
        }
        Some(if language.catalog().grader_language {
            printed_step_name(technique, &self.drill.step.name)
        } else {
            crate::sudoku::techniques::catalog_name(technique, language).to_string()
        })
    }

    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        self.sudoku.walkthrough(wording)
    }

    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        self.sudoku.hint(wording, ladder)
    }
}
