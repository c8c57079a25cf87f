//! Reading any PDF's pages as a printer's preflight sees them: each page's boxes, and the
//! marks its content draws (text, strokes, fills, images), each with its extent on the
//! page, its line width or its ink; and every font with whether it is embedded.
//!
//! The content streams are parsed by lopdf and interpreted here: the graphics state (the
//! current transformation, line width, colours, text state) through `q`/`Q`, `cm`, the
//! path operators, text showing and form XObjects. A glyph's extent is its advance (from
//! the font's widths) across and the font's ascent and descent up and down, which is what
//! a preflight can know without rendering. Bytes in, marks out: no files, no panics on
//! damaged input (a damaged file is an input error).

use std::collections::HashSet;

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId};

use crate::error::{Error, Result};

/// A rectangle in PDF space: `[x0, y0, x1, y1]`, y growing upwards.
pub type Area = [f64; 4];

/// What a mark is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkKind {
    Text,
    Stroke,
    Fill,
    Image,
}

/// One thing a page draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mark {
    pub kind: MarkKind,
    /// Its extent on the page.
    pub area: Area,
    /// A stroke's width on the page, in points.
    pub width: f64,
    /// How much ink its colour lays down, from 0 (white) to 1 (black or a full colour).
    pub ink: f64,
}

/// A page's boxes and marks.
#[derive(Clone, Debug, PartialEq)]
pub struct PageMarks {
    pub media: Area,
    /// The TrimBox, when the page has one.
    pub trim: Option<Area>,
    pub marks: Vec<Mark>,
}

impl PageMarks {
    /// The finished page: the TrimBox, or the media box without one.
    pub fn trim_or_media(&self) -> Area {
        self.trim.unwrap_or(self.media)
    }
}

/// A font a page uses.
#[derive(Clone, Debug, PartialEq)]
pub struct FontUse {
    pub name: String,
    pub embedded: bool,
    /// The first page (from 1) that uses it.
    pub page: usize,
}

/// A PDF as a preflight reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Pdf {
    pub pages: Vec<PageMarks>,
    pub fonts: Vec<FontUse>,
}

/// The most a page's content may inflate to (a decompression bomb is refused).
const MAX_CONTENT: usize = 256 << 20;
/// How deep forms may nest inside forms.
const MAX_FORM_DEPTH: usize = 12;

fn unreadable(what: impl std::fmt::Display) -> Error {
    Error::input(format!("the file cannot be read as a PDF: {what}"))
        .with_hint("check it opens in a PDF viewer; printers need an unencrypted PDF")
}

/// Reads `bytes` as a PDF. A file that is not one, is encrypted, or is damaged past reading
/// is an input error.
pub fn read(bytes: &[u8]) -> Result<Pdf> {
    // The parser is not ours: a damaged file must not take the program down with it.
    std::panic::catch_unwind(|| read_unguarded(bytes))
        .unwrap_or_else(|_| Err(unreadable("its structure is damaged")))
}

fn read_unguarded(bytes: &[u8]) -> Result<Pdf> {
    if !bytes.starts_with(b"%PDF-") && !bytes.windows(5).take(1024).any(|w| w == b"%PDF-") {
        return Err(unreadable("it has no PDF header"));
    }
    let document = Document::load_mem(bytes).map_err(unreadable)?;
    if document.is_encrypted() {
        return Err(unreadable("it is encrypted"));
    }
    let page_ids: Vec<ObjectId> = document.get_pages().into_values().collect();
    if page_ids.is_empty() {
        return Err(unreadable("it has no pages"));
    }
    let mut reader = Reader {
        document: &document,
        fonts: Vec::new(),
        seen_fonts: HashSet::new(),
    };
    let mut pages = Vec::with_capacity(page_ids.len());
    for (index, &id) in page_ids.iter().enumerate() {
        pages.push(reader.page(index + 1, id)?);
    }
    Ok(Pdf {
        pages,
        fonts: reader.fonts,
    })
}

