//! What the layout stage needs from a puzzle kind (see [`crate::kind`]): how large its
//! figures are and how small they may get, how to draw one, and the words and rules pages
//! that go with it.

use super::fonts::FontSet;
use super::page::{Item, Rect};
use std::ops::Range;

use crate::book::kind::{Content, SectionKind, Walkthrough};
use crate::book::spec::Language;
use crate::error::Result;
use crate::sudoku::coordinates::Coordinates;

/// Whether to draw the puzzle or its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    Puzzle,
    Answer,
}

/// How a section's figures are sized: at most `columns` × `rows` cells of one size, which
/// must stay readable. Known from the spec alone, before any puzzle is made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub columns: f64,
    pub rows: f64,
    /// The smallest readable cell of a question, and of an answer (points).
    pub min_cell: f64,
    pub min_answer_cell: f64,
    /// The smallest readable cell of a walkthrough figure (points): sudoku's hold pencil
    /// marks, a third of a cell each.
    pub min_walk_cell: f64,
    /// The smallest walkthrough cell as a multiple of the book's text size, where the
    /// figure's digits are read beside the steps' words and keep in proportion to them
    /// (large print); 0 where the cell's marks set its size.
    pub min_walk_cell_in_text: f64,
    /// Figures never grow beyond this cell, however much room there is, as a multiple of
    /// the book's text size (a calculation's digits keep in proportion to the words).
    pub max_cell_in_text: f64,
    /// The size of the figure's smallest digits, as a fraction of its cell: what a
    /// smallest digit size (large print) asks of the cell.
    pub digit_scale: f64,
    /// Room the figure takes outside its cells (labels beside a grid), in cells.
    pub outside: Outside,
    /// What the cells are called in messages ("sudoku": "sudoku cells", "sudoku answer cells").
    pub cells_are: &'static str,
}

/// Room a figure takes outside its cells, in cells on each side: coordinate labels in the
/// margin of a grid, say. The figure's area includes it; its box (the manifest's) does not.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outside {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Outside {
    pub const NONE: Outside = Outside {
        left: 0.0,
        top: 0.0,
        right: 0.0,
        bottom: 0.0,
    };
}

impl Frame {
    /// Cells across and down, the room outside them included.
    pub fn extent(&self) -> (f64, f64) {
        (
            self.columns + self.outside.left + self.outside.right,
            self.rows + self.outside.top + self.outside.bottom,
        )
    }
}

/// One rules page: a heading, paragraphs and worked examples.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesPage {
    /// The kind whose rules these are (its name in [`crate::kind::ALL`]): it draws the
    /// examples.
    pub kind: &'static str,
    pub heading: String,
    /// What the running head says on this page (the kind's name).
    pub running: String,
    pub paragraphs: Vec<String>,
    pub examples: Vec<RulesExample>,
}

/// A worked example under the rules: a small puzzle and its solution side by side, the
/// rule shown on the solution, with a caption. `key` names it to the kind that drew up the
/// page; `extent` is its size in cells (across, down), for sizing before it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesExample {
    pub key: &'static str,
    pub caption: String,
    pub extent: (f64, f64),
    /// The smallest cell it is readable with (a killer's sums need room).
    pub min_cell: f64,
}

/// A puzzle kind's part in the layout stage.
pub trait LayoutKind: Sync {
    /// The frame of a section's figures.
    fn frame(&self, section: &dyn SectionKind) -> Frame;
    /// Draws a puzzle or its answer with cells of `cell` points, centred across `area` and
    /// starting at its top (the frame's `outside` room included in both); returns the figure's box (what the manifest records: its text,
    /// read in order, is the puzzle's givens or the solution's digits).
    fn draw(
        &self,
        content: &dyn Content,
        show: Show,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect>;
    /// Draws one moment of a walkthrough (kinds whose `BookKind::has_walkthroughs`): the
    /// puzzle with the cells of `walkthrough.steps[..marked.end]` filled in and those of
    /// `steps[marked]` marked (a sudoku step's own diagram when `marked` is that step),
    /// with cells of `cell` points at the top left of `area`, after the margin of
    /// coordinates when the walkthrough names them; returns the grid's box.
    #[allow(clippy::too_many_arguments)]
    fn draw_walk(
        &self,
        content: &dyn Content,
        walkthrough: &Walkthrough,
        marked: Range<usize>,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect> {
        let _ = (walkthrough, marked, area, cell, fonts, items);
        Err(crate::error::Error::runtime(format!(
            "{} puzzles have no walkthrough figures",
            content.kind().name
        )))
    }
    /// The margin, in cells, that the kind's coordinates take left of and above a grid
    /// (see [`LayoutKind::draw_coordinates`]); 0 for kinds without coordinates.
    fn coordinate_band(&self) -> f64 {
        0.0
    }
    /// Draws the coordinates of a puzzle figure `draw` put at `grid` with cells of `cell`
    /// points, for a section a hint or walkthrough refers to: the rows' and columns'
    /// labels in the margin [`LayoutKind::coordinate_band`] leaves, and whatever names
    /// the kind gives inside the grid (a jigsaw's region numbers). Walkthrough figures
    /// draw their own (`Walkthrough::coordinates`).
    #[allow(clippy::too_many_arguments)]
    fn draw_coordinates(
        &self,
        content: &dyn Content,
        grid: Rect,
        cell: f64,
        coordinates: Coordinates,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) {
        let _ = (content, grid, cell, coordinates, fonts, items);
    }
    /// The tier names of the book stage, as words for captions, easiest first.
    fn tier_words(&self, language: Language) -> &'static [String];
    /// The rules pages for the sections of this kind in a book (one or more pages, e.g.
    /// one per variant present), written for what those sections hold.
    fn rules(&self, sections: &[&dyn SectionKind], language: Language) -> Vec<RulesPage>;
    /// Draws one of its rules pages' worked examples with cells of `cell` points at the
    /// top left of `area`; returns the drawing's box.
    fn draw_example(
        &self,
        example: &RulesExample,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect>;
}

/// The figure's content as the kind's concrete type, or a runtime error (a plan that gave a
/// kind's section another kind's puzzle is a bug).
pub fn expect_content<T: Content>(content: &dyn Content) -> Result<&T> {
    crate::book::kind::content_as::<T>(content).ok_or_else(|| {
        crate::error::Error::runtime(format!(
            "a {} figure was asked to draw a {} puzzle",
            std::any::type_name::<T>(),
            content.kind().name
        ))
    })
}
