//! A sudoku grid: thin cell lines, thick box lines, digits centred in their cells.
//!
//! Variant grids generalise it: thick lines wherever two neighbouring cells lie in
//! different boxes or jigsaw regions, the cells of extra houses (X diagonals, windoku
//! windows) shaded light grey, values 10-16 as two digits, or picture symbols (shapes from
//! [`super::shapes`], or letters) instead of digits.

use super::fonts::{FaceId, FontSet};
use super::kind::{Frame, LayoutKind, Outside, RulesExample, RulesPage, Show, expect_content};
use super::page::{Colour, Item, Point, Rect};
use super::sudoku_walk::{Diagram, MarkArea, VariantDiagram, draw_diagram, draw_variant_diagram};
use super::words;
use crate::book::drill::DrillContent;
use crate::book::killer::{KillerContent, KillerSection};
use crate::book::kind::section_as;
use crate::book::kind::{Content, SectionKind, WalkStep, Walkthrough};
use crate::book::spec::Language;
use crate::book::sudoku::{SudokuContent, SudokuSection, SymbolContent, Symbols, VariantContent};
use crate::error::{Error, Result};
use crate::sudoku::coordinates::Coordinates;
use crate::sudoku::grade::drill::DrillMoment;
use crate::sudoku::grade::walkthrough::Moment;
use crate::sudoku::killer::Killer;
use crate::sudoku::variant::geometry::{Size, Variant, box_regions};
use crate::sudoku::variant::walkthrough::VariantMoment;
use std::ops::Range;

/// The smallest cell a puzzle may be printed with (about 4.2 mm): below it digits are too
/// small to read and too cramped to pencil in.
pub const MIN_PUZZLE_CELL: f64 = 12.0;
/// The smallest cell of an answer grid (about 2.8 mm).
pub const MIN_ANSWER_CELL: f64 = 8.0;

/// Digits are this fraction of the cell size.
const DIGIT_SCALE: f64 = 0.6;

/// The most of a cell's width a value may take: two-digit values (12×12, 16×16) keep a
/// fifth of the cell clear on each side, off the cell walls.
pub const VALUE_SPAN: f64 = 0.6;
/// The digit size of two-digit grids as a fraction of the cell, with the bundled digits
/// ("16" in DejaVu Sans Bold is 1.39 em wide): what the frame promises a large-print book.
const TWO_DIGIT_SCALE: f64 = VALUE_SPAN / 1.4;

/// The smallest cells of grids whose values take two digits (12×12, 16×16).
pub const MIN_TWO_DIGIT_CELL: f64 = 15.0;
pub const MIN_TWO_DIGIT_ANSWER_CELL: f64 = 10.0;

/// The grey of the cells of extra houses: light enough for digits to stay black on it.
pub const SHADE: f64 = 0.86;

/// The margin the coordinates take left of and above a grid, as a share of its cell.
pub const LABEL_BAND: f64 = 0.5;
/// Row and column labels are this share of the cell (at most [`MAX_LABEL`] points).
const LABEL_SCALE: f64 = 0.3;
const MAX_LABEL: f64 = 11.0;
/// The grey of the labels: they read as a ruler, not as the puzzle.
pub const LABEL_GREY: f64 = 0.3;
/// A jigsaw region's number, in a corner of one of its cells, is this share of the cell.
pub const REGION_LABEL_SCALE: f64 = 0.24;

/// The rows' labels left of `grid` (a `side` × `side` grid) and the columns' above it, in
/// the margin [`LABEL_BAND`] leaves.
pub fn draw_labels(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    grid: Rect,
    side: usize,
    coordinates: Coordinates,
) {
    let cell = grid.width / side as f64;
    let size = (cell * LABEL_SCALE).min(MAX_LABEL);
    let metrics = fonts.metrics(fonts.text);
    let (_, thick) = line_widths(cell * 9.0);
    let gap = thick / 2.0 + cell * 0.08;
    let cap = metrics.cap_height() * size;
    for index in 0..side {
        let along = index as f64 * cell + cell / 2.0;
        let row = coordinates.row_label(index);
        items.push(Item::Text {
            at: Point {
                x: grid.x - gap - metrics.width(&row, size),
                y: grid.y + along + cap / 2.0,
            },
            size,
            face: fonts.text,
            text: row,
            colour: Colour::grey(LABEL_GREY),
        });
        let column = coordinates.column_label(index);
        items.push(Item::Text {
            at: Point {
                x: grid.x + along - metrics.width(&column, size) / 2.0,
                y: grid.y - gap,
            },
            size,
            face: fonts.text,
            text: column,
            colour: Colour::grey(LABEL_GREY),
        });
    }
}

/// The grey of a pattern's given cells with `pattern_tint`: 20 % grey, dark enough to
/// show the picture and pass printers' minimum-tint checks (10 %), light enough for black
/// digits.
pub const PATTERN_TINT: f64 = 0.80;
/// The tint on grids whose extra houses are shaded ([`SHADE`], 14 %): 32 % grey, so the
/// picture stands apart from the diagonals or windows; it takes the place of the shade on
/// the cells it covers.
pub const PATTERN_TINT_ON_SHADE: f64 = 0.68;

/// Tints the cells of a `side`×`side` grid in `rect` that hold a given (the picture a
/// pattern draws); drawn before the grid's lines and values.
fn tint_givens(items: &mut Vec<Item>, rect: Rect, side: usize, givens: &[u8], level: f64) {
    let cell = rect.width / side as f64;
    for (index, _) in givens.iter().enumerate().filter(|&(_, &value)| value != 0) {
        items.push(Item::Rect {
            rect: Rect::new(
                rect.x + (index % side) as f64 * cell,
                rect.y + (index / side) as f64 * cell,
                cell,
                cell,
            ),
            fill: Some(Colour::grey(level)),
            stroke: None,
        });
    }
}

