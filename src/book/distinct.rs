//! Distinct books: no puzzle of a book is the same puzzle as an earlier one of the book, or
//! as one its series ledger has recorded.
//!
//! "The same" is [`crate::sudoku::canon`]'s: equal canonical keys
//! ([`super::kind::Content::canonical_key`]). Puzzle `k` (in book order) is the first of its
//! draws whose key is neither excluded (the ledger's) nor an earlier puzzle's:
//!
//! * a generated puzzle's draws are its stream `(seed, path, index)`, then
//!   `(seed, path + ["redraw=1"], index)`, `redraw=2`, … (at most [`MAX_REDRAWS`]);
//! * a section whose settings admit few enough puzzles to list them all (4×4 sudoku,
//!   [`super::kind::Listing`]) draws from its list in an order shuffled by
//!   `(seed, path + ["list"], 0)`: puzzle `i` takes entry `order[i]`, or failing that the
//!   spare entries `order[count..]` in turn, each drawn afresh by the stream
//!   `(seed, path + ["list=K"], i)` for entry `K`; a count the list cannot meet is refused;
//! * a section with a puzzle file takes the file's puzzles that meet it in file order,
//!   passing over any that is the same as an earlier puzzle.
//!
//! So each puzzle depends only on the seed, the excluded keys and the puzzles before it:
//! a book is the same for any thread count, and its first puzzles are the same whatever
//! follows them (the cover makes only those). First draws are made on the pool at once;
//! the rare redraws in rounds, each a parallel batch of the draws the walk in book order
//! found wanting.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use super::bank::{BankText, Supply as BankSupply};
use super::kind::Listing;
use super::plan::{Job, Plan, Puzzle};
use super::spec::Spec;
use crate::error::{Error, Result};
use crate::seed::RandomStream;

/// Canonical keys.
pub type Keys = HashSet<String>;

/// How many times a generated puzzle is drawn again before its section is declared too
/// narrow for its count.
pub const MAX_REDRAWS: u32 = 200;

/// The key of a puzzle line of any kind (its first word): the kind whose head it has
/// reads it.
pub fn key_of_line(line: &str) -> Result<String> {
    let word = line.split_whitespace().next().unwrap_or("");
    for kind in crate::kind::ALL {
        if let Some(key) = kind.book.line_key(word) {
            return key;
        }
    }
    Err(
        Error::input(format!("{word:?} is not a puzzle line")).with_hint(
            "write a sudoku line (81 cells, or HEAD:GIVENS…) or a mushikui-zan row list (mul:…)",
        ),
    )
}

/// How a puzzle of the book was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Generated: its `redraw`-th draw (0 for the first).
    Generated { redraw: u32 },
    /// Entry `entry` of its section's list.
    Listed { entry: usize },
    /// From its section's puzzle file.
    Banked,
}

impl Draw {
    /// The seed path the puzzle's stream came from: its section's, plus `redraw=N` or
    /// `list=K`.
    pub fn seed_path(&self, section_path: &[String]) -> Vec<String> {
        let mut path = section_path.to_vec();
        match self {
            Draw::Generated { redraw: 0 } | Draw::Banked => {}
            Draw::Generated { redraw } => path.push(format!("redraw={redraw}")),
            Draw::Listed { entry } => path.push(format!("list={entry}")),
        }
        path
    }
}

/// A book's puzzles in book order, with their keys and how each was drawn.
#[derive(Clone, Debug)]
pub struct Made {
    pub puzzles: Vec<Puzzle>,
    pub keys: Vec<String>,
    pub draws: Vec<Draw>,
}

/// One draw of a generated puzzle.
struct Drawn {
    puzzle: Puzzle,
    key: String,
}

/// Where a section's puzzles come from.
enum Supply<'a> {
    Generated,
    Listed {
        listing: Arc<dyn Listing>,
        order: Vec<usize>,
    },
    Banked(BankSupply<'a>),
}

/// What the walk chose for a job.
#[derive(Clone, Copy)]
enum Choice {
    Generated(usize),
    Listed(usize),
    Banked(usize),
}

