//! Figures as SVG: real vector drawing in points (`viewBox` = the figure's box), written as
//! text over quick-xml's escaper.
//!
//! Text is either kept as text, naming the book's font and a generic fallback (small,
//! searchable, editable in Inkscape), or drawn as the font's glyph outlines (read with
//! ttf-parser, as [`crate::raster`] does) so that the figure looks the same without the
//! font. Outlined glyphs are defined once in `<defs>` and placed with `<use>`.

use std::collections::BTreeMap;
use std::fmt::Write;

use quick_xml::escape::escape;
use ttf_parser::OutlineBuilder;

use super::Figure;
use crate::error::{Error, Result};
use crate::layout::fonts::FontSet;
use crate::layout::page::{Colour, Item, Path, Segment};

/// How text runs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextMode {
    /// `<text>` naming the font, with `sans-serif` as the fallback.
    Text,
    /// The glyphs' outlines as paths.
    Outlines,
}

/// Writes figures with a book's fonts; remembers the outlined glyphs it has used.
pub struct SvgWriter<'a> {
    fonts: &'a FontSet,
    faces: Vec<ttf_parser::Face<'a>>,
    /// Per face: the CSS font-family list and whether the face is bold.
    families: Vec<(String, bool)>,
    /// Outlined glyphs used so far: (face, glyph) → path data in font units, y up.
    glyphs: BTreeMap<(usize, u16), String>,
    /// Prefix of glyph element ids (unique within an HTML page).
    prefix: String,
}

impl<'a> SvgWriter<'a> {
    pub fn new(fonts: &'a FontSet) -> Result<SvgWriter<'a>> {
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
        let families = faces.iter().map(family).collect();
        Ok(SvgWriter {
            fonts,
            faces,
            families,
            glyphs: BTreeMap::new(),
            prefix: "g".to_string(),
        })
    }

    /// Glyph ids start with `prefix` (for pages holding several figures).
    pub fn with_prefix(mut self, prefix: &str) -> SvgWriter<'a> {
        self.prefix = prefix.to_string();
        self
    }

