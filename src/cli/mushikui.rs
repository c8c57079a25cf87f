//! `puzzlebook mushikui …`: generate, solve, count and grade mushikui-zan.

use std::path::{Path, PathBuf};

use clap::builder::PossibleValue;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::batch::{CHUNK, JobsArg, map_ordered};
use super::io::{Input, Output};
use crate::error::Error;
use crate::mushikui::{
    GenerateOptions, Grade, Operation, ParsedPuzzle, Puzzle, PuzzleReader, Solution, Step, Tier,
    count_solutions, explain, generate, grade, solve,
};
use crate::seed::RandomStream;

/// The seed used when `--seed` is not given.
pub const DEFAULT_SEED: &str = "puzzlebook";

const INPUT_HELP: &str = "\
Input: one puzzle per line in the row-list format KIND:ROW,ROW,... ('*' for a hidden digit;
words after the first are ignored; blank lines and lines starting with '#' are skipped).";

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate unique-solution puzzles, one row-list line each.
    #[command(after_help = "\
Digits: add the addend lengths (2 to 6 numbers), sub minuend and subtrahend, mul multiplicand
and multiplier, div dividend and divisor (and optionally the quotient length).

Examples:
  puzzlebook mushikui generate --op mul --digits 3,2 -n 10 --seed 2026-W47
  puzzlebook mushikui generate --op div --digits 6,3 --tier hard
  puzzlebook mushikui generate --op div --digits 8,3 --reveal-only 7
  puzzlebook mushikui generate --op add --digits 4,4,3 --format json")]
    Generate(GenerateArgs),
    /// Solve puzzles: one solution line per puzzle, in input order.
    #[command(after_help = "\
A puzzle without a unique solution is reported on stderr with its line number; the others are
still solved, and the exit code is 1.

Examples:
  puzzlebook mushikui solve puzzles.txt
  puzzlebook mushikui generate --op mul --digits 3,3 -n 5 | puzzlebook mushikui solve")]
    Solve(FileArgs),
    /// Count solutions: one number per puzzle, counting stops at --limit.
    #[command(after_help = "\
Examples:
  puzzlebook mushikui count puzzles.txt
  puzzlebook mushikui count --limit 100 puzzles.txt")]
    Count(CountArgs),
    /// Grade puzzles by the reasoning they need: `PUZZLE RATING TIER` per line.
    #[command(after_help = "\
Ratings: 1.0-3.5 logical rules only (easy up to 2.0, medium up to 3.5), 4.0 and up case
analysis (hard below 6.0, expert from 6.0), 10.0 when a search step was needed.

Examples:
  puzzlebook mushikui grade puzzles.txt
  puzzlebook mushikui grade --explain puzzles.txt
  puzzlebook mushikui generate --op div --digits 6,3 -n 100 | puzzlebook mushikui grade")]
    Grade(GradeArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per puzzle.
    Line,
    /// JSON Lines.
    Json,
}

impl ValueEnum for Operation {
    fn value_variants<'a>() -> &'a [Self] {
        &Operation::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Operation::Add => "addition of 2 to 6 numbers",
            Operation::Sub => "subtraction",
            Operation::Mul => "long multiplication with partial products",
            Operation::Div => "long division with every step",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

impl ValueEnum for Tier {
    fn value_variants<'a>() -> &'a [Self] {
        &Tier::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Tier::Easy => "column arithmetic, carries, times table (rating up to 2.0)",
            Tier::Medium => "also whole-row bounds, no case analysis (up to 3.5)",
            Tier::Hard => "a little case analysis (below 6.0)",
            Tier::Expert => "much or nested case analysis (6.0 and up)",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The operation.
    #[arg(long, value_enum)]
    op: Operation,
    /// Digit counts, comma-separated (see below).
    #[arg(long, value_name = "N,N,...", value_delimiter = ',', required = true, num_args = 1..)]
    digits: Vec<usize>,
    /// How many puzzles to generate.
    #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1)]
    count: u64,
    /// Any text; the same seed and options always give the same puzzles.
    #[arg(long, value_name = "S", default_value = DEFAULT_SEED)]
    seed: String,
    /// Only puzzles of this tier.
    #[arg(long, value_enum)]
    tier: Option<Tier>,
    /// Themed puzzles: the only digits shown are D.
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u8).range(0..=9))]
    reveal_only: Option<u8>,
    /// Stop hiding digits when P percent are still shown (default: minimal puzzles).
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u8).range(0..=100))]
    shown: Option<u8>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    #[command(flatten)]
    jobs: JobsArg,
}

