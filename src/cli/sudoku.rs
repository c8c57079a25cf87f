//! `puzzlebook sudoku …`: generate, solve and count.

use std::path::PathBuf;

use clap::builder::PossibleValue;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::batch::{CHUNK, JobsArg, map_ordered};
use super::io::{Input, Output};
use crate::error::Error;
use crate::seed::RandomStream;
use crate::sudoku::{
    ClueRange, GenerateOptions, Grid, ParsedPuzzle, PuzzleReader, Solution, Symmetry, generate,
};

/// The seed used when `--seed` is not given.
pub const DEFAULT_SEED: &str = "puzzlebook";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate unique-solution puzzles, one 81-character line each.
    #[command(after_help = "\
Examples:
  puzzlebook sudoku generate -n 10 --seed 2026-W47
  puzzlebook sudoku generate -n 5 --symmetry dihedral
  puzzlebook sudoku generate -n 100 --clues 24..28 --format json")]
    Generate(GenerateArgs),
    /// Solve puzzles: one solution line per puzzle, in input order.
    #[command(after_help = "\
Input: one puzzle per line (81 cells, 1-9 for clues, '.' or '0' for blanks; words after the
first are ignored) or 9 lines of 9. A puzzle without a unique solution is reported on stderr
with its line number; the others are still solved, and the exit code is 1.

Examples:
  puzzlebook sudoku solve puzzles.txt
  puzzlebook sudoku generate -n 3 | puzzlebook sudoku solve")]
    Solve(SolveArgs),
    /// Count solutions: one number per puzzle, counting stops at --limit.
    #[command(after_help = "\
Examples:
  puzzlebook sudoku count puzzles.txt
  puzzlebook sudoku count --limit 1000 puzzles.txt")]
    Count(CountArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One 81-character puzzle line each ('.' for blanks).
    Line,
    /// JSON Lines: puzzle, solution, seed, index, clues, symmetry.
    Json,
}

impl ValueEnum for Symmetry {
    fn value_variants<'a>() -> &'a [Self] {
        &Symmetry::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Symmetry::None => "no symmetry",
            Symmetry::Rot180 => "half-turn rotation (default)",
            Symmetry::Rot90 => "quarter-turn rotation",
            Symmetry::Mirror => "left-right mirror",
            Symmetry::Flip => "top-bottom flip",
            Symmetry::Diagonal => "main-diagonal reflection",
            Symmetry::Antidiagonal => "anti-diagonal reflection",
            Symmetry::Dihedral => "all eight symmetries of the square",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles to generate.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    count: u64,
    /// Any text; the same seed and options always give the same puzzles.
    #[arg(long, value_name = "S", default_value = DEFAULT_SEED)]
    seed: String,
    /// Symmetry of the clue pattern.
    #[arg(long, value_name = "SYM", default_value = "rot180")]
    symmetry: Symmetry,
    /// Clue count range MIN..MAX (default: minimal for the symmetry).
    #[arg(long, value_name = "A..B", value_parser = parse_clue_range)]
    clues: Option<ClueRange>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    #[command(flatten)]
    jobs: JobsArg,
}

fn parse_clue_range(text: &str) -> Result<ClueRange, String> {
    text.parse::<ClueRange>()
        .map_err(|error| match error.hint() {
            Some(hint) => format!("{}\n  hint: {hint}", error.message()),
            None => error.message().to_string(),
        })
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Puzzle file; standard input when absent or '-'.
    file: Option<PathBuf>,
    #[command(flatten)]
    jobs: JobsArg,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// Puzzle file; standard input when absent or '-'.
    file: Option<PathBuf>,
    /// Stop counting at this many solutions.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(command: Command) -> Result<i32, Error> {
    match command {
        Command::Generate(args) => run_generate(args),
        Command::Solve(args) => run_solve(args),
        Command::Count(args) => run_count(args),
    }
}

#[derive(Serialize)]
struct GeneratedRecord<'a> {
    puzzle: String,
    solution: String,
    seed: &'a str,
    index: u64,
    clues: usize,
    symmetry: &'a str,
}

