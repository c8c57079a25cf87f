//! Grading by the reasoning a puzzle needs: a logical solver with named human rules.
//!
//! The solver works on the [`network`] of a puzzle (every digit, every carry, the columns
//! and relations between them) with the [`rules`], always using the easiest rule that makes
//! progress. Rules come in six levels (see [`Rule::level`]); when none applies, it turns to
//! case analysis: it tries each candidate of one digit (the digit with the fewest
//! candidates, multiplicand/multiplier/divisor/quotient digits first) and rules out those
//! that lead to a contradiction with the rules alone (depth 1) or with rules and depth-1 case
//! analysis (depth 2). Only a puzzle beyond that falls back to a search step.
//!
//! # Rating and tiers (documented in the README)
//!
//! Without case analysis the rating is the weight of the hardest rule needed: 1.0 for plain
//! column arithmetic up to 3.5 for whole-row magnitudes. With case analysis it is
//! `4.0 + 0.5 × log2(candidates tried)` at depth 1, `6.0 + ...` at depth 2 (at most 9.9),
//! and 10.0 when a search step was needed. Tiers: `easy` ≤ 2.0 (no case analysis, no
//! row-level reasoning), `medium` ≤ 3.5 (no case analysis), `hard` < 6.0 (a little case
//! analysis), `expert` the rest.
//!
//! Rules never rule out the true solution, so the fixpoint of a set of rules does not depend
//! on the order they are applied in: the rating is computed level by level, and the
//! step-by-step trace of `--explain` reaches the same grade.

pub mod network;
pub mod rules;
pub mod walkthrough;

use std::fmt;
use std::str::FromStr;

use network::{CellId, Network, build};
pub use rules::Rule;
use rules::{Changes, TOP_LEVEL, apply, describe_changes, describe_item, describe_mask};

use super::model::Puzzle;
use super::solver::{Mask, Solution, solve};
use crate::error::{Error, Result};

/// How hard a puzzle is, in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tier {
    /// Column arithmetic, carries, the times table, zero and one digits: no case analysis.
    Easy,
    /// Also whole-row reasoning (digit counts, remainders below the divisor, magnitudes):
    /// still no case analysis.
    Medium,
    /// A little case analysis: rating below 6.0.
    Hard,
    /// Much or nested case analysis.
    Expert,
}

impl Tier {
    pub const ALL: [Tier; 4] = [Tier::Easy, Tier::Medium, Tier::Hard, Tier::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
            Tier::Expert => "expert",
        }
    }

    /// The tier of a rating.
    pub fn of_rating(rating: f64) -> Tier {
        if rating <= 2.0 {
            Tier::Easy
        } else if rating <= 3.5 {
            Tier::Medium
        } else if rating < 6.0 {
            Tier::Hard
        } else {
            Tier::Expert
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tier {
    type Err = Error;
    fn from_str(text: &str) -> Result<Tier> {
        Tier::ALL
            .into_iter()
            .find(|tier| tier.name() == text)
            .ok_or_else(|| {
                Error::input(format!("unknown tier {text:?}"))
                    .with_hint("the tiers are easy, medium, hard and expert")
            })
    }
}

/// The grade of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// 1.0 to 10.0, one decimal.
    pub rating: f64,
    pub tier: Tier,
    /// The hardest rule needed (`case-analysis` or `search` when those were needed).
    pub hardest: Rule,
    /// Case-analysis steps taken.
    pub case_steps: u32,
    /// Candidates tried in those steps.
    pub trials: u32,
    /// Deepest case analysis: 0 none, 1 rules only inside, 2 case analysis inside.
    pub depth: u8,
}

/// One step of the logical solution, for `--explain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub rule: Rule,
    pub text: String,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.text)
    }
}

/// Propagations a depth-2 case analysis may spend before the solver gives up on it.
const DEPTH_TWO_BUDGET: u64 = 40_000;

/// The propagation engine over one network.
struct Engine<'a> {
    network: &'a Network,
    queue: Vec<usize>,
    queued: Vec<bool>,
    changes: Changes,
    propagations: u64,
    /// The hardest rule applied by `propagate` (highest level, first of its level).
    hardest: Option<Rule>,
    /// The item whose contradiction ended the last failed `propagate`.
    failed_item: Option<usize>,
}

/// The puzzle contradicts itself (impossible for a puzzle with a solution: the rules are
/// sound).
#[derive(Debug)]
struct Contradiction;

