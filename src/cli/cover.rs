//! `puzzlebook cover SPEC.toml`: the print-ready wrap-around cover of the book a spec makes.
//!
//! The spec is read and checked exactly as `puzzlebook book` does, so the page count (and
//! with it the spine's width) is the interior's. Only the puzzles the cover shows are made
//! (each depends only on its own job, so they are the book's). The PDF and its manifest
//! (OUT.json) are written through [`AtomicFile`]: both or nothing.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Args as ClapArgs;

use super::Ui;
use super::batch::JobsArg;
use super::book::{is_same_file, make, prepare};
use super::io::{AtomicFile, describe, interrupt, read_file};
use crate::book::Plan;
use crate::book::manifest;
use crate::book::plan::Puzzle;
use crate::book::spec::Spec;
use crate::error::Error;
use crate::layout::cover::{Cover, CoverGeometry, back_sample, compose_cover};
use crate::layout::fonts::FontSet;
use crate::layout::picture::Picture;
use crate::raster::{PageRasterizer, pixel_size};
use crate::render;

/// The largest picture file a cover reads.
const MAX_PICTURE_BYTES: u64 = 256 << 20;

/// The resolution below which a printed picture looks soft.
const PRINT_DPI: f64 = 300.0;

#[derive(Debug, ClapArgs)]
#[command(after_help = "\
One PDF page: back cover, spine and front cover side by side, with bleed around. The spine is
as wide as the book is thick: its page count times the [cover] paper's thickness per page.
The manifest OUT.json (sheet size, spine width, trim, safe zones and the barcode box) is
written next to the PDF. Upload the PDF made without --guides. Spec reference: docs/spec.md.

Examples:
  puzzlebook cover examples/large-print.toml -o cover.pdf
  puzzlebook cover examples/large-print.toml -o proof.pdf --guides --png proof.png")]
pub struct Args {
    /// The book spec (TOML).
    spec: PathBuf,
    /// The PDF to write (default: the spec's path with -cover.pdf); the manifest goes beside.
    #[arg(short = 'o', long = "output", value_name = "OUT.pdf")]
    output: Option<PathBuf>,
    /// Draw proofing guides: trim, spine folds, safe zones and the barcode box.
    #[arg(long)]
    guides: bool,
    /// Also write a greyscale picture of the cover (as `preview` draws pages).
    #[arg(long, value_name = "OUT.png")]
    png: Option<PathBuf>,
    /// Resolution of the --png picture in pixels per inch.
    #[arg(long, value_name = "D", default_value_t = 100, value_parser = clap::value_parser!(u32).range(10..=600))]
    dpi: u32,
    /// Overrides the spec's seed.
    #[arg(long, value_name = "S")]
    seed: Option<String>,
    #[command(flatten)]
    jobs: JobsArg,
    /// Give up (exit 1) when the cover's puzzles are not made in this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    max_seconds: u64,
}

pub fn run(args: Args, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    let book = prepare(&args.spec, args.seed.as_deref(), ui)?;
    let spec = &book.spec;
    let picture = read_picture(spec, &args.spec)?;
    // Walkthrough and technique pages are counted only once the walkthroughs exist: such
    // a book is made in full to learn its page count.
    let pages = if spec.pages_need_puzzles() {
        make(&book, &args.jobs, args.max_seconds, started, ui)?
            .composed
            .document
            .pages
            .len()
    } else {
        book.pagination.page_count()
    };
    let geometry = cover_geometry(spec, pages)?;

    let pdf_path = args
        .output
        .clone()
        .unwrap_or_else(|| cover_path_beside(&args.spec));
    if args.png.is_some() {
        pixel_size(
            geometry.width,
            geometry.height,
            crate::layout::page::Bleed::uniform(geometry.bleed),
            args.dpi,
        )?;
    }
    let files = CoverFiles::create(&args.spec, pdf_path, args.png.clone(), args.dpi)?;

    // Only the puzzles the cover shows are made: the book's first ones for the art, and
    // the back's sample.
    let shown = spec.cover.art.puzzles().min(book.plan.jobs.len());
    let mut plan = Plan {
        jobs: book.plan.jobs[..shown].to_vec(),
    };
    if let Some(sample) = back_sample(spec).filter(|&sample| sample >= shown) {
        plan.jobs.extend(book.plan.jobs.get(sample).cloned());
    }
    let pool = args.jobs.pool()?;
    let deadline = started.checked_add(Duration::from_secs(args.max_seconds));
    let puzzles = pool.install(|| plan.make(spec, &book.banks, deadline, &|| {}))?;
    let made = MadeCover::new(
        spec,
        &book.fonts,
        &geometry,
        (&plan, &puzzles),
        picture.as_ref(),
        args.guides,
    )?;
    let files = files.fill(&made, &book.fonts)?;
    let pdf_path = files.pdf_path().to_path_buf();
    interrupt::deferred(|| files.commit())?;
    made.report(ui, &pdf_path, started);
    Ok(0)
}