/// Where each jigsaw region's number goes: its first given (top to bottom, left to right),
/// whose digit leaves its corner free in every figure, or its first cell when it has none;
/// (cell, number from 1) by region.
pub fn region_label_cells(regions: &[u8], givens: &[u8]) -> Vec<(usize, u8)> {
    let count = regions
        .iter()
        .map(|&region| usize::from(region) + 1)
        .max()
        .unwrap_or(0);
    (0..count)
        .filter_map(|region| {
            let cells =
                || (0..regions.len()).filter(move |&cell| usize::from(regions[cell]) == region);
            let cell = cells()
                .find(|&cell| givens[cell] != 0)
                .or_else(|| cells().next())?;
            Some((cell, region as u8 + 1))
        })
        .collect()
}

/// Each region's number in the top left corner of its label cell (see
/// [`region_label_cells`]).
pub fn draw_region_labels(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    grid: Rect,
    side: usize,
    labels: &[(usize, u8)],
) {
    let cell = grid.width / side as f64;
    let size = cell * REGION_LABEL_SCALE;
    let metrics = fonts.metrics(fonts.text);
    for &(at, number) in labels {
        let (row, column) = (at / side, at % side);
        items.push(Item::Text {
            at: Point {
                x: grid.x + column as f64 * cell + cell * 0.08,
                y: grid.y + row as f64 * cell + cell * 0.07 + metrics.cap_height() * size,
            },
            size,
            face: fonts.text,
            text: number.to_string(),
            colour: Colour::BLACK,
        });
    }
}

/// Whether a content's pattern asks for its givens to be tinted.
fn tinted(pattern: Option<&crate::book::pattern::PatternMark>) -> bool {
    pattern.is_some_and(|pattern| pattern.tint)
}

/// What a variant grid needs to be drawn.
pub struct VariantFigure<'a> {
    pub side: usize,
    /// The box or region of each cell.
    pub regions: &'a [u8],
    /// Cells shaded grey (extra houses).
    pub shaded: &'a [bool],
    /// 0 for blank.
    pub cells: &'a [u8],
    /// Cells an answer reveals (drawn bold, or darker for shapes).
    pub strong: Option<&'a [bool]>,
    pub symbols: &'a Symbols,
}

/// Draws a grid of any size and regions into the square `rect`.
pub fn draw_variant(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    rect: Rect,
    figure: &VariantFigure<'_>,
) {
    let side = figure.side;
    let cell = rect.width / side as f64;
    let (thin, thick) = line_widths(cell * 9.0);
    let corner = |column: usize, row: usize| Point {
        x: rect.x + column as f64 * cell,
        y: rect.y + row as f64 * cell,
    };
    for (index, &shaded) in figure.shaded.iter().enumerate() {
        if shaded {
            let at = corner(index % side, index / side);
            items.push(Item::Rect {
                rect: Rect::new(at.x, at.y, cell, cell),
                fill: Some(Colour::grey(SHADE)),
                stroke: None,
            });
        }
    }
    let line = |from: Point, to: Point, width: f64| Item::Line {
        from,
        to,
        width,
        colour: Colour::BLACK,
    };
    for k in 1..side {
        items.push(line(corner(k, 0), corner(k, side), thin));
        items.push(line(corner(0, k), corner(side, k), thin));
    }
    let overhang = thick / 2.0;
    let region = |column: usize, row: usize| figure.regions[row * side + column];
    // Vertical boundaries at x = k, in runs of rows; then horizontal ones at y = k.
    for vertical in [true, false] {
        for k in 0..=side {
            let mut run_start: Option<usize> = None;
            for along in 0..=side {
                let boundary = along < side
                    && (k == 0
                        || k == side
                        || if vertical {
                            region(k - 1, along) != region(k, along)
                        } else {
                            region(along, k - 1) != region(along, k)
                        });
                match (boundary, run_start) {
                    (true, None) => run_start = Some(along),
                    (false, Some(start)) => {
                        let (from, to) = if vertical {
                            (corner(k, start), corner(k, along))
                        } else {
                            (corner(start, k), corner(along, k))
                        };
                        let (from, to) = if vertical {
                            (
                                Point {
                                    y: from.y - overhang,
                                    ..from
                                },
                                Point {
                                    y: to.y + overhang,
                                    ..to
                                },
                            )
                        } else {
                            (
                                Point {
                                    x: from.x - overhang,
                                    ..from
                                },
                                Point {
                                    x: to.x + overhang,
                                    ..to
                                },
                            )
                        };
                        items.push(line(from, to, thick));
                        run_start = None;
                    }
                    _ => {}
                }
            }
        }
    }
    // One size for every value of a grid, so that a row's values share a baseline: two-digit
    // values (12×12, 16×16) set the size for all.
    let widest = [fonts.digits, fonts.digits_bold]
        .into_iter()
        .map(|face| fonts.metrics(face).width(&side.to_string(), 1.0))
        .fold(0.0, f64::max);
    let digit_size = (cell * DIGIT_SCALE).min(cell * VALUE_SPAN / widest.max(1e-6));
    for (index, &value) in figure.cells.iter().enumerate() {
        if value == 0 {
            continue;
        }
        let strong = figure.strong.is_some_and(|strong| strong[index]);
        let at = corner(index % side, index / side);
        let centre = Point {
            x: at.x + cell / 2.0,
            y: at.y + cell / 2.0,
        };
        match figure.symbols {
            Symbols::Shapes => {
                let grey = if figure.strong.is_some() && !strong {
                    0.45
                } else {
                    0.0
                };
                items.push(Item::Path {
                    path: super::shapes::shape(value, centre, cell * 0.34),
                    fill: Some(Colour::grey(grey)),
                    stroke: None,
                });
            }
            Symbols::Letters(letters) => {
                let face = if strong { fonts.bold } else { fonts.text };
                let text = letters[usize::from(value) - 1].to_string();
                items.push(centred_text(fonts, face, centre, cell * DIGIT_SCALE, text));
            }
            Symbols::Digits => {
                let face = if strong {
                    fonts.digits_bold
                } else {
                    fonts.digits
                };
                items.push(centred_text(
                    fonts,
                    face,
                    centre,
                    digit_size,
                    value.to_string(),
                ));
            }
        }
    }
}

