//! A sudoku walkthrough diagram: the grid at one moment of the solution and what one step
//! does there.
//!
//! Givens are bold and digits found earlier regular; unsolved cells show their candidates
//! as pencil marks (a 3×3 grid of small digits, the pattern's digits bold in its cells).
//! The pattern's cells are shaded mid grey and the cells the step changes a much lighter
//! grey, removed candidates are struck through, a placed digit is circled, and a chain's
//! links run between candidates: strong links solid, weak links dashed, arrows along the
//! chain. Everything is grey or black, so the diagram reads the same in black-and-white
//! print. The drawing constants are public so that tests can read a diagram back.

use super::fonts::FontSet;
use super::page::{Colour, Item, Path, Point, Rect, Stroke};
use super::sudoku::{SudokuFigure, VariantFigure, centred_digit, centred_text, draw, draw_variant};
use crate::book::sudoku::Symbols;
use crate::sudoku::grade::ExtraHouses;
use crate::sudoku::grade::walkthrough::{Link, Moment};
use crate::sudoku::variant::geometry::{Size, Variant};
use crate::sudoku::variant::walkthrough::VariantMoment;

/// The grey of the pattern's cells.
pub const PATTERN_GREY: f64 = 0.74;
/// The grey of the cells the step changes (outside the pattern).
pub const TARGET_GREY: f64 = 0.91;
/// Pencil marks are this fraction of the cell.
pub const MARK_SCALE: f64 = 0.3;
/// The smallest readable pencil mark (points); it sets the smallest walkthrough cell.
pub const MIN_MARK: f64 = 5.0;
/// The smallest cell of a walkthrough figure: pencil marks stay [`MIN_MARK`] points.
pub const MIN_WALK_CELL: f64 = MIN_MARK / MARK_SCALE;
/// In a book set in large type, pencil marks are at least this fraction of the text size
/// (6.4 pt at 16 pt), so that they keep in proportion to the words; at 10 pt the
/// smallest readable mark is the larger.
pub const MARK_IN_TEXT: f64 = 0.4;

/// The smallest walkthrough cell as a multiple of the text size, for a figure whose
/// smallest cell is `min_walk_cell` (its marks then [`MIN_MARK`] points).
pub fn walk_cell_in_text(min_walk_cell: f64) -> f64 {
    min_walk_cell * MARK_IN_TEXT / MIN_MARK
}
/// The width of the stroke through a removed candidate (only strikes use it).
pub const STRIKE_WIDTH: f64 = 0.75;
/// The width of a chain's links.
pub const LINK_WIDTH: f64 = 0.7;
/// The grey of the links, darker than the pattern so they show on it.
pub const LINK_GREY: f64 = 0.2;
/// The grey and width of the lines marking extra houses (diagonals, windows).
pub const EXTRA_HOUSE_GREY: f64 = 0.5;
pub const EXTRA_HOUSE_WIDTH: f64 = 0.9;

/// The centre of cell `cell` in the figure `rect`.
pub fn cell_centre(rect: Rect, cell: usize) -> Point {
    let size = rect.width / 9.0;
    Point {
        x: rect.x + (cell % 9) as f64 * size + size / 2.0,
        y: rect.y + (cell / 9) as f64 * size + size / 2.0,
    }
}

/// The centre of candidate `digit`'s pencil mark in cell `cell`.
pub fn mark_centre(rect: Rect, cell: usize, digit: u8) -> Point {
    let size = rect.width / 9.0;
    let slot = size / 3.0;
    let index = usize::from(digit - 1);
    Point {
        x: rect.x + (cell % 9) as f64 * size + (index % 3) as f64 * slot + slot / 2.0,
        y: rect.y + (cell / 9) as f64 * size + (index / 3) as f64 * slot + slot / 2.0,
    }
}

/// The cell of a point inside the figure `rect`.
pub fn cell_at(rect: Rect, point: Point) -> Option<usize> {
    let size = rect.width / 9.0;
    let column = ((point.x - rect.x) / size).floor();
    let row = ((point.y - rect.y) / size).floor();
    ((0.0..9.0).contains(&column) && (0.0..9.0).contains(&row))
        .then(|| row as usize * 9 + column as usize)
}

