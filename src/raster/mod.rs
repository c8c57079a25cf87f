//! Pictures of laid-out pages: the backend-neutral page description rasterized to a
//! greyscale bitmap and encoded as PNG, for quick looks without a PDF viewer.
//!
//! This draws the same [`Page`] the PDF renderer writes, in the same order (lines and
//! rectangles first, then text), with the same fonts: glyph outlines come from the font
//! files through `ttf-parser`, and every shape is filled by one exact-area coverage
//! rasterizer (`ab_glyph_rasterizer`). Nothing here touches printpdf or the file system;
//! the output depends only on the page, the fonts and the resolution.

pub mod png;

use ab_glyph_rasterizer::{Point as RasterPoint, Rasterizer, point};
use ttf_parser::OutlineBuilder;

use crate::error::{Error, Result};
use crate::layout::fonts::FontSet;
use crate::layout::page::{
    Bleed, Item, Page, Path, Point, Rect, Segment as PathSegment, Stroke, Transform,
};
use crate::layout::picture::Picture;

/// The largest picture made, in pixels (an A4 page at 600 dpi is about 35 million).
pub const MAX_PIXELS: usize = 60_000_000;

/// The thinnest line drawn, in pixels: hairlines stay visible at low resolutions, as in
/// PDF viewers.
const MIN_LINE_PIXELS: f64 = 1.0;

/// A greyscale picture: one byte per pixel, 0 black to 255 white, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
    /// Pixels per inch, recorded in the PNG.
    pub dpi: u32,
}

impl Bitmap {
    /// The grey level at (`x`, `y`), counted from the top-left pixel.
    pub fn get(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.width + x]
    }

    /// The picture as a PNG file.
    pub fn to_png(&self) -> Vec<u8> {
        png::encode_grey(self.width, self.height, &self.pixels, self.dpi)
    }

    /// Grey and alpha (two bytes per pixel) from the same picture drawn on white (`self`)
    /// and on black: painting is compositing, so a pixel of coverage `a` and grey `g` is
    /// `g·a + (1 − a)` on white and `g·a` on black.
    pub fn with_alpha(&self, on_black: &Bitmap) -> Vec<u8> {
        assert_eq!(self.pixels.len(), on_black.pixels.len(), "the same picture");
        let mut pixels = Vec::with_capacity(2 * self.pixels.len());
        for (&white, &black) in self.pixels.iter().zip(&on_black.pixels) {
            let alpha = 255 - white.saturating_sub(black);
            let grey = if alpha == 0 {
                0
            } else {
                ((u32::from(black) * 255 + u32::from(alpha) / 2) / u32::from(alpha)).min(255) as u8
            };
            pixels.extend_from_slice(&[grey, alpha]);
        }
        pixels
    }

    /// `pictures` left to right, top-aligned, with `gap` pixels of `background` around and
    /// between them (a spread of pages, as they face each other in the book).
    pub fn side_by_side(pictures: &[Bitmap], gap: usize, background: u8) -> Bitmap {
        let width = gap + pictures.iter().map(|p| p.width + gap).sum::<usize>();
        let height = 2 * gap + pictures.iter().map(|p| p.height).max().unwrap_or(0);
        let mut pixels = vec![background; width * height];
        let mut left = gap;
        for picture in pictures {
            for y in 0..picture.height {
                let row = &picture.pixels[y * picture.width..(y + 1) * picture.width];
                let at = (gap + y) * width + left;
                pixels[at..at + picture.width].copy_from_slice(row);
            }
            left += picture.width + gap;
        }
        Bitmap {
            width,
            height,
            pixels,
            dpi: pictures.first().map_or(72, |p| p.dpi),
        }
    }
}