/// A text whose glyph box is centred on `centre`.
pub(super) fn centred_text(
    fonts: &FontSet,
    face: FaceId,
    centre: Point,
    size: f64,
    text: String,
) -> Item {
    let metrics = fonts.metrics(face);
    let width = metrics.width(&text, size);
    Item::Text {
        at: Point {
            x: centre.x - width / 2.0,
            y: centre.y + metrics.cap_height() * size / 2.0,
        },
        size,
        face,
        text,
        colour: Colour::BLACK,
    }
}

/// The drawing of a variant puzzle or answer.
fn draw_variant_content(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    rect: Rect,
    content: &VariantContent,
    show: Show,
) {
    let geometry = content.puzzle.geometry();
    let extra = geometry.extra_cells();
    let tint = tinted(content.pattern.as_ref());
    if tint {
        let level = if extra.is_empty() {
            PATTERN_TINT
        } else {
            PATTERN_TINT_ON_SHADE
        };
        tint_givens(items, rect, geometry.side(), content.puzzle.cells(), level);
    }
    let shaded: Vec<bool> = (0..geometry.cells())
        .map(|c| extra.contains(c) && !(tint && content.puzzle.get(c) != 0))
        .collect();
    let strong: Vec<bool> = content.puzzle.cells().iter().map(|&v| v == 0).collect();
    let (cells, strong) = match show {
        Show::Puzzle => (content.puzzle.cells(), None),
        Show::Answer => (content.solution.cells(), Some(strong.as_slice())),
    };
    draw_variant(
        items,
        fonts,
        rect,
        &VariantFigure {
            side: geometry.side(),
            regions: geometry.regions(),
            shaded: &shaded,
            cells,
            strong,
            symbols: &content.symbols,
        },
    );
}

/// A classic 9×9 puzzle or answer drawn with symbols.
fn draw_symbol_content(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    rect: Rect,
    content: &SymbolContent,
    show: Show,
) {
    let regions = box_regions(Size::S9);
    if tinted(content.pattern.as_ref()) {
        tint_givens(items, rect, 9, content.puzzle.cells(), PATTERN_TINT);
    }
    let strong = content.puzzle.cells().map(|value| value == 0);
    let (cells, strong) = match show {
        Show::Puzzle => (content.puzzle.cells(), None),
        Show::Answer => (content.solution.cells(), Some(&strong[..])),
    };
    draw_variant(
        items,
        fonts,
        rect,
        &VariantFigure {
            side: 9,
            regions: &regions,
            shaded: &[false; 81],
            cells,
            strong,
            symbols: &content.symbols,
        },
    );
}

/// What to print in each cell: 0 for blank; `strong` cells are set in the bold face.
pub struct SudokuFigure<'a> {
    pub cells: &'a [u8; 81],
    pub strong: Option<&'a [bool; 81]>,
}

/// Line widths for a grid of side `side`: (thin, thick). Thick lines are at least 1.5 pt,
/// twice the thinnest line a printer may raise thin ones to (KDP's 0.75 pt,
/// [`super::ink`]), so boxes stand out at any printer.
pub fn line_widths(side: f64) -> (f64, f64) {
    let cell = side / 9.0;
    (
        (cell * 0.025).clamp(0.3, 0.8),
        (cell * 0.08).clamp(1.5, 3.0),
    )
}

/// Draws the grid into the square `rect` (its width is used as the side).
pub fn draw(items: &mut Vec<Item>, fonts: &FontSet, rect: Rect, figure: &SudokuFigure<'_>) {
    let side = rect.width;
    let cell = side / 9.0;
    let (thin, thick) = line_widths(side);
    let line = |from: Point, to: Point, width: f64| Item::Line {
        from,
        to,
        width,
        colour: Colour::BLACK,
    };
    for k in 1..9 {
        if k % 3 == 0 {
            continue;
        }
        let offset = k as f64 * cell;
        items.push(line(
            Point {
                x: rect.x + offset,
                y: rect.y,
            },
            Point {
                x: rect.x + offset,
                y: rect.y + side,
            },
            thin,
        ));
        items.push(line(
            Point {
                x: rect.x,
                y: rect.y + offset,
            },
            Point {
                x: rect.x + side,
                y: rect.y + offset,
            },
            thin,
        ));
    }
    // Thick lines run past the corners by half their width so the border closes squarely.
    let overhang = thick / 2.0;
    for k in (0..=9).step_by(3) {
        let offset = k as f64 * cell;
        items.push(line(
            Point {
                x: rect.x + offset,
                y: rect.y - overhang,
            },
            Point {
                x: rect.x + offset,
                y: rect.y + side + overhang,
            },
            thick,
        ));
        items.push(line(
            Point {
                x: rect.x - overhang,
                y: rect.y + offset,
            },
            Point {
                x: rect.x + side + overhang,
                y: rect.y + offset,
            },
            thick,
        ));
    }
    let size = cell * DIGIT_SCALE;
    for (index, &digit) in figure.cells.iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let strong = figure.strong.is_some_and(|strong| strong[index]);
        let face = if strong {
            fonts.digits_bold
        } else {
            fonts.digits
        };
        let centre = Point {
            x: rect.x + (index % 9) as f64 * cell + cell / 2.0,
            y: rect.y + (index / 9) as f64 * cell + cell / 2.0,
        };
        items.push(centred_digit(fonts, face, centre, size, digit));
    }
}