/// The pencil-mark digit of a point inside cell `cell`'s box.
pub fn mark_at(rect: Rect, cell: usize, point: Point) -> u8 {
    let size = rect.width / 9.0;
    let slot = size / 3.0;
    let across = ((point.x - rect.x - (cell % 9) as f64 * size) / slot).floor() as i64;
    let down = ((point.y - rect.y - (cell / 9) as f64 * size) / slot).floor() as i64;
    (down.clamp(0, 2) * 3 + across.clamp(0, 2) + 1) as u8
}

/// What one diagram shows: the moment, and the digits it marks as placed (circled).
pub struct Diagram<'a> {
    pub givens: &'a [u8; 81],
    pub moment: &'a Moment,
    /// Placed digits to circle: the step's own, or a run of singles'.
    pub placed: &'a [(u8, u8)],
    /// The digits of the pattern, bold among the pencil marks of its cells.
    pub digits: &'a [u8],
}

/// Draws the diagram into the square `rect`.
pub fn draw_diagram(items: &mut Vec<Item>, fonts: &FontSet, rect: Rect, diagram: &Diagram<'_>) {
    let moment = diagram.moment;
    let size = rect.width / 9.0;
    let shade = |items: &mut Vec<Item>, cell: u8, grey: f64| {
        let cell = usize::from(cell);
        items.push(Item::Rect {
            rect: Rect::new(
                rect.x + (cell % 9) as f64 * size,
                rect.y + (cell / 9) as f64 * size,
                size,
                size,
            ),
            fill: Some(Colour::grey(grey)),
            stroke: None,
        });
    };
    for &cell in &moment.pattern {
        shade(items, cell, PATTERN_GREY);
    }
    for &cell in &moment.targets {
        shade(items, cell, TARGET_GREY);
    }
    draw_extra_houses(items, rect, moment.extra);
    let strong = diagram.givens.map(|value| value != 0);
    draw(
        items,
        fonts,
        rect,
        &SudokuFigure {
            cells: &moment.values,
            strong: Some(&strong),
        },
    );
    let placed = |cell: usize| diagram.placed.iter().any(|&(c, _)| usize::from(c) == cell);
    if moment.pencil_marks {
        let mark = size * MARK_SCALE;
        for cell in 0..81 {
            if moment.values[cell] != 0 || placed(cell) {
                continue;
            }
            let in_pattern = moment.pattern.contains(&(cell as u8));
            for digit in 1..=9u8 {
                if moment.candidates[cell] & 1 << (digit - 1) == 0 {
                    continue;
                }
                let face = if in_pattern && diagram.digits.contains(&digit) {
                    fonts.digits_bold
                } else {
                    fonts.digits
                };
                let centre = mark_centre(rect, cell, digit);
                items.push(centred_digit(fonts, face, centre, mark, digit));
                if moment.eliminations.contains(&(cell as u8, digit)) {
                    let half = size / 6.0 * 0.8;
                    items.push(Item::Line {
                        from: Point {
                            x: centre.x - half,
                            y: centre.y + half,
                        },
                        to: Point {
                            x: centre.x + half,
                            y: centre.y - half,
                        },
                        width: STRIKE_WIDTH,
                        colour: Colour::BLACK,
                    });
                }
            }
        }
        for link in &moment.links {
            draw_link(items, rect, link);
        }
    }
    for &(cell, digit) in diagram.placed {
        let centre = cell_centre(rect, usize::from(cell));
        items.push(centred_digit(
            fonts,
            fonts.digits,
            centre,
            size * 0.6,
            digit,
        ));
        items.push(Item::Path {
            path: Path::circle(centre, size * 0.4),
            fill: None,
            stroke: Some(Stroke::solid(0.8, Colour::BLACK)),
        });
    }
}

/// X-sudoku's diagonals as strokes across the grid points they pass, windoku's windows as
/// outlines just inside their cells: grey lines, since grey shading already means the
/// pattern.
fn draw_extra_houses(items: &mut Vec<Item>, rect: Rect, extra: ExtraHouses) {
    let size = rect.width / 9.0;

    match extra {
        ExtraHouses::None => {}
        ExtraHouses::X => draw_diagonals(items, rect, 9),
        ExtraHouses::Windoku => {
            let inset = size * 0.07;
            for (row, column) in [(1, 1), (1, 5), (5, 1), (5, 5)] {
                items.push(Item::Rect {
                    rect: Rect::new(
                        rect.x + column as f64 * size + inset,
                        rect.y + row as f64 * size + inset,
                        3.0 * size - 2.0 * inset,
                        3.0 * size - 2.0 * inset,
                    ),
                    fill: None,
                    stroke: Some((EXTRA_HOUSE_WIDTH, Colour::grey(EXTRA_HOUSE_GREY))),
                });
            }
        }
    }
}

