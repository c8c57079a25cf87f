//! `puzzlebook preview SPEC.toml`: pictures of a book's pages without a PDF viewer.
//!
//! The book is made exactly as `puzzlebook book` makes it (same spec checks, same puzzles,
//! same layout); the chosen pages are then drawn by [`crate::raster`] instead of being
//! written as PDF.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;

use clap::Args as ClapArgs;

use super::Ui;
use super::batch::{JobsArg, map_ordered};
use super::book::{make, prepare};
use super::io::{AtomicFile, describe};
use crate::error::Error;
use crate::raster::{PageRasterizer, pixel_size};

#[derive(Debug, ClapArgs)]
#[command(after_help = "\
Pages count from 1 as in the PDF. One page is written to OUT.png (default: the spec's path
with -pN.png); for several pages each file gets its page number before .png. The pictures
are greyscale PNG files of the whole page (bleed included), the same for the same spec,
seed and resolution.

Examples:
  puzzlebook preview examples/weekly.toml
  puzzlebook preview examples/weekly.toml --page 4 -o page.png
  puzzlebook preview examples/weekly.toml --pages 4..6 --dpi 60 -o weekly.png")]
pub struct Args {
    /// The book spec (TOML).
    spec: PathBuf,
    /// The page to draw [default: 1].
    #[arg(long, value_name = "N", conflicts_with = "pages", value_parser = clap::value_parser!(u32).range(1..))]
    page: Option<u32>,
    /// The pages to draw, A..B (both included; also A.., ..B, and .. for all).
    #[arg(long, value_name = "A..B")]
    pages: Option<PageRange>,
    /// The picture to write; with several pages, the page number is added before .png.
    #[arg(short = 'o', long = "output", value_name = "OUT.png")]
    output: Option<PathBuf>,
    /// Resolution in pixels per inch.
    #[arg(long, value_name = "D", default_value_t = 100, value_parser = clap::value_parser!(u32).range(10..=600))]
    dpi: u32,
    /// Overrides the spec's seed.
    #[arg(long, value_name = "S")]
    seed: Option<String>,
    #[command(flatten)]
    jobs: JobsArg,
    /// Give up (exit 1) when the puzzles are not all made in this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 600)]
    max_seconds: u64,
}

/// A range of pages as given: either end may be open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRange {
    first: Option<usize>,
    last: Option<usize>,
}

impl FromStr for PageRange {
    type Err = String;

    fn from_str(text: &str) -> Result<PageRange, String> {
        let bad = || {
            format!(
                "invalid page range {text:?}\n  hint: write A..B with page numbers from 1, e.g. 3..6"
            )
        };
        let number = |part: &str| -> Result<Option<usize>, String> {
            let part = part.trim();
            if part.is_empty() {
                return Ok(None);
            }
            match part.parse::<usize>() {
                Ok(page) if page >= 1 => Ok(Some(page)),
                _ => Err(bad()),
            }
        };
        let range = match text.split_once("..") {
            Some((first, last)) => PageRange {
                first: number(first)?,
                last: number(last)?,
            },
            None => {
                let page = number(text)?.ok_or_else(bad)?;
                PageRange {
                    first: Some(page),
                    last: Some(page),
                }
            }
        };
        if let (Some(first), Some(last)) = (range.first, range.last)
            && first > last
        {
            return Err(bad());
        }
        Ok(range)
    }
}

pub fn run(args: Args, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    let book = prepare(&args.spec, args.seed.as_deref(), ui)?;
    let page_count = book.pagination.page_count();
    let (first, last) = match (args.page, args.pages) {
        (Some(page), _) => (page as usize, page as usize),
        (None, Some(range)) => (range.first.unwrap_or(1), range.last.unwrap_or(page_count)),
        (None, None) => (1, 1),
    };
    if first > page_count || last > page_count {
        return Err(Error::input(format!(
            "the book has {page_count} pages, so there is no page {}",
            first.max(last)
        ))
        .with_hint(format!("choose pages from 1 to {page_count}")));
    }
    let numbers: Vec<usize> = (first..=last).collect();
    let targets = targets(&args, &numbers, page_count);
    let mut files = Vec::with_capacity(targets.len());
    for target in &targets {
        files.push(AtomicFile::create(target)?);
    }

    let made = make(&book, &args.jobs, args.max_seconds, started, ui)?;
    let stage = Instant::now();
    let rasterizer = PageRasterizer::new(&book.fonts)?;
    let pool = args.jobs.pool()?;
    let pages = &made.composed.document.pages;
    let pictures = map_ordered(&pool, &numbers, |&number| {
        rasterizer
            .render(&pages[number - 1], args.dpi)
            .map(|bitmap| bitmap.to_png())
    });
    ui.detail(format_args!(
        "{} pictures drawn and encoded in {:.2} s",
        numbers.len(),
        stage.elapsed().as_secs_f64()
    ));
    for ((picture, target), (atomic, mut file)) in pictures.into_iter().zip(&targets).zip(files) {
        let picture = picture?;
        file.write_all(&picture)
            .and_then(|()| file.sync_all())
            .map_err(|error| {
                Error::runtime(format!(
                    "cannot write {}: {}",
                    target.display(),
                    describe(&error)
                ))
            })?;
        drop(file);
        atomic.commit()?;
        ui.detail(format_args!(
            "{}: {} bytes",
            target.display(),
            picture.len()
        ));
    }
    let (width, height) = pixel_size(&pages[first - 1], args.dpi);
    let what = match targets.as_slice() {
        [only] => format!("{}: page {first} of {page_count}", only.display()),
        [one, .., last_target] => format!(
            "{} to {}: pages {first} to {last} of {page_count}",
            one.display(),
            last_target.display()
        ),
        [] => "no pages".to_string(),
    };
    ui.say(format_args!(
        "{what}, {width} x {height} pixels at {} dpi, {:.1} s",
        args.dpi,
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}

/// The file for each page: `-o` itself for one page; otherwise the page number, padded to
/// the width of the page count, goes before the extension (`weekly-p04.png`).
fn targets(args: &Args, numbers: &[usize], page_count: usize) -> Vec<PathBuf> {
    if let ([_], Some(output)) = (numbers, &args.output) {
        return vec![output.clone()];
    }
    let base = args.output.clone().unwrap_or_else(|| args.spec.clone());
    let stem = base
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| "page".to_string());
    let directory = base.parent().unwrap_or(Path::new("")).to_path_buf();
    let width = page_count.to_string().len();
    numbers
        .iter()
        .map(|number| directory.join(format!("{stem}-p{number:0width$}.png")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_ranges() {
        let range = |first, last| PageRange { first, last };
        assert_eq!("3..6".parse(), Ok(range(Some(3), Some(6))));
        assert_eq!("4".parse(), Ok(range(Some(4), Some(4))));
        assert_eq!("2..".parse(), Ok(range(Some(2), None)));
        assert_eq!("..5".parse(), Ok(range(None, Some(5))));
        assert_eq!("..".parse(), Ok(range(None, None)));
        for bad in ["0..3", "6..3", "a", "", "1..b", "-1"] {
            assert!(bad.parse::<PageRange>().is_err(), "{bad}");
        }
    }
}
