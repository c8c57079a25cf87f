//! `puzzlebook export SPEC.toml --to DIR --format svg|png|html`: the book's puzzles beyond
//! the PDF, as one picture per puzzle and per answer, or as one self-contained web page.
//!
//! The book is made exactly as `puzzlebook book` makes it (same checks, same puzzles, same
//! numbers); [`crate::export`] draws the figures and the page, and this module only writes
//! the files, all or none through [`StagedFiles`], after everything has been made in memory.

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args as ClapArgs, ValueEnum};

use super::Ui;
use super::batch::{JobsArg, RunBudgetArg};
use super::book::{Prepared, make, prepare, refuse_inputs};
use super::io::{MissingDirectory, StagedFiles, interrupt};
use super::sudoku::NameLanguage;
use super::walkthrough_pages::{PagesFormat, PagesRequest};
use crate::book::plan::Puzzle;
use crate::error::Error;
use crate::export::svg::{SvgWriter, TextMode};
use crate::export::{self, PngOptions};
use crate::layout::fonts::FontSet;
use crate::layout::kind::Show;
use crate::raster::PageRasterizer;

#[derive(Debug, ClapArgs)]
#[command(after_help = "\
svg and png write one file per puzzle and one per answer into DIR, named by the puzzle's
number in the book: 001.svg, 001-answer.svg, ... (at least three digits). html writes one
page, DIR/NAME.html (NAME: the spec's file name), that needs nothing else: read it, print it
(one puzzle per page, answers at the back) or play it in a browser. DIR is created when
missing. The puzzles, numbers and answers are those of `puzzlebook book` for the same spec
and seed.

Examples:
  puzzlebook export examples/weekly.toml --to out --format svg
  puzzlebook export examples/weekly.toml --to out --format svg --outline-text
  puzzlebook export examples/weekly.toml --to out --format png --dpi 300 --background transparent
  puzzlebook export examples/weekly.toml --to site --format html")]
pub struct Args {
    /// The book spec (TOML).
    spec: PathBuf,
    /// The directory to write into (created when missing).
    #[arg(long, value_name = "DIR")]
    to: PathBuf,
    /// What to write.
    #[arg(long, value_enum)]
    format: Format,
    #[command(flatten)]
    picture: PictureArgs,
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

/// How pictures are drawn (for `export` and the kinds' `render`).
#[derive(Debug, ClapArgs)]
pub struct PictureArgs {
    /// SVG: draw text as the glyphs' outlines, so that it looks the same without the font.
    #[arg(long)]
    outline_text: bool,
    /// PNG: resolution in pixels per inch.
    #[arg(long, value_name = "D", default_value_t = 300, value_parser = clap::value_parser!(u32).range(10..=2400))]
    dpi: u32,
    /// PNG: the paper behind the figure.
    #[arg(long, value_enum, default_value_t = Background::White)]
    background: Background,
    /// PNG: write RGB pictures instead of greyscale.
    #[arg(long)]
    colour: bool,
}

/// `puzzlebook sudoku render` and `puzzlebook mushikui render`: puzzle lines to pictures.
/// Each puzzle of the input must have exactly one solution; it is drawn as in a book into
/// DIR/001.svg, DIR/002.svg, ... in input order, and with --answers its solution into
/// DIR/001-answer.svg, ...
/// With --walkthrough, the puzzles' walkthroughs are laid out as a book prints them (each
/// puzzle, then its walkthrough pages) into DIR/walkthroughs.pdf, or with --format png into
/// DIR/walkthroughs-p1.png, ... one per page.
#[derive(Debug, ClapArgs)]
pub struct RenderArgs {
    /// Puzzle file; standard input when absent or '-'.
    pub file: Option<PathBuf>,
    /// The directory to write into (created when missing).
    #[arg(long, value_name = "DIR")]
    to: PathBuf,
    /// What to write: svg (the default) or png; with --walkthrough, pdf (the default) or
    /// png.
    #[arg(long, value_enum)]
    format: Option<PictureFormat>,
    /// Also draw each puzzle's answer.
    #[arg(long, conflicts_with = "walkthrough")]
    answers: bool,
    /// Write the puzzles' walkthroughs as pages instead, as a book prints them:
    /// DIR/walkthroughs.pdf, or DIR/walkthroughs-pN.png with --format png.
    #[arg(long)]
    walkthrough: bool,
    /// The walkthroughs' language.
    #[arg(long, value_enum, default_value_t = NameLanguage::En, requires = "walkthrough")]
    language: NameLanguage,
    /// The page template of the walkthroughs (a spec's `template`).
    #[arg(
        long,
        value_name = "NAME",
        default_value = "letter",
        requires = "walkthrough"
    )]
    template: String,
    /// Sudoku: draw the values as `shapes` (grids up to 9x9) or `letters=WORD` (one
    /// different letter per value) instead of `digits`.
    #[arg(long, value_name = "SYMBOLS")]
    pub symbols: Option<String>,
    /// The size of a cell (a sudoku square, a mushikui-zan digit) in points.
    #[arg(long, value_name = "PT", default_value_t = 24.0, value_parser = parse_cell)]
    cell: f64,
    #[command(flatten)]
    picture: PictureArgs,
    #[command(flatten)]
    jobs: JobsArg,
}