/// The killer rule, for the killer sizes of a book.
fn killer_rule(sizes: &[Size], language: Language) -> String {
    let ranges: Vec<String> = sizes
        .iter()
        .map(|size| language.say("sudoku.killer-range", &[("side", &size.side())]))
        .collect();
    let ranges = ranges.join(language.text("list.comma"));
    language.say("sudoku.rule-killer", &[("ranges", &ranges)])
}

/// The position a sudoku walkthrough step carries for its figure.
fn moment_of_step(step: &WalkStep) -> Result<&Moment> {
    step.figure
        .get::<Moment>()
        .ok_or_else(|| Error::runtime("a sudoku walkthrough step has no position to draw"))
}

/// The house grader's position a walkthrough step carries for its figure.
fn variant_moment_of_step(step: &WalkStep) -> Result<&VariantMoment> {
    step.figure
        .get::<VariantMoment>()
        .ok_or_else(|| Error::runtime("a sudoku walkthrough step has no position to draw"))
}

/// A walkthrough figure for a puzzle of the house grader, its grid at `grid`: as for 9×9
/// grids, a step's own diagram, or the grid before a run of singles with their values
/// circled.
fn draw_variant_walk(
    steps: &[WalkStep],
    killer: Option<&Killer>,
    grid: Rect,
    fonts: &FontSet,
    items: &mut Vec<Item>,
) -> Result<()> {
    let last = variant_moment_of_step(&steps[steps.len() - 1])?;
    if last.pencil_marks {
        draw_variant_moment(items, fonts, grid, last, &last.placements, killer);
    } else {
        let first = variant_moment_of_step(&steps[0])?;
        let mut placed = Vec::new();
        for step in steps {
            placed.extend_from_slice(&variant_moment_of_step(step)?.placements);
        }
        draw_variant_moment(items, fonts, grid, first, &placed, killer);
    }
    Ok(())
}

/// The house grader's `moment` at `grid`, the digits `placed` circled (a walkthrough
/// figure, a drill and its answer). A killer's figure has its cages drawn over it, the
/// pencil marks clear of the sums; a jigsaw's, its regions' numbers.
fn draw_variant_moment(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    grid: Rect,
    moment: &VariantMoment,
    placed: &[(u16, u8)],
    killer: Option<&Killer>,
) {
    let geometry = &moment.geometry;
    let labels = if geometry.variant() == Variant::Jigsaw {
        region_label_cells(geometry.regions(), &moment.givens)
    } else {
        Vec::new()
    };
    let marks = if killer.is_some() {
        super::killer::KILLER_MARKS
    } else {
        MarkArea::WHOLE
    };
    let diagram = VariantDiagram {
        moment,
        placed,
        marks,
        labelled: &labels,
    };
    draw_variant_diagram(items, fonts, grid, &diagram);
    if let Some(killer) = killer {
        super::killer::draw_cages(items, fonts, grid, killer, super::killer::CageStyle::FIGURE);
    }
    draw_region_labels(items, fonts, grid, geometry.side(), &labels);
}

/// A drill's figure at `grid`: its grader's moment, drawn as that grader's walkthrough
/// figures are (a killer's with its cages).
fn draw_drill_moment(
    items: &mut Vec<Item>,
    fonts: &FontSet,
    grid: Rect,
    drilled: &DrillContent,
    moment: &DrillMoment,
) -> Result<()> {
    match moment {
        DrillMoment::Classic(moment) => {
            let givens: [u8; 81] =
                drilled.drill.givens.as_slice().try_into().map_err(|_| {
                    Error::runtime("a classic drill's figure is drawn on a 9×9 grid")
                })?;
            let diagram = Diagram {
                givens: &givens,
                moment,
                placed: &moment.placements,
                digits: &moment.digits,
            };
            draw_diagram(items, fonts, grid, &diagram);
        }
        DrillMoment::Houses(moment) => {
            let killer = killer_of(drilled.sudoku.as_ref());
            draw_variant_moment(items, fonts, grid, moment, &moment.placements, killer);
        }
    }
    Ok(())
}

/// The made puzzle behind `content`: a drill's own puzzle, else `content` itself.
fn made_puzzle(content: &dyn Content) -> &dyn Content {
    match crate::book::kind::content_as::<DrillContent>(content) {
        Some(drilled) => drilled.sudoku.as_ref(),
        None => content,
    }
}

/// The killer behind `content` (a killer, or a drill of one).
fn killer_of(content: &dyn Content) -> Option<&Killer> {
    crate::book::kind::content_as::<KillerContent>(made_puzzle(content))
        .map(|content| &content.puzzle)
}

/// Sudoku's part in the layout stage.
pub struct SudokuLayout;

