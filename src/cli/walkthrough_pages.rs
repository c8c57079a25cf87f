//! `sudoku render --walkthrough` and `mushikui render --walkthrough`: the walkthroughs of
//! puzzles read from a file, as pages, for a quick look without writing a book spec.
//!
//! The pages are a book's: a spec made here (no front matter, no answers, every puzzle
//! walked through, one section per run of puzzles of the same shape, whose keys each
//! puzzle's `Content::section_keys` gives) is laid out with the given puzzles in place of
//! made ones, so the pages look exactly as in a book. They are written as one PDF, or as
//! one PNG picture per page.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::Ui;
use super::batch::{JobsArg, map_ordered};
use super::book::{load_fonts, prepare_spec};
use super::io::{MissingDirectory, StagedFiles, interrupt};
use crate::book::kind::Wording;
use crate::book::plan::{Puzzle, teaching};
use crate::book::spec::{Language, Spec};
use crate::error::{Error, ErrorKind};
use crate::layout;
use crate::raster::{PageRasterizer, pixel_size};
use crate::render;
use crate::sudoku::coordinates::Coordinates;

/// What to write the pages as.
pub enum PagesFormat {
    Pdf,
    /// One picture per page at this resolution (dots per inch).
    Png(u32),
}

/// The pages' settings from the command line.
pub struct PagesRequest<'a> {
    pub language: Language,
    /// A page template name, as a spec's `template`.
    pub template: &'a str,
    pub format: PagesFormat,
    /// The directory to write into.
    pub to: &'a Path,
    pub jobs: &'a JobsArg,
}

/// Lays out the walkthroughs of `puzzles` and writes them as `request` asks.
pub fn write(puzzles: Vec<Puzzle>, request: &PagesRequest<'_>, ui: Ui) -> Result<i32, Error> {
    let started = Instant::now();
    if puzzles.is_empty() {
        return Err(Error::input("the input holds no puzzle")
            .with_hint("give one puzzle per line, as `solve` reads them"));
    }
    for (index, puzzle) in puzzles.iter().enumerate() {
        puzzle
            .content
            .walkthrough(Wording::new(request.language, Coordinates::default()))
            .map_err(|error| Error::input(format!("puzzle {}: {}", index + 1, error.message())))?;
    }
    let mut staged = StagedFiles::new(request.to, MissingDirectory::Create)?;
    let spec = Spec::parse("(walkthrough pages)", &spec_text(&puzzles, request), None)?;
    let fonts = load_fonts(&spec, Path::new(""))?;
    let book = prepare_spec(spec, fonts, Vec::new()).map_err(about_the_pages)?;
    let pool = request.jobs.pool(puzzles.len())?;
    let spec = &book.spec;
    let teaching = pool.install(|| teaching(spec, &book.plan, &puzzles))?;
    let (pagination, geometry) =
        layout::settle(spec, &book.fonts, &puzzles, &teaching).map_err(about_the_pages)?;
    let composed = layout::compose_walked(
        spec,
        &pagination,
        &geometry,
        &puzzles,
        &teaching,
        &book.fonts,
    )
    .map_err(about_the_pages)?;
    let pages = &composed.document.pages;
    let files: Vec<(PathBuf, Vec<u8>)> = match request.format {
        PagesFormat::Pdf => vec![(
            request.to.join("walkthroughs.pdf"),
            render::render(&composed.document, &book.fonts)?,
        )],
        PagesFormat::Png(dpi) => {
            pixel_size(geometry.width, geometry.height, geometry.page_bleed(1), dpi)?;
            let rasterizer = PageRasterizer::new(&book.fonts)?;
            let numbers: Vec<usize> = (1..=pages.len()).collect();
            let width = pages.len().to_string().len();
            let drawn = map_ordered(&pool, &numbers, |number| {
                rasterizer
                    .render(&pages[number - 1], dpi)
                    .map(|bitmap| bitmap.to_png())
            });
            numbers
                .iter()
                .zip(drawn)
                .map(|(number, png)| {
                    Ok((
                        request
                            .to
                            .join(format!("walkthroughs-p{number:0width$}.png")),
                        png?,
                    ))
                })
                .collect::<Result<_, Error>>()?
        }
    };
    let name = |path: &Path| {
        path.file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    for (path, _) in &files {
        staged.check(&name(path))?;
    }
    for (path, bytes) in &files {
        staged.write(&name(path), bytes)?;
    }
    interrupt::finish(|| staged.commit())?;
    ui.say(format_args!(
        "{}: {} ({} pages, {} puzzles), {:.1} s",
        request.to.display(),
        match files.as_slice() {
            [one] => one
                .0
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned(),
            _ => format!("{} pictures", files.len()),
        },
        pages.len(),
        puzzles.len(),
        started.elapsed().as_secs_f64()
    ));
    Ok(0)
}

/// Consecutive puzzles with the same section keys: one section of the pages.
struct Run {
    kind: &'static str,
    keys: Vec<(&'static str, String)>,
    count: usize,
}

/// The spec of the pages: no front matter and no answers; a section for each run of
/// puzzles with the same section keys, every puzzle walked through.
/// A layout error about the pages made here. Their spec is this command's own, so its
/// place, and a hint to change a key in it, mean nothing to the user: the page is what
/// they can choose.
fn about_the_pages(error: Error) -> Error {
    let plain = match error.kind() {
        ErrorKind::Input => Error::input(error.message()),
        ErrorKind::Runtime => Error::runtime(error.message()),
    };
    plain.with_hint(
        "choose a larger page with --template, e.g. --template a4, letter or kdp-8.5x11-large",
    )
}

fn spec_text(puzzles: &[Puzzle], request: &PagesRequest<'_>) -> String {
    let language = request.language.code();
    let mut text = format!(
        "title = \"Walkthroughs\"\ntemplate = {:?}\nlanguage = \"{language}\"\n\
         [front]\ntitle_page = false\ncontents = false\ninstructions = false\n",
        request.template
    );
    let mut runs: Vec<Run> = Vec::new();
    for puzzle in puzzles {
        let kind = puzzle.content.kind().name;
        let keys = puzzle.content.section_keys();
        match runs.last_mut() {
            Some(run) if run.kind == kind && run.keys == keys => run.count += 1,
            _ => runs.push(Run {
                kind,
                keys,
                count: 1,
            }),
        }
    }
    for Run { kind, keys, count } in runs {
        text.push_str(&format!(
            "[[section]]\nkind = \"{kind}\"\ncount = {count}\nwalkthroughs = \"all\"\n"
        ));
        for (key, value) in keys {
            text.push_str(&format!("{key} = {value}\n"));
        }
    }
    text.push_str("[answers]\nplacement = \"none\"\n");
    text
}
