//! The `[cover]` table of a spec: what the wrap-around cover shows and what paper the book
//! is printed on (which decides the spine's width). Read strictly, like the rest of the
//! spec; every key is optional. docs/spec.md lists them.

use std::path::PathBuf;

use super::source::{Located, Span, Table, closest};
use super::units::{POINTS_PER_INCH, length_points};
use crate::error::{Error, Result};
use crate::layout::cover::{DEFAULT_BLEED, DEFAULT_MIN_PAGES};
use crate::layout::page::Colour;

/// Paper stocks with the thickness print-on-demand services publish for them (Amazon KDP,
/// inches per page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    White,
    Cream,
    Color,
}

impl Paper {
    pub const NAMES: [&'static str; 3] = ["white", "cream", "color"];

    pub fn name(self) -> &'static str {
        match self {
            Paper::White => "white",
            Paper::Cream => "cream",
            Paper::Color => "color",
        }
    }

    /// Inches per page (a page is one side of a leaf; KDP counts pages, not leaves).
    pub fn thickness(self) -> f64 {
        match self {
            Paper::White => 0.002252,
            Paper::Cream => 0.0025,
            Paper::Color => 0.002347,
        }
    }

    pub fn from_name(name: &str) -> Option<Paper> {
        match name {
            "white" => Some(Paper::White),
            "cream" => Some(Paper::Cream),
            "color" | "colour" => Some(Paper::Color),
            _ => None,
        }
    }
}

/// The picture on the front cover, drawn from the book's own puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverArt {
    /// The book's first puzzle, large and slightly turned.
    Grid,
    /// The first four puzzles, two by two.
    Tiles,
    None,
}

impl CoverArt {
    pub const NAMES: [&'static str; 3] = ["grid", "tiles", "none"];

    /// How many of the book's puzzles the art shows.
    pub fn puzzles(self) -> usize {
        match self {
            CoverArt::Grid => 1,
            CoverArt::Tiles => 4,
            CoverArt::None => 0,
        }
    }
}

/// How a picture fills its area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFit {
    /// All of the picture, as large as fits (the area's background shows around it).
    Contain,
    /// The whole area, the picture cropped to its shape.
    Cover,
}

/// Where a picture goes on the cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageArea {
    /// Between the front's title and author, where puzzle art would go.
    Art,
    /// The whole front panel, out to the bleed (the text printed over it).
    Front,
}

/// A picture file (PNG or JPEG) the cover places; the command line reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct CoverImage {
    /// As written in the spec: relative to the spec's directory.
    pub path: Located<PathBuf>,
    pub fit: ImageFit,
    pub area: ImageArea,
}

/// The cover of a book, as the spec asks for it (with the defaults filled in).
#[derive(Clone, Debug, PartialEq)]
pub struct CoverSpec {
    /// The `[cover]` table, or the title when the spec has none.
    pub at: Span,
    /// `None` when `page_thickness` is given.
    pub paper: Option<Paper>,
    /// Inches per page.
    pub page_thickness: Located<f64>,
    /// Points beyond the trim.
    pub bleed: f64,
    /// The fewest pages the printer binds with a spine.
    pub min_pages: usize,
    pub title: Located<String>,
    pub subtitle: Located<String>,
    pub author: Located<String>,
    /// Back-cover text; paragraphs separated by blank lines.
    pub blurb: Located<String>,
    pub background: Colour,
    pub foreground: Colour,
    pub art: CoverArt,
    pub image: Option<CoverImage>,
}

pub const COVER_KEYS: [&str; 14] = [
    "paper",
    "page_thickness",
    "bleed",
    "min_pages",
    "title",
    "subtitle",
    "author",
    "blurb",
    "background",
    "foreground",
    "art",
    "image",
    "image_fit",
    "image_area",
];

