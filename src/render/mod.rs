//! Render: laid-out pages to PDF bytes, with printpdf. The only module that imports printpdf.
//!
//! Fonts are embedded as subset CID fonts with a ToUnicode map (the subsets are made in
//! `subset`, by typst's `subsetter`), so all text stays text: searchable and extractable.
//! Output is byte-identical for the same document: resource names are fixed, subset tags
//! come from the subsets themselves, the dates are the spec's `date` (or left out), and the
//! file identifier is derived from the document's identity bytes instead of printpdf's
//! run-dependent random one.
//!
//! The subsetter and the PDF library parse font files with code that could panic on damaged
//! ones. `layout::font` refuses the damage it knows of and strips hinting programs; as a
//! last line of defence every call into either runs under `catch_unwind`, so a font they
//! choke on is an error naming the font, never a crash.

use printpdf::XObjectId;
use printpdf::xobject::{DictItem, ExternalStream, ExternalXObject, XObject, XObjectTransform};
use printpdf::{
    Color, CurTransMat, FontId, Greyscale, Line, LineDashPattern, LinePoint, Op, PaintMode,
    PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point as PdfPoint, Polygon, PolygonRing,
    Pt, Rect as PdfRect, Rgb, TextItem, TextMatrix, WindingOrder,
};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::layout::fonts::{Face, FontSet};
use crate::layout::page::{Bleed, Colour, Document, Item, Page, Path, Segment, Stroke, Transform};
use crate::layout::picture::Picture;

mod subset;

/// The resource name of face `index` in a page's font dictionary.
fn font_id(index: usize) -> FontId {
    FontId(format!("F{index}"))
}

/// Runs `work`, turning a panic inside the PDF library into `failure`.
pub fn guarded<T>(work: impl FnOnce() -> T, failure: impl FnOnce() -> Error) -> Result<T> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).map_err(|_| failure())
}

/// Checks, before any work is done, that the PDF library can embed `face` and every
/// glyph of `text` in it (the characters a book will set in it).
pub fn check_embeddable(face: &Face, text: &str) -> Result<()> {
    let mut fonts = FontSet::bundled(false);
    let id = fonts.add(face.clone());
    let sample: String = text
        .chars()
        .filter(|&ch| face.metrics.has_char(ch))
        .collect();
    let document = Document {
        info: crate::layout::page::Info {
            title: "font check".to_string(),
            ..Default::default()
        },
        pages: vec![Page {
            width: 100.0,
            height: 100.0,
            bleed: crate::layout::page::Bleed::NONE,
            items: vec![Item::Text {
                at: crate::layout::page::Point { x: 10.0, y: 50.0 },
                size: 10.0,
                face: id,
                text: sample,
                colour: Colour::BLACK,
            }],
        }],
    };
    render(&document, &fonts).map(|_| ())
}

/// Renders a laid-out document to PDF bytes.
pub fn render(document: &Document, fonts: &FontSet) -> Result<Vec<u8>> {
    let mut pdf = PdfDocument::new(&document.info.title);
    let info = &mut pdf.metadata.info;
    info.author = document.info.author.clone();
    info.subject = document.info.subject.clone();
    info.creator = "puzzlebook".to_string();
    info.producer = format!("puzzlebook {}", env!("CARGO_PKG_VERSION"));
    info.identifier = hex(&identity_digest(document)[..16]);
    if let Some(date) = document.info.date {
        let stamp = printpdf::OffsetDateTime::from_unix_timestamp(date.unix_seconds())
            .map_err(|_| Error::runtime("the PDF library refused the book's date"))?;
        info.creation_date = stamp;
        info.modification_date = stamp;
        info.metadata_date = stamp;
    }

    let used = used_characters(document, fonts.faces.len());
    for (index, face) in fonts.faces.iter().enumerate() {
        if used[index].is_empty() {
            continue;
        }
        let parsed = subset::subset(face, &used[index])?;
        pdf.resources
            .fonts
            .map
            .insert(font_id(index), printpdf::PdfFont::new(parsed));
    }
    for picture in used_pictures(document) {
        pdf.resources.xobjects.map.insert(
            XObjectId(picture.id.clone()),
            XObject::External(image_xobject(&picture)?),
        );
    }
    pdf.pages = document.pages.iter().map(page_ops).collect();
    let mut warnings = Vec::new();
    let options = PdfSaveOptions {
        optimize: true,
        subset_fonts: true,
        secure: true,
        image_optimization: None,
    };
    let bleeds: Vec<Bleed> = document.pages.iter().map(|page| page.bleed).collect();
    let mut bytes = guarded(
        || save_with_bleed_boxes(&pdf, &options, &mut warnings, &bleeds),
        || {
            let named: Vec<&str> = fonts
                .faces
                .iter()
                .enumerate()
                .filter(|&(index, face)| !used[index].is_empty() && !face.is_bundled())
                .map(|(_, face)| face.origin.as_str())
                .collect();
            if named.is_empty() {
                Error::runtime("the PDF library failed while writing the book")
            } else {
                Error::input(format!(
                    "the PDF library failed while embedding the fonts {}",
                    named.join(", ")
                ))
                .with_hint("one of them may be damaged: try another TrueType or OpenType font")
            }
        },
    )?;
    if bytes.is_empty() {
        return Err(Error::runtime("the PDF writer produced no output"));
    }
    stamp_identifier(&mut bytes, &identity_digest(document))?;
    blank_out(&mut bytes, b"/GTS_PDFXVersion()");
    if document.info.date.is_none() {
        // The library always writes dates (the epoch when given none): a book without a
        // date records none rather than a false one.
        for key in [&b"/CreationDate("[..], b"/ModDate("] {
            blank_entry(&mut bytes, key);
        }
    }
    Ok(bytes)
}

