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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::kind::Outside;

    fn frame(columns: f64, rows: f64) -> Frame {
        Frame {
            columns,
            rows,
            min_cell: 12.0,
            min_answer_cell: 8.0,
            min_walk_cell: 16.0,
            max_cell_in_text: f64::INFINITY,
            digit_scale: 0.6,
            outside: Outside::NONE,
            cells_are: "test",
        }
    }

    const LIMITS: Limits = Limits {
        text: 10.0,
        max_figure: None,
    };

    #[test]
    fn a_slot_wider_than_its_figure_puts_the_captions_beside_it() {
        let room = CaptionRoom {
            bands: 30.0,
            column: 50.0,
            apart: 0.0,
        };
        // Two killers to a 6 × 9 in page: 375 × 245 pt slots.
        let wide = fit(&frame(9.0, 9.0), 375.0, 245.0, room, LIMITS);
        assert_eq!(wide.captions, Captions::Beside);
        assert!((wide.cell - 245.0 / 9.0).abs() < 1e-9);
        // A square slot keeps them above and below.
        let square = fit(&frame(9.0, 9.0), 245.0, 245.0, room, LIMITS);
        assert_eq!(square.captions, Captions::Above);
        assert!((square.cell - 215.0 / 9.0).abs() < 1e-9);
    }

    #[test]
    fn figures_grow_to_their_slot_up_to_the_cap() {
        let room = CaptionRoom {
            bands: 30.0,
            column: 50.0,
            apart: 0.0,
        };
        let free = fit(&frame(9.0, 9.0), 500.0, 530.0, room, LIMITS);
        assert!((free.cell - 500.0 / 9.0).abs() < 1e-9);
        let capped = Limits {
            max_figure: Some(360.0),
            ..LIMITS
        };
        let fit = fit(&frame(9.0, 9.0), 500.0, 530.0, room, capped);
        assert!((fit.cell - 40.0).abs() < 1e-9);
        // Room outside the cells counts against the slot, not the cap.
        let mut labelled = frame(9.0, 9.0);
        labelled.outside = Outside {
            left: 1.0,
            top: 1.0,
            ..Outside::NONE
        };
        assert!((cell_in(&labelled, 500.0, 500.0, LIMITS) - 50.0).abs() < 1e-9);
    }

    #[test]
    fn the_block_is_centred_down_its_slot() {
        let slot = Rect::new(50.0, 100.0, 400.0, 600.0);
        let fit = Fit {
            cell: 40.0,
            captions: Captions::Above,
        };
        let area = figure_area(slot, &frame(9.0, 9.0), fit, 20.0, 16.0);
        // 20 + 360 + 16 = 396 of 600: 102 above the caption.
        assert!((area.y - (100.0 + 102.0 + 20.0)).abs() < 1e-9);
        let below = slot.bottom() - (area.y + 360.0 + 16.0);
        assert!((below - 102.0).abs() < 1e-9);
    }

    #[test]
    fn answers_share_one_scale_per_kind_and_never_outgrow_their_puzzles() {
        // Sections: 9×9 sudoku, 6×6 jigsaw, 16×16 sudoku, a multiplication.
        let kinds = ["sudoku", "sudoku", "sudoku", "mushikui"];
        let kind_of = |section: usize| kinds[section];
        let runs = [AnswerRun {
            sections: &[0, 1, 2, 3],
            kind_of: &kind_of,
        }];
        let fitted = [14.0, 20.0, 11.0, 16.0];
        let questions = [24.0, 15.0, 18.0, 13.0];
        let minimums = [8.0, 8.0, 10.0, 7.0];
        let cells = answer_cells(&runs, &fitted, &questions, &minimums);
        assert_eq!(cells, vec![11.0, 11.0, 11.0, 13.0]);
        // A kind's minimum lifts only its own section.
        let minimums = [8.0, 8.0, 12.0, 7.0];
        let fitted = [14.0, 20.0, 12.5, 16.0];
        let cells = answer_cells(&runs, &fitted, &[24.0, 10.0, 18.0, 13.0], &minimums);
        assert_eq!(cells, vec![10.0, 10.0, 12.0, 13.0]);
    }
}