/// Reads `[cover]` from the spec's top level; the book's title, subtitle and author are
/// the defaults of the cover's.
pub fn read_cover(
    top: &Table<'_, '_>,
    title: &Located<String>,
    subtitle: &Located<String>,
    author: &Located<String>,
) -> Result<CoverSpec> {
    let default = CoverSpec {
        at: title.at,
        paper: Some(Paper::White),
        page_thickness: Located::new(Paper::White.thickness(), title.at),
        bleed: DEFAULT_BLEED,
        min_pages: DEFAULT_MIN_PAGES,
        title: title.clone(),
        subtitle: subtitle.clone(),
        author: author.clone(),
        blurb: Located::new(String::new(), title.at),
        background: Colour::rgb(0.11, 0.24, 0.40),
        foreground: Colour::WHITE,
        art: CoverArt::Grid,
        image: None,
    };
    let Some(table) = top.table("cover", &COVER_KEYS)? else {
        return Ok(default);
    };
    let mut cover = CoverSpec {
        at: table.span(),
        ..default
    };
    if let Some(paper) = table.string("paper")? {
        let found = Paper::from_name(&paper.value).ok_or_else(|| {
            let error = table.error(paper.at, format!("unknown paper {:?}", paper.value));
            match closest(&paper.value, &Paper::NAMES) {
                Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                None => error.with_hint(
                    "use \"white\", \"cream\" or \"color\", or give page_thickness = \"0.0025in\"",
                ),
            }
        })?;
        cover.paper = Some(found);
        cover.page_thickness = Located::new(found.thickness(), paper.at);
    }
    if let Some(text) = table.string("page_thickness")? {
        let points =
            length_points(&text.value).map_err(|error| relocate(&table, text.at, error))?;
        let inches = points / POINTS_PER_INCH;
        // Paper for books runs from about 0.0015 in (thin bible paper) to 0.01 in (card).
        if !(0.001..=0.02).contains(&inches) {
            return Err(table
                .error(
                    text.at,
                    format!("{:?} is not the thickness of one page", text.value),
                )
                .with_hint("book paper is 0.002 to 0.003 in per page, e.g. \"0.0025in\""));
        }
        if let Some(span) = table.key_span("paper") {
            return Err(table
                .error(
                    span,
                    "`paper` and `page_thickness` both set the spine's width",
                )
                .with_hint("keep one of them"));
        }
        cover.paper = None;
        cover.page_thickness = Located::new(inches, text.at);
    }
    if let Some(text) = table.string("bleed")? {
        let points =
            length_points(&text.value).map_err(|error| relocate(&table, text.at, error))?;
        if !(0.0..=36.0).contains(&points) {
            return Err(table
                .error(text.at, "a cover bleed is between 0 and 0.5in")
                .with_hint("print-on-demand services use 0.125in (3.175mm)"));
        }
        cover.bleed = points;
    }
    if let Some(pages) = table.integer("min_pages", 1, 10_000)? {
        cover.min_pages = pages.value as usize;
    }
    for (key, slot) in [
        ("title", &mut cover.title),
        ("subtitle", &mut cover.subtitle),
        ("author", &mut cover.author),
        ("blurb", &mut cover.blurb),
    ] {
        if let Some(text) = table.string(key)? {
            let allowed_breaks = key == "blurb";
            if let Some(control) = text
                .value
                .chars()
                .find(|&ch| ch.is_control() && !(allowed_breaks && ch == '\n'))
            {
                return Err(table
                    .error(
                        text.at,
                        format!("the cover {key} holds the control character {control:?}"),
                    )
                    .with_hint(if allowed_breaks {
                        "only line breaks may be used (a blank line starts a paragraph)"
                    } else {
                        "write it on one line"
                    }));
            }
            *slot = text;
        }
    }
    if cover.title.value.trim().is_empty() {
        return Err(table.error(cover.title.at, "the cover title is empty"));
    }
    for (key, slot) in [
        ("background", &mut cover.background),
        ("foreground", &mut cover.foreground),
    ] {
        if let Some(text) = table.string(key)? {
            *slot = parse_colour(&text.value).map_err(|error| relocate(&table, text.at, error))?;
        }
    }
    if let Some(art) = table.string("art")? {
        cover.art = match art.value.as_str() {
            "grid" => CoverArt::Grid,
            "tiles" => CoverArt::Tiles,
            "none" => CoverArt::None,
            other => {
                let error = table.error(art.at, format!("unknown cover art {other:?}"));
                return Err(match closest(other, &CoverArt::NAMES) {
                    Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                    None => error.with_hint("use \"grid\", \"tiles\" or \"none\""),
                });
            }
        };
    }
    cover.image = read_image(&table)?;
    if cover.image.is_some() {
        match table.key_span("art") {
            Some(span) if cover.art != CoverArt::None => {
                return Err(table
                    .error(
                        span,
                        "`art` and `image` both fill the front cover's art area",
                    )
                    .with_hint("keep one of them"));
            }
            _ => cover.art = CoverArt::None,
        }
    }
    Ok(cover)
}