/// Writes the PDF as the library's `save` does, giving every page with bleed a BleedBox
/// (its media box: the printer's trim may fall anywhere in the bleed), which the library
/// does not write.
fn save_with_bleed_boxes(
    pdf: &PdfDocument,
    options: &PdfSaveOptions,
    warnings: &mut Vec<printpdf::PdfWarnMsg>,
    bleeds: &[Bleed],
) -> Vec<u8> {
    let mut document = pdf.to_lopdf_document(options, warnings);
    if bleeds.iter().any(|bleed| *bleed != Bleed::NONE) {
        let pages = document.get_pages();
        for (id, bleed) in pages.values().zip(bleeds) {
            if *bleed == Bleed::NONE {
                continue;
            }
            if let Ok(lopdf::Object::Dictionary(page)) = document.get_object_mut(*id)
                && let Ok(media) = page.get(b"MediaBox").cloned()
            {
                page.set("BleedBox", media);
            }
        }
    }
    if options.optimize {
        document.compress();
    }
    let mut bytes = Vec::new();
    match document.save_to(&mut bytes) {
        Ok(()) => bytes,
        Err(_) => Vec::new(),
    }
}

/// The characters the document sets in each face.
fn used_characters(document: &Document, count: usize) -> Vec<BTreeSet<char>> {
    fn mark(items: &[Item], used: &mut [BTreeSet<char>]) {
        for item in items {
            match item {
                Item::Text { face, text, .. } => {
                    if let Some(chars) = used.get_mut(*face) {
                        chars.extend(text.chars());
                    }
                }
                Item::Group { items, .. } => mark(items, used),
                _ => {}
            }
        }
    }
    let mut used = vec![BTreeSet::new(); count];
    for page in &document.pages {
        mark(&page.items, &mut used);
    }
    used
}

/// The pictures the document draws, each once, by name.
fn used_pictures(document: &Document) -> Vec<Arc<Picture>> {
    fn collect(items: &[Item], found: &mut BTreeMap<String, Arc<Picture>>) {
        for item in items {
            match item {
                Item::Image { picture, .. } => {
                    found.insert(picture.id.clone(), Arc::clone(picture));
                }
                Item::Group { items, .. } => collect(items, found),
                _ => {}
            }
        }
    }
    let mut found = BTreeMap::new();
    for page in &document.pages {
        collect(&page.items, &mut found);
    }
    found.into_values().collect()
}