struct Reader<'a> {
    document: &'a Document,
    fonts: Vec<FontUse>,
    seen_fonts: HashSet<String>,
}

/// A page attribute, inherited from the page tree when the page has none.
fn inherited<'a>(document: &'a Document, page: &'a Dictionary, key: &[u8]) -> Option<&'a Object> {
    let mut node = page;
    for _ in 0..64 {
        if let Ok(value) = node.get(key) {
            return document.dereference(value).ok().map(|(_, value)| value);
        }
        node = node
            .get(b"Parent")
            .ok()
            .and_then(|parent| document.dereference(parent).ok())
            .and_then(|(_, parent)| parent.as_dict().ok())?;
    }
    None
}

fn number(document: &Document, object: &Object) -> Option<f64> {
    let (_, object) = document.dereference(object).ok()?;
    match object {
        Object::Integer(value) => Some(*value as f64),
        Object::Real(value) => Some(f64::from(*value)),
        _ => None,
    }
}

fn numbers(document: &Document, object: &Object) -> Option<Vec<f64>> {
    let (_, object) = document.dereference(object).ok()?;
    object
        .as_array()
        .ok()?
        .iter()
        .map(|value| number(document, value))
        .collect()
}

fn area(document: &Document, object: Option<&Object>) -> Option<Area> {
    let values = numbers(document, object?)?;
    let [a, b, c, d] = values[..] else {
        return None;
    };
    Some([a.min(c), b.min(d), a.max(c), b.max(d)])
}

fn dict<'a>(document: &'a Document, object: &'a Object) -> Option<&'a Dictionary> {
    document.dereference(object).ok()?.1.as_dict().ok()
}

/// An affine map `[a b c d e f]` as PDF writes them: (x, y) → (a·x + c·y + e, b·x + d·y + f).
type Matrix = [f64; 6];

const IDENTITY: Matrix = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

/// `first` followed by `then`.
pub fn multiply(first: Matrix, then: Matrix) -> Matrix {
    [
        first[0] * then[0] + first[1] * then[2],
        first[0] * then[1] + first[1] * then[3],
        first[2] * then[0] + first[3] * then[2],
        first[2] * then[1] + first[3] * then[3],
        first[4] * then[0] + first[5] * then[2] + then[4],
        first[4] * then[1] + first[5] * then[3] + then[5],
    ]
}