impl<'a> Engine<'a> {
    fn new(network: &'a Network) -> Engine<'a> {
        Engine {
            network,
            queue: Vec::with_capacity(network.item_count()),
            queued: vec![false; network.item_count()],
            changes: Vec::new(),
            propagations: 0,
            hardest: None,
            failed_item: None,
        }
    }

    fn note(&mut self, rule: Rule) {
        if self
            .hardest
            .is_none_or(|hardest| rule.level() > hardest.level())
        {
            self.hardest = Some(rule);
        }
    }

    /// Applies the rules up to `level` until nothing changes. `from`: only the items that
    /// watch these cells can have news (the rest is at its fixpoint already).
    fn propagate(&mut self, state: &mut [Mask], level: u8, from: Option<CellId>) -> bool {
        self.propagations += 1;
        self.queue.clear();
        self.queued.iter_mut().for_each(|queued| *queued = false);
        match from {
            None => {
                self.queue.extend((0..self.network.item_count()).rev());
                self.queued.iter_mut().for_each(|queued| *queued = true);
            }
            Some(cell) => {
                for &item in &self.network.watchers[cell] {
                    self.queue.push(item);
                    self.queued[item] = true;
                }
            }
        }
        while let Some(item) = self.queue.pop() {
            self.queued[item] = false;
            self.changes.clear();
            match apply(self.network, item, state, level, &mut self.changes) {
                Err(_) => {
                    self.failed_item = Some(item);
                    return false;
                }
                Ok(None) => {}
                Ok(Some(rule)) => {
                    self.note(rule);
                    for index in 0..self.changes.len() {
                        let cell = self.changes[index].0;
                        for &watcher in &self.network.watchers[cell] {
                            if !self.queued[watcher] {
                                self.queued[watcher] = true;
                                self.queue.push(watcher);
                            }
                        }
                    }
                }
            }
        }
        true
    }

    fn solved(&self, state: &[Mask]) -> bool {
        self.network
            .cells
            .iter()
            .enumerate()
            .all(|(cell, _)| !self.network.is_digit(cell) || state[cell].count_ones() == 1)
    }

    /// The easiest single deduction: its rule, where, and the changes. `None` when stuck.
    fn easiest_step(
        &mut self,
        state: &mut [Mask],
    ) -> std::result::Result<Option<(Rule, usize, Changes)>, Contradiction> {
        let columns = self.network.columns.len();
        // Relations first: where a named relation rule and a column teach the same thing at
        // one level, the relation's name says it better (digit one, zero digit).
        let order: Vec<usize> = (columns..self.network.item_count())
            .chain(0..columns)
            .collect();
        for level in 1..=TOP_LEVEL {
            for &item in &order {
                let mut changes = Changes::new();
                match apply(self.network, item, state, level, &mut changes) {
                    Err(_) => return Err(Contradiction),
                    Ok(None) => {}
                    Ok(Some(rule)) => return Ok(Some((rule, item, changes))),
                }
            }
        }
        Ok(None)
    }

    /// Digits worth splitting on: undecided, fewest candidates first, operands first.
    fn split_order(&self, state: &[Mask]) -> Vec<CellId> {
        let mut cells: Vec<CellId> = (0..state.len())
            .filter(|&cell| self.network.is_digit(cell) && state[cell].count_ones() > 1)
            .collect();
        cells.sort_by_key(|&cell| (state[cell].count_ones(), !self.network.operand[cell], cell));
        cells
    }

    /// One case analysis: the first digit (in split order) with candidates that lead to a
    /// contradiction. Returns the digit, the failed candidates and how many were tried.
    fn case_split(&mut self, state: &[Mask], depth: u8) -> Option<(CellId, Mask, u32)> {
        for cell in self.split_order(state) {
            let candidates = state[cell];
            let mut failed: Mask = 0;
            for digit in 0..10 {
                if candidates & (1 << digit) == 0 {
                    continue;
                }
                if depth >= 2 && self.propagations > DEPTH_TWO_BUDGET {
                    return None;
                }
                let mut trial = state.to_vec();
                trial[cell] = 1 << digit;
                let holds = self.propagate(&mut trial, TOP_LEVEL, Some(cell))
                    && (depth < 2 || self.survives_depth_one(&mut trial));
                if !holds {
                    failed |= 1 << digit;
                }
            }
            if failed != 0 {
                return Some((cell, failed, candidates.count_ones()));
            }
        }
        None
    }

    /// Why each of `failed` fails when `cell` takes it: the item whose contradiction ends
    /// the trial, or `None` when the trial needed case analysis inside to fail.
    fn refutations(
        &mut self,
        state: &[Mask],
        cell: CellId,
        failed: Mask,
    ) -> Vec<(u8, Option<usize>)> {
        let propagations = self.propagations;
        let mut refuted = Vec::new();
        for digit in 0..10u8 {
            if failed & (1 << digit) == 0 {
                continue;
            }
            let mut trial = state.to_vec();
            trial[cell] = 1 << digit;
            self.failed_item = None;
            let item = if self.propagate(&mut trial, TOP_LEVEL, Some(cell)) {
                None
            } else {
                self.failed_item
            };
            refuted.push((digit, item));
        }
        self.propagations = propagations;
        refuted
    }

    /// Runs rules and depth-1 case analysis on a trial state: false when it contradicts.
    fn survives_depth_one(&mut self, trial: &mut [Mask]) -> bool {
        loop {
            if self.solved(trial) {
                return true;
            }
            let Some((cell, failed, _)) = self.case_split(trial, 1) else {
                return true;
            };
            trial[cell] &= !failed;
            if trial[cell] == 0 || !self.propagate(trial, TOP_LEVEL, Some(cell)) {
                return false;
            }
            if self.propagations > DEPTH_TWO_BUDGET {
                return true;
            }
        }
    }
}

fn internal(puzzle: &Puzzle) -> Error {
    Error::runtime(format!(
        "the grader contradicted itself on {puzzle}: this is a bug in puzzlebook"
    ))
}

/// Grades a puzzle with a unique solution. Puzzles with none or several are runtime errors.
pub fn grade(puzzle: &Puzzle) -> Result<Grade> {
    run(puzzle, false).map(|trace| trace.grade)
}

/// Grades a puzzle and lists the deduction steps, easiest rule first.
pub fn explain(puzzle: &Puzzle) -> Result<(Grade, Vec<Step>)> {
    run(puzzle, true).map(|trace| (trace.grade, trace.steps))
}

/// True when the rules of `tier` solve the puzzle without case analysis (always true for
/// `hard` and `expert`, which allow it). The puzzle must have a solution.
pub fn solvable_within(puzzle: &Puzzle, tier: Tier) -> bool {
    let level = match tier {
        Tier::Easy => Rule::Carry.level(),
        Tier::Medium => TOP_LEVEL,
        Tier::Hard | Tier::Expert => return true,
    };
    let network = build(puzzle);
    let mut engine = Engine::new(&network);
    let mut state = network.initial.clone();
    engine.propagate(&mut state, level, None) && engine.solved(&state)
}

/// One thing the recording solver did, with every cell's candidates before and after it:
/// the material of walkthroughs.
#[derive(Clone, Debug)]
pub(crate) struct Event {
    pub deed: Deed,
    pub before: Vec<Mask>,
    pub after: Vec<Mask>,
}

#[derive(Clone, Debug)]
pub(crate) enum Deed {
    /// A rule narrowed the cells of one item (a column, or a relation after the columns).
    Rule { rule: Rule, item: usize },
    /// Case analysis on `cell`: each refuted candidate with the item whose contradiction
    /// ended its trial (`None` when it took case analysis inside, depth 2).
    Cases {
        cell: CellId,
        refuted: Vec<(u8, Option<usize>)>,
    },
    /// Nothing decides the next digit: the solution's digit is taken.
    Search { cell: CellId },
}

/// A graded puzzle with what the recording solver did (empty when not recording).
pub(crate) struct Trace {
    pub grade: Grade,
    pub steps: Vec<Step>,
    pub events: Vec<Event>,
    pub network: Network,
}

/// Grades a puzzle and records every deed with the positions around it.
pub(crate) fn trace(puzzle: &Puzzle) -> Result<Trace> {
    run(puzzle, true)
}

fn run(puzzle: &Puzzle, record: bool) -> Result<Trace> {
    let solution = match solve(puzzle) {
        Solution::Unique(solution) => solution,
        Solution::None => return Err(Error::runtime("the puzzle has no solution")),
        Solution::Multiple(..) => {
            return Err(Error::runtime(
                "the puzzle has more than one solution, so it cannot be graded",
            ));
        }
    };
    let network = build(puzzle);
    let mut engine = Engine::new(&network);
    let mut state = network.initial.clone();
    let mut steps = Vec::new();
    let mut events = Vec::new();
    // The logical phase, level by level: the lowest level that solves is the rating.
    let mut logic_state = state.clone();
    for level in 1..=TOP_LEVEL {
        if !engine.propagate(&mut logic_state, level, None) {
            return Err(internal(puzzle));
        }
        if engine.solved(&logic_state) {
            break;
        }
    }
    let logical_hardest = engine.hardest.unwrap_or(Rule::BringDown);
    if record {
        record_logic(&mut engine, &mut state, &mut steps, &mut events)
            .map_err(|_| internal(puzzle))?;
    } else {
        state = logic_state;
    }
    // Case analysis until solved.
    let mut case_steps = 0u32;
    let mut trials = 0u32;
    let mut depth = 0u8;
    let mut searched = false;
    while !engine.solved(&state) {
        let split = engine
            .case_split(&state, 1)
            .map(|split| (split, 1))
            .or_else(|| {
                engine.propagations = 0;
                engine.case_split(&state, 2).map(|split| (split, 2))
            });
        let changed_cell = match split {
            Some(((cell, failed, tried), split_depth)) => {
                let before = state[cell];
                let refuted = if record {
                    engine.refutations(&state, cell, failed)
                } else {
                    Vec::new()
                };
                let before_state = record.then(|| state.clone());
                state[cell] &= !failed;
                if state[cell] == 0 {
                    return Err(internal(puzzle));
                }
                case_steps += 1;
                trials += tried;
                depth = depth.max(split_depth);
                if let Some(before_state) = before_state {
                    events.push(Event {
                        deed: Deed::Cases { cell, refuted },
                        before: before_state,
                        after: state.clone(),
                    });
                    steps.push(Step {
                        rule: Rule::CaseAnalysis,
                        text: format!(
                            "{}: {} {} to a contradiction{}, so {} {} {}",
                            network.cell_name(cell),
                            describe_mask(failed),
                            if failed.count_ones() == 1 {
                                "leads"
                            } else {
                                "lead"
                            },
                            if split_depth == 2 {
                                " (with case analysis inside)"
                            } else {
                                ""
                            },
                            network.cell_name(cell),
                            if state[cell].count_ones() == 1 {
                                "="
                            } else {
                                "∈"
                            },
                            describe_mask(state[cell] & before)
                        ),
                    });
                }
                cell
            }
            None => {
                // Beyond bounded case analysis: take the solution's digit.
                let cell = engine.split_order(&state)[0];
                let (row, position) = match network.cells[cell] {
                    network::CellInfo::Digit { row, position } => (row, position),
                    _ => return Err(internal(puzzle)),
                };
                let digit = solution.rows()[row]
                    .from_right(position)
                    .ok_or_else(|| internal(puzzle))?;
                let before_state = record.then(|| state.clone());
                state[cell] = 1 << digit;
                searched = true;
                if let Some(before_state) = before_state {
                    events.push(Event {
                        deed: Deed::Search { cell },
                        before: before_state,
                        after: state.clone(),
                    });
                    steps.push(Step {
                        rule: Rule::Search,
                        text: format!("{} = {digit}", network.cell_name(cell)),
                    });
                }
                cell
            }
        };
        if record {
            record_logic(&mut engine, &mut state, &mut steps, &mut events)
                .map_err(|_| internal(puzzle))?;
        } else if !engine.propagate(&mut state, TOP_LEVEL, Some(changed_cell)) {
            return Err(internal(puzzle));
        }
    }
    check_solution(&network, &state, &solution).ok_or_else(|| internal(puzzle))?;
    let (rating, hardest) = if searched {
        (10.0, Rule::Search)
    } else if case_steps > 0 {
        let base = if depth >= 2 { 6.0 } else { 4.0 };
        let rating = (base + 0.5 * f64::from(trials).log2()).min(9.9);
        (rating, Rule::CaseAnalysis)
    } else {
        (logical_hardest.weight(), logical_hardest)
    };
    let rating = (rating * 10.0).round() / 10.0;
    Ok(Trace {
        grade: Grade {
            rating,
            tier: Tier::of_rating(rating),
            hardest,
            case_steps,
            trials,
            depth,
        },
        steps,
        events,
        network,
    })
}

/// Records easiest-first logical steps until stuck or solved.
fn record_logic(
    engine: &mut Engine<'_>,
    state: &mut [Mask],
    steps: &mut Vec<Step>,
    events: &mut Vec<Event>,
) -> std::result::Result<(), Contradiction> {
    while !engine.solved(state) {
        let Some((rule, item, changes)) = engine.easiest_step(state)? else {
            break;
        };
        let mut before = state.to_vec();
        for &(cell, old) in changes.iter().rev() {
            before[cell] = old;
        }
        events.push(Event {
            deed: Deed::Rule { rule, item },
            before,
            after: state.to_vec(),
        });
        // Narrowing a carry without fixing it is bookkeeping, not a step worth reading.
        let worth_telling = changes
            .iter()
            .any(|&(cell, _)| engine.network.is_digit(cell) || state[cell].count_ones() == 1);
        if !worth_telling {
            continue;
        }
        steps.push(Step {
            rule,
            text: format!(
                "{}: {}",
                describe_item(engine.network, item),
                describe_changes(engine.network, state, &changes)
            ),
        });
    }
    Ok(())
}

/// True when every digit of `state` is the solution's.
fn check_solution(network: &Network, state: &[Mask], solution: &Puzzle) -> Option<()> {
    for (cell, info) in network.cells.iter().enumerate() {
        if let network::CellInfo::Digit { row, position } = *info {
            let digit = solution.rows()[row].from_right(position)?;
            if state[cell] != 1 << digit {
                return None;
            }
        }
    }
    Some(())
}