/// A link between two pencil marks, stopping short of both; an arrowhead at its end when
/// the chain reads one way.
fn draw_link(items: &mut Vec<Item>, rect: Rect, link: &Link) {
    let from = mark_centre(rect, usize::from(link.from.0), link.from.1);
    let to = mark_centre(rect, usize::from(link.to.0), link.to.1);
    draw_link_between(
        items,
        from,
        to,
        rect.width / 27.0,
        link.strong,
        link.directed,
    );
}

/// A link from the mark at `from` to the one at `to` (marks `slot` points apart on a
/// cell's mark grid): solid when strong, dashed when weak, an arrowhead when `directed`.
fn draw_link_between(
    items: &mut Vec<Item>,
    from: Point,
    to: Point,
    slot: f64,
    strong: bool,
    directed: bool,
) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = (dx * dx + dy * dy).sqrt();
    let gap = slot * 0.42;
    if length <= 2.0 * gap {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let start = Point {
        x: from.x + ux * gap,
        y: from.y + uy * gap,
    };
    let end = Point {
        x: to.x - ux * gap,
        y: to.y - uy * gap,
    };
    let colour = Colour::grey(LINK_GREY);
    items.push(Item::Path {
        path: Path::polyline(&[start, end]),
        fill: None,
        stroke: Some(Stroke {
            width: LINK_WIDTH,
            colour,
            dash: (!strong).then_some((2.0, 1.5)),
        }),
    });
    if directed {
        let head = slot * 0.48;
        let back = Point {
            x: end.x - ux * head,
            y: end.y - uy * head,
        };
        let side = head * 0.45;
        items.push(Item::Path {
            path: Path::polygon(&[
                end,
                Point {
                    x: back.x - uy * side,
                    y: back.y + ux * side,
                },
                Point {
                    x: back.x + uy * side,
                    y: back.y - ux * side,
                },
            ]),
            fill: Some(colour),
            stroke: None,
        });
    }
}

/// The rows and columns of the grid a cell's pencil marks sit in: the squarest that holds
/// every value, columns first (2×3 for 6×6, 3×3 for 9×9, 3×4 for 12×12, 4×4 for 16×16;
/// the box's shape but for 8×8, whose 2×4 boxes would make its marks a quarter of the
/// cell wide where 3×3 makes them a third: 8×8 figures as narrow as 9×9 ones).
pub fn mark_grid(size: Size) -> (usize, usize) {
    let side = size.side();
    let columns = (1..=side)
        .find(|columns| columns * columns >= side)
        .unwrap_or(side);
    (side.div_ceil(columns), columns)
}

/// The fraction of a cell a pencil mark takes in a grid of `size`: marks sit in
/// [`mark_grid`], two-digit values narrower.
pub fn variant_mark_scale(size: Size) -> f64 {
    let (rows, columns) = mark_grid(size);
    let slots = rows.max(columns) as f64;
    if size.side() > 9 {
        0.8 / (slots * 1.15)
    } else {
        0.9 / slots
    }
}

/// The part of each cell that pencil marks fill, in fractions of the cell: the whole cell,
/// or (in a killer) the part below the cage sums and inside the cage outlines.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MarkArea {
    pub left: f64,
    pub top: f64,
    pub width: f64,
    pub height: f64,
    /// How much taller than its share of the area's height a mark may be: a digit's
    /// ink is about three quarters of its size, so rows of marks can be set closer than
    /// their size and still stand apart (1.0: a mark's size is its row's height).
    pub rows_closer: f64,
}

impl MarkArea {
    pub const WHOLE: MarkArea = MarkArea {
        left: 0.0,
        top: 0.0,
        width: 1.0,
        height: 1.0,
        rows_closer: 1.0,
    };

