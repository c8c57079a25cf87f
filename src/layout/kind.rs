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
    /// Figures never grow beyond this cell, however much room there is.
    pub max_cell: f64,
    /// What the cells are called in messages ("sudoku": "sudoku cells", "sudoku answer cells").
    pub cells_are: &'static str,
}

/// One rules page: a heading and paragraphs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesPage {
    pub heading: String,
    /// What the running head says on this page (the kind's name).
    pub running: String,
    pub paragraphs: Vec<String>,
}

/// A puzzle kind's part in the layout stage.
pub trait LayoutKind: Sync {
    /// The frame of a section's figures.
    fn frame(&self, section: &dyn SectionKind) -> Frame;
    /// Draws a puzzle or its answer with cells of `cell` points, centred across `area` and
    /// starting at its top; returns the figure's box (what the manifest records: its text,
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
    fn tier_words(&self, language: Language) -> &'static [&'static str];
    /// The rules pages for the sections of this kind in a book (one or more pages, e.g.
    /// one per variant present).
    fn rules(&self, sections: &[&dyn SectionKind], language: Language) -> Vec<RulesPage>;
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
