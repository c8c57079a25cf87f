//! `puzzlebook book SPEC.toml`: not built yet.

use std::path::PathBuf;

use clap::Args as ClapArgs;

use crate::error::Error;

#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The book spec (TOML).
    spec: PathBuf,
}

pub fn run(_args: Args) -> Result<i32, Error> {
    Err(Error::runtime("books are not built yet"))
}