    /// A standalone SVG file: `width` and `height` in points, its own glyph definitions.
    pub fn document(&mut self, figure: &Figure, mode: TextMode, title: &str) -> String {
        let before: Vec<(usize, u16)> = self.glyphs.keys().copied().collect();
        let mut used = Vec::new();
        let body = self.body(figure, mode, &mut used, true);
        let mut svg = String::with_capacity(body.len() + 1024);
        svg.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\"{w}pt\" height=\"{h}pt\" viewBox=\"0 0 {w} {h}\">",
            w = number(figure.width),
            h = number(figure.height)
        );
        let _ = writeln!(svg, "<title>{}</title>", escape(title));
        if !used.is_empty() {
            used.sort_unstable();
            used.dedup();
            svg.push_str("<defs>\n");
            for key in &used {
                self.define(&mut svg, *key);
            }
            svg.push_str("</defs>\n");
        }
        svg.push_str(&body);
        svg.push_str("</svg>\n");
        // A standalone file keeps no glyphs for the next one.
        self.glyphs.retain(|key, _| before.contains(key));
        svg
    }

    /// An `<svg>` element for an HTML page (whose parser needs no namespace): sized by CSS,
    /// glyphs from [`SvgWriter::defs`]; `attributes` are written as given (already escaped).
    pub fn element(&mut self, figure: &Figure, mode: TextMode, attributes: &str) -> String {
        let mut used = Vec::new();
        let body = self.body(figure, mode, &mut used, false);
        format!(
            "<svg viewBox=\"0 0 {} {}\" {attributes}>\n{body}</svg>",
            number(figure.width),
            number(figure.height)
        )
    }

    /// A hidden `<svg>` defining every outlined glyph used by [`SvgWriter::element`].
    pub fn defs(&self) -> String {
        let mut svg = String::from(
            "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\"><defs>\n",
        );
        for key in self.glyphs.keys() {
            self.define(&mut svg, *key);
        }
        svg.push_str("</defs></svg>");
        svg
    }

    fn define(&self, svg: &mut String, key: (usize, u16)) {
        if let Some(data) = self.glyphs.get(&key) {
            let _ = writeln!(
                svg,
                "<path id=\"{}{}-{}\" d=\"{data}\"/>",
                self.prefix, key.0, key.1
            );
        }
    }

    /// The drawing, one element per line; `xlink` also writes SVG 1.1 links (for files).
    fn body(
        &mut self,
        figure: &Figure,
        mode: TextMode,
        used: &mut Vec<(usize, u16)>,
        xlink: bool,
    ) -> String {
        let mut svg = String::new();
        self.items(&mut svg, &figure.items, mode, used, xlink);
        svg
    }

    fn items(
        &mut self,
        svg: &mut String,
        items: &[Item],
        mode: TextMode,
        used: &mut Vec<(usize, u16)>,
        xlink: bool,
    ) {
        for item in items {
            match item {
                Item::Group { transform, items } => {
                    let t = transform;
                    let _ = writeln!(
                        svg,
                        "<g transform=\"matrix({} {} {} {} {} {})\">",
                        fine(t.xx),
                        fine(t.yx),
                        fine(t.xy),
                        fine(t.yy),
                        number(t.tx),
                        number(t.ty)
                    );
                    self.items(svg, items, mode, used, xlink);
                    svg.push_str("</g>\n");
                }
                Item::Image { rect, picture } => {
                    use base64::Engine;
                    let _ = writeln!(
                        svg,
                        "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" {}href=\"data:{};base64,{}\"/>",
                        number(rect.x),
                        number(rect.y),
                        number(rect.width),
                        number(rect.height),
                        if xlink { "xlink:" } else { "" },
                        picture.mime(),
                        base64::engine::general_purpose::STANDARD.encode(&picture.encoded)
                    );
                }
                Item::Line {
                    from,
                    to,
                    width,
                    colour,
                } => {
                    let _ = writeln!(
                        svg,
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                        number(from.x),
                        number(from.y),
                        number(to.x),
                        number(to.y),
                        colour_code(*colour),
                        number(*width)
                    );
                }
                Item::Rect { rect, fill, stroke } => {
                    let _ = write!(
                        svg,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"",
                        number(rect.x),
                        number(rect.y),
                        number(rect.width),
                        number(rect.height),
                        fill.map_or("none".to_string(), colour_code)
                    );
                    if let Some((width, colour)) = stroke {
                        let _ = write!(
                            svg,
                            " stroke=\"{}\" stroke-width=\"{}\"",
                            colour_code(*colour),
                            number(*width)
                        );
                    }
                    svg.push_str("/>\n");
                }
                Item::Path { path, fill, stroke } => {
                    let _ = write!(
                        svg,
                        "<path d=\"{}\" fill=\"{}\"",
                        path_data(path),
                        fill.map_or("none".to_string(), colour_code)
                    );
                    if let Some(stroke) = stroke {
                        let _ = write!(
                            svg,
                            " stroke=\"{}\" stroke-width=\"{}\"",
                            colour_code(stroke.colour),
                            number(stroke.width)
                        );
                        if let Some((on, off)) = stroke.dash {
                            let _ =
                                write!(svg, " stroke-dasharray=\"{} {}\"", number(on), number(off));
                        }
                    }
                    svg.push_str("/>\n");
                }
                Item::Text {
                    at,
                    size,
                    face,
                    text,
                    colour,
                } => match mode {
                    TextMode::Text => {
                        let (families, bold) = &self.families[*face];
                        let _ = writeln!(
                            svg,
                            "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\"{} fill=\"{}\">{}</text>",
                            number(at.x),
                            number(at.y),
                            escape(families.as_str()),
                            number(*size),
                            if *bold { " font-weight=\"bold\"" } else { "" },
                            colour_code(*colour),
                            escape(text.as_str())
                        );
                    }
                    TextMode::Outlines => {
                        let metrics = &self.fonts.metrics(*face);
                        let outlines = &self.faces[*face];
                        let scale = size / f64::from(outlines.units_per_em().max(1));
                        let _ = writeln!(
                            svg,
                            "<g fill=\"{}\" aria-label=\"{}\">",
                            colour_code(*colour),
                            escape(text.as_str())
                        );
                        let mut pen = at.x;
                        for ch in text.chars() {
                            if !ch.is_whitespace() {
                                let glyph = metrics.glyph(ch).unwrap_or(0);
                                let key = (*face, glyph);
                                self.glyphs
                                    .entry(key)
                                    .or_insert_with(|| glyph_data(outlines, glyph));
                                used.push(key);
                                let target = format!("#{}{}-{}", self.prefix, face, glyph);
                                svg.push_str("<use ");
                                if xlink {
                                    let _ = write!(svg, "xlink:href=\"{target}\" ");
                                }
                                let _ = writeln!(
                                    svg,
                                    "href=\"{target}\" transform=\"translate({} {}) scale({} {})\"/>",
                                    number(pen),
                                    number(at.y),
                                    fine(scale),
                                    fine(-scale)
                                );
                            }
                            pen += metrics.advance(ch) * size;
                        }
                        svg.push_str("</g>\n");
                    }
                },
            }
        }
    }
}

