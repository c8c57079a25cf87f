//! The plan of a book's puzzles, and making them.
//!
//! Each puzzle is a job: its section, its index in the section, its number in the book and
//! its seed path. The random stream of a job depends only on the book seed, the section's
//! id and options, and the index (see [`crate::seed`]), so a puzzle can be regenerated alone
//! and the book is the same for any thread count:
//!
//! ```text
//! path  = ["book", "section=" + id, kind, option parts…]      index = position in the section (0-based)
//! sudoku option parts:   "symmetry=rot180" [, "clues=24..28"] [, "tier=hard" | "rating=3.0..4.5"]
//! mushikui option parts: "op=mul", "digits=3,2" [, "tier=easy"] [, "reveal-only=7"]
//! ```
//!
//! (the option parts are those of `puzzlebook sudoku generate` and `mushikui generate`).
//! Every puzzle is graded, so each caption shows its tier. Jobs run on the current rayon pool; results are collected in job order.

use std::time::Instant;

use rayon::prelude::*;

use super::bank::{BankText, take};
use super::spec::{Difficulty, Kind, KindOptions, SectionSpec, Spec};
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::grade::{
    GradeOptions, GradedOptions, RatingRange, RatingTarget, Tier, generate_graded, grade_unique,
};
use crate::sudoku::{GenerateOptions, Grid, generate};

/// One puzzle to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Index into `spec.sections`.
    pub section: usize,
    /// Position in its section, from 0.
    pub index: usize,
    /// Number printed on the page, from 1, running through the book.
    pub number: usize,
    pub kind: Kind,
    pub seed_path: Vec<String>,
}

/// The contents of a made puzzle, for the layout and the manifest.
#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    Sudoku {
        puzzle: Grid,
        solution: Grid,
    },
    /// A mushikui-zan puzzle and its (complete) solution.
    Mushikui {
        puzzle: crate::mushikui::Puzzle,
        solution: crate::mushikui::Puzzle,
    },
}

/// A made puzzle, proven unique, with its solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub content: Content,
    /// The rating on the kind's scale, when a grader rated it.
    pub rating: Option<f64>,
    /// The tier name (`easy`, `hard`, …), when a grader rated it.
    pub tier: Option<String>,
}

impl Puzzle {
    /// The puzzle in its engine's line format.
    pub fn puzzle_line(&self) -> String {
        match &self.content {
            Content::Sudoku { puzzle, .. } => puzzle.to_line(),
            Content::Mushikui { puzzle, .. } => puzzle.to_line(),
        }
    }

    /// The solution in its engine's line format.
    pub fn solution_line(&self) -> String {
        match &self.content {
            Content::Sudoku { solution, .. } => solution.to_line(),
            Content::Mushikui { solution, .. } => solution.to_line(),
        }
    }
}

/// All the jobs of a book, in book order.
#[derive(Clone, Debug)]
pub struct Plan {
    pub jobs: Vec<Job>,
}

impl Plan {
    /// Plans the puzzles of a spec.
    pub fn new(spec: &Spec) -> Result<Plan> {
        let mut jobs = Vec::with_capacity(spec.puzzle_count());
        for (section_index, section) in spec.sections.iter().enumerate() {
            let seed_path = seed_path(section);
            for index in 0..section.count.value {
                jobs.push(Job {
                    section: section_index,
                    index,
                    number: jobs.len() + 1,
                    kind: section.kind,
                    seed_path: seed_path.clone(),
                });
            }
        }
        Ok(Plan { jobs })
    }

