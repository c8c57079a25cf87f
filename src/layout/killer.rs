//! A killer sudoku grid: the sudoku grid, each cage outlined by a dashed line just inside
//! its cells, and the cage's sum in small type in the corner of its first cell (topmost,
//! then leftmost), the outline broken around it.
//!
//! Each cell draws the inset pieces of its own cage's boundary: a piece ends short of a
//! convex corner, runs to the cell's edge where the boundary goes straight on into the next
//! cell, and reaches past the edge into the neighbour at a concave corner, so that the
//! pieces meet and every corner turns cleanly. Answers show the cages faintly, without
//! sums, under the solution's digits.

use super::fonts::FontSet;
use super::kind::Show;
use super::page::{Colour, Item, Point, Rect, Stroke};
use super::sudoku::{VariantFigure, draw_variant};
use super::sudoku_walk::MarkArea;
use crate::book::sudoku::Symbols;
use crate::sudoku::killer::Killer;
use crate::sudoku::variant::geometry::box_regions;

/// How far the cage outline runs inside the cell edges, as a fraction of the cell.
pub const INSET: f64 = 0.1;
/// The cage sums' size, as a fraction of the cell.
pub const SUM_SCALE: f64 = 0.24;
/// The smallest cage sum printed (points), wherever a killer is: puzzles, walkthrough and
/// techniques figures, rules pages, covers.
pub const MIN_SUM: f64 = 7.0;
/// The most of a cell a sum may take (its size over the cell's): larger, it would crowd
/// the digit below it.
pub const MAX_SUM_SHARE: f64 = 0.3;
/// The smallest cell of a killer puzzle: its sums stay [`MIN_SUM`] points and clear of
/// the digits.
pub const MIN_KILLER_CELL: f64 = MIN_SUM / MAX_SUM_SHARE;

/// The size of the cage sums in cells of `cell` points.
pub fn sum_size(cell: f64) -> f64 {
    (cell * SUM_SCALE).max(MIN_SUM)
}
/// The outline's width and grey in puzzles and, fainter, in answers.
pub const CAGE_WIDTH: f64 = 0.6;
pub const ANSWER_CAGE_GREY: f64 = 0.65;
/// Digits in a killer are smaller than in a plain grid, clear of the sums.
pub const DIGIT_SCALE: f64 = 0.5;

/// Draws a killer (its givens, or with `show` Answer the solution `values` over faint
/// cages) into the square `rect`.
pub fn draw_killer(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    rect: Rect,
    killer: &Killer,
    values: &[u8],
    show: Show,
) {
    let side = killer.geometry().side();
    let cell = rect.width / side as f64;
    let regions = box_regions(killer.size());
    let blank = vec![0u8; side * side];
    draw_variant(
        items,
        fonts,
        rect,
        &VariantFigure {
            side,
            regions: &regions,
            shaded: &vec![false; side * side],
            cells: &blank,
            strong: None,
            symbols: &Symbols::Digits,
        },
    );
    let answer = show == Show::Answer;
    draw_cages(
        items,
        fonts,
        rect,
        killer,
        if answer {
            CageStyle::ANSWER
        } else {
            CageStyle::PUZZLE
        },
    );
    let digit_size = cell * DIGIT_SCALE;
    let digits = fonts.metrics(fonts.digits_bold);
    for (index, &value) in values.iter().enumerate() {
        if value == 0 {
            continue;
        }
        let given = killer.givens()[index] != 0;
        let face = if answer && !given {
            fonts.digits_bold
        } else {
            fonts.digits
        };
        let text = value.to_string();
        let width = digits.width(&text, digit_size);
        let centre_x = rect.x + (index % side) as f64 * cell + cell / 2.0;
        // A little below the centre, away from the sums.
        let centre_y = rect.y + (index / side) as f64 * cell + cell * 0.56;
        items.push(Item::Text {
            at: Point {
                x: centre_x - width / 2.0,
                y: centre_y + digits.cap_height() * digit_size / 2.0,
            },
            size: digit_size,
            face,
            text,
            colour: Colour::BLACK,
        });
    }
}

/// How cages are drawn: with their sums (puzzles, walkthrough figures) or without
/// (answers), in black or faint grey, the sums on a white ground when drawn over a figure.
#[derive(Clone, Copy)]
pub struct CageStyle {
    pub sums: bool,
    pub colour: Colour,
    pub backed: bool,
}

impl CageStyle {
    pub const PUZZLE: CageStyle = CageStyle {
        sums: true,
        colour: Colour::BLACK,
        backed: false,
    };
    pub const ANSWER: CageStyle = CageStyle {
        sums: false,
        colour: Colour::grey(ANSWER_CAGE_GREY),
        backed: false,
    };
    pub const FIGURE: CageStyle = CageStyle {
        sums: true,
        colour: Colour::BLACK,
        backed: true,
    };
}

/// Where pencil marks go in a killer's walkthrough figure: below the sums, inside the
/// cage outlines with a clear space to them (a strike through a mark included). The
/// marks' rows are set closer than their size, so that they are as large as the area's
/// width allows: the figure's cells, which the smallest readable mark sets, are a sixth
/// smaller than with marks the rows' height (24.5 pt, not 29.2 pt, on a 9×9).
pub const KILLER_MARKS: MarkArea = MarkArea {
    left: 0.16,
    top: 0.27,
    width: 0.68,
    height: 0.57,
    rows_closer: 1.2,
};

