//! `puzzlebook sudoku …`: generate, solve, count and grade.

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::builder::PossibleValue;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::batch::{self, JobsArg, Report, ShardArg, map_ordered, parse_seconds};
use super::io::{Input, Output};
use super::{DEFAULT_SEED, Ui, flag_value_message, json_line};
use crate::error::{Error, ErrorKind};
use crate::seed::RandomStream;
use crate::sudoku::grade::accuracy::{AccuracyReport, Comparison};
use crate::sudoku::grade::exact;
use crate::sudoku::grade::walkthrough as walk;
use crate::sudoku::grade::{
    ExtraHouses, GradeOptions, GradedOptions, Grading, RatingRange, RatingTarget, Step,
    TechniqueTarget, Tier, format_rating, generate_graded, grade_with, parse_rating,
};
use crate::sudoku::grid::cell_name;
use crate::sudoku::killer::Killer;
use crate::sudoku::killer::generate::{
    KillerOptions, generate as generate_killer, generate_tier_where as generate_killer_tier_where,
};
use crate::sudoku::killer::grade::{KillerGradeOptions, KillerGrading, grade_with as grade_killer};
use crate::sudoku::killer::solver::{self as killer_solver, KillerSolution};
use crate::sudoku::pattern::{NamedPattern, PatternRequest, make_classic, make_variant};
use crate::sudoku::techniques::{Grids, REGISTRY, TechniqueInfo, catalog_name, printed_step_name};
use crate::sudoku::variant::geometry::Geometry;
use crate::sudoku::variant::grade::{VariantGradeOptions, VariantGrading, as_classic};
use crate::sudoku::variant::grid::ParsedKiller;
use crate::sudoku::variant::walkthrough::VariantWalkthrough;
use crate::sudoku::variant::{
    AnyPuzzle, AnyReader, ParsedVariant, RawAny, Size, Variant, VariantGrid, VariantOptions,
    VariantSolution,
};
use crate::sudoku::{ClueRange, GenerateOptions, Grid, ParsedPuzzle, Solution, Symmetry, generate};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate unique-solution puzzles, one 81-character line each.
    #[command(after_help = "\
Examples:
  puzzlebook sudoku generate -n 10 --seed 2026-W47
  puzzlebook sudoku generate -n 5 --symmetry dihedral
  puzzlebook sudoku generate -n 100 --clues 24..28 --format json
  puzzlebook sudoku generate -n 20 --tier expert --seed book-1
  puzzlebook sudoku generate -n 5 --rating 6.2..7.0 --format json

Difficulty (--tier or --rating) is the Sudoku Explainer rating of the easiest-first solve;
tiers: easy <= 1.5, medium <= 2.5, hard <= 4.0, expert <= 6.0, diabolical <= 7.5,
extreme > 7.5. Every puzzle emitted has been graded inside the request.")]
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
    /// Grade puzzles by the techniques they need, on the Sudoku Explainer scale.
    #[command(after_help = "\
Output (line format): PUZZLE RATING TIER HARDEST_TECHNIQUE, one line per puzzle, e.g.
  ....7...3...2....1.5318.....62..18...31...72...95..13.....4891.4....5...9...1.... 1.2 easy Hidden Single (box)
The rating is the hardest step of an easiest-first solve (SE's ER). Tiers: easy <= 1.5,
medium <= 2.5, hard <= 4.0, expert <= 6.0, diabolical <= 7.5, extreme > 7.5; a puzzle
no technique solves gets rating 20.0, tier extreme and technique 'Trial and Error'.

--compare reads lines 'PUZZLE RATING [SOURCE]' (like se-rated.txt) and prints how well our
ratings agree with the given ones: exact, within 0.5, same tier, Spearman correlation.

--variant x|windoku grades X-sudoku (both diagonals are houses) or windoku (four extra
windows) from the same 81-character lines, with SE's rules for those variants.

Examples:
  puzzlebook sudoku grade puzzles.txt
  puzzlebook sudoku generate -n 5 | puzzlebook sudoku grade --explain
  puzzlebook sudoku grade --format json puzzles.txt
  puzzlebook sudoku grade --compare se-rated.txt
  puzzlebook sudoku grade --variant x x-puzzles.txt")]
    Grade(GradeArgs),
    /// Draw puzzles as pictures (SVG or PNG), one file each, as a book prints them; or
    /// their walkthroughs as pages (PDF or PNG).
    #[command(after_help = "\
Each puzzle (a classic line, or a variant line with its head, e.g. 6x6-jigsaw:...:...)
must have exactly one solution. It is drawn as a book
prints it into DIR/001.svg, DIR/002.svg, ... in input order (at least three digits), and with
--answers its solution into DIR/001-answer.svg, ...

Examples:
  puzzlebook sudoku generate -n 3 | puzzlebook sudoku render --to pictures
  puzzlebook sudoku render puzzles.txt --to pictures --format png --dpi 200 --answers")]
    Render(super::export::RenderArgs),
    /// List the built-in patterns for `generate --pattern`, or show one (or a mask file).
    #[command(after_help = "\
A pattern is a mask: x marks a given, . an empty cell, a line per row (9 lines of 9 for a
9x9 grid). Pictures are drawn by their givens; letters and digits by their empty cells, on
a field of givens (so they make easy puzzles).

Examples:
  puzzlebook sudoku patterns
  puzzlebook sudoku patterns heart
  puzzlebook sudoku patterns my-mask.txt")]
    Patterns(super::pattern::PatternsArgs),
    /// Print each puzzle's canonical form: equal for two puzzles exactly when they are the
    /// same puzzle turned, reflected, reordered or relabelled.
    #[command(after_help = "\
One line per puzzle, in input order, in the puzzle's own line format. Two puzzles are the
same when a transformation that keeps the rules maps one onto the other: for the classic
9x9 the band, row, stack and column orders, the transposition and the relabelling of the
digits (the form printed is the minlex form other tools print, blanks as '.', or '0' with
--zeros); for other sizes the same for their boxes; X and windoku keep their diagonals or
windows; a jigsaw turns with its regions; a killer keeps its cages whole, with their sums,
and may swap each digit d for N+1-d.

Examples:
  puzzlebook sudoku canon puzzles.txt
  puzzlebook sudoku canon --zeros puzzles.txt | sort | uniq -d      # repeated puzzles")]
    Canon(super::canon::CanonArgs),
    /// List every technique the graders name: printed name, Sudoku Explainer's name and
    /// rating, and the grids it applies to.
    #[command(after_help = "\
Output (line format): RATING  TECHNIQUE  SE NAME  GRIDS, easiest first. The names are what
--needs and --hardest take (case, spaces and hyphens do not matter; SE's names and the
aliases of --format json work too). Grids: classic (9x9, SE's default set), X/windoku (9x9,
SE's variant set), sizes/jigsaw (the house grader, 6x6 to 16x16), killer, 4x4 and 4x4 X (the
house grader: hidden singles solve every 4x4).

Examples:
  puzzlebook sudoku techniques
  puzzlebook sudoku techniques --variant killer
  puzzlebook sudoku techniques --language ja --format json")]
    Techniques(TechniquesArgs),
}

#[derive(Debug, Args)]
pub struct TechniquesArgs {
    /// Only the techniques of this kind's grader (every grader's when neither is given).
    #[command(flatten)]
    kind: KindArgs,
    /// Output format: an aligned table, or JSON Lines (every name, alias and rating).
    #[arg(long, value_enum, default_value_t = GradeFormat::Line)]
    format: GradeFormat,
    /// The language of the printed names (English when not given); with --format json each
    /// record adds `localized`, the name in that language.
    #[arg(long, value_enum)]
    language: Option<NameLanguage>,
}

/// A language of the catalogs (`--language`), for technique names and walkthroughs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NameLanguage {
    /// English.
    En,
    /// Japanese.
    Ja,
    /// German.
    De,
    /// French.
    Fr,
    /// Spanish.
    Es,
    /// Italian.
    It,
}