    /// Below a jigsaw region's number in the corner.
    pub const BELOW_LABEL: MarkArea = MarkArea {
        left: 0.12,
        top: 0.22,
        width: 0.88,
        height: 0.78,
        rows_closer: 1.0,
    };

    /// How much smaller than in a whole cell marks are drawn.
    pub fn scale(self) -> f64 {
        self.width.min(self.height * self.rows_closer)
    }
}

/// The smallest walkthrough cell of a grid of `size`: pencil marks stay [`MIN_MARK`] points.
pub fn min_variant_walk_cell(size: Size) -> f64 {
    min_variant_walk_cell_in(size, MarkArea::WHOLE)
}

/// [`min_variant_walk_cell`] with marks in `area` of each cell.
pub fn min_variant_walk_cell_in(size: Size, area: MarkArea) -> f64 {
    (MIN_MARK / (variant_mark_scale(size) * area.scale())).max(MIN_WALK_CELL)
}

/// The centre of `value`'s pencil mark in `cell` of a grid of `size` drawn in `rect`.
pub fn variant_mark_centre(rect: Rect, size: Size, cell: usize, value: u8) -> Point {
    variant_mark_centre_in(rect, size, cell, value, MarkArea::WHOLE)
}

/// [`variant_mark_centre`] with marks in `area` of each cell.
pub fn variant_mark_centre_in(
    rect: Rect,
    size: Size,
    cell: usize,
    value: u8,
    area: MarkArea,
) -> Point {
    let side = size.side();
    let cell_size = rect.width / side as f64;
    let (rows, columns) = mark_grid(size);
    let index = usize::from(value - 1);
    let (slot_width, slot_height) = (
        cell_size * area.width / columns as f64,
        cell_size * area.height / rows as f64,
    );
    Point {
        x: rect.x
            + ((cell % side) as f64 + area.left) * cell_size
            + (index % columns) as f64 * slot_width
            + slot_width / 2.0,
        y: rect.y
            + ((cell / side) as f64 + area.top) * cell_size
            + (index / columns) as f64 * slot_height
            + slot_height / 2.0,
    }
}

/// What one diagram of a house-grader walkthrough shows.
pub struct VariantDiagram<'a> {
    pub moment: &'a VariantMoment,
    /// Placed values to circle: the step's own, or a run of singles'.
    pub placed: &'a [(u16, u8)],
    /// Where in each cell the pencil marks go.
    pub marks: MarkArea,
    /// Cells with a jigsaw region's number in their corner: their marks go below it.
    pub labelled: &'a [(usize, u8)],
}