pub fn apply(m: Matrix, x: f64, y: f64) -> (f64, f64) {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// How lengths grow under the map (the square root of its area scale).
pub fn scale(m: Matrix) -> f64 {
    (m[0] * m[3] - m[1] * m[2]).abs().sqrt()
}

/// The extent of points under a map.
fn extent(m: Matrix, points: impl IntoIterator<Item = (f64, f64)>) -> Option<Area> {
    let mut out: Option<Area> = None;
    for (x, y) in points {
        let (x, y) = apply(m, x, y);
        out = Some(match out {
            None => [x, y, x, y],
            Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
        });
    }
    out
}

/// What a font tells a preflight: how wide its glyphs are and how tall it stands.
struct FontMetrics {
    /// Two-byte codes (composite fonts) or one-byte codes.
    two_byte: bool,
    first_char: i64,
    widths: Vec<f64>,
    /// Composite fonts: each code's width, sorted by code.
    runs: Vec<(i64, f64)>,
    default_width: f64,
    ascent: f64,
    descent: f64,
}

impl FontMetrics {
    fn width(&self, code: i64) -> f64 {
        if self.two_byte {
            return self
                .runs
                .binary_search_by_key(&code, |(first, _)| *first)
                .map_or(self.default_width, |index| self.runs[index].1);
        }
        let index = code - self.first_char;
        if index >= 0 {
            self.widths
                .get(index as usize)
                .copied()
                .unwrap_or(self.default_width)
        } else {
            self.default_width
        }
    }

    fn read(document: &Document, font: &Dictionary) -> FontMetrics {
        let subtype = font
            .get(b"Subtype")
            .and_then(Object::as_name)
            .unwrap_or(b"");
        let mut metrics = FontMetrics {
            two_byte: subtype == b"Type0",
            first_char: 0,
            widths: Vec::new(),
            runs: Vec::new(),
            default_width: 500.0,
            ascent: 0.8,
            descent: -0.2,
        };
        let descendant = if metrics.two_byte {
            descendant_font(document, font)
        } else {
            None
        };
        let described = descendant.unwrap_or(font);
        if let Some(descriptor) = described
            .get(b"FontDescriptor")
            .ok()
            .and_then(|descriptor| dict(document, descriptor))
        {
            let get = |key: &[u8]| {
                descriptor
                    .get(key)
                    .ok()
                    .and_then(|value| number(document, value))
            };
            let bbox = descriptor
                .get(b"FontBBox")
                .ok()
                .and_then(|value| numbers(document, value));
            if let Some(ascent) = get(b"Ascent").filter(|value| *value > 0.0) {
                metrics.ascent = ascent / 1000.0;
            } else if let Some(bbox) = &bbox
                && bbox.len() == 4
            {
                metrics.ascent = bbox[3] / 1000.0;
            }
            if let Some(descent) = get(b"Descent").filter(|value| *value < 0.0) {
                metrics.descent = descent / 1000.0;
            } else if let Some(bbox) = &bbox
                && bbox.len() == 4
            {
                metrics.descent = bbox[1].min(0.0) / 1000.0;
            }
        }
        if let Some(descendant) = descendant {
            metrics.default_width = descendant
                .get(b"DW")
                .ok()
                .and_then(|value| number(document, value))
                .unwrap_or(1000.0);
            if let Some(list) = descendant
                .get(b"W")
                .ok()
                .and_then(|value| document.dereference(value).ok())
                .and_then(|(_, value)| value.as_array().ok())
            {
                let mut items = list.iter().peekable();
                while let Some(first) = items.next() {
                    let Some(first) = number(document, first) else {
                        break;
                    };
                    let first = first as i64;
                    match items.next() {
                        Some(next) => {
                            if let Some(widths) = numbers(document, next) {
                                for (offset, width) in widths.into_iter().enumerate() {
                                    metrics.runs.push((first + offset as i64, width));
                                }
                            } else if let (Some(last), Some(width)) =
                                (number(document, next), items.next())
                            {
                                let width = number(document, width).unwrap_or(1000.0);
                                // Ranges can be long; keep them bounded.
                                for code in first..=(last as i64).min(first + 65_536) {
                                    metrics.runs.push((code, width));
                                }
                            }
                        }
                        None => break,
                    }
                }
            }
        } else {
            metrics.first_char = font
                .get(b"FirstChar")
                .ok()
                .and_then(|value| number(document, value))
                .unwrap_or(0.0) as i64;
            metrics.widths = font
                .get(b"Widths")
                .ok()
                .and_then(|value| numbers(document, value))
                .unwrap_or_default();
            if let Some(missing) = font
                .get(b"FontDescriptor")
                .ok()
                .and_then(|descriptor| dict(document, descriptor))
                .and_then(|descriptor| descriptor.get(b"MissingWidth").ok())
                .and_then(|value| number(document, value))
            {
                metrics.default_width = missing;
            }
        }
        metrics.runs.sort_by_key(|(code, _)| *code);
        metrics
    }
}

/// Whether a font's glyphs are in the file: a font program in its descriptor (a composite
/// font's is its descendant's), or a Type 3 font's own procedures.
/// A composite (Type0) font's one descendant font, which holds its widths and descriptor.
fn descendant_font<'a>(document: &'a Document, font: &'a Dictionary) -> Option<&'a Dictionary> {
    font.get(b"DescendantFonts")
        .ok()
        .and_then(|fonts| document.dereference(fonts).ok())
        .and_then(|(_, fonts)| fonts.as_array().ok())
        .and_then(|fonts| fonts.first())
        .and_then(|first| dict(document, first))
}

fn is_embedded(document: &Document, font: &Dictionary) -> bool {
    let subtype = font
        .get(b"Subtype")
        .and_then(Object::as_name)
        .unwrap_or(b"");
    if subtype == b"Type3" {
        return true;
    }
    let described = if subtype == b"Type0" {
        descendant_font(document, font)
    } else {
        Some(font)
    };
    described
        .and_then(|font| font.get(b"FontDescriptor").ok())
        .and_then(|descriptor| dict(document, descriptor))
        .is_some_and(|descriptor| {
            [&b"FontFile"[..], b"FontFile2", b"FontFile3"]
                .iter()
                .any(|key| descriptor.has(key))
        })
}

fn font_name(font: &Dictionary) -> String {
    font.get(b"BaseFont")
        .and_then(Object::as_name)
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .unwrap_or_else(|_| "(unnamed font)".to_string())
}

/// A colour's ink: 0 for white, up to 1.
pub fn ink_of(components: &[f64]) -> f64 {
    let clamp = |value: f64| value.clamp(0.0, 1.0);
    match components {
        [grey] => 1.0 - clamp(*grey),
        [red, green, blue] => {
            1.0 - (0.2126 * clamp(*red) + 0.7152 * clamp(*green) + 0.0722 * clamp(*blue))
        }
        [cyan, magenta, yellow, black] => {
            let colour = (clamp(*cyan) + clamp(*magenta) + clamp(*yellow)) / 3.0;
            clamp(clamp(*black) + colour * (1.0 - clamp(*black)))
        }
        // Patterns and separations: assume they print.
        _ => 1.0,
    }
}

#[derive(Clone)]
struct State {
    ctm: Matrix,
    line_width: f64,
    fill_ink: f64,
    stroke_ink: f64,
    fill_components: usize,
    stroke_components: usize,
    font: Option<usize>,
    font_size: f64,
    char_spacing: f64,
    word_spacing: f64,
    horizontal_scale: f64,
    leading: f64,
    rise: f64,
    render_mode: i64,
    /// Round or projecting line caps, which reach past a line's ends.
    round_caps: bool,
}

impl Default for State {
    fn default() -> State {
        State {
            ctm: IDENTITY,
            line_width: 1.0,
            fill_ink: 1.0,
            stroke_ink: 1.0,
            fill_components: 1,
            stroke_components: 1,
            font: None,
            font_size: 0.0,
            char_spacing: 0.0,
            word_spacing: 0.0,
            horizontal_scale: 1.0,
            leading: 0.0,
            rise: 0.0,
            render_mode: 0,
            round_caps: false,
        }
    }
}

/// The components of a colour space named in a content stream.
fn components_of(document: &Document, resources: Option<&Dictionary>, name: &[u8]) -> usize {
    match name {
        b"DeviceGray" | b"G" | b"CalGray" => 1,
        b"DeviceRGB" | b"RGB" | b"CalRGB" | b"Lab" => 3,
        b"DeviceCMYK" | b"CMYK" => 4,
        b"Pattern" => 0,
        other => {
            let Some(space) = resources
                .and_then(|resources| resources.get(b"ColorSpace").ok())
                .and_then(|spaces| dict(document, spaces))
                .and_then(|spaces| spaces.get(other).ok())
                .and_then(|space| document.dereference(space).ok())
                .map(|(_, space)| space)
            else {
                return 1;
            };
            let array = space.as_array().ok();
            let family = array
                .and_then(|array| array.first())
                .and_then(|first| first.as_name().ok())
                .unwrap_or(b"");
            match family {
                b"ICCBased" => array
                    .and_then(|array| array.get(1))
                    .and_then(|stream| document.dereference(stream).ok())
                    .and_then(|(_, stream)| stream.as_stream().ok())
                    .and_then(|stream| stream.dict.get(b"N").ok())
                    .and_then(|n| n.as_i64().ok())
                    .map_or(3, |n| n.clamp(1, 4) as usize),
                b"Indexed" | b"Separation" | b"DeviceN" => 0,
                other => components_of(document, None, other),
            }
        }
    }
}

/// A path being built, in user space: its points (curves' control points included), and
/// its pieces as (from, to, straight) point indices, for the outline of its stroke.
#[derive(Default)]
struct PathPoints {
    points: Vec<(f64, f64)>,
    pieces: Vec<(usize, usize, bool)>,
    /// The first point of the current subpath.
    start: Option<usize>,
}

impl PathPoints {
    fn move_to(&mut self, point: (f64, f64)) {
        self.points.push(point);
        self.start = Some(self.points.len() - 1);
    }

    /// A straight or curved piece from the current point through `points`.
    fn piece_to(&mut self, points: &[(f64, f64)], straight: bool) {
        let Some(from) = self.points.len().checked_sub(1) else {
            return;
        };
        self.points.extend_from_slice(points);
        self.pieces.push((from, self.points.len() - 1, straight));
    }

    fn close(&mut self) {
        if let (Some(start), Some(last)) = (self.start, self.points.len().checked_sub(1))
            && start != last
        {
            let point = self.points[start];
            self.points.push(point);
            self.pieces.push((last, self.points.len() - 1, true));
        }
    }

    fn rectangle(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.move_to((x, y));
        self.piece_to(&[(x + w, y)], true);
        self.piece_to(&[(x + w, y + h)], true);
        self.piece_to(&[(x, y + h)], true);
        self.close();
    }

    /// The extent of the path's stroke `width` wide (on the page) under `m`: each straight
    /// piece widened across itself (butt ends reach no further along it, unless `caps`
    /// say so), each curve's control points widened all round. Joins lie within the
    /// widened pieces' extent.
    fn stroke_extent(&self, m: Matrix, width: f64, caps: bool) -> Option<Area> {
        let half = width / 2.0;
        let mut out: Option<Area> = None;
        let mut add = |x: f64, y: f64| {
            out = Some(match out {
                None => [x, y, x, y],
                Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
            });
        };
        for &(from, to, straight) in &self.pieces {
            if straight && !caps {
                let (ax, ay) = apply(m, self.points[from].0, self.points[from].1);
                let (bx, by) = apply(m, self.points[to].0, self.points[to].1);
                let length = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
                if length == 0.0 {
                    continue;
                }
                let (nx, ny) = (-(by - ay) / length * half, (bx - ax) / length * half);
                for (x, y) in [(ax, ay), (bx, by)] {
                    add(x + nx, y + ny);
                    add(x - nx, y - ny);
                }
            } else {
                for &(x, y) in &self.points[from..=to] {
                    let (x, y) = apply(m, x, y);
                    add(x - half, y - half);
                    add(x + half, y + half);
                }
            }
        }
        out
    }
}

struct Page<'a, 'r> {
    reader: &'r mut Reader<'a>,
    number: usize,
    marks: Vec<Mark>,
    /// Fonts of the page in the order first met, by (resource dictionary, name).
    metrics: Vec<FontMetrics>,
    font_keys: Vec<(usize, Vec<u8>)>,
}

impl<'a> Reader<'a> {
    fn page(&mut self, number: usize, id: ObjectId) -> Result<PageMarks> {
        let document = self.document;
        let page = document
            .get_dictionary(id)
            .map_err(|error| unreadable(format!("page {number}: {error}")))?;
        let media = area(document, inherited(document, page, b"MediaBox"))
            .ok_or_else(|| unreadable(format!("page {number} has no MediaBox")))?;
        let trim = area(document, page.get(b"TrimBox").ok());
        let resources = inherited(document, page, b"Resources").and_then(|r| r.as_dict().ok());
        let content = document
            .get_page_content_with_limit(id, MAX_CONTENT)
            .map_err(|error| unreadable(format!("page {number}: {error}")))?;
        let mut walker = Page {
            reader: self,
            number,
            marks: Vec::new(),
            metrics: Vec::new(),
            font_keys: Vec::new(),
        };
        walker.content(&content, resources, State::default(), 0)?;
        Ok(PageMarks {
            media,
            trim,
            marks: walker.marks,
        })
    }
}

impl<'a> Page<'a, '_> {
    fn document(&self) -> &'a Document {
        self.reader.document
    }

    /// The page's metrics of font `name` in `resources`, read once.
    fn font(&mut self, resources: Option<&'a Dictionary>, name: &[u8]) -> Option<usize> {
        let key = (
            resources.map_or(0, |r| r as *const Dictionary as usize),
            name.to_vec(),
        );
        if let Some(index) = self.font_keys.iter().position(|known| *known == key) {
            return Some(index);
        }
        let document = self.document();
        let font = resources?
            .get(b"Font")
            .ok()
            .and_then(|fonts| dict(document, fonts))?
            .get(name)
            .ok()
            .and_then(|font| dict(document, font))?;
        let label = font_name(font);
        if self.reader.seen_fonts.insert(label.clone()) {
            self.reader.fonts.push(FontUse {
                name: label,
                embedded: is_embedded(document, font),
                page: self.number,
            });
        }
        self.metrics.push(FontMetrics::read(document, font));
        self.font_keys.push(key);
        Some(self.metrics.len() - 1)
    }

    fn push(&mut self, kind: MarkKind, area: Option<Area>, width: f64, ink: f64) {
        if let Some(area) = area {
            self.marks.push(Mark {
                kind,
                area,
                width,
                ink,
            });
        }
    }

    fn content(
        &mut self,
        bytes: &[u8],
        resources: Option<&'a Dictionary>,
        start: State,
        depth: usize,
    ) -> Result<()> {
        let document = self.document();
        let content = Content::decode(bytes)
            .map_err(|error| unreadable(format!("page {}: {error}", self.number)))?;
        let mut state = start;
        let mut stack: Vec<State> = Vec::new();
        let mut path = PathPoints::default();
        let mut text_matrix = IDENTITY;
        let mut line_matrix = IDENTITY;
        for operation in &content.operations {
            let operands: Vec<f64> = operation
                .operands
                .iter()
                .filter_map(|operand| number(document, operand))
                .collect();
            let at = |index: usize| operands.get(index).copied().unwrap_or(0.0);
            match operation.operator.as_str() {
                // A depth past any real file's: deeper saves are ignored, not piled up.
                "q" if stack.len() < 256 => stack.push(state.clone()),
                "q" => {}
                "Q" => {
                    if let Some(saved) = stack.pop() {
                        state = saved;
                    }
                }
                "cm" if operands.len() == 6 => {
                    let m = [at(0), at(1), at(2), at(3), at(4), at(5)];
                    state.ctm = multiply(m, state.ctm);
                }
                "w" => state.line_width = at(0).abs(),
                "g" => {
                    state.fill_ink = ink_of(&operands);
                    state.fill_components = 1;
                }
                "G" => {
                    state.stroke_ink = ink_of(&operands);
                    state.stroke_components = 1;
                }
                "rg" | "k" => {
                    state.fill_ink = ink_of(&operands);
                    state.fill_components = operands.len();
                }
                "RG" | "K" => {
                    state.stroke_ink = ink_of(&operands);
                    state.stroke_components = operands.len();
                }
                "cs" | "CS" => {
                    let name = operation
                        .operands
                        .first()
                        .and_then(|name| name.as_name().ok())
                        .unwrap_or(b"");
                    let components = components_of(document, resources, name);
                    // A new colour space starts at its initial colour: black in the
                    // device spaces.
                    if operation.operator == "cs" {
                        state.fill_components = components;
                        state.fill_ink = 1.0;
                    } else {
                        state.stroke_components = components;
                        state.stroke_ink = 1.0;
                    }
                }
                "sc" | "scn" => {
                    state.fill_ink = if state.fill_components == operands.len() {
                        ink_of(&operands)
                    } else {
                        1.0
                    };
                }
                "SC" | "SCN" => {
                    state.stroke_ink = if state.stroke_components == operands.len() {
                        ink_of(&operands)
                    } else {
                        1.0
                    };
                }
                "m" => path.move_to((at(0), at(1))),
                "l" => path.piece_to(&[(at(0), at(1))], true),
                "c" => path.piece_to(&[(at(0), at(1)), (at(2), at(3)), (at(4), at(5))], false),
                "v" | "y" => path.piece_to(&[(at(0), at(1)), (at(2), at(3))], false),
                "re" => path.rectangle(at(0), at(1), at(2), at(3)),
                "h" => path.close(),
                "J" => state.round_caps = at(0) != 0.0,
                "W" | "W*" => {}
                "S" | "s" | "f" | "F" | "f*" | "B" | "B*" | "b" | "b*" | "n" => {
                    let operator = operation.operator.as_str();
                    let strokes = matches!(operator, "S" | "s" | "B" | "B*" | "b" | "b*");
                    let fills = matches!(operator, "f" | "F" | "f*" | "B" | "B*" | "b" | "b*");
                    let built = std::mem::take(&mut path);
                    if fills {
                        let shape = extent(state.ctm, built.points.iter().copied());
                        self.push(MarkKind::Fill, shape, 0.0, state.fill_ink);
                    }
                    if strokes {
                        let width = state.line_width * scale(state.ctm);
                        let area = built.stroke_extent(state.ctm, width, state.round_caps);
                        self.push(MarkKind::Stroke, area, width, state.stroke_ink);
                    }
                }
                "BT" => {
                    text_matrix = IDENTITY;
                    line_matrix = IDENTITY;
                }
                "ET" => {}
                "Tf" => {
                    let name = operation
                        .operands
                        .first()
                        .and_then(|name| name.as_name().ok())
                        .unwrap_or(b"");
                    state.font = self.font(resources, name);
                    state.font_size = operation
                        .operands
                        .get(1)
                        .and_then(|size| number(document, size))
                        .unwrap_or(0.0);
                }
                "Tc" => state.char_spacing = at(0),
                "Tw" => state.word_spacing = at(0),
                "Tz" => state.horizontal_scale = at(0) / 100.0,
                "TL" => state.leading = at(0),
                "Ts" => state.rise = at(0),
                "Tr" => state.render_mode = at(0) as i64,
                "Td" | "TD" => {
                    if operation.operator == "TD" {
                        state.leading = -at(1);
                    }
                    line_matrix = multiply([1.0, 0.0, 0.0, 1.0, at(0), at(1)], line_matrix);
                    text_matrix = line_matrix;
                }
                "Tm" if operands.len() == 6 => {
                    line_matrix = [at(0), at(1), at(2), at(3), at(4), at(5)];
                    text_matrix = line_matrix;
                }
                "T*" => {
                    line_matrix = multiply([1.0, 0.0, 0.0, 1.0, 0.0, -state.leading], line_matrix);
                    text_matrix = line_matrix;
                }
                "Tj" | "'" | "\"" | "TJ" => {
                    if operation.operator != "Tj" && operation.operator != "TJ" {
                        line_matrix =
                            multiply([1.0, 0.0, 0.0, 1.0, 0.0, -state.leading], line_matrix);
                        text_matrix = line_matrix;
                    }
                    if operation.operator == "\"" {
                        state.word_spacing = at(0);
                        state.char_spacing = at(1);
                    }
                    let pieces: Vec<&Object> = match operation.operator.as_str() {
                        "TJ" => operation
                            .operands
                            .first()
                            .and_then(|array| array.as_array().ok())
                            .map(|array| array.iter().collect())
                            .unwrap_or_default(),
                        _ => operation.operands.last().into_iter().collect(),
                    };
                    self.show_text(&state, &mut text_matrix, &pieces);
                }
                "Do" => {
                    let name = operation
                        .operands
                        .first()
                        .and_then(|name| name.as_name().ok())
                        .unwrap_or(b"");
                    self.draw_object(resources, name, &state, depth)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Shows strings (and a `TJ` array's adjustments) at the text matrix, which advances.
    fn show_text(&mut self, state: &State, text_matrix: &mut Matrix, pieces: &[&Object]) {
        let Some(font) = state.font else { return };
        let size = state.font_size;
        let scale_x = state.horizontal_scale;
        let (ascent, descent) = (self.metrics[font].ascent, self.metrics[font].descent);
        let two_byte = self.metrics[font].two_byte;
        let mut advance = 0.0;
        let start = advance;
        for piece in pieces {
            match piece {
                Object::String(bytes, _) => {
                    let codes: Vec<i64> = if two_byte {
                        bytes
                            .chunks(2)
                            .map(|pair| {
                                i64::from(pair[0]) << 8 | i64::from(*pair.get(1).unwrap_or(&0))
                            })
                            .collect()
                    } else {
                        bytes.iter().map(|&byte| i64::from(byte)).collect()
                    };
                    for code in codes {
                        let width = self.metrics[font].width(code) / 1000.0;
                        let spacing = state.char_spacing
                            + if !two_byte && code == 32 {
                                state.word_spacing
                            } else {
                                0.0
                            };
                        advance += (width * size + spacing) * scale_x;
                    }
                }
                other => {
                    if let Some(adjust) = number(self.document(), other) {
                        advance -= adjust / 1000.0 * size * scale_x;
                    }
                }
            }
        }
        let visible = state.render_mode != 3 && state.render_mode != 7;
        if visible && size != 0.0 && advance != start {
            let rendering = multiply(*text_matrix, state.ctm);
            let (low, high) = (state.rise + descent * size, state.rise + ascent * size);
            let area = extent(
                rendering,
                [(start, low), (advance, low), (start, high), (advance, high)],
            );
            let ink = if state.render_mode == 1 || state.render_mode == 5 {
                state.stroke_ink
            } else {
                state.fill_ink
            };
            self.push(MarkKind::Text, area, 0.0, ink);
        }
        *text_matrix = multiply([1.0, 0.0, 0.0, 1.0, advance, 0.0], *text_matrix);
    }

    /// `Do`: an image is the unit square under the current map; a form is its content,
    /// drawn through its matrix with its own resources.
    fn draw_object(
        &mut self,
        resources: Option<&'a Dictionary>,
        name: &[u8],
        state: &State,
        depth: usize,
    ) -> Result<()> {
        let document = self.document();
        let Some(stream) = resources
            .and_then(|resources| resources.get(b"XObject").ok())
            .and_then(|objects| dict(document, objects))
            .and_then(|objects| objects.get(name).ok())
            .and_then(|object| document.dereference(object).ok())
            .and_then(|(_, object)| object.as_stream().ok())
        else {
            return Ok(());
        };
        let subtype = stream
            .dict
            .get(b"Subtype")
            .and_then(Object::as_name)
            .unwrap_or(b"");
        if subtype == b"Image" {
            let area = extent(state.ctm, [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]);
            self.push(MarkKind::Image, area, 0.0, 1.0);
            return Ok(());
        }
        if subtype != b"Form" || depth >= MAX_FORM_DEPTH {
            return Ok(());
        }
        let matrix = stream
            .dict
            .get(b"Matrix")
            .ok()
            .and_then(|value| numbers(document, value))
            .and_then(|values| <[f64; 6]>::try_from(values).ok())
            .unwrap_or(IDENTITY);
        let inner = stream
            .dict
            .get(b"Resources")
            .ok()
            .and_then(|value| dict(document, value))
            .or(resources);
        let bytes = stream
            .decompressed_content_with_limit(MAX_CONTENT)
            .unwrap_or_else(|_| stream.content.clone());
        let mut form_state = state.clone();
        form_state.ctm = multiply(matrix, state.ctm);
        self.content(&bytes, inner, form_state, depth + 1)
    }
}