/// `image`, `image_fit` and `image_area`.
fn read_image(table: &Table<'_, '_>) -> Result<Option<CoverImage>> {
    let image = table.string("image")?;
    let fit = table.string("image_fit")?;
    let area = table.string("image_area")?;
    let Some(image) = image else {
        if let Some(orphan) = fit.as_ref().or(area.as_ref()) {
            return Err(table
                .error(
                    orphan.at,
                    "this sets how a cover picture is placed, but there is none",
                )
                .with_hint("name the picture with image = \"art.png\""));
        }
        return Ok(None);
    };
    if image.value.trim().is_empty() {
        return Err(table
            .error(image.at, "the cover image's path is empty")
            .with_hint("name a PNG or JPEG file, relative to the spec"));
    }
    let choice = |text: &Option<Located<String>>, names: &[&str]| -> Result<Option<usize>> {
        let Some(text) = text else {
            return Ok(None);
        };
        match names.iter().position(|&name| name == text.value) {
            Some(index) => Ok(Some(index)),
            None => {
                let error = table.error(text.at, format!("unknown choice {:?}", text.value));
                Err(match closest(&text.value, names) {
                    Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                    None => error.with_hint(format!("use {}", names.join(" or "))),
                })
            }
        }
    };
    let fit = match choice(&fit, &["contain", "cover"])? {
        Some(1) => ImageFit::Cover,
        _ => ImageFit::Contain,
    };
    let area = match choice(&area, &["art", "front"])? {
        Some(1) => ImageArea::Front,
        _ => ImageArea::Art,
    };
    Ok(Some(CoverImage {
        path: Located::new(PathBuf::from(image.value), image.at),
        fit,
        area,
    }))
}

/// `#rrggbb` or `#rgb`.
pub fn parse_colour(text: &str) -> Result<Colour> {
    let bad = || {
        Error::input(format!("{text:?} is not a colour"))
            .with_hint("write a hex colour like \"#1d3557\" or \"#fff\"")
    };
    let hex = text.trim().strip_prefix('#').ok_or_else(bad)?;
    if !hex.chars().all(|ch| ch.is_ascii_hexdigit()) {
        return Err(bad());
    }
    let channel = |digits: &str| -> Result<f64> {
        let value = u8::from_str_radix(digits, 16).map_err(|_| bad())?;
        Ok(f64::from(value) / 255.0)
    };
    match hex.len() {
        6 => Ok(Colour::rgb(
            channel(&hex[0..2])?,
            channel(&hex[2..4])?,
            channel(&hex[4..6])?,
        )),
        3 => {
            let double = |at: usize| hex[at..=at].repeat(2);
            Ok(Colour::rgb(
                channel(&double(0))?,
                channel(&double(1))?,
                channel(&double(2))?,
            ))
        }
        _ => Err(bad()),
    }
}

fn relocate(table: &Table<'_, '_>, at: Span, error: Error) -> Error {
    let mut located = table.error(at, error.message().to_string());
    if let Some(hint) = error.hint() {
        located = located.with_hint(hint.to_string());
    }
    located
}