fn run_generate(args: GenerateArgs) -> Result<i32, Error> {
    let options = GenerateOptions {
        symmetry: args.symmetry,
        clues: args.clues,
        ..GenerateOptions::default()
    };
    let mut path = vec!["sudoku".to_string()];
    path.extend(options.seed_path());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    let pool = args.jobs.pool()?;
    let mut output = Output::stdout();
    let mut start = 0;
    while start < args.count {
        let end = args.count.min(start + CHUNK as u64);
        let indices: Vec<u64> = (start..end).collect();
        let results = map_ordered(&pool, &indices, |&index| {
            let mut rng = RandomStream::derive(&args.seed, &path, index);
            generate(&options, &mut rng)
        });
        for (index, result) in indices.into_iter().zip(results) {
            let generated = result.map_err(|error| error.context(format!("puzzle {index}")))?;
            let text = match args.format {
                Format::Line => generated.puzzle.to_line(),
                Format::Json => serde_json::to_string(&GeneratedRecord {
                    puzzle: generated.puzzle.to_line(),
                    solution: generated.solution.to_line(),
                    seed: &args.seed,
                    index,
                    clues: generated.puzzle.clue_count(),
                    symmetry: options.symmetry.name(),
                })
                .map_err(|error| Error::runtime(format!("cannot encode JSON: {error}")))?,
            };
            output.line(&text)?;
        }
        start = end;
    }
    output.flush()?;
    Ok(0)
}

/// How a batch over an input file ended: the worst outcome decides the exit code.
#[derive(Default)]
struct Outcome {
    input_errors: usize,
    failures: usize,
}

impl Outcome {
    fn exit_code(&self) -> i32 {
        if self.input_errors > 0 {
            2
        } else if self.failures > 0 {
            1
        } else {
            0
        }
    }
}

fn warn(error: &Error) {
    eprintln!("error: {error}");
}

/// Streams the puzzles of an input through `work` in parallel chunks; `emit` gets each
/// puzzle's result in input order. Parse errors are reported and counted, not fatal.
fn for_each_puzzle<R: Send>(
    file: Option<&std::path::Path>,
    jobs: &JobsArg,
    work: impl Fn(&Grid) -> R + Sync + Send,
    mut emit: impl FnMut(&str, &ParsedPuzzle, R, &mut Output) -> Result<(), Error>,
) -> Result<Outcome, Error> {
    let mut input = Input::open(file)?;
    let pool = jobs.pool()?;
    let mut output = Output::stdout();
    let mut outcome = Outcome::default();
    let mut reader = PuzzleReader::new();
    let mut pending: Vec<ParsedPuzzle> = Vec::with_capacity(CHUNK);
    let name = input.name.clone();
    let mut flush = |pending: &mut Vec<ParsedPuzzle>, output: &mut Output| -> Result<(), Error> {
        let results = map_ordered(&pool, pending, |parsed| work(&parsed.grid));
        for (parsed, result) in pending.iter().zip(results) {
            emit(&name, parsed, result, output)?;
        }
        pending.clear();
        Ok(())
    };
    let mut handle = |item: Option<Result<ParsedPuzzle, Error>>,
                      pending: &mut Vec<ParsedPuzzle>,
                      output: &mut Output,
                      outcome: &mut Outcome|
     -> Result<(), Error> {
        match item {
            Some(Ok(parsed)) => {
                pending.push(parsed);
                if pending.len() == CHUNK {
                    flush(pending, output)?;
                }
            }
            Some(Err(error)) => {
                // Keep stdout and stderr in input order.
                flush(pending, output)?;
                output.flush()?;
                warn(&error.in_file(name.clone()));
                outcome.input_errors += 1;
            }
            None => {}
        }
        Ok(())
    };
    input.for_each_line(|number, line| {
        handle(
            reader.push_line(number, line),
            &mut pending,
            &mut output,
            &mut outcome,
        )?;
        Ok(true)
    })?;
    handle(reader.finish(), &mut pending, &mut output, &mut outcome)?;
    flush(&mut pending, &mut output)?;
    output.flush()?;
    Ok(outcome)
}

fn run_solve(args: SolveArgs) -> Result<i32, Error> {
    let mut failures = 0;
    let outcome = for_each_puzzle(
        args.file.as_deref(),
        &args.jobs,
        crate::sudoku::solve,
        |name, parsed, solution, output| {
            let problem = match solution {
                Solution::Unique(grid) => return output.line(&grid.to_line()),
                Solution::None => "the puzzle has no solution",
                Solution::Multiple(..) => "the puzzle has more than one solution",
            };
            output.flush()?;
            warn(&Error::runtime(problem).at_line(parsed.line).in_file(name));
            failures += 1;
            Ok(())
        },
    )?;
    let outcome = Outcome {
        failures,
        ..outcome
    };
    Ok(outcome.exit_code())
}

fn run_count(args: CountArgs) -> Result<i32, Error> {
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    let outcome = for_each_puzzle(
        args.file.as_deref(),
        &args.jobs,
        |grid| crate::sudoku::count_solutions(grid, limit),
        |_, _, count, output| output.line(&count.to_string()),
    )?;
    Ok(outcome.exit_code())
}
