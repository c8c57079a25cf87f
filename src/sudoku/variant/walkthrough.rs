//! Walkthroughs of the puzzles the house grader rates (4×4 to 16×16, jigsaw, X on sizes
//! other than 9×9): its solve path retold for a book, as the classic walkthrough does for
//! 9×9 grids.
//!
//! Runs of singles become one step in words; every other step has a [`VariantMoment`]:
//! the position before it and what a diagram shows of it (the pattern's cells, the
//! candidates removed, the digit placed, a chain's links), all taken from the grader's
//! recorded steps.

use std::ops::Range;
use std::sync::Arc;

use super::geometry::Geometry;
use super::grade::{
    Board, LONGEST_REMOVALS, VariantGradeOptions, VariantLink, VariantStep, digit_list, grade,
    removals_by_digits,
};
use super::grid::{VariantGrid, value_word};
use crate::error::Result;
use crate::sudoku::grade::Technique;
use crate::sudoku::grade::walkthrough::{Language, is_single, singles_words};

/// At most this many singles are listed in one step.
const SINGLES_PER_STEP: usize = 18;

/// What a diagram of one step shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantMoment {
    pub geometry: Arc<Geometry>,
    /// The puzzle's givens (drawn bold).
    pub givens: Vec<u8>,
    /// The grid before the step (0 for empty).
    pub values: Vec<u8>,
    /// The candidates of each empty cell before the step (0 for filled cells).
    pub candidates: Vec<u16>,
    /// Digits the step places: (cell, value).
    pub placements: Vec<(u16, u8)>,
    /// Candidates the step removes, in cell order; those of a cell it fills are left out.
    pub eliminations: Vec<(u16, u8)>,
    /// The cells of the pattern (shaded), ascending.
    pub pattern: Vec<u16>,
    /// The cells the step changes outside the pattern (shaded lighter), ascending.
    pub targets: Vec<u16>,
    pub links: Vec<VariantLink>,
    /// True when the diagram shows candidates (steps beyond singles).
    pub pencil_marks: bool,
}

/// One step of a walkthrough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantWalkStep {
    /// A run of singles (no diagram of its own) or a step beyond singles.
    pub singles: bool,
    /// The grader's steps this one retells.
    pub path: Range<usize>,
    pub english: String,
    pub japanese: String,
    pub moment: VariantMoment,
}

impl VariantWalkStep {
    pub fn text(&self, language: Language) -> &str {
        match language {
            Language::English => &self.english,
            Language::Japanese => &self.japanese,
        }
    }
}

/// A puzzle's walkthrough, and the grader's steps it retells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantWalkthrough {
    pub steps: Vec<VariantWalkStep>,
    pub path: Vec<VariantStep>,
}

/// The walkthrough of a puzzle with a unique solution.
pub fn walkthrough(puzzle: &VariantGrid) -> Result<VariantWalkthrough> {
    let grading = grade(
        puzzle,
        &VariantGradeOptions {
            record_steps: true,
            ..VariantGradeOptions::default()
        },
    )?;
    Ok(retell(puzzle, grading.steps))
}

/// The first step that is not a single (what a hint points at), if any.
pub fn first_technique(puzzle: &VariantGrid) -> Result<Option<VariantStep>> {
    let grading = grade(
        puzzle,
        &VariantGradeOptions {
            record_steps: true,
            ..VariantGradeOptions::default()
        },
    )?;
    Ok(grading
        .steps
        .into_iter()
        .find(|step| !is_single(step.technique)))
}

/// Groups the grader's steps, replaying them for the moments.
pub fn retell(puzzle: &VariantGrid, path: Vec<VariantStep>) -> VariantWalkthrough {
    let geometry = puzzle.geometry();
    retell_on(
        Board::new(geometry, puzzle),
        geometry,
        puzzle.cells(),
        path,
        &|_| false,
    )
}

/// At most this many steps that `merged` allows are told as one, under one figure, and
/// only while their words stay this short.
const MOST_MERGED: usize = 24;
const MOST_MERGED_CHARS: usize = 900;