/// A picture as an image XObject: a grey or RGB JPEG as it is (DCTDecode), anything else
/// as its pixels deflated, with its transparency as a soft mask.
fn image_xobject(picture: &Picture) -> Result<ExternalXObject> {
    let name = |text: &str| DictItem::Name(text.as_bytes().to_vec());
    let image_dict = |colour: bool, filter: &str| {
        BTreeMap::from([
            ("Type".to_string(), name("XObject")),
            ("Subtype".to_string(), name("Image")),
            ("Width".to_string(), DictItem::Int(i64::from(picture.width))),
            (
                "Height".to_string(),
                DictItem::Int(i64::from(picture.height)),
            ),
            (
                "ColorSpace".to_string(),
                name(if colour { "DeviceRGB" } else { "DeviceGray" }),
            ),
            ("BitsPerComponent".to_string(), DictItem::Int(8)),
            ("Filter".to_string(), name(filter)),
        ])
    };
    let deflate = |bytes: &[u8]| -> Result<Vec<u8>> {
        let mut encoder =
            flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        encoder
            .write_all(bytes)
            .and_then(|()| encoder.finish())
            .map_err(|error| Error::runtime(format!("cannot compress a picture: {error}")))
    };
    let colour = picture.channels == 3;
    let stream = if picture.pass_through {
        ExternalStream {
            dict: image_dict(colour, "DCTDecode"),
            content: picture.encoded.clone(),
            compress: false,
        }
    } else {
        let mut dict = image_dict(colour, "FlateDecode");
        if let Some(alpha) = &picture.alpha {
            let mask = ExternalStream {
                dict: image_dict(false, "FlateDecode"),
                content: deflate(alpha)?,
                compress: false,
            };
            dict.insert("SMask".to_string(), DictItem::Stream { stream: mask });
        }
        ExternalStream {
            dict,
            content: deflate(&picture.pixels)?,
            compress: false,
        }
    };
    Ok(ExternalXObject {
        stream,
        width: None,
        height: None,
        dpi: None,
    })
}

pub fn identity_digest(document: &Document) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(b"puzzlebook/pdf-id/v1");
    hasher.update((document.info.identity.len() as u64).to_le_bytes());
    hasher.update(&document.info.identity);
    hasher.update((document.pages.len() as u64).to_le_bytes());
    hasher.finalize().into()
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Replaces the two 32-character random strings of the trailer's `/ID` with characters
/// derived from `digest`. Same length, so every byte offset (and the xref) stays valid.
fn stamp_identifier(bytes: &mut [u8], digest: &[u8; 32]) -> Result<()> {
    let trailer = bytes
        .windows(7)
        .rposition(|window| window == b"trailer")
        .ok_or_else(|| Error::runtime("the PDF has no trailer"))?;
    let id_at = bytes[trailer..]
        .windows(3)
        .position(|window| window == b"/ID")
        .map(|at| trailer + at)
        .ok_or_else(|| Error::runtime("the PDF trailer has no /ID"))?;
    let stamp: Vec<u8> = hex(digest).into_bytes();
    let mut cursor = id_at;
    for _ in 0..2 {
        let open = bytes[cursor..]
            .iter()
            .position(|&byte| byte == b'(')
            .map(|at| cursor + at + 1)
            .ok_or_else(|| Error::runtime("unexpected /ID in the PDF trailer"))?;
        let close = bytes[open..]
            .iter()
            .position(|&byte| byte == b')')
            .map(|at| open + at)
            .ok_or_else(|| Error::runtime("unexpected /ID in the PDF trailer"))?;
        if close - open != 32 {
            return Err(Error::runtime("unexpected /ID length in the PDF trailer"));
        }
        bytes[open..close].copy_from_slice(&stamp[..32]);
        cursor = close + 1;
    }
    Ok(())
}

/// Blanks with spaces the first `/Key(…)` entry starting with `key_and_paren`, keeping every
/// byte offset valid.
fn blank_entry(bytes: &mut [u8], key_and_paren: &[u8]) {
    if let Some(at) = bytes
        .windows(key_and_paren.len())
        .position(|window| window == key_and_paren)
        && let Some(close) = bytes[at..].iter().position(|&byte| byte == b')')
    {
        bytes[at..=at + close].fill(b' ');
    }
}

/// printpdf always writes a `GTS_PDFXVersion` key, empty for ordinary PDFs; an empty one
/// makes tools report the file as PDF/X, which it does not claim to be. Blanking the entry
/// with spaces keeps every byte offset valid.
fn blank_out(bytes: &mut [u8], entry: &[u8]) {
    if let Some(at) = bytes
        .windows(entry.len())
        .position(|window| window == entry)
    {
        bytes[at..at + entry.len()].fill(b' ');
    }
}

/// Greys stay greys (DeviceGray), so black-and-white pages carry no colour at all.
fn colour(colour: Colour) -> Color {
    match colour.as_grey() {
        Some(level) => Color::Greyscale(Greyscale {
            percent: level as f32,
            icc_profile: None,
        }),
        None => Color::Rgb(Rgb {
            r: colour.red as f32,
            g: colour.green as f32,
            b: colour.blue as f32,
            icc_profile: None,
        }),
    }
}

/// The graphics state already set on a page, so each operator is written only on change.
#[derive(Default)]
struct GraphicsState {
    stroke: Option<(f64, Colour)>,
    dash: Option<(f64, f64)>,
    fill: Option<Colour>,
}

