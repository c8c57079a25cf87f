//! `puzzlebook mushikui …`: generate, solve, count and grade mushikui-zan.

use std::path::{Path, PathBuf};

use clap::builder::PossibleValue;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::batch::{self, JobsArg, Report, ShardArg};
use super::io::Input;
use super::sudoku::NameLanguage;
use super::{DEFAULT_SEED, Ui, json_line};
use crate::error::Error;
use crate::mushikui::{
    GenerateOptions, Operation, ParsedPuzzle, PuzzleReader, Solution, Tier, Walkthrough,
    count_solutions, explain, generate, grade, solve, walkthrough_in,
};
use crate::seed::RandomStream;

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
  puzzlebook mushikui grade --walkthrough --language ja puzzles.txt
  puzzlebook mushikui generate --op div --digits 6,3 -n 100 | puzzlebook mushikui grade")]
    Grade(GradeArgs),
    /// Draw puzzles as pictures (SVG or PNG), one file each, as a book prints them; or
    /// their walkthroughs as pages (PDF or PNG).
    #[command(after_help = "\
Each puzzle (as `solve` reads them) must have exactly one solution. It is drawn as a book
prints it into DIR/001.svg, DIR/002.svg, ... in input order (at least three digits), and with
--answers its solution into DIR/001-answer.svg, ...

