//! The manifest written next to each PDF (`book.json` beside `book.pdf`): a stable,
//! machine-readable account of what is on which page.
//!
//! Boxes are `[x, y, width, height]` in PDF points with the origin at the top-left corner
//! of the PDF page (its media box, bleed included) and y growing downwards; they enclose
//! exactly a puzzle's grid or sum, not its caption.

use serde::Serialize;

use super::plan::{Plan, Puzzle};
use super::spec::Spec;
use crate::error::{Error, Result};

/// Where one puzzle and its answer are printed (pages from 1; boxes as in the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    pub page: usize,
    pub bbox: [f64; 4],
    pub answer: Option<(usize, [f64; 4])>,
    /// The pages of the puzzle's walkthrough (empty without one).
    pub walkthrough: Vec<usize>,
    /// The page of the puzzle's hint.
    pub hint: Option<usize>,
}

#[derive(Serialize)]
struct Manifest<'a> {
    title: &'a str,
    seed: &'a str,
    pages: usize,
    template: &'a str,
    /// Trimmed page size in points, and the bleed beyond it (on the edges the printer
    /// wants it on: see `printer`).
    page_size: [f64; 2],
    bleed: f64,
    /// The printer the interior was made and checked for (`"kdp"`, `"generic"`…).
    printer: &'static str,
    generator: String,
    puzzles: Vec<Entry<'a>>,
}

#[derive(Serialize)]
struct Entry<'a> {
    number: usize,
    section: &'a str,
    section_id: &'a str,
    kind: &'static str,
    /// The kind's own fields (a variant, a size, cages), after `kind`.
    #[serde(flatten)]
    kind_fields: serde_json::Map<String, serde_json::Value>,
    puzzle: String,
    solution: String,
    rating: Option<f64>,
    tier: Option<&'a str>,
    page: usize,
    bbox: [f64; 4],
    answer_page: Option<usize>,
    answer_bbox: Option<[f64; 4]>,
    /// The pages of the puzzle's walkthrough, when it has one.
    #[serde(skip_serializing_if = "no_pages")]
    walkthrough_pages: &'a [usize],
    /// The page of the puzzle's hint, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint_page: Option<usize>,
    /// How to regenerate this puzzle alone: `crate::seed` path and index.
    seed_path: &'a [String],
    index: usize,
}

fn no_pages(pages: &&[usize]) -> bool {
    pages.is_empty()
}

fn round(bbox: [f64; 4]) -> [f64; 4] {
    bbox.map(|value| (value * 100.0).round() / 100.0)
}

/// The manifest as pretty-printed JSON (with a final newline).
pub fn to_json(
    spec: &Spec,
    plan: &Plan,
    puzzles: &[Puzzle],
    positions: &[Position],
    pages: usize,
) -> Result<String> {
    let mut entries = Vec::with_capacity(puzzles.len());
    for ((job, puzzle), position) in plan.jobs.iter().zip(puzzles).zip(positions) {
        let section = &spec.sections[job.section];
        let kind_fields = puzzle
            .content
            .manifest_fields()
            .into_iter()
            .map(|(key, value)| (key.to_string(), value))
            .collect();
        entries.push(Entry {
            number: job.number,
            section: &section.title.value,
            section_id: &section.id,
            kind: puzzle.kind().name,
            kind_fields,
            puzzle: puzzle.puzzle_line(),
            solution: puzzle.solution_line(),
            rating: puzzle.rating,
            tier: puzzle.tier.as_deref(),
            page: position.page,
            bbox: round(position.bbox),
            answer_page: position.answer.map(|(page, _)| page),
            answer_bbox: position.answer.map(|(_, bbox)| round(bbox)),
            walkthrough_pages: &position.walkthrough,
            hint_page: position.hint,
            seed_path: &job.seed_path,
            index: job.index,
        });
    }
    let manifest = Manifest {
        title: &spec.title.value,
        seed: &spec.seed,
        pages,
        template: &spec.template,
        page_size: [spec.page.size.value.width, spec.page.size.value.height],
        bleed: spec.page.bleed.value,
        printer: spec.page.printer.value.name(),
        generator: format!("puzzlebook {}", env!("CARGO_PKG_VERSION")),
        puzzles: entries,
    };
    let mut text = serde_json::to_string_pretty(&manifest)
        .map_err(|error| Error::runtime(format!("cannot encode the manifest: {error}")))?;
    text.push('\n');
    Ok(text)
}

