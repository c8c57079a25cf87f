//! The command-line front end: argument parsing, files, terminals and exit codes.
//!
//! This is the only module that prints or touches the file system; everything it calls in
//! the core modules is pure. Errors surface here as one `error:` line on stderr (plus hint)
//! and exit code 2 for input or usage errors, 1 for run-time failures.
//!
//! Standard output carries only the command's results; everything else (errors, notes,
//! progress, `--verbose` details) goes to standard error, styled only when it is a terminal
//! and `NO_COLOR` is unset (<https://no-color.org>).

mod bank;
pub mod batch;
mod book;
mod canon;
mod check;
mod cover;
pub mod docs;
pub mod export;
pub mod io;
mod ledger;
mod mushikui;
mod pattern;
pub mod preview;
mod sudoku;
mod walkthrough_pages;

use std::fmt::Display;
use std::io::IsTerminal;
use std::sync::{Mutex, PoisonError};

use clap::{ArgMatches, Args, ColorChoice, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::error::Error;

const EXAMPLES: &str = "\
Examples:
  puzzlebook sudoku generate -n 10 --seed 2026-W47
  puzzlebook sudoku generate -n 1000 --symmetry none --format jsonl > bank.jsonl
  puzzlebook sudoku solve puzzles.txt
  puzzlebook sudoku count --limit 10 puzzles.txt
  puzzlebook mushikui generate --op mul --digits 3,2 -n 10 --seed 2026-W47
  puzzlebook mushikui grade --explain puzzles.txt
  puzzlebook book examples/weekly.toml -o weekly.pdf
  puzzlebook preview examples/weekly.toml --page 4 -o page.png
  puzzlebook export examples/weekly.toml --to weekly --format html
  puzzlebook check weekly.pdf --printer kdp

Exit codes: 0 success, 1 run-time failure, 2 bad input or usage.";

/// Seeded, unique-solution sudoku and mushikui-zan puzzles, typeset into print-ready PDF books.
#[derive(Debug, Parser)]
#[command(name = "puzzlebook", version, about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(flatten)]
    pub talk: TalkArgs,
    #[command(subcommand)]
    command: Command,
}

/// The help heading of the flags every command takes.
const GLOBAL: &str = "Global options";

/// The global flags that set how much is said on standard error.
#[derive(Debug, Args)]
pub struct TalkArgs {
    /// Print nothing but errors: no progress bar, notes or summary.
    #[arg(short, long, global = true, conflicts_with = "verbose", help_heading = GLOBAL)]
    pub quiet: bool,
    /// Say more on standard error: seed paths, thread count, timings.
    #[arg(short, long, global = true, help_heading = GLOBAL)]
    pub verbose: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Generate, solve, count and grade sudoku (ナンプレ).
    #[command(subcommand)]
    Sudoku(sudoku::Command),
    /// Generate, solve, count and grade mushikui-zan (虫食い算).
    #[command(subcommand)]
    Mushikui(mushikui::Command),
    /// Build a PDF puzzle book from a TOML spec.
    Book(book::Args),
    /// Render pages of a book to PNG pictures, for a quick look without a PDF viewer.
    Preview(preview::Args),
    /// Make the print-ready wrap-around cover (back, spine, front) of a book.
    Cover(cover::Args),
    /// Check any PDF interior against a printer's rules (page size and bleed, safe zone,
    /// gutter, page count, fonts, line weights, grey fills).
    Check(check::Args),
    /// Export a book's puzzles as SVG or PNG pictures, or as one web page to read, print
    /// and play.
    Export(export::Args),
    /// Keep a series' ledger of printed puzzles: create it, record books, check, list.
    #[command(subcommand)]
    Ledger(ledger::Command),
    /// Work on puzzle banks: leave out repeated puzzles (when merging shards, say).
    #[command(subcommand)]
    Bank(bank::Command),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(docs::CompletionsArgs),
    /// Print the manual page (roff), or write one page per command into a directory.
    Man(docs::ManArgs),
}

/// The seed used when `--seed` is not given.
pub const DEFAULT_SEED: &str = "puzzlebook";

/// One JSON Lines record.
fn json_line(record: &impl serde::Serialize) -> Result<String, Error> {
    serde_json::to_string(record)
        .map_err(|error| Error::runtime(format!("cannot encode JSON: {error}")))
}

/// An error as clap shows a rejected flag value: the message, then the hint.
fn flag_value_message(error: &Error) -> String {
    match error.hint() {
        Some(hint) => format!("{}\n  hint: {hint}", error.message()),
        None => error.message().to_string(),
    }
}

/// How much the program says on standard error besides errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// Errors only.
    Quiet,
    /// Errors, notes, progress on a terminal, and a summary where a command has one.
    Normal,
    /// Also details: seed paths, thread counts, timings.
    Verbose,
}

/// What a command needs to know about talking to the user.
#[derive(Clone, Copy, Debug)]
pub struct Ui {
    pub verbosity: Verbosity,
}

