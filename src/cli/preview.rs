//! `puzzlebook preview SPEC.toml`: pictures of a book's pages without a PDF viewer.
//!
//! The book is made exactly as `puzzlebook book` makes it (same spec checks, same puzzles,
//! same layout); the chosen pages are then drawn by [`crate::raster`] instead of being
//! written as PDF.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Instant;

use clap::Args as ClapArgs;

use super::Ui;
use super::batch::{JobsArg, RunBudgetArg, map_ordered};
use super::book::{make, prepare, refuse_inputs};
use super::io::{MissingDirectory, StagedFiles, interrupt};
use crate::error::Error;
use crate::raster::{Bitmap, PageRasterizer, pixel_size, spread_size};

#[derive(Debug, ClapArgs)]
#[command(after_help = "\
Pages count from 1 as in the PDF. One page is written to OUT.png (default: the spec's path
with -pN.png); for several pages each file gets its page number before .png, unless --spread
puts them side by side in one picture. The pictures are greyscale PNG files of the whole
page (bleed included), the same for the same spec, seed and resolution.

Examples:
  puzzlebook preview examples/weekly.toml
  puzzlebook preview examples/weekly.toml --page 4 -o page.png
  puzzlebook preview examples/weekly.toml --pages 4..6 --dpi 60 -o weekly.png
  puzzlebook preview examples/weekly.toml --pages 4,6 --spread -o questions-and-answers.png")]
pub struct Args {
    /// The book spec (TOML).
    spec: PathBuf,
    /// The page to draw [default: 1].
    #[arg(long, value_name = "N", conflicts_with = "pages", value_parser = clap::value_parser!(u32).range(1..))]
    page: Option<u32>,
    /// The pages to draw: numbers and ranges A..B (both included; A.., ..B, .. for all),
    /// separated by commas, e.g. 2..4,9.
    #[arg(long, value_name = "LIST")]
    pages: Option<PageList>,
    /// Put the pages side by side in one picture (as a spread: 2,3 shows facing pages);
    /// a picture of more than 60 million pixels is refused.
    #[arg(long)]
    spread: bool,
    /// The picture to write; with several pages (and no --spread), the page number is
    /// added before .png.
    #[arg(short = 'o', long = "output", value_name = "OUT.png")]
    output: Option<PathBuf>,
    /// Resolution in pixels per inch.
    #[arg(long, value_name = "D", default_value_t = 100, value_parser = clap::value_parser!(u32).range(10..=600))]
    dpi: u32,
    /// Overrides the spec's seed.
    #[arg(long, value_name = "S")]
    seed: Option<String>,
    /// The issue of a series (a date or an ISO week); overrides the spec's `issue`.
    #[arg(long, value_name = "ISSUE")]
    issue: Option<String>,
    #[command(flatten)]
    jobs: JobsArg,
    #[command(flatten)]
    budget: RunBudgetArg,
}

/// Pages as given: ranges whose ends may be open, in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageList(pub Vec<(Option<usize>, Option<usize>)>);

impl FromStr for PageList {
    type Err = String;