/// Draws each cage's dashed outline inset in its cells and, with `style.sums`, its sum in
/// the corner of its first cell (the outline broken around it).
pub fn draw_cages(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    rect: Rect,
    killer: &Killer,
    style: CageStyle,
) {
    let side = killer.geometry().side();
    let cell = rect.width / side as f64;
    let colour = style.colour;
    let sum_size = sum_size(cell);
    let metrics = fonts.metrics(fonts.text);
    let inset = cell * INSET;
    let cage_of = killer.cage_of();
    let same = |a: usize, row: isize, column: isize| -> bool {
        if row < 0 || column < 0 || row >= side as isize || column >= side as isize {
            return false;
        }
        cage_of[a] == cage_of[row as usize * side + column as usize]
    };
    for cage in killer.cages() {
        let first = usize::from(cage.cells[0]);
        // The sum's box in the first cell, which the outline leaves out.
        let label = style.sums.then(|| {
            let text = cage.sum.to_string();
            let left = rect.x + (first % side) as f64 * cell + inset * 0.6;
            let top = rect.y + (first / side) as f64 * cell + inset * 0.6;
            let width = metrics.width(&text, sum_size);
            let baseline = top + metrics.cap_height() * sum_size;
            if style.backed {
                // Clears what a figure drew under the sum (a circled value's ring).
                items.push(Item::Rect {
                    rect: Rect::new(
                        left - inset * 0.3,
                        top - inset * 0.3,
                        width + inset * 0.6,
                        baseline - top + inset * 0.6,
                    ),
                    fill: Some(Colour::WHITE),
                    stroke: None,
                });
            }
            items.push(Item::Text {
                at: Point {
                    x: left,
                    y: baseline,
                },
                size: sum_size,
                face: fonts.text,
                text,
                colour: Colour::BLACK,
            });
            (left + width + inset * 0.5, baseline + inset * 0.7)
        });
        for &member in &cage.cells {
            let member = usize::from(member);
            let (row, column) = ((member / side) as isize, (member % side) as isize);
            let x0 = rect.x + column as f64 * cell;
            let y0 = rect.y + row as f64 * cell;
            let (x1, y1) = (x0 + cell, y0 + cell);
            let open = |dr: isize, dc: isize| !same(member, row + dr, column + dc);
            // Where a piece along a side ends at a corner: `across` is the side met there,
            // `beyond` the cell diagonally past the corner.
            let end = |edge: f64, outward: f64, across_open: bool, beyond_same: bool| {
                if across_open {
                    edge - outward * inset
                } else if beyond_same {
                    edge + outward * inset
                } else {
                    edge
                }
            };
            let mut pieces: Vec<(Point, Point)> = Vec::new();
            if open(-1, 0) {
                let y = y0 + inset;
                let start = end(x0, -1.0, open(0, -1), same(member, row - 1, column - 1));
                let stop = end(x1, 1.0, open(0, 1), same(member, row - 1, column + 1));
                pieces.push((Point { x: start, y }, Point { x: stop, y }));
            }
            if open(1, 0) {
                let y = y1 - inset;
                let start = end(x0, -1.0, open(0, -1), same(member, row + 1, column - 1));
                let stop = end(x1, 1.0, open(0, 1), same(member, row + 1, column + 1));
                pieces.push((Point { x: start, y }, Point { x: stop, y }));
            }
            if open(0, -1) {
                let x = x0 + inset;
                let start = end(y0, -1.0, open(-1, 0), same(member, row - 1, column - 1));
                let stop = end(y1, 1.0, open(1, 0), same(member, row + 1, column - 1));
                pieces.push((Point { x, y: start }, Point { x, y: stop }));
            }
            if open(0, 1) {
                let x = x1 - inset;
                let start = end(y0, -1.0, open(-1, 0), same(member, row - 1, column + 1));
                let stop = end(y1, 1.0, open(1, 0), same(member, row + 1, column + 1));
                pieces.push((Point { x, y: start }, Point { x, y: stop }));
            }
            for (from, to) in pieces {
                // The first cell's top and left pieces start past the sum.
                let (from, to) = match label {
                    Some((right, bottom)) if member == first => {
                        if from.y == to.y && from.y < bottom && to.x > from.x {
                            (
                                Point {
                                    x: from.x.max(right),
                                    ..from
                                },
                                to,
                            )
                        } else if from.x == to.x && from.x < right && to.y > from.y {
                            (
                                Point {
                                    y: from.y.max(bottom),
                                    ..from
                                },
                                to,
                            )
                        } else {
                            (from, to)
                        }
                    }
                    _ => (from, to),
                };
                if (to.x - from.x).abs() + (to.y - from.y).abs() < 0.5 {
                    continue;
                }
                items.push(Item::Path {
                    path: super::page::Path::polyline(&[from, to]),
                    fill: None,
                    stroke: Some(Stroke {
                        width: CAGE_WIDTH,
                        colour,
                        dash: Some((cell * 0.09, cell * 0.06)),
                    }),
                });
            }
        }
    }
}
