//! `puzzlebook book SPEC.toml`: build a PDF puzzle book and its manifest.
//!
//! The stages run in an order that fails fast: read and validate the spec, load fonts,
//! plan the puzzles and the pages and check the layout is readable (all before any puzzle
//! is made); open the outputs (so a missing directory fails now); then make the puzzles in
//! parallel, lay out, render, and move both files into place only when all succeeded.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::Ui;
use super::batch::JobsArg;
use super::cover;
use super::io::{AtomicFile, describe, interrupt, read_file, utf8_text};
use crate::book::manifest::{self, Position};
use crate::book::plan::{Puzzle, seed_path, teaching};
use crate::book::spec::{FontChoice, Language, Spec};
use crate::book::{BankText, Plan};
use crate::error::Error;
use crate::layout::fonts::{Face, FontSet};
use crate::layout::{self, Composed, Geometry, compose::check_glyphs};
use crate::render;

#[derive(Debug, ClapArgs)]
#[command(after_help = "\
The manifest OUT.json (title, seed, pages, and every puzzle with its page and box) is written
next to the PDF. Nothing is written unless the whole book succeeds. Spec reference:
docs/spec.md.

Examples:
  puzzlebook book examples/weekly.toml -o weekly.pdf
  puzzlebook book examples/weekly.toml -o weekly.pdf --seed 2026-W48")]
pub struct Args {
    /// The book spec (TOML).
    spec: PathBuf,
    /// The PDF to write (default: the spec's path with .pdf); the manifest goes beside it.
    #[arg(short = 'o', long = "output", value_name = "OUT.pdf")]
    output: Option<PathBuf>,
    /// Also make the book's cover from the same puzzles, as `puzzlebook cover` does: into
    /// COVER.pdf (default: beside the PDF, NAME-cover.pdf), its manifest beside it.
    #[arg(long, value_name = "COVER.pdf", num_args = 0..=1)]
    cover: Option<Option<PathBuf>>,
    /// Overrides the spec's seed.
    #[arg(long, value_name = "S")]
    seed: Option<String>,
    #[command(flatten)]
    jobs: JobsArg,
    /// Give up (exit 1) when the puzzles are not all made in this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    max_seconds: u64,
}

/// Size limits of the files a book reads: far above any real one, far below the memory.
const MAX_SPEC_BYTES: u64 = 1 << 20;
const MAX_FONT_BYTES: u64 = 256 << 20;
const MAX_BANK_BYTES: u64 = 256 << 20;
/// Other files a section names (pattern masks): small text files.
const MAX_SECTION_FILE_BYTES: u64 = 1 << 20;