impl NameLanguage {
    pub(crate) fn catalog(self) -> crate::i18n::Language {
        let code = match self {
            NameLanguage::En => "en",
            NameLanguage::Ja => "ja",
            NameLanguage::De => "de",
            NameLanguage::Fr => "fr",
            NameLanguage::Es => "es",
            NameLanguage::It => "it",
        };
        crate::i18n::Language::from_code(code).expect("every listed language has a catalog")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One 81-character puzzle line each ('.' for blanks).
    Line,
    /// JSON Lines: puzzle, solution, seed, index, clues, symmetry (and rating, tier, hardest
    /// with --tier or --rating).
    Json,
    /// The same as json (JSON Lines), for puzzle banks.
    Jsonl,
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
    #[command(flatten)]
    kind: KindArgs,
    /// Symmetry of the clue pattern [default: rot180; none for jigsaw].
    #[arg(long, value_name = "SYM")]
    symmetry: Option<Symmetry>,
    /// Clue count range MIN..MAX (default: minimal for the symmetry); for killers the
    /// number of digits given (default 0), also spelt --givens.
    #[arg(long, visible_alias = "givens", value_name = "A..B", value_parser = parse_clue_text)]
    clues: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// The symbols the puzzles are meant to be printed with: digits, shapes (up to 9x9) or
    /// letters=WORD. Lines stay digits; JSON Lines record the symbols, and `sudoku render
    /// --symbols` draws them.
    #[arg(long, value_name = "SYMBOLS")]
    symbols: Option<String>,
    /// Difficulty tier: easy, medium, hard, expert, diabolical or extreme.
    #[arg(long, value_name = "TIER", value_parser = parse_tier, conflicts_with = "rating")]
    tier: Option<Tier>,
    /// Sudoku Explainer rating range, e.g. 3.0..4.5 (also 4.2, 6.0.., ..2.5).
    #[arg(long, value_name = "A..B", value_parser = parse_rating_range)]
    rating: Option<RatingRange>,
    /// Only puzzles whose easiest-first solve uses this technique (repeat the flag, or
    /// separate names with commas, for several: all are needed). Names as `sudoku
    /// techniques` lists them; a family name ("Hidden Single") takes any of its members.
    #[arg(long, value_name = "TECHNIQUE")]
    needs: Vec<String>,
    /// Only puzzles whose hardest step is this technique, so that their rating is the
    /// technique's (several: all are used, the hardest step is one of them).
    #[arg(long, value_name = "TECHNIQUE")]
    hardest: Vec<String>,
    /// Givens that draw a picture: a built-in pattern (heart, star, tree, A-Z, 0-9, ...; see
    /// `sudoku patterns`) or a file of x (a given) and . (an empty cell), a line per row.
    #[arg(long, value_name = "FILE|NAME", conflicts_with_all = ["symmetry", "clues", "distinct"])]
    pattern: Option<String>,
    /// With --pattern: every given is needed (taking any one away leaves more than one
    /// solution).
    #[arg(long, requires = "pattern")]
    minimal: bool,
    /// Time allowed to find each graded puzzle before giving up (exit 1); decimals
    /// allowed, at most 1000000.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_MAX_SECONDS, value_parser = parse_seconds)]
    max_seconds: f64,
    /// Leave out every puzzle that is the same as an earlier one (turned, reflected,
    /// reordered or relabelled), going on until N distinct puzzles are written. Not with
    /// --shard: merge shards with `puzzlebook bank dedupe`.
    #[arg(long, conflicts_with = "shard")]
    distinct: bool,
    #[command(flatten)]
    shard: ShardArg,
    #[command(flatten)]
    jobs: JobsArg,
}

impl GenerateArgs {
    /// Runs `make` for the puzzles asked for (a shard of them, or distinct ones).
    fn generate(
        &self,
        ui: Ui,
        make: impl Fn(u64) -> Result<String, Error> + Sync + Send,
    ) -> Result<i32, Error> {
        batch::generate_run(&self.jobs, ui, &self.shard, self.count, self.distinct, make)
    }
}

/// The default time allowed to find one puzzle of a requested difficulty, or to grade one.
pub const DEFAULT_MAX_SECONDS: f64 = 30.0;

fn parse_tier(text: &str) -> Result<Tier, String> {
    text.parse::<Tier>()
        .map_err(|error| flag_value_message(&error))
}

fn parse_rating_range(text: &str) -> Result<RatingRange, String> {
    text.parse::<RatingRange>()
        .map_err(|error| flag_value_message(&error))
}

/// Checks the syntax of `--clues` (the bounds depend on the size, checked later).
fn parse_clue_text(text: &str) -> Result<String, String> {
    crate::sudoku::variant::generate::parse_range(text, Size::S16.cells())
        .map(|_| text.to_string())
        .map_err(|error| flag_value_message(&error))
}

fn parse_size(text: &str) -> Result<Size, String> {
    text.parse::<Size>()
        .map_err(|error| flag_value_message(&error))
}

/// `--variant`: a grid variant, or killer (cages and sums).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum VariantArg {
    Grid(Variant),
    Killer,
}

fn parse_variant(text: &str) -> Result<VariantArg, String> {
    if text.eq_ignore_ascii_case("killer") {
        return Ok(VariantArg::Killer);
    }
    text.parse::<Variant>()
        .map(VariantArg::Grid)
        .map_err(|error| flag_value_message(&error))
}

/// `--size` and `--variant`: which sudoku (default: the classic 9x9).
#[derive(Debug, Args)]
pub struct KindArgs {
    /// Grid size: 4x4, 6x6, 8x8, 9x9 (default), 12x12 or 16x16.
    #[arg(long, value_name = "NxN", value_parser = parse_size)]
    size: Option<Size>,
    /// Variant: x (diagonals), windoku (four extra 3x3 windows, 9x9 only), jigsaw
    /// (irregular regions, 6x6 and up) or killer (cages with sums; 4x4, 6x6, 9x9).
    #[arg(long, value_name = "VARIANT", value_parser = parse_variant)]
    variant: Option<VariantArg>,
}

impl KindArgs {
    /// The killer size asked for (`--variant killer`), if any.
    fn killer(&self) -> Option<Size> {
        (self.variant == Some(VariantArg::Killer)).then(|| self.size.unwrap_or(Size::S9))
    }

    /// The size and variant asked for, or `None` for the classic 9x9.
    fn resolve(&self) -> Result<Option<(Size, Variant)>, Error> {
        let size = self.size.unwrap_or(Size::S9);
        let variant = match self.variant {
            Some(VariantArg::Killer) => {
                return Err(Error::input(
                    "killer lines name themselves (killer:GIVENS:CAGES:SUMS); --variant killer is for generate",
                )
                .with_hint("leave out --variant for killer lines"));
            }
            Some(VariantArg::Grid(variant)) => variant,
            None => Variant::default(),
        };
        variant.check_size(size)?;
        Ok(((size, variant) != (Size::S9, Variant::Classic)).then_some((size, variant)))
    }
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Puzzle file; standard input when absent or '-'.
    file: Option<PathBuf>,
    /// What bare lines (without a `HEAD:`) are; lines with a head say it themselves.
    #[command(flatten)]
    kind: KindArgs,
    #[command(flatten)]
    jobs: JobsArg,
}

