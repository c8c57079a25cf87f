//! The wrap-around cover of a printed book: back cover, spine and front cover side by side
//! on one sheet, with bleed around it.
//!
//! The spine is as wide as the interior is thick, so it is computed from the page count the
//! book's pagination gives and the paper's thickness per page; print-on-demand services
//! publish that thickness (Amazon KDP: white 0.002252 in, cream 0.0025 in, colour
//! 0.002347 in per page). Everything here is pure geometry in points, origin at the
//! top-left corner of the trimmed sheet (the back cover's top-left trim corner), y down, as
//! in [`super::page`].

use super::font::FontMetrics;
use super::fonts::{FaceId, FontSet};
use super::kind::Show;
use super::page::{Colour, Document, Info, Item, Page, Path, Point, Rect, Stroke, Transform};
use super::text::{balanced, wrap};
use std::sync::Arc;

use super::picture::Picture;
use crate::book::cover::{CoverArt, CoverSpec, ImageArea, ImageFit};
use crate::book::plan::Puzzle;
use crate::book::spec::{AnswerPlacement, SectionSpec, Spec};
use crate::book::units::POINTS_PER_INCH;
use crate::error::Result;

/// Text stays this far inside the trim (0.125 in).
pub const TRIM_SAFETY: f64 = 0.125 * POINTS_PER_INCH;
/// Text stays this far from either spine fold (0.0625 in).
pub const FOLD_SAFETY: f64 = 0.0625 * POINTS_PER_INCH;
/// The box kept clear for the barcode on the back cover: 2 × 1.2 in.
pub const BARCODE_WIDTH: f64 = 2.0 * POINTS_PER_INCH;
pub const BARCODE_HEIGHT: f64 = 1.2 * POINTS_PER_INCH;
/// The barcode box's distance from the spine fold and from the bottom trim (0.25 in, where
/// KDP places its own barcode).
pub const BARCODE_INSET: f64 = 0.25 * POINTS_PER_INCH;
/// Print-on-demand services print text on the spine from this many pages (KDP: 79).
pub const SPINE_TEXT_MIN_PAGES: usize = 79;
/// The thinnest paperback print-on-demand services bind (KDP: 24 pages).
pub const DEFAULT_MIN_PAGES: usize = 24;
/// The usual cover bleed: 0.125 in beyond the trim on every side.
pub const DEFAULT_BLEED: f64 = 0.125 * POINTS_PER_INCH;

/// The sizes of one cover and where everything may go.
#[derive(Clone, Debug, PartialEq)]
pub struct CoverGeometry {
    /// The interior's page count and the paper thickness per page (inches).
    pub pages: usize,
    pub page_thickness: f64,
    /// The trimmed sheet: back + spine + front across, one page high (points).
    pub width: f64,
    pub height: f64,
    /// Beyond the trim on every side.
    pub bleed: f64,
    pub spine_width: f64,
    /// The three panels, trim to trim (the spine's edges are the folds).
    pub back: Rect,
    pub spine: Rect,
    pub front: Rect,
    /// Where text may go: each panel less the trim and fold safety margins.
    pub back_safe: Rect,
    pub spine_safe: Rect,
    pub front_safe: Rect,
    /// Kept clear for the barcode: lower right of the back cover.
    pub barcode: Rect,
    /// Whether the spine may carry text (at least [`SPINE_TEXT_MIN_PAGES`] pages).
    pub spine_text: bool,
}

impl CoverGeometry {
    /// The cover of a book of `pages` pages of `page_width` × `page_height` points, on paper
    /// `page_thickness` inches thick per page, with `bleed` points around.
    pub fn new(
        page_width: f64,
        page_height: f64,
        pages: usize,
        page_thickness: f64,
        bleed: f64,
    ) -> CoverGeometry {
        let spine_width = pages as f64 * page_thickness * POINTS_PER_INCH;
        let back = Rect::new(0.0, 0.0, page_width, page_height);
        let spine = Rect::new(page_width, 0.0, spine_width, page_height);
        let front = Rect::new(page_width + spine_width, 0.0, page_width, page_height);
        let safe_height = (page_height - 2.0 * TRIM_SAFETY).max(0.0);
        let panel_safe = (page_width - TRIM_SAFETY - FOLD_SAFETY).max(0.0);
        let back_safe = Rect::new(TRIM_SAFETY, TRIM_SAFETY, panel_safe, safe_height);
        let spine_safe = Rect::new(
            spine.x + FOLD_SAFETY,
            TRIM_SAFETY,
            (spine_width - 2.0 * FOLD_SAFETY).max(0.0),
            safe_height,
        );
        let front_safe = Rect::new(front.x + FOLD_SAFETY, TRIM_SAFETY, panel_safe, safe_height);
        let barcode = Rect::new(
            back.right() - BARCODE_INSET - BARCODE_WIDTH,
            back.bottom() - BARCODE_INSET - BARCODE_HEIGHT,
            BARCODE_WIDTH,
            BARCODE_HEIGHT,
        );
        CoverGeometry {
            pages,
            page_thickness,
            width: 2.0 * page_width + spine_width,
            height: page_height,
            bleed,
            spine_width,
            back,
            spine,
            front,
            back_safe,
            spine_safe,
            front_safe,
            barcode,
            spine_text: pages >= SPINE_TEXT_MIN_PAGES && spine_safe.width > 0.0,
        }
    }