pub fn run(args: Args, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    let book = prepare(&args.spec, args.seed.as_deref(), ui)?;

    let pdf_path = args
        .output
        .clone()
        .unwrap_or_else(|| args.spec.with_extension("pdf"));
    if pdf_path
        .extension()
        .is_some_and(|extension| extension == "json")
    {
        return Err(Error::input(format!(
            "the output {} would be overwritten by the manifest",
            pdf_path.display()
        ))
        .with_hint("name the PDF with a .pdf extension"));
    }
    let manifest_path = pdf_path.with_extension("json");
    for output in [&pdf_path, &manifest_path] {
        if is_same_file(output, &args.spec) {
            return Err(Error::input(format!(
                "the output {} is the spec itself",
                output.display()
            ))
            .with_hint("choose another output path with -o OUT.pdf"));
        }
    }
    // The cover's inputs are checked before any puzzle is made: its picture, and its
    // thickness when the page count is known from the spec.
    let cover = match &args.cover {
        Some(path) => {
            let path = path
                .clone()
                .unwrap_or_else(|| cover::cover_path_beside(&pdf_path));
            if path == pdf_path || path == manifest_path || path.with_extension("json") == pdf_path
            {
                return Err(Error::input(format!(
                    "the cover {} would overwrite the book or its manifest",
                    path.display()
                ))
                .with_hint("give the cover its own name, e.g. --cover cover.pdf"));
            }
            let picture = cover::read_picture(&book.spec, &args.spec)?;
            if !book.spec.pages_need_puzzles() {
                cover::cover_geometry(&book.spec, book.pagination.page_count())?;
            }
            Some((path, picture))
        }
        None => None,
    };
    let mut pdf_file = AtomicFile::create(&pdf_path)?;
    let mut manifest_file = AtomicFile::create(&manifest_path)?;
    let cover_files = match &cover {
        Some((path, _)) => Some(cover::CoverFiles::create(
            &args.spec,
            path.clone(),
            None,
            0,
        )?),
        None => None,
    };

    let made = make(&book, &args.jobs, args.max_seconds, started, ui)?;
    let stage = Instant::now();
    let bytes = render::render(&made.composed.document, &book.fonts)?;
    ui.detail(format_args!(
        "render: {:.2} s, {} bytes",
        stage.elapsed().as_secs_f64(),
        bytes.len()
    ));
    let stage = Instant::now();
    preflight(&book.spec, &bytes, ui)?;
    ui.detail(format_args!(
        "preflight: {:.2} s",
        stage.elapsed().as_secs_f64()
    ));
    let stage = Instant::now();
    let geometry = &made.geometry;
    let positions: Vec<Position> = made
        .composed
        .placements
        .iter()
        .map(|placement| Position {
            page: placement.page,
            bbox: boxed(placement.bbox, geometry.page_bleed(placement.page)),
            answer: placement
                .answer
                .map(|(page, rect)| (page, boxed(rect, geometry.page_bleed(page)))),
            walkthrough: placement.walkthrough.clone(),
            hint: placement.hint,
        })
        .collect();
    let pages = made.composed.document.pages.len();
    let json = manifest::to_json(&book.spec, &made.printed, &made.puzzles, &positions, pages)?;

    // The cover of the book as made: its page count, its first puzzles as the art.
    let made_cover = match (&cover, cover_files) {
        (Some((_, picture)), Some(files)) => {
            let geometry = cover::cover_geometry(&book.spec, pages)?;
            let laid_out = cover::MadeCover::new(
                &book.spec,
                &book.fonts,
                &geometry,
                (&book.plan, &made.as_made),
                picture.as_ref(),
                false,
            )?;
            let files = files.fill(&laid_out, &book.fonts)?;
            Some((laid_out, files))
        }
        _ => None,
    };

    pdf_file.fill(&bytes)?;
    manifest_file.fill(json.as_bytes())?;
    let (made_cover, cover_files) = match made_cover {
        Some((laid_out, files)) => (Some(laid_out), Some(files)),
        None => (None, None),
    };
    let cover_path = cover_files
        .as_ref()
        .map(|files| files.pdf_path().to_path_buf());
    interrupt::deferred(|| {
        if let Some(files) = cover_files {
            files.commit()?;
        }
        manifest_file.commit()?;
        pdf_file.commit()
    })?;
    ui.detail(format_args!(
        "manifest and files: {:.2} s",
        stage.elapsed().as_secs_f64()
    ));

    if let Some((asked, used)) = made.geometry.gutter_raised {
        ui.note(format_args!(
            "inner margin raised from {:.3} in to {:.3} in, the print-on-demand minimum for {pages} pages",
            asked / 72.0,
            used / 72.0
        ));
    }
    for (which, asked, used) in &made.geometry.raised {
        ui.note(format_args!(
            "{which} margin raised from {:.3} in to {:.3} in, the least {} keeps content from the trim",
            asked / 72.0,
            used / 72.0,
            made.geometry.printer
        ));
    }
    if let (Some(laid_out), Some(path)) = (&made_cover, &cover_path) {
        laid_out.report(ui, path, started);
    }
    let plural =
        |count: usize, noun: &str| format!("{count} {noun}{}", if count == 1 { "" } else { "s" });
    ui.say(format_args!(
        "{}: {}, {}, {:.1} s (manifest {})",
        pdf_path.display(),
        plural(pages, "page"),
        plural(made.puzzles.len(), "puzzle"),
        started.elapsed().as_secs_f64(),
        manifest_path.display()
    ));
    Ok(0)
}

/// A book read and checked: everything that can be wrong with the input (the spec, its
/// fonts and puzzle files, a layout too cramped to read) has surfaced once this exists, and
/// no puzzle has been made yet.
pub(super) struct Prepared {
    pub spec: Spec,
    pub fonts: FontSet,
    pub plan: Plan,
    pub banks: Vec<Option<BankText>>,
    pub pagination: layout::Pagination,
    pub geometry: Geometry,
}