    /// Makes every puzzle on the current rayon pool. `progress` is called once per finished
    /// puzzle (from worker threads). A puzzle not made by `deadline` fails the book (which
    /// puzzles come out never depends on time, only whether they come out). The first
    /// failure in book order is returned.
    ///
    /// `banks[k]` is the text of section `k`'s `source` file (read by the caller); sections
    /// with a source take their puzzles from it (see [`super::bank`]).
    pub fn make(
        &self,
        spec: &Spec,
        banks: &[Option<BankText>],
        deadline: Option<Instant>,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<Puzzle>> {
        let mut banked: Vec<Option<Vec<Puzzle>>> = Vec::with_capacity(spec.sections.len());
        for (index, section) in spec.sections.iter().enumerate() {
            banked.push(
                match (&section.source, banks.get(index).and_then(Option::as_ref)) {
                    (Some(_), Some(bank)) => Some(take(spec, section, bank, deadline)?),
                    (Some(source), None) => {
                        return Err(spec.error(source.at, "the puzzle file was not read"));
                    }
                    (None, _) => None,
                },
            );
        }
        let results: Vec<Result<Puzzle>> = self
            .jobs
            .par_iter()
            .map(|job| {
                let result = match &banked[job.section] {
                    Some(puzzles) => Ok(puzzles[job.index].clone()),
                    None => make_one(spec, job, deadline),
                };
                progress();
                result
            })
            .collect();
        results.into_iter().collect()
    }
}

/// The seed path of a section's puzzles (see the module docs).
pub fn seed_path(section: &SectionSpec) -> Vec<String> {
    let mut path = vec![
        "book".to_string(),
        format!("section={}", section.id),
        section.kind.name().to_string(),
    ];
    match &section.options {
        KindOptions::Sudoku(options) => match sudoku_target(section) {
            Some(target) => path.extend(
                GradedOptions {
                    base: sudoku_options(options),
                    target,
                }
                .seed_path(),
            ),
            None => path.extend(sudoku_options(options).seed_path()),
        },
        KindOptions::Mushikui(_) => {
            if let Some(options) = mushikui_options(section) {
                path.extend(options.seed_path());
            }
        }
    }
    path
}

/// The mushikui-zan generator's options for a section (the spec reader has validated them).
pub(crate) fn mushikui_options(section: &SectionSpec) -> Option<crate::mushikui::GenerateOptions> {
    let KindOptions::Mushikui(options) = &section.options else {
        return None;
    };
    let sizes: Vec<usize> = options.digits.value.iter().map(|&d| d as usize).collect();
    let mut generate = crate::mushikui::GenerateOptions::new(options.operation.value, &sizes);
    generate.reveal_only = options.reveal_only.as_ref().map(|digit| digit.value);
    generate.tier = match section.difficulty.as_ref().map(|d| &d.value) {
        Some(Difficulty::Tier(name)) => name.parse().ok(),
        _ => None,
    };
    Some(generate)
}

/// The sudoku difficulty a section asks for (the spec reader has validated it).
pub(crate) fn sudoku_target(section: &SectionSpec) -> Option<RatingTarget> {
    match &section.difficulty.as_ref()?.value {
        Difficulty::Tier(name) => name.parse::<Tier>().ok().map(RatingTarget::Tier),
        Difficulty::Rating(text) => text.parse::<RatingRange>().ok().map(RatingTarget::Range),
    }
}

fn sudoku_options(options: &super::spec::SudokuOptions) -> GenerateOptions {
    GenerateOptions {
        symmetry: options.symmetry,
        clues: options.clues.as_ref().map(|range| range.value),
        ..GenerateOptions::default()
    }
}

fn make_one(spec: &Spec, job: &Job, deadline: Option<Instant>) -> Result<Puzzle> {
    let section = &spec.sections[job.section];
    let path: Vec<&str> = job.seed_path.iter().map(String::as_str).collect();
    let mut rng = RandomStream::derive(&spec.seed, &path, job.index as u64);
    let describe = |error: Error| {
        error.context(format!(
            "section {:?}, puzzle {} of {}",
            section.title.value,
            job.index + 1,
            section.count.value
        ))
    };
    match &section.options {
        KindOptions::Sudoku(options) => {
            let base = sudoku_options(options);
            let (puzzle, solution, grading) = match sudoku_target(section) {
                Some(target) => {
                    let graded = generate_graded(&GradedOptions { base, target }, &mut rng, deadline)
                        .map_err(|error| describe(error.with_hint(
                            "allow more time with --max-seconds, or ask for an easier tier or a wider rating range",
                        )))?;
                    (graded.puzzle, graded.solution, graded.grading)
                }
                None => {
                    let generated = generate(&base, &mut rng).map_err(describe)?;
                    let grading = grade_unique(
                        &generated.puzzle,
                        &generated.solution,
                        &GradeOptions {
                            deadline,
                            ..GradeOptions::default()
                        },
                    )
                    .map_err(|error| {
                        describe(error.with_hint("allow more time with --max-seconds"))
                    })?;
                    (generated.puzzle, generated.solution, grading)
                }
            };
            Ok(Puzzle {
                content: Content::Sudoku { puzzle, solution },
                rating: Some(f64::from(grading.rating_tenths) / 10.0),
                tier: Some(grading.tier.name().to_string()),
            })
        }
        KindOptions::Mushikui(_) => {
            let options = mushikui_options(section).ok_or_else(|| {
                describe(Error::runtime("a mushikui-zan section without options"))
            })?;
            let generated = crate::mushikui::generate(&options, &mut rng).map_err(describe)?;
            Ok(Puzzle {
                content: Content::Mushikui {
                    puzzle: generated.puzzle,
                    solution: generated.solution,
                },
                rating: Some(generated.grade.rating),
                tier: Some(generated.grade.tier.name().to_string()),
            })
        }
    }
}