impl LayoutKind for SudokuLayout {
    fn frame(&self, section: &dyn SectionKind) -> Frame {
        if let Some(killer) = section_as::<KillerSection>(section) {
            let side = killer.options.size.side() as f64;
            let walk_cell = super::sudoku_walk::min_variant_walk_cell_in(
                killer.options.size,
                super::killer::KILLER_MARKS,
            );
            // A drill's question and answer both show pencil marks.
            let (min_cell, min_answer_cell, cells_are) = if killer.drill {
                (walk_cell, walk_cell, "killer drill")
            } else {
                (
                    super::killer::MIN_KILLER_CELL,
                    MIN_ANSWER_CELL,
                    "killer sudoku",
                )
            };
            return Frame {
                columns: side,
                rows: side,
                min_cell,
                min_answer_cell,
                min_walk_cell: walk_cell,
                min_walk_cell_in_text: super::sudoku_walk::walk_cell_in_text(walk_cell),
                max_cell_in_text: f64::INFINITY,
                digit_scale: super::killer::DIGIT_SCALE,
                outside: Outside::NONE,
                cells_are,
            };
        }
        if let Some(options) = section_as::<SudokuSection>(section)
            .filter(|section| section.drill)
            .and_then(|section| section.variant.as_ref())
            .filter(|options| options.size != Size::S9)
        {
            // A drill on the house grader's grid: its walkthrough figures' cells.
            let side = options.size.side() as f64;
            let walk_cell = super::sudoku_walk::min_variant_walk_cell(options.size);
            return Frame {
                columns: side,
                rows: side,
                min_cell: walk_cell,
                min_answer_cell: walk_cell,
                min_walk_cell: walk_cell,
                min_walk_cell_in_text: super::sudoku_walk::walk_cell_in_text(walk_cell),
                max_cell_in_text: f64::INFINITY,
                digit_scale: super::sudoku_walk::MARK_SCALE,
                outside: Outside::NONE,
                cells_are: "sudoku drill",
            };
        }
        if section_as::<SudokuSection>(section).is_some_and(|section| section.drill) {
            // A drill's question and answer both show pencil marks.
            return Frame {
                columns: 9.0,
                rows: 9.0,
                min_cell: super::sudoku_walk::MIN_WALK_CELL,
                min_answer_cell: super::sudoku_walk::MIN_WALK_CELL,
                min_walk_cell: super::sudoku_walk::MIN_WALK_CELL,
                min_walk_cell_in_text: super::sudoku_walk::walk_cell_in_text(
                    super::sudoku_walk::MIN_WALK_CELL,
                ),
                max_cell_in_text: f64::INFINITY,
                digit_scale: super::sudoku_walk::MARK_SCALE,
                outside: Outside::NONE,
                cells_are: "sudoku drill",
            };
        }
        let size = section_as::<SudokuSection>(section)
            .and_then(|section| section.variant.as_ref())
            .map_or(Size::S9, |options| options.size);
        let side = size.side();
        let two_digits = side > 9;
        Frame {
            columns: side as f64,
            rows: side as f64,
            min_cell: if two_digits {
                MIN_TWO_DIGIT_CELL
            } else {
                MIN_PUZZLE_CELL
            },
            min_answer_cell: if two_digits {
                MIN_TWO_DIGIT_ANSWER_CELL
            } else {
                MIN_ANSWER_CELL
            },
            min_walk_cell: super::sudoku_walk::min_variant_walk_cell(size),
            min_walk_cell_in_text: super::sudoku_walk::walk_cell_in_text(
                super::sudoku_walk::min_variant_walk_cell(size),
            ),
            max_cell_in_text: f64::INFINITY,
            digit_scale: if two_digits {
                TWO_DIGIT_SCALE
            } else {
                DIGIT_SCALE
            },
            outside: Outside::NONE,
            cells_are: "sudoku",
        }
    }

    fn draw(
        &self,
        content: &dyn Content,
        show: Show,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect> {
        if let Some(drilled) = crate::book::kind::content_as::<DrillContent>(content) {
            let moment = match show {
                Show::Puzzle => &drilled.drill.question,
                Show::Answer => &drilled.drill.answer,
            };
            let side = cell * moment.side() as f64;
            let rect = Rect::new(area.x + (area.width - side) / 2.0, area.y, side, side);
            draw_drill_moment(items, fonts, rect, drilled, moment)?;
            return Ok(rect);
        }
        if let Some(killer) = crate::book::kind::content_as::<KillerContent>(content) {
            let side = cell * killer.puzzle.geometry().side() as f64;
            let rect = Rect::new(area.x + (area.width - side) / 2.0, area.y, side, side);
            let values = match show {
                Show::Puzzle => killer.puzzle.givens(),
                Show::Answer => &killer.solution,
            };
            super::killer::draw_killer(items, fonts, rect, &killer.puzzle, values, show);
            return Ok(rect);
        }
        if let Some(variant) = crate::book::kind::content_as::<VariantContent>(content) {
            let side = cell * variant.puzzle.geometry().side() as f64;
            let rect = Rect::new(area.x + (area.width - side) / 2.0, area.y, side, side);
            draw_variant_content(items, fonts, rect, variant, show);
            return Ok(rect);
        }
        if let Some(symbols) = crate::book::kind::content_as::<SymbolContent>(content) {
            let side = cell * 9.0;
            let rect = Rect::new(area.x + (area.width - side) / 2.0, area.y, side, side);
            draw_symbol_content(items, fonts, rect, symbols, show);
            return Ok(rect);
        }
        let content = expect_content::<SudokuContent>(content)?;
        let side = cell * 9.0;
        let rect = Rect::new(area.x + (area.width - side) / 2.0, area.y, side, side);
        if tinted(content.pattern.as_ref()) {
            tint_givens(items, rect, 9, content.puzzle.cells(), PATTERN_TINT);
        }
        match show {
            Show::Puzzle => draw(
                items,
                fonts,
                rect,
                &SudokuFigure {
                    cells: content.puzzle.cells(),
                    strong: None,
                },
            ),
            Show::Answer => {
                let strong = content.puzzle.cells().map(|value| value == 0);
                draw(
                    items,
                    fonts,
                    rect,
                    &SudokuFigure {
                        cells: content.solution.cells(),
                        strong: Some(&strong),
                    },
                );
            }
        }
        Ok(rect)
    }

    /// The panel's figure: its last step's diagram when that step has one; otherwise the
    /// grid before the panel's runs of singles, their digits circled.
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
        let steps = walkthrough
            .steps
            .get(marked)
            .filter(|steps| !steps.is_empty())
            .ok_or_else(|| {
                Error::runtime("a walkthrough figure was asked for steps it does not have")
            })?;
        let last = &steps[steps.len() - 1];
        let band = if walkthrough.coordinates.is_some() {
            LABEL_BAND * cell
        } else {
            0.0
        };
        let side = last
            .figure
            .get::<VariantMoment>()
            .map_or(9, |moment| moment.geometry.side());
        let grid = Rect::new(
            area.x + band,
            area.y + band,
            cell * side as f64,
            cell * side as f64,
        );
        if let Some(coordinates) = walkthrough.coordinates {
            draw_labels(items, fonts, grid, side, coordinates);
        }
        if last.figure.get::<VariantMoment>().is_some() {
            draw_variant_walk(steps, killer_of(content), grid, fonts, items)?;
            return Ok(grid);
        }
        let givens: [u8; 81] =
            match crate::book::kind::content_as::<VariantContent>(content) {
                Some(variant) => variant.puzzle.cells().try_into().map_err(|_| {
                    Error::runtime("walkthrough figures are drawn for 9×9 grids only")
                })?,
                None => match crate::book::kind::content_as::<DrillContent>(content) {
                    Some(drilled) => drilled.drill.givens.as_slice().try_into().map_err(|_| {
                        Error::runtime("walkthrough figures are drawn for 9×9 grids only")
                    })?,
                    None => *expect_content::<SudokuContent>(content)?.puzzle.cells(),
                },
            };
        let givens = &givens;
        let last_moment = moment_of_step(last)?;
        if last_moment.pencil_marks {
            draw_diagram(
                items,
                fonts,
                grid,
                &Diagram {
                    givens,
                    moment: last_moment,
                    placed: &last_moment.placements,
                    digits: &last_moment.digits,
                },
            );
        } else {
            let first = moment_of_step(&steps[0])?;
            let mut placed = Vec::new();
            for step in steps {
                placed.extend_from_slice(&moment_of_step(step)?.placements);
            }
            draw_diagram(
                items,
                fonts,
                grid,
                &Diagram {
                    givens,
                    moment: first,
                    placed: &placed,
                    digits: &[],
                },
            );
        }
        Ok(grid)
    }

