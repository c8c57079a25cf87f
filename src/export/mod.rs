//! Publishing beyond the PDF: each puzzle and answer as a figure of its own (for SVG and
//! PNG files), and the whole book as one self-contained web page to read, print and play.
//!
//! Figures are drawn by the kind's [`LayoutKind`](crate::layout::kind::LayoutKind), exactly
//! as on the book's pages, at the book's question cell size, then moved so that their box
//! starts at the origin. Nothing here touches the file system: [`svg`] returns text,
//! [`crate::raster`] draws a [`Figure`] as a [`Page`] of its own, [`html`] returns the page.

pub mod html;
pub mod svg;

use crate::book::plan::Puzzle;
use crate::error::Result;
use crate::layout::fonts::FontSet;
use crate::layout::kind::Show;
use crate::layout::page::{Item, Page, Path, Point, Rect, Segment, Transform};

/// White space around a figure's ink, in points.
const PADDING: f64 = 2.0;

/// One puzzle or answer alone: its items in points, origin at the top-left corner of a
/// `width` × `height` box that holds all its ink with a little room around it.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub width: f64,
    pub height: f64,
    pub items: Vec<Item>,
    /// The grid or sum inside the box (what the manifest's boxes enclose on a page).
    pub bbox: Rect,
}

impl Figure {
    /// The figure as a page of its own size (no bleed), for the rasterizer.
    pub fn page(&self) -> Page {
        Page {
            width: self.width,
            height: self.height,
            bleed: crate::layout::page::Bleed::NONE,
            items: self.items.clone(),
        }
    }

    /// The figure's digits in reading order: the puzzle's givens, or the answer's solution.
    pub fn text(&self) -> String {
        self.page().text_in(self.bbox)
    }
}

/// Draws `show` of `puzzle` with cells of `cell` points, alone.
pub fn figure(puzzle: &Puzzle, show: Show, cell: f64, fonts: &FontSet) -> Result<Figure> {
    let mut items = Vec::new();
    // Any area wide enough will do: the figure is moved to the origin afterwards.
    let area = Rect::new(0.0, 0.0, 100.0 * cell, 100.0 * cell);
    let bbox =
        puzzle
            .kind()
            .layout
            .draw(puzzle.content.as_ref(), show, area, cell, fonts, &mut items)?;
    let ink = items
        .iter()
        .map(|item| extent(item, fonts))
        .fold(bbox, union);
    let (dx, dy) = (PADDING - ink.x, PADDING - ink.y);
    for item in &mut items {
        shift(item, dx, dy);
    }
    Ok(Figure {
        width: ink.width + 2.0 * PADDING,
        height: ink.height + 2.0 * PADDING,
        items,
        bbox: Rect::new(bbox.x + dx, bbox.y + dy, bbox.width, bbox.height),
    })
}

/// A place the solver fills in: its square (centred on the answer's digit) and the digit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blank {
    pub cell: Rect,
    pub answer: char,
}

