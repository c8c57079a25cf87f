//! `puzzlebook book SPEC.toml`: build a PDF puzzle book and its manifest.
//!
//! The stages run in an order that fails fast: read and validate the spec, load fonts,
//! plan the puzzles and the pages and check the layout is readable (all before any puzzle
//! is made); open the outputs (so a missing directory fails now); then make the puzzles in
//! parallel, lay out, render, and move both files into place only when all succeeded.

use std::path::{Path, PathBuf};
use std::sync::PoisonError;
use std::time::Instant;

use clap::Args as ClapArgs;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::Ui;
use super::batch::{Budget, JobsArg, RunBudgetArg};
use super::cover;
use super::io::{AtomicFile, describe, interrupt, read_file, utf8_text};
use crate::book::distinct::{Draw, Keys};
use crate::book::manifest::{self, Position};
use crate::book::plan::{Puzzle, permuted, seed_path, teaching};
use crate::book::spec::{FontChoice, Spec};
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
  puzzlebook book examples/weekly.toml -o weekly.pdf --seed 2026-W48
  puzzlebook book examples/series.toml --issue 2026-W48 -o week-48.pdf")]
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
    /// The issue of a series, a date or an ISO week (2026-11-27, 2026-W48); overrides the
    /// spec's `issue`. It joins every puzzle's seed path.
    #[arg(long, value_name = "ISSUE")]
    issue: Option<String>,
    /// Build without recording the puzzles in the series ledger (a draft): the book still
    /// leaves out every puzzle the ledger holds.
    #[arg(long)]
    no_record: bool,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    budget: RunBudgetArg,
}

/// Size limits of the files a book reads: far above any real one, far below the memory.
const MAX_SPEC_BYTES: u64 = 1 << 20;
const MAX_FONT_BYTES: u64 = 256 << 20;
const MAX_BANK_BYTES: u64 = 256 << 20;
/// Other files a section names (pattern masks): small text files.
const MAX_SECTION_FILE_BYTES: u64 = 1 << 20;

