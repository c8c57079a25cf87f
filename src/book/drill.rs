//! Drills in books: a sudoku section with `drill = true` prints each puzzle at the moment
//! its technique is first needed (see [`crate::sudoku::grade::drill`]), and the step as
//! its answer. The puzzle itself is still the made sudoku (any size, variant or killer):
//! its lines, key, manifest fields, hint and walkthrough are those of the whole puzzle.

use std::sync::Arc;

use super::kind::{Content, Hint, Topic, Walkthrough, Wording};
use super::plan::Puzzle;
use super::spec::Language;
use crate::error::Result;
use crate::kind::Kind;
use crate::sudoku::grade::Technique;
use crate::sudoku::grade::drill::Drill;
use crate::sudoku::grade::target::TechniqueTarget;
use crate::sudoku::techniques::Named;
use crate::sudoku::variant::grid::value_char;

/// A sudoku printed as a drill (any grid: each grader fills the same [`Drill`]).
#[derive(Clone, Debug)]
pub struct DrillContent {
    /// The made puzzle's own content, which answers for everything but the figures (and
    /// which the figures read for what the position does not hold: a killer's cages).
    pub sudoku: Arc<dyn Content>,
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

    /// The drill's position: its values as a line (`0` for an empty cell, `A`–`G` for 10
    /// to 16), each cell's candidates as such characters, and what the answer places.
    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        let drill = &self.drill;
        let position: String = drill
            .question
            .values()
            .iter()
            .map(|&value| match value {
                0 => '0',
                value => value_char(value),
            })
            .collect();
        let digits = drill.question.side() as u8;
        let candidates: Vec<String> = drill
            .question
            .candidates()
            .iter()
            .map(|&mask| {
                (1..=digits)
                    .filter(|digit| mask >> (digit - 1) & 1 == 1)
                    .map(value_char)
                    .collect()
            })
            .collect();
        let mut fields = self.sudoku.manifest_fields();
        fields.push((
            "drill",
            serde_json::json!({
                "step": drill.index,
                "technique": drill.name,
                "position": position,
                "candidates": candidates,
                "placements": drill.answer.placements(),
            }),
        ));
        fields
    }

    /// The step's own name where the family's name covers kinds solvers tell apart
    /// ("XY-Cycle", "X-Chain" among the chains and cycles); else the section's task.
    fn drill_task(&self, language: Language) -> Option<String> {
        let technique = self.drill.technique;
        if technique != Technique::Cycles {
            return None;
        }
        let name =
            crate::sudoku::grade::walkthrough::step_name(technique, &self.drill.name, language);
        Some(task(&[technique], &name, language))
    }

    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        self.sudoku.walkthrough(wording)
    }

    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        self.sudoku.hint(wording, ladder)
    }
}

/// `made` as its section prints it: as a drill of `family` when the section drills one,
/// filled by `fill` (the grader of the puzzle's grid; `None` when it makes no drills of
/// such a puzzle), else as it is.
pub(super) fn as_drill(
    made: Puzzle,
    family: Option<&Named>,
    fill: impl FnOnce(&dyn Content, &Named) -> Result<Option<Drill>>,
) -> Result<Puzzle> {
    let Some(family) = family else {
        return Ok(made);
    };
    let Some(drill) = fill(made.content.as_ref(), family)? else {
        return Ok(made);
    };
    Ok(Puzzle {
        content: Arc::new(DrillContent {
            sudoku: made.content.clone(),
            drill,
        }),
        ..made
    })
}

/// The task a sudoku section that drills (`drill = true`) prints above its puzzles.
pub fn section_task(
    drill: bool,
    techniques: &TechniqueTarget,
    language: Language,
) -> Option<String> {
    if !drill {
        return None;
    }
    let named = techniques.drilled()?;
    let name = crate::sudoku::grade::target::drill_name(techniques, language)?;
    let techniques: Vec<Technique> = named.techniques().collect();
    Some(task(&techniques, name, language))
}

/// A drill's task for a step of `techniques` (a family) printed as `name`: "Find the
/// X-Wing"; for the techniques named after what candidates do rather than a pattern,
/// "Find the pointing candidates"; a killer's cage techniques name a way of reckoning, not
/// a pattern: "Find the step: Cage Splitting".
fn task(techniques: &[Technique], name: &str, language: Language) -> String {
    let all_of = |kinds: &[Technique]| techniques.iter().all(|technique| kinds.contains(technique));
    if all_of(&[
        Technique::CageCombination,
        Technique::CombinationLocking,
        Technique::InniesOuties,
        Technique::CageSplitting,
        Technique::KillerContradiction,
    ]) {
        return language.say("drill-cage.task", &[("technique", &name)]);
    }
    if !all_of(&[
        Technique::Pointing,
        Technique::Claiming,
        Technique::DirectPointing,
        Technique::DirectClaiming,
    ]) {
        return language.say("book.drill-task", &[("technique", &name)]);
    }
    let name = if language.catalog().lower_case_inside {
        name.to_lowercase()
    } else {
        name.to_string()
    };
    language.say("book.drill-task-candidates", &[("technique", &name)])
}

/// The techniques chapter's topics a section teaches: those of the family its `hardest`
/// (else `needs`) names first.
pub(super) fn taught_topics(techniques: &TechniqueTarget, language: Language) -> Vec<Topic> {
    techniques.drilled().map_or_else(Vec::new, |named| {
        named
            .techniques()
            .map(|technique| super::sudoku::topic(technique, language))
            .collect()
    })
}
