//! `puzzlebook sudoku canon`: the canonical form of each puzzle, one line each.

use std::path::PathBuf;

use clap::Args;

use super::Ui;
use super::batch::{JobsArg, Report};
use super::sudoku::{KindArgs, for_each_puzzle};
use crate::error::Error;
use crate::sudoku::canon::{canonical, canonical_classic, canonical_killer};

#[derive(Debug, Args)]
pub struct CanonArgs {
    /// Puzzle file; standard input when absent or '-'.
    file: Option<PathBuf>,
    /// What bare lines (without a `HEAD:`) are; lines with a head say it themselves.
    #[command(flatten)]
    kind: KindArgs,
    /// Write blanks as '0' instead of '.' (as other minlex tools do).
    #[arg(long)]
    zeros: bool,
    #[command(flatten)]
    jobs: JobsArg,
}

pub fn run(args: CanonArgs, ui: Ui) -> Result<i32, Error> {
    let blanks = |line: String| {
        if args.zeros {
            line.replace('.', "0")
        } else {
            line
        }
    };
    for_each_puzzle(
        args.file.as_deref(),
        &args.kind,
        &args.jobs,
        ui,
        |parsed| Report::Output(blanks(canonical_classic(&parsed.grid).to_line())),
        |parsed| Report::Output(blanks(canonical(&parsed.grid).to_line())),
        |parsed| Report::Output(blanks(canonical_killer(&parsed.killer).to_line())),
    )
}