/// The places a solver fills in, in reading order: the digits the answer shows and the
/// puzzle does not (both drawn by the same kind at the same size, so a given digit is the
/// same text run in both). `cell` is the figure's cell size.
pub fn blanks(puzzle: &Figure, answer: &Figure, cell: f64, fonts: &FontSet) -> Vec<Blank> {
    let given: Vec<(Point, &str)> = runs(puzzle).collect();
    let mut blanks: Vec<Blank> = runs(answer)
        .filter(|run| !given.contains(run))
        .flat_map(|(at, text)| {
            // The answer's runs are single digits; take each character's own box anyway.
            let mut pen = at.x;
            let size = answer
                .items
                .iter()
                .find_map(|item| match item {
                    Item::Text {
                        at: other,
                        size,
                        text: same,
                        ..
                    } if *other == at && same == text => Some(*size),
                    _ => None,
                })
                .unwrap_or(cell);
            let face = answer
                .items
                .iter()
                .find_map(|item| match item {
                    Item::Text {
                        at: other, face, ..
                    } if *other == at => Some(*face),
                    _ => None,
                })
                .unwrap_or(fonts.digits);
            let metrics = fonts.metrics(face);
            text.chars()
                .map(|ch| {
                    let width = metrics.width(&ch.to_string(), size);
                    let centre = Point {
                        x: pen + width / 2.0,
                        y: at.y - metrics.cap_height() * size / 2.0,
                    };
                    pen += width;
                    Blank {
                        cell: Rect::new(centre.x - cell / 2.0, centre.y - cell / 2.0, cell, cell),
                        answer: ch,
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect();
    blanks.sort_by(|a, b| {
        let line = |y: f64| (y * 2.0).round() as i64;
        line(a.cell.y)
            .cmp(&line(b.cell.y))
            .then(a.cell.x.total_cmp(&b.cell.x))
    });
    blanks
}

fn runs(figure: &Figure) -> impl Iterator<Item = (Point, &str)> {
    figure.items.iter().filter_map(|item| match item {
        Item::Text { at, text, .. } => Some((*at, text.as_str())),
        _ => None,
    })
}

/// The smallest rectangle holding both.
fn union(a: Rect, b: Rect) -> Rect {
    let (x, y) = (a.x.min(b.x), a.y.min(b.y));
    Rect::new(
        x,
        y,
        a.right().max(b.right()) - x,
        a.bottom().max(b.bottom()) - y,
    )
}

/// The box `points` span, grown by `grow` on every side.
fn span(points: impl IntoIterator<Item = Point>, grow: f64) -> Rect {
    let (mut left, mut top) = (f64::INFINITY, f64::INFINITY);
    let (mut right, mut bottom) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for point in points {
        left = left.min(point.x);
        top = top.min(point.y);
        right = right.max(point.x);
        bottom = bottom.max(point.y);
    }
    if left > right {
        return Rect::new(0.0, 0.0, 0.0, 0.0);
    }
    Rect::new(
        left - grow,
        top - grow,
        right - left + 2.0 * grow,
        bottom - top + 2.0 * grow,
    )
}

/// Where an item puts ink (a curve lies within its control points).
fn extent(item: &Item, fonts: &FontSet) -> Rect {
    match item {
        Item::Line {
            from, to, width, ..
        } => span([*from, *to], width / 2.0),
        Item::Image { rect, .. } => *rect,
        Item::Rect { rect, stroke, .. } => {
            let grow = stroke.map_or(0.0, |(width, _)| width / 2.0);
            Rect::new(
                rect.x - grow,
                rect.y - grow,
                rect.width + 2.0 * grow,
                rect.height + 2.0 * grow,
            )
        }
        Item::Path { path, stroke, .. } => {
            span(path_points(path), stroke.map_or(0.0, |s| s.width / 2.0))
        }
        Item::Group { transform, items } => {
            let inner = items
                .iter()
                .map(|item| extent(item, fonts))
                .reduce(union)
                .unwrap_or(Rect::new(0.0, 0.0, 0.0, 0.0));
            let corners = [
                (inner.x, inner.y),
                (inner.right(), inner.y),
                (inner.x, inner.bottom()),
                (inner.right(), inner.bottom()),
            ];
            span(corners.map(|(x, y)| mapped(transform, x, y)), 0.0)
        }
        Item::Text {
            at,
            size,
            face,
            text,
            ..
        } => {
            let metrics = fonts.metrics(*face);
            Rect::new(
                at.x,
                at.y - metrics.ascender() * size,
                metrics.width(text, *size),
                (metrics.ascender() - metrics.descender()) * size,
            )
        }
    }
}

/// Where `transform` takes (x, y).
fn mapped(transform: &Transform, x: f64, y: f64) -> Point {
    Point {
        x: transform.xx * x + transform.xy * y + transform.tx,
        y: transform.yx * x + transform.yy * y + transform.ty,
    }
}

fn path_points(path: &Path) -> Vec<Point> {
    let mut points = Vec::new();
    for subpath in &path.subpaths {
        points.push(subpath.start);
        for segment in &subpath.segments {
            match segment {
                Segment::Line(to) => points.push(*to),
                Segment::Curve(a, b, to) => points.extend([*a, *b, *to]),
            }
        }
    }
    points
}

fn shift(item: &mut Item, dx: f64, dy: f64) {
    let moved = |point: &mut Point| {
        point.x += dx;
        point.y += dy;
    };
    match item {
        Item::Line { from, to, .. } => {
            moved(from);
            moved(to);
        }
        Item::Rect { rect, .. } | Item::Image { rect, .. } => {
            rect.x += dx;
            rect.y += dy;
        }
        Item::Path { path, .. } => {
            for subpath in &mut path.subpaths {
                moved(&mut subpath.start);
                for segment in &mut subpath.segments {
                    match segment {
                        Segment::Line(to) => moved(to),
                        Segment::Curve(a, b, to) => {
                            moved(a);
                            moved(b);
                            moved(to);
                        }
                    }
                }
            }
        }
        Item::Text { at, .. } => moved(at),
        // Everything inside is moved with the group.
        Item::Group { transform, .. } => {
            transform.tx += dx;
            transform.ty += dy;
        }
    }
}

/// How a figure becomes a PNG file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PngOptions {
    pub dpi: u32,
    /// Leave the paper out: an alpha channel (coverage) instead of white.
    pub transparent: bool,
    /// RGB instead of greyscale (for tools that insist on colour pictures).
    pub colour: bool,
}

/// A figure as a PNG file (anti-aliased by the page rasterizer).
pub fn png(
    figure: &Figure,
    rasterizer: &crate::raster::PageRasterizer<'_>,
    options: PngOptions,
) -> Result<Vec<u8>> {
    let page = figure.page();
    let on_white = rasterizer.render(&page, options.dpi)?;
    // Grey (and alpha) samples, one or two per pixel.
    let (samples, alpha) = if options.transparent {
        let on_black = rasterizer.render_on(&page, options.dpi, 0.0)?;
        (on_white.with_alpha(&on_black), true)
    } else {
        (on_white.pixels.clone(), false)
    };
    let (colour_type, data) = match (options.colour, alpha) {
        (false, false) => (png::ColorType::Grayscale, samples),
        (false, true) => (png::ColorType::GrayscaleAlpha, samples),
        (true, false) => (
            png::ColorType::Rgb,
            samples.iter().flat_map(|&grey| [grey; 3]).collect(),
        ),
        (true, true) => (
            png::ColorType::Rgba,
            samples
                .chunks_exact(2)
                .flat_map(|pair| [pair[0], pair[0], pair[0], pair[1]])
                .collect(),
        ),
    };
    let mut file = Vec::new();
    let failed = |error: png::EncodingError| {
        crate::error::Error::runtime(format!("cannot encode a PNG picture: {error}"))
    };
    let mut encoder = png::Encoder::new(&mut file, on_white.width as u32, on_white.height as u32);
    encoder.set_color(colour_type);
    encoder.set_depth(png::BitDepth::Eight);
    let per_metre = (f64::from(options.dpi) / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: png::Unit::Meter,
    }));
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(&data).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(file)
}