/// The streams of a job's draws.
fn stream(spec: &Spec, job: &Job, extra: Option<String>) -> RandomStream {
    let mut path: Vec<&str> = job.seed_path.iter().map(String::as_str).collect();
    if let Some(extra) = &extra {
        path.push(extra);
    }
    RandomStream::derive(&spec.seed, &path, job.index as u64)
}

/// Draw `redraw` of a generated job.
fn draw(spec: &Spec, job: &Job, redraw: usize, deadline: Option<Instant>) -> Result<Drawn> {
    let section = &spec.sections[job.section];
    let mut rng = stream(spec, job, (redraw > 0).then(|| format!("redraw={redraw}")));
    // Once the time is up, the puzzles left fail at once: the run ends within its budget
    // rather than making every puzzle and then failing.
    let made = if super::plan::is_past(deadline) {
        Err(super::plan::out_of_time())
    } else {
        section.options.make(&mut rng, deadline)
    };
    let puzzle = made.map_err(|error| error.context(super::plan::job_context(spec, job)))?;
    let key = puzzle.content.canonical_key();
    Ok(Drawn { puzzle, key })
}

/// The error for a listed section that cannot have `count` distinct puzzles.
fn too_few_listed(
    spec: &Spec,
    section: usize,
    listing: &dyn Listing,
    excluded: usize,
    by_earlier: bool,
) -> Error {
    let section = &spec.sections[section];
    let count = section.count.value;
    let mut available = format!(
        "its settings admit {} ({})",
        listing.len(),
        listing.settings()
    );
    if excluded > 0 {
        available.push_str(&format!(
            ", {excluded} of which the series ledger has recorded"
        ));
    }
    if by_earlier {
        available.push_str(", and earlier sections took some of the rest");
    }
    spec.error(
        section.count.at,
        format!(
            "section {:?} asks for {count} distinct puzzles, but {available}",
            section.title.value
        ),
    )
    .with_hint(
        "lower `count`, or widen `clues`, choose another `symmetry` (none admits the most) \
         or another `tier`",
    )
}