#[derive(Debug, Args)]
pub struct CountArgs {
    /// Puzzle file; standard input when absent or '-'.
    file: Option<PathBuf>,
    /// What bare lines (without a `HEAD:`) are; lines with a head say it themselves.
    #[command(flatten)]
    kind: KindArgs,
    /// Stop counting at this many solutions.
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    #[command(flatten)]
    jobs: JobsArg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GradeFormat {
    /// PUZZLE RATING TIER HARDEST_TECHNIQUE.
    Line,
    /// JSON Lines: puzzle, rating, tier, hardest, trial_and_error, steps.
    Json,
}

#[derive(Debug, Args)]
pub struct GradeArgs {
    /// Puzzle file; standard input when absent or '-'.
    file: Option<PathBuf>,
    /// What bare lines (without a `HEAD:`) are; lines with a head say it themselves.
    #[command(flatten)]
    kind: KindArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = GradeFormat::Line)]
    format: GradeFormat,
    /// Print every step of the solve, like a walkthrough.
    #[arg(long, conflicts_with = "compare")]
    explain: bool,
    /// Print the solve retold for people, as books print it: runs of singles in one step,
    /// every other step in words (every sudoku with digits: classic, variants, killers).
    #[arg(long, conflicts_with_all = ["compare", "explain", "format"])]
    walkthrough: bool,
    /// The language of the walkthrough (English when not given); with --format json each
    /// record adds the hardest step's and each step's technique name in that language
    /// (`hardest_localized`, `technique_localized`).
    #[arg(long, value_enum)]
    language: Option<NameLanguage>,
    /// Compare with the reference rating given after each puzzle; print agreement figures.
    #[arg(long)]
    compare: bool,
    /// Time allowed to grade each puzzle before giving up on it (exit 1; the others are
    /// still graded); decimals allowed, at most 1000000.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_MAX_SECONDS, value_parser = parse_seconds)]
    max_seconds: f64,
    #[command(flatten)]
    jobs: JobsArg,
}

/// The extra houses `grade --compare` rates with: `--variant x` or `windoku` (9x9 only).
fn compare_extra_houses(kind: &KindArgs) -> Result<ExtraHouses, Error> {
    match kind.resolve()? {
        None => Ok(ExtraHouses::None),
        Some((Size::S9, Variant::X)) => Ok(ExtraHouses::X),
        Some((Size::S9, Variant::Windoku)) => Ok(ExtraHouses::Windoku),
        Some((size, variant)) => Err(Error::input(format!(
            "grade --compare rates 9x9 classic, x and windoku puzzles, not {} {}",
            size.name(),
            variant.name()
        ))),
    }
}

/// Refuses givens that repeat a digit in one of the variant's extra houses.
fn check_extra_houses(grid: &Grid, extra_houses: ExtraHouses, line: usize) -> Result<(), Error> {
    match exact::conflict(grid, extra_houses.geometry()) {
        None => Ok(()),
        Some((house, first, second)) => Err(Error::input(format!(
            "digit {} appears twice in {} ({} and {})",
            grid.get(first),
            crate::sudoku::grid::house_name(house),
            cell_name(first),
            cell_name(second)
        ))
        .at_line(line)
        .at_column(second + 1)
        .with_hint("a clue may appear only once in each house of the variant")),
    }
}

pub fn run(command: Command, ui: Ui) -> Result<i32, Error> {
    match command {
        Command::Generate(args) => run_generate(args, ui),
        Command::Solve(args) => run_solve(args, ui),
        Command::Count(args) => run_count(args, ui),
        Command::Grade(args) => run_grade(args, ui),
        Command::Canon(args) => super::canon::run(args, ui),
        Command::Patterns(args) => super::pattern::run_patterns(args, ui),
        Command::Render(args) => {
            let puzzles = read_to_render(args.file.as_deref(), args.symbols.as_deref())?;
            super::export::render(args, puzzles, ui)
        }
        Command::Techniques(args) => run_techniques(args),
    }
}

/// The grids whose grader `--size` / `--variant` pick: all when neither is given.
fn grids_of(kind: &KindArgs) -> Result<Option<Grids>, Error> {
    if kind.killer().is_some() {
        return Ok(Some(Grids::KILLER));
    }
    if kind.size.is_none() && kind.variant.is_none() {
        return Ok(None);
    }
    Ok(Some(match kind.resolve()? {
        None => Grids::CLASSIC,
        Some((Size::S9, Variant::X | Variant::Windoku)) => Grids::X_WINDOKU,
        Some((Size::S4, Variant::X)) => Grids::FOUR_X,
        Some((Size::S4, _)) => Grids::FOUR,
        Some(_) => Grids::HOUSES,
    }))
}

#[derive(Serialize)]
struct TechniqueRecord<'a> {
    technique: &'a str,
    japanese: &'a str,
    /// The name in the `--language` asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    localized: Option<&'a str>,
    se_name: Option<&'a str>,
    rating: f64,
    rating_max: Option<f64>,
    grids: Vec<&'a str>,
    aliases: &'a [&'a str],
}

/// `sudoku techniques`: the registry, easiest first, as a table or JSON Lines.
fn run_techniques(args: TechniquesArgs) -> Result<i32, Error> {
    let grids = grids_of(&args.kind)?;
    let language = args.language.map(NameLanguage::catalog);
    let words = language.unwrap_or(crate::i18n::Language::ENGLISH);
    let mut listed: Vec<&TechniqueInfo> = REGISTRY
        .iter()
        .filter(|info| info.technique != crate::sudoku::grade::Technique::TrialAndError)
        .filter(|info| grids.is_none_or(|grids| info.grids.contains(grids)))
        .collect();
    listed.sort_by_key(|info| (info.rating.0, info.technique));
    let mut output = Output::stdout();
    match args.format {
        GradeFormat::Json => {
            for info in listed {
                output.line(&json_line(&TechniqueRecord {
                    technique: info.name,
                    japanese: info.japanese,
                    localized: language.map(|language| catalog_name(info.technique, language)),
                    se_name: info.se_name,
                    rating: rating_number(info.rating.0),
                    rating_max: info.rating.1.map(rating_number),
                    grids: info.grids.names(),
                    aliases: info.aliases,
                })?)?;
            }
        }
        GradeFormat::Line => {
            let rows: Vec<[String; 4]> = listed
                .iter()
                .map(|info| {
                    [
                        info.rating_text(),
                        catalog_name(info.technique, words).to_string(),
                        info.se_name.unwrap_or("-").to_string(),
                        info.grids.names().join(", "),
                    ]
                })
                .collect();
            let header = ["RATING", "TECHNIQUE", "SE NAME", "GRIDS"].map(str::to_string);
            let width = |column: usize| {
                std::iter::once(&header)
                    .chain(&rows)
                    .map(|row| display_width(&row[column]))
                    .max()
                    .unwrap_or(0)
            };
            let widths = [width(0), width(1), width(2)];
            for row in std::iter::once(&header).chain(&rows) {
                let mut line = String::new();
                for (column, cell) in row.iter().enumerate() {
                    line.push_str(cell);
                    if column < 3 {
                        let pad = widths[column] + 2 - display_width(cell);
                        line.push_str(&" ".repeat(pad));
                    }
                }
                output.line(line.trim_end())?;
            }
        }
    }
    output.flush()?;
    Ok(0)
}

/// Columns a text takes in a terminal: East Asian wide characters (kana, kanji,
/// full-width forms) take two.
fn display_width(text: &str) -> usize {
    let wide = |c: char| matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6);
    text.chars().map(|c| if wide(c) { 2 } else { 1 }).sum()
}

#[derive(Serialize)]
struct GeneratedRecord<'a> {
    puzzle: String,
    solution: String,
    seed: &'a str,
    index: u64,
    clues: usize,
    symmetry: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rating: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tier: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest: Option<String>,
    /// The hardest step's name as books print it ("Skyscraper" for SE's "Skyscraper 011").
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest_printed: Option<String>,
    /// `shapes` or `letters` with `--symbols` (digits are left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    symbols: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    letters: Option<String>,
    /// With `--pattern`: the built-in pattern's name or the file as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pattern: Option<&'a str>,
    /// With `--pattern --minimal`: true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    minimal: bool,
}

/// A rating in tenths as the JSON number with one decimal.
fn rating_number(rating_tenths: u16) -> f64 {
    f64::from(rating_tenths) / 10.0
}