/// The size in pixels of the picture of a page `width` × `height` points with `bleed`
/// beyond its edges, at `dpi`: the media box, each side rounded to the nearest pixel.
/// Pictures of more than [`MAX_PIXELS`] are refused.
pub fn pixel_size(width: f64, height: f64, bleed: Bleed, dpi: u32) -> Result<(usize, usize)> {
    let scale = f64::from(dpi) / 72.0;
    let side = |points: f64| (points * scale).round().max(1.0) as usize;
    let (columns, rows) = (
        side(bleed.media_width(width)),
        side(bleed.media_height(height)),
    );
    if columns.saturating_mul(rows) > MAX_PIXELS {
        return Err(Error::input(format!(
            "a picture of {columns} x {rows} pixels is too large (at most {} million pixels)",
            MAX_PIXELS / 1_000_000
        ))
        .with_hint("choose a lower --dpi"));
    }
    Ok((columns, rows))
}

/// The size in pixels of `count` pictures of `page` pixels put side by side with `gap`
/// pixels around and between them (as [`Bitmap::side_by_side`] puts them), refused, before
/// anything is drawn, when it is more than [`MAX_PIXELS`].
pub fn spread_size(page: (usize, usize), count: usize, gap: usize) -> Result<(usize, usize)> {
    let columns = page
        .0
        .saturating_add(gap)
        .saturating_mul(count)
        .saturating_add(gap);
    let rows = page.1.saturating_add(gap.saturating_mul(2));
    if columns.saturating_mul(rows) > MAX_PIXELS {
        return Err(Error::input(format!(
            "a spread of {count} pages is a picture of {columns} x {rows} pixels, too large (at most {} million pixels)",
            MAX_PIXELS / 1_000_000
        ))
        .with_hint("choose fewer pages or a lower --dpi"));
    }
    Ok((columns, rows))
}

/// Draws pages with a book's fonts.
pub struct PageRasterizer<'a> {
    fonts: &'a FontSet,
    faces: Vec<ttf_parser::Face<'a>>,
}