impl Plan {
    /// Makes every puzzle on the current rayon pool, none the same as an earlier one or
    /// as one of `excluded` (a series ledger's keys; see the module docs). `progress` is
    /// called once per finished puzzle with its position in the plan (from worker
    /// threads). A puzzle not made by `deadline` fails the book (which puzzles come out
    /// never depends on time, only whether they come out). The first failure in book order
    /// is returned.
    ///
    /// `banks[k]` is the text of section `k`'s `source` file (read by the caller); sections
    /// with a source take their puzzles from it (see [`super::bank`]). The plan may be the
    /// first jobs of a book only (a cover's): they come out as in the whole book.
    pub fn make(
        &self,
        spec: &Spec,
        banks: &[Option<BankText>],
        excluded: &Keys,
        deadline: Option<Instant>,
        progress: &(dyn Fn(usize) + Sync),
    ) -> Result<Made> {
        let plan = self;
        // The sections the plan reaches, in order, with their jobs (positions in the plan).
        let mut sections: Vec<(usize, Vec<usize>)> = Vec::new();
        for (position, job) in plan.jobs.iter().enumerate() {
            match sections.last_mut() {
                Some((section, jobs)) if *section == job.section => jobs.push(position),
                _ => sections.push((job.section, vec![position])),
            }
        }
        let mut supplies = Vec::with_capacity(sections.len());
        for (section_index, jobs) in &sections {
            let section = &spec.sections[*section_index];
            let supply = match (
                &section.source,
                banks.get(*section_index).and_then(Option::as_ref),
            ) {
                (Some(_), Some(bank)) => Supply::Banked(BankSupply::new(section, bank)?),
                (Some(source), None) => {
                    return Err(spec.error(source.at, "the puzzle file was not read"));
                }
                (None, _) => match section.options.listing() {
                    Some(listing) => {
                        let free = (0..listing.len())
                            .filter(|&entry| !excluded.contains(listing.key(entry)))
                            .count();
                        if free < section.count.value {
                            let recorded = listing.len() - free;
                            return Err(too_few_listed(
                                spec,
                                *section_index,
                                &*listing,
                                recorded,
                                false,
                            ));
                        }
                        let job = &plan.jobs[jobs[0]];
                        let mut path: Vec<&str> =
                            job.seed_path.iter().map(String::as_str).collect();
                        path.push("list");
                        let mut rng = RandomStream::derive(&spec.seed, &path, 0);
                        let mut order: Vec<usize> = (0..listing.len()).collect();
                        rng.shuffle(&mut order);
                        Supply::Listed { listing, order }
                    }
                    None => Supply::Generated,
                },
            };
            supplies.push(supply);
        }
        // First draws, all at once.
        let generated: Vec<usize> = sections
            .iter()
            .zip(&supplies)
            .filter(|(_, supply)| matches!(supply, Supply::Generated))
            .flat_map(|((_, jobs), _)| jobs.iter().copied())
            .collect();
        let mut draws: Vec<Vec<Drawn>> = (0..plan.jobs.len()).map(|_| Vec::new()).collect();
        let first: Vec<Result<Drawn>> = generated
            .par_iter()
            .map(|&position| {
                let made = draw(spec, &plan.jobs[position], 0, deadline);
                progress(position);
                made
            })
            .collect();
        for (&position, made) in generated.iter().zip(first) {
            draws[position].push(made?);
        }
        loop {
            let mut choices: Vec<Option<Choice>> = vec![None; plan.jobs.len()];
            let mut wanting_jobs: Vec<usize> = Vec::new();
            let mut wanting_banks: Vec<usize> = Vec::new();
            {
                let mut taken: HashSet<&str> = excluded.iter().map(String::as_str).collect();
                for (supply_index, (section_index, jobs)) in sections.iter().enumerate() {
                    let section = &spec.sections[*section_index];
                    match &supplies[supply_index] {
                        Supply::Generated => {
                            for &position in jobs {
                                let tried = &draws[position];
                                match tried
                                    .iter()
                                    .position(|drawn| !taken.contains(drawn.key.as_str()))
                                {
                                    Some(redraw) => {
                                        taken.insert(&tried[redraw].key);
                                        choices[position] = Some(Choice::Generated(redraw));
                                    }
                                    None if tried.len() > MAX_REDRAWS as usize => {
                                        let job = &plan.jobs[position];
                                        return Err(Error::runtime(format!(
                                        "section {:?}, puzzle {} of {}: {} draws in a row were the same as earlier puzzles{}",
                                        section.title.value,
                                        job.index + 1,
                                        section.count.value,
                                        tried.len(),
                                        if excluded.is_empty() { "" } else { " or the series ledger's" }
                                    ))
                                    .with_hint(
                                        "its settings admit few distinct puzzles: lower `count`, or widen `clues`, `symmetry` or `tier`",
                                    ));
                                    }
                                    None => wanting_jobs.push(position),
                                }
                            }
                        }
                        Supply::Listed { listing, order } => {
                            let count = section.count.value;
                            for &position in jobs {
                                let index = plan.jobs[position].index;
                                let entry = std::iter::once(order[index])
                                    .chain(order[count..].iter().copied())
                                    .find(|&entry| !taken.contains(listing.key(entry)));
                                let Some(entry) = entry else {
                                    let recorded = (0..listing.len())
                                        .filter(|&entry| excluded.contains(listing.key(entry)))
                                        .count();
                                    return Err(too_few_listed(
                                        spec,
                                        *section_index,
                                        &**listing,
                                        recorded,
                                        true,
                                    ));
                                };
                                taken.insert(listing.key(entry));
                                choices[position] = Some(Choice::Listed(entry));
                            }
                        }
                        Supply::Banked(bank) => {
                            let wanted = section.count.value;
                            let mut chosen = Vec::with_capacity(wanted);
                            let mut next = 0;
                            while chosen.len() < wanted {
                                if next == bank.checked().len() {
                                    if bank.exhausted() {
                                        return Err(bank.too_few(spec, chosen.len()));
                                    }
                                    wanting_banks.push(supply_index);
                                    break;
                                }
                                if let Some((_, key)) = &bank.checked()[next]
                                    && taken.insert(key)
                                {
                                    chosen.push(next);
                                }
                                next += 1;
                            }
                            for &position in jobs {
                                let index = plan.jobs[position].index;
                                if let Some(&candidate) = chosen.get(index) {
                                    choices[position] = Some(Choice::Banked(candidate));
                                }
                            }
                        }
                    }
                }
            }
            if wanting_jobs.is_empty() && wanting_banks.is_empty() {
                return assemble(plan, spec, &supplies, draws, &choices, progress);
            }
            for supply_index in wanting_banks {
                if let Supply::Banked(bank) = &mut supplies[supply_index] {
                    bank.check_more(deadline)?;
                }
            }
            let redrawn: Vec<Result<Drawn>> = wanting_jobs
                .par_iter()
                .map(|&position| draw(spec, &plan.jobs[position], draws[position].len(), deadline))
                .collect();
            for (&position, made) in wanting_jobs.iter().zip(redrawn) {
                draws[position].push(made?);
            }
        }
    }
}

