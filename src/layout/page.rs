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

/// One thing drawn on a page. Grey levels run from 0 (black) to 1 (white).
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A straight line with butt ends.
    Line {
        from: Point,
        to: Point,
        width: f64,
        grey: f64,
    },
    /// A rectangle, filled and/or outlined.
    Rect {
        rect: Rect,
        fill: Option<f64>,
        stroke: Option<(f64, f64)>,
    },
    /// A run of text; `at` is the start of its baseline.
    Text {
        at: Point,
        size: f64,
        face: FaceId,
        text: String,
        grey: f64,
    },
}

/// One page. Coordinates are relative to the trimmed page; the media box adds `bleed` on
/// every side, and the trim box marks the finished page inside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f64,
    pub height: f64,
    pub bleed: f64,
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
    /// Stable bytes the file identifier is derived from (the spec and the seed).
    pub identity: Vec<u8>,
}

/// A laid-out book.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub info: Info,
    pub pages: Vec<Page>,
}