/// The CSS font-family list naming a face (its family, then `sans-serif`), and whether
/// the face is bold.
fn family(face: &ttf_parser::Face<'_>) -> (String, bool) {
    let name = [
        ttf_parser::name_id::TYPOGRAPHIC_FAMILY,
        ttf_parser::name_id::FAMILY,
    ]
    .into_iter()
    .find_map(|id| {
        face.names()
            .into_iter()
            .filter(|name| name.name_id == id && name.is_unicode())
            .find_map(|name| name.to_string())
    });
    let list = match name {
        Some(name) if !name.trim().is_empty() => {
            let quoted = name.replace(['\\', '\''], "");
            format!("'{quoted}', sans-serif")
        }
        _ => "sans-serif".to_string(),
    };
    (list, face.is_bold())
}

/// A glyph's outline as path data in font units (y up).
fn glyph_data(face: &ttf_parser::Face<'_>, glyph: u16) -> String {
    struct Data(String);
    impl OutlineBuilder for Data {
        fn move_to(&mut self, x: f32, y: f32) {
            let _ = write!(self.0, "M{} {}", x, y);
        }
        fn line_to(&mut self, x: f32, y: f32) {
            let _ = write!(self.0, "L{} {}", x, y);
        }
        fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
            let _ = write!(self.0, "Q{} {} {} {}", x1, y1, x, y);
        }
        fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
            let _ = write!(self.0, "C{} {} {} {} {} {}", x1, y1, x2, y2, x, y);
        }
        fn close(&mut self) {
            self.0.push('Z');
        }
    }
    let mut data = Data(String::new());
    face.outline_glyph(ttf_parser::GlyphId(glyph), &mut data);
    data.0
}

fn path_data(path: &Path) -> String {
    let mut data = String::new();
    for subpath in &path.subpaths {
        let _ = write!(
            data,
            "M{} {}",
            number(subpath.start.x),
            number(subpath.start.y)
        );
        for segment in &subpath.segments {
            match segment {
                Segment::Line(to) => {
                    let _ = write!(data, "L{} {}", number(to.x), number(to.y));
                }
                Segment::Curve(a, b, to) => {
                    let _ = write!(
                        data,
                        "C{} {} {} {} {} {}",
                        number(a.x),
                        number(a.y),
                        number(b.x),
                        number(b.y),
                        number(to.x),
                        number(to.y)
                    );
                }
            }
        }
        if subpath.closed {
            data.push('Z');
        }
    }
    data
}

/// A length in points to a thousandth, without trailing zeros.
pub fn number(value: f64) -> String {
    trimmed(format!("{:.3}", value))
}

/// A scale factor, to a millionth.
pub fn fine(value: f64) -> String {
    trimmed(format!("{:.6}", value))
}

fn trimmed(mut text: String) -> String {
    if text.contains('.') {
        while text.ends_with('0') {
            text.pop();
        }
        if text.ends_with('.') {
            text.pop();
        }
    }
    if text == "-0" {
        text = "0".to_string();
    }
    text
}

/// `#rrggbb`.
fn colour_code(colour: Colour) -> String {
    let byte = |level: f64| (level.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        byte(colour.red),
        byte(colour.green),
        byte(colour.blue)
    )
}