impl GraphicsState {
    fn stroke(&mut self, ops: &mut Vec<Op>, width: f64, ink: Colour, dash: Option<(f64, f64)>) {
        if self.stroke != Some((width, ink)) {
            ops.push(Op::SetOutlineThickness { pt: pt(width) });
            ops.push(Op::SetOutlineColor { col: colour(ink) });
            self.stroke = Some((width, ink));
        }
        if self.dash != dash {
            ops.push(Op::SetLineDashPattern {
                dash: match dash {
                    Some((on, off)) => LineDashPattern::new(0.0, &[on as f32, off as f32]),
                    None => LineDashPattern::solid(),
                },
            });
            self.dash = dash;
        }
    }

    fn fill(&mut self, ops: &mut Vec<Op>, ink: Colour) {
        if self.fill != Some(ink) {
            ops.push(Op::SetFillColor { col: colour(ink) });
            self.fill = Some(ink);
        }
    }
}

/// A layout path as PDF points (control points of curves flagged), one list per subpath.
fn path_points(
    path: &Path,
    point: &impl Fn(crate::layout::page::Point) -> PdfPoint,
) -> Vec<(Vec<LinePoint>, bool)> {
    path.subpaths
        .iter()
        .map(|subpath| {
            let mut points = vec![LinePoint {
                p: point(subpath.start),
                bezier: false,
            }];
            for segment in &subpath.segments {
                match *segment {
                    Segment::Line(to) => points.push(LinePoint {
                        p: point(to),
                        bezier: false,
                    }),
                    Segment::Curve(a, b, to) => points.extend([
                        LinePoint {
                            p: point(a),
                            bezier: true,
                        },
                        LinePoint {
                            p: point(b),
                            bezier: true,
                        },
                        LinePoint {
                            p: point(to),
                            bezier: false,
                        },
                    ]),
                }
            }
            (points, subpath.closed)
        })
        .collect()
}

fn pt(value: f64) -> Pt {
    Pt(value as f32)
}

/// The operations drawing `items`: graphics (and groups) in order, then the text in one
/// text object.
fn items_ops(items: &[Item], frame: Frame, ops: &mut Vec<Op>) {
    let mut state = GraphicsState::default();
    // Graphics first, then all text in one text object.
    for item in items {
        match item {
            Item::Line {
                from,
                to,
                width,
                colour: ink,
            } => {
                state.stroke(ops, *width, *ink, None);
                ops.push(Op::DrawLine {
                    line: Line {
                        points: vec![
                            LinePoint {
                                p: frame.point(*from),
                                bezier: false,
                            },
                            LinePoint {
                                p: frame.point(*to),
                                bezier: false,
                            },
                        ],
                        is_closed: false,
                    },
                });
            }
            Item::Rect { rect, fill, stroke } => {
                if let Some(ink) = fill {
                    state.fill(ops, *ink);
                }
                if let Some((width, ink)) = stroke {
                    state.stroke(ops, *width, *ink, None);
                }
                let mode = match (fill, stroke) {
                    (Some(_), Some(_)) => PaintMode::FillStroke,
                    (Some(_), None) => PaintMode::Fill,
                    _ => PaintMode::Stroke,
                };
                ops.push(Op::DrawRectangle {
                    rectangle: PdfRect {
                        x: frame.x(rect.x),
                        y: frame.y(rect.bottom()),
                        width: pt(rect.width),
                        height: pt(rect.height),
                        mode: Some(mode),
                        winding_order: None,
                    },
                });
            }
            Item::Path { path, fill, stroke } => {
                let subpaths = path_points(path, &|p| frame.point(p));
                if let Some(ink) = fill {
                    state.fill(ops, *ink);
                    ops.push(Op::DrawPolygon {
                        polygon: Polygon {
                            rings: subpaths
                                .iter()
                                .map(|(points, _)| PolygonRing {
                                    points: points.clone(),
                                })
                                .collect(),
                            mode: PaintMode::Fill,
                            winding_order: WindingOrder::NonZero,
                        },
                    });
                }
                if let Some(Stroke {
                    width,
                    colour: ink,
                    dash,
                }) = stroke
                {
                    state.stroke(ops, *width, *ink, *dash);
                    for (points, closed) in subpaths {
                        ops.push(Op::DrawLine {
                            line: Line {
                                points,
                                is_closed: closed,
                            },
                        });
                    }
                }
            }
            Item::Group { transform, items } => {
                ops.push(Op::SaveGraphicsState);
                ops.push(Op::SetTransformationMatrix {
                    matrix: CurTransMat::Raw(frame.matrix(*transform)),
                });
                items_ops(items, frame, ops);
                // The state saved before the group is back, and with it what `state` knows.
                ops.push(Op::RestoreGraphicsState);
            }
            Item::Image { rect, picture } => {
                // The image fills the unit square; the matrix stretches it over `rect`.
                ops.push(Op::SaveGraphicsState);
                ops.push(Op::SetTransformationMatrix {
                    matrix: CurTransMat::Raw([
                        rect.width as f32,
                        0.0,
                        0.0,
                        rect.height as f32,
                        frame.x(rect.x).0,
                        frame.y(rect.bottom()).0,
                    ]),
                });
                ops.push(Op::UseXobject {
                    id: XObjectId(picture.id.clone()),
                    transform: XObjectTransform {
                        no_auto_scale: true,
                        ..XObjectTransform::default()
                    },
                });
                ops.push(Op::RestoreGraphicsState);
            }
            Item::Text { .. } => {}
        }
    }
    let mut font_state: Option<(usize, f64)> = None;
    let mut text_started = false;
    for item in items {
        let Item::Text {
            at,
            size,
            face,
            text,
            colour: ink,
        } = item
        else {
            continue;
        };
        if !text_started {
            ops.push(Op::StartTextSection);
            text_started = true;
        }
        if font_state != Some((*face, *size)) {
            ops.push(Op::SetFont {
                font: PdfFontHandle::External(font_id(*face)),
                size: pt(*size),
            });
            font_state = Some((*face, *size));
        }
        state.fill(ops, *ink);
        ops.push(Op::SetTextMatrix {
            matrix: TextMatrix::Translate(frame.x(at.x), frame.y(at.y)),
        });
        ops.push(Op::ShowText {
            items: vec![TextItem::Text(text.clone())],
        });
    }
    if text_started {
        ops.push(Op::EndTextSection);
    }
}