/// Reads and checks the spec at `path` (with `seed` overriding its own).
pub(super) fn prepare(path: &Path, seed: Option<&str>, ui: Ui) -> Result<Prepared, Error> {
    let started = Instant::now();
    let spec_name = path.display().to_string();
    let text = read_file(path, MAX_SPEC_BYTES)
        .map_err(|error| Error::input(format!("cannot read {spec_name}: {}", describe(&error))))?;
    let text = utf8_text(text, "the spec").map_err(|error| error.in_file(spec_name.clone()))?;
    let spec = Spec::parse(&spec_name, &text, seed)?;
    let base = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let fonts = load_fonts(&spec, &base)?;
    check_glyphs(&spec, &fonts)?;
    let banks = read_banks(&spec, &base)?;
    read_section_files(&spec, &base)?;
    let prepared = prepare_spec(spec, fonts, banks)?;
    if ui.verbose() {
        let spec = &prepared.spec;
        ui.detail(format_args!(
            "{spec_name}: seed {:?}, template {}, {} pages planned",
            spec.seed,
            spec.template,
            prepared.pagination.page_count()
        ));
        for section in &spec.sections {
            let origin = match &section.source {
                Some(source) => format!("from {}", source.value.display()),
                None => format!("seed path {}", seed_path(section).join("/")),
            };
            ui.detail(format_args!(
                "  section {} {:?}: {} {}, {origin}",
                section.id, section.title.value, section.count.value, section.kind.name
            ));
        }
        ui.detail(format_args!(
            "spec, fonts and layout checked in {:.2} s",
            started.elapsed().as_secs_f64()
        ));
    }
    Ok(prepared)
}

/// Plans a spec whose fonts are loaded and whose puzzle files are read, and checks its
/// layout.
pub(super) fn prepare_spec(
    spec: Spec,
    fonts: FontSet,
    banks: Vec<Option<BankText>>,
) -> Result<Prepared, Error> {
    let plan = Plan::new(&spec)?;
    let pagination = layout::paginate(&spec);
    let geometry = Geometry::new(&spec, &pagination, &fonts)?;
    Ok(Prepared {
        spec,
        fonts,
        plan,
        banks,
        pagination,
        geometry,
    })
}

/// The puzzles of a book and its laid-out pages.
pub(super) struct Made {
    /// The puzzles in print order (each section's `order`).
    pub puzzles: Vec<Puzzle>,
    /// The plan in print order: each job carries the seed path and index of the puzzle
    /// printed at its place.
    pub printed: Plan,
    /// The puzzles as made (in the plan's job order), from which a cover takes its art as
    /// `puzzlebook cover` does.
    pub as_made: Vec<Puzzle>,
    pub composed: Composed,
    /// The geometry of the pages as made (walkthrough pages can raise the gutter).
    pub geometry: Geometry,
}

/// Makes the puzzles on a pool of `jobs` threads (a progress bar on a terminal) and lays
/// out the pages. Gives up when the puzzles are not all made `max_seconds` after `started`.
pub(super) fn make(
    book: &Prepared,
    jobs: &JobsArg,
    max_seconds: u64,
    started: Instant,
    ui: Ui,
) -> Result<Made, Error> {
    let pool = jobs.pool()?;
    ui.detail(format_args!(
        "{} worker threads",
        pool.current_num_threads()
    ));
    let progress = progress_bar(book.plan.jobs.len(), ui.shows_progress());
    let deadline = started.checked_add(Duration::from_secs(max_seconds));
    let puzzles = pool.install(|| {
        if ui.verbose() {
            make_by_section(book, deadline, &progress, ui)
        } else {
            book.plan
                .make(&book.spec, &book.banks, deadline, &|| progress.inc(1))
        }
    });
    progress.finish_and_clear();
    let as_made = puzzles?;
    let (printed, puzzles) = book.plan.in_print_order(&book.spec, as_made.clone());
    let stage = Instant::now();
    let teaching = pool.install(|| teaching(&book.spec, &book.plan, &puzzles))?;
    let (pagination, geometry) = if book.spec.pages_need_puzzles() {
        let settled = layout::settle(&book.spec, &book.fonts, &puzzles, &teaching)?;
        ui.detail(format_args!(
            "walkthroughs: {} made and laid out in {:.2} s",
            teaching.walkthroughs.iter().flatten().count(),
            stage.elapsed().as_secs_f64()
        ));
        settled
    } else {
        (book.pagination.clone(), book.geometry.clone())
    };
    let stage = Instant::now();
    let composed = layout::compose_walked(
        &book.spec,
        &pagination,
        &geometry,
        &puzzles,
        &teaching,
        &book.fonts,
    )?;
    ui.detail(format_args!(
        "layout: {} pages in {:.2} s",
        composed.document.pages.len(),
        stage.elapsed().as_secs_f64()
    ));
    Ok(Made {
        puzzles,
        printed,
        as_made,
        composed,
        geometry,
    })
}