fn run_generate(args: GenerateArgs, ui: Ui) -> Result<i32, Error> {
    // Variants and killers: the names are checked against their grader.
    let mut techniques = TechniqueTarget::default();
    if (!args.needs.is_empty() || !args.hardest.is_empty())
        && let Some(grids) = grids_of(&args.kind)?.filter(|&grids| grids != Grids::CLASSIC)
    {
        techniques = TechniqueTarget::parse(&args.needs, &args.hardest, grids)?;
        if args.pattern.is_some() {
            return Err(Error::input(
                "--needs and --hardest shape classic 9×9 patterns only so far",
            )
            .with_hint("leave out --size and --variant, or --pattern"));
        }
    }
    if let Some(size) = args.kind.killer() {
        if args.pattern.is_some() {
            return Err(Error::input("--pattern does not apply to killers")
                .with_hint("a killer's cages, not its givens, make the puzzle"));
        }
        return run_generate_killer(args, ui, size, &techniques);
    }
    if let Some(argument) = &args.pattern {
        let named = super::pattern::resolve(argument)?;
        return run_generate_pattern(&args, ui, named);
    }
    if let Some((size, variant)) = args.kind.resolve()? {
        return run_generate_variant(args, ui, size, variant, &techniques);
    }
    let symbol_fields = symbol_fields(args.symbols.as_deref(), Size::S9)?;
    let clues = args
        .clues
        .as_deref()
        .map(str::parse::<ClueRange>)
        .transpose()?;
    let symmetry = args.symmetry.unwrap_or_default();
    let base = GenerateOptions {
        symmetry,
        clues,
        ..GenerateOptions::default()
    };
    let techniques = TechniqueTarget::parse(&args.needs, &args.hardest, Grids::CLASSIC)?;
    let target = match (args.tier, args.rating) {
        (Some(tier), _) => Some(RatingTarget::Tier(tier)),
        (None, Some(range)) => Some(RatingTarget::Range(range)),
        (None, None) if !techniques.is_empty() => Some(RatingTarget::ANY),
        (None, None) => None,
    };
    let record =
        |index: u64, puzzle: &Grid, solution: &Grid, grading: Option<&Grading>| match args.format {
            Format::Line => Ok(puzzle.to_line()),
            Format::Json | Format::Jsonl => json_line(&GeneratedRecord {
                puzzle: puzzle.to_line(),
                solution: solution.to_line(),
                seed: &args.seed,
                index,
                clues: puzzle.clue_count(),
                symmetry: symmetry.name(),
                variant: None,
                size: None,
                rating: grading.map(|grading| rating_number(grading.rating_tenths)),
                tier: grading.map(|grading| grading.tier.name()),
                hardest: grading.map(|grading| grading.hardest_name.clone()),
                hardest_printed: grading
                    .map(|grading| printed_step_name(grading.hardest, &grading.hardest_name)),
                symbols: symbol_fields.0,
                letters: symbol_fields.1.clone(),
                pattern: None,
                minimal: false,
            }),
        };
    let Some(target) = target else {
        let path = seed_path(base.seed_path());
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        ui.detail(format_args!(
            "seed {:?}, seed path {}",
            args.seed,
            path.join("/")
        ));
        return args.generate(ui, |index| {
            let mut rng = RandomStream::derive(&args.seed, &path, index);
            let generated = generate(&base, &mut rng)?;
            record(index, &generated.puzzle, &generated.solution, None)
        });
    };
    crate::sudoku::grade::generate::check_reachable(target)?;
    techniques.within(target.range())?;
    let options = GradedOptions {
        base,
        target,
        techniques,
    };
    let path = seed_path(options.seed_path());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    let budget = Duration::from_secs_f64(args.max_seconds);
    ui.detail(format_args!(
        "seed {:?}, seed path {}",
        args.seed,
        path.join("/")
    ));
    args.generate(ui, |index| {
        let mut rng = RandomStream::derive(&args.seed, &path, index);
        let graded = generate_graded(&options, &mut rng, Some(Instant::now() + budget))?;
        record(
            index,
            &graded.puzzle,
            &graded.solution,
            Some(&graded.grading),
        )
    })
}

/// `generate --pattern`: puzzles whose givens are the pattern's cells, on any grid the
/// pattern fits (its size when `--size` is not given).
fn run_generate_pattern(args: &GenerateArgs, ui: Ui, named: NamedPattern) -> Result<i32, Error> {
    let pattern = &named.pattern;
    let size = match args.kind.size {
        Some(size) => size,
        None => Size::ALL
            .into_iter()
            .find(|size| size.side() == pattern.side())
            .unwrap_or(Size::S9),
    };
    let variant = match args.kind.variant {
        Some(VariantArg::Grid(variant)) => variant,
        _ => Variant::Classic,
    };
    variant.check_size(size)?;
    pattern
        .check(size, variant)
        .map_err(|error| error.context(format!("pattern {}", named.name)))?;
    let symbol_fields = symbol_fields(args.symbols.as_deref(), size)?;
    let target = match (args.tier, args.rating) {
        (Some(tier), _) => Some(RatingTarget::Tier(tier)),
        (None, Some(range)) => Some(RatingTarget::Range(range)),
        (None, None) => None,
    };
    if let Some(RatingTarget::Tier(tier)) = target {
        crate::sudoku::variant::grade::check_tier(size, tier)?;
    }
    if let Some(target) = target
        && size == Size::S9
    {
        crate::sudoku::grade::generate::check_reachable(target)?;
    }
    let classic = (size, variant) == (Size::S9, Variant::Classic);
    let techniques = TechniqueTarget::parse(&args.needs, &args.hardest, Grids::CLASSIC)?;
    if !techniques.is_empty() && !classic {
        return Err(Error::input(format!(
            "--needs and --hardest make classic 9×9 sudoku only so far; pattern {} is {size} {variant}",
            named.name
        ))
        .with_hint("use a 9×9 pattern, or leave out --needs and --hardest"));
    }
    // Made once, so that techniques no rating of the target fits are refused before any
    // work; the seed path keeps the target as asked.
    let classic_request = classic
        .then(|| {
            PatternRequest::new(pattern, &named.name, target, args.minimal).aimed_at(&techniques)
        })
        .transpose()?;
    let options = crate::sudoku::pattern::grid_options(pattern, size, variant);
    let mut path = vec!["sudoku".to_string()];
    path.extend(crate::sudoku::pattern::seed_path(
        pattern,
        &options,
        args.minimal,
    ));
    path.extend(target.map(|target| target.to_string()));
    path.extend(techniques.seed_parts());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    ui.detail(format_args!(
        "seed {:?}, seed path {}",
        args.seed,
        path.join("/")
    ));
    let budget = Duration::from_secs_f64(args.max_seconds);
    let indices = args.shard.range(args.count);
    let symmetry = pattern.symmetry();
    batch::generate(&args.jobs, ui, indices, |index| {
        let mut rng = RandomStream::derive(&args.seed, &path, index);
        let deadline = Some(Instant::now() + budget);
        let (puzzle, solution, rating, tier, hardest_printed, hardest) = if let Some(request) =
            &classic_request
        {
            let (puzzle, solution, grading) = make_classic(request, &mut rng, deadline)?;
            (
                puzzle.to_line(),
                solution.to_line(),
                grading.rating_tenths,
                grading.tier,
                printed_step_name(grading.hardest, &grading.hardest_name),
                grading.hardest_name,
            )
        } else {
            let request = PatternRequest::new(pattern, &named.name, target, args.minimal);
            let (puzzle, solution, grading) = make_variant(&options, &request, &mut rng, deadline)?;
            (
                puzzle.to_line(),
                solution.to_line(),
                grading.rating_tenths,
                grading.tier,
                printed_step_name(grading.hardest, &grading.hardest_name),
                grading.hardest_name,
            )
        };
        match args.format {
            Format::Line => Ok(puzzle),
            Format::Json | Format::Jsonl => json_line(&GeneratedRecord {
                puzzle,
                solution,
                seed: &args.seed,
                index,
                clues: pattern.len(),
                symmetry: symmetry.name(),
                variant: (!classic).then(|| variant.name()),
                size: (!classic).then(|| size.name()),
                rating: Some(rating_number(rating)),
                tier: Some(tier.name()),
                hardest: Some(hardest),
                hardest_printed: Some(hardest_printed),
                symbols: symbol_fields.0,
                letters: symbol_fields.1.clone(),
                pattern: Some(&named.name),
                minimal: args.minimal,
            }),
        }
    })
}

/// The seed path of `sudoku generate`: `sudoku`, then the options' parts.
fn seed_path(options: Vec<String>) -> Vec<String> {
    let mut path = vec!["sudoku".to_string()];
    path.extend(options);
    path
}

