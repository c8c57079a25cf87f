//! The plan of a book's puzzles, and making them.
//!
//! Each puzzle is a job: its section, its index in the section, its number in the book and
//! its seed path. The random stream of a job depends only on the book seed, the section's
//! id and options, and the index (see [`crate::seed`]), so a puzzle can be regenerated alone
//! and the book is the same for any thread count:
//!
//! ```text
//! path  = ["book", "section=" + id, kind, the kind's option parts…]      index = position in the section (0-based)
//! ```
//!
//! The kind's parts are those of its `generate` command ([`crate::book::sudoku`],
//! [`crate::book::mushikui`]). Jobs run on the current rayon pool; results are collected in
//! job order.

use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use super::bank::{BankText, take};
use super::kind::{Content, Hint, Topic, Walkthrough};
use super::spec::{Order, SectionSpec, Spec};
use crate::error::Result;
use crate::kind::Kind;
use crate::seed::RandomStream;

/// One puzzle to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Index into `spec.sections`.
    pub section: usize,
    /// Position in its section, from 0.
    pub index: usize,
    /// Number printed on the page, from 1, running through the book.
    pub number: usize,
    pub kind: &'static Kind,
    pub seed_path: Vec<String>,
}

/// A made puzzle, proven unique, with its solution.
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub content: Arc<dyn Content>,
    /// The rating on the kind's scale, when a grader rated it.
    pub rating: Option<f64>,
    /// The tier name (`easy`, `hard`, …), when a grader rated it.
    pub tier: Option<String>,
}