    fn coordinate_band(&self) -> f64 {
        LABEL_BAND
    }

    fn draw_coordinates(
        &self,
        content: &dyn Content,
        grid: Rect,
        cell: f64,
        coordinates: Coordinates,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) {
        let side = (grid.width / cell).round() as usize;
        draw_labels(items, fonts, grid, side, coordinates);
        if let Some(variant) = crate::book::kind::content_as::<VariantContent>(made_puzzle(content))
        {
            let geometry = variant.puzzle.geometry();
            if geometry.variant() == Variant::Jigsaw {
                let labels = region_label_cells(geometry.regions(), variant.puzzle.cells());
                draw_region_labels(items, fonts, grid, side, &labels);
            }
        }
    }

    fn tier_words(&self, language: Language) -> &'static [String] {
        language.list("sudoku.tiers")
    }

    fn rules(&self, sections: &[&dyn SectionKind], language: Language) -> Vec<RulesPage> {
        let mut classic_sizes: Vec<Size> = Vec::new();
        let mut variants: Vec<Variant> = Vec::new();
        let mut symbols: Vec<(Symbols, Size)> = Vec::new();
        let mut killer_sizes: Vec<Size> = Vec::new();
        let mut digits = false;
        for section in sections {
            if let Some(killer) = section_as::<KillerSection>(*section) {
                if !killer_sizes.contains(&killer.options.size) {
                    killer_sizes.push(killer.options.size);
                }
                continue;
            }
            let Some(section) = section_as::<SudokuSection>(*section) else {
                continue;
            };
            let (size, variant) = section
                .variant
                .as_ref()
                .map_or((Size::S9, Variant::Classic), |o| (o.size, o.variant));
            if variant == Variant::Classic {
                // A picture grid's rule is the shapes' own paragraph.
                if section.symbols != Symbols::Shapes && !classic_sizes.contains(&size) {
                    classic_sizes.push(size);
                }
                digits |= section.symbols == Symbols::Digits;
            } else if !variants.contains(&variant) {
                variants.push(variant);
            }
            match symbols
                .iter_mut()
                .find(|(known, _)| *known == section.symbols)
            {
                Some((_, largest)) if largest.side() < size.side() => *largest = size,
                Some(_) => {}
                None if section.symbols != Symbols::Digits => {
                    symbols.push((section.symbols.clone(), size));
                }
                None => {}
            }
        }
        if classic_sizes.is_empty()
            && variants.is_empty()
            && killer_sizes.is_empty()
            && symbols.is_empty()
        {
            classic_sizes.push(Size::S9);
            digits = true;
        }
        killer_sizes.sort_by_key(|size| size.side());
        classic_sizes.sort_by_key(|size| size.side());
        let mut paragraphs: Vec<String> = Vec::new();
        let only_classic_9 =
            classic_sizes == [Size::S9] && variants.is_empty() && symbols.is_empty();
        if only_classic_9 {
            paragraphs.push(language.text("sudoku.rule-classic").to_string());
        } else {
            for size in &classic_sizes {
                paragraphs.push(size_rule(*size, language));
            }
            for variant in &variants {
                paragraphs.push(variant_rule(*variant, language));
            }
            for (symbol, size) in &symbols {
                paragraphs.push(symbols_rule(symbol, *size, language));
            }
        }
        if !killer_sizes.is_empty() {
            paragraphs.push(killer_rule(&killer_sizes, language));
        }
        for closing in ["sudoku.closing-unique", "sudoku.closing-labels"] {
            paragraphs.push(language.text(closing).to_string());
        }
        let drills = sections
            .iter()
            .any(|section| section.drill_task(language).is_some());
        if drills {
            paragraphs.push(words::drills_rule(language).to_string());
        }
        // One worked example per kind of grid in the book, small ones first.
        let mut examples = Vec::new();
        if !classic_sizes.is_empty() && digits {
            examples.push(example(ExampleGrid::Classic, language));
        }
        if symbols.iter().any(|(symbol, _)| *symbol == Symbols::Shapes) {
            examples.push(example(ExampleGrid::Shapes, language));
        }
        for variant in &variants {
            examples.push(example(
                match variant {
                    Variant::X => ExampleGrid::X,
                    Variant::Jigsaw => ExampleGrid::Jigsaw,
                    Variant::Windoku => ExampleGrid::Windoku,
                    Variant::Classic => ExampleGrid::Classic,
                },
                language,
            ));
        }
        if !killer_sizes.is_empty() {
            examples.push(example(ExampleGrid::Killer, language));
        }
        // The page is titled for what the book holds: a book of one variant names it.
        let plain = classic_sizes.is_empty() && symbols.is_empty();
        let name = match (plain, variants.as_slice(), killer_sizes.is_empty()) {
            (true, [], false) => Some(ExampleGrid::Killer),
            (true, [Variant::X], true) => Some(ExampleGrid::X),
            (true, [Variant::Windoku], true) => Some(ExampleGrid::Windoku),
            (true, [Variant::Jigsaw], true) => Some(ExampleGrid::Jigsaw),
            _ => None,
        }
        .map_or_else(
            || words::kind_name(&crate::kind::SUDOKU, language).to_string(),
            |grid| grid.name(language).to_string(),
        );
        let heading = language.say("book.rules-heading", &[("kind", &name)]);
        vec![RulesPage {
            kind: crate::kind::SUDOKU.name,
            heading,
            running: name,
            paragraphs,
            examples,
        }]
    }

    fn draw_example(
        &self,
        example: &RulesExample,
        area: Rect,
        cell: f64,
        fonts: &FontSet,
        items: &mut Vec<Item>,
    ) -> Result<Rect> {
        let grid = ExampleGrid::ALL
            .into_iter()
            .find(|grid| grid.key() == example.key)
            .ok_or_else(|| Error::runtime(format!("no sudoku example {:?}", example.key)))?;
        draw_example_grid(grid, area, cell, fonts, items)
    }
}