#[derive(Debug, Args)]
pub struct FileArgs {
    /// Puzzle file; standard input when absent or '-'.
    #[arg(help = INPUT_HELP)]
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

#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Puzzle file; standard input when absent or '-'.
    file: Option<PathBuf>,
    /// Print the deduction steps after each puzzle.
    #[arg(long)]
    explain: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(command: Command) -> Result<i32, Error> {
    match command {
        Command::Generate(args) => run_generate(args),
        Command::Solve(args) => run_solve(args),
        Command::Count(args) => run_count(args),
        Command::Grade(args) => run_grade(args),
    }
}

#[derive(Serialize)]
struct GeneratedRecord<'a> {
    puzzle: String,
    solution: String,
    seed: &'a str,
    index: u64,
    op: &'a str,
    digits: &'a [usize],
    shown: usize,
    total: usize,
    rating: f64,
    tier: &'a str,
    hardest: &'a str,
}

fn json(value: &impl Serialize) -> Result<String, Error> {
    serde_json::to_string(value)
        .map_err(|error| Error::runtime(format!("cannot encode JSON: {error}")))
}

fn run_generate(args: GenerateArgs) -> Result<i32, Error> {
    let options = GenerateOptions {
        tier: args.tier,
        reveal_only: args.reveal_only,
        shown_percent: args.shown,
        ..GenerateOptions::new(args.op, &args.digits)
    };
    options.validate()?;
    let mut path = vec!["mushikui".to_string()];
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
                Format::Json => json(&GeneratedRecord {
                    puzzle: generated.puzzle.to_line(),
                    solution: generated.solution.to_line(),
                    seed: &args.seed,
                    index,
                    op: options.operation.name(),
                    digits: &options.digits,
                    shown: generated.puzzle.shown_count(),
                    total: generated.puzzle.digit_count(),
                    rating: generated.grade.rating,
                    tier: generated.grade.tier.name(),
                    hardest: generated.grade.hardest.name(),
                })?,
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
/// puzzle's result in input order and returns whether it counts as a failure. Parse errors
/// are reported and counted, not fatal.
fn for_each_puzzle<R: Send>(
    file: Option<&Path>,
    jobs: &JobsArg,
    work: impl Fn(&Puzzle) -> R + Sync + Send,
    mut emit: impl FnMut(&str, &ParsedPuzzle, R, &mut Output) -> Result<bool, Error>,
) -> Result<Outcome, Error> {
    let mut input = Input::open(file)?;
    let pool = jobs.pool()?;
    let mut output = Output::stdout();
    let mut outcome = Outcome::default();
    let mut reader = PuzzleReader::new();
    let mut pending: Vec<ParsedPuzzle> = Vec::with_capacity(CHUNK);
    let name = input.name.clone();
    let mut flush = |pending: &mut Vec<ParsedPuzzle>,
                     output: &mut Output,
                     outcome: &mut Outcome|
     -> Result<(), Error> {
        let results = map_ordered(&pool, pending, |parsed| work(&parsed.puzzle));
        for (parsed, result) in pending.iter().zip(results) {
            if emit(&name, parsed, result, output)? {
                outcome.failures += 1;
            }
        }
        pending.clear();
        Ok(())
    };
    input.for_each_line(|number, line| {
        match reader.push_line(number, line) {
            Some(Ok(parsed)) => {
                pending.push(parsed);
                if pending.len() == CHUNK {
                    flush(&mut pending, &mut output, &mut outcome)?;
                }
            }
            Some(Err(error)) => {
                // Keep stdout and stderr in input order.
                flush(&mut pending, &mut output, &mut outcome)?;
                output.flush()?;
                warn(&error.in_file(name.clone()));
                outcome.input_errors += 1;
            }
            None => {}
        }
        Ok(true)
    })?;
    flush(&mut pending, &mut output, &mut outcome)?;
    output.flush()?;
    Ok(outcome)
}

/// Reports a failure on stderr, after what stdout already has.
fn fail(output: &mut Output, error: Error, name: &str, line: usize) -> Result<bool, Error> {
    output.flush()?;
    warn(&error.at_line(line).in_file(name));
    Ok(true)
}

fn run_solve(args: FileArgs) -> Result<i32, Error> {
    let outcome = for_each_puzzle(
        args.file.as_deref(),
        &args.jobs,
        solve,
        |name, parsed, solution, output| {
            let problem = match solution {
                Solution::Unique(solution) => {
                    output.line(&solution.to_line())?;
                    return Ok(false);
                }
                Solution::None => "the puzzle has no solution".to_string(),
                Solution::Multiple(first, second) => {
                    format!("the puzzle has more than one solution, e.g. {first} and {second}")
                }
            };
            fail(output, Error::runtime(problem), name, parsed.line)
        },
    )?;
    Ok(outcome.exit_code())
}

fn run_count(args: CountArgs) -> Result<i32, Error> {
    let outcome = for_each_puzzle(
        args.file.as_deref(),
        &args.jobs,
        |puzzle| count_solutions(puzzle, args.limit),
        |_, _, count, output| {
            output.line(&count.to_string())?;
            Ok(false)
        },
    )?;
    Ok(outcome.exit_code())
}

#[derive(Serialize)]
struct GradeRecord<'a> {
    puzzle: String,
    rating: f64,
    tier: &'a str,
    hardest: &'a str,
    case_steps: u32,
    trials: u32,
    depth: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<Vec<StepRecord<'a>>>,
}