    /// The whole sheet with its bleed (the PDF's media box), in trim coordinates.
    pub fn media(&self) -> Rect {
        Rect::new(
            -self.bleed,
            -self.bleed,
            self.width + 2.0 * self.bleed,
            self.height + 2.0 * self.bleed,
        )
    }
}

/// Spine text smaller than this is not printed (the spine stays plain, and a note says so).
pub const MIN_SPINE_TEXT: f64 = 5.0;
/// The front title is never set smaller than this.
pub const MIN_TITLE: f64 = 14.0;
/// The blurb is never set smaller than this.
pub const MIN_BLURB: f64 = 8.0;

/// A laid-out cover: one page, and what became of the spine.
#[derive(Clone, Debug)]
pub struct Cover {
    pub document: Document,
    /// The resolution the cover picture prints at (pixels per inch), when there is one.
    pub picture_dpi: Option<f64>,
    /// Whether the spine carries the title and author.
    pub spine_text: bool,
    /// Why it does not, when it does not.
    pub spine_note: Option<String>,
}

/// Lays out the cover: full-bleed background, front (title, subtitle, art from `art`'s
/// puzzles, author), spine (title and author, turned to read top to bottom; stacked upright
/// for a book in Japanese), back (the blurb, clear of the barcode box). `guides` adds the
/// proofing marks: trim, folds, safe zones and the barcode box.
#[allow(clippy::too_many_arguments)]
pub fn compose_cover(
    spec: &Spec,
    geometry: &CoverGeometry,
    fonts: &FontSet,
    art: &[(&SectionSpec, &Puzzle)],
    sample: Option<(&SectionSpec, &Puzzle)>,
    picture: Option<&Arc<Picture>>,
    guides: bool,
) -> Result<Cover> {
    let cover = &spec.cover;
    check_cover_glyphs(spec, fonts)?;
    let mut items = vec![Item::Rect {
        rect: geometry.media(),
        fill: Some(cover.background),
        stroke: None,
    }];
    let mut picture_dpi = None;
    let mut art_area = None;
    if let (Some(image), Some(picture)) = (&cover.image, picture)
        && image.area == ImageArea::Front
    {
        let media = geometry.media();
        let panel = Rect::new(
            geometry.front.x,
            media.y,
            media.right() - geometry.front.x,
            media.height,
        );
        picture_dpi = Some(place_picture(picture, panel, image.fit, &mut items)?);
    }
    front(spec, geometry, fonts, art, &mut items, &mut art_area)?;
    if let (Some(image), Some(picture), Some(area)) = (&cover.image, picture, art_area)
        && image.area == ImageArea::Art
    {
        picture_dpi = Some(place_picture(picture, area, image.fit, &mut items)?);
    }
    if cover.blurb.value.trim().is_empty() {
        automatic_back(spec, geometry, fonts, sample, &mut items)?;
    } else {
        back(spec, geometry, fonts, &mut items)?;
    }
    let (spine_text, spine_note) = spine(spec, geometry, fonts, &mut items);
    if guides {
        items.extend(guide_marks(geometry));
    }
    let mut identity = spec.identity();
    identity.extend_from_slice(if guides { b"cover+guides" } else { b"cover" });
    Ok(Cover {
        document: Document {
            info: Info {
                title: cover.title.value.clone(),
                author: cover.author.value.clone(),
                subject: "Cover".to_string(),
                date: spec.date.as_ref().map(|date| date.value),
                identity,
            },
            pages: vec![Page {
                width: geometry.width,
                height: geometry.height,
                bleed: super::page::Bleed::uniform(geometry.bleed),
                items,
            }],
        },
        spine_text,
        spine_note,
        picture_dpi,
    })
}

