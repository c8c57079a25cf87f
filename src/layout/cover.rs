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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::units::parse_page_size;

    const WHITE: f64 = 0.002252;
    const CREAM: f64 = 0.0025;
    const COLOR: f64 = 0.002347;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// The published formula, in inches: full width = bleed + back + spine + front + bleed,
    /// spine = pages × thickness; height = bleed + page height + bleed.
    #[test]
    fn sizes_follow_the_print_on_demand_formula() {
        for (size, width_in, height_in) in [
            ("6x9in", 6.0, 9.0),
            ("8.5x11in", 8.5, 11.0),
            ("A5", 148.0 / 25.4, 210.0 / 25.4),
        ] {
            let page = parse_page_size(size).unwrap();
            for thickness in [WHITE, CREAM, COLOR] {
                for pages in [24, 78, 79, 120, 300, 828] {
                    let cover = CoverGeometry::new(page.width, page.height, pages, thickness, 9.0);
                    let spine_in = pages as f64 * thickness;
                    assert!(close(cover.spine_width, spine_in * 72.0), "{size} {pages}");
                    let media = cover.media();
                    // Page sizes are rounded to 1/100 pt, as in the interior.
                    let expected_width = 0.125 + width_in + spine_in + width_in + 0.125;
                    assert!(
                        (media.width / 72.0 - expected_width).abs() < 0.0004,
                        "{size}"
                    );
                    assert!((media.height / 72.0 - (height_in + 0.25)).abs() < 0.0002);
                    assert!(close(cover.width, 2.0 * page.width + cover.spine_width));
                    assert!(close(cover.front.right(), cover.width));
                    assert!(close(cover.spine.x, page.width));
                    assert!(close(cover.front.x, page.width + cover.spine_width));
                    assert_eq!(cover.spine_text, pages >= 79);
                }
            }
        }
    }

    #[test]
    fn kdp_worked_example() {
        // 6 × 9 in, 300 pages on white paper: spine 0.6756 in, cover 12.9256 × 9.25 in.
        let cover = CoverGeometry::new(432.0, 648.0, 300, WHITE, DEFAULT_BLEED);
        assert!(close(cover.spine_width / 72.0, 0.6756));
        assert!(close(cover.media().width / 72.0, 12.9256));
        assert!(close(cover.media().height / 72.0, 9.25));
        // 8.5 × 11 in, 100 pages of cream: spine 0.25 in.
        let cover = CoverGeometry::new(612.0, 792.0, 100, CREAM, DEFAULT_BLEED);
        assert!(close(cover.spine_width, 18.0));
        assert!(close(
            cover.media().width,
            0.125 * 72.0 * 2.0 + 612.0 * 2.0 + 18.0
        ));
    }

    #[test]
    fn safe_zones_keep_off_the_trim_and_the_folds() {
        for (width, height) in [(432.0, 648.0), (612.0, 792.0), (419.53, 595.28)] {
            for pages in [24, 80, 200, 600] {
                let cover = CoverGeometry::new(width, height, pages, COLOR, DEFAULT_BLEED);
                let (back, spine, front) = (cover.back_safe, cover.spine_safe, cover.front_safe);
                for zone in [back, spine, front] {
                    assert!(close(zone.y, 9.0));
                    assert!(close(zone.bottom(), height - 9.0));
                }
                assert!(close(back.x, 9.0));
                assert!(close(back.right(), width - 4.5));
                assert!(close(front.x, cover.spine.right() + 4.5));
                assert!(close(front.right(), cover.width - 9.0));
                assert!(close(spine.x, width + 4.5));
                assert!(close(spine.width, (cover.spine_width - 9.0).max(0.0)));
                // The barcode box: 2 × 1.2 in, lower right of the back, inside the safe zone.
                let barcode = cover.barcode;
                assert!(close(barcode.width, 144.0) && close(barcode.height, 86.4));
                assert!(close(barcode.right(), width - 18.0));
                assert!(close(barcode.bottom(), height - 18.0));
                assert!(barcode.x >= back.x && barcode.right() <= back.right());
                assert!(barcode.bottom() <= back.bottom());
            }
        }
    }

    fn spec(template: &str, count: usize, cover: &str, language: &str) -> Spec {
        let text = format!(
            "title = \"Puzzles for the Weekend\"\nauthor = \"The Puzzle Desk\"\nlanguage = \"{language}\"\ntemplate = \"{template}\"\n[[section]]\nkind = \"sudoku\"\ncount = {count}\n{cover}"
        );
        Spec::parse("cover.toml", &text, None).unwrap()
    }

    /// Every text run's box on the sheet (its advance across, ascender to descender down),
    /// through the groups that hold it.
    fn text_boxes(
        items: &[Item],
        fonts: &FontSet,
        map: Transform,
        boxes: &mut Vec<(Rect, String)>,
    ) {
        for item in items {
            match item {
                Item::Text {
                    at,
                    size,
                    face,
                    text,
                    ..
                } => {
                    let metrics = fonts.metrics(*face);
                    let (left, right) = (at.x, at.x + metrics.width(text, *size));
                    let (top, bottom) = (
                        at.y - metrics.ascender() * size,
                        at.y - metrics.descender() * size,
                    );
                    let corners = [(left, top), (right, top), (left, bottom), (right, bottom)]
                        .map(|(x, y)| map.apply(Point { x, y }));
                    let xs = corners.map(|p| p.x);
                    let ys = corners.map(|p| p.y);
                    let low = |v: [f64; 4]| v.into_iter().fold(f64::INFINITY, f64::min);
                    let high = |v: [f64; 4]| v.into_iter().fold(f64::NEG_INFINITY, f64::max);
                    boxes.push((
                        Rect::new(low(xs), low(ys), high(xs) - low(xs), high(ys) - low(ys)),
                        text.clone(),
                    ));
                }
                Item::Group { transform, items } => {
                    text_boxes(items, fonts, transform.then(map), boxes)
                }
                _ => {}
            }
        }
    }

    fn within(inner: Rect, outer: Rect) -> bool {
        let slack = 1e-6;
        inner.x >= outer.x - slack
            && inner.y >= outer.y - slack
            && inner.right() <= outer.right() + slack
            && inner.bottom() <= outer.bottom() + slack
    }

    fn overlaps(a: Rect, b: Rect) -> bool {
        a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom()
    }

    /// A back cover without a blurb says what is inside (the count, each section with its
    /// level, answers) and shows a sample puzzle, all clear of the barcode box.
    #[test]
    fn an_automatic_back_lists_the_book_and_shows_a_sample() {
        for language in ["en", "ja"] {
            let text = format!(
                "title = \"Puzzles for the Weekend\"\nlanguage = \"{language}\"\ntemplate = \"kdp-6x9\"\n[[section]]\ntitle = \"Warm-up\"\nkind = \"sudoku\"\ncount = 2\ntier = \"easy\"\n[[section]]\ntitle = \"Workout\"\nkind = \"sudoku\"\ncount = 3\ntier = \"hard\"\n[cover]\nmin_pages = 2\n"
            );
            let spec = Spec::parse("cover.toml", &text, None).unwrap();
            let fonts = FontSet::bundled(language == "ja");
            let sample = back_sample(&spec).unwrap();
            // The first puzzle of the last section (the front shows puzzle 1).
            assert_eq!(sample, 2);
            let plan = crate::book::Plan::new(&spec).unwrap();
            let puzzles = plan
                .make(&spec, &[], &Default::default(), None, &|_| {})
                .unwrap()
                .puzzles;
            let size = spec.page.size.value;
            let pages = crate::layout::paginate(&spec).page_count();
            let geometry = CoverGeometry::new(size.width, size.height, pages, WHITE, 9.0);
            let cover = compose_cover(
                &spec,
                &geometry,
                &fonts,
                &[],
                Some((&spec.sections[1], &puzzles[sample])),
                None,
                false,
            )
            .unwrap();
            let page = &cover.document.pages[0];
            let mut boxes = Vec::new();
            text_boxes(&page.items, &fonts, Transform::IDENTITY, &mut boxes);
            let back: Vec<&str> = boxes
                .iter()
                .filter(|(rect, _)| within(*rect, geometry.back_safe))
                .map(|(_, text)| text.as_str())
                .collect();
            let joined = back.join("\n");
            let expected: &[&str] = if language == "en" {
                &[
                    "5 puzzles",
                    "Warm-up: 2 puzzles, Easy ★",
                    "Workout: 3 puzzles, Hard ★★★",
                    "Answers to every puzzle included.",
                ]
            } else {
                &[
                    "全5問",
                    "Warm-up　2問　初級",
                    "Workout　3問　上級",
                    "全問の解答つき。",
                ]
            };
            for words in expected {
                assert!(
                    joined.contains(words),
                    "{language}: {words:?} not in {joined}"
                );
            }
            for (rect, text) in &boxes {
                assert!(!overlaps(*rect, geometry.barcode), "{text:?}");
            }
            // The sample: a card (a group) on the back panel, its digits the puzzle's givens.
            let cards = page
                .items
                .iter()
                .filter(|item| match item {
                    Item::Group { transform, .. } => {
                        let corner = transform.apply(Point { x: 0.0, y: 0.0 });
                        geometry.back.contains(corner)
                    }
                    _ => false,
                })
                .count();
            assert_eq!(cards, 2, "{language}: the card and its shadow");
        }
    }

    #[test]
    fn text_stays_in_the_safe_zones_and_off_the_barcode() {
        let blurb = "[cover]\nblurb = \"Forty puzzles for quiet mornings, from gentle warm-ups to proper workouts.\\n\\nEvery puzzle has exactly one solution, found by logic alone.\"\n";
        for template in ["kdp-6x9", "kdp-8.5x11-large", "a5"] {
            for language in ["en", "ja"] {
                for count in [40, 400] {
                    let spec = spec(template, count, blurb, language);
                    let fonts = FontSet::bundled(language == "ja");
                    let size = spec.page.size.value;
                    let pages = crate::layout::paginate(&spec).page_count();
                    let geometry = CoverGeometry::new(size.width, size.height, pages, WHITE, 9.0);
                    let cover =
                        compose_cover(&spec, &geometry, &fonts, &[], None, None, false).unwrap();
                    assert_eq!(cover.spine_text, pages >= 79, "{template} {pages}");
                    assert_eq!(cover.spine_note.is_some(), pages < 79);
                    let page = &cover.document.pages[0];
                    assert!(
                        close(page.width, geometry.width)
                            && page.bleed == super::super::page::Bleed::uniform(9.0)
                    );
                    let mut boxes = Vec::new();
                    text_boxes(&page.items, &fonts, Transform::IDENTITY, &mut boxes);
                    let zones = [geometry.back_safe, geometry.spine_safe, geometry.front_safe];
                    for (rect, text) in &boxes {
                        assert!(
                            zones.iter().any(|zone| within(*rect, *zone)),
                            "{template} {language} {pages}: {text:?} at {rect:?}"
                        );
                        assert!(!overlaps(*rect, geometry.barcode), "{text:?}");
                    }
                    let on = |zone: Rect| boxes.iter().filter(|(r, _)| within(*r, zone)).count();
                    assert!(on(geometry.front_safe) >= 3, "title, author");
                    assert!(on(geometry.back_safe) >= 2, "the blurb");
                    assert_eq!(on(geometry.spine_safe) > 0, pages >= 79);
                }
            }
        }
    }

    #[test]
    fn english_spines_read_top_to_bottom_and_japanese_spines_stack_upright() {
        let english = spec("kdp-6x9", 400, "", "en");
        let fonts = FontSet::bundled(false);
        let geometry = CoverGeometry::new(432.0, 648.0, 200, CREAM, 9.0);
        let cover = compose_cover(&english, &geometry, &fonts, &[], None, None, false).unwrap();
        let turned = cover.document.pages[0]
            .items
            .iter()
            .find_map(|item| match item {
                Item::Group { transform, items }
                    if items.iter().any(|i| matches!(i, Item::Text { .. })) =>
                {
                    Some(*transform)
                }
                _ => None,
            });
        // A quarter turn clockwise: the baseline runs down the page.
        let transform = turned.expect("spine text in a turned group");
        assert_eq!(
            (transform.xx, transform.yx, transform.xy, transform.yy),
            (0.0, 1.0, -1.0, 0.0)
        );

        let japanese = spec("a5", 400, "", "ja");
        let fonts = FontSet::bundled(true);
        let geometry = CoverGeometry::new(419.53, 595.28, 200, CREAM, 9.0);
        let cover = compose_cover(&japanese, &geometry, &fonts, &[], None, None, false).unwrap();
        let spine: Vec<(f64, String)> = cover.document.pages[0]
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Text { at, text, .. } if geometry.spine.contains(*at) => {
                    Some((at.y, text.clone()))
                }
                _ => None,
            })
            .collect();
        // One character per run, top to bottom: the title, then the author at the foot.
        let title: String = spine.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(title, "Puzzles for the WeekendThe Puzzle Desk");
        assert!(spine.windows(2).all(|pair| pair[0].0 < pair[1].0));
    }

    #[test]
    fn text_that_cannot_fit_is_an_error_at_the_spec() {
        let fonts = FontSet::bundled(false);
        let geometry = CoverGeometry::new(432.0, 648.0, 100, WHITE, 9.0);
        let long_title = format!(
            "[cover]\ntitle = \"{}\"\n",
            "Supercalifragilistic ".repeat(12)
        );
        let error = compose_cover(
            &spec("kdp-6x9", 40, &long_title, "en"),
            &geometry,
            &fonts,
            &[],
            None,
            None,
            false,
        )
        .unwrap_err();
        assert!(error.message().contains("title does not fit"), "{error}");
        assert_eq!(error.location().line, Some(9));
        let long_blurb = format!(
            "[cover]\nblurb = \"{}\"\n",
            "A puzzle a day keeps boredom away. ".repeat(140)
        );
        let error = compose_cover(
            &spec("kdp-6x9", 40, &long_blurb, "en"),
            &geometry,
            &fonts,
            &[],
            None,
            None,
            false,
        )
        .unwrap_err();
        assert!(error.message().contains("blurb does not fit"), "{error}");
        assert_eq!(error.exit_code(), 2);
    }

    #[test]
    fn characters_the_fonts_lack_are_an_error_at_the_spec() {
        let fonts = FontSet::bundled(false);
        let geometry = CoverGeometry::new(432.0, 648.0, 100, WHITE, 9.0);
        let spec = spec("kdp-6x9", 40, "[cover]\nblurb = \"週末のナンプレ\"\n", "en");
        let error = compose_cover(&spec, &geometry, &fonts, &[], None, None, false).unwrap_err();
        assert!(
            error.message().starts_with("the blurb has characters"),
            "{error}"
        );
        assert!(error.hint().unwrap().contains("language = \"ja\""));
        assert_eq!(error.location().line, Some(9));
    }

    #[test]
    fn guides_outline_the_barcode_box_only_in_proofs() {
        let fonts = FontSet::bundled(false);
        let geometry = CoverGeometry::new(432.0, 648.0, 100, WHITE, 9.0);
        let spec = spec("kdp-6x9", 40, "", "en");
        let outlined = |guides: bool| {
            compose_cover(&spec, &geometry, &fonts, &[], None, None, guides)
                .unwrap()
                .document
                .pages[0]
                .items
                .iter()
                .any(|item| matches!(item, Item::Rect { rect, stroke: Some(_), .. } if *rect == geometry.barcode))
        };
        assert!(outlined(true));
        assert!(!outlined(false));
    }
}
