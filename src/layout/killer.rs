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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::RandomStream;
    use crate::sudoku::killer::generate::{KillerOptions, generate};
    use crate::sudoku::variant::Size;

    /// The dashed pieces of a drawing: (from, to).
    fn pieces(items: &[Item]) -> Vec<(Point, Point)> {
        items
            .iter()
            .filter_map(|item| match item {
                Item::Path {
                    path,
                    stroke: Some(stroke),
                    ..
                } if stroke.dash.is_some() => {
                    let subpath = &path.subpaths[0];
                    let super::super::page::Segment::Line(to) = subpath.segments[0] else {
                        return None;
                    };
                    Some((subpath.start, to))
                }
                _ => None,
            })
            .collect()
    }

    fn covers(pieces: &[(Point, Point)], point: Point) -> bool {
        pieces.iter().any(|(from, to)| {
            let (low_x, high_x) = (from.x.min(to.x), from.x.max(to.x));
            let (low_y, high_y) = (from.y.min(to.y), from.y.max(to.y));
            (point.x - low_x) >= -1e-6
                && (high_x - point.x) >= -1e-6
                && (point.y - low_y) >= -1e-6
                && (high_y - point.y) >= -1e-6
        })
    }

    /// Every side of a cell between two cages (or on the grid's edge) has the outline along
    /// it, inset; no side inside a cage has; each sum sits in its cage's first cell.
    #[test]
    fn outlines_follow_the_cages_and_sums_sit_in_first_cells() {
        let fonts = FontSet::bundled(false);
        for (size, index) in [(Size::S9, 0), (Size::S9, 1), (Size::S6, 2)] {
            let mut rng = RandomStream::derive("killer-drawing", &[], index);
            let made = generate(&KillerOptions::new(size), &mut rng, None).unwrap();
            let killer = &made.puzzle;
            let side = killer.geometry().side();
            let cell = 30.0;
            let rect = Rect::new(10.0, 20.0, cell * side as f64, cell * side as f64);
            let mut items = Vec::new();
            draw_killer(
                &mut items,
                &fonts,
                rect,
                killer,
                killer.givens(),
                Show::Puzzle,
            );
            let drawn = pieces(&items);
            let inset = cell * INSET;
            let cage_of = killer.cage_of();
            for index in 0..side * side {
                let (row, column) = (index / side, index % side);
                let x0 = rect.x + column as f64 * cell;
                let y0 = rect.y + row as f64 * cell;
                let other = |r: isize, c: isize| {
                    (r >= 0 && c >= 0 && r < side as isize && c < side as isize)
                        .then(|| cage_of[r as usize * side + c as usize])
                };
                let (r, c) = (row as isize, column as isize);
                // The middle of each side's inset line, away from the sum in the corner.
                let sides = [
                    (
                        other(r - 1, c),
                        Point {
                            x: x0 + cell * 0.75,
                            y: y0 + inset,
                        },
                    ),
                    (
                        other(r + 1, c),
                        Point {
                            x: x0 + cell * 0.5,
                            y: y0 + cell - inset,
                        },
                    ),
                    (
                        other(r, c - 1),
                        Point {
                            x: x0 + inset,
                            y: y0 + cell * 0.75,
                        },
                    ),
                    (
                        other(r, c + 1),
                        Point {
                            x: x0 + cell - inset,
                            y: y0 + cell * 0.5,
                        },
                    ),
                ];
                for (neighbour, middle) in sides {
                    let boundary = neighbour != Some(cage_of[index]);
                    assert_eq!(
                        covers(&drawn, middle),
                        boundary,
                        "cell {index} at {middle:?}"
                    );
                }
            }
            let texts: Vec<(Point, String)> = items
                .iter()
                .filter_map(|item| match item {
                    Item::Text { at, text, .. } => Some((*at, text.clone())),
                    _ => None,
                })
                .collect();
            assert_eq!(texts.len(), killer.cages().len());
            for cage in killer.cages() {
                let first = usize::from(cage.cells[0]);
                let x0 = rect.x + (first % side) as f64 * cell;
                let y0 = rect.y + (first / side) as f64 * cell;
                assert!(texts.iter().any(|(at, text)| {
                    *text == cage.sum.to_string()
                        && at.x > x0
                        && at.x < x0 + cell / 2.0
                        && at.y > y0
                        && at.y < y0 + cell / 2.0
                }));
            }
        }
    }

    /// Everything a walkthrough figure draws in a cell keeps clear of the cage's dashed
    /// outline: pencil marks (their glyphs), the strokes through removed ones, and the
    /// ring around a placed digit all stay at least a point inside it.
    #[test]
    fn walkthrough_marks_keep_clear_of_the_cage_lines() {
        use crate::book::kind::{Content, Wording};
        use crate::book::spec::Language;
        use crate::layout::kind::LayoutKind;
        use crate::layout::page::Segment;
        use crate::sudoku::coordinates::Coordinates;
        const CLEAR: f64 = 1.0;
        let fonts = FontSet::bundled(false);
        let (mut marks, mut strikes, mut rings) = (0, 0, 0);
        for (size, index) in [(Size::S9, 3), (Size::S9, 4), (Size::S6, 5)] {
            let mut rng = RandomStream::derive("killer-marks", &[], index);
            let made = generate(&KillerOptions::new(size), &mut rng, None).unwrap();
            let content = crate::book::killer::KillerContent {
                puzzle: made.puzzle.clone(),
                solution: made.solution.clone(),
            };
            let walk = content
                .walkthrough(Wording::new(Language::ENGLISH, Coordinates::Letters))
                .unwrap();
            let cell = super::super::sudoku_walk::min_variant_walk_cell_in(size, KILLER_MARKS);
            for step in 0..walk.steps.len() {
                let mut items = Vec::new();
                crate::layout::sudoku::SudokuLayout
                    .draw_walk(
                        &content,
                        &walk,
                        step..step + 1,
                        Rect::new(20.0, 20.0, 400.0, 400.0),
                        cell,
                        &fonts,
                        &mut items,
                    )
                    .unwrap();
                // The dashed pieces, each a rectangle as wide as its stroke.
                let outline: Vec<Rect> = items
                    .iter()
                    .filter_map(|item| match item {
                        Item::Path {
                            path,
                            stroke: Some(stroke),
                            ..
                        } if stroke.dash.is_some() => {
                            let subpath = &path.subpaths[0];
                            let Segment::Line(to) = subpath.segments[0] else {
                                return None;
                            };
                            let from = subpath.start;
                            let half = stroke.width / 2.0;
                            Some(Rect::new(
                                from.x.min(to.x) - half,
                                from.y.min(to.y) - half,
                                (to.x - from.x).abs() + 2.0 * half,
                                (to.y - from.y).abs() + 2.0 * half,
                            ))
                        }
                        _ => None,
                    })
                    .collect();
                let gap = |a: Rect| {
                    outline
                        .iter()
                        .map(|b| {
                            let dx = (b.x - a.right()).max(a.x - b.right()).max(0.0);
                            let dy = (b.y - a.bottom()).max(a.y - b.bottom()).max(0.0);
                            dx.hypot(dy)
                        })
                        .fold(f64::INFINITY, f64::min)
                };
                for item in &items {
                    match item {
                        // A pencil mark: a digit smaller than the sums.
                        Item::Text {
                            at,
                            size,
                            face,
                            text,
                            ..
                        } if *size < cell * SUM_SCALE * 0.9 => {
                            let metrics = fonts.metrics(*face);
                            let width = metrics.width(text, *size);
                            let cap = metrics.cap_height() * size;
                            // Round digits overshoot the baseline a little.
                            let glyph = Rect::new(at.x, at.y - cap, width, cap * 1.04);
                            assert!(gap(glyph) >= CLEAR, "mark {text} at {at:?}: {}", gap(glyph));
                            marks += 1;
                        }
                        Item::Line {
                            from, to, width, ..
                        } if *width == super::super::sudoku_walk::STRIKE_WIDTH
                            && from.x != to.x =>
                        {
                            let half = width / 2.0;
                            let stroke = Rect::new(
                                from.x.min(to.x) - half,
                                from.y.min(to.y) - half,
                                (to.x - from.x).abs() + 2.0 * half,
                                (to.y - from.y).abs() + 2.0 * half,
                            );
                            assert!(gap(stroke) >= CLEAR, "strike at {from:?}");
                            strikes += 1;
                        }
                        Item::Path {
                            path,
                            fill: None,
                            stroke: Some(stroke),
                        } if stroke.dash.is_none() && path.subpaths[0].closed => {
                            // The curve lies within its control points' box.
                            let subpath = &path.subpaths[0];
                            let mut points = vec![subpath.start];
                            for segment in &subpath.segments {
                                match *segment {
                                    Segment::Line(to) => points.push(to),
                                    Segment::Curve(a, b, to) => points.extend([a, b, to]),
                                }
                            }
                            let low_x = points.iter().map(|p| p.x).fold(f64::INFINITY, f64::min);
                            let low_y = points.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
                            let high_x = points.iter().map(|p| p.x).fold(f64::MIN, f64::max);
                            let high_y = points.iter().map(|p| p.y).fold(f64::MIN, f64::max);
                            let bounds = Rect::new(low_x, low_y, high_x - low_x, high_y - low_y);
                            let ring = Rect::new(
                                bounds.x - stroke.width / 2.0,
                                bounds.y - stroke.width / 2.0,
                                bounds.width + stroke.width,
                                bounds.height + stroke.width,
                            );
                            assert!(gap(ring) >= CLEAR, "ring at {bounds:?}: {}", gap(ring));
                            rings += 1;
                        }
                        _ => {}
                    }
                }
            }
        }
        assert!(
            marks > 1000 && strikes > 20 && rings > 5,
            "{marks} {strikes} {rings}"
        );
    }
}
