//! Sudoku sections whose givens draw a picture: `pattern = "heart"` or
//! `pattern_file = "masks/bell.txt"`, with `pattern_tint` and `minimal`.
//!
//! A built-in pattern is known when the spec is read; a file's mask is read by the CLI
//! (relative to the spec) and handed over before anything is planned, since the mask is
//! part of the seed path. Either way the mask is checked against the section's grid with
//! the error placed where the spec or the file is wrong.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use super::plan::Puzzle;
use super::source::{Located, Table};
use super::spec::at;
use crate::error::{Error, Result};
use crate::seed::RandomStream;
use crate::sudoku::grade::{RatingTarget, TechniqueTarget};
use crate::sudoku::pattern::{self, Pattern, PatternRequest};
use crate::sudoku::variant::{Size, Variant, VariantOptions};

/// What a made puzzle remembers of its section's pattern: its name for the manifest, and
/// whether its givens are tinted in print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternMark {
    /// The built-in name, or the mask file's path as the spec wrote it.
    pub name: String,
    pub tint: bool,
}

impl PatternMark {
    /// The manifest fields: `pattern` (and `pattern_tint` when tinted).
    pub fn manifest_fields(mark: Option<&PatternMark>) -> Vec<(&'static str, serde_json::Value)> {
        let Some(mark) = mark else {
            return Vec::new();
        };
        let mut fields = vec![("pattern", mark.name.clone().into())];
        if mark.tint {
            fields.push(("pattern_tint", true.into()));
        }
        fields
    }
}

/// A section's pattern.
#[derive(Clone, Debug, PartialEq)]
pub struct SectionPattern {
    pub mark: PatternMark,
    /// `pattern_file`, relative to the spec; `None` for a built-in.
    pub file: Option<Located<PathBuf>>,
    /// The mask: set when the spec is read (built-in) or when the file is taken.
    mask: OnceLock<Pattern>,
    /// Every given is needed.
    pub minimal: bool,
    /// The grid the puzzles are made on.
    pub options: VariantOptions,
}

impl SectionPattern {
    /// Reads `pattern`, `pattern_file`, `pattern_tint` and `minimal` for a grid of `size`
    /// and `variant`; `None` when the section has no pattern (then the other two keys are
    /// refused).
    pub fn read(
        table: &Table<'_, '_>,
        size: Size,
        variant: Variant,
    ) -> Result<Option<SectionPattern>> {
        let name = table.string("pattern")?;
        let file = table.string("pattern_file")?;
        let tint = table.boolean("pattern_tint")?;
        let minimal = table.boolean("minimal")?;
        let (name, file) = match (name, file) {
            (Some(_), Some(file)) => {
                return Err(table
                    .error(
                        file.at,
                        "a section takes `pattern` or `pattern_file`, not both",
                    )
                    .with_hint("remove one of them"));
            }
            (None, None) => {
                for (key, given) in [("pattern_tint", &tint), ("minimal", &minimal)] {
                    if let Some(given) = given {
                        return Err(table
                            .error(given.at, format!("`{key}` goes with a pattern"))
                            .with_hint(
                                "add pattern = \"heart\" (or pattern_file = \"…\"), or remove it",
                            ));
                    }
                }
                return Ok(None);
            }
            pair => pair,
        };
        if let Some(span) = table.key_span("source") {
            return Err(table
                .error(span, "`source` does not go with a pattern: the puzzles are made on the pattern")
                .with_hint("remove `source`, or the pattern (`sudoku generate --pattern` can fill a puzzle file)"));
        }
        for key in ["symmetry", "clues"] {
            if let Some(span) = table.key_span(key) {
                return Err(table
                    .error(
                        span,
                        format!("`{key}` does not go with a pattern: the pattern sets the givens"),
                    )
                    .with_hint("remove it (a symmetric pattern makes symmetric puzzles)"));
            }
        }
        let mask = OnceLock::new();
        let (label, file) = match (name, file) {
            (Some(name), _) => {
                let pattern =
                    Pattern::named(&name.value).map_err(|error| at(table, name.at, error))?;
                pattern
                    .check(size, variant)
                    .map_err(|error| at(table, name.at, error))?;
                let label = pattern::shapes::find(&name.value)
                    .map_or(name.value.clone(), |shape| shape.name.to_string());
                let _ = mask.set(pattern);
                (label, None)
            }
            (None, Some(file)) => {
                if file.value.trim().is_empty() {
                    return Err(table.error(file.at, "`pattern_file` names no file"));
                }
                (
                    file.value.clone(),
                    Some(Located::new(PathBuf::from(&file.value), file.at)),
                )
            }
            (None, None) => unreachable!("one of them is given"),
        };
        let options = match mask.get() {
            Some(pattern) => pattern::grid_options(pattern, size, variant),
            None => VariantOptions::new(size, variant),
        };
        Ok(Some(SectionPattern {
            mark: PatternMark {
                name: label,
                tint: tint.is_some_and(|tint| tint.value),
            },
            file,
            mask,
            minimal: minimal.is_some_and(|minimal| minimal.value),
            options,
        }))
    }

