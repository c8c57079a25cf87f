//! `puzzlebook mushikui …`: not built yet.

use clap::Subcommand;

use crate::error::Error;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Generate mushikui-zan puzzles (not built yet).
    Generate,
}

pub fn run(_command: Command) -> Result<i32, Error> {
    Err(Error::runtime("mushikui-zan is not built yet"))
}
