//! What the book stage needs from a puzzle kind (see [`crate::kind`]).
//!
//! A kind reads its own section keys into a [`SectionKind`]: the section's validated
//! options, which know their seed path, how to make one puzzle, and how to take one from a
//! puzzle bank. A made puzzle carries its [`Content`]: the engine's puzzle and solution,
//! which later stages reach through the kind's own modules.

use std::any::Any;
use std::fmt::Debug;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use super::plan::Puzzle;
use super::source::{Located, Span, Table};
use super::spec::{Difficulty, Language};
use crate::error::Result;
use crate::kind::Kind;
use crate::seed::RandomStream;

/// A puzzle kind's part in the book stage.
pub trait BookKind: Sync {
    /// The section keys this kind reads besides the common ones (`title`, `count`, …).
    fn section_keys(&self) -> &'static [&'static str];
    /// The tier names a section may ask for, easiest first.
    fn tiers(&self) -> &'static [&'static str];
    /// Checks a section's `rating = "…"`; an error (message and hint) when the kind has no
    /// rating ranges or the range cannot be met.
    fn check_rating(&self, text: &str) -> Result<()>;
    /// A section's title when the spec gives none.
    fn default_title(&self, language: Language) -> &'static str;
    /// True when the kind's puzzles can have walkthroughs ([`Content::walkthrough`]).
    fn has_walkthroughs(&self) -> bool {
        false
    }
    /// True when the kind's puzzles can have hints ([`Content::hint`]).
    fn has_hints(&self) -> bool {
        false
    }
    /// Reads the kind's own keys of a `[[section]]` table.
    fn read_section(
        &self,
        table: &Table<'_, '_>,
        difficulty: Option<&Difficulty>,
    ) -> Result<Box<dyn SectionKind>>;
}

/// A section's options, validated: what its puzzles are and how to make them.
pub trait SectionKind: Debug + Send + Sync + Any {
    /// The kind's parts of the section's seed path (after `book`, `section=ID` and the
    /// kind's name); see [`crate::book::plan`].
    fn seed_path(&self) -> Vec<String>;
    /// Makes puzzle `rng` stands for, unique and graded, or fails by `deadline`.
    fn make(&self, rng: &mut RandomStream, deadline: Option<Instant>) -> Result<Puzzle>;
    /// Checks one puzzle of a bank (its text in the kind's line format): parsed, proven
    /// unique, graded. `None` when it is sound but not what the section asks for. Errors
    /// count lines and columns within `text`.
    fn check_bank_line(&self, text: &str, deadline: Option<Instant>) -> Result<Option<Puzzle>>;
    /// The spec value that sets the figures' size, to blame when they do not fit a page.
    fn size_at(&self) -> Option<Span> {
        None
    }
    /// False when this section's puzzles cannot have walkthroughs although the kind's can
    /// (a variant its walkthroughs do not cover).
    fn has_walkthroughs(&self) -> bool {
        true
    }
    /// False when this section's puzzles cannot have hints although the kind's can.
    fn has_hints(&self) -> bool {
        true
    }
    /// Files the section's options name besides its puzzle `source` (a pattern's mask), as
    /// the spec wrote them (relative to its directory): the CLI reads them before anything
    /// is planned and hands their texts to [`SectionKind::take_files`].
    fn files(&self) -> Vec<Located<PathBuf>> {
        Vec::new()
    }
    /// The texts of [`SectionKind::files`], in their order, each with the name its errors
    /// give the file; an input error (at the file's line and column) when one is unusable.
    fn take_files(&self, texts: &[(String, String)]) -> Result<()> {
        let _ = texts;
        Ok(())
    }
}

/// A made puzzle's contents: the engine's puzzle and its solution.
pub trait Content: Debug + Send + Sync + Any {
    fn kind(&self) -> &'static Kind;
    /// The puzzle in its engine's line format.
    fn puzzle_line(&self) -> String;
    /// The solution in the same format.
    fn solution_line(&self) -> String;
    /// Fields the manifest adds for this kind (a variant, a size, cages), in order.
    fn manifest_fields(&self) -> Vec<(&'static str, serde_json::Value)> {
        Vec::new()
    }
    /// The `[[section]]` keys (besides `kind`) of a section whose puzzles have this one's
    /// shape, as TOML values: how a book is made of given puzzles (e.g. the walkthrough
    /// pages of `sudoku render --walkthrough`).
    fn section_keys(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// The puzzle's worked solution in `language`, for kinds that have them
    /// ([`BookKind::has_walkthroughs`]).
    fn walkthrough(&self, language: Language) -> Result<Walkthrough> {
        let _ = language;
        Err(crate::error::Error::runtime(format!(
            "{} puzzles have no walkthroughs",
            self.kind().name
        )))
    }
    /// The puzzle's hint in `language`, for kinds that have them.
    fn hint(&self, language: Language) -> Result<Hint> {
        let _ = language;
        Err(crate::error::Error::runtime(format!(
            "{} puzzles have no hints",
            self.kind().name
        )))
    }
}

/// A nudge for a stuck solver in the book's language (kinds whose
/// [`BookKind::has_hints`]); `None` when the puzzle needs no more than the basics.
pub type Hint = Option<String>;

/// A worked solution in the book's language, kind-neutral: steps in words, each with the
/// cells of the figure it fills (what the cells are is the kind's: a mushikui-zan row and
/// index from the left).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walkthrough {
    pub steps: Vec<WalkStep>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkStep {
    pub text: String,
    pub cells: Vec<(usize, usize)>,
    /// The step has a diagram of its own: its panel ends with it, and the panel's figure
    /// shows this step (a sudoku step beyond singles).
    pub diagram: bool,
    /// What the kind's figure needs beyond `cells`; opaque to the other stages.
    pub figure: StepFigure,
    /// The technique the step shows, for the techniques chapter (steps with a diagram).
    pub topic: Option<Topic>,
}

/// A technique a step shows: steps with the same `name` show the same technique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topic {
    /// Orders the techniques chapter, easiest first.
    pub rank: u32,
    pub name: String,
    /// What the technique looks for, in a sentence or two.
    pub about: String,
}

/// A kind's own data for drawing one walkthrough step (e.g. the candidates of a sudoku
/// position), handed from its `Content` to its `LayoutKind` untouched.
#[derive(Clone, Default)]
pub struct StepFigure(pub Option<Arc<dyn Any + Send + Sync>>);

impl StepFigure {
    pub fn new<T: Any + Send + Sync>(value: T) -> StepFigure {
        StepFigure(Some(Arc::new(value)))
    }

    /// The data as the kind's type, when it is one.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0
            .as_deref()
            .and_then(|value| value.downcast_ref::<T>())
    }
}

impl PartialEq for StepFigure {
    fn eq(&self, other: &StepFigure) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for StepFigure {}

impl Debug for StepFigure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "StepFigure(..)"
        } else {
            "StepFigure(none)"
        })
    }
}

/// The concrete options behind a section of a known kind.
pub fn section_as<T: SectionKind>(section: &dyn SectionKind) -> Option<&T> {
    (section as &dyn Any).downcast_ref::<T>()
}

/// The concrete contents behind a puzzle of a known kind.
pub fn content_as<T: Content>(content: &dyn Content) -> Option<&T> {
    (content as &dyn Any).downcast_ref::<T>()
}