#[derive(Serialize)]
struct StepRecord<'a> {
    rule: &'a str,
    text: &'a str,
}

fn run_grade(args: GradeArgs) -> Result<i32, Error> {
    let explain_steps = args.explain;
    let outcome = for_each_puzzle(
        args.file.as_deref(),
        &args.jobs,
        |puzzle| -> Result<(Grade, Option<Vec<Step>>), Error> {
            if explain_steps {
                explain(puzzle).map(|(grade, steps)| (grade, Some(steps)))
            } else {
                grade(puzzle).map(|grade| (grade, None))
            }
        },
        |name, parsed, result, output| {
            let (grade, steps) = match result {
                Ok(graded) => graded,
                Err(error) => return fail(output, error, name, parsed.line),
            };
            match args.format {
                Format::Line => {
                    output.line(&format!(
                        "{} {:.1} {}",
                        parsed.puzzle, grade.rating, grade.tier
                    ))?;
                    for (number, step) in steps.iter().flatten().enumerate() {
                        output.line(&format!("  {:>3}. {step}", number + 1))?;
                    }
                }
                Format::Json => {
                    let record = GradeRecord {
                        puzzle: parsed.puzzle.to_line(),
                        rating: grade.rating,
                        tier: grade.tier.name(),
                        hardest: grade.hardest.name(),
                        case_steps: grade.case_steps,
                        trials: grade.trials,
                        depth: grade.depth,
                        steps: steps.as_ref().map(|steps| {
                            steps
                                .iter()
                                .map(|step| StepRecord {
                                    rule: step.rule.name(),
                                    text: &step.text,
                                })
                                .collect()
                        }),
                    };
                    output.line(&json(&record)?)?;
                }
            }
            Ok(false)
        },
    )?;
    Ok(outcome.exit_code())
}
