//! The techniques chapter as geometry: one entry per technique the book's puzzles need,
//! easiest first, each its name, what it looks for, and one example from a puzzle of the
//! book (the step's figure as its walkthrough draws it, the step's words, and where the
//! puzzle is). Entries are sized from the made walkthroughs and packed onto pages without
//! splitting one; the chapter follows the rules pages.

use super::fonts::FontSet;
use super::text::wrap;
use super::walk::style;
use crate::book::plan::TechniqueExample;
use crate::book::spec::Spec;
use crate::error::{Error, Result};

/// One entry, sized.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The figure's cell and box (width, height).
    pub cell: f64,
    pub figure: (f64, f64),
    /// What the technique looks for, wrapped to the text column.
    pub about: Vec<String>,
    /// The example step's words, wrapped.
    pub example: Vec<String>,
    /// Height in points: name line, the taller of figure and text (or both, when the
    /// text goes below a wide figure), gap.
    pub height: f64,
    /// The text goes below the figure (see [`super::walk::STACKED_SHARE`]).
    pub stacked: bool,
}

/// Sizes the entries: `cells[i]` and `extents[i]` (cells across and down) are the
/// walkthrough figure cell and extent of puzzle `i`; text beside the figure in a body
/// `body_width` points wide.
pub fn lay_out(
    spec: &Spec,
    fonts: &FontSet,
    body_width: f64,
    examples: &[TechniqueExample],
    cells: &[f64],
    extents: &[(f64, f64)],
) -> Vec<Entry> {
    let text = spec.page.text_size.value;
    let size = text * style::TEXT;
    let pitch = size * style::LEADING;
    let metrics = fonts.metrics(fonts.text);
    examples
        .iter()
        .map(|example| {
            let cell = cells[example.puzzle];
            let (columns, rows) = extents[example.puzzle];
            let figure = (columns * cell, rows * cell);
            let stacked = figure.0 >= body_width * super::walk::STACKED_SHARE;
            let beside = if stacked {
                0.0
            } else {
                figure.0 + style::GUTTER * text
            };
            let column = (body_width - beside).max(size * 8.0);
            let about = wrap(metrics, &example.topic.about, size, column);
            // Of a table (small steps told as rows), the first row is the technique's
            // example (the step's topic is its first row's), read as a sentence.
            let told = &example.walk.steps[example.step].text;
            let words = if told.contains('\t') {
                told.lines().next().unwrap_or_default().replace('\t', ": ")
            } else {
                told.clone()
            };
            let example_lines = wrap(metrics, &words, size, column);
            let text_height = text_height(about.len(), example_lines.len(), pitch, text);
            Entry {
                cell,
                figure,
                about,
                example: example_lines,
                height: style::HEADER * text
                    + if stacked {
                        figure.1 + style::GUTTER * text + text_height
                    } else {
                        text_height.max(figure.1)
                    }
                    + style::PANEL_GAP * text,
                stacked,
            }
        })
        .collect()
}

/// The text beside a figure: what it looks for, a gap, the cross-reference line, the step.
fn text_height(about: usize, example: usize, pitch: f64, text: f64) -> f64 {
    (about + 1 + example) as f64 * pitch + style::STEP_GAP * text
}

/// Packs the entries onto pages with `room` points below the heading band: per page, the
/// entries and their tops. The chapter has at least one page (before the puzzles are made
/// its entries are unknown).
pub fn flow(entries: &[Entry], room: f64) -> Vec<Vec<(usize, f64)>> {
    let mut pages = vec![Vec::new()];
    let mut used = 0.0;
    for (index, entry) in entries.iter().enumerate() {
        if used + entry.height > room && used > 0.0 {
            pages.push(Vec::new());
            used = 0.0;
        }
        pages.last_mut().expect("a page").push((index, used));
        used += entry.height;
    }
    pages
}

/// Refuses an entry taller than a page (it could only overflow).
pub fn check_fit(entries: &[Entry], examples: &[TechniqueExample], room: f64) -> Result<()> {
    match entries
        .iter()
        .zip(examples)
        .find(|(entry, _)| entry.height > room)
    {
        Some((entry, example)) => Err(Error::input(format!(
            "the techniques chapter's entry for {} is {:.0} pt tall; a page has room for {:.0} pt",
            example.topic.name, entry.height, room
        ))
        .with_hint("use a larger page or a smaller text size, or remove `techniques`")),
        None => Ok(()),
    }
}
