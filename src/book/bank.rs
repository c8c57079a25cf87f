//! Puzzle banks: a section may take its puzzles from a file instead of generating them.
//!
//! A bank is text in the engines' line formats, one puzzle per line (words after the first
//! are ignored, so `PUZZLE RATING …` lists and `mushikui … solutions=1 # note` files read
//! directly), or JSON Lines with a `puzzle` field (as `sudoku generate --format json`
//! writes). Nothing is trusted: every puzzle is solved again and must have exactly one
//! solution, sudoku are graded, and a section with a tier or rating takes the first puzzles
//! of the file that meet it, in file order, so the book is the same on every run. A
//! mushikui-zan section takes the puzzles of its `op` and `digits` (a bank may mix shapes)
//! and `tier`.

use std::time::Instant;

use rayon::prelude::*;

use super::plan::Puzzle;
use super::spec::{SectionSpec, Spec};
use crate::error::{Error, Result};

/// The text of a section's `source` file, read by the caller.
#[derive(Clone, Debug)]
pub struct BankText {
    /// How errors name the file.
    pub name: String,
    pub text: String,
}

/// One candidate line of a bank: its line number and the puzzle text.
struct Candidate {
    line: usize,
    puzzle: String,
}

/// Splits a bank into candidate puzzle texts (JSON Lines or line format).
fn candidates(bank: &BankText) -> Result<Vec<Candidate>> {
    let mut found = Vec::new();
    // A UTF-8 byte-order mark (some editors write one) is not part of the first puzzle.
    let text = bank.text.strip_prefix('\u{feff}').unwrap_or(&bank.text);
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let puzzle = if trimmed.starts_with('{') {
            let value: serde_json::Value = serde_json::from_str(trimmed).map_err(|error| {
                Error::input(format!("this line is not valid JSON: {error}"))
                    .at_line(number)
                    .in_file(bank.name.clone())
            })?;
            value
                .get("puzzle")
                .and_then(|puzzle| puzzle.as_str())
                .ok_or_else(|| {
                    Error::input("this JSON line has no \"puzzle\" string")
                        .at_line(number)
                        .in_file(bank.name.clone())
                        .with_hint("banks in JSON Lines need a \"puzzle\" field on every line")
                })?
                .to_string()
        } else {
            trimmed.split_whitespace().next().unwrap_or("").to_string()
        };
        found.push(Candidate {
            line: number,
            puzzle,
        });
    }
    Ok(found)
}

/// Checks one candidate with the section's kind: parsed, unique, printable, graded. `None`
/// when it does not meet the section's difficulty or shape.
fn check(
    section: &SectionSpec,
    bank: &BankText,
    candidate: &Candidate,
    deadline: Option<Instant>,
) -> Result<Option<Puzzle>> {
    if super::plan::is_past(deadline) {
        return Err(moved_to_line(
            super::plan::out_of_time(),
            candidate.line,
            &bank.name,
        ));
    }
    section
        .options
        .check_bank_line(&candidate.puzzle, deadline)
        .map_err(|error| moved_to_line(error, candidate.line, &bank.name))
}

/// A puzzle's error moved to line `line` of the file `name`, keeping its column and hint:
/// engine parsers count lines within the one puzzle they see.
pub fn moved_to_line(error: Error, line: usize, name: &str) -> Error {
    let mut moved = match error.kind() {
        crate::error::ErrorKind::Input => Error::input(error.message()),
        crate::error::ErrorKind::Runtime => Error::runtime(error.message()),
    };
    if let Some(column) = error.location().column {
        moved = moved.at_column(column);
    }
    if let Some(hint) = error.hint() {
        moved = moved.with_hint(hint);
    }
    moved.at_line(line).in_file(name.to_string())
}

/// A bank's puzzles for one section, checked a chunk at a time as the book needs them:
/// each candidate line, in file order, once checked, is the puzzle and its key, or `None`
/// when it does not meet the section.
pub struct Supply<'a> {
    section: &'a SectionSpec,
    bank: &'a BankText,
    candidates: Vec<Candidate>,
    checked: Vec<Option<(Puzzle, String)>>,
}

impl<'a> Supply<'a> {
    pub fn new(section: &'a SectionSpec, bank: &'a BankText) -> Result<Supply<'a>> {
        Ok(Supply {
            section,
            bank,
            candidates: candidates(bank)?,
            checked: Vec::new(),
        })
    }

    /// The candidates checked so far, in file order.
    pub fn checked(&self) -> &[Option<(Puzzle, String)>] {
        &self.checked
    }

    /// True when every candidate has been checked.
    pub fn exhausted(&self) -> bool {
        self.checked.len() == self.candidates.len()
    }

    /// Checks the next chunk of candidates on the current rayon pool (the first failure in
    /// file order is the error).
    pub fn check_more(&mut self, deadline: Option<Instant>) -> Result<()> {
        let chunk = self.section.count.value.max(64);
        let end = (self.checked.len() + chunk).min(self.candidates.len());
        let (section, bank) = (self.section, self.bank);
        let checked: Vec<Result<Option<(Puzzle, String)>>> = self.candidates
            [self.checked.len()..end]
            .par_iter()
            .map(|candidate| {
                check(section, bank, candidate, deadline).map(|puzzle| {
                    puzzle.map(|puzzle| {
                        let key = puzzle.content.canonical_key();
                        (puzzle, key)
                    })
                })
            })
            .collect();
        for result in checked {
            self.checked.push(result?);
        }
        Ok(())
    }

    /// The error when the bank has only `found` distinct puzzles for the section.
    pub fn too_few(&self, spec: &Spec, found: usize) -> Error {
        let section = self.section;
        let wanted = section.count.value;
        let at = section
            .source
            .as_ref()
            .map_or(section.count.at, |source| source.at);
        let what = match &section.difficulty {
            Some(difficulty) => format!(
                " that meet {}",
                match &difficulty.value {
                    super::spec::Difficulty::Tier(tier) => format!("tier {tier}"),
                    super::spec::Difficulty::Rating(range) => format!("rating {range}"),
                }
            ),
            None => String::new(),
        };
        spec.error(
            at,
            format!(
                "{} has {found} distinct puzzles{what} (not the same as an earlier puzzle of \
                 the book or its series), but the section wants {wanted}",
                self.bank.name,
            ),
        )
        .with_hint("lower `count`, add puzzles to the file, or relax the difficulty")
    }
}