/// [`retell`] from the starting position `replay` (a killer's has its cages' rules too)
/// of a puzzle with `givens`; a step beyond singles that `merged` allows (a killer's many
/// cage combinations) is told together with the next ones it allows, singles included,
/// under one figure.
pub(crate) fn retell_on(
    mut replay: Board,
    geometry: &Arc<Geometry>,
    givens: &[u8],
    path: Vec<VariantStep>,
    merged: &dyn Fn(&VariantStep) -> bool,
) -> VariantWalkthrough {
    let cells = geometry.cells();
    let mut steps = Vec::new();
    let mut index = 0;
    while index < path.len() {
        let start = index;
        let moment = VariantMoment {
            geometry: Arc::clone(geometry),
            givens: givens.to_vec(),
            values: replay.values[..cells].to_vec(),
            candidates: replay.candidates[..cells].to_vec(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            targets: Vec::new(),
            links: Vec::new(),
            pencil_marks: false,
        };
        if is_single(path[index].technique) {
            let run = path[index..]
                .iter()
                .take_while(|step| is_single(step.technique))
                .count();
            let pieces = run.div_ceil(SINGLES_PER_STEP);
            let length = run.div_ceil(pieces);
            while index < path.len() && is_single(path[index].technique) && index - start < length {
                replay.apply(&path[index]);
                index += 1;
            }
            steps.push(singles_step(&path[start..index], start..index, moment));
        } else {
            let step = &path[index];
            replay.apply(step);
            index += 1;
            let mut told = technique_step(step, start..index, moment);
            while merged(step)
                && index < path.len()
                && index - start < MOST_MERGED
                && merged(&path[index])
            {
                let mut next = technique_step(&path[index], index..index + 1, told.moment.clone());
                if path[index].technique == path[index - 1].technique {
                    // The technique just named is not named again.
                    unname(&mut next, &path[index]);
                }
                if told.english.len() + next.english.len() > MOST_MERGED_CHARS {
                    break;
                }
                replay.apply(&path[index]);
                index += 1;
                told = merge(told, next);
            }
            steps.push(told);
        }
    }
    VariantWalkthrough { steps, path }
}

/// Two consecutive steps told as one: the first's figure with both steps' cells, marks
/// and links, their words one after the other.
fn merge(first: VariantWalkStep, next: VariantWalkStep) -> VariantWalkStep {
    let mut moment = first.moment;
    moment.placements.extend(next.moment.placements);
    let placed: Vec<u16> = moment.placements.iter().map(|&(cell, _)| cell).collect();
    moment.eliminations.extend(next.moment.eliminations);
    moment
        .eliminations
        .retain(|(cell, _)| !placed.contains(cell));
    moment.eliminations.sort_unstable();
    moment.eliminations.dedup();
    moment.pattern.extend(next.moment.pattern);
    moment.pattern.sort_unstable();
    moment.pattern.dedup();
    moment.targets.extend(next.moment.targets);
    moment.targets.retain(|cell| !moment.pattern.contains(cell));
    moment.targets.sort_unstable();
    moment.targets.dedup();
    moment.links.extend(next.moment.links);
    VariantWalkStep {
        singles: false,
        path: first.path.start..next.path.end,
        english: format!("{} {}", first.english, next.english),
        japanese: format!("{}{}", first.japanese, next.japanese),
        moment,
    }
}

/// Drops the technique's name from the front of a step's words.
fn unname(told: &mut VariantWalkStep, step: &VariantStep) {
    let japanese_name = crate::sudoku::grade::walkthrough::japanese_name(step.technique);
    if let Some(rest) = told.english.strip_prefix(&format!("{}: ", step.name)) {
        let mut letters = rest.chars();
        told.english = letters
            .next()
            .map(|first| first.to_uppercase().chain(letters).collect())
            .unwrap_or_default();
    }
    if let Some(rest) = told.japanese.strip_prefix(&format!("{japanese_name}：")) {
        told.japanese = rest.to_string();
    }
}

fn cell_name(geometry: &Geometry, cell: u16) -> String {
    geometry.cell_name(usize::from(cell))
}

fn singles_step(run: &[VariantStep], path: Range<usize>, moment: VariantMoment) -> VariantWalkStep {
    let geometry = Arc::clone(&moment.geometry);
    let placements: Vec<(u16, u8)> = run.iter().flat_map(|s| s.placements.clone()).collect();
    let list: Vec<String> = placements
        .iter()
        .map(|&(cell, value)| format!("{}={}", cell_name(&geometry, cell), value_word(value)))
        .collect();
    let techniques: Vec<Technique> = run.iter().map(|step| step.technique).collect();
    let (english, japanese) = singles_words(&techniques, &list);
    let mut targets: Vec<u16> = placements.iter().map(|&(cell, _)| cell).collect();
    targets.sort_unstable();
    VariantWalkStep {
        singles: true,
        path,
        english,
        japanese,
        moment: VariantMoment {
            placements,
            targets,
            ..moment
        },
    }
}

/// What a step does, in English: `r1c2=5` or `remove 5 from r1c2, 5/7 from r3c4`.
fn outcome_english(geometry: &Geometry, step: &VariantStep) -> String {
    if !step.placements.is_empty() {
        return step
            .placements
            .iter()
            .map(|&(cell, value)| format!("{}={}", cell_name(geometry, cell), value_word(value)))
            .collect::<Vec<_>>()
            .join(", ");
    }
    let removed: Vec<String> = removals_by_digits(&step.eliminations)
        .iter()
        .map(|(mask, cells)| {
            let names: Vec<String> = cells
                .iter()
                .map(|&cell| cell_name(geometry, cell))
                .collect();
            format!("{} from {}", digit_list(*mask), names.join(","))
        })
        .collect();
    let text = format!("remove {}", removed.join(", "));
    if text.len() > LONGEST_REMOVALS {
        "remove the struck candidates".to_string()
    } else {
        text
    }
}

fn technique_step(
    step: &VariantStep,
    path: Range<usize>,
    moment: VariantMoment,
) -> VariantWalkStep {
    let geometry = Arc::clone(&moment.geometry);
    let mut pattern = step.pattern.clone();
    for link in &step.links {
        pattern.extend([link.from.0, link.to.0]);
    }
    pattern.sort_unstable();
    pattern.dedup();
    let mut targets: Vec<u16> = step
        .eliminations
        .iter()
        .chain(&step.placements)
        .map(|&(cell, _)| cell)
        .filter(|cell| !pattern.contains(cell))
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let placed: Vec<u16> = step.placements.iter().map(|&(cell, _)| cell).collect();
    let mut eliminations: Vec<(u16, u8)> = step
        .eliminations
        .iter()
        .copied()
        .filter(|(cell, _)| !placed.contains(cell))
        .collect();
    eliminations.sort_unstable();
    let name = crate::sudoku::grade::walkthrough::japanese_name(step.technique);
    VariantWalkStep {
        singles: false,
        path,
        // A single's words already say what it places.
        english: if is_single(step.technique) {
            format!("{}: {}.", step.name, step.explanation)
        } else {
            format!(
                "{}: {}; {}.",
                step.name,
                step.explanation,
                outcome_english(&geometry, step)
            )
        },
        japanese: if is_single(step.technique) {
            format!("{name}：{}。", step.japanese)
        } else {
            format!("{name}：{}", step.japanese)
        },
        moment: VariantMoment {
            placements: step.placements.clone(),
            eliminations,
            pattern,
            targets,
            links: step.links.clone(),
            pencil_marks: true,
            ..moment
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::RandomStream;
    use crate::sudoku::variant::generate::{VariantOptions, generate};
    use crate::sudoku::variant::geometry::{Size, Variant};

    #[test]
    fn walkthroughs_retell_the_whole_path_of_every_variant() {
        for (index, (size, variant)) in [
            (Size::S4, Variant::Classic),
            (Size::S6, Variant::Classic),
            (Size::S6, Variant::Jigsaw),
            (Size::S8, Variant::X),
            (Size::S9, Variant::Jigsaw),
            (Size::S12, Variant::Classic),
        ]
        .into_iter()
        .enumerate()
        {
            let mut rng = RandomStream::derive("test", &["variant walk"], index as u64);
            let generated = generate(&VariantOptions::new(size, variant), &mut rng, None).unwrap();
            let walked = walkthrough(&generated.puzzle).unwrap();
            // The steps cover the path once, in order.
            let mut next = 0;
            for step in &walked.steps {
                assert_eq!(step.path.start, next);
                next = step.path.end;
                assert!(!step.english.is_empty() && !step.japanese.is_empty());
                if !step.singles {
                    let grader = &walked.path[step.path.start];
                    assert!(step.moment.pencil_marks);
                    for &(cell, value) in &step.moment.eliminations {
                        assert!(grader.eliminations.contains(&(cell, value)));
                        assert!(step.moment.candidates[usize::from(cell)] & 1 << (value - 1) != 0);
                    }
                    assert!(
                        grader
                            .pattern
                            .iter()
                            .all(|c| step.moment.pattern.contains(c))
                    );
                }
            }
            assert_eq!(next, walked.path.len());
            // Replaying every placement fills the solution.
            let mut grid = generated.puzzle.clone();
            for step in &walked.steps {
                for &(cell, value) in &step.moment.placements {
                    grid.set(usize::from(cell), value);
                }
            }
            assert_eq!(grid, generated.solution, "{size} {variant}");
        }
    }
}
