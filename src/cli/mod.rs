//! The command-line front end: argument parsing, files, terminals and exit codes.
//!
//! This is the only module that prints or touches the file system; everything it calls in
//! the core modules is pure. Errors surface here as one `error:` line on stderr (plus hint)
//! and exit code 2 for input or usage errors, 1 for run-time failures.

mod batch;
mod book;
mod io;
mod mushikui;
mod sudoku;

use std::io::Write;

use clap::{Parser, Subcommand};

use crate::error::Error;

const EXAMPLES: &str = "\
Examples:
  puzzlebook sudoku generate -n 10 --seed 2026-W47
  puzzlebook sudoku generate -n 1000 --symmetry none --format json > bank.jsonl
  puzzlebook sudoku solve puzzles.txt
  puzzlebook sudoku count --limit 10 puzzles.txt
  puzzlebook mushikui generate --op mul --digits 3,2 -n 10 --seed 2026-W47
  puzzlebook mushikui grade --explain puzzles.txt";

/// Seeded, unique-solution sudoku and mushikui-zan puzzles, typeset into print-ready PDF books.
#[derive(Debug, Parser)]
#[command(name = "puzzlebook", version, about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Generate, solve and count sudoku (ナンプレ).
    #[command(subcommand)]
    Sudoku(sudoku::Command),
    /// Generate, solve, count and grade mushikui-zan (虫食い算).
    #[command(subcommand)]
    Mushikui(mushikui::Command),
    /// Build a PDF puzzle book from a TOML spec.
    Book(book::Args),
}

/// Runs the program with the process arguments; returns the exit code.
pub fn run() -> i32 {
    run_with(std::env::args_os())
}

/// Runs the program with the given arguments (the first is the program name).
pub fn run_with<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() { 2 } else { 0 };
        }
    };
    let result = match cli.command {
        Command::Sudoku(command) => sudoku::run(command),
        Command::Mushikui(command) => mushikui::run(command),
        Command::Book(args) => book::run(args),
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
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "error: {error}");
    error.exit_code()
}