/// Generates variant puzzles (`--size` or `--variant` other than the classic 9x9).
/// `generate --variant killer`: killers without givens (or `--clues N` givens).
fn run_generate_killer(
    args: GenerateArgs,
    ui: Ui,
    size: Size,
    techniques: &TechniqueTarget,
) -> Result<i32, Error> {
    for (given, flag) in [
        (args.symbols.is_some(), "--symbols"),
        (args.symmetry.is_some(), "--symmetry"),
        (args.rating.is_some(), "--rating"),
    ] {
        if given {
            return Err(Error::input(format!("{flag} does not apply to killers"))
                .with_hint("killers take --tier easy, medium, hard, expert or extreme; their cages are not symmetric"));
        }
    }
    // With techniques and no tier: the easiest tier they fit.
    let tier = crate::sudoku::killer::grade::tier_for(techniques, args.tier)?;
    if let Some(tier) = tier {
        crate::sudoku::killer::grade::check_tier(size, tier)?;
    }
    let mut options = KillerOptions::new(size);
    if let Some(text) = &args.clues {
        options.givens = text.trim().parse::<usize>().map_err(|_| {
            Error::input(format!("{text:?} is not a number of givens"))
                .with_hint("a killer takes --clues N: N digits given (usually 0)")
        })?;
    }
    options.check()?;
    let mut path = vec!["sudoku".to_string(), "killer".to_string()];
    path.extend(options.seed_path());
    path.extend(tier.map(|tier| format!("tier={tier}")));
    path.extend(techniques.seed_parts());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    ui.detail(format_args!(
        "seed {:?}, seed path {}",
        args.seed,
        path.join("/")
    ));
    let budget = Duration::from_secs_f64(args.max_seconds);
    args.generate(ui, |index| {
        let mut rng = RandomStream::derive(&args.seed, &path, index);
        let deadline = Instant::now().checked_add(budget);
        let uses_techniques =
            |grading: &KillerGrading| techniques.accepts(grading.used, grading.hardest);
        let (made, grading) = match tier {
            Some(tier) => {
                let (made, grading) = generate_killer_tier_where(
                    &options,
                    tier,
                    &uses_techniques,
                    &mut rng,
                    deadline,
                )?;
                (made, Some(grading))
            }
            None => (generate_killer(&options, &mut rng, deadline)?, None),
        };
        let line = made.puzzle.to_line();
        match args.format {
            Format::Line => Ok(line),
            Format::Json | Format::Jsonl => json_line(&GeneratedRecord {
                puzzle: line,
                solution: made.puzzle.with_givens(made.solution.clone()).to_line(),
                seed: &args.seed,
                index,
                clues: options.givens,
                symmetry: "none",
                variant: Some("killer"),
                size: Some(size.name()),
                rating: grading
                    .as_ref()
                    .map(|grading| rating_number(grading.rating_tenths)),
                tier: grading.as_ref().map(|grading| grading.tier.name()),
                hardest_printed: grading
                    .as_ref()
                    .map(|grading| printed_step_name(grading.hardest, &grading.hardest_name)),
                hardest: grading.map(|grading| grading.hardest_name),
                symbols: None,
                letters: None,
                pattern: None,
                minimal: false,
            }),
        }
    })
}

fn run_generate_variant(
    args: GenerateArgs,
    ui: Ui,
    size: Size,
    variant: Variant,
    techniques: &TechniqueTarget,
) -> Result<i32, Error> {
    let mut options = VariantOptions::new(size, variant);
    if let Some(symmetry) = args.symmetry {
        options.symmetry = symmetry;
    }
    options.clues = args
        .clues
        .as_deref()
        .map(|text| crate::sudoku::variant::generate::parse_clues(text, size))
        .transpose()?;
    options.check()?;
    crate::sudoku::variant::grade::check_techniques(&options, techniques)?;
    let symbol_fields = symbol_fields(args.symbols.as_deref(), size)?;
    let target = match (args.tier, args.rating) {
        (Some(tier), _) => {
            crate::sudoku::variant::grade::check_tier(size, tier)?;
            Some(RatingTarget::Tier(tier))
        }
        (None, Some(range)) => Some(RatingTarget::Range(range)),
        (None, None) => None,
    };
    let mut path = seed_path(options.seed_path());
    path.extend(target.map(|target| target.to_string()));
    path.extend(techniques.seed_parts());
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    // The techniques narrow the ratings searched (the seed path keeps the target as asked).
    let aimed = crate::sudoku::variant::grade::aim(size, target, techniques)?;
    let uses_techniques =
        |grading: &VariantGrading| techniques.accepts(grading.used, grading.hardest);
    ui.detail(format_args!(
        "seed {:?}, seed path {}",
        args.seed,
        path.join("/")
    ));
    let budget = Duration::from_secs_f64(args.max_seconds);
    if args.distinct && crate::sudoku::canon::catalogue::is_listed(size, variant) {
        let listed =
            crate::sudoku::canon::catalogue::catalogue(crate::sudoku::canon::catalogue::Settings {
                variant,
                symmetry: options.symmetry,
                clues: options.clues,
                target,
            });
        if args.count > listed.puzzles.len() as u64 {
            return Err(Error::input(format!(
                "there are {} distinct {size} puzzles with these settings, not {}",
                listed.puzzles.len(),
                args.count
            ))
            .with_hint("ask for fewer, or widen --clues, --symmetry or --tier"));
        }
    }
    args.generate(ui, |index| {
        let mut rng = RandomStream::derive(&args.seed, &path, index);
        let deadline = Some(Instant::now() + budget);
        let (puzzle, solution, grading) = if aimed.is_some() {
            let (generated, grading) = crate::sudoku::variant::grade::generate_graded_where(
                &options,
                aimed,
                &uses_techniques,
                &mut rng,
                deadline,
            )?;
            (generated.puzzle, generated.solution, Some(grading))
        } else {
            let generated = crate::sudoku::variant::generate(&options, &mut rng, deadline)?;
            (generated.puzzle, generated.solution, None)
        };
        match args.format {
            Format::Line => Ok(puzzle.to_line()),
            Format::Json | Format::Jsonl => json_line(&GeneratedRecord {
                puzzle: puzzle.to_line(),
                solution: solution.to_line(),
                seed: &args.seed,
                index,
                clues: puzzle.clue_count(),
                symmetry: options.symmetry.name(),
                variant: Some(variant.name()),
                size: Some(size.name()),
                rating: grading
                    .as_ref()
                    .map(|grading| rating_number(grading.rating_tenths)),
                tier: grading.as_ref().map(|grading| grading.tier.name()),
                hardest_printed: grading
                    .as_ref()
                    .map(|grading| printed_step_name(grading.hardest, &grading.hardest_name)),
                hardest: grading.map(|grading| grading.hardest_name),
                symbols: symbol_fields.0,
                letters: symbol_fields.1.clone(),
                pattern: None,
                minimal: false,
            }),
        }
    })
}

/// Streams the puzzles of `file` through `classic` (9x9 grids) or `variant` (the rest) on
/// the pool, parsing them there too.
pub(super) fn for_each_puzzle(
    file: Option<&std::path::Path>,
    kind: &KindArgs,
    jobs: &JobsArg,
    ui: Ui,
    classic: impl Fn(ParsedPuzzle) -> Report + Sync + Send,
    variant: impl Fn(ParsedVariant) -> Report + Sync + Send,
    killer: impl Fn(ParsedKiller) -> Report + Sync + Send,
) -> Result<i32, Error> {
    let default = kind.resolve()?;
    // Shared by the line splitter and the end-of-input check (a 9-line grid left unfinished
    // is reported, not dropped); both run on the reading thread, so the lock never waits.
    let reader = Mutex::new(AnyReader::new(default));
    let reader = || reader.lock().unwrap_or_else(PoisonError::into_inner);
    batch::process(
        Input::open(file)?,
        jobs,
        ui,
        |number, line| reader().split_line(number, line),
        |_| reader().finish(),
        |raw: RawAny| match raw.parse() {
            Ok(AnyPuzzle::Classic(parsed)) => classic(parsed),
            Ok(AnyPuzzle::Variant(parsed)) => match parsed.grid.to_classic() {
                Some(grid) => classic(ParsedPuzzle {
                    line: parsed.line,
                    grid,
                }),
                None => variant(parsed),
            },
            Ok(AnyPuzzle::Killer(parsed)) => killer(parsed),
            Err(error) => Report::Problem(error),
        },
    )
}

