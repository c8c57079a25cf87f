//! `puzzlebook bank …`: work on puzzle banks (puzzle files), such as merging shards.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rayon::prelude::*;

use super::Ui;
use super::batch::{CHUNK, JobsArg};
use super::io::{Input, Output};
use crate::book::bank::moved_to_line;
use crate::book::distinct::key_of_line;
use crate::error::Error;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Leave out every puzzle that is the same as an earlier one (turned, reflected,
    /// reordered or relabelled), keeping the first and the order.
    #[command(after_help = "\
Reads the FILEs in order as one bank (shards of `generate --shard` being merged, say) and
writes its lines to standard output, leaving out each puzzle the same as an earlier one
(sudoku by their canonical forms, `puzzlebook sudoku canon`; mushikui-zan by their row lists)
and, with --ledger, each one a series ledger has recorded. Lines are written as they were
(puzzle lines with their words, JSON Lines records, comments and blank lines); the order is
kept. A line that is not a puzzle is an error naming its file and line.

Examples:
  puzzlebook bank dedupe hard-1.jsonl hard-2.jsonl hard-3.jsonl > hard.jsonl
  puzzlebook bank dedupe --ledger weekly.ledger bank.txt > fresh.txt")]
    Dedupe(DedupeArgs),
}

#[derive(Debug, Args)]
pub struct DedupeArgs {
    /// Puzzle files, read in order as one; standard input when absent or '-'.
    files: Vec<PathBuf>,
    /// Also leave out the puzzles this series ledger has recorded.
    #[arg(long, value_name = "LEDGER")]
    ledger: Option<PathBuf>,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(command: Command, ui: Ui) -> Result<i32, Error> {
    match command {
        Command::Dedupe(args) => dedupe(args, ui),
    }
}

/// The puzzle text of a bank line (its first word, or a JSON line's `puzzle`); `None` for
/// blank and `#` lines.
pub fn puzzle_of_line(line: &str, number: usize, name: &str) -> Result<Option<String>, Error> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    if trimmed.starts_with('{') {
        let value: serde_json::Value = serde_json::from_str(trimmed).map_err(|error| {
            Error::input(format!("this line is not valid JSON: {error}"))
                .at_line(number)
                .in_file(name.to_string())
        })?;
        return value
            .get("puzzle")
            .and_then(|puzzle| puzzle.as_str())
            .map(|puzzle| Some(puzzle.to_string()))
            .ok_or_else(|| {
                Error::input("this JSON line has no \"puzzle\" string")
                    .at_line(number)
                    .in_file(name.to_string())
            });
    }
    Ok(trimmed.split_whitespace().next().map(str::to_string))
}

/// The key of an output line of `generate` (a puzzle line or a JSON record).
pub fn key_of_output(line: &str) -> Result<String, Error> {
    let puzzle = puzzle_of_line(line, 1, "the output")?.unwrap_or_default();
    key_of_line(&puzzle)
}

/// What `dedupe` has seen so far.
struct Seen {
    recorded: HashSet<String>,
    earlier: HashSet<String>,
    kept: usize,
    repeated: usize,
    in_ledger: usize,
}

impl Seen {
    /// Writes the lines of `chunk` (of the file `name`) that are not puzzles or are new.
    fn pass(
        &mut self,
        pool: &rayon::ThreadPool,
        name: &str,
        chunk: &[(usize, String)],
        output: &mut Output,
    ) -> Result<(), Error> {
        let keys: Vec<Result<Option<String>, Error>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|(number, line)| {
                    puzzle_of_line(line, *number, name)?
                        .map(|puzzle| {
                            key_of_line(&puzzle)
                                .map_err(|error| moved_to_line(error, *number, name))
                        })
                        .transpose()
                })
                .collect()
        });
        for ((_, line), key) in chunk.iter().zip(keys) {
            let Some(key) = key? else {
                output.line(line)?;
                continue;
            };
            if self.recorded.contains(&key) {
                self.in_ledger += 1;
            } else if !self.earlier.insert(key) {
                self.repeated += 1;
            } else {
                self.kept += 1;
                output.line(line)?;
            }
        }
        Ok(())
    }
}

fn dedupe(args: DedupeArgs, ui: Ui) -> Result<i32, Error> {
    let recorded = match &args.ledger {
        Some(path) => super::ledger::read(path)?
            .keys()
            .map(|(_, _, key)| key.to_string())
            .collect(),
        None => HashSet::new(),
    };
    let mut seen = Seen {
        recorded,
        earlier: HashSet::new(),
        kept: 0,
        repeated: 0,
        in_ledger: 0,
    };
    let pool = args.jobs.pool(usize::MAX)?;
    let files: Vec<Option<&Path>> = if args.files.is_empty() {
        vec![None]
    } else {
        args.files.iter().map(|path| Some(path.as_path())).collect()
    };
    let mut output = Output::stdout();
    for file in files {
        let mut input = Input::open(file)?;
        // Kept lines are written as they were, JSON records included.
        input.records_as_puzzles = false;
        let name = input.name.clone();
        let mut chunk: Vec<(usize, String)> = Vec::with_capacity(CHUNK);
        input.for_each_line(|number, line| {
            chunk.push((number, line.to_string()));
            if chunk.len() == CHUNK {
                seen.pass(&pool, &name, &chunk, &mut output)?;
                chunk.clear();
            }
            Ok(true)
        })?;
        seen.pass(&pool, &name, &chunk, &mut output)?;
    }
    output.flush()?;
    ui.say(format_args!(
        "kept {} puzzles; left out {} the same as an earlier one{}",
        seen.kept,
        seen.repeated,
        if args.ledger.is_some() {
            format!(" and {} the ledger has", seen.in_ledger)
        } else {
            String::new()
        }
    ));
    Ok(0)
}