    fn from_str(text: &str) -> Result<PageList, String> {
        let bad = || {
            format!(
                "invalid pages {text:?}\n  hint: write page numbers from 1 and ranges A..B, separated by commas, e.g. 3..6,9"
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
        let mut ranges = Vec::new();
        for item in text.split(',') {
            let range = match item.split_once("..") {
                Some((first, last)) => (number(first)?, number(last)?),
                None => {
                    let page = number(item)?.ok_or_else(bad)?;
                    (Some(page), Some(page))
                }
            };
            if let (Some(first), Some(last)) = range
                && first > last
            {
                return Err(bad());
            }
            ranges.push(range);
        }
        Ok(PageList(ranges))
    }
}

impl PageList {
    /// The page numbers of a book of `page_count` pages, or the first one it does not have.
    pub fn resolve(&self, page_count: usize) -> Result<Vec<usize>, usize> {
        let mut numbers = Vec::new();
        for &(first, last) in &self.0 {
            let (first, last) = (first.unwrap_or(1), last.unwrap_or(page_count));
            if first > page_count || last > page_count {
                return Err(first.max(last));
            }
            numbers.extend(first..=last);
        }
        Ok(numbers)
    }
}

pub fn run(args: Args, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    interrupt::arm();
    let book = prepare(&args.spec, args.seed.as_deref(), args.issue.as_deref(), ui)?;
    // Walkthrough and technique pages are counted once the puzzles (and so their
    // walkthroughs) exist.
    let early = if book.spec.pages_need_puzzles() {
        Some(make(&book, &args.jobs, args.budget.budget(started), ui)?)
    } else {
        None
    };
    let page_count = early.as_ref().map_or(book.pagination.page_count(), |made| {
        made.composed.document.pages.len()
    });
    let selection = match (&args.page, &args.pages) {
        (Some(page), _) => PageList(vec![(Some(*page as usize), Some(*page as usize))]),
        (None, Some(list)) => list.clone(),
        (None, None) => PageList(vec![(Some(1), Some(1))]),
    };
    let numbers = selection.resolve(page_count).map_err(|missing| {
        Error::input(format!(
            "the book has {page_count} pages, so there is no page {missing}"
        ))
        .with_hint(format!("choose pages from 1 to {page_count}"))
    })?;
    let targets = targets(&args, &numbers, page_count);
    let outputs: Vec<&Path> = targets.iter().map(PathBuf::as_path).collect();
    refuse_inputs(&outputs, &book.inputs, "-o OUT.png")?;
    let geometry = &book.geometry;
    let page_pixels = pixel_size(
        geometry.width,
        geometry.height,
        geometry.page_bleed(1),
        args.dpi,
    )?;
    // A gap of a sixth of an inch around and between the pages of a spread.
    let gap = (args.dpi as usize).div_ceil(6);
    if args.spread {
        spread_size(page_pixels, numbers.len(), gap)?;
    }
    // The pictures share a directory (the one of -o, or of the spec).
    let directory = targets[0].parent().unwrap_or(Path::new("")).to_path_buf();
    let mut files = StagedFiles::new(&directory, MissingDirectory::Refuse)?;
    let names: Vec<String> = targets
        .iter()
        .map(|target| {
            target
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default()
        })
        .collect();
    for name in &names {
        files.check(name)?;
    }

    let made = match early {
        Some(made) => made,
        None => make(&book, &args.jobs, args.budget.budget(started), ui)?,
    };
    let stage = Instant::now();
    let rasterizer = PageRasterizer::new(&book.fonts)?;
    let pool = args.jobs.pool(numbers.len())?;
    let pages = &made.composed.document.pages;
    let draw = |number: &usize| rasterizer.render(&pages[number - 1], args.dpi);
    let encoded: Vec<Result<Vec<u8>, Error>> = if args.spread {
        let drawn = map_ordered(&pool, &numbers, draw);
        let drawn = drawn.into_iter().collect::<Result<Vec<Bitmap>, Error>>()?;
        // The gaps in light grey.
        vec![Ok(Bitmap::side_by_side(&drawn, gap, 200).to_png())]
    } else {
        // Each picture is encoded as soon as it is drawn: only the PNG files are kept.
        map_ordered(&pool, &numbers, |number| {
            draw(number).map(|bitmap| bitmap.to_png())
        })
    };
    let encoded = encoded
        .into_iter()
        .collect::<Result<Vec<Vec<u8>>, Error>>()?;
    ui.detail(format_args!(
        "{} pages drawn and encoded in {:.2} s",
        numbers.len(),
        stage.elapsed().as_secs_f64()
    ));
    for ((png, target), name) in encoded.iter().zip(&targets).zip(&names) {
        files.write(name, png)?;
        ui.detail(format_args!("{}: {} bytes", target.display(), png.len()));
    }
    // All pictures are moved into place together, or none (Ctrl-C waits for the renames).
    interrupt::finish(|| files.commit())?;

    let what = match targets.as_slice() {
        [one] => one.display().to_string(),
        [first, .., last] => format!("{} to {}", first.display(), last.display()),
        [] => String::new(),
    };
    let (width, height) = png_size(&encoded[0]);
    ui.say(format_args!(
        "{what}: {} {} of {page_count}, {width} x {height} pixels at {} dpi, {:.1} s",
        if numbers.len() == 1 { "page" } else { "pages" },
        page_list(&numbers),
        args.dpi,
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}

/// The width and height a PNG file's header gives.
fn png_size(png: &[u8]) -> (u32, u32) {
    let number = |at: usize| {
        png.get(at..at + 4).map_or(0, |bytes| {
            u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
        })
    };
    (number(16), number(20))
}

/// Page numbers for people: runs of consecutive pages as ranges (`1-3, 7`).
pub fn page_list(numbers: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut at = 0;
    while at < numbers.len() {
        let mut end = at;
        while end + 1 < numbers.len() && numbers[end + 1] == numbers[end] + 1 {
            end += 1;
        }
        parts.push(if end == at {
            numbers[at].to_string()
        } else {
            format!("{}-{}", numbers[at], numbers[end])
        });
        at = end + 1;
    }
    parts.join(", ")
}

/// The files to write. One picture (one page, or a spread) goes to `-o` itself, or by
/// default beside the spec as `NAME-pN.png` (`NAME-pA-B.png` for a spread); otherwise each
/// page gets its number, padded to the width of the page count, before the extension.
fn targets(args: &Args, numbers: &[usize], page_count: usize) -> Vec<PathBuf> {
    let single = numbers.len() == 1 || args.spread;
    if let (true, Some(output)) = (single, &args.output) {
        return vec![output.clone()];
    }
    let base = args.output.clone().unwrap_or_else(|| args.spec.clone());
    let stem = base
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_else(|| "page".to_string());
    let directory = base.parent().unwrap_or(Path::new("")).to_path_buf();
    let width = page_count.to_string().len();
    let name = |number: &usize| format!("{number:0width$}");
    if single {
        let (first, last) = (numbers[0], numbers[numbers.len() - 1]);
        let label = if numbers.len() == 1 {
            name(&first)
        } else {
            format!("{}-{}", name(&first), name(&last))
        };
        return vec![directory.join(format!("{stem}-p{label}.png"))];
    }
    numbers
        .iter()
        .map(|number| directory.join(format!("{stem}-p{}.png", name(number))))
        .collect()
}