impl Ui {
    pub fn quiet(self) -> bool {
        self.verbosity == Verbosity::Quiet
    }

    pub fn verbose(self) -> bool {
        self.verbosity == Verbosity::Verbose
    }

    /// A progress display is worth drawing: not `--quiet`, and stderr is a terminal.
    pub fn shows_progress(self) -> bool {
        !self.quiet() && std::io::stderr().is_terminal()
    }

    /// A detail shown only with `--verbose`.
    pub fn detail(self, text: impl Display) {
        if self.verbose() {
            anstream::eprintln!("{text}");
        }
    }

    /// A line of ordinary information (a summary): not shown with `--quiet`.
    pub fn say(self, text: impl Display) {
        if !self.quiet() {
            anstream::eprintln!("{text}");
        }
    }

    /// A `note:` worth knowing but not an error: not shown with `--quiet`.
    pub fn note(self, text: impl Display) {
        if !self.quiet() {
            let style = anstyle::Style::new().bold();
            anstream::eprintln!("{style}note:{style:#} {text}");
        }
    }
}

/// Prints an error on stderr the standard way (`error: …`, red when colour is allowed).
pub fn print_error(error: &Error) {
    let style = anstyle::Style::new()
        .bold()
        .fg_color(Some(anstyle::AnsiColor::Red.into()));
    anstream::eprintln!("{style}error:{style:#} {error}");
}

/// Colour for clap's help and errors: never when `NO_COLOR` is set to anything non-empty
/// (<https://no-color.org>); otherwise decided per stream (a terminal that supports colour,
/// or `CLICOLOR_FORCE`), the same rule our own stderr output follows through `anstream`.
fn color_choice() -> ColorChoice {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    if no_color {
        ColorChoice::Never
    } else {
        ColorChoice::Auto
    }
}

/// The full command definition (for completions and manual pages as well as parsing).
pub fn command() -> clap::Command {
    Cli::command().color(color_choice())
}

/// Runs the program with the process arguments; returns the exit code.
pub fn run() -> i32 {
    io::note_closed_stdout();
    let plain = std::env::var_os("RUST_BACKTRACE").is_none_or(|value| value == "0");
    if plain {
        std::panic::set_hook(Box::new(|info| {
            let what = info
                .payload()
                .downcast_ref::<&str>()
                .map(|text| text.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown failure".to_string());
            let place = info
                .location()
                .map(|location| format!(" at {}:{}", location.file(), location.line()))
                .unwrap_or_default();
            *LAST_PANIC.lock().unwrap_or_else(PoisonError::into_inner) = Some(what + &place);
        }));
    }
    match std::panic::catch_unwind(|| run_with(std::env::args_os())) {
        Ok(code) => code,
        Err(_) => {
            let what = LAST_PANIC
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take()
                .unwrap_or_else(|| "a panic".to_string());
            if plain {
                report(
                    &Error::runtime(format!("internal error: {what}")).with_hint(
                        "this is a bug; please report it with the command and its input \
                     (RUST_BACKTRACE=1 shows more)",
                    ),
                );
            }
            1
        }
    }
}

/// The last panic's message and place. A panic is a bug in puzzlebook or a library it uses,
/// never the user's fault: the hook only records it; if the panic reaches [`run`] it becomes
/// one `error: internal error` line with a hint (exit 1, files being written are removed as
/// it unwinds), and panics a stage catches itself (the PDF renderer guards the PDF library)
/// say nothing. `RUST_BACKTRACE` keeps Rust's own report instead.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Runs the program with the given arguments (the first is the program name).
pub fn run_with<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match command()
        .try_get_matches_from(args)
        .and_then(|matches: ArgMatches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() { 2 } else { 0 };
        }
    };
    let ui = Ui {
        verbosity: match (cli.talk.quiet, cli.talk.verbose) {
            (true, _) => Verbosity::Quiet,
            (false, true) => Verbosity::Verbose,
            (false, false) => Verbosity::Normal,
        },
    };
    let result = match cli.command {
        Command::Sudoku(command) => sudoku::run(command, ui),
        Command::Mushikui(command) => mushikui::run(command, ui),
        Command::Book(args) => book::run(args, ui),
        Command::Preview(args) => preview::run(args, ui),
        Command::Cover(args) => cover::run(args, ui),
        Command::Check(args) => check::run(args, ui),
        Command::Export(args) => export::run(args, ui),
        Command::Ledger(command) => ledger::run(command, ui),
        Command::Bank(command) => bank::run(command, ui),
        Command::Completions(args) => docs::completions(args),
        Command::Man(args) => docs::man(args, ui),
    };
    match result {
        Ok(code) => code,
        Err(error) => report(&error),
    }
}

/// Prints an error the standard way and returns its exit code.
fn report(error: &Error) -> i32 {
    if io::is_broken_pipe(error) {
        return 0;
    }
    print_error(error);
    error.exit_code()
}