/// Draws `picture` into `area` as `fit` asks (whole and centred, or cropped to fill it);
/// returns the resolution it prints at.
fn place_picture(
    picture: &Arc<Picture>,
    area: Rect,
    fit: ImageFit,
    items: &mut Vec<Item>,
) -> Result<f64> {
    if area.width <= 0.0 || area.height <= 0.0 {
        return Ok(0.0);
    }
    let (width, height) = (f64::from(picture.width), f64::from(picture.height));
    let (rect, shown) = match fit {
        ImageFit::Contain => {
            let scale = (area.width / width).min(area.height / height);
            let (w, h) = (width * scale, height * scale);
            (
                Rect::new(
                    area.x + (area.width - w) / 2.0,
                    area.y + (area.height - h) / 2.0,
                    w,
                    h,
                ),
                Arc::clone(picture),
            )
        }
        ImageFit::Cover => {
            let aspect = area.width / area.height;
            let (crop_width, crop_height) = if width / height > aspect {
                (((height * aspect).round() as u32).max(1), picture.height)
            } else {
                (picture.width, ((width / aspect).round() as u32).max(1))
            };
            let crop_width = crop_width.min(picture.width);
            let crop_height = crop_height.min(picture.height);
            let shown = if (crop_width, crop_height) == (picture.width, picture.height) {
                Arc::clone(picture)
            } else {
                Arc::new(picture.cropped(
                    (picture.width - crop_width) / 2,
                    (picture.height - crop_height) / 2,
                    crop_width,
                    crop_height,
                )?)
            };
            (area, shown)
        }
    };
    let dpi = f64::from(shown.width) / (rect.width / POINTS_PER_INCH);
    items.push(Item::Image {
        rect,
        picture: shown,
    });
    Ok(dpi)
}

/// Every character the cover prints is in the face that prints it (the title is set in
/// the bold face, the rest in the text face), or an error points at the spec's text.
fn check_cover_glyphs(spec: &Spec, fonts: &FontSet) -> Result<()> {
    let cover = &spec.cover;
    let checks = [
        (&cover.title, "the cover title", fonts.bold),
        (&cover.subtitle, "the cover subtitle", fonts.text),
        (&cover.author, "the cover author", fonts.text),
        (&cover.blurb, "the blurb", fonts.text),
    ];
    for (text, what, face) in checks {
        let missing = fonts.metrics(face).missing_chars(&text.value);
        if !missing.is_empty() {
            let list: String = missing.iter().take(8).collect();
            let hint = if spec.language.script() == crate::i18n::Script::Latin
                && missing.iter().any(|&ch| u32::from(ch) >= 0x3000)
            {
                "for Japanese text set language = \"ja\" (bundled IPAexGothic), or name a font in [fonts]"
            } else {
                "name a font that has them in [fonts]"
            };
            return Err(spec
                .error(
                    text.at,
                    format!(
                        "{what} has characters the font {} cannot show: {list}",
                        fonts.face(face).origin
                    ),
                )
                .with_hint(hint));
        }
    }
    Ok(())
}

/// The room a design leaves inside a panel's safe zone: a little air, relative to the page.
fn padded(safe: Rect, panel_width: f64) -> Rect {
    let pad = (panel_width * 0.04).round();
    safe.inset(pad)
}

/// The largest size from `largest` down to `smallest` (whole points) at which `text` wraps
/// into at most `max_lines` lines of `width`, with no word broken; and those lines,
/// balanced (no word left alone on a line of its own).
fn fit(
    metrics: &FontMetrics,
    text: &str,
    (largest, smallest): (f64, f64),
    width: f64,
    max_lines: usize,
) -> Option<(f64, Vec<String>)> {
    let mut size = largest.floor();
    while size >= smallest {
        let words_fit = text
            .split_whitespace()
            .all(|word| word.chars().any(cjk) || metrics.width(word, size) <= width);
        let lines = balanced(metrics, text, size, width);
        if words_fit && lines.len() <= max_lines {
            return Some((size, lines));
        }
        size -= 1.0;
    }
    None
}

