//! Walkthroughs: the grader's solution retold the way a person would explain it.
//!
//! Why it lives in the grader: a walkthrough is the grader's own trace ([`super::trace`]),
//! the same deductions in the same order that rate the puzzle, so what a book prints is the
//! reasoning its rating measured. The trace is a machine's: dozens of deeds, most of them
//! carries narrowed one column at a time. Here the deeds are regrouped into human steps:
//! a step ends when digits are found; deeds that only narrow carries are dropped (their
//! values reappear inside the equations that use them); deeds that narrow digits without
//! fixing them are said just before the step they lead to; consecutive easy columns of one
//! row become one step. [`words`] words every deed in every catalog language.
//!
//! Each step lists the digits it finds, so a figure can mark them; together the steps find
//! exactly the puzzle's hidden digits (tests hold this over the classics and generated
//! puzzles of each operation).

mod words;

use super::network::{CellId, CellInfo, Network};
use super::{Deed, Event, Grade, Rule, trace};
use crate::error::Result;
use crate::i18n::Language;
use crate::mushikui::model::Puzzle;
use words::Speaker;

/// A digit a step finds: row (as in the row list), index from the left, digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FoundDigit {
    pub row: usize,
    pub index: usize,
    pub digit: u8,
}

/// One step of a walkthrough: a few deductions that end in found digits (or, when a long
/// run of narrowings is cut, that only narrow candidates: `found` is then empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkStep {
    /// The hardest rule the step uses.
    pub rule: Rule,
    /// Every rule the step's deeds use, easiest first, each once.
    pub rules: Vec<Rule>,
    /// The digits the step finds, in row order, left to right.
    pub found: Vec<FoundDigit>,
    /// The step in words, in each language it was told in (English first).
    texts: Vec<(Language, String)>,
}

impl WalkStep {
    /// The step in words: in `language` if the walkthrough was told in it (see
    /// [`walkthrough_in`]), else in English.
    pub fn text(&self, language: Language) -> &str {
        told(&self.texts, language).as_str()
    }
}

/// A hint's (reasoning, where to look).
type HintParts = (String, String);

/// The item for `language`, or the first (English, which every walkthrough is told in).
fn told<T>(items: &[(Language, T)], language: Language) -> &T {
    let found = items.iter().find(|(told, _)| *told == language);
    &found.or(items.first()).expect("told in English at least").1
}

/// A puzzle's worked solution.
#[derive(Clone, Debug, PartialEq)]
pub struct Walkthrough {
    pub grade: Grade,
    pub steps: Vec<WalkStep>,
    /// The hint in each language (see [`Walkthrough::hint`]).
    hints: Vec<(Language, String)>,
    /// The hint's parts in each language, (the reasoning, where to look), and the step it
    /// points at; `None` when column arithmetic and the times table solve the puzzle.
    hint_parts: Option<(Vec<(Language, HintParts)>, usize)>,
}

impl Walkthrough {
    /// A nudge for a stuck solver: the kind of reasoning of the first step beyond column
    /// arithmetic and the times table, and where it finds a digit, never the digit.
    pub fn hint(&self, language: Language) -> &str {
        told(&self.hints, language).as_str()
    }

    /// The hint as (the kind of reasoning, where to look, the step it points at): "What a
    /// column can carry", "the first digit of the product", 4. `None` when column
    /// arithmetic and the times table solve the puzzle.
    pub fn hint_parts(&self, language: Language) -> Option<(&str, &str, usize)> {
        let (parts, step) = self.hint_parts.as_ref()?;
        let (what, area) = told(parts, language);
        Some((what, area, *step))
    }
}

/// A drill: the walkthrough's position just before the first step that uses a rule, and
/// that step (see [`Walkthrough::drill`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    /// The rule the step uses: the one asked for, or the walkthrough's hardest when no
    /// step that finds digits uses the one asked for.
    pub rule: Rule,
    /// The step, by its index in the walkthrough.
    pub step: usize,
    /// The digits the earlier steps found, which the drill's position shows.
    pub known: Vec<FoundDigit>,
    /// The digits the step finds, which its answer marks.
    pub found: Vec<FoundDigit>,
}