fn parse_cell(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(cell) if (6.0..=144.0).contains(&cell) => Ok(cell),
        _ => Err(format!(
            "invalid cell size {text:?}\n  hint: give points from 6 to 144, e.g. 24"
        )),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PictureFormat {
    Svg,
    Png,
    /// With --walkthrough only.
    Pdf,
}

/// Writes pictures of `puzzles` (read from the input named `source`) as `args` asks.
pub fn render(args: RenderArgs, puzzles: Vec<Puzzle>, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    if args.walkthrough {
        let format = match args.format {
            None | Some(PictureFormat::Pdf) => PagesFormat::Pdf,
            Some(PictureFormat::Png) => PagesFormat::Png(args.picture.dpi),
            Some(PictureFormat::Svg) => {
                return Err(Error::input("walkthrough pages are written as pdf or png")
                    .with_hint("use --format pdf (the default) or --format png"));
            }
        };
        let request = PagesRequest {
            language: args.language.catalog(),
            template: &args.template,
            format,
            to: &args.to,
            jobs: &args.jobs,
        };
        return super::walkthrough_pages::write(puzzles, &request, ui);
    }
    let format = match args.format {
        None | Some(PictureFormat::Svg) => PictureFormat::Svg,
        Some(PictureFormat::Png) => PictureFormat::Png,
        Some(PictureFormat::Pdf) => {
            return Err(
                Error::input("pictures of puzzles are written as svg or png")
                    .with_hint("pdf pages come with --walkthrough, or from `puzzlebook book`"),
            );
        }
    };
    if puzzles.is_empty() {
        return Err(Error::input("the input holds no puzzle")
            .with_hint("give one puzzle per line, as `solve` reads them"));
    }
    let staged = StagedFiles::new(&args.to, MissingDirectory::Create)?;
    let fonts = FontSet::bundled(false);
    let mut drawer = Drawer::new(&fonts, &args.picture, format)?;
    let shows: &[Show] = if args.answers {
        &[Show::Puzzle, Show::Answer]
    } else {
        &[Show::Puzzle]
    };
    let mut files = Vec::with_capacity(puzzles.len() * shows.len());
    for (index, puzzle) in puzzles.iter().enumerate() {
        for &show in shows {
            let figure = export::figure(puzzle, show, args.cell, &fonts)?;
            let title = format!("{} {}", puzzle.kind().name, index + 1);
            let (extension, bytes) = drawer.draw(&figure, show, &title)?;
            let name = picture_name(index + 1, puzzles.len(), show, extension);
            files.push((args.to.join(name), bytes));
        }
    }
    write_all(staged, &files)?;
    ui.say(format_args!(
        "{}: {} files ({} puzzles), {:.1} s",
        args.to.display(),
        files.len(),
        puzzles.len(),
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}

/// Draws figures as SVG or PNG files.
struct Drawer<'a> {
    svg: SvgWriter<'a>,
    rasterizer: PageRasterizer<'a>,
    mode: TextMode,
    png: Option<PngOptions>,
}

impl<'a> Drawer<'a> {
    fn new(
        fonts: &'a FontSet,
        args: &PictureArgs,
        format: PictureFormat,
    ) -> Result<Drawer<'a>, Error> {
        Ok(Drawer {
            svg: SvgWriter::new(fonts)?,
            rasterizer: PageRasterizer::new(fonts)?,
            mode: if args.outline_text {
                TextMode::Outlines
            } else {
                TextMode::Text
            },
            png: (format == PictureFormat::Png).then_some(PngOptions {
                dpi: args.dpi,
                transparent: args.background == Background::Transparent,
                colour: args.colour,
            }),
        })
    }

    /// The file's extension and bytes.
    fn draw(
        &mut self,
        figure: &export::Figure,
        show: Show,
        title: &str,
    ) -> Result<(&'static str, Vec<u8>), Error> {
        match self.png {
            Some(options) => Ok(("png", export::png(figure, &self.rasterizer, options)?)),
            None => {
                let title = match show {
                    Show::Puzzle => title.to_string(),
                    Show::Answer => format!("{title} (answer)"),
                };
                Ok((
                    "svg",
                    self.svg.document(figure, self.mode, &title).into_bytes(),
                ))
            }
        }
    }
}

/// Writes the files (each `DIR/NAME`) all or none: staged, then moved into place together.
fn write_all(mut staged: StagedFiles, files: &[(PathBuf, Vec<u8>)]) -> Result<(), Error> {
    let name = |path: &Path| {
        path.file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    for (path, _) in files {
        staged.check(&name(path))?;
    }
    for (path, contents) in files {
        staged.write(&name(path), contents)?;
    }
    interrupt::finish(|| staged.commit())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One SVG file per puzzle and per answer.
    Svg,
    /// One PNG picture per puzzle and per answer.
    Png,
    /// One self-contained web page to read, print and play.
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Background {
    White,
    Transparent,
}

pub fn run(args: Args, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    interrupt::arm();
    let book = prepare(&args.spec, args.seed.as_deref(), args.issue.as_deref(), ui)?;
    let staged = StagedFiles::new(&args.to, MissingDirectory::Create)?;
    let made = make(&book, &args.jobs, args.budget.budget(started), ui)?;
    let stage = Instant::now();
    let files = match args.format {
        Format::Svg | Format::Png => pictures(&args, &book, &made.puzzles)?,
        Format::Html => {
            let stem = args
                .spec
                .file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
                .unwrap_or_else(|| "book".to_string());
            let page = export::html::page(
                &book.spec,
                &book.plan,
                &made.puzzles,
                &question_cells(&book),
                &book.fonts,
            )?;
            vec![(args.to.join(format!("{stem}.html")), page.into_bytes())]
        }
    };
    let outputs: Vec<&Path> = files.iter().map(|(path, _)| path.as_path()).collect();
    refuse_inputs(&outputs, &book.inputs, "--to DIR")?;
    let bytes: usize = files.iter().map(|(_, bytes)| bytes.len()).sum();
    ui.detail(format_args!(
        "{} files ({bytes} bytes) made in {:.2} s",
        files.len(),
        stage.elapsed().as_secs_f64()
    ));
    write_all(staged, &files)?;
    ui.say(format_args!(
        "{}: {} {} ({} puzzles, {:.1} KiB), {:.1} s",
        args.to.display(),
        files.len(),
        match (args.format, files.len()) {
            (Format::Html, 1) => "page",
            (Format::Html, _) => "pages",
            (Format::Svg, _) => "SVG files",
            (Format::Png, _) => "PNG files",
        },
        made.puzzles.len(),
        bytes as f64 / 1024.0,
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}

/// Each puzzle's cell size: its section's on the book's question pages.
fn question_cells(book: &Prepared) -> Vec<f64> {
    book.plan
        .jobs
        .iter()
        .map(|job| book.geometry.sections[job.section].0)
        .collect()
}

/// The file name of a puzzle's picture: its number, at least three digits wide.
pub fn picture_name(number: usize, count: usize, show: Show, extension: &str) -> String {
    let width = count.to_string().len().max(3);
    let suffix = match show {
        Show::Puzzle => "",
        Show::Answer => "-answer",
    };
    format!("{number:0width$}{suffix}.{extension}")
}

fn pictures(
    args: &Args,
    book: &Prepared,
    puzzles: &[Puzzle],
) -> Result<Vec<(PathBuf, Vec<u8>)>, Error> {
    let cells = question_cells(book);
    let format = match args.format {
        Format::Png => PictureFormat::Png,
        _ => PictureFormat::Svg,
    };
    let mut drawer = Drawer::new(&book.fonts, &args.picture, format)?;
    let mut files = Vec::with_capacity(2 * puzzles.len());
    for ((job, puzzle), &cell) in book.plan.jobs.iter().zip(puzzles).zip(&cells) {
        for show in [Show::Puzzle, Show::Answer] {
            let figure = export::figure(puzzle, show, cell, &book.fonts)?;
            let title = format!("{} {}", book.spec.title.value, job.number);
            let (extension, bytes) = drawer.draw(&figure, show, &title)?;
            let name = picture_name(job.number, puzzles.len(), show, extension);
            files.push((args.to.join(name), bytes));
        }
    }
    Ok(files)
}