/// `--verbose`: makes the puzzles one section at a time to time each. The puzzles are the
/// same as [`Plan::make`] makes for the whole book, since each depends only on its job
/// (seed, section and index) or on its section's puzzle file.
fn make_by_section(
    book: &Prepared,
    deadline: Option<Instant>,
    progress: &ProgressBar,
    ui: Ui,
) -> Result<Vec<Puzzle>, Error> {
    let mut puzzles = Vec::with_capacity(book.plan.jobs.len());
    for (index, section) in book.spec.sections.iter().enumerate() {
        let started = Instant::now();
        let plan = Plan {
            jobs: book
                .plan
                .jobs
                .iter()
                .filter(|job| job.section == index)
                .cloned()
                .collect(),
        };
        // Only this section's puzzle file is read (the others' jobs are not in the plan).
        let mut spec = book.spec.clone();
        for (other, section) in spec.sections.iter_mut().enumerate() {
            if other != index {
                section.source = None;
            }
        }
        let made = plan.make(&spec, &book.banks, deadline, &|| progress.inc(1))?;
        progress.suspend(|| {
            ui.detail(format_args!(
                "  section {} {:?}: {} puzzles in {:.2} s",
                section.id,
                section.title.value,
                made.len(),
                started.elapsed().as_secs_f64()
            ))
        });
        puzzles.extend(made);
    }
    Ok(puzzles)
}

/// Checks the rendered book against its printer's rules before it is written: a rule the
/// printer enforces fails the build (exit 1, nothing written), naming the page and the rule;
/// the printer's advice is a note.
fn preflight(spec: &Spec, bytes: &[u8], ui: Ui) -> Result<(), Error> {
    use crate::preflight::Rule;
    let printer = spec.page.printer.value;
    let size = spec.page.size.value;
    let report = crate::preflight::check(bytes, printer, Some((size.width, size.height)))?;
    // Errors come first: the first group is the one the error names.
    let groups = report.groups();
    let failing = !report.passes();
    for group in groups.iter().skip(usize::from(failing)) {
        ui.note(format_args!("preflight: {}", group.line()));
    }
    let Some(first) = groups.first().filter(|_| failing) else {
        return Ok(());
    };
    let errors = groups
        .iter()
        .filter(|group| group.severity == crate::preflight::Severity::Error)
        .count();
    let mut message = format!(
        "the book fails {printer}'s preflight: {}[{}] {}",
        first.place(),
        first.rule.name(),
        first.message
    );
    if errors > 1 {
        message.push_str(&format!(" (and {} more)", errors - 1));
    }
    let hint = match first.rule {
        Rule::PageCount => format!(
            "{printer} binds books of {} pages: add puzzles, or set [page] printer for another printer",
            printer
                .profile()
                .pages
                .map_or(String::new(), |(least, most)| format!("{least} to {most}"))
        ),
        Rule::SafeZone | Rule::Gutter => {
            "widen the margins in [page] (and keep min_gutter = true)".to_string()
        }
        _ => "this is a bug in puzzlebook; please report it with the spec".to_string(),
    };
    Err(Error::runtime(message).with_hint(hint))
}

/// True when both paths name one existing file.
pub(super) fn is_same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// A layout rectangle as a manifest box: media-box coordinates (bleed included).
fn boxed(rect: layout::Rect, bleed: layout::page::Bleed) -> [f64; 4] {
    [
        rect.x + bleed.left,
        rect.y + bleed.top,
        rect.width,
        rect.height,
    ]
}

/// The `source` files of the sections, by section; paths are relative to the spec.
fn read_banks(spec: &Spec, base: &Path) -> Result<Vec<Option<BankText>>, Error> {
    spec.sections
        .iter()
        .map(|section| {
            let Some(source) = &section.source else {
                return Ok(None);
            };
            let path = if source.value.is_absolute() {
                source.value.clone()
            } else {
                base.join(&source.value)
            };
            let bytes = read_file(&path, MAX_BANK_BYTES).map_err(|error| {
                spec.error(
                    source.at,
                    format!(
                        "cannot read the puzzle file {}: {}",
                        path.display(),
                        describe(&error)
                    ),
                )
                .with_hint("puzzle file paths are relative to the spec's directory")
            })?;
            let text = utf8_text(bytes, "the puzzle file")
                .map_err(|error| error.in_file(path.display().to_string()))?;
            Ok(Some(BankText {
                name: path.display().to_string(),
                text,
            }))
        })
        .collect()
}