impl<'a> PageRasterizer<'a> {
    pub fn new(fonts: &'a FontSet) -> Result<PageRasterizer<'a>> {
        let faces = fonts
            .faces
            .iter()
            .map(|face| {
                ttf_parser::Face::parse(&face.bytes, 0).map_err(|error| {
                    Error::input(format!("cannot read the glyph outlines: {error}"))
                        .in_file(face.origin.clone())
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(PageRasterizer { fonts, faces })
    }

    /// The picture of `page` at `dpi` pixels per inch, on white.
    pub fn render(&self, page: &Page, dpi: u32) -> Result<Bitmap> {
        self.render_on(page, dpi, 1.0)
    }

    /// The picture of `page` at `dpi` pixels per inch, on the grey level `background` (0
    /// black to 1 white). Drawn on white and on black, a page gives its coverage: see
    /// [`Bitmap::with_alpha`].
    pub fn render_on(&self, page: &Page, dpi: u32, background: f32) -> Result<Bitmap> {
        let (width, height) = pixel_size(page.width, page.height, page.bleed, dpi)?;
        let mut canvas = Canvas {
            width,
            height,
            grey: vec![background; width * height],
            scratch: Rasterizer::new(0, 0),
            shape: Vec::new(),
        };
        let scale = f64::from(dpi) / 72.0;
        let to_pixels =
            Transform::translate(page.bleed.left, page.bleed.top).then(Transform::scale(scale));
        self.draw(&mut canvas, &page.items, to_pixels);
        Ok(Bitmap {
            width,
            height,
            pixels: canvas
                .grey
                .iter()
                .map(|&level| (level.clamp(0.0, 1.0) * 255.0 + 0.5) as u8)
                .collect(),
            dpi,
        })
    }

    /// Draws `items` mapped onto the picture by `to_pixels` (layout points to pixels):
    /// lines, rectangles, paths and groups in order, then the text.
    fn draw(&self, canvas: &mut Canvas, items: &[Item], to_pixels: Transform) {
        let scale = to_pixels.length_scale();
        let pixel = |p: Point| {
            let p = to_pixels.apply(p);
            Pixel {
                x: p.x as f32,
                y: p.y as f32,
            }
        };
        // Rectangles keep their exact pixel edges unless the map turns them.
        let upright =
            to_pixels.xy == 0.0 && to_pixels.yx == 0.0 && to_pixels.xx > 0.0 && to_pixels.yy > 0.0;
        for item in items {
            match item {
                Item::Line {
                    from,
                    to,
                    width,
                    colour,
                } => {
                    let thickness = (width * scale).max(MIN_LINE_PIXELS) as f32;
                    canvas.line(pixel(*from), pixel(*to), thickness);
                    canvas.fill(colour.luminance());
                }
                Item::Rect { rect, fill, stroke } if upright => {
                    let corner = pixel(Point {
                        x: rect.x,
                        y: rect.y,
                    });
                    let size = (
                        (rect.width * to_pixels.xx) as f32,
                        (rect.height * to_pixels.yy) as f32,
                    );
                    if let Some(colour) = fill {
                        canvas.rectangle(corner, size, 0.0);
                        canvas.fill(colour.luminance());
                    }
                    if let Some((width, colour)) = stroke {
                        let thickness = (width * scale).max(MIN_LINE_PIXELS) as f32;
                        canvas.frame(corner, size, thickness);
                        canvas.fill(colour.luminance());
                    }
                }
                Item::Rect { rect, fill, stroke } => {
                    let corners = [
                        Point {
                            x: rect.x,
                            y: rect.y,
                        },
                        Point {
                            x: rect.right(),
                            y: rect.y,
                        },
                        Point {
                            x: rect.right(),
                            y: rect.bottom(),
                        },
                        Point {
                            x: rect.x,
                            y: rect.bottom(),
                        },
                    ];
                    let path = Path::polygon(&corners);
                    if let Some(colour) = fill {
                        canvas.outline(&path, &pixel);
                        canvas.fill(colour.luminance());
                    }
                    if let Some((width, colour)) = stroke {
                        canvas.stroke(&path, &Stroke::solid(*width, *colour), scale, &pixel);
                        canvas.fill(colour.luminance());
                    }
                }
                Item::Path { path, fill, stroke } => {
                    if let Some(colour) = fill {
                        canvas.outline(path, &pixel);
                        canvas.fill(colour.luminance());
                    }
                    if let Some(stroke) = stroke {
                        canvas.stroke(path, stroke, scale, &pixel);
                        canvas.fill(stroke.colour.luminance());
                    }
                }
                Item::Group { transform, items } => {
                    self.draw(canvas, items, transform.then(to_pixels));
                }
                Item::Image { rect, picture } => canvas.picture(picture, *rect, to_pixels),
                Item::Text { .. } => {}
            }
        }
        for item in items {
            if let Item::Text {
                at,
                size,
                face,
                text,
                colour,
            } = item
            {
                self.text(canvas, *at, *size, *face, text, to_pixels);
                canvas.fill(colour.luminance());
            }
        }
    }

    /// Adds the outlines of a text run to the canvas's shape: glyph by glyph from the
    /// baseline start, advancing by the widths layout measured with.
    fn text(
        &self,
        canvas: &mut Canvas,
        at: Point,
        size: f64,
        face: usize,
        text: &str,
        to_pixels: Transform,
    ) {
        let (Some(outlines), Some(metrics)) = (
            self.faces.get(face),
            self.fonts.faces.get(face).map(|f| &f.metrics),
        ) else {
            return;
        };
        let units = f64::from(outlines.units_per_em().max(1));
        let em = size / units;
        let mut pen = at.x;
        for ch in text.chars() {
            // A character the font lacks shows its .notdef glyph, as in the PDF.
            let glyph = metrics.glyph(ch).unwrap_or(0);
            // Font units (y up) from the pen position on the baseline, to pixels.
            let glyph_map = Transform {
                xx: em,
                yx: 0.0,
                xy: 0.0,
                yy: -em,
                tx: pen,
                ty: at.y,
            }
            .then(to_pixels);
            let mut builder = Outline {
                shape: &mut canvas.shape,
                map: glyph_map,
                start: None,
                current: Pixel { x: 0.0, y: 0.0 },
            };
            if !ch.is_whitespace() {
                outlines.outline_glyph(ttf_parser::GlyphId(glyph), &mut builder);
                builder.close();
            }
            pen += metrics.advance(ch) * size;
        }
    }
}

/// A point in pixels from the top-left corner of the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pixel {
    x: f32,
    y: f32,
}

/// One piece of an outline, in pixels.
#[derive(Clone, Copy, Debug)]
enum Segment {
    Line(Pixel, Pixel),
    Quad(Pixel, Pixel, Pixel),
    Cubic(Pixel, Pixel, Pixel, Pixel),
}

/// The picture being drawn (grey levels 0.0 black to 1.0 white) and the shape being built:
/// closed contours that [`Canvas::fill`] paints with the non-zero rule.
struct Canvas {
    width: usize,
    height: usize,
    grey: Vec<f32>,
    scratch: Rasterizer,
    shape: Vec<Segment>,
}

impl Canvas {
    fn polygon(&mut self, corners: &[Pixel]) {
        for (index, &from) in corners.iter().enumerate() {
            let to = corners[(index + 1) % corners.len()];
            self.shape.push(Segment::Line(from, to));
        }
    }

    /// A rectangle grown by `grow` on every side (clockwise on screen).
    fn rectangle(&mut self, corner: Pixel, (width, height): (f32, f32), grow: f32) {
        let (left, top) = (corner.x - grow, corner.y - grow);
        let (right, bottom) = (corner.x + width + grow, corner.y + height + grow);
        self.polygon(&[
            Pixel { x: left, y: top },
            Pixel { x: right, y: top },
            Pixel {
                x: right,
                y: bottom,
            },
            Pixel { x: left, y: bottom },
        ]);
    }

    /// The stroke of a rectangle `thickness` wide, centred on its edges, mitred corners:
    /// the outer rectangle less the inner one (wound the other way).
    fn frame(&mut self, corner: Pixel, size: (f32, f32), thickness: f32) {
        let half = thickness / 2.0;
        self.rectangle(corner, size, half);
        let (width, height) = (size.0 - thickness, size.1 - thickness);
        if width > 0.0 && height > 0.0 {
            let (left, top) = (corner.x + half, corner.y + half);
            let (right, bottom) = (left + width, top + height);
            self.polygon(&[
                Pixel { x: left, y: top },
                Pixel { x: left, y: bottom },
                Pixel {
                    x: right,
                    y: bottom,
                },
                Pixel { x: right, y: top },
            ]);
        }
    }

    /// A straight line with butt ends, `thickness` pixels wide.
    fn line(&mut self, from: Pixel, to: Pixel, thickness: f32) {
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let length = (dx * dx + dy * dy).sqrt();
        if length == 0.0 {
            return;
        }
        let (nx, ny) = (
            -dy / length * thickness / 2.0,
            dx / length * thickness / 2.0,
        );
        self.polygon(&[
            Pixel {
                x: from.x + nx,
                y: from.y + ny,
            },
            Pixel {
                x: to.x + nx,
                y: to.y + ny,
            },
            Pixel {
                x: to.x - nx,
                y: to.y - ny,
            },
            Pixel {
                x: from.x - nx,
                y: from.y - ny,
            },
        ]);
    }

    /// The subpaths of `path` as closed contours (to be filled).
    fn outline(&mut self, path: &Path, to_pixels: &impl Fn(Point) -> Pixel) {
        for subpath in &path.subpaths {
            let start = to_pixels(subpath.start);
            let mut current = start;
            for segment in &subpath.segments {
                match *segment {
                    PathSegment::Line(to) => {
                        let to = to_pixels(to);
                        self.shape.push(Segment::Line(current, to));
                        current = to;
                    }
                    PathSegment::Curve(a, b, to) => {
                        let to = to_pixels(to);
                        self.shape
                            .push(Segment::Cubic(current, to_pixels(a), to_pixels(b), to));
                        current = to;
                    }
                }
            }
            if current != start {
                self.shape.push(Segment::Line(current, start));
            }
        }
    }

    /// The outline of `path` stroked `stroke.width` points wide (at `scale` pixels per
    /// point), dashed if asked: every straight piece a butt-ended band, every bend a round
    /// join, all wound the same way so that overlaps never cancel.
    fn stroke(
        &mut self,
        path: &Path,
        stroke: &Stroke,
        scale: f64,
        to_pixels: &impl Fn(Point) -> Pixel,
    ) {
        let thickness = (stroke.width * scale).max(MIN_LINE_PIXELS) as f32;
        for subpath in &path.subpaths {
            let mut points = vec![to_pixels(subpath.start)];
            let mut current = subpath.start;
            for segment in &subpath.segments {
                match *segment {
                    PathSegment::Line(to) => {
                        points.push(to_pixels(to));
                        current = to;
                    }
                    PathSegment::Curve(a, b, to) => {
                        flatten_cubic([current, a, b, to].map(to_pixels), &mut points);
                        current = to;
                    }
                }
            }
            if subpath.closed && points.len() > 1 {
                points.push(points[0]);
            }
            let pieces = match stroke.dash {
                Some((on, off)) if on > 0.0 && off > 0.0 => {
                    dashes(&points, (on * scale) as f32, (off * scale) as f32)
                }
                _ => vec![points],
            };
            for piece in pieces {
                for pair in piece.windows(2) {
                    self.line(pair[0], pair[1], thickness);
                }
                let closed_loop = piece.len() > 2 && piece.first() == piece.last();
                let joints = if closed_loop {
                    &piece[..piece.len() - 1]
                } else if piece.len() > 2 {
                    &piece[1..piece.len() - 1]
                } else {
                    &[]
                };
                for &joint in joints {
                    self.disc(joint, thickness / 2.0);
                }
            }
        }
    }

    /// A filled circle, wound like [`Canvas::line`]'s bands.
    fn disc(&mut self, centre: Pixel, radius: f32) {
        const SIDES: usize = 16;
        let corners: Vec<Pixel> = (0..SIDES)
            .map(|k| {
                let angle = -(k as f32) * std::f32::consts::TAU / SIDES as f32;
                Pixel {
                    x: centre.x + radius * angle.cos(),
                    y: centre.y + radius * angle.sin(),
                }
            })
            .collect();
        self.polygon(&corners);
    }

    /// Paints `picture` stretched over `rect` (layout points, mapped by `to_pixels`): each
    /// pixel takes the picture's pixel under its centre, blended by the picture's opacity.
    fn picture(&mut self, picture: &Picture, rect: Rect, to_pixels: Transform) {
        let t = to_pixels;
        let determinant = t.xx * t.yy - t.xy * t.yx;
        if determinant.abs() < 1e-12 || rect.width <= 0.0 || rect.height <= 0.0 {
            return;
        }
        let corners = [
            (rect.x, rect.y),
            (rect.right(), rect.y),
            (rect.x, rect.bottom()),
            (rect.right(), rect.bottom()),
        ]
        .map(|(x, y)| t.apply(Point { x, y }));
        let low_x = corners
            .iter()
            .map(|p| p.x)
            .fold(f64::INFINITY, f64::min)
            .floor()
            .max(0.0);
        let low_y = corners
            .iter()
            .map(|p| p.y)
            .fold(f64::INFINITY, f64::min)
            .floor()
            .max(0.0);
        let high_x = corners
            .iter()
            .map(|p| p.x)
            .fold(f64::NEG_INFINITY, f64::max)
            .ceil();
        let high_y = corners
            .iter()
            .map(|p| p.y)
            .fold(f64::NEG_INFINITY, f64::max)
            .ceil();
        let high_x = high_x.min(self.width as f64) as usize;
        let high_y = high_y.min(self.height as f64) as usize;
        for y in low_y as usize..high_y {
            for x in low_x as usize..high_x {
                // The pixel's centre back in layout points.
                let (dx, dy) = (x as f64 + 0.5 - t.tx, y as f64 + 0.5 - t.ty);
                let px = (t.yy * dx - t.xy * dy) / determinant;
                let py = (t.xx * dy - t.yx * dx) / determinant;
                let u = (px - rect.x) / rect.width;
                let v = (py - rect.y) / rect.height;
                if !(0.0..1.0).contains(&u) || !(0.0..1.0).contains(&v) {
                    continue;
                }
                let column = ((u * f64::from(picture.width)) as u32).min(picture.width - 1);
                let row = ((v * f64::from(picture.height)) as u32).min(picture.height - 1);
                let (grey, opacity) = picture.grey_at(column, row);
                let at = y * self.width + x;
                self.grey[at] = grey * opacity + self.grey[at] * (1.0 - opacity);
            }
        }
    }

    /// Paints the shape built so far in `grey` (anti-aliased by exact pixel coverage) and
    /// starts a new one.
    fn fill(&mut self, grey: f64) {
        let shape = std::mem::take(&mut self.shape);
        self.paint(&shape, grey as f32);
        self.shape = shape;
        self.shape.clear();
    }

    fn paint(&mut self, shape: &[Segment], grey: f32) {
        let mut low = Pixel {
            x: f32::INFINITY,
            y: f32::INFINITY,
        };
        let mut high = Pixel {
            x: f32::NEG_INFINITY,
            y: f32::NEG_INFINITY,
        };
        for segment in shape {
            // Control points bound their curves.
            let points: &[Pixel] = match segment {
                Segment::Line(a, b) => &[*a, *b],
                Segment::Quad(a, b, c) => &[*a, *b, *c],
                Segment::Cubic(a, b, c, d) => &[*a, *b, *c, *d],
            };
            for p in points {
                if !(p.x.is_finite() && p.y.is_finite()) {
                    return;
                }
                low = Pixel {
                    x: low.x.min(p.x),
                    y: low.y.min(p.y),
                };
                high = Pixel {
                    x: high.x.max(p.x),
                    y: high.y.max(p.y),
                };
            }
        }
        if shape.is_empty()
            || high.x <= 0.0
            || high.y <= 0.0
            || low.x >= self.width as f32
            || low.y >= self.height as f32
        {
            return;
        }
        // The shape is rasterized in its own box (whole, so clipping never bends its
        // edges), then laid onto the part of the picture it covers.
        let (left, top) = (low.x.floor(), low.y.floor());
        let box_width = (high.x.ceil() - left) as usize + 1;
        let box_height = (high.y.ceil() - top) as usize + 1;
        // Nothing a layout draws is larger than the picture; a damaged font's glyph can be,
        // and is left out rather than allowed to claim memory.
        if box_width.saturating_mul(box_height) > (self.width + 4) * (self.height + 4) {
            return;
        }
        let local = |p: Pixel| -> RasterPoint { point(p.x - left, p.y - top) };
        self.scratch.reset(box_width, box_height);
        for segment in shape {
            match *segment {
                Segment::Line(a, b) => self.scratch.draw_line(local(a), local(b)),
                Segment::Quad(a, b, c) => self.scratch.draw_quad(local(a), local(b), local(c)),
                Segment::Cubic(a, b, c, d) => {
                    self.scratch
                        .draw_cubic(local(a), local(b), local(c), local(d))
                }
            }
        }
        let (left, top) = (left as i64, top as i64);
        let (width, height) = (self.width as i64, self.height as i64);
        let grey_levels = &mut self.grey;
        self.scratch.for_each_pixel_2d(|x, y, coverage| {
            let (px, py) = (left + i64::from(x), top + i64::from(y));
            if coverage <= 0.0 || px < 0 || py < 0 || px >= width || py >= height {
                return;
            }
            let level = &mut grey_levels[(py * width + px) as usize];
            *level += (grey - *level) * coverage.min(1.0);
        });
    }
}

/// Appends the points of a cubic Bézier curve (after its start) as short straight pieces.
fn flatten_cubic([a, b, c, d]: [Pixel; 4], points: &mut Vec<Pixel>) {
    let span = |p: Pixel, q: Pixel| ((q.x - p.x).powi(2) + (q.y - p.y).powi(2)).sqrt();
    let length = span(a, b) + span(b, c) + span(c, d);
    let steps = (length / 2.0).ceil().clamp(1.0, 64.0) as usize;
    for step in 1..=steps {
        let t = step as f32 / steps as f32;
        let u = 1.0 - t;
        let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
        points.push(Pixel {
            x: w0 * a.x + w1 * b.x + w2 * c.x + w3 * d.x,
            y: w0 * a.y + w1 * b.y + w2 * c.y + w3 * d.y,
        });
    }
}

/// The "on" pieces of a polyline dashed `on` pixels on, `off` off, from its start.
fn dashes(points: &[Pixel], on: f32, off: f32) -> Vec<Vec<Pixel>> {
    let mut pieces = Vec::new();
    let mut piece: Vec<Pixel> = Vec::new();
    let mut drawing = true;
    let mut left = on;
    for pair in points.windows(2) {
        let (mut from, to) = (pair[0], pair[1]);
        let mut length = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt();
        while length > 0.0 {
            if drawing && piece.is_empty() {
                piece.push(from);
            }
            let step = left.min(length);
            let t = step / length;
            let reached = Pixel {
                x: from.x + (to.x - from.x) * t,
                y: from.y + (to.y - from.y) * t,
            };
            if drawing {
                piece.push(reached);
            }
            from = reached;
            length -= step;
            left -= step;
            if left <= 0.0 {
                if drawing {
                    pieces.push(std::mem::take(&mut piece));
                }
                drawing = !drawing;
                left = if drawing { on } else { off };
            }
        }
    }
    if piece.len() > 1 {
        pieces.push(piece);
    }
    pieces
}

/// Collects a glyph's outline (font units, y up) as pixel segments (y down).
struct Outline<'s> {
    shape: &'s mut Vec<Segment>,
    /// Font units to pixels.
    map: Transform,
    start: Option<Pixel>,
    current: Pixel,
}

impl Outline<'_> {
    fn map(&self, x: f32, y: f32) -> Pixel {
        let p = self.map.apply(Point {
            x: f64::from(x),
            y: f64::from(y),
        });
        Pixel {
            x: p.x as f32,
            y: p.y as f32,
        }
    }
}

impl ttf_parser::OutlineBuilder for Outline<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        self.close();
        let at = self.map(x, y);
        self.start = Some(at);
        self.current = at;
    }

    fn line_to(&mut self, x: f32, y: f32) {
        let to = self.map(x, y);
        self.shape.push(Segment::Line(self.current, to));
        self.current = to;
    }

    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (control, to) = (self.map(x1, y1), self.map(x, y));
        self.shape.push(Segment::Quad(self.current, control, to));
        self.current = to;
    }

    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (first, second, to) = (self.map(x1, y1), self.map(x2, y2), self.map(x, y));
        self.shape
            .push(Segment::Cubic(self.current, first, second, to));
        self.current = to;
    }

    /// Ends the contour with a straight edge back to its start.
    fn close(&mut self) {
        if let Some(start) = self.start.take()
            && start != self.current
        {
            self.shape.push(Segment::Line(self.current, start));
            self.current = start;
        }
    }
}
