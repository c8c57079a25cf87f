//! The backend-neutral page description layout produces and render consumes.

use super::fonts::FaceId;

/// A point in points: x from the left edge of the trimmed page, y down from its top edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// An axis-aligned rectangle: top-left corner, width, height (y grows downwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub fn new(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    pub fn right(&self) -> f64 {
        self.x + self.width
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }

    pub fn contains(&self, point: Point) -> bool {
        point.x >= self.x
            && point.x <= self.right()
            && point.y >= self.y
            && point.y <= self.bottom()
    }

    /// The rectangle shrunk by `amount` on every side.
    pub fn inset(&self, amount: f64) -> Rect {
        Rect::new(
            self.x + amount,
            self.y + amount,
            (self.width - 2.0 * amount).max(0.0),
            (self.height - 2.0 * amount).max(0.0),
        )
    }
}

/// A colour: red, green and blue from 0 to 1. Puzzle pages are grey ([`Colour::grey`]),
/// which every backend writes as grey; covers may use any colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Colour {
    pub red: f64,
    pub green: f64,
    pub blue: f64,
}

impl Colour {
    pub const BLACK: Colour = Colour::grey(0.0);
    pub const WHITE: Colour = Colour::grey(1.0);

    /// A grey level from 0 (black) to 1 (white).
    pub const fn grey(level: f64) -> Colour {
        Colour {
            red: level,
            green: level,
            blue: level,
        }
    }

    pub const fn rgb(red: f64, green: f64, blue: f64) -> Colour {
        Colour { red, green, blue }
    }

    /// The grey level when the colour is a grey.
    pub fn as_grey(self) -> Option<f64> {
        (self.red == self.green && self.green == self.blue).then_some(self.red)
    }

    /// The grey a black-and-white printer would make of it (Rec. 709 luma).
    pub fn luminance(self) -> f64 {
        0.2126 * self.red + 0.7152 * self.green + 0.0722 * self.blue
    }
}

/// How a path's outline is drawn: its width, colour and an optional dash pattern
/// (`(on, off)` lengths in points, starting with a dash at the path's start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub width: f64,
    pub colour: Colour,
    pub dash: Option<(f64, f64)>,
}

impl Stroke {
    pub fn solid(width: f64, colour: Colour) -> Stroke {
        Stroke {
            width,
            colour,
            dash: None,
        }
    }
}

/// A piece of a subpath from the point before it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Segment {
    Line(Point),
    /// A cubic Bézier curve: two control points, then the end point.
    Curve(Point, Point, Point),
}

/// A connected run of segments from `start`; `closed` joins its end back to the start.
#[derive(Clone, Debug, PartialEq)]
pub struct Subpath {
    pub start: Point,
    pub segments: Vec<Segment>,
    pub closed: bool,
}

/// A vector shape: one or more subpaths, filled with the non-zero rule.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Path {
    pub subpaths: Vec<Subpath>,
}

impl Path {
    /// A closed polygon through `corners`.
    pub fn polygon(corners: &[Point]) -> Path {
        Path::through(corners, true)
    }

    /// An open line through `points`.
    pub fn polyline(points: &[Point]) -> Path {
        Path::through(points, false)
    }

    fn through(points: &[Point], closed: bool) -> Path {
        let Some((&start, rest)) = points.split_first() else {
            return Path::default();
        };
        Path {
            subpaths: vec![Subpath {
                start,
                segments: rest.iter().map(|&point| Segment::Line(point)).collect(),
                closed,
            }],
        }
    }

    /// A circle (four Bézier quarter arcs, the usual approximation).
    pub fn circle(centre: Point, radius: f64) -> Path {
        Path::ellipse(centre, radius, radius)
    }

    /// An axis-aligned ellipse with radii `rx` across and `ry` down.
    pub fn ellipse(centre: Point, rx: f64, ry: f64) -> Path {
        // The control distance that makes a quarter arc closest to a circle's.
        const KAPPA: f64 = 0.552_284_749_830_793_4;
        let (kx, ky) = (rx * KAPPA, ry * KAPPA);
        let p = |x: f64, y: f64| Point {
            x: centre.x + x,
            y: centre.y + y,
        };
        Path {
            subpaths: vec![Subpath {
                start: p(rx, 0.0),
                segments: vec![
                    Segment::Curve(p(rx, ky), p(kx, ry), p(0.0, ry)),
                    Segment::Curve(p(-kx, ry), p(-rx, ky), p(-rx, 0.0)),
                    Segment::Curve(p(-rx, -ky), p(-kx, -ry), p(0.0, -ry)),
                    Segment::Curve(p(kx, -ry), p(rx, -ky), p(rx, 0.0)),
                ],
                closed: true,
            }],
        }
    }

    /// Adds the subpaths of `other`.
    pub fn extend(&mut self, other: Path) {
        self.subpaths.extend(other.subpaths);
    }
}

/// An affine map of the page plane (y down): a point (x, y) goes to
/// (`xx`·x + `xy`·y + `tx`, `yx`·x + `yy`·y + `ty`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    pub xx: f64,
    pub yx: f64,
    pub xy: f64,
    pub yy: f64,
    pub tx: f64,
    pub ty: f64,
}

impl Transform {
    pub const IDENTITY: Transform = Transform {
        xx: 1.0,
        yx: 0.0,
        xy: 0.0,
        yy: 1.0,
        tx: 0.0,
        ty: 0.0,
    };

    pub fn translate(dx: f64, dy: f64) -> Transform {
        Transform {
            tx: dx,
            ty: dy,
            ..Transform::IDENTITY
        }
    }