/// The files sections name besides their `source` (a pattern's mask), read and handed to
/// their sections before anything is planned; paths are relative to the spec.
fn read_section_files(spec: &Spec, base: &Path) -> Result<(), Error> {
    for section in &spec.sections {
        let files = section.options.files();
        if files.is_empty() {
            continue;
        }
        let mut texts = Vec::with_capacity(files.len());
        for file in files {
            let path = if file.value.is_absolute() {
                file.value.clone()
            } else {
                base.join(&file.value)
            };
            let bytes = read_file(&path, MAX_SECTION_FILE_BYTES).map_err(|error| {
                spec.error(
                    file.at,
                    format!("cannot read {}: {}", path.display(), describe(&error)),
                )
                .with_hint("paths in a spec are relative to the spec's directory")
            })?;
            let name = path.display().to_string();
            let text = utf8_text(bytes, "the file").map_err(|error| error.in_file(name.clone()))?;
            texts.push((name, text));
        }
        section.options.take_files(&texts)?;
    }
    Ok(())
}

/// The spec's fonts over the bundled defaults; font paths are relative to the spec.
pub(super) fn load_fonts(spec: &Spec, base: &Path) -> Result<FontSet, Error> {
    let mut fonts = FontSet::bundled(spec.language == Language::Japanese);
    let mut sample_text: String = (' '..='~').collect();
    sample_text.push_str(&spec.title.value);
    for section in &spec.sections {
        sample_text.push_str(&section.title.value);
    }
    let load = |choice: &crate::book::source::Located<FontChoice>| -> Result<Face, Error> {
        match &choice.value {
            FontChoice::Bundled(font) => Ok(Face::bundled(*font)),
            FontChoice::File(path) => {
                let full = if path.is_absolute() {
                    path.clone()
                } else {
                    base.join(path)
                };
                let bytes = read_file(&full, MAX_FONT_BYTES).map_err(|error| {
                    spec.error(
                        choice.at,
                        format!(
                            "cannot read the font {}: {}",
                            full.display(),
                            describe(&error)
                        ),
                    )
                    .with_hint("font paths are relative to the spec's directory")
                })?;
                Face::from_file(full.display().to_string(), bytes)
                    .map_err(|error| {
                        let mut located = spec.error(
                            choice.at,
                            format!(
                                "{} is not a usable font: {}",
                                full.display(),
                                error.message()
                            ),
                        );
                        if let Some(hint) = error.hint() {
                            located = located.with_hint(hint.to_string());
                        }
                        located
                    })
                    .and_then(|face| {
                        // Whether the PDF library can embed it is known now, not after the
                        // puzzles are made.
                        crate::render::check_embeddable(&face, &sample_text)
                            .map_err(|error| {
                                let located = spec.error(choice.at, error.message().to_string());
                                match error.hint() {
                                    Some(hint) => located.with_hint(hint.to_string()),
                                    None => located,
                                }
                            })
                            .map(|()| face)
                    })
            }
        }
    };
    if let Some(choice) = &spec.fonts.text {
        let face = fonts.add(load(choice)?);
        fonts.text = face;
        if spec.fonts.bold.is_none() {
            fonts.bold = face;
        }
    }
    if let Some(choice) = &spec.fonts.bold {
        fonts.bold = fonts.add(load(choice)?);
    }
    if let Some(choice) = &spec.fonts.digits {
        let face = fonts.add(load(choice)?);
        fonts.digits = face;
        fonts.digits_bold = face;
    }
    Ok(fonts)
}

/// A progress bar of the puzzles made, on stderr (`indicatif`), redrawn at most ten times a
/// second; hidden (never drawn) when `visible` is false.
fn progress_bar(total: usize, visible: bool) -> ProgressBar {
    if !visible {
        return ProgressBar::hidden();
    }
    let bar =
        ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr_with_hz(10));
    bar.set_style(
        ProgressStyle::with_template("[{bar:30}] {pos}/{len} puzzles")
            .expect("a valid progress template")
            .progress_chars("#>."),
    );
    bar
}