pub fn run(args: Args, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    interrupt::arm();
    let budget = args.budget.budget(started);
    let mut book = prepare(&args.spec, args.seed.as_deref(), args.issue.as_deref(), ui)?;
    budget.check("checking the spec")?;

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
    refuse_inputs(&[&pdf_path, &manifest_path], &book.inputs, "-o OUT.pdf")?;
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
            refuse_inputs(
                &[&path, &path.with_extension("json")],
                &book.inputs,
                "--cover COVER.pdf",
            )?;
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
            &book.inputs,
            path.clone(),
            None,
            0,
        )?),
        None => None,
    };

    let mut made = make(&book, &args.jobs, budget, ui)?;
    // The ledger stays locked from here until the book's record is written.
    let claimed = match &book.series {
        Some(_) if !args.no_record => claim(&mut book, &mut made, &args, started, ui)?,
        _ => None,
    };
    let stage = Instant::now();
    let bytes = render::render(&made.composed.document, &book.fonts)?;
    budget.check("writing the PDF")?;
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
    // A book that fails its preflight is not recorded.
    let recorded = match (claimed, &book.series) {
        (Some(mut locked), Some(series)) => {
            let head = crate::book::series::RecordHead {
                seed: series.book.seed.clone(),
                issue: series.book.issue.clone(),
                title: book.spec.title.value.clone(),
                recorded: super::ledger::now_text(),
            };
            Some(super::ledger::record_keys(&mut locked, &head, &made.keys)?)
        }
        _ => None,
    };
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
    let json = manifest::to_json(
        &book.spec,
        &made.printed,
        (&made.puzzles, &made.keys, &made.draws),
        &positions,
        pages,
    )?;

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
    interrupt::finish(|| {
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
    if let (Some(added), Some(series)) = (recorded, &book.series) {
        if added == 0 {
            ui.say(format_args!(
                "{}: this book was recorded before",
                series.ledger.display()
            ));
        } else {
            ui.say(format_args!(
                "{}: recorded {}",
                series.ledger.display(),
                plural(added, "puzzle")
            ));
        }
    }
    Ok(0)
}

/// Locks the book's series ledger for its record. Should another build have recorded
/// puzzles since the ledger was read, and one of them be among this book's, the book is
/// made again without them first (under the lock, so no third build slips in between).
fn claim(
    book: &mut Prepared,
    made: &mut Made,
    args: &Args,
    started: Instant,
    ui: Ui,
) -> Result<Option<super::ledger::Locked>, Error> {
    let Some(series) = &book.series else {
        return Ok(None);
    };
    super::ledger::wait_for_test_barrier();
    let locked = super::ledger::Locked::open(&series.ledger)
        .map_err(|error| series.locate(&book.spec, error))?;
    let now = locked.ledger().excluded_for(&series.book);
    let clash = made
        .keys
        .iter()
        .any(|key| now.contains(key) && !series.excluded.contains(key));
    if clash {
        ui.note(format_args!(
            "another build recorded some of these puzzles in {} meanwhile: making them again",
            series.ledger.display()
        ));
        if let Some(series) = &mut book.series {
            series.excluded = now;
        }
        *made = make(book, &args.jobs, args.budget.budget(started), ui)?;
    }
    Ok(Some(locked))
}

/// A book read and checked: everything that can be wrong with the input (the spec, its
/// fonts and puzzle files, its series ledger, a layout too cramped to read) has surfaced
/// once this exists, and no puzzle has been made yet.
pub(super) struct Prepared {
    /// The files the run reads (the spec, its fonts, puzzle files and cover picture), with
    /// what each is: no output may be one of them.
    pub inputs: Vec<(PathBuf, &'static str)>,
    pub spec: Spec,
    pub fonts: FontSet,
    pub plan: Plan,
    pub banks: Vec<Option<BankText>>,
    pub pagination: layout::Pagination,
    pub geometry: Geometry,
    /// The book's series ledger, when the spec names one.
    pub series: Option<Series>,
}

/// What a book of a series knows of its ledger.
pub(super) struct Series {
    /// The ledger file (relative paths resolved against the spec's directory).
    pub ledger: PathBuf,
    /// How the ledger knows this book.
    pub book: crate::book::series::BookId,
    /// The keys the book must leave out.
    pub excluded: Keys,
}

impl Series {
    /// An error about the ledger, pointing at the spec's `ledger` key.
    pub fn locate(&self, spec: &Spec, error: Error) -> Error {
        match (&spec.series, error.location().line) {
            (Some(series), None) => {
                let located = spec.error(series.ledger.at, error.message().to_string());
                match error.hint() {
                    Some(hint) => located.with_hint(hint.to_string()),
                    None => located,
                }
            }
            _ => error,
        }
    }
}

impl Prepared {
    /// The keys the book's puzzles must not have (its series ledger's).
    pub fn excluded(&self) -> &Keys {
        static NONE: std::sync::OnceLock<Keys> = std::sync::OnceLock::new();
        match &self.series {
            Some(series) => &series.excluded,
            None => NONE.get_or_init(Keys::new),
        }
    }
}

/// Reads and checks the spec at `path` (with `seed` and `issue` overriding its own), and
/// its series ledger.
pub(super) fn prepare(
    path: &Path,
    seed: Option<&str>,
    issue: Option<&str>,
    ui: Ui,
) -> Result<Prepared, Error> {
    let started = Instant::now();
    let spec_name = path.display().to_string();
    let text = read_file(path, MAX_SPEC_BYTES)
        .map_err(|error| Error::input(format!("cannot read {spec_name}: {}", describe(&error))))?;
    let text = utf8_text(text, "the spec").map_err(|error| error.in_file(spec_name.clone()))?;
    let mut spec = Spec::parse(&spec_name, &text, seed)?;
    if let Some(issue) = issue {
        spec.set_issue(issue).map_err(|error| {
            Error::input(format!("--issue: {}", error.message()))
                .with_hint(error.hint().unwrap_or_default().to_string())
        })?;
    }
    let base = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let series = match &spec.series {
        None => None,
        Some(series) => {
            let ledger = if series.ledger.value.is_absolute() {
                series.ledger.value.clone()
            } else {
                base.join(&series.ledger.value)
            };
            let book = crate::book::series::BookId {
                seed: spec.seed.clone(),
                issue: spec.issue.as_ref().map(|issue| issue.value.clone()),
            };
            let mut found = Series {
                ledger,
                book,
                excluded: Keys::new(),
            };
            let read =
                super::ledger::read(&found.ledger).map_err(|error| found.locate(&spec, error))?;
            found.excluded = read.excluded_for(&found.book);
            ui.detail(format_args!(
                "series ledger {}: {} records, {} puzzles to leave out",
                found.ledger.display(),
                read.records.len(),
                found.excluded.len()
            ));
            Some(found)
        }
    };
    let fonts = load_fonts(&spec, &base)?;
    check_glyphs(&spec, &fonts)?;
    let banks = read_banks(&spec, &base)?;
    read_section_files(&spec, &base)?;
    let inputs = spec_inputs(&spec, path, &base);
    let mut prepared = prepare_spec(spec, fonts, banks)?;
    prepared.series = series;
    prepared.inputs = inputs;
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
                None => format!("seed path {}", seed_path(spec, section).join("/")),
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
        inputs: Vec::new(),
        spec,
        fonts,
        plan,
        banks,
        pagination,
        geometry,
        series: None,
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
    /// Each puzzle's key and how it was drawn.
    pub keys: Vec<String>,
    pub draws: Vec<Draw>,
    pub composed: Composed,
    /// The geometry of the pages as made (walkthrough pages can raise the gutter).
    pub geometry: Geometry,
}

/// Makes the puzzles on a pool of `jobs` threads (a progress bar on a terminal) and lays
/// out the pages. Gives up when `budget` runs out.
pub(super) fn make(book: &Prepared, jobs: &JobsArg, budget: Budget, ui: Ui) -> Result<Made, Error> {
    let pool = jobs.pool(book.plan.jobs.len())?;
    ui.detail(format_args!(
        "{} worker threads",
        pool.current_num_threads()
    ));
    let progress = progress_bar(book.plan.jobs.len(), ui.shows_progress());
    let deadline = budget.deadline();
    let stage = Instant::now();
    // With --verbose, when each section's last puzzle was made.
    let finished = std::sync::Mutex::new(vec![stage; book.spec.sections.len()]);
    let note_made = |position: usize| {
        progress.inc(1);
        if ui.verbose() {
            let section = book.plan.jobs[position].section;
            let mut finished = finished.lock().unwrap_or_else(PoisonError::into_inner);
            finished[section] = finished[section].max(Instant::now());
        }
    };
    let made = pool.install(|| {
        book.plan.make(
            &book.spec,
            &book.banks,
            book.excluded(),
            deadline,
            &note_made,
        )
    });
    progress.finish_and_clear();
    let crate::book::distinct::Made {
        puzzles,
        keys,
        draws,
    } = made?;
    if ui.verbose() {
        let finished = finished
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        for (index, section) in book.spec.sections.iter().enumerate() {
            let jobs: Vec<usize> = (0..book.plan.jobs.len())
                .filter(|&position| book.plan.jobs[position].section == index)
                .collect();
            let redrawn = jobs
                .iter()
                .filter(|&&position| {
                    matches!(draws[position], Draw::Generated { redraw } if redraw > 0)
                })
                .count();
            ui.detail(format_args!(
                "  section {} {:?}: {} puzzles in {:.2} s{}",
                section.id,
                section.title.value,
                jobs.len(),
                finished[index].duration_since(stage).as_secs_f64(),
                if redrawn > 0 {
                    format!(", {redrawn} drawn again (the same as an earlier puzzle)")
                } else {
                    String::new()
                }
            ));
        }
    }
    let as_made = puzzles.clone();
    let order = book.plan.print_order(&book.spec, &puzzles);
    let printed = book.plan.printed(&order);
    let puzzles = permuted(puzzles, &order);
    let keys = permuted(keys, &order);
    let draws = permuted(draws, &order);
    let stage = Instant::now();
    let teaching = pool.install(|| teaching(&book.spec, &book.plan, &puzzles))?;
    budget.check("working out walkthroughs and hints")?;
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
    budget.check("laying out the pages")?;
    let composed = layout::compose_walked(
        &book.spec,
        &pagination,
        &geometry,
        &puzzles,
        &teaching,
        &book.fonts,
    )?;
    budget.check("laying out the pages")?;
    ui.detail(format_args!(
        "layout: {} pages in {:.2} s",
        composed.document.pages.len(),
        stage.elapsed().as_secs_f64()
    ));
    Ok(Made {
        puzzles,
        printed,
        as_made,
        keys,
        draws,
        composed,
        geometry,
    })
}

/// A path a spec gives, relative to the spec's directory `base`.
fn beside(base: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_path_buf()
    } else {
        base.join(path)
    }
}

/// The files a run of the spec at `path` reads, each with what it is.
fn spec_inputs(spec: &Spec, path: &Path, base: &Path) -> Vec<(PathBuf, &'static str)> {
    let mut inputs = vec![(path.to_path_buf(), "the spec")];
    for section in &spec.sections {
        if let Some(source) = &section.source {
            inputs.push((beside(base, &source.value), "a puzzle file of the book"));
        }
    }
    for choice in [&spec.fonts.text, &spec.fonts.bold, &spec.fonts.digits]
        .into_iter()
        .flatten()
    {
        if let FontChoice::File(font) = &choice.value {
            inputs.push((beside(base, font), "a font of the book"));
        }
    }
    if let Some(image) = &spec.cover.image {
        inputs.push((beside(base, &image.path.value), "the cover picture"));
    }
    inputs
}

/// Refuses to write any of `outputs` over one of the run's `inputs` (`-o bank.jsonl` would
/// replace the puzzle file the book was made from); `flag` is how to choose another.
pub(super) fn refuse_inputs(
    outputs: &[&Path],
    inputs: &[(PathBuf, &'static str)],
    flag: &str,
) -> Result<(), Error> {
    for output in outputs {
        if let Some((_, what)) = inputs.iter().find(|(input, _)| is_same_file(output, input)) {
            return Err(Error::input(format!(
                "the output {} is {what}, which this run reads",
                output.display()
            ))
            .with_hint(format!("choose another output path with {flag}")));
        }
    }
    Ok(())
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
            let path = beside(base, &source.value);
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
    let mut fonts = FontSet::for_language(spec.language);
    let mut sample_text: String = (' '..='~').collect();
    sample_text.push_str(&spec.title.value);
    for section in &spec.sections {
        sample_text.push_str(&section.title.value);
    }
    let load = |choice: &crate::book::source::Located<FontChoice>| -> Result<Face, Error> {
        match &choice.value {
            FontChoice::Bundled(font) => Ok(Face::bundled(*font)),
            FontChoice::File(path) => {
                let full = beside(base, path);
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