/// The default cover path of a spec or a PDF: beside it, `NAME-cover.pdf`.
pub(super) fn cover_path_beside(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| "book".to_string());
    path.with_file_name(format!("{stem}-cover.pdf"))
}

/// Reads and decodes the `[cover] image` file (relative to the spec at `spec_path`).
pub(super) fn read_picture(spec: &Spec, spec_path: &Path) -> Result<Option<Arc<Picture>>, Error> {
    let Some(image) = &spec.cover.image else {
        return Ok(None);
    };
    let base = spec_path.parent().unwrap_or(Path::new(""));
    let path = if image.path.value.is_absolute() {
        image.path.value.clone()
    } else {
        base.join(&image.path.value)
    };
    let bytes = read_file(&path, MAX_PICTURE_BYTES).map_err(|error| {
        spec.error(
            image.path.at,
            format!(
                "cannot read the cover picture {}: {}",
                path.display(),
                describe(&error)
            ),
        )
        .with_hint("picture paths are relative to the spec's directory")
    })?;
    let picture = Picture::decode(&bytes).map_err(|error| {
        let mut located = spec.error(
            image.path.at,
            format!("the cover picture {}: {}", path.display(), error.message()),
        );
        if let Some(hint) = error.hint() {
            located = located.with_hint(hint.to_string());
        }
        located
    })?;
    Ok(Some(Arc::new(picture)))
}

/// The cover's sheet for a book of `pages` pages, or an error when it is too thin to bind.
pub(super) fn cover_geometry(spec: &Spec, pages: usize) -> Result<CoverGeometry, Error> {
    let cover = &spec.cover;
    if pages < cover.min_pages {
        return Err(spec
            .error(
                cover.at,
                format!(
                    "a book of {pages} pages is too thin for a bound cover (at least {} pages)",
                    cover.min_pages
                ),
            )
            .with_hint(
                "add puzzles; print-on-demand paperbacks need 24 pages (KDP); a printer that binds thinner books: set [cover] min_pages",
            ));
    }
    let size = spec.page.size.value;
    Ok(CoverGeometry::new(
        size.width,
        size.height,
        pages,
        cover.page_thickness.value,
        cover.bleed,
    ))
}

/// A laid-out cover, its PDF and manifest.
pub(super) struct MadeCover {
    cover: Cover,
    pdf: Vec<u8>,
    json: String,
    geometry: CoverGeometry,
}

impl MadeCover {
    /// Lays out and renders the cover; its art shows `puzzles`, made for the first jobs of
    /// `plan`, and its back the sample puzzle when `plan` has it.
    pub(super) fn new(
        spec: &Spec,
        fonts: &FontSet,
        geometry: &CoverGeometry,
        (plan, puzzles): (&Plan, &[Puzzle]),
        picture: Option<&Arc<Picture>>,
        guides: bool,
    ) -> Result<MadeCover, Error> {
        let art: Vec<_> = plan
            .jobs
            .iter()
            .zip(puzzles)
            .take(spec.cover.art.puzzles())
            .map(|(job, puzzle)| (&spec.sections[job.section], puzzle))
            .collect();
        let sample = back_sample(spec).and_then(|sample| {
            plan.jobs
                .iter()
                .zip(puzzles)
                .find(|(job, _)| job.number == sample + 1)
                .map(|(job, puzzle)| (&spec.sections[job.section], puzzle))
        });
        let cover = compose_cover(spec, geometry, fonts, &art, sample, picture, guides)?;
        let pdf = render::render(&cover.document, fonts)?;
        let json = manifest::cover_to_json(
            spec,
            geometry,
            cover.spine_note.as_deref(),
            guides,
            cover.picture_dpi,
        )?;
        Ok(MadeCover {
            cover,
            pdf,
            json,
            geometry: geometry.clone(),
        })
    }

