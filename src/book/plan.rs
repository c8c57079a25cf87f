//! The plan of a book's puzzles, and making them.
//!
//! Each puzzle is a job: its section, its index in the section, its number in the book and
//! its seed path. The random stream of a job depends only on the book seed, the section's
//! id and options, and the index (see [`crate::seed`]), so a puzzle can be regenerated alone
//! and the book is the same for any thread count:
//!
//! ```text
//! path  = ["book", ["issue=" + issue,] "section=" + id, kind, the kind's option parts…]
//! index = position in the section (0-based)
//! ```
//!
//! The kind's parts are those of its `generate` command ([`crate::book::sudoku`],
//! [`crate::book::mushikui`]). Jobs run on the current rayon pool; results are collected in
//! job order.

use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use super::kind::{Content, Hint, Topic, Walkthrough};
use super::spec::{Order, SectionSpec, Spec};
use crate::error::{Error, Result};
use crate::kind::Kind;

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

/// The most puzzles one book may hold: some thousands of pages, far more than a printer
/// binds, and few enough that planning and checking them takes no time.
pub const MAX_BOOK_PUZZLES: usize = 100_000;

impl Plan {
    /// Plans the puzzles of a spec.
    pub fn new(spec: &Spec) -> Result<Plan> {
        let mut planned = 0usize;
        for section in &spec.sections {
            planned += section.count.value;
            if planned > MAX_BOOK_PUZZLES {
                return Err(spec
                    .error(
                        section.count.at,
                        format!(
                            "this section brings the book to {planned} puzzles; a book holds at most {MAX_BOOK_PUZZLES}"
                        ),
                    )
                    .with_hint(
                        "split the book into volumes, or use `puzzlebook sudoku generate` for a bank of puzzles",
                    ));
            }
        }
        let mut jobs = Vec::with_capacity(spec.puzzle_count());
        for (section_index, section) in spec.sections.iter().enumerate() {
            let seed_path = seed_path(spec, section);
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

    /// The order each section's puzzles print in: for each printed place (in job order),
    /// the position of the made puzzle printed there. A section with `order = "rating"`
    /// prints easiest first (a stable sort, unrated puzzles last); `"as-made"` keeps the
    /// made order.
    pub fn print_order(&self, spec: &Spec, puzzles: &[Puzzle]) -> Vec<usize> {
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
        order
    }

    /// The plan in print order: each job keeps its section and printed number and carries
    /// the seed path and index of the puzzle now at its place, so the manifest still says
    /// how to regenerate each printed puzzle.
    pub fn printed(&self, order: &[usize]) -> Plan {
        let jobs = self
            .jobs
            .iter()
            .zip(order)
            .map(|(place, &made)| Job {
                seed_path: self.jobs[made].seed_path.clone(),
                index: self.jobs[made].index,
                ..place.clone()
            })
            .collect();
        Plan { jobs }
    }
}

/// `items` rearranged by `order` (see [`Plan::print_order`]): place `k` takes item
/// `order[k]`.
pub fn permuted<T>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = items.into_iter().map(Some).collect();
    order
        .iter()
        .map(|&made| {
            slots[made]
                .take()
                .expect("a permutation takes each item once")
        })
        .collect()
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
            puzzle
                .content
                .hint(spec.wording(), section.hint_ladder)
                .map_err(|error| {
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
                .walkthrough(spec.wording())
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
    // Every step that shows each technique, in book order.
    let mut shown: Vec<(Topic, Vec<(usize, usize)>)> = Vec::new();
    for (puzzle, walk) in walks.iter().enumerate() {
        let Some(walk) = walk else { continue };
        for (step, walk_step) in walk.steps.iter().enumerate() {
            let Some(topic) = &walk_step.topic else {
                continue;
            };
            match shown.iter_mut().find(|(known, _)| known.name == topic.name) {
                Some((_, steps)) => steps.push((puzzle, step)),
                None => shown.push((topic.clone(), vec![(puzzle, step)])),
            }
        }
    }
    shown.sort_by_key(|(topic, _)| topic.rank);
    // Each technique gets a figure of its own: the first step told in full (not a
    // walkthrough's table of later deductions, whose figure marks every row's cells) from a
    // puzzle no easier technique's example comes from, else the first told in full, else
    // the first from such a puzzle.
    let told_in_full = |&&(puzzle, step): &&(usize, usize)| {
        walks[puzzle]
            .as_ref()
            .is_some_and(|walk| !walk.steps[step].text.contains('\t'))
    };
    let mut used: Vec<usize> = Vec::new();
    let mut examples: Vec<TechniqueExample> = Vec::new();
    for (topic, steps) in shown {
        let fresh = |&&(puzzle, _): &&(usize, usize)| !used.contains(&puzzle);
        let &(puzzle, step) = steps
            .iter()
            .find(|candidate| fresh(candidate) && told_in_full(candidate))
            .or_else(|| steps.iter().find(told_in_full))
            .or_else(|| steps.iter().find(fresh))
            .unwrap_or(&steps[0]);
        used.push(puzzle);
        let Some(walk) = &walks[puzzle] else { continue };
        // A step whose example marks less than its walkthrough figure shows that.
        let walk = match &walk.steps[step].example {
            Some(example) => {
                let mut shown = Walkthrough::clone(walk);
                shown.steps[step].figure = example.clone();
                Arc::new(shown)
            }
            None => walk.clone(),
        };
        examples.push(TechniqueExample {
            topic,
            puzzle,
            walk,
            step,
        });
    }
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
                .walkthrough(spec.wording())
                .map(|mut walked| {
                    walked.page_goal = section.max_walkthrough_pages.unwrap_or(walked.page_goal);
                    Some(Arc::new(walked))
                })
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

/// The seed path of a section's puzzles (see the module docs): with an issue, its name
/// follows `book`.
pub fn seed_path(spec: &Spec, section: &SectionSpec) -> Vec<String> {
    let mut path = vec!["book".to_string()];
    if let Some(issue) = &spec.issue {
        path.push(format!("issue={}", issue.value));
    }
    path.push(format!("section={}", section.id));
    path.push(section.kind.name.to_string());
    path.extend(section.options.seed_path());
    path
}
/// Which puzzle a job makes, for messages: its section by title, and by its place too
/// when another section has the same title.
pub(crate) fn job_context(spec: &Spec, job: &Job) -> String {
    let section = &spec.sections[job.section];
    let title = section.title.value.as_str();
    let shared = spec
        .sections
        .iter()
        .filter(|other| other.title.value == title)
        .count()
        > 1;
    let label = if shared {
        format!("section {} {title:?}", section.position)
    } else {
        format!("section {title:?}")
    };
    format!(
        "{label}, puzzle {} of {}",
        job.index + 1,
        section.count.value
    )
}

/// Whether `deadline` has passed.
pub(crate) fn is_past(deadline: Option<Instant>) -> bool {
    deadline.is_some_and(|deadline| Instant::now() >= deadline)
}

/// The failure of work not started because the time allowed had run out.
pub(crate) fn out_of_time() -> Error {
    Error::runtime("the time allowed ran out before this puzzle was made")
        .with_hint("allow more time with --max-seconds, or make fewer or easier puzzles")
}
