//! `puzzlebook cover SPEC.toml`: the print-ready wrap-around cover of the book a spec makes.
//!
//! The spec is read and checked exactly as `puzzlebook book` does, so the page count (and
//! with it the spine's width) is the interior's. Only the puzzles the cover shows are made
//! (each depends only on its own job, so they are the book's). The PDF and its manifest
//! (OUT.json) are written through [`AtomicFile`]: both or nothing.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::Args as ClapArgs;

use super::Ui;
use super::batch::JobsArg;
use super::book::{is_same_file, make, prepare};
use super::io::{AtomicFile, interrupt};
use crate::book::Plan;
use crate::book::manifest;
use crate::error::Error;
use crate::layout::cover::{CoverGeometry, compose_cover};
use crate::raster::{PageRasterizer, pixel_size};
use crate::render;

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
    let cover = &spec.cover;
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
    let geometry = CoverGeometry::new(
        size.width,
        size.height,
        pages,
        cover.page_thickness.value,
        cover.bleed,
    );

    let pdf_path = args.output.clone().unwrap_or_else(|| {
        let stem = args
            .spec
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_else(|| "book".to_string());
        args.spec.with_file_name(format!("{stem}-cover.pdf"))
    });
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
    if let Some(png) = &args.png {
        outputs.push(png);
    }
    for output in &outputs {
        if is_same_file(output, &args.spec) {
            return Err(Error::input(format!(
                "the output {} is the spec itself",
                output.display()
            ))
            .with_hint("choose another output path"));
        }
    }
    if args.png.as_ref().is_some_and(|png| {
        png == &pdf_path || png == &manifest_path || is_same_file(png, &pdf_path)
    }) {
        return Err(
            Error::input("--png names the same file as the PDF or its manifest")
                .with_hint("give the picture its own name, e.g. --png cover.png"),
        );
    }
    if args.png.is_some() {
        pixel_size(geometry.width, geometry.height, geometry.bleed, args.dpi)?;
    }
    let mut pdf_file = AtomicFile::create(&pdf_path)?;
    let mut manifest_file = AtomicFile::create(&manifest_path)?;
    let png_file = args.png.as_deref().map(AtomicFile::create).transpose()?;

    // Only the puzzles the art shows are made: the book's first ones.
    let shown = cover.art.puzzles().min(book.plan.jobs.len());
    let plan = Plan {
        jobs: book.plan.jobs[..shown].to_vec(),
    };
    let pool = args.jobs.pool()?;
    let deadline = started.checked_add(Duration::from_secs(args.max_seconds));
    let puzzles = pool.install(|| plan.make(spec, &book.banks, deadline, &|| {}))?;
    let art: Vec<_> = plan
        .jobs
        .iter()
        .zip(&puzzles)
        .map(|(job, puzzle)| (&spec.sections[job.section], puzzle))
        .collect();
    let laid_out = compose_cover(spec, &geometry, &book.fonts, &art, args.guides)?;
    let bytes = render::render(&laid_out.document, &book.fonts)?;
    let json =
        manifest::cover_to_json(spec, &geometry, laid_out.spine_note.as_deref(), args.guides)?;
    let picture = match &png_file {
        Some(_) => Some(
            PageRasterizer::new(&book.fonts)?
                .render(&laid_out.document.pages[0], args.dpi)?
                .to_png(),
        ),
        None => None,
    };

    pdf_file.fill(&bytes)?;
    manifest_file.fill(json.as_bytes())?;
    let png_file = match (png_file, &picture) {
        (Some(mut atomic), Some(png)) => {
            atomic.fill(png)?;
            Some(atomic)
        }
        _ => None,
    };
    interrupt::deferred(|| {
        if let Some(atomic) = png_file {
            atomic.commit()?;
        }
        manifest_file.commit()?;
        pdf_file.commit()
    })?;

    if let Some(note) = &laid_out.spine_note {
        ui.note(format_args!("{note}"));
    }
    let inches = |points: f64| points / 72.0;
    let media = geometry.media();
    ui.say(format_args!(
        "{}: {:.4} x {:.4} in with bleed, spine {:.4} in for {pages} pages, {:.1} s (manifest {})",
        pdf_path.display(),
        inches(media.width),
        inches(media.height),
        inches(geometry.spine_width),
        started.elapsed().as_secs_f64(),
        manifest_path.display()
    ));
    Ok(0)
}