    pub fn scale(factor: f64) -> Transform {
        Transform {
            xx: factor,
            yy: factor,
            ..Transform::IDENTITY
        }
    }

    /// A turn by `degrees` about the origin, clockwise as seen on the page (y grows down):
    /// a quarter turn takes a line of text reading left to right to one reading top to
    /// bottom.
    pub fn rotate(degrees: f64) -> Transform {
        // Exact quarter turns keep exact coordinates (and so byte-identical output).
        let (sin, cos) = match degrees.rem_euclid(360.0) {
            0.0 => (0.0, 1.0),
            90.0 => (1.0, 0.0),
            180.0 => (0.0, -1.0),
            270.0 => (-1.0, 0.0),
            _ => degrees.to_radians().sin_cos(),
        };
        Transform {
            xx: cos,
            yx: sin,
            xy: -sin,
            yy: cos,
            tx: 0.0,
            ty: 0.0,
        }
    }

    /// This map followed by `after`.
    pub fn then(self, after: Transform) -> Transform {
        Transform {
            xx: after.xx * self.xx + after.xy * self.yx,
            yx: after.yx * self.xx + after.yy * self.yx,
            xy: after.xx * self.xy + after.xy * self.yy,
            yy: after.yx * self.xy + after.yy * self.yy,
            tx: after.xx * self.tx + after.xy * self.ty + after.tx,
            ty: after.yx * self.tx + after.yy * self.ty + after.ty,
        }
    }

    pub fn apply(self, point: Point) -> Point {
        Point {
            x: self.xx * point.x + self.xy * point.y + self.tx,
            y: self.yx * point.x + self.yy * point.y + self.ty,
        }
    }

    /// How lengths grow under the map (the square root of its area scale).
    pub fn length_scale(self) -> f64 {
        (self.xx * self.yy - self.xy * self.yx).abs().sqrt()
    }
}

/// One thing drawn on a page.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A straight line with butt ends.
    Line {
        from: Point,
        to: Point,
        width: f64,
        colour: Colour,
    },
    /// A rectangle, filled and/or outlined (stroke: width and colour).
    Rect {
        rect: Rect,
        fill: Option<Colour>,
        stroke: Option<(f64, Colour)>,
    },
    /// A shape, filled and/or outlined.
    Path {
        path: Path,
        fill: Option<Colour>,
        stroke: Option<Stroke>,
    },
    /// A run of text; `at` is the start of its baseline.
    Text {
        at: Point,
        size: f64,
        face: FaceId,
        text: String,
        colour: Colour,
    },
    /// A picture (a PNG or JPEG a spec names) stretched over `rect`.
    Image {
        rect: Rect,
        picture: std::sync::Arc<super::picture::Picture>,
    },
    /// Items drawn through a transform (rotated text on a book's spine, a figure drawn
    /// turned or enlarged): coordinates inside are mapped by `transform` onto the page.
    /// Drawn in place, in the order of the page's items.
    Group {
        transform: Transform,
        items: Vec<Item>,
    },
}

/// How far a page's media box reaches beyond its trim on each edge, in points. A printer
/// may want bleed on every edge, or (a book's interior at Amazon KDP or IngramSpark) on
/// the top, bottom and outside edges only, the binding edge trimmed flush.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Bleed {
    pub top: f64,
    pub bottom: f64,
    pub left: f64,
    pub right: f64,
}

impl Bleed {
    pub const NONE: Bleed = Bleed {
        top: 0.0,
        bottom: 0.0,
        left: 0.0,
        right: 0.0,
    };

    /// The same bleed on every edge.
    pub const fn uniform(amount: f64) -> Bleed {
        Bleed {
            top: amount,
            bottom: amount,
            left: amount,
            right: amount,
        }
    }

    /// The media box's width for a trimmed page `width` wide.
    pub fn media_width(self, width: f64) -> f64 {
        self.left + width + self.right
    }

    /// The media box's height for a trimmed page `height` high.
    pub fn media_height(self, height: f64) -> f64 {
        self.top + height + self.bottom
    }
}

/// One page. Coordinates are relative to the trimmed page; the media box adds `bleed`
/// beyond its edges, and the trim box marks the finished page inside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f64,
    pub height: f64,
    pub bleed: Bleed,
    pub items: Vec<Item>,
}

impl Page {
    /// The text runs of the page whose baseline start lies in `rect`, in reading order
    /// (top to bottom, then left to right), concatenated.
    pub fn text_in(&self, rect: Rect) -> String {
        let mut runs: Vec<(f64, f64, &str)> = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Text { at, text, .. } if rect.contains(*at) => {
                    Some((at.y, at.x, text.as_str()))
                }
                _ => None,
            })
            .collect();
        // Runs on one baseline (to half a point) read left to right.
        runs.sort_by(|a, b| {
            let line = |y: f64| (y * 2.0).round() as i64;
            line(a.0).cmp(&line(b.0)).then(a.1.total_cmp(&b.1))
        });
        runs.into_iter().map(|(_, _, text)| text).collect()
    }
}

/// Document information for the PDF's Info dictionary.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Info {
    pub title: String,
    pub author: String,
    pub subject: String,
    /// The creation and modification date to record; none records no date.
    pub date: Option<crate::book::spec::Date>,
    /// Stable bytes the file identifier is derived from (the spec and the seed).
    pub identity: Vec<u8>,
}

/// A laid-out book.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub info: Info,
    pub pages: Vec<Page>,
}