/// The worked examples of sudoku rules pages: a small puzzle of each kind of grid, solved
/// beside it (the solver's solution), the rule shown on the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ExampleGrid {
    Classic,
    Shapes,
    X,
    Jigsaw,
    Windoku,
    Killer,
}

/// Columns between an example's puzzle and its solution (the arrow's room).
const EXAMPLE_GAP: f64 = 1.6;

impl ExampleGrid {
    const ALL: [ExampleGrid; 6] = [
        ExampleGrid::Classic,
        ExampleGrid::Shapes,
        ExampleGrid::X,
        ExampleGrid::Jigsaw,
        ExampleGrid::Windoku,
        ExampleGrid::Killer,
    ];

    fn key(self) -> &'static str {
        match self {
            ExampleGrid::Classic => "classic",
            ExampleGrid::Shapes => "shapes",
            ExampleGrid::X => "x",
            ExampleGrid::Jigsaw => "jigsaw",
            ExampleGrid::Windoku => "windoku",
            ExampleGrid::Killer => "killer",
        }
    }

    /// The puzzle, in the engines' line formats.
    fn line(self) -> &'static str {
        match self {
            ExampleGrid::Classic | ExampleGrid::Shapes => "4x4:.1..23....12..3.",
            ExampleGrid::X => "4x4-x:41............23",
            ExampleGrid::Jigsaw => {
                "6x6-jigsaw:.....21...4.3..2.4.4.35..1..25.2...3:aabbbcaaaabcdddbbcdddeecffffecffeeec"
            }
            ExampleGrid::Windoku => {
                "windoku:...5..6.1......8..76328194.1........2.6...4.9........8.92753184..8......5.4..8..."
            }
            ExampleGrid::Killer => "4x4-killer:................:abbcadbcedbfeeff:3,10,5,5,8,9",
        }
    }

    /// The grid's name, for a rules page's heading.
    fn name(self, language: Language) -> &'static str {
        match self {
            ExampleGrid::Classic | ExampleGrid::Shapes => language.text("sudoku.name"),
            ExampleGrid::X => language.text("sudoku.name-x"),
            ExampleGrid::Jigsaw => language.text("sudoku.name-jigsaw"),
            ExampleGrid::Windoku => language.text("sudoku.name-windoku"),
            ExampleGrid::Killer => language.text("sudoku.name-killer"),
        }
    }

    fn side(self) -> f64 {
        match self {
            ExampleGrid::Classic | ExampleGrid::Shapes | ExampleGrid::X | ExampleGrid::Killer => {
                4.0
            }
            ExampleGrid::Jigsaw => 6.0,
            ExampleGrid::Windoku => 9.0,
        }
    }

    fn caption(self, language: Language) -> &'static str {
        language.text(match self {
            ExampleGrid::Classic => "sudoku.caption-classic",
            ExampleGrid::Shapes => "sudoku.caption-shapes",
            ExampleGrid::X => "sudoku.caption-x",
            ExampleGrid::Jigsaw => "sudoku.caption-jigsaw",
            ExampleGrid::Windoku => "sudoku.caption-windoku",
            ExampleGrid::Killer => "sudoku.caption-killer",
        })
    }
}

/// A rules page's worked example of a kind of grid.
fn example(grid: ExampleGrid, language: Language) -> RulesExample {
    RulesExample {
        key: grid.key(),
        caption: grid.caption(language).to_string(),
        extent: (2.0 * grid.side() + EXAMPLE_GAP, grid.side()),
        min_cell: if grid == ExampleGrid::Killer {
            super::killer::MIN_KILLER_CELL
        } else {
            MIN_ANSWER_CELL
        },
    }
}

/// An arrow from a worked example's puzzle to its solution, across the gap between them.
pub(super) fn example_arrow(items: &mut Vec<Item>, from_x: f64, to_x: f64, y: f64, cell: f64) {
    let width = (cell * 0.06).clamp(0.6, 1.2);
    let (from, to) = (from_x + cell * 0.35, to_x - cell * 0.35);
    let head = cell * 0.25;
    let line = |a: Point, b: Point| Item::Line {
        from: a,
        to: b,
        width,
        colour: Colour::BLACK,
    };
    items.push(line(Point { x: from, y }, Point { x: to, y }));
    items.push(line(
        Point {
            x: to - head,
            y: y - head * 0.7,
        },
        Point { x: to, y },
    ));
    items.push(line(
        Point {
            x: to - head,
            y: y + head * 0.7,
        },
        Point { x: to, y },
    ));
}