/// The cover manifest (`cover.json` beside `cover.pdf`): the sheet's exact size, the spine
/// and every zone, in the book manifest's box convention (points, media box top-left).
#[derive(Serialize)]
struct CoverManifest<'a> {
    title: &'a str,
    seed: &'a str,
    template: &'a str,
    /// The interior's page count, which sets the spine's width.
    pages: usize,
    /// `None` when the spec gives `page_thickness` instead.
    paper: Option<&'static str>,
    page_thickness_in: f64,
    spine_width_in: f64,
    /// The whole sheet with its bleed (the PDF's media box), and the trimmed sheet.
    size_in: [f64; 2],
    size: [f64; 2],
    trim_size: [f64; 2],
    bleed: f64,
    spine_text: bool,
    note: Option<&'a str>,
    guides: bool,
    zones: CoverZones,
    /// The picture the spec places, with the resolution it prints at.
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<CoverImageRecord<'a>>,
    generator: String,
}

#[derive(Serialize)]
struct CoverImageRecord<'a> {
    path: &'a str,
    dpi: f64,
}

#[derive(Serialize)]
struct CoverZones {
    back: [f64; 4],
    spine: [f64; 4],
    front: [f64; 4],
    back_safe: [f64; 4],
    spine_safe: [f64; 4],
    front_safe: [f64; 4],
    barcode: [f64; 4],
}

/// The cover manifest as pretty-printed JSON (with a final newline).
pub fn cover_to_json(
    spec: &Spec,
    cover: &crate::layout::cover::CoverGeometry,
    note: Option<&str>,
    guides: bool,
    picture_dpi: Option<f64>,
) -> Result<String> {
    let bleed = cover.bleed;
    let image_path = spec
        .cover
        .image
        .as_ref()
        .map(|image| image.path.value.to_string_lossy().into_owned());
    let boxed = |rect: crate::layout::Rect| {
        round([rect.x + bleed, rect.y + bleed, rect.width, rect.height])
    };
    let media = cover.media();
    let inches = |points: f64| (points / 72.0 * 1e6).round() / 1e6;
    let points = |value: f64| (value * 100.0).round() / 100.0;
    let manifest = CoverManifest {
        title: &spec.cover.title.value,
        seed: &spec.seed,
        template: &spec.template,
        pages: cover.pages,
        paper: spec.cover.paper.map(|paper| paper.name()),
        page_thickness_in: cover.page_thickness,
        spine_width_in: inches(cover.spine_width),
        size_in: [inches(media.width), inches(media.height)],
        size: [points(media.width), points(media.height)],
        trim_size: [points(cover.width), points(cover.height)],
        bleed: points(bleed),
        spine_text: cover.spine_text && note.is_none(),
        note,
        guides,
        zones: CoverZones {
            back: boxed(cover.back),
            spine: boxed(cover.spine),
            front: boxed(cover.front),
            back_safe: boxed(cover.back_safe),
            spine_safe: boxed(cover.spine_safe),
            front_safe: boxed(cover.front_safe),
            barcode: boxed(cover.barcode),
        },
        image: image_path
            .as_deref()
            .zip(picture_dpi)
            .map(|(path, dpi)| CoverImageRecord {
                path,
                dpi: dpi.round(),
            }),
        generator: format!("puzzlebook {}", env!("CARGO_PKG_VERSION")),
    };
    let mut text = serde_json::to_string_pretty(&manifest)
        .map_err(|error| Error::runtime(format!("cannot encode the cover manifest: {error}")))?;
    text.push('\n');
    Ok(text)
}
