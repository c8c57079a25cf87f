//! Drills: one step of a technique, cut out of a puzzle's solve path for practice.
//!
//! A drill is the position just before the grader first uses the drilled technique — the
//! givens, the digits placed so far and the candidates the grader has there (its pencil
//! marks, with every earlier step's eliminations) — and the step itself: its pattern, what
//! it removes, and the digit it leads to. The reader solves the step, not the puzzle.
//! Both come from the grader's own path, so a drill shows exactly the reasoning the
//! rating measured.
//!
//! [`Drill`] is one type for every sudoku grader: the classic grader fills it here
//! ([`drill`], [`drill_in`] with X or windoku houses), the house grader (other sizes,
//! jigsaw) in [`crate::sudoku::variant::walkthrough::drill`] and the killer grader in
//! [`crate::sudoku::killer::walkthrough::drill`]. Its two figures are the walkthrough
//! moments of that grader ([`DrillMoment`]), which the layout draws as it draws
//! walkthrough figures; the book and the manifest read the rest, whatever the grid.

use super::board::{Board, ExtraHouses};
use super::walkthrough::{self, Moment, apply, is_single, open_candidates};
use super::{GradeOptions, Technique, grade_with};
use crate::error::{Error, Result};
use crate::sudoku::grid::Grid;
use crate::sudoku::techniques::Named;
use crate::sudoku::variant::walkthrough::VariantMoment;

/// One drill: a position and the step of the drilled technique it asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    /// Where the step lies in the grader's path (the steps before it are done).
    pub index: usize,
    /// The technique of the step the drill asks for, and the grader's name of the step
    /// ("X-Wing", "Skyscraper 011", "Innies and Outies").
    pub technique: Technique,
    pub name: String,
    /// The puzzle's givens, cell by cell (0 for an empty cell).
    pub givens: Vec<u8>,
    /// The position before the step: givens, digits placed so far, the grader's
    /// candidates; nothing of the step marked.
    pub question: DrillMoment,
    /// The step's diagram: its pattern shaded, its eliminations struck, and the digit it
    /// leads to circled.
    pub answer: DrillMoment,
    /// The digit the step leads to (cell, digit): its own placement, or else the single
    /// its eliminations leave for the grader's next step; `None` when the next step is
    /// not a single (another pattern is needed first).
    pub leads_to: Option<(u16, u8)>,
    /// The step in words, as a walkthrough tells it in full, in every language of the
    /// catalogs (by `i18n::Language::index`).
    pub texts: Vec<String>,
}

/// A drill's figure: the walkthrough moment of the grader that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrillMoment {
    /// The classic grader's (9×9 classic, X and windoku).
    Classic(Moment),
    /// The house grader's (other sizes, jigsaw) or the killer grader's.
    Houses(VariantMoment),
}

impl DrillMoment {
    /// The grid's side (9 for the classic grader).
    pub fn side(&self) -> usize {
        match self {
            DrillMoment::Classic(_) => 9,
            DrillMoment::Houses(moment) => moment.geometry.side(),
        }
    }

    /// The values of the position, cell by cell (0 for an empty cell).
    pub fn values(&self) -> Vec<u8> {
        match self {
            DrillMoment::Classic(moment) => moment.values.to_vec(),
            DrillMoment::Houses(moment) => moment.values.clone(),
        }
    }

    /// The candidates of each empty cell (bit `d - 1` for digit `d`; 0 for filled cells).
    pub fn candidates(&self) -> Vec<u16> {
        match self {
            DrillMoment::Classic(moment) => moment.candidates.to_vec(),
            DrillMoment::Houses(moment) => moment.candidates.clone(),
        }
    }

    /// The digits the figure circles: (cell, digit).
    pub fn placements(&self) -> Vec<(u16, u8)> {
        match self {
            DrillMoment::Classic(moment) => moment
                .placements
                .iter()
                .map(|&(cell, digit)| (u16::from(cell), digit))
                .collect(),
            DrillMoment::Houses(moment) => moment.placements.clone(),
        }
    }

    /// The candidates the figure strikes: (cell, digit).
    pub fn eliminations(&self) -> Vec<(u16, u8)> {
        match self {
            DrillMoment::Classic(moment) => moment
                .eliminations
                .iter()
                .map(|&(cell, digit)| (u16::from(cell), digit))
                .collect(),
            DrillMoment::Houses(moment) => moment.eliminations.clone(),
        }
    }

    /// The cells the figure shades as the pattern.
    pub fn pattern(&self) -> Vec<u16> {
        match self {
            DrillMoment::Classic(moment) => moment.pattern.iter().map(|&c| u16::from(c)).collect(),
            DrillMoment::Houses(moment) => moment.pattern.clone(),
        }
    }
}

/// The first step of `family` in a grader's `path` (by technique), preferring one that
/// `skip` does not pass over; a runtime error naming `puzzle` when the path never uses
/// the family (the section's generator is asked for puzzles that do).
pub(crate) fn first_step_of<S>(
    path: &[S],
    technique: impl Fn(&S) -> Technique,
    skip: impl Fn(&S) -> bool,
    family: &Named,
    puzzle: &str,
) -> Result<usize> {
    let of_family = |step: &S| family.members.contains(technique(step));
    path.iter()
        .position(|step| of_family(step) && !skip(step))
        .or_else(|| path.iter().position(of_family))
        .ok_or_else(|| {
            Error::runtime(format!(
                "the puzzle {puzzle} is solved without {}, so it has no drill for it",
                family.name
            ))
        })
}

/// The digit a step leads to — its own first placement `own`, else the `next` step's
/// when that is a single — circled in the step's answer when the step places none (its
/// cell shaded as a target unless the pattern holds it).
pub(crate) fn circle_leads_to<C: Copy + Ord>(
    placements: &mut Vec<(C, u8)>,
    targets: &mut Vec<C>,
    pattern: &[C],
    own: Option<(C, u8)>,
    next: Option<(Technique, Option<(C, u8)>)>,
) -> Option<(C, u8)> {
    let leads_to = own.or_else(|| {
        next.filter(|(technique, _)| is_single(*technique))
            .and_then(|(_, placed)| placed)
    });
    if let Some((cell, digit)) = leads_to.filter(|_| placements.is_empty()) {
        placements.push((cell, digit));
        if !targets.contains(&cell) && !pattern.contains(&cell) {
            targets.push(cell);
            targets.sort_unstable();
        }
    }
    leads_to
}

/// The drill of `family` in a classic puzzle with a unique solution: the first step of
/// its grader's path whose technique is one of the family's. A runtime error when the
/// path never uses it.
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
    let index = first_step_of(
        &path,
        |step| step.technique,
        |_| false,
        family,
        &puzzle.to_line(),
    )?;
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
    let mut answer = told.moment;
    let leads_to = circle_leads_to(
        &mut answer.placements,
        &mut answer.targets,
        &answer.pattern,
        step.placements.first().copied(),
        path.get(index + 1)
            .map(|next| (next.technique, next.placements.first().copied())),
    );
    Ok(Drill {
        index,
        technique: step.technique,
        name: step.name,
        givens: puzzle.cells().to_vec(),
        question: DrillMoment::Classic(question),
        answer: DrillMoment::Classic(answer),
        leads_to: leads_to.map(|(cell, digit)| (u16::from(cell), digit)),
        texts: told.texts,
    })
}
