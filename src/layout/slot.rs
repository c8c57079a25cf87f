//! Figure slots: how a puzzle's figure and its caption share the room a page's grid of
//! puzzles gives each one.
//!
//! A figure grows to the room its slot has (up to the kind's largest cell and the spec's
//! `max_figure`), its caption and note above and below it, or beside it when the slot is
//! wider than the figure can use (two killers to a 6 × 9 in page are as tall as the slot
//! allows, and the caption's band goes to the figure). The block of caption, figure and
//! note is centred down its slot, so a page of one puzzle has it in the middle of the text
//! block, not at the top. Answers keep one scale per kind across an answer key and are
//! never larger than their puzzles. The frame's `outside` room (labels beside a grid) is
//! part of the figure here.

use super::kind::Frame;
use super::page::Rect;

/// Where a figure's caption (number, tier) and note (cross-reference) go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Captions {
    /// The caption in a band above the figure, the note in a band below it.
    Above,
    /// The caption in a column left of the figure's top, the note right of its foot.
    Beside,
}

/// A figure's cell and where its captions go.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub cell: f64,
    pub captions: Captions,
}

/// The room captions take: the height of the bands above and below a figure (together),
/// and the width of each column beside it; with captions beside, `apart` is still kept
/// free down the slot so that figures on top of each other stand apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaptionRoom {
    pub bands: f64,
    pub column: f64,
    pub apart: f64,
}

/// The limits on a figure's cell besides its slot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// The book's text size (the frame's largest cell is a multiple of it).
    pub text: f64,
    /// The largest width or height of the figure's cells, from the spec.
    pub max_figure: Option<f64>,
}

/// The largest cell of `frame` in `width` × `height` points.
pub fn cell_in(frame: &Frame, width: f64, height: f64, limits: Limits) -> f64 {
    let (columns, rows) = frame.extent();
    let mut cell = (width / columns)
        .min(height / rows)
        .min(frame.max_cell_in_text * limits.text);
    if let Some(cap) = limits.max_figure {
        cell = cell.min(cap / frame.columns.max(frame.rows));
    }
    cell.max(0.0)
}

/// The cell of a figure in a slot of `width` × `height` points, captions above and below,
/// or beside it when that makes the figure larger (by more than 2 %: a slot only a little
/// wider than tall keeps the usual order).
pub fn fit(frame: &Frame, width: f64, height: f64, room: CaptionRoom, limits: Limits) -> Fit {
    let above = cell_in(frame, width, height - room.bands, limits);
    let beside = cell_in(
        frame,
        width - 2.0 * room.column,
        height - room.apart,
        limits,
    );
    if beside > above * 1.02 {
        Fit {
            cell: beside,
            captions: Captions::Beside,
        }
    } else {
        Fit {
            cell: above,
            captions: Captions::Above,
        }
    }
}

/// The figure area inside `slot` (from the caption band's foot, or the slot's top with
/// captions beside): the block of caption, figure and note centred down the slot. The
/// figure's height is the frame's (the largest of the section), so the figures of a row
/// share a top edge.
pub fn figure_area(slot: Rect, frame: &Frame, fit: Fit, caption_band: f64, note_band: f64) -> Rect {
    let (_, rows) = frame.extent();
    let figure = rows * fit.cell;
    let (above, below) = match fit.captions {
        Captions::Above => (caption_band, note_band),
        Captions::Beside => (note_band / 2.0, note_band / 2.0),
    };
    let slack = (slot.height - above - figure - below).max(0.0);
    let top = slot.y + slack / 2.0 + above;
    Rect::new(slot.x, top, slot.width, slot.bottom() - top)
}

/// One answer key's figures: the section each belongs to and its kind, and per section
/// the cell its answer slot fits, its question cell and its smallest readable answer cell.
pub struct AnswerRun<'a> {
    pub sections: &'a [usize],
    pub kind_of: &'a dyn Fn(usize) -> &'static str,
}

/// One scale per kind within each answer key (`runs`: the sections whose answers share
/// pages), never larger than the puzzles: a section's answer cell is the smallest of its
/// kind's fitted and question cells in its run, raised to its own readable minimum when
/// that is larger (still within its slot). `fitted`, `questions` and `minimums` are per
/// section.
pub fn answer_cells(
    runs: &[AnswerRun<'_>],
    fitted: &[f64],
    questions: &[f64],
    minimums: &[f64],
) -> Vec<f64> {
    let mut cells: Vec<f64> = fitted
        .iter()
        .zip(questions)
        .map(|(fit, question)| fit.min(*question))
        .collect();
    for run in runs {
        for &section in run.sections {
            let kind = (run.kind_of)(section);
            let common = run
                .sections
                .iter()
                .filter(|&&other| (run.kind_of)(other) == kind)
                .map(|&other| fitted[other].min(questions[other]))
                .fold(f64::INFINITY, f64::min);
            cells[section] = common.max(minimums[section]).min(fitted[section]);
        }
    }
    cells
}