impl Drill {
    /// The drill's position: `puzzle` with the digits the earlier steps found shown.
    pub fn position(&self, puzzle: &Puzzle) -> Puzzle {
        let mut position = puzzle.clone();
        for found in &self.known {
            position.set(found.row, found.index, Some(found.digit));
        }
        position
    }
}

impl Walkthrough {
    /// The drill of `rule`: the position just before the first step that finds digits
    /// using it (the digits found before it shown, the rest hidden). A rule the retelling
    /// leaves unsaid (narrowings that lead nowhere the steps go) is drilled by the first
    /// step of the walkthrough's hardest rule instead, which [`Drill::rule`] names. `None`
    /// only for a walkthrough without steps.
    pub fn drill(&self, rule: Rule) -> Option<Drill> {
        let first_using = |rule: Rule| {
            self.steps
                .iter()
                .position(|step| !step.found.is_empty() && step.rules.contains(&rule))
        };
        let (rule, step) = first_using(rule).map(|step| (rule, step)).or_else(|| {
            let hardest = self
                .steps
                .iter()
                .filter(|step| !step.found.is_empty())
                .map(|step| step.rule)
                .max()?;
            first_using(hardest).map(|step| (hardest, step))
        })?;
        let known = self.steps[..step]
            .iter()
            .flat_map(|step| step.found.iter().copied())
            .collect();
        let found = self.steps[step].found.clone();
        Some(Drill {
            rule,
            step,
            known,
            found,
        })
    }
}

/// A step's words stop growing past this many characters (English): longer runs of
/// narrowings go on in a step of their own, so a step stays well within a page.
pub const LONGEST_STEP: usize = 900;

/// Most sentences one step gathers from consecutive easy columns of one row.
const MOST_MERGED: usize = 4;

/// A step being gathered.
struct Gathering {
    rule: Rule,
    rules: Vec<Rule>,
    found: Vec<FoundDigit>,
    /// Per language told, in the order of the speakers.
    sentences: Vec<Vec<String>>,
    /// The label of the easy column deduction that ended it, when another may join.
    open_label: Option<usize>,
}

/// The worked solution of a puzzle with a unique solution (other puzzles are runtime errors,
/// as for [`super::grade`]).
/// The walkthrough of a puzzle, told in every catalog language.
pub fn walkthrough(puzzle: &Puzzle) -> Result<Walkthrough> {
    tell(puzzle, &Language::all().collect::<Vec<_>>())
}

/// The walkthrough told in `language` (and English, whose lengths decide where long steps
/// are cut, so the steps are the same in every language): a book or a command needs one
/// language, and wording is a good part of the work.
pub fn walkthrough_in(puzzle: &Puzzle, language: Language) -> Result<Walkthrough> {
    let mut languages = vec![Language::ENGLISH, language];
    languages.dedup();
    tell(puzzle, &languages)
}

