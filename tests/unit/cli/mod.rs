mod batch;
mod docs;
mod export;
mod io;
mod preview;

use clap::Parser;
use puzzlebook::cli::*;

#[test]
fn the_command_definition_is_consistent() {
    command().debug_assert();
}

#[test]
fn quiet_and_verbose_are_global_and_exclusive() {
    let parse = |args: &[&str]| Cli::try_parse_from(args);
    let cli = parse(&["puzzlebook", "sudoku", "solve", "-q"]).unwrap();
    assert!(cli.talk.quiet && !cli.talk.verbose);
    let cli = parse(&["puzzlebook", "-v", "book", "x.toml"]).unwrap();
    assert!(cli.talk.verbose);
    let cli = parse(&["puzzlebook", "mushikui", "grade", "--verbose"]).unwrap();
    assert!(cli.talk.verbose);
    let error = parse(&["puzzlebook", "book", "x.toml", "-q", "-v"]).unwrap_err();
    assert_eq!(error.kind(), clap::error::ErrorKind::ArgumentConflict);
}