/// Where layout coordinates land in PDF space: layout's y grows down from the trimmed
/// page's top; PDF's grows up from the media box's bottom. The trimmed page sits `left`
/// in from the media box's left edge and `top` down from its top edge.
#[derive(Clone, Copy)]
struct Frame {
    left: f64,
    top: f64,
    media_height: f64,
}

impl Frame {
    fn x(self, value: f64) -> Pt {
        pt(value + self.left)
    }

    fn y(self, value: f64) -> Pt {
        pt(self.media_height - self.top - value)
    }

    fn point(self, p: crate::layout::page::Point) -> PdfPoint {
        PdfPoint {
            x: self.x(p.x),
            y: self.y(p.y),
        }
    }

    /// A layout transform as the PDF matrix that does the same in PDF space: back to
    /// layout coordinates, `transform`, and into PDF coordinates again.
    fn matrix(self, transform: Transform) -> [f32; 6] {
        let to_pdf = Transform {
            xx: 1.0,
            yx: 0.0,
            xy: 0.0,
            yy: -1.0,
            tx: self.left,
            ty: self.media_height - self.top,
        };
        let to_layout = Transform {
            tx: -self.left,
            ..to_pdf
        };
        let m = to_layout.then(transform).then(to_pdf);
        [m.xx, m.yx, m.xy, m.yy, m.tx, m.ty].map(|value| value as f32)
    }
}

/// A PDF box `[llx lly urx ury]` (printpdf writes a box's four fields as they are).
fn pdf_box(left: f64, bottom: f64, right: f64, top: f64) -> PdfRect {
    PdfRect {
        x: pt(left),
        y: pt(bottom),
        width: pt(right),
        height: pt(top),
        mode: None,
        winding_order: None,
    }
}

/// The operations of one page.
fn page_ops(page: &Page) -> PdfPage {
    let bleed = page.bleed;
    let media_width = bleed.media_width(page.width);
    let media_height = bleed.media_height(page.height);
    let frame = Frame {
        left: bleed.left,
        top: bleed.top,
        media_height,
    };
    let mut ops = Vec::with_capacity(page.items.len() * 3);
    items_ops(&page.items, frame, &mut ops);
    let media = pdf_box(0.0, 0.0, media_width, media_height);
    PdfPage {
        media_box: media.clone(),
        trim_box: pdf_box(
            bleed.left,
            bleed.bottom,
            bleed.left + page.width,
            bleed.bottom + page.height,
        ),
        crop_box: media,
        ops,
    }
}