    /// Notes (no spine text, a picture below print resolution) and the summary line.
    pub(super) fn report(&self, ui: Ui, pdf_path: &Path, started: Instant) {
        if let Some(note) = &self.cover.spine_note {
            ui.note(format_args!("{note}"));
        }
        if let Some(dpi) = self.cover.picture_dpi.filter(|&dpi| dpi < PRINT_DPI) {
            ui.note(format_args!(
                "the cover picture prints at {dpi:.0} dpi; print wants {PRINT_DPI:.0} dpi or more (a larger picture, or a smaller area)"
            ));
        }
        let geometry = &self.geometry;
        let inches = |points: f64| points / 72.0;
        let media = geometry.media();
        ui.say(format_args!(
            "{}: {:.4} x {:.4} in with bleed, spine {:.4} in for {} pages, {:.1} s (manifest {})",
            pdf_path.display(),
            inches(media.width),
            inches(media.height),
            inches(geometry.spine_width),
            geometry.pages,
            started.elapsed().as_secs_f64(),
            pdf_path.with_extension("json").display()
        ));
    }
}

/// The cover's output files, opened before the work so that a bad path fails first.
pub(super) struct CoverFiles {
    pdf_path: PathBuf,
    pdf: AtomicFile,
    manifest: AtomicFile,
    png: Option<(AtomicFile, u32)>,
}

impl CoverFiles {
    /// Checks the paths (none is the spec, none clashes) and opens the files.
    pub(super) fn create(
        spec_path: &Path,
        pdf_path: PathBuf,
        png: Option<PathBuf>,
        dpi: u32,
    ) -> Result<CoverFiles, Error> {
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
        let mut outputs = vec![&pdf_path, &manifest_path];
        if let Some(png) = &png {
            outputs.push(png);
        }
        for output in &outputs {
            if is_same_file(output, spec_path) {
                return Err(Error::input(format!(
                    "the output {} is the spec itself",
                    output.display()
                ))
                .with_hint("choose another output path"));
            }
        }
        if png.as_ref().is_some_and(|png| {
            png == &pdf_path || png == &manifest_path || is_same_file(png, &pdf_path)
        }) {
            return Err(
                Error::input("--png names the same file as the PDF or its manifest")
                    .with_hint("give the picture its own name, e.g. --png cover.png"),
            );
        }
        Ok(CoverFiles {
            pdf: AtomicFile::create(&pdf_path)?,
            manifest: AtomicFile::create(&manifest_path)?,
            png: png
                .as_deref()
                .map(AtomicFile::create)
                .transpose()?
                .map(|file| (file, dpi)),
            pdf_path,
        })
    }

    /// The PDF the cover goes to.
    pub(super) fn pdf_path(&self) -> &Path {
        &self.pdf_path
    }

    /// Writes the cover into the files (not yet in place).
    pub(super) fn fill(mut self, made: &MadeCover, fonts: &FontSet) -> Result<CoverFiles, Error> {
        if let Some((file, dpi)) = &mut self.png {
            let picture = PageRasterizer::new(fonts)?
                .render(&made.cover.document.pages[0], *dpi)?
                .to_png();
            file.fill(&picture)?;
        }
        self.pdf.fill(&made.pdf)?;
        self.manifest.fill(made.json.as_bytes())?;
        Ok(self)
    }

    /// Moves the files into place.
    pub(super) fn commit(self) -> Result<(), Error> {
        if let Some((file, _)) = self.png {
            file.commit()?;
        }
        self.manifest.commit()?;
        self.pdf.commit()
    }
}