/// Every puzzle of `file` (classic lines, or variant lines with their `HEAD:`), solved: each
/// must have exactly one solution.
fn read_to_render(
    file: Option<&std::path::Path>,
    symbols: Option<&str>,
) -> Result<Vec<crate::book::plan::Puzzle>, Error> {
    use crate::book::sudoku::{SudokuContent, SymbolContent, Symbols, VariantContent};
    let mut input = Input::open(file)?;
    let mut reader = AnyReader::new(None);
    let mut raws = Vec::new();
    input.for_each_line(|number, line| {
        raws.extend(reader.split_line(number, line));
        Ok(true)
    })?;
    raws.extend(reader.finish());
    let name = input.name.clone();
    let refused = |message: &str, line: usize| {
        Error::input(message.to_string())
            .at_line(line)
            .in_file(name.clone())
    };
    let mut puzzles = Vec::with_capacity(raws.len());
    for raw in raws {
        let parsed = raw.parse().map_err(|error| error.in_file(name.clone()))?;
        let content: std::sync::Arc<dyn crate::book::kind::Content> = match parsed {
            AnyPuzzle::Classic(parsed) => match crate::sudoku::solve(&parsed.grid) {
                Solution::Unique(solution) => match drawn_as(symbols, Size::S9, Some(parsed.line))
                    .map_err(|error| error.in_file(name.clone()))?
                {
                    Symbols::Digits => std::sync::Arc::new(SudokuContent {
                        puzzle: parsed.grid,
                        solution,
                        pattern: None,
                    }),
                    symbols => std::sync::Arc::new(SymbolContent {
                        puzzle: parsed.grid,
                        solution,
                        symbols,
                        pattern: None,
                    }),
                },
                Solution::None => return Err(refused("the puzzle has no solution", parsed.line)),
                Solution::Multiple(..) => {
                    return Err(refused(
                        "the puzzle has more than one solution",
                        parsed.line,
                    ));
                }
            },
            AnyPuzzle::Variant(parsed) => match crate::sudoku::variant::solve(&parsed.grid) {
                VariantSolution::Unique(solution) => std::sync::Arc::new(VariantContent {
                    symbols: drawn_as(symbols, parsed.grid.geometry().size(), Some(parsed.line))
                        .map_err(|error| error.in_file(name.clone()))?,
                    puzzle: parsed.grid,
                    solution,
                    pattern: None,
                }),
                VariantSolution::None => {
                    return Err(refused("the puzzle has no solution", parsed.line));
                }
                VariantSolution::Multiple(..) => {
                    return Err(refused(
                        "the puzzle has more than one solution",
                        parsed.line,
                    ));
                }
            },
            AnyPuzzle::Killer(parsed) if symbols.is_some_and(|name| name != "digits") => {
                return Err(refused("killers are drawn with digits", parsed.line));
            }
            AnyPuzzle::Killer(parsed) => match killer_solver::solve(&parsed.killer) {
                KillerSolution::Unique(solution) => {
                    std::sync::Arc::new(crate::book::killer::KillerContent {
                        puzzle: parsed.killer,
                        solution,
                    })
                }
                KillerSolution::None => {
                    return Err(refused("the puzzle has no solution", parsed.line));
                }
                KillerSolution::Multiple(..) => {
                    return Err(refused(
                        "the puzzle has more than one solution",
                        parsed.line,
                    ));
                }
            },
        };
        puzzles.push(crate::book::plan::Puzzle {
            content,
            rating: None,
            tier: None,
        });
    }
    Ok(puzzles)
}

/// What `generate --symbols` records in JSON Lines: the symbols' name (none for digits)
/// and the letters; an input error for symbols the size cannot take.
fn symbol_fields(
    symbols: Option<&str>,
    size: Size,
) -> Result<(Option<&'static str>, Option<String>), Error> {
    use crate::book::sudoku::Symbols;
    Ok(match drawn_as(symbols, size, None)? {
        Symbols::Digits => (None, None),
        Symbols::Shapes => (Some("shapes"), None),
        Symbols::Letters(letters) => (Some("letters"), Some(letters.into_iter().collect())),
    })
}

/// The symbols `--symbols` names (`digits`, `shapes`, `letters=WORD`) for a grid of
/// `size` (the puzzle on `line`); digits when not given.
fn drawn_as(
    symbols: Option<&str>,
    size: Size,
    line: Option<usize>,
) -> Result<crate::book::sudoku::Symbols, Error> {
    let Some(text) = symbols else {
        return Ok(crate::book::sudoku::Symbols::Digits);
    };
    let (name, letters) = match text.split_once('=') {
        Some((name, letters)) => (name, Some(letters)),
        None => (text, None),
    };
    crate::book::sudoku::Symbols::for_size(name, letters, size).map_err(|(error, _)| {
        let error = match line {
            Some(line) => error.at_line(line),
            None => error,
        };
        if name == "letters" && letters.is_none() {
            error.with_hint(format!(
                "--symbols letters=WORD, with a word of {} different letters",
                size.side()
            ))
        } else {
            error
        }
    })
}

/// A problem with the puzzle on `line`, reported as a run-time failure (exit code 1).
fn problem(message: impl Into<String>, line: usize) -> Report {
    Report::Problem(Error::runtime(message).at_line(line))
}

fn run_solve(args: SolveArgs, ui: Ui) -> Result<i32, Error> {
    for_each_puzzle(
        args.file.as_deref(),
        &args.kind,
        &args.jobs,
        ui,
        |parsed| match crate::sudoku::solve(&parsed.grid) {
            Solution::Unique(grid) => Report::Output(grid.to_line()),
            Solution::None => problem("the puzzle has no solution", parsed.line),
            Solution::Multiple(..) => problem("the puzzle has more than one solution", parsed.line),
        },
        |parsed| match crate::sudoku::variant::solve(&parsed.grid) {
            VariantSolution::Unique(grid) => Report::Output(grid.to_line()),
            VariantSolution::None => problem("the puzzle has no solution", parsed.line),
            VariantSolution::Multiple(..) => {
                problem("the puzzle has more than one solution", parsed.line)
            }
        },
        // A killer's solution is its line with every digit given.
        |parsed| match killer_solver::solve(&parsed.killer) {
            KillerSolution::Unique(values) => {
                Report::Output(parsed.killer.with_givens(values).to_line())
            }
            KillerSolution::None => problem("the puzzle has no solution", parsed.line),
            KillerSolution::Multiple(..) => {
                problem("the puzzle has more than one solution", parsed.line)
            }
        },
    )
}

fn run_count(args: CountArgs, ui: Ui) -> Result<i32, Error> {
    let limit = usize::try_from(args.limit).unwrap_or(usize::MAX);
    for_each_puzzle(
        args.file.as_deref(),
        &args.kind,
        &args.jobs,
        ui,
        |parsed| Report::Output(crate::sudoku::count_solutions(&parsed.grid, limit).to_string()),
        |parsed| {
            Report::Output(crate::sudoku::variant::count_solutions(&parsed.grid, limit).to_string())
        },
        |parsed| Report::Output(killer_solver::count_solutions(&parsed.killer, limit).to_string()),
    )
}

#[derive(Serialize)]
struct StepRecord<'a> {
    technique: &'a str,
    /// The step's name as books print it.
    technique_printed: String,
    /// The step's name as a book in the `--language` asked for prints it.
    #[serde(skip_serializing_if = "Option::is_none")]
    technique_localized: Option<String>,
    rating: f64,
    placements: Vec<CellDigit>,
    eliminations: Vec<CellDigit>,
    explanation: &'a str,
}

#[derive(Serialize)]
struct CellDigit {
    cell: String,
    digit: u8,
}