Examples:
  puzzlebook mushikui generate --op mul --digits 3,2 -n 3 | puzzlebook mushikui render --to pictures
  puzzlebook mushikui render puzzles.txt --to pictures --format png --answers")]
    Render(super::export::RenderArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per puzzle.
    Line,
    /// JSON Lines.
    Json,
    /// The same as json (JSON Lines), for puzzle banks.
    Jsonl,
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
    #[arg(long, value_name = "N,N,...", value_delimiter = ',', required = true)]
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
    /// Only puzzles whose logical solution uses RULE (a name `grade --explain` prints:
    /// carry, remainder-bound, case-analysis, …); repeat or separate by commas: all are used.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    needs: Vec<String>,
    /// Only puzzles whose hardest rule is RULE (the JSON `hardest` field); several: any
    /// one of them.
    #[arg(long, value_name = "RULE", value_delimiter = ',')]
    hardest: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Leave out every puzzle equal to an earlier one, going on until N distinct puzzles
    /// are written. Not with --shard: merge shards with `puzzlebook bank dedupe`.
    #[arg(long, conflicts_with = "shard")]
    distinct: bool,
    #[command(flatten)]
    shard: ShardArg,
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
    /// Print a worked solution after each puzzle: the steps a person would take, each with
    /// the digits it finds.
    #[arg(long)]
    walkthrough: bool,
    /// The language of the walkthrough.
    #[arg(long, value_enum, default_value_t = NameLanguage::En, requires = "walkthrough")]
    language: NameLanguage,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(command: Command, ui: Ui) -> Result<i32, Error> {
    match command {
        Command::Generate(args) => run_generate(args, ui),
        Command::Solve(args) => run_solve(args, ui),
        Command::Render(args) => {
            if args.symbols.is_some() {
                return Err(Error::input("--symbols is for sudoku")
                    .with_hint("mushikui-zan are drawn with digits"));
            }
            let puzzles = read_to_render(args.file.as_deref())?;
            super::export::render(args, puzzles, ui)
        }
        Command::Count(args) => run_count(args, ui),
        Command::Grade(args) => run_grade(args, ui),
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

fn run_generate(args: GenerateArgs, ui: Ui) -> Result<i32, Error> {
    let rules = |names: &[String]| {
        names
            .iter()
            .map(|name| name.parse::<crate::mushikui::Rule>())
            .collect::<Result<Vec<_>, Error>>()
    };
    let options = GenerateOptions {
        tier: args.tier,
        reveal_only: args.reveal_only,
        shown_percent: args.shown,
        needs: rules(&args.needs)?,
        hardest: rules(&args.hardest)?,
        ..GenerateOptions::new(args.op, &args.digits)
    };
    options.validate()?;
    let mut path = vec!["mushikui".to_string()];
    path.extend(options.seed_path());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    ui.detail(format_args!(
        "seed {:?}, seed path {}",
        args.seed,
        path.join("/")
    ));
    batch::generate_run(
        &args.jobs,
        ui,
        &args.shard,
        args.count,
        args.distinct,
        |index| {
            let mut rng = RandomStream::derive(&args.seed, &path, index);
            let generated = generate(&options, &mut rng)?;
            match args.format {
                Format::Line => Ok(generated.puzzle.to_line()),
                Format::Json | Format::Jsonl => json_line(&GeneratedRecord {
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
                }),
            }
        },
    )
}

/// Streams the puzzles of `file` through `work` on the pool, parsing them there too.
fn for_each_puzzle(
    file: Option<&Path>,
    jobs: &JobsArg,
    ui: Ui,
    work: impl Fn(ParsedPuzzle) -> Report + Sync + Send,
) -> Result<i32, Error> {
    batch::process(
        Input::open(file)?,
        jobs,
        ui,
        |number, line| {
            let text = line.trim();
            (!text.is_empty() && !text.starts_with('#')).then(|| (number, line.to_string()))
        },
        |_| None,
        |(number, line)| match PuzzleReader::new().push_line(number, &line) {
            Some(Ok(parsed)) => work(parsed),
            Some(Err(error)) => Report::Problem(error),
            None => Report::Nothing,
        },
    )
}

/// Every puzzle of `file`, solved: each must have exactly one solution.
fn read_to_render(file: Option<&Path>) -> Result<Vec<crate::book::plan::Puzzle>, Error> {
    let mut input = Input::open(file)?;
    let name = input.name.clone();
    let mut parsed = Vec::new();
    input.for_each_line(|number, line| {
        if let Some(result) = PuzzleReader::new().push_line(number, line) {
            parsed.push(result.map_err(|error| error.in_file(name.clone()))?);
        }
        Ok(true)
    })?;
    let mut puzzles = Vec::with_capacity(parsed.len());
    for ParsedPuzzle { line, puzzle } in parsed {
        let solution = match solve(&puzzle) {
            Solution::Unique(solution) => solution,
            Solution::None => {
                return Err(Error::input("the puzzle has no solution")
                    .at_line(line)
                    .in_file(name));
            }
            Solution::Multiple(first, second) => {
                return Err(Error::input(format!(
                    "the puzzle has more than one solution, e.g. {first} and {second}"
                ))
                .at_line(line)
                .in_file(name));
            }
        };
        puzzles.push(crate::book::plan::Puzzle {
            content: std::sync::Arc::new(crate::book::mushikui::MushikuiContent {
                puzzle,
                solution,
                drill: None,
            }),
            rating: None,
            tier: None,
        });
    }
    Ok(puzzles)
}

/// A problem with the puzzle on `line`, reported as a run-time failure (exit code 1).
fn problem(error: Error, line: usize) -> Report {
    Report::Problem(error.at_line(line))
}

fn run_solve(args: FileArgs, ui: Ui) -> Result<i32, Error> {
    for_each_puzzle(args.file.as_deref(), &args.jobs, ui, |parsed| {
        match solve(&parsed.puzzle) {
            Solution::Unique(solution) => Report::Output(solution.to_line()),
            Solution::None => problem(Error::runtime("the puzzle has no solution"), parsed.line),
            Solution::Multiple(first, second) => problem(
                Error::runtime(format!(
                    "the puzzle has more than one solution, e.g. {first} and {second}"
                )),
                parsed.line,
            ),
        }
    })
}

fn run_count(args: CountArgs, ui: Ui) -> Result<i32, Error> {
    for_each_puzzle(args.file.as_deref(), &args.jobs, ui, |parsed| {
        Report::Output(count_solutions(&parsed.puzzle, args.limit).to_string())
    })
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
    #[serde(skip_serializing_if = "Option::is_none")]
    walkthrough: Option<Vec<WalkRecord<'a>>>,
}

#[derive(Serialize)]
struct WalkRecord<'a> {
    rule: &'a str,
    text: &'a str,
    /// `[row, index from the left, digit]` of each digit the step finds.
    found: Vec<[usize; 3]>,
}

#[derive(Serialize)]
struct StepRecord<'a> {
    rule: &'a str,
    text: &'a str,
}

fn run_grade(args: GradeArgs, ui: Ui) -> Result<i32, Error> {
    let explain_steps = args.explain;
    let language = args.language.catalog();
    for_each_puzzle(args.file.as_deref(), &args.jobs, ui, |parsed| {
        let graded = if explain_steps {
            explain(&parsed.puzzle).map(|(grade, steps)| (grade, Some(steps)))
        } else {
            grade(&parsed.puzzle).map(|grade| (grade, None))
        };
        let (grade, steps) = match graded {
            Ok(graded) => graded,
            Err(error) => return problem(error, parsed.line),
        };
        let walked: Option<Walkthrough> = if args.walkthrough {
            match walkthrough_in(&parsed.puzzle, language) {
                Ok(walked) => Some(walked),
                Err(error) => return problem(error, parsed.line),
            }
        } else {
            None
        };
        match args.format {
            Format::Line => {
                let mut text = format!("{} {:.1} {}", parsed.puzzle, grade.rating, grade.tier);
                for (number, step) in steps.iter().flatten().enumerate() {
                    text.push_str(&format!("\n  {:>3}. {step}", number + 1));
                }
                for (number, step) in walked.iter().flat_map(|walked| &walked.steps).enumerate() {
                    text.push_str(&format!("\n  step {}. {}", number + 1, step.text(language)));
                }
                Report::Output(text)
            }
            Format::Json | Format::Jsonl => {
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
                    walkthrough: walked.as_ref().map(|walked| {
                        walked
                            .steps
                            .iter()
                            .map(|step| WalkRecord {
                                rule: step.rule.name(),
                                text: step.text(language),
                                found: step
                                    .found
                                    .iter()
                                    .map(|found| [found.row, found.index, usize::from(found.digit)])
                                    .collect(),
                            })
                            .collect()
                    }),
                };
                match json_line(&record) {
                    Ok(text) => Report::Output(text),
                    Err(error) => Report::Problem(error),
                }
            }
        }
    })
}