/// Draws a house-grader walkthrough diagram into the square `rect`: the grid with its
/// regions, givens bold, the pattern and targets shaded, pencil marks with removed ones
/// struck, placed values circled and a chain's links; an X grid's diagonals as strokes
/// across the grid points.
pub fn draw_variant_diagram(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    rect: Rect,
    diagram: &VariantDiagram<'_>,
) {
    let moment = diagram.moment;
    let geometry = &moment.geometry;
    let (size, side) = (geometry.size(), geometry.side());
    let cell_size = rect.width / side as f64;
    let shade = |items: &mut Vec<Item>, cell: u16, grey: f64| {
        let cell = usize::from(cell);
        items.push(Item::Rect {
            rect: Rect::new(
                rect.x + (cell % side) as f64 * cell_size,
                rect.y + (cell / side) as f64 * cell_size,
                cell_size,
                cell_size,
            ),
            fill: Some(Colour::grey(grey)),
            stroke: None,
        });
    };
    for &cell in &moment.pattern {
        shade(items, cell, PATTERN_GREY);
    }
    for &cell in &moment.targets {
        shade(items, cell, TARGET_GREY);
    }
    if geometry.variant() == Variant::X {
        draw_diagonals(items, rect, side);
    }
    let strong: Vec<bool> = moment.givens.iter().map(|&value| value != 0).collect();
    draw_variant(
        items,
        fonts,
        rect,
        &VariantFigure {
            side,
            regions: geometry.regions(),
            shaded: &vec![false; geometry.cells()],
            cells: &moment.values,
            strong: Some(&strong),
            symbols: &Symbols::Digits,
        },
    );
    let placed = |cell: usize| diagram.placed.iter().any(|&(c, _)| usize::from(c) == cell);
    let area_of = |cell: usize| {
        if diagram.labelled.iter().any(|&(at, _)| at == cell) {
            MarkArea::BELOW_LABEL
        } else {
            diagram.marks
        }
    };
    // A mark's room: strikes and links keep within it even where rows of marks are set
    // closer than their size.
    let slot_of = |area: MarkArea| {
        let (rows, columns) = mark_grid(size);
        cell_size * area.width.min(area.height) / rows.max(columns) as f64
    };
    if moment.pencil_marks {
        for cell in 0..geometry.cells() {
            if moment.values[cell] != 0 || placed(cell) {
                continue;
            }
            let area = area_of(cell);
            let mark = cell_size * variant_mark_scale(size) * area.scale();
            let slot = slot_of(area);
            for value in 1..=side as u8 {
                if moment.candidates[cell] & 1 << (value - 1) == 0 {
                    continue;
                }
                let centre = variant_mark_centre_in(rect, size, cell, value, area);
                items.push(centred_text(
                    fonts,
                    fonts.digits,
                    centre,
                    mark,
                    value.to_string(),
                ));
                if moment.eliminations.contains(&(cell as u16, value)) {
                    let half = slot * 0.4;
                    items.push(Item::Line {
                        from: Point {
                            x: centre.x - half,
                            y: centre.y + half,
                        },
                        to: Point {
                            x: centre.x + half,
                            y: centre.y - half,
                        },
                        width: STRIKE_WIDTH,
                        colour: Colour::BLACK,
                    });
                }
            }
        }
        for link in &moment.links {
            let centre = |(cell, value): (u16, u8)| {
                let cell = usize::from(cell);
                variant_mark_centre_in(rect, size, cell, value, area_of(cell))
            };
            let (from, to) = (centre(link.from), centre(link.to));
            draw_link_between(items, from, to, slot_of(diagram.marks), link.strong, true);
        }
    }
    for &(cell, value) in diagram.placed {
        let cell = usize::from(cell);
        let centre = Point {
            x: rect.x + (cell % side) as f64 * cell_size + cell_size / 2.0,
            y: rect.y + (cell / side) as f64 * cell_size + cell_size / 2.0,
        };
        // Inside a killer's cage outline the ring and its digit are smaller.
        let inset = diagram.marks != MarkArea::WHOLE;
        let digit_size = if side > 9 || inset {
            cell_size * 0.45
        } else {
            cell_size * 0.6
        };
        items.push(centred_text(
            fonts,
            fonts.digits,
            centre,
            digit_size,
            value.to_string(),
        ));
        let radius = if inset {
            cell_size * PLACED_IN_CAGE
        } else {
            cell_size * 0.4
        };
        items.push(Item::Path {
            path: Path::circle(centre, radius),
            fill: None,
            stroke: Some(Stroke::solid(0.8, Colour::BLACK)),
        });
    }
}

/// The ring of a placed value inside a killer's cage outline, as a share of the cell: it
/// keeps clear of the dashed line a tenth of the cell in.
pub const PLACED_IN_CAGE: f64 = 0.32;

/// The two diagonals of a `side` grid as short grey strokes across the grid points they
/// pass, so that no stroke crosses a value or a pencil mark.
fn draw_diagonals(items: &mut Vec<Item>, rect: Rect, side: usize) {
    let size = rect.width / side as f64;
    let reach = size * 0.15;
    for k in 0..=side {
        let along = k as f64 * size;
        for (corner, direction) in [
            ((rect.x + along, rect.y + along), (1.0, 1.0)),
            ((rect.x + rect.width - along, rect.y + along), (-1.0, 1.0)),
        ] {
            let before = if k == 0 { 0.0 } else { reach };
            let after = if k == side { 0.0 } else { reach };
            items.push(Item::Line {
                from: Point {
                    x: corner.0 - direction.0 * before,
                    y: corner.1 - direction.1 * before,
                },
                to: Point {
                    x: corner.0 + direction.0 * after,
                    y: corner.1 + direction.1 * after,
                },
                width: EXTRA_HOUSE_WIDTH,
                colour: Colour::grey(EXTRA_HOUSE_GREY),
            });
        }
    }
}