#[derive(Serialize)]
struct GradeRecord<'a> {
    puzzle: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<&'static str>,
    rating: f64,
    tier: &'static str,
    hardest: &'a str,
    /// The hardest step's name as books print it.
    hardest_printed: String,
    /// The hardest step's name as a book in the `--language` asked for prints it.
    #[serde(skip_serializing_if = "Option::is_none")]
    hardest_localized: Option<String>,
    trial_and_error: bool,
    steps: Vec<StepRecord<'a>>,
}

fn cell_digits(pairs: &[(u8, u8)]) -> Vec<CellDigit> {
    named_cell_digits(pairs, cell_name)
}

/// (cell, digit) pairs with each cell named by `name` (r1c1 style, for any grid size).
fn named_cell_digits<Cell: Copy + Into<usize>>(
    pairs: &[(Cell, u8)],
    name: impl Fn(usize) -> String,
) -> Vec<CellDigit> {
    pairs
        .iter()
        .map(|&(cell, digit)| CellDigit {
            cell: name(cell.into()),
            digit,
        })
        .collect()
}

fn grade_line(puzzle: &str, grading: &Grading) -> String {
    format!(
        "{} {} {} {}",
        puzzle,
        grading.rating_text(),
        grading.tier,
        grading.hardest_name
    )
}

/// The grade line, then the walkthrough's steps ("  step 1. …").
fn walkthrough_text(
    puzzle: &str,
    grid: &Grid,
    extra_houses: ExtraHouses,
    grading: Grading,
    language: crate::i18n::Language,
) -> String {
    let mut text = grade_line(puzzle, &grading);
    let walked = walk::retell_in(grid, grading.steps, extra_houses);
    for (number, step) in walked.steps.iter().enumerate() {
        push_step(&mut text, number, step.text(language));
    }
    text
}

/// [`walkthrough_text`] for a puzzle of the house grader.
fn variant_walkthrough_text(
    grid: &VariantGrid,
    grading: VariantGrading,
    language: crate::i18n::Language,
) -> Result<String, Error> {
    let head = grade_line_variant(&grid.to_line(), &grading);
    let walked = crate::sudoku::variant::walkthrough::retell(grid, grading.steps);
    walked_text(head, &walked, language)
}

fn killer_walkthrough_text(
    killer: &Killer,
    grading: VariantGrading,
    language: crate::i18n::Language,
) -> Result<String, Error> {
    let head = grade_line_variant(&killer.to_line(), &grading);
    let walked = crate::sudoku::killer::walkthrough::retell(killer, grading.steps);
    walked_text(head, &walked, language)
}

/// `head`, then the walkthrough's steps numbered, one per line.
fn walked_text(
    mut text: String,
    walked: &VariantWalkthrough,
    language: crate::i18n::Language,
) -> Result<String, Error> {
    for (number, step) in walked.steps.iter().enumerate() {
        push_step(&mut text, number, step.text(language));
    }
    Ok(text)
}

/// Appends step `number` (from 0) to `text`: "  step 1. …"; the rows of a table in its
/// words (a killer's cage arithmetic: one row a line, what it says and what it removes
/// separated by a tab) each on a line of their own, indented under the step's words.
fn push_step(text: &mut String, number: usize, words: &str) {
    let head = format!("  step {}. ", number + 1);
    let indent = " ".repeat(head.chars().count());
    for (index, line) in words.lines().enumerate() {
        text.push('\n');
        text.push_str(if index == 0 { &head } else { &indent });
        text.push_str(&line.replace('\t', " → "));
    }
}

fn explain(puzzle: &str, grading: &Grading) -> String {
    let mut text = grade_line(puzzle, grading);
    text.push('\n');
    for (number, step) in grading.steps.iter().enumerate() {
        text.push_str(&format!(
            "{:>4}. [{}] {}\n",
            number + 1,
            format_rating(step.rating_tenths),
            step_text(step)
        ));
    }
    text
}

fn step_text(step: &Step) -> String {
    if step.explanation.starts_with(&step.name) {
        step.explanation.clone()
    } else {
        format!("{}: {}", step.name, step.explanation)
    }
}

/// A JSON Lines record of a classic grading; `variant` names the 9x9 variant (x, windoku)
/// when the puzzle is one.
fn grade_json(
    puzzle: String,
    variant: Option<&'static str>,
    grading: &Grading,
    language: Option<crate::i18n::Language>,
) -> Result<String, Error> {
    let record = GradeRecord {
        puzzle,
        variant,
        size: variant.map(|_| "9x9"),
        rating: rating_number(grading.rating_tenths),
        tier: grading.tier.name(),
        hardest: &grading.hardest_name,
        hardest_printed: printed_step_name(grading.hardest, &grading.hardest_name),
        hardest_localized: language
            .map(|language| walk::step_name(grading.hardest, &grading.hardest_name, language)),
        trial_and_error: grading.trial_and_error,
        steps: grading
            .steps
            .iter()
            .map(|step| StepRecord {
                technique: &step.name,
                technique_printed: printed_step_name(step.technique, &step.name),
                technique_localized: language
                    .map(|language| walk::step_name(step.technique, &step.name, language)),
                rating: rating_number(step.rating_tenths),
                placements: cell_digits(&step.placements),
                eliminations: cell_digits(&step.eliminations),
                explanation: &step.explanation,
            })
            .collect(),
    };
    json_line(&record)
}

fn run_grade(args: GradeArgs, ui: Ui) -> Result<i32, Error> {
    if args.compare {
        return run_compare(args, ui);
    }
    let words = args
        .language
        .map_or(crate::i18n::Language::ENGLISH, NameLanguage::catalog);
    let options = GradeOptions {
        record_steps: args.explain || args.walkthrough || args.format == GradeFormat::Json,
        ..GradeOptions::default()
    };
    let variant_options = VariantGradeOptions {
        record_steps: options.record_steps,
        deadline: None,
        stop_above: None,
    };
    // Each puzzle gets its own time, from when its grading starts.
    let budget = Duration::from_secs_f64(args.max_seconds);
    let deadline = || Instant::now().checked_add(budget);
    for_each_puzzle(
        args.file.as_deref(),
        &args.kind,
        &args.jobs,
        ui,
        |parsed| {
            let options = GradeOptions {
                deadline: deadline(),
                ..options.clone()
            };
            let grading = grade_with(&parsed.grid, &options);
            graded_report(
                &args,
                (&parsed.grid, ExtraHouses::None),
                parsed.grid.to_line(),
                None,
                grading,
                parsed.line,
            )
        },
        |parsed| {
            if let Some((grid, extra_houses)) = as_classic(&parsed.grid) {
                // 9x9 X and windoku: the classic grader with the extra houses, on SE's scale.
                let options = GradeOptions {
                    extra_houses,
                    deadline: deadline(),
                    ..options.clone()
                };
                let variant = parsed.grid.geometry().variant().name();
                let grading = grade_with(&grid, &options);
                return graded_report(
                    &args,
                    (&grid, extra_houses),
                    parsed.grid.to_line(),
                    Some(variant),
                    grading,
                    parsed.line,
                );
            }
            let variant_options = VariantGradeOptions {
                deadline: deadline(),
                ..variant_options.clone()
            };
            let grading = match crate::sudoku::variant::grade::grade(&parsed.grid, &variant_options)
            {
                Ok(grading) => grading,
                Err(error) => return Report::Problem(grading_failed(error).at_line(parsed.line)),
            };
            let text = if args.walkthrough {
                variant_walkthrough_text(&parsed.grid, grading, words)
            } else if args.explain {
                Ok(explain_variant(&parsed.grid.to_line(), &grading))
            } else {
                let geometry = parsed.grid.geometry();
                match args.format {
                    GradeFormat::Line => Ok(grade_line_variant(&parsed.grid.to_line(), &grading)),
                    GradeFormat::Json => grade_json_variant(
                        parsed.grid.to_line(),
                        (geometry.variant().name(), geometry),
                        &grading,
                        args.language.map(NameLanguage::catalog),
                    ),
                }
            };
            match text {
                Ok(text) => Report::Output(text),
                Err(error) => Report::Problem(error),
            }
        },
        |parsed| {
            let options = KillerGradeOptions {
                record_steps: args.explain || args.walkthrough || args.format == GradeFormat::Json,
                deadline: deadline(),
                ..KillerGradeOptions::default()
            };
            let grading = match grade_killer(&parsed.killer, &options) {
                Ok(grading) => grading,
                Err(error) => return Report::Problem(grading_failed(error).at_line(parsed.line)),
            };
            let line = parsed.killer.to_line();
            let text = if args.walkthrough {
                killer_walkthrough_text(&parsed.killer, grading, words)
            } else if args.explain {
                Ok(explain_variant(&line, &grading))
            } else {
                match args.format {
                    GradeFormat::Line => Ok(grade_line_variant(&line, &grading)),
                    GradeFormat::Json => grade_json_variant(
                        line,
                        ("killer", parsed.killer.geometry()),
                        &grading,
                        args.language.map(NameLanguage::catalog),
                    ),
                }
            };
            match text {
                Ok(text) => Report::Output(text),
                Err(error) => Report::Problem(error),
            }
        },
    )
}