/// The walkthrough told in `languages`, English first.
fn tell(puzzle: &Puzzle, languages: &[Language]) -> Result<Walkthrough> {
    let trace = trace(puzzle)?;
    let network = &trace.network;
    debug_assert_eq!(languages.first(), Some(&Language::ENGLISH));
    let speakers: Vec<Speaker> = languages
        .iter()
        .map(|&language| Speaker::new(network, language))
        .collect();
    let mut steps: Vec<Gathering> = Vec::new();
    // Deeds that narrowed digits without fixing any, waiting for the step they lead to.
    let mut pending: Vec<Pending> = Vec::new();
    for event in &trace.events {
        let found = found_digits(network, event);
        let narrowed = narrowed_digits(network, event);
        if found.is_empty() && !narrowed {
            continue;
        }
        let rule = match event.deed {
            Deed::Rule { rule, .. } => rule,
            Deed::Cases { .. } => Rule::CaseAnalysis,
            Deed::Search { .. } => Rule::Search,
        };
        let easy_label = match event.deed {
            Deed::Rule { rule, item } if rule.level() <= 2 && item < network.columns.len() => {
                Some(network.columns[item].label)
            }
            _ => None,
        };
        if found.is_empty() {
            pending.push(Pending {
                sentences: speakers
                    .iter()
                    .map(|speaker| speaker.event(event, false))
                    .collect(),
                rule,
                event,
            });
            continue;
        }
        let reasons = relevant(network, event, std::mem::take(&mut pending));
        let joins = reasons.is_empty()
            && easy_label.is_some()
            && steps.last().is_some_and(|last| {
                last.open_label == easy_label && last.sentences[0].len() < MOST_MERGED
            });
        let sentences: Vec<String> = speakers
            .iter()
            .map(|speaker| speaker.event(event, joins))
            .collect();
        if joins {
            let last = steps.last_mut().expect("joins only an open step");
            for (list, sentence) in last.sentences.iter_mut().zip(sentences) {
                list.push(sentence);
            }
            last.found.extend(found);
            last.rule = harder(last.rule, rule);
            last.rules.push(rule);
            continue;
        }
        // The narrowings, then the finding; a long run of narrowings (several case
        // analyses) is told over several steps, so that no step outgrows a page.
        let mut parts: Vec<(Rule, Vec<String>)> = reasons
            .into_iter()
            .map(|reason| (reason.rule, reason.sentences))
            .collect();
        parts.push((rule, sentences));
        let mut chunks: Vec<Vec<(Rule, Vec<String>)>> = vec![Vec::new()];
        let mut length = 0;
        for part in parts {
            let chunk = chunks.last_mut().expect("one chunk at least");
            if !chunk.is_empty() && length + part.1[0].len() > LONGEST_STEP {
                chunks.push(vec![part]);
                length = chunks.last().expect("just pushed")[0].1[0].len();
            } else {
                length += part.1[0].len();
                chunk.push(part);
            }
        }
        let last_chunk = chunks.len() - 1;
        for (index, chunk) in chunks.into_iter().enumerate() {
            let mut gathered: Vec<Vec<String>> = vec![Vec::new(); speakers.len()];
            let mut hardest = chunk[0].0;
            let mut rules = Vec::new();
            for (part_rule, part_sentences) in chunk {
                hardest = harder(hardest, part_rule);
                rules.push(part_rule);
                for (list, sentence) in gathered.iter_mut().zip(part_sentences) {
                    list.push(sentence);
                }
            }
            let ends = index == last_chunk;
            steps.push(Gathering {
                rule: hardest,
                rules,
                found: if ends { found.clone() } else { Vec::new() },
                sentences: gathered,
                open_label: if ends { easy_label } else { None },
            });
        }
    }
    // The hint: the first step past the easy levels, located by its first digit.
    // (A step cut from a long run finds nothing: the digit is the next finding's.)
    let hard = steps
        .iter()
        .position(|step| step.rule.level() > Rule::LastDigit.level());
    let pointed = hard.and_then(|first| {
        let (offset, found) = steps[first..]
            .iter()
            .enumerate()
            .find_map(|(offset, step)| step.found.first().map(|found| (offset, *found)))?;
        Some((steps[first].rule, found, first + offset))
    });
    let (hints, hint_parts) = match pointed {
        Some((rule, found, step)) => {
            let row = &network.rows[found.row];
            let cell = row[row.len() - 1 - found.index];
            let parts = languages
                .iter()
                .zip(&speakers)
                .map(|(&language, speaker)| (language, speaker.hint_parts(rule, cell)))
                .collect();
            (
                languages
                    .iter()
                    .zip(&speakers)
                    .map(|(&language, speaker)| (language, speaker.hint(rule, cell)))
                    .collect(),
                Some((parts, step)),
            )
        }
        None => (
            languages
                .iter()
                .zip(&speakers)
                .map(|(&language, speaker)| (language, speaker.easy_hint()))
                .collect(),
            None,
        ),
    };
    let steps = steps
        .into_iter()
        .map(|mut step| {
            step.found.sort();
            step.rules.sort();
            step.rules.dedup();
            // Japanese sentences end in 。 and follow each other without a space.
            let texts = languages
                .iter()
                .zip(step.sentences)
                .map(|(&language, sentences)| {
                    let joiner = language.text("mushikui-walk.sentence-joiner");
                    (language, sentences.join(joiner))
                })
                .collect();
            WalkStep {
                rule: step.rule,
                rules: step.rules,
                found: step.found,
                texts,
            }
        })
        .collect();
    Ok(Walkthrough {
        grade: trace.grade,
        steps,
        hints,
        hint_parts,
    })
}