fn cjk(ch: char) -> bool {
    matches!(u32::from(ch), 0x3000..=0x30FF | 0x3400..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// Centred lines from the baseline `first`, `pitch` apart; returns the last baseline.
fn centred_lines(
    items: &mut Vec<Item>,
    lines: &[String],
    (metrics, face): (&FontMetrics, FaceId),
    size: f64,
    (centre, first, pitch): (f64, f64, f64),
    colour: Colour,
) -> f64 {
    let mut baseline = first;
    for (index, line) in lines.iter().enumerate() {
        baseline = first + index as f64 * pitch;
        items.push(Item::Text {
            at: Point {
                x: centre - metrics.width(line, size) / 2.0,
                y: baseline,
            },
            size,
            face,
            text: line.clone(),
            colour,
        });
    }
    baseline
}

fn front(
    spec: &Spec,
    geometry: &CoverGeometry,
    fonts: &FontSet,
    art: &[(&SectionSpec, &Puzzle)],
    items: &mut Vec<Item>,
    art_area_out: &mut Option<Rect>,
) -> Result<()> {
    let cover = &spec.cover;
    let area = padded(geometry.front_safe, geometry.front.width);
    let centre = area.x + area.width / 2.0;
    let bold = (fonts.metrics(fonts.bold), fonts.bold);
    let regular = (fonts.metrics(fonts.text), fonts.text);
    let largest = (geometry.front.width * 0.09).round();
    let (title_size, title_lines) = fit(
        bold.0,
        &cover.title.value,
        (largest, MIN_TITLE),
        area.width,
        3,
    )
    .ok_or_else(|| {
        spec.error(
            cover.title.at,
            format!("the title does not fit on the front cover in three lines of {MIN_TITLE} pt"),
        )
        .with_hint("shorten it, or give the cover its own shorter title in [cover]")
    })?;
    let pitch = 1.15 * title_size;
    let last = centred_lines(
        items,
        &title_lines,
        bold,
        title_size,
        (centre, area.y + bold.0.ascender() * title_size, pitch),
        cover.foreground,
    );
    let mut top = last - bold.0.descender() * title_size;
    if !cover.subtitle.value.trim().is_empty() {
        let largest = (title_size * 0.5).max(10.0);
        let (size, lines) = fit(
            regular.0,
            &cover.subtitle.value,
            (largest, 9.0),
            area.width,
            3,
        )
        .ok_or_else(|| {
            spec.error(
                cover.subtitle.at,
                "the subtitle does not fit on the front cover in three lines of 9 pt",
            )
            .with_hint("shorten it, or give the cover its own subtitle in [cover]")
        })?;
        let first = top + 0.6 * title_size + regular.0.ascender() * size;
        let last = centred_lines(
            items,
            &lines,
            regular,
            size,
            (centre, first, 1.25 * size),
            cover.foreground,
        );
        top = last - regular.0.descender() * size;
    }
    let mut bottom = area.bottom();
    if !cover.author.value.trim().is_empty() {
        let largest = (title_size * 0.55).clamp(11.0, 28.0);
        let (size, lines) = fit(
            regular.0,
            &cover.author.value,
            (largest, 9.0),
            area.width,
            2,
        )
        .ok_or_else(|| {
            spec.error(
                cover.author.at,
                "the author does not fit on the front cover in two lines of 9 pt",
            )
        })?;
        let pitch = 1.25 * size;
        let last_baseline = area.bottom() + regular.0.descender() * size;
        let first = last_baseline - (lines.len() - 1) as f64 * pitch;
        centred_lines(
            items,
            &lines,
            regular,
            size,
            (centre, first, pitch),
            cover.foreground,
        );
        bottom = first - regular.0.ascender() * size;
    }
    let gap = 0.6 * title_size;
    let art_area = Rect::new(area.x, top + gap, area.width, bottom - gap - (top + gap));
    *art_area_out = Some(art_area);
    match cover.art {
        CoverArt::None => {}
        CoverArt::Grid => {
            if let Some(&(section, puzzle)) = art.first() {
                figure(items, (section, puzzle), art_area, -4.0, cover, fonts)?;
            }
        }
        CoverArt::Tiles => {
            let shown = &art[..art.len().min(4)];
            let columns = if shown.len() > 1 { 2 } else { 1 };
            let rows = shown.len().div_ceil(columns);
            let tile_gap = gap / 2.0;
            let tile_width = (art_area.width - (columns - 1) as f64 * tile_gap) / columns as f64;
            let tile_height = (art_area.height - (rows - 1) as f64 * tile_gap) / rows as f64;
            for (index, &tile) in shown.iter().enumerate() {
                let (column, row) = (index % columns, index / columns);
                let slot = Rect::new(
                    art_area.x + column as f64 * (tile_width + tile_gap),
                    art_area.y + row as f64 * (tile_height + tile_gap),
                    tile_width,
                    tile_height,
                );
                figure(items, tile, slot, 0.0, cover, fonts)?;
            }
        }
    }
    Ok(())
}

/// A puzzle on a white card with a shadow, as large as fits `slot` when turned by
/// `degrees`, centred in it. Nothing is drawn when the slot is too small to show it.
fn figure(
    items: &mut Vec<Item>,
    (section, puzzle): (&SectionSpec, &Puzzle),
    slot: Rect,
    degrees: f64,
    cover: &CoverSpec,
    fonts: &FontSet,
) -> Result<()> {
    let layout = section.kind.layout;
    let frame = layout.frame(section.options.as_ref());
    // The card: the figure and half a cell of white around it.
    let (card_columns, card_rows) = (frame.columns + 1.0, frame.rows + 1.0);
    let (sin, cos) = degrees.to_radians().sin_cos();
    let (sin, cos) = (sin.abs(), cos.abs());
    let turned_width = card_columns * cos + card_rows * sin;
    let turned_height = card_columns * sin + card_rows * cos;
    let cell = (slot.width / turned_width)
        .min(slot.height / turned_height)
        .min(0.75 * POINTS_PER_INCH);
    if slot.width <= 0.0 || slot.height <= 0.0 || cell < frame.min_cell {
        return Ok(());
    }
    let card = Rect::new(0.0, 0.0, card_columns * cell, card_rows * cell);
    let mut drawn = vec![Item::Rect {
        rect: card,
        fill: Some(Colour::WHITE),
        stroke: None,
    }];
    let inside = Rect::new(
        cell / 2.0,
        cell / 2.0,
        frame.columns * cell,
        frame.rows * cell,
    );
    layout.draw(
        puzzle.content.as_ref(),
        Show::Puzzle,
        inside,
        cell,
        fonts,
        &mut drawn,
    )?;
    let place = |offset: f64| {
        Transform::translate(-card.width / 2.0, -card.height / 2.0)
            .then(Transform::rotate(degrees))
            .then(Transform::translate(
                slot.x + slot.width / 2.0 + offset,
                slot.y + slot.height / 2.0 + offset,
            ))
    };
    let shade = Colour::rgb(
        cover.background.red * 0.55,
        cover.background.green * 0.55,
        cover.background.blue * 0.55,
    );
    items.push(Item::Group {
        transform: place(cell * 0.2),
        items: vec![Item::Rect {
            rect: card,
            fill: Some(shade),
            stroke: None,
        }],
    });
    items.push(Item::Group {
        transform: place(0.0),
        items: drawn,
    });
    Ok(())
}

/// The back cover's heading: the title again, when it fits in two lines. Returns the
/// padded back panel below it.
fn back_heading(
    spec: &Spec,
    geometry: &CoverGeometry,
    fonts: &FontSet,
    items: &mut Vec<Item>,
) -> Rect {
    let cover = &spec.cover;
    let area = padded(geometry.back_safe, geometry.back.width);
    let bold = fonts.metrics(fonts.bold);
    let largest = (geometry.back.width * 0.055).round();
    let Some((size, lines)) = fit(bold, &cover.title.value, (largest, 12.0), area.width, 2) else {
        return area;
    };
    let last = centred_lines(
        items,
        &lines,
        (bold, fonts.bold),
        size,
        (
            area.x + area.width / 2.0,
            area.y + bold.ascender() * size,
            1.15 * size,
        ),
        cover.foreground,
    );
    let below = last - bold.descender() * size + size;
    Rect::new(area.x, below, area.width, area.bottom() - below)
}

/// A back cover with the spec's blurb: the title as a heading, the blurb's paragraphs
/// above the barcode box.
fn back(
    spec: &Spec,
    geometry: &CoverGeometry,
    fonts: &FontSet,
    items: &mut Vec<Item>,
) -> Result<()> {
    let cover = &spec.cover;
    let blurb = cover.blurb.value.clone();
    let area = back_heading(spec, geometry, fonts, items);
    // The blurb ends above the barcode box, with the same air as around it.
    let air = geometry.back_safe.bottom() - area.bottom();
    let room = geometry.barcode.y - air - area.y;
    let metrics = fonts.metrics(fonts.text);
    let paragraphs: Vec<&str> = blurb
        .split("\n\n")
        .map(str::trim)
        .filter(|paragraph| !paragraph.is_empty())
        .collect();
    let largest = (geometry.back.width * 0.028).round().clamp(10.0, 16.0);
    let mut size = largest;
    loop {
        let pitch = 1.4 * size;
        let set: Vec<Vec<String>> = paragraphs
            .iter()
            .map(|paragraph| {
                paragraph
                    .lines()
                    .flat_map(|line| wrap(metrics, line.trim(), size, area.width))
                    .collect()
            })
            .collect();
        let lines: usize = set.iter().map(Vec::len).sum();
        let height = lines as f64 * pitch + (set.len() - 1) as f64 * 0.6 * size;
        if height <= room {
            let first = area.y + metrics.ascender() * size;
            let text = (fonts.text, size, cover.foreground);
            set_paragraphs(items, &set, (area.x, first), text, |_| 0.6 * size);
            return Ok(());
        }
        size -= 0.5;
        if size < MIN_BLURB {
            return Err(spec
                .error(
                    cover.blurb.at,
                    format!(
                        "the blurb does not fit on the back cover above the barcode box, even at {MIN_BLURB} pt"
                    ),
                )
                .with_hint("shorten it"));
        }
    }
}

/// The puzzle a back cover without a blurb shows (its index in book order): the first of
/// the last section, or the first the front's art does not already show.
pub fn back_sample(spec: &Spec) -> Option<usize> {
    if !spec.cover.blurb.value.trim().is_empty() {
        return None;
    }
    let last = spec.sections.last()?;
    let first: usize = spec.sections[..spec.sections.len() - 1]
        .iter()
        .map(|section| section.count.value)
        .sum();
    let shown = spec.cover.art.puzzles();
    let skip = shown.saturating_sub(first).min(last.count.value - 1);
    Some(first + skip)
}

/// The lines of a back cover without a blurb: how many puzzles, each section with its
/// count and level (when `by_section`), what else is inside.
pub fn back_lines(spec: &Spec, by_section: bool) -> Vec<String> {
    let total = spec.puzzle_count();
    let language = spec.language;
    let mut lines = vec![language.say(
        "cover.back-total",
        &[("count", &language.number(total as u64))],
    )];
    for section in spec.sections.iter().filter(|_| by_section) {
        let count = section.count.value;
        let level = section
            .difficulty
            .as_ref()
            .and_then(|difficulty| match &difficulty.value {
                crate::book::spec::Difficulty::Tier(name) => {
                    super::words::tier(section.kind, name, language, super::words::star_scale(spec))
                        .map(|(word, stars)| format!("{word} {stars}"))
                }
                crate::book::spec::Difficulty::Rating(range) => {
                    Some(language.say("cover.rated", &[("range", &range.replace("..", "–"))]))
                }
            });
        let title = &section.title.value;
        lines.push(match level {
            Some(level) => language.say(
                "cover.back-section",
                &[("title", title), ("count", &count), ("level", &level)],
            ),
            None => language.say(
                "cover.back-section-plain",
                &[("title", title), ("count", &count)],
            ),
        });
    }
    let answers = spec.answers.placement != AnswerPlacement::None;
    let mut extras: Vec<&str> = Vec::new();
    if answers {
        extras.push(language.text("cover.extra-answers"));
    }
    if spec.has_hints() {
        extras.push(language.text("cover.extra-hints"));
    }
    if spec.has_walkthroughs() {
        extras.push(language.text("cover.extra-walkthroughs"));
    }
    if !extras.is_empty() {
        let list = extras.join(language.text("list.separator"));
        let sentence = language.say("cover.extras-included", &[("list", &list)]);
        // A sentence starts with a capital wherever the script has them.
        lines.push(crate::i18n::capitalised(&sentence));
    }
    lines
}

/// The most sections a back cover lists one by one.
const MAX_LISTED_SECTIONS: usize = 12;

/// A back cover without a blurb: the title, what is inside (the puzzle count, each section
/// with its level, answers and more), and a sample puzzle from the book on a card, all
/// above the barcode box.
fn automatic_back(
    spec: &Spec,
    geometry: &CoverGeometry,
    fonts: &FontSet,
    sample: Option<(&SectionSpec, &Puzzle)>,
    items: &mut Vec<Item>,
) -> Result<()> {
    let cover = &spec.cover;
    let area = back_heading(spec, geometry, fonts, items);
    let air = geometry.back_safe.bottom() - area.bottom();
    let room = geometry.barcode.y - air - area.y;
    let metrics = fonts.metrics(fonts.text);
    // The words take at most half the room; the sample puzzle the rest. A book of many
    // sections (a daily calendar) says what is inside without listing them.
    let mut by_section = spec.sections.len() <= MAX_LISTED_SECTIONS;
    let mut paragraphs = back_lines(spec, by_section);
    let largest = (geometry.back.width * 0.028).round().clamp(10.0, 16.0);
    let mut size = largest;
    let set = loop {
        let pitch = 1.4 * size;
        let set: Vec<Vec<String>> = paragraphs
            .iter()
            .map(|paragraph| wrap(metrics, paragraph, size, area.width))
            .collect();
        let lines: usize = set.iter().map(Vec::len).sum();
        let height = lines as f64 * pitch + 0.5 * size * (set.len() - 1) as f64;
        if height <= room * 0.5 {
            break set;
        }
        size -= 0.5;
        if size < MIN_BLURB && by_section {
            by_section = false;
            paragraphs = back_lines(spec, false);
            size = largest;
        } else if size < MIN_BLURB {
            return Err(spec
                .error(
                    cover.title.at,
                    format!(
                        "the back cover cannot list this book's {} sections above the barcode box, even at {MIN_BLURB} pt",
                        spec.sections.len()
                    ),
                )
                .with_hint("give the cover a shorter blurb of its own ([cover] blurb)"));
        }
    };
    let first = area.y + metrics.ascender() * size;
    let text = (fonts.text, size, cover.foreground);
    // The first line (the count) stands apart from the list.
    let baseline = set_paragraphs(items, &set, (area.x, first), text, |index| {
        if index == 0 { 0.5 * size } else { 0.0 }
    });
    if let Some(sample) = sample {
        let top = baseline - metrics.ascender() * size + size;
        let slot = Rect::new(area.x, top, area.width, geometry.barcode.y - air - top);
        figure(items, sample, slot, 0.0, cover, fonts)?;
    }
    Ok(())
}

/// Sets paragraphs of lines flush left from `x`, the first baseline at `baseline`, 1.4 ×
/// the size apart, with `gap_after` a paragraph's index below it; returns the baseline
/// after the last line.
fn set_paragraphs(
    items: &mut Vec<Item>,
    paragraphs: &[Vec<String>],
    (x, mut baseline): (f64, f64),
    (face, size, colour): (FaceId, f64, Colour),
    gap_after: impl Fn(usize) -> f64,
) -> f64 {
    for (index, paragraph) in paragraphs.iter().enumerate() {
        for line in paragraph {
            items.push(Item::Text {
                at: Point { x, y: baseline },
                size,
                face,
                text: line.clone(),
                colour,
            });
            baseline += 1.4 * size;
        }
        baseline += gap_after(index);
    }
    baseline
}

/// The spine's title and author, if they fit; otherwise why not.
fn spine(
    spec: &Spec,
    geometry: &CoverGeometry,
    fonts: &FontSet,
    items: &mut Vec<Item>,
) -> (bool, Option<String>) {
    let cover = &spec.cover;
    if !geometry.spine_text {
        return (
            false,
            Some(format!(
                "no spine text: print-on-demand services print it on books of {SPINE_TEXT_MIN_PAGES} pages or more, this one has {}",
                geometry.pages
            )),
        );
    }
    let safe = geometry.spine_safe;
    let centre = safe.x + safe.width / 2.0;
    let bold = fonts.metrics(fonts.bold);
    let regular = fonts.metrics(fonts.text);
    let title = cover.title.value.trim();
    let author = cover.author.value.trim();
    let too_narrow = |why: &str| {
        Some(format!(
            "no spine text: the spine is {:.3} in wide, too narrow for {MIN_SPINE_TEXT} pt text{why}",
            geometry.spine_width / POINTS_PER_INCH
        ))
    };
    let depth = |metrics: &FontMetrics| metrics.ascender() - metrics.descender();
    if spec.language.script() == crate::i18n::Script::Japanese {
        // Upright characters one below the other, title from the top, author at the foot;
        // each character takes its font's ascender-to-descender depth.
        let count = |text: &str| text.chars().count() as f64;
        let height = count(title) * depth(bold) + count(author) * depth(regular);
        let size = (safe.width * 0.9)
            .min(24.0)
            .min(safe.height / (height + 1.0))
            .floor();
        if size < MIN_SPINE_TEXT {
            return (false, too_narrow(""));
        }
        let mut stack = |text: &str, face: FaceId, metrics: &FontMetrics, from_top: bool| {
            let pitch = depth(metrics) * size;
            let first_top = if from_top {
                safe.y
            } else {
                safe.bottom() - count(text) * pitch
            };
            for (index, ch) in text.chars().enumerate() {
                let glyph = ch.to_string();
                items.push(Item::Text {
                    at: Point {
                        x: centre - metrics.width(&glyph, size) / 2.0,
                        y: first_top + index as f64 * pitch + metrics.ascender() * size,
                    },
                    size,
                    face,
                    text: glyph,
                    colour: cover.foreground,
                });
            }
        };
        stack(title, fonts.bold, bold, true);
        stack(author, fonts.text, regular, false);
        return (true, None);
    }
    // Along the spine: local x runs down the spine from its safe top, local y across it.
    let mut size = (safe.width / depth(bold).max(depth(regular)))
        .min(24.0)
        .floor();
    let length = safe.height;
    let gap = |size: f64| 2.0 * size;
    while size >= MIN_SPINE_TEXT
        && bold.width(title, size) + regular.width(author, size * 0.85) + gap(size) > length
    {
        size -= 0.5;
    }
    if size < MIN_SPINE_TEXT {
        return (
            false,
            too_narrow(" (or the title and author are too long for it)"),
        );
    }
    let baseline =
        |metrics: &FontMetrics, size: f64| (metrics.ascender() + metrics.descender()) * size / 2.0;
    let mut text = vec![Item::Text {
        at: Point {
            x: 0.0,
            y: baseline(bold, size),
        },
        size,
        face: fonts.bold,
        text: title.to_string(),
        colour: cover.foreground,
    }];
    if !author.is_empty() {
        let author_size = size * 0.85;
        text.push(Item::Text {
            at: Point {
                x: length - regular.width(author, author_size),
                y: baseline(regular, author_size),
            },
            size: author_size,
            face: fonts.text,
            text: author.to_string(),
            colour: cover.foreground,
        });
    }
    items.push(Item::Group {
        transform: Transform::rotate(90.0).then(Transform::translate(centre, safe.y)),
        items: text,
    });
    (true, None)
}

/// Proofing marks: trim (solid), folds (dashed), safe zones (dotted) and the barcode box.
fn guide_marks(geometry: &CoverGeometry) -> Vec<Item> {
    let trim_colour = Colour::rgb(0.9, 0.0, 0.55);
    let safe_colour = Colour::rgb(0.0, 0.62, 0.85);
    let mut marks = vec![Item::Rect {
        rect: Rect::new(0.0, 0.0, geometry.width, geometry.height),
        fill: None,
        stroke: Some((0.5, trim_colour)),
    }];
    for x in [geometry.spine.x, geometry.spine.right()] {
        marks.push(Item::Path {
            path: Path::polyline(&[
                Point {
                    x,
                    y: -geometry.bleed,
                },
                Point {
                    x,
                    y: geometry.height + geometry.bleed,
                },
            ]),
            fill: None,
            stroke: Some(Stroke {
                width: 0.5,
                colour: trim_colour,
                dash: Some((4.0, 3.0)),
            }),
        });
    }
    for zone in [geometry.back_safe, geometry.spine_safe, geometry.front_safe] {
        if zone.width <= 0.0 {
            continue;
        }
        let corners = [
            Point {
                x: zone.x,
                y: zone.y,
            },
            Point {
                x: zone.right(),
                y: zone.y,
            },
            Point {
                x: zone.right(),
                y: zone.bottom(),
            },
            Point {
                x: zone.x,
                y: zone.bottom(),
            },
        ];
        marks.push(Item::Path {
            path: Path::polygon(&corners),
            fill: None,
            stroke: Some(Stroke {
                width: 0.5,
                colour: safe_colour,
                dash: Some((1.5, 1.5)),
            }),
        });
    }
    marks.push(Item::Rect {
        rect: geometry.barcode,
        fill: Some(Colour::WHITE),
        stroke: Some((0.75, Colour::BLACK)),
    });
    marks
}