impl Puzzle {
    pub fn kind(&self) -> &'static Kind {
        self.content.kind()
    }

    /// The puzzle in its engine's line format.
    pub fn puzzle_line(&self) -> String {
        self.content.puzzle_line()
    }

    /// The solution in its engine's line format.
    pub fn solution_line(&self) -> String {
        self.content.solution_line()
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

    /// Puts each section's made puzzles (in job order) in the order its `order` key asks
    /// for: easiest first by rating (a stable sort, unrated puzzles last), or as made. The
    /// returned plan's jobs keep their sections and printed numbers, and carry the seed
    /// path and index of the puzzle now at their place, so the manifest still says how to
    /// regenerate each printed puzzle.
    pub fn in_print_order(&self, spec: &Spec, puzzles: Vec<Puzzle>) -> (Plan, Vec<Puzzle>) {
        let mut order: Vec<usize> = (0..self.jobs.len()).collect();
        let mut start = 0;
        while start < order.len() {
            let section = self.jobs[start].section;
            let end = start
                + self.jobs[start..]
                    .iter()
                    .take_while(|job| job.section == section)
                    .count();
            if spec.sections[section].order == Order::Rating {
                let rating = |at: &usize| puzzles[*at].rating.unwrap_or(f64::INFINITY);
                order[start..end].sort_by(|a, b| rating(a).total_cmp(&rating(b)));
            }
            start = end;
        }
        let jobs = self
            .jobs
            .iter()
            .zip(&order)
            .map(|(place, &made)| Job {
                seed_path: self.jobs[made].seed_path.clone(),
                index: self.jobs[made].index,
                ..place.clone()
            })
            .collect();
        let mut slots: Vec<Option<Puzzle>> = puzzles.into_iter().map(Some).collect();
        let puzzles = order
            .iter()
            .map(|&made| {
                slots[made]
                    .take()
                    .expect("a permutation takes each puzzle once")
            })
            .collect();
        (Plan { jobs }, puzzles)
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

/// What a book teaches besides the answers, by puzzle in book order: walkthroughs and
/// hints where the spec asks for them.
#[derive(Clone, Debug, Default)]
pub struct Teaching {
    pub walkthroughs: Vec<Option<Arc<Walkthrough>>>,
    pub hints: Vec<Hint>,
    /// The techniques chapter's entries, easiest first (empty without one).
    pub techniques: Vec<TechniqueExample>,
}

/// A technique of the techniques chapter and its example: the first step in the book
/// (puzzles in book order, steps in order) that shows it.
#[derive(Clone, Debug)]
pub struct TechniqueExample {
    pub topic: Topic,
    pub puzzle: usize,
    /// The walkthrough of `puzzle`, whose step `step` is the example.
    pub walk: Arc<Walkthrough>,
    pub step: usize,
}

/// The walkthroughs and hints the spec asks for, made on the current rayon pool (each
/// depends only on its puzzle and the book's language).
pub fn teaching(spec: &Spec, plan: &Plan, puzzles: &[Puzzle]) -> Result<Teaching> {
    let walkthroughs = walkthroughs(spec, plan, puzzles)?;
    let hints = plan
        .jobs
        .par_iter()
        .zip(puzzles)
        .map(|(job, puzzle)| {
            let section = &spec.sections[job.section];
            if !section.hints {
                return Ok(None);
            }
            puzzle.content.hint(spec.language).map_err(|error| {
                error.context(format!(
                    "the hint of section {:?}, puzzle {}",
                    section.title.value,
                    job.index + 1
                ))
            })
        })
        .collect::<Result<Vec<Hint>>>()?;
    let techniques = techniques(spec, plan, puzzles, &walkthroughs)?;
    Ok(Teaching {
        walkthroughs,
        hints,
        techniques,
    })
}

/// The techniques chapter's entries when the spec asks for one: the walkthrough of every
/// puzzle that can have one (those already made are reused), each technique's first step
/// in book order, easiest first.
pub fn techniques(
    spec: &Spec,
    plan: &Plan,
    puzzles: &[Puzzle],
    made: &[Option<Arc<Walkthrough>>],
) -> Result<Vec<TechniqueExample>> {
    if spec.front.techniques.is_none() {
        return Ok(Vec::new());
    }
    let walks = plan
        .jobs
        .par_iter()
        .zip(puzzles)
        .zip(made)
        .map(|((job, puzzle), made)| {
            let section = &spec.sections[job.section];
            if let Some(walk) = made {
                return Ok(Some(walk.clone()));
            }
            if !section.can_walk() {
                return Ok(None);
            }
            puzzle
                .content
                .walkthrough(spec.language)
                .map(|walked| Some(Arc::new(walked)))
                .map_err(|error| {
                    error.context(format!(
                        "the techniques of section {:?}, puzzle {}",
                        section.title.value,
                        job.index + 1
                    ))
                })
        })
        .collect::<Result<Vec<_>>>()?;
    let mut examples: Vec<TechniqueExample> = Vec::new();
    for (puzzle, walk) in walks.iter().enumerate() {
        let Some(walk) = walk else { continue };
        for (step, walk_step) in walk.steps.iter().enumerate() {
            let Some(topic) = &walk_step.topic else {
                continue;
            };
            if examples
                .iter()
                .all(|example| example.topic.name != topic.name)
            {
                examples.push(TechniqueExample {
                    topic: topic.clone(),
                    puzzle,
                    walk: walk.clone(),
                    step,
                });
            }
        }
    }
    examples.sort_by_key(|example| example.topic.rank);
    Ok(examples)
}

/// The walkthroughs the spec asks for, by puzzle in book order (`None` for puzzles without
/// one), made on the current rayon pool. A walkthrough depends only on its puzzle and the
/// book's language, so they are the same for any thread count.
pub fn walkthroughs(
    spec: &Spec,
    plan: &Plan,
    puzzles: &[Puzzle],
) -> Result<Vec<Option<Arc<Walkthrough>>>> {
    plan.jobs
        .par_iter()
        .zip(puzzles)
        .map(|(job, puzzle)| {
            let section = &spec.sections[job.section];
            if !section.walkthroughs.includes(job.index) {
                return Ok(None);
            }
            puzzle
                .content
                .walkthrough(spec.language)
                .map(|walked| Some(Arc::new(walked)))
                .map_err(|error| {
                    error.context(format!(
                        "the walkthrough of section {:?}, puzzle {}",
                        section.title.value,
                        job.index + 1
                    ))
                })
        })
        .collect()
}

/// The seed path of a section's puzzles (see the module docs).
pub fn seed_path(section: &SectionSpec) -> Vec<String> {
    let mut path = vec![
        "book".to_string(),
        format!("section={}", section.id),
        section.kind.name.to_string(),
    ];
    path.extend(section.options.seed_path());
    path
}

fn make_one(spec: &Spec, job: &Job, deadline: Option<Instant>) -> Result<Puzzle> {
    let section = &spec.sections[job.section];
    let path: Vec<&str> = job.seed_path.iter().map(String::as_str).collect();
    let mut rng = RandomStream::derive(&spec.seed, &path, job.index as u64);
    section.options.make(&mut rng, deadline).map_err(|error| {
        error.context(format!(
            "section {:?}, puzzle {} of {}",
            section.title.value,
            job.index + 1,
            section.count.value
        ))
    })
}
