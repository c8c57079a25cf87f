//! `--pattern FILE|NAME` and `puzzlebook sudoku patterns`: finding a mask by name or file,
//! and showing the built-in ones.

use std::path::Path;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::io::{Output, describe, read_file, utf8_text};
use super::{Ui, json_line};
use crate::error::Error;
use crate::sudoku::pattern::shapes::{Drawing, SHAPES};
use crate::sudoku::pattern::{NamedPattern, Pattern};

/// The largest mask file read (a 16×16 mask is under 300 bytes).
const MAX_PATTERN_BYTES: u64 = 1 << 16;

/// The mask `--pattern` names: a built-in shape, or a file of `x` and `.` (a value with a
/// path separator or an extension, or any value that is not a built-in name).
pub fn resolve(argument: &str) -> Result<NamedPattern, Error> {
    let looks_like_path = argument.contains(['/', '\\', '.']);
    if !looks_like_path && let Some(pattern) = Pattern::builtin(argument) {
        return Ok(NamedPattern {
            name: crate::sudoku::pattern::shapes::find(argument)
                .map_or(argument, |shape| shape.name)
                .to_string(),
            pattern,
        });
    }
    let path = Path::new(argument);
    if !looks_like_path && !path.exists() {
        // Neither a built-in name nor a file: the names are the likelier intent.
        return Err(Pattern::named(argument).expect_err("not a built-in name"));
    }
    read(path, argument)
}

/// Reads the mask file at `path`; errors name the file, line and column.
pub fn read(path: &Path, name: &str) -> Result<NamedPattern, Error> {
    let bytes = read_file(path, MAX_PATTERN_BYTES).map_err(|error| {
        Error::input(format!(
            "cannot read the pattern {}: {}",
            path.display(),
            describe(&error)
        ))
        .with_hint("give a built-in pattern's name (see `puzzlebook sudoku patterns`) or a file of x and .")
    })?;
    let text = utf8_text(bytes, "the pattern").map_err(|error| error.in_file(name))?;
    let pattern = Pattern::parse(&text).map_err(|error| error.in_file(name))?;
    Ok(NamedPattern {
        name: name.to_string(),
        pattern,
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PatternsFormat {
    /// A table, or the mask's rows of x and . with a pattern named.
    Text,
    /// JSON Lines: name, drawing, givens, symmetry, rows.
    Json,
}

#[derive(Debug, Args)]
pub struct PatternsArgs {
    /// A built-in pattern's name or a mask file to show (all built-in ones when absent).
    pattern: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PatternsFormat::Text)]
    format: PatternsFormat,
}

#[derive(Serialize)]
struct PatternRecord<'a> {
    name: &'a str,
    drawing: &'static str,
    size: String,
    givens: usize,
    symmetry: &'static str,
    rows: Vec<String>,
}

fn drawing_name(name: &str) -> &'static str {
    match crate::sudoku::pattern::shapes::find(name).map(|shape| shape.drawing) {
        Some(Drawing::Picture) => "picture",
        Some(Drawing::Glyph) => "glyph",
        None => "file",
    }
}

pub fn run_patterns(args: PatternsArgs, _ui: Ui) -> Result<i32, Error> {
    let shown: Vec<NamedPattern> = match &args.pattern {
        Some(argument) => vec![resolve(argument)?],
        None => SHAPES
            .iter()
            .map(|shape| NamedPattern {
                name: shape.name.to_string(),
                pattern: shape.pattern(),
            })
            .collect(),
    };
    let mut output = Output::stdout();
    for named in &shown {
        let pattern = &named.pattern;
        let text = match args.format {
            PatternsFormat::Json => json_line(&PatternRecord {
                name: &named.name,
                drawing: drawing_name(&named.name),
                size: format!("{0}x{0}", pattern.side()),
                givens: pattern.len(),
                symmetry: pattern.symmetry().name(),
                rows: pattern.to_text().lines().map(str::to_string).collect(),
            })?,
            PatternsFormat::Text if args.pattern.is_some() => format!(
                "{}\n{} givens, symmetry {}",
                pattern.to_text(),
                pattern.len(),
                pattern.symmetry()
            ),
            PatternsFormat::Text => format!(
                "{:<10} {:<8} {:>3} givens  symmetry {}",
                named.name,
                drawing_name(&named.name),
                pattern.len(),
                pattern.symmetry()
            ),
        };
        output.line(&text)?;
    }
    output.flush()?;
    Ok(0)
}