/// A grading's failure as `grade` reports it: running out of time (the one run-time failure
/// of a grader that comes without a hint of its own) says how to allow more.
fn grading_failed(error: Error) -> Error {
    if error.kind() == ErrorKind::Runtime && error.hint().is_none() {
        error.with_hint("allow more time with --max-seconds")
    } else {
        error
    }
}

/// What `grade` prints for a classic grading of `puzzle` (a 9x9 `variant` when named):
/// `classic` is the grid as the classic grader took it and its extra houses.
fn graded_report(
    args: &GradeArgs,
    classic: (&Grid, ExtraHouses),
    puzzle: String,
    variant: Option<&'static str>,
    grading: Result<Grading, Error>,
    line: usize,
) -> Report {
    let grading = match grading {
        Ok(grading) => grading,
        Err(error) => return Report::Problem(grading_failed(error).at_line(line)),
    };
    let text = if args.walkthrough {
        Ok(walkthrough_text(
            &puzzle,
            classic.0,
            classic.1,
            grading,
            args.language
                .map_or(crate::i18n::Language::ENGLISH, NameLanguage::catalog),
        ))
    } else if args.explain {
        Ok(explain(&puzzle, &grading))
    } else {
        match args.format {
            GradeFormat::Line => Ok(grade_line(&puzzle, &grading)),
            GradeFormat::Json => grade_json(
                puzzle,
                variant,
                &grading,
                args.language.map(NameLanguage::catalog),
            ),
        }
    };
    match text {
        Ok(text) => Report::Output(text),
        Err(error) => Report::Problem(error),
    }
}

fn grade_line_variant(line: &str, grading: &VariantGrading) -> String {
    format!(
        "{line} {} {} {}",
        grading.rating_text(),
        grading.tier,
        grading.hardest_name
    )
}

fn explain_variant(line: &str, grading: &VariantGrading) -> String {
    let mut text = grade_line_variant(line, grading);
    text.push('\n');
    for (number, step) in grading.steps.iter().enumerate() {
        text.push_str(&format!(
            "{:>4}. [{}] {}: {}\n",
            number + 1,
            format_rating(step.rating_tenths),
            step.name,
            step.explanation
        ));
    }
    text
}

/// A JSON Lines record of a house-grader grading of `line`, a puzzle of the named variant
/// on `geometry`.
fn grade_json_variant(
    line: String,
    (variant, geometry): (&'static str, &Geometry),
    grading: &VariantGrading,
    language: Option<crate::i18n::Language>,
) -> Result<String, Error> {
    let cells = |pairs: &[(u16, u8)]| named_cell_digits(pairs, |cell| geometry.cell_name(cell));
    let record = GradeRecord {
        puzzle: line,
        variant: Some(variant),
        size: Some(geometry.size().name()),
        rating: rating_number(grading.rating_tenths),
        tier: grading.tier.name(),
        hardest: &grading.hardest_name,
        hardest_printed: printed_step_name(grading.hardest, &grading.hardest_name),
        hardest_localized: language
            .map(|language| walk::step_name(grading.hardest, &grading.hardest_name, language)),
        trial_and_error: grading.trial_and_error,
        steps: grading
            .steps
            .iter()
            .map(|step| StepRecord {
                technique: &step.name,
                technique_printed: printed_step_name(step.technique, &step.name),
                technique_localized: language
                    .map(|language| walk::step_name(step.technique, &step.name, language)),
                rating: rating_number(step.rating_tenths),
                placements: cells(&step.placements),
                eliminations: cells(&step.eliminations),
                explanation: &step.explanation,
            })
            .collect(),
    };
    json_line(&record)
}

/// `grade --compare`: lines of `PUZZLE RATING [SOURCE]`; prints the agreement table.
fn run_compare(args: GradeArgs, ui: Ui) -> Result<i32, Error> {
    let extra_houses = compare_extra_houses(&args.kind)?;
    let mut input = Input::open(args.file.as_deref())?;
    let name = input.name.clone();
    let mut rows: Vec<(Grid, u16, String)> = Vec::new();
    let mut input_errors = 0;
    input.for_each_line(|number, line| {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            return Ok(true);
        }
        let mut words = trimmed.split_whitespace();
        let puzzle = words.next().unwrap_or("");
        let parsed = Grid::parse(puzzle)
            .map_err(|error| error.at_line(number))
            .and_then(|grid| check_extra_houses(&grid, extra_houses, number).map(|()| grid));
        let rating = words.next().and_then(parse_rating);
        match (parsed, rating) {
            (Ok(grid), Some(rating)) => {
                let source = words.next().unwrap_or("-").to_string();
                rows.push((grid, rating, source));
            }
            (Err(error), _) => {
                warn(&error.in_file(name.clone()));
                input_errors += 1;
            }
            (Ok(_), None) => {
                warn(
                    &Error::input("expected a reference rating after the puzzle, e.g. 4.2")
                        .at_line(number)
                        .in_file(name.clone()),
                );
                input_errors += 1;
            }
        }
        Ok(true)
    })?;
    if rows.is_empty() && input_errors == 0 {
        return Err(Error::input("no puzzles found")
            .in_file(name)
            .with_hint("write lines of PUZZLE RATING [SOURCE], e.g. from se-rated.txt"));
    }
    let pool = args.jobs.pool(rows.len())?;
    ui.detail(format_args!(
        "{name}: {} rated puzzles, {} worker threads",
        rows.len(),
        pool.current_num_threads()
    ));
    let options = GradeOptions {
        extra_houses,
        ..GradeOptions::default()
    };
    let budget = Duration::from_secs_f64(args.max_seconds);
    let results = map_ordered(&pool, &rows, |(grid, _, _)| {
        let options = GradeOptions {
            deadline: Instant::now().checked_add(budget),
            ..options.clone()
        };
        grade_with(grid, &options)
    });
    let mut comparisons = Vec::with_capacity(rows.len());
    let mut failures = 0;
    let mut output = Output::stdout();
    for ((grid, expected, source), result) in rows.into_iter().zip(results) {
        match result {
            Ok(grading) => {
                if args.format == GradeFormat::Json {
                    output.line(&format!(
                        "{{\"puzzle\":\"{}\",\"expected\":{},\"rating\":{},\"source\":{}}}",
                        grid.to_line(),
                        format_rating(expected),
                        grading.rating_text(),
                        serde_json::to_string(&source).unwrap_or_default()
                    ))?;
                }
                comparisons.push(Comparison {
                    expected_tenths: expected,
                    actual_tenths: grading.rating_tenths,
                    source,
                });
            }
            Err(error) => {
                warn(&error.context(grid.to_line()));
                failures += 1;
            }
        }
    }
    if args.format == GradeFormat::Line {
        for line in AccuracyReport::of(&comparisons).to_string().lines() {
            output.line(line)?;
        }
    }
    output.flush()?;
    Ok(if input_errors > 0 {
        2
    } else if failures > 0 {
        1
    } else {
        0
    })
}

fn warn(error: &Error) {
    super::print_error(error);
}
