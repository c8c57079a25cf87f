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
use crate::sudoku::coordinates::Coordinates;

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
    /// The key ([`Content::canonical_key`]) of a puzzle written as this kind's line (its
    /// first word), or `None` when the word's head names no puzzle of this kind. Errors
    /// count columns within `word`.
    fn line_key(&self, word: &str) -> Option<Result<String>>;
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
    /// The task a drill section (`drill = true`) prints above its puzzles in `language`
    /// ("Find the X-Wing"): its puzzles print at the moment the technique is first needed
    /// and their answers show the step. `None` for other sections.
    fn drill_task(&self, language: Language) -> Option<String> {
        let _ = language;
        None
    }
    /// The techniques the section teaches, as the techniques chapter's topics in
    /// `language`: those of the family its `hardest` (else `needs`) names first, for
    /// `technique_page = true`. Empty for sections that name none.
    fn taught_topics(&self, language: Language) -> Vec<Topic> {
        let _ = language;
        Vec::new()
    }
    /// Every distinct puzzle the section's settings admit, when they are few enough to
    /// list (4×4 sudoku): the planner then draws from the list, so the section never
    /// repeats itself and a count the list cannot meet is refused before any puzzle is
    /// made.
    fn listing(&self) -> Option<Arc<dyn Listing>> {
        None
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

/// The distinct puzzles of a section, listed in full (see [`SectionKind::listing`]).
pub trait Listing: Send + Sync {
    /// How many there are.
    fn len(&self) -> usize;
    /// True when the settings admit no puzzle at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Entry `entry`'s key ([`Content::canonical_key`]).
    fn key(&self, entry: usize) -> &str;
    /// Entry `entry` as a puzzle of the section, drawn afresh (relabelled, turned) with
    /// `rng`, unique and graded.
    fn make(&self, entry: usize, rng: &mut RandomStream) -> Result<Puzzle>;
    /// The settings that decide the list, in words, for a count it cannot meet
    /// (`4x4 sudoku, symmetry rot180, tier easy`).
    fn settings(&self) -> String;
}

/// A made puzzle's contents: the engine's puzzle and its solution.
pub trait Content: Debug + Send + Sync + Any {
    fn kind(&self) -> &'static Kind;
    /// The puzzle in its engine's line format.
    fn puzzle_line(&self) -> String;
    /// The solution in the same format.
    fn solution_line(&self) -> String;
    /// The puzzle's key among puzzles: the line of its canonical form, equal for two
    /// puzzles exactly when they are the same puzzle (see [`crate::sudoku::canon`]). A
    /// kind whose puzzles have no rule-keeping transformations keeps its puzzle line.
    fn canonical_key(&self) -> String {
        self.puzzle_line()
    }
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
    /// The puzzle's worked solution in the book's words, for kinds that have them
    /// ([`BookKind::has_walkthroughs`]).
    fn walkthrough(&self, wording: Wording) -> Result<Walkthrough> {
        let _ = wording;
        Err(crate::error::Error::runtime(format!(
            "{} puzzles have no walkthroughs",
            self.kind().name
        )))
    }
    /// The task above this drill when its own step names it more precisely than its
    /// section's ("Find the XY-Cycle" in a section drilling chains and cycles; the rule a
    /// mushikui-zan drill's puzzle reaches), see [`SectionKind::drill_task`].
    fn drill_task(&self, language: Language) -> Option<String> {
        let _ = language;
        None
    }
    /// The puzzle's hint in the book's words, for kinds that have them; with
    /// `ladder`, its [`Nudge::step`] too.
    fn hint(&self, wording: Wording, ladder: bool) -> Result<Hint> {
        let _ = (wording, ladder);
        Err(crate::error::Error::runtime(format!(
            "{} puzzles have no hints",
            self.kind().name
        )))
    }
}

/// How a book words what it teaches: its language, and how it names the rows, columns
/// and cells of a grid (kinds without grids ignore that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wording {
    pub language: Language,
    pub coordinates: Coordinates,
}

impl Wording {
    pub fn new(language: Language, coordinates: Coordinates) -> Wording {
        Wording {
            language,
            coordinates,
        }
    }
}

/// A nudge for a stuck solver (kinds whose [`BookKind::has_hints`]), in the book's words:
/// the first step a solver is likely to be stuck on. A plain hint names the technique
/// and where to look; a ladder gives where to look, then the technique, then the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nudge {
    /// The technique or kind of reasoning: "X-Wing", "What a column can carry".
    pub technique: String,
    /// Where to look: "rows B and F", "box 5", "the first digit of the product".
    pub area: String,
    /// The step itself as the walkthrough words it, ending in what it finds (asked for
    /// by a ladder).
    pub step: Option<String>,
}

/// A puzzle's nudge; `None` when the puzzle needs no more than the basics.
pub type Hint = Option<Nudge>;

/// A worked solution in the book's language, kind-neutral: steps in words, each with the
/// cells of the figure it fills (what the cells are is the kind's: a mushikui-zan row and
/// index from the left).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walkthrough {
    pub steps: Vec<WalkStep>,
    /// The names the words give rows, columns and cells, which the figures print beside
    /// the grid (`None` for kinds without coordinates).
    pub coordinates: Option<Coordinates>,
    /// The steps with a diagram, the one a reader needs most first.
    pub drawn: Vec<usize>,
    /// The most pages the printed walkthrough should take: while it takes more, the
    /// layout tells the last of `drawn` in words alone (see [`WALK_PAGES`]).
    pub page_goal: usize,
}

/// The most pages a puzzle's printed walkthrough should take.
pub const WALK_PAGES: usize = 2;

/// The page goal of a walkthrough: [`WALK_PAGES`], or 4 for a puzzle of the hardest tier
/// of its kind (an extreme sudoku, an expert or extreme killer).
pub fn page_goal(hardest_tier: bool) -> usize {
    if hardest_tier { 4 } else { WALK_PAGES }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkStep {
    pub text: String,
    pub cells: Vec<(usize, usize)>,
    /// The step has a diagram of its own: its panel starts with it, and the panel's
    /// figure shows this step (a sudoku step that needs one).
    pub diagram: bool,
    /// The step is told in words alone, across the text width, with no figure (a run of
    /// singles, a deduction the words locate well enough). Steps that are neither
    /// (mushikui-zan) gather beside a figure of the puzzle as it stands after them.
    pub words_only: bool,
    /// What the kind's figure needs beyond `cells`; opaque to the other stages.
    pub figure: StepFigure,
    /// The technique the step shows, for the techniques chapter (steps with a diagram).
    pub topic: Option<Topic>,
    /// The figure the techniques chapter draws when this step is its example, where it
    /// is not `figure`: a killer's pencilling-in of every cage marks, as an example, only
    /// the cage its words name.
    pub example: Option<StepFigure>,
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