/// The book's puzzles once the walk chose every one.
fn assemble(
    plan: &Plan,
    spec: &Spec,
    supplies: &[Supply<'_>],
    mut draws: Vec<Vec<Drawn>>,
    choices: &[Option<Choice>],
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Made> {
    // The supply of each job's section.
    let mut supply_of = Vec::with_capacity(plan.jobs.len());
    let mut supply_index = 0;
    for (position, job) in plan.jobs.iter().enumerate() {
        if position > 0 && plan.jobs[position - 1].section != job.section {
            supply_index += 1;
        }
        supply_of.push(supply_index);
    }
    let made: Vec<Result<(Puzzle, String, Draw)>> = plan
        .jobs
        .par_iter()
        .enumerate()
        .map(|(position, job)| {
            let choice = choices[position].expect("the walk chose every job");
            match (choice, &supplies[supply_of[position]]) {
                (Choice::Generated(_), _) => Ok(None),
                (Choice::Listed(entry), Supply::Listed { listing, .. }) => {
                    let mut rng = stream(spec, job, Some(format!("list={entry}")));
                    let puzzle = listing.make(entry, &mut rng)?;
                    progress(position);
                    Ok(Some((
                        puzzle,
                        listing.key(entry).to_string(),
                        Draw::Listed { entry },
                    )))
                }
                (Choice::Banked(candidate), Supply::Banked(bank)) => {
                    let (puzzle, key) = bank.checked()[candidate]
                        .clone()
                        .expect("the walk chose a puzzle that meets the section");
                    progress(position);
                    Ok(Some((puzzle, key, Draw::Banked)))
                }
                _ => unreachable!("a choice of the job's own supply"),
            }
        })
        .collect::<Vec<Result<Option<_>>>>()
        .into_iter()
        .enumerate()
        .map(|(position, made)| {
            let made = made?;
            Ok(match made {
                Some(made) => made,
                None => {
                    let Some(Choice::Generated(redraw)) = choices[position] else {
                        unreachable!("only generated jobs are left");
                    };
                    let drawn = draws[position].swap_remove(redraw);
                    (
                        drawn.puzzle,
                        drawn.key,
                        Draw::Generated {
                            redraw: redraw as u32,
                        },
                    )
                }
            })
        })
        .collect();
    let mut result = Made {
        puzzles: Vec::with_capacity(plan.jobs.len()),
        keys: Vec::with_capacity(plan.jobs.len()),
        draws: Vec::with_capacity(plan.jobs.len()),
    };
    for made in made {
        let (puzzle, key, draw) = made?;
        result.puzzles.push(puzzle);
        result.keys.push(key);
        result.draws.push(draw);
    }
    Ok(result)
}