/// A deed that narrowed digits without fixing one, in words.
struct Pending<'a> {
    sentences: Vec<String>,
    rule: Rule,
    event: &'a Event,
}

/// Most candidates a narrowed digit may keep for the narrowing to be worth telling.
const TELLING_CANDIDATES: u32 = 4;

/// The cells a deed reads.
fn cells_read(network: &Network, event: &Event) -> Vec<CellId> {
    match &event.deed {
        Deed::Rule { item, .. } => network.item_cells(*item),
        Deed::Cases { cell, refuted } => {
            let mut cells = vec![*cell];
            for item in refuted.iter().filter_map(|&(_, item)| item) {
                cells.extend(network.item_cells(item));
            }
            cells
        }
        Deed::Search { cell } => vec![*cell],
    }
}

/// The narrowings a finding deed builds on, in order: working back from the deed, a
/// narrowing is kept when it narrowed a digit the kept deeds read down to a few
/// candidates; what it read is then read too. The rest (narrowings that lead elsewhere, or
/// only rule out a leading zero) is left unsaid.
fn relevant<'a>(network: &Network, finding: &Event, pending: Vec<Pending<'a>>) -> Vec<Pending<'a>> {
    let mut read = vec![false; network.cells.len()];
    for cell in cells_read(network, finding) {
        read[cell] = true;
    }
    let mut kept: Vec<Pending<'a>> = Vec::new();
    for reason in pending.into_iter().rev() {
        let event = reason.event;
        let useful = (0..network.cells.len()).any(|cell| {
            read[cell]
                && network.is_digit(cell)
                && event.before[cell] != event.after[cell]
                && event.after[cell].count_ones() <= TELLING_CANDIDATES
        });
        if useful {
            for cell in cells_read(network, event) {
                read[cell] = true;
            }
            kept.push(reason);
        }
    }
    kept.reverse();
    // A column or relation used again later is told once, at its last use: the later
    // sentence already says all the earlier one did.
    let item_of = |event: &Event| match event.deed {
        Deed::Rule { item, .. } => Some(item),
        _ => None,
    };
    let finding_item = item_of(finding);
    let mut told: Vec<usize> = finding_item.into_iter().collect();
    let mut unique: Vec<Pending<'a>> = Vec::new();
    for reason in kept.into_iter().rev() {
        match item_of(reason.event) {
            Some(item) if told.contains(&item) => {}
            Some(item) => {
                told.push(item);
                unique.push(reason);
            }
            None => unique.push(reason),
        }
    }
    unique.reverse();
    unique
}

fn harder(a: Rule, b: Rule) -> Rule {
    if b.level() > a.level() { b } else { a }
}

/// Digits the event fixes.
fn found_digits(network: &Network, event: &Event) -> Vec<FoundDigit> {
    let mut found = Vec::new();
    for (cell, info) in network.cells.iter().enumerate() {
        if let CellInfo::Digit { row, position } = *info {
            let (before, after) = (event.before[cell], event.after[cell]);
            if before.count_ones() > 1 && after.count_ones() == 1 {
                found.push(FoundDigit {
                    row,
                    index: network.rows[row].len() - 1 - position,
                    digit: after.trailing_zeros() as u8,
                });
            }
        }
    }
    found
}

/// True when the event narrows some digit's candidates.
fn narrowed_digits(network: &Network, event: &Event) -> bool {
    (0..network.cells.len())
        .any(|cell| network.is_digit(cell) && event.before[cell] != event.after[cell])
}