    /// Takes the mask file's text (`name` for its errors): parsed and checked against the
    /// section's grid.
    pub fn take_file(&self, name: &str, text: &str) -> Result<()> {
        let parsed = Pattern::parse(text).map_err(|error| error.in_file(name))?;
        parsed
            .check(self.options.size, self.options.variant)
            .map_err(|error| error.in_file(name))?;
        // Taken once per book; a second text for the same section is the same file.
        let _ = self.mask.set(parsed);
        Ok(())
    }

    fn mask(&self) -> Result<&Pattern> {
        self.mask.get().ok_or_else(|| {
            Error::runtime(format!(
                "the pattern file {} was not read before the puzzles were made",
                self.mark.name
            ))
        })
    }

    /// The grid the puzzles are made on, with the mask's symmetry for jigsaw layouts.
    fn grid(&self) -> Result<VariantOptions> {
        Ok(pattern::grid_options(
            self.mask()?,
            self.options.size,
            self.options.variant,
        ))
    }

    /// The seed-path parts (before the tier or rating); those of `sudoku generate
    /// --pattern`.
    pub fn seed_path(&self) -> Vec<String> {
        match (self.mask.get(), self.grid()) {
            (Some(mask), Ok(options)) => pattern::seed_path(mask, &options, self.minimal),
            // Planned before the file was taken: the plan fails when it makes a puzzle.
            _ => vec![format!("pattern_file={}", self.mark.name)],
        }
    }

    /// A puzzle on the pattern: the classic 9×9 engine's, or a variant's.
    pub fn make(
        &self,
        target: Option<RatingTarget>,
        techniques: &TechniqueTarget,
        rng: &mut RandomStream,
        deadline: Option<Instant>,
        classic: impl FnOnce(
            crate::sudoku::Grid,
            crate::sudoku::Grid,
            &crate::sudoku::grade::Grading,
        ) -> Puzzle,
        variant: impl FnOnce(
            crate::sudoku::variant::VariantGrid,
            crate::sudoku::variant::VariantGrid,
            u16,
            crate::sudoku::grade::Tier,
        ) -> Puzzle,
    ) -> Result<Puzzle> {
        let mask = self.mask()?;
        let options = self.grid()?;
        if (options.size, options.variant) == (Size::S9, Variant::Classic) {
            // The spec reader has checked that the techniques fit the target.
            let request = PatternRequest::new(mask, &self.mark.name, target, self.minimal)
                .aimed_at(techniques)?;
            let (puzzle, solution, grading) = pattern::make_classic(&request, rng, deadline)?;
            return Ok(classic(puzzle, solution, &grading));
        }
        let request = PatternRequest::new(mask, &self.mark.name, target, self.minimal);
        let (puzzle, solution, grading) = pattern::make_variant(&options, &request, rng, deadline)?;
        Ok(variant(
            puzzle,
            solution,
            grading.rating_tenths,
            grading.tier,
        ))
    }
}
