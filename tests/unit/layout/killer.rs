use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::killer::*;
use puzzlebook::layout::kind::Show;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Point;
use puzzlebook::layout::page::Rect;
use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::killer::generate::{KillerOptions, generate};
use puzzlebook::sudoku::variant::Size;

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
                let puzzlebook::layout::page::Segment::Line(to) = subpath.segments[0] else {
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
    use puzzlebook::book::kind::{Content, Wording};
    use puzzlebook::book::spec::Language;
    use puzzlebook::layout::kind::LayoutKind;
    use puzzlebook::layout::page::Segment;
    use puzzlebook::sudoku::coordinates::Coordinates;
    const CLEAR: f64 = 1.0;
    let fonts = FontSet::bundled(false);
    let (mut marks, mut strikes, mut rings) = (0, 0, 0);
    for (size, index) in [(Size::S9, 3), (Size::S9, 4), (Size::S6, 5)] {
        let mut rng = RandomStream::derive("killer-marks", &[], index);
        let made = generate(&KillerOptions::new(size), &mut rng, None).unwrap();
        let content = puzzlebook::book::killer::KillerContent {
            puzzle: made.puzzle.clone(),
            solution: made.solution.clone(),
        };
        let walk = content
            .walkthrough(Wording::new(Language::ENGLISH, Coordinates::Letters))
            .unwrap();
        let cell = puzzlebook::layout::sudoku_walk::min_variant_walk_cell_in(size, KILLER_MARKS);
        for step in 0..walk.steps.len() {
            let mut items = Vec::new();
            puzzlebook::layout::sudoku::SudokuLayout
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
                    } if *width == puzzlebook::layout::sudoku_walk::STRIKE_WIDTH
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