/// Draws a worked example: the puzzle, an arrow, the solver's solution with its rule
/// shaded; returns the drawing's box.
fn draw_example_grid(
    grid: ExampleGrid,
    area: Rect,
    cell: f64,
    fonts: &FontSet,
    items: &mut Vec<Item>,
) -> Result<Rect> {
    let side = grid.side();
    let width = side * cell;
    let left = Rect::new(area.x, area.y, width, width);
    let right = Rect::new(area.x + (side + EXAMPLE_GAP) * cell, area.y, width, width);
    let bad = |why: String| Error::runtime(format!("the {} example: {why}", grid.key()));
    if grid == ExampleGrid::Killer {
        let killer = Killer::parse_word(grid.line(), 1)
            .ok_or_else(|| bad("not a killer line".to_string()))?
            .map_err(|error| bad(error.message().to_string()))?;
        let crate::sudoku::killer::solver::KillerSolution::Unique(solution) =
            crate::sudoku::killer::solver::solve(&killer)
        else {
            return Err(bad("not a unique puzzle".to_string()));
        };
        super::killer::draw_killer(items, fonts, left, &killer, killer.givens(), Show::Puzzle);
        super::killer::draw_killer(items, fonts, right, &killer, &solution, Show::Puzzle);
    } else {
        let puzzle = crate::sudoku::variant::grid::parse_any(grid.line())
            .map_err(|error| bad(error.message().to_string()))?;
        let crate::sudoku::variant::solver::VariantSolution::Unique(solution) =
            crate::sudoku::variant::solver::solve(&puzzle)
        else {
            return Err(bad("not a unique puzzle".to_string()));
        };
        let geometry = puzzle.geometry();
        let n = geometry.side();
        let extra = geometry.extra_cells();
        let shaded: Vec<bool> = (0..geometry.cells()).map(|c| extra.contains(c)).collect();
        // The rule shown: the last row and the first box (classic, shapes), the first
        // cell's region (jigsaw); X and windoku shade their extra houses already.
        let regions = geometry.regions();
        let shown: Vec<bool> = (0..geometry.cells())
            .map(|c| match grid {
                ExampleGrid::Classic | ExampleGrid::Shapes => {
                    c / n == n - 1 || regions[c] == regions[0]
                }
                ExampleGrid::Jigsaw => regions[c] == regions[0],
                _ => shaded[c],
            })
            .collect();
        let symbols = if grid == ExampleGrid::Shapes {
            Symbols::Shapes
        } else {
            Symbols::Digits
        };
        let strong: Vec<bool> = puzzle.cells().iter().map(|&v| v == 0).collect();
        let figure = |cells, strong, shaded| VariantFigure {
            side: n,
            regions,
            shaded,
            cells,
            strong,
            symbols: &symbols,
        };
        draw_variant(items, fonts, left, &figure(puzzle.cells(), None, &shaded));
        draw_variant(
            items,
            fonts,
            right,
            &figure(solution.cells(), Some(&strong), &shown),
        );
    }
    example_arrow(items, left.right(), right.x, area.y + width / 2.0, cell);
    Ok(Rect::new(area.x, area.y, right.right() - area.x, width))
}

/// The rule of a plain grid of one size.
fn size_rule(size: Size, language: Language) -> String {
    let n = size.side();
    let values_key = if n > 9 {
        "sudoku.values-numbers"
    } else {
        "sudoku.values-digits"
    };
    let values = language.say(values_key, &[("n", &n)]);
    language.say(
        "sudoku.rule-size",
        &[
            ("n", &n),
            ("rows", &size.box_rows()),
            ("columns", &size.box_columns()),
            ("values", &values),
        ],
    )
}

/// The rule of a variant.
fn variant_rule(variant: Variant, language: Language) -> String {
    match variant {
        Variant::X => language.text("sudoku.rule-x"),
        Variant::Windoku => language.text("sudoku.rule-windoku"),
        Variant::Jigsaw => language.text("sudoku.rule-jigsaw"),
        Variant::Classic => "",
    }
    .to_string()
}

/// What the symbols stand for: the shapes a book's largest picture grid uses.
fn symbols_rule(symbols: &Symbols, size: Size, language: Language) -> String {
    match symbols {
        Symbols::Shapes => {
            let names = shape_names(size.side(), language);
            let count = language
                .list("list.numbers")
                .get(size.side())
                .cloned()
                .unwrap_or_else(|| size.side().to_string());
            let names = names.join(language.text("list.comma"));
            language.say(
                "sudoku.rule-shapes",
                &[("count", &count), ("names", &names)],
            )
        }
        Symbols::Letters(letters) => language.say(
            "sudoku.rule-letters",
            &[("letters", &letters.iter().collect::<String>())],
        ),
        Symbols::Digits => String::new(),
    }
}

/// The names of the first `count` picture symbols (as [`super::shapes`] draws them).
fn shape_names(count: usize, language: Language) -> Vec<&'static str> {
    let names = language.list("sudoku.shapes");
    names[..count.min(names.len())]
        .iter()
        .map(String::as_str)
        .collect()
}

/// A digit whose glyph box is centred on `centre`.
pub fn centred_digit(fonts: &FontSet, face: FaceId, centre: Point, size: f64, digit: u8) -> Item {
    let metrics = fonts.metrics(face);
    let text = char::from(b'0' + digit).to_string();
    let width = metrics.width(&text, size);
    Item::Text {
        at: Point {
            x: centre.x - width / 2.0,
            y: centre.y + metrics.cap_height() * size / 2.0,
        },
        size,
        face,
        text,
        colour: Colour::BLACK,
    }
}
