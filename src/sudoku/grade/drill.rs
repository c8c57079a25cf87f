//! Drills: one step of a technique, cut out of a puzzle's solve path for practice.
//!
//! A drill is the position just before the grader first uses the drilled technique — the
//! givens, the digits placed so far and the candidates the grader has there (its pencil
//! marks, with every earlier step's eliminations) — and the step itself: its pattern, what
//! it removes, and the digit it leads to. The reader solves the step, not the puzzle.
//! Both come from the grader's own path, so a drill shows exactly the reasoning the
//! rating measured.

use super::board::{Board, ExtraHouses};
use super::walkthrough::{self, Moment, apply, is_single, open_candidates};
use super::{GradeOptions, Step, grade_with};
use crate::error::{Error, Result};
use crate::sudoku::grid::Grid;
use crate::sudoku::techniques::Named;

/// One drill: a position and the step of the drilled technique it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    /// Where the step lies in the grader's path (the steps before it are done).
    pub index: usize,
    /// The grader's step the drill asks for.
    pub step: Step,
    /// The position before it: givens, digits placed so far, the grader's candidates;
    /// nothing of the step marked.
    pub question: Moment,
    /// The step's diagram: its pattern shaded, its eliminations struck, and the digit it
    /// leads to circled.
    pub answer: Moment,
    /// The digit the step leads to (cell, digit): its own placement, or else the single
    /// its eliminations leave for the grader's next step; `None` when the next step is
    /// not a single (another pattern is needed first).
    pub leads_to: Option<(u8, u8)>,
    /// The step in words, as a walkthrough tells it in full, in every language of the
    /// catalogs (by `i18n::Language::index`).
    pub texts: Vec<String>,
}

/// The drill of `family` in a classic puzzle with a unique solution: the first step of
/// its grader's path whose technique is one of the family's. A runtime error when the
/// path never uses it (the section's generator is asked for puzzles that do).
pub fn drill(puzzle: &Grid, family: &Named) -> Result<Drill> {
    drill_in(puzzle, ExtraHouses::None, family)
}

/// [`drill`] for a 9×9 puzzle with `extra` houses (X-sudoku, windoku): their grader is the
/// classic one with those houses, so the position, its candidates and the step come the
/// same way, and the diagrams draw the diagonals or windows.
pub fn drill_in(puzzle: &Grid, extra: ExtraHouses, family: &Named) -> Result<Drill> {
    let grading = grade_with(
        puzzle,
        &GradeOptions {
            record_steps: true,
            extra_houses: extra,
            ..GradeOptions::default()
        },
    )?;
    let path = grading.steps;
    let index = path
        .iter()
        .position(|step| family.members.contains(step.technique))
        .ok_or_else(|| {
            Error::runtime(format!(
                "the puzzle {} is solved without {}, so it has no drill for it",
                puzzle.to_line(),
                family.name
            ))
        })?;
    let mut board = Board::with_geometry(puzzle, extra.geometry());
    for step in &path[..index] {
        apply(&mut board, step);
    }
    let step = path[index].clone();
    let told = walkthrough::technique_step(&step, vec![index], &board, false);
    let question = Moment {
        values: board.values,
        candidates: open_candidates(&board),
        placements: Vec::new(),
        eliminations: Vec::new(),
        pattern: Vec::new(),
        digits: Vec::new(),
        targets: Vec::new(),
        links: Vec::new(),
        pencil_marks: true,
        extra: told.moment.extra,
    };
    let leads_to = match step.placements.first() {
        Some(&placed) => Some(placed),
        None => path
            .get(index + 1)
            .filter(|next| is_single(next.technique))
            .and_then(|next| next.placements.first().copied()),
    };
    let mut answer = told.moment;
    if answer.placements.is_empty()
        && let Some((cell, digit)) = leads_to
    {
        answer.placements.push((cell, digit));
        if !answer.targets.contains(&cell) && !answer.pattern.contains(&cell) {
            answer.targets.push(cell);
            answer.targets.sort_unstable();
        }
    }
    Ok(Drill {
        index,
        step,
        question,
        answer,
        leads_to,
        texts: told.texts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::techniques::find;

    /// A puzzle whose hardest step is an X-wing (`sudoku generate --hardest X-Wing --seed d1`).
    const X_WING: &str =
        "2...36.7..9.57.6..........3..512..49.........47..652..8..........7.82.1..2.65...8";

    #[test]
    fn a_drill_stops_before_the_first_step_of_its_technique() {
        let puzzle = Grid::parse(X_WING).unwrap();
        let family = find("X-Wing").unwrap();
        let drill = drill(&puzzle, &family).unwrap();
        assert!(family.members.contains(drill.step.technique));
        // The question marks nothing of the step; the answer shows its pattern.
        assert!(drill.question.pattern.is_empty() && drill.question.placements.is_empty());
        assert_eq!(drill.question.candidates, drill.answer.candidates);
        assert!(!drill.answer.pattern.is_empty());
        assert!(!drill.answer.eliminations.is_empty());
    }

    #[test]
    fn a_puzzle_without_the_technique_has_no_drill() {
        // Singles solve it.
        let easy = Grid::parse(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        )
        .unwrap();
        let error = drill(&easy, &find("X-Wing").unwrap()).unwrap_err();
        assert!(error.to_string().contains("without X-Wing"), "{error}");
    }
}
