//! The book spec: what a TOML file asks for, read strictly and validated.
//!
//! A spec names a template from `templates/` (page size, margins, header and footer,
//! puzzles per page); its own `[page]`, `[front]`, `[answers]` and `[defaults]` keys
//! override the template's one by one. Every value remembers where it was written, so later
//! stages (the planner, the layout) can point at it when it turns out impossible.
//! docs/spec.md is the reference for every key and default.

use std::path::PathBuf;

use super::source::{Located, SourceId, Sources, Span, Table, closest, parse_document};
use super::templates;
use super::units::{PageSize, parse_length, parse_page_size};
use crate::error::{Error, Result};
use crate::layout::fonts::BundledFont;
use crate::sudoku::grade::generate::check_reachable;
use crate::sudoku::grade::{RatingRange, RatingTarget};
use crate::sudoku::{ClueRange, Symmetry};

/// The language of the book's own words (headings, captions, rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    English,
    Japanese,
}

impl Language {
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
        }
    }
}

/// A puzzle kind a section can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Sudoku,
    Mushikui,
}

impl Kind {
    pub const ALL: [Kind; 2] = [Kind::Sudoku, Kind::Mushikui];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Sudoku => "sudoku",
            Kind::Mushikui => "mushikui",
        }
    }
}

/// Puzzles per page as columns × rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerPage {
    pub columns: usize,
    pub rows: usize,
}

impl PerPage {
    pub fn count(self) -> usize {
        self.columns * self.rows
    }

    pub fn parse(text: &str) -> Result<PerPage> {
        let bad = || {
            Error::input(format!("{text:?} is not a grid of puzzles per page"))
                .with_hint("write COLUMNSxROWS with 1 to 8 each, e.g. \"2x3\"")
        };
        let (columns, rows) = text.trim().split_once(['x', '×', 'X']).ok_or_else(bad)?;
        let columns: usize = columns.trim().parse().map_err(|_| bad())?;
        let rows: usize = rows.trim().parse().map_err(|_| bad())?;
        if !(1..=8).contains(&columns) || !(1..=8).contains(&rows) {
            return Err(bad());
        }
        Ok(PerPage { columns, rows })
    }
}

impl std::fmt::Display for PerPage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.columns, self.rows)
    }
}

/// The margins of a page in points; `inner` is the binding side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    pub top: f64,
    pub bottom: f64,
    pub inner: f64,
    pub outer: f64,
}

/// Page geometry and running heads.
#[derive(Clone, Debug, PartialEq)]
pub struct PageSpec {
    pub size: Located<PageSize>,
    pub margins: Located<Margins>,
    /// Swap inner and outer on even (left-hand) pages.
    pub mirror_margins: bool,
    pub bleed: Located<f64>,
    /// Raise the inner margin to the print-on-demand minimum for the page count.
    pub min_gutter: bool,
    /// Running head; placeholders `{title}`, `{subtitle}`, `{author}`, `{section}`,
    /// `{page}`, `{pages}`. Empty for none.
    pub header: Located<String>,
    pub footer: Located<String>,
    /// Add a blank last page when the count is odd.
    pub even_page_count: bool,
    /// Size of captions and running heads.
    pub text_size: Located<f64>,
}

/// Front matter switches.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontSpec {
    pub title_page: bool,
    pub contents: bool,
    pub instructions: bool,
}

/// Where the answers go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerPlacement {
    End,
    AfterSection,
    None,
}

#[derive(Clone, Debug, PartialEq)]
pub struct AnswersSpec {
    pub placement: AnswerPlacement,
    pub per_page: Located<PerPage>,
    /// Heading of the answer pages; default "Answers" / "解答".
    pub title: Option<String>,
}

/// How hard a section's puzzles must be.
#[derive(Clone, Debug, PartialEq)]
pub enum Difficulty {
    /// A named tier (`easy`, `medium`, …).
    Tier(String),
    /// A rating range as written (`"3.0..4.5"`; sudoku: the Sudoku Explainer scale),
    /// checked when the spec is read.
    Rating(String),
}

/// The stable sudoku tier names (SE rating bounds in docs/spec.md).
pub const SUDOKU_TIERS: [&str; 6] = ["easy", "medium", "hard", "expert", "diabolical", "extreme"];
/// The stable mushikui-zan tier names.
pub const MUSHIKUI_TIERS: [&str; 4] = ["easy", "medium", "hard", "expert"];

/// The operations of mushikui-zan sections (the engine's own type).
pub use crate::mushikui::Operation;

/// What a sudoku section generates.
#[derive(Clone, Debug, PartialEq)]
pub struct SudokuOptions {
    pub symmetry: Symmetry,
    pub clues: Option<Located<ClueRange>>,
}

/// What a mushikui-zan section generates.
#[derive(Clone, Debug, PartialEq)]
pub struct MushikuiOptions {
    pub operation: Located<Operation>,
    /// Digit counts of the operands, as `mushikui generate --digits` takes them.
    pub digits: Located<Vec<u32>>,
    /// Show only this digit (themed puzzles like the "seven sevens" division).
    pub reveal_only: Option<Located<u8>>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum KindOptions {
    Sudoku(SudokuOptions),
    Mushikui(MushikuiOptions),
}

#[derive(Clone, Debug, PartialEq)]
pub struct SectionSpec {
    /// 1-based position in the spec.
    pub position: usize,
    pub title: Located<String>,
    /// The seed-path name of the section: `id` from the spec, or its position. Keeping an
    /// `id` keeps a section's puzzles when sections are added or reordered.
    pub id: String,
    pub kind: Kind,
    pub count: Located<usize>,
    pub per_page: Located<PerPage>,
    pub difficulty: Option<Located<Difficulty>>,
    pub options: KindOptions,
    /// A puzzle file to take the puzzles from instead of generating them.
    pub source: Option<Located<PathBuf>>,
    /// The `[[section]]` table itself.
    pub at: Span,
}

/// A font named by a spec.
#[derive(Clone, Debug, PartialEq)]
pub enum FontChoice {
    Bundled(BundledFont),
    /// A TTF/OTF path, relative to the spec's directory.
    File(PathBuf),
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct FontsSpec {
    pub text: Option<Located<FontChoice>>,
    pub bold: Option<Located<FontChoice>>,
    pub digits: Option<Located<FontChoice>>,
}

/// A whole book spec, validated.
#[derive(Clone, Debug)]
pub struct Spec {
    pub sources: Sources,
    pub title: Located<String>,
    /// Empty when not given (then located at the title).
    pub subtitle: Located<String>,
    pub author: Located<String>,
    pub language: Language,
    pub seed: String,
    pub template: String,
    pub page: PageSpec,
    pub front: FrontSpec,
    pub fonts: FontsSpec,
    pub sections: Vec<SectionSpec>,
    pub answers: AnswersSpec,
}

const TOP_KEYS: [&str; 12] = [
    "title", "subtitle", "author", "language", "seed", "template", "page", "front", "fonts",
    "section", "answers", "defaults",
];
const PAGE_KEYS: [&str; 9] = [
    "size",
    "margins",
    "mirror_margins",
    "bleed",
    "min_gutter",
    "header",
    "footer",
    "even_page_count",
    "text_size",
];
const SIZE_KEYS: [&str; 2] = ["width", "height"];
const MARGIN_KEYS: [&str; 4] = ["top", "bottom", "inner", "outer"];
const FRONT_KEYS: [&str; 3] = ["title_page", "contents", "instructions"];
const ANSWER_KEYS: [&str; 3] = ["placement", "per_page", "title"];
const DEFAULT_KEYS: [&str; 2] = ["sudoku_per_page", "mushikui_per_page"];
const FONT_KEYS: [&str; 3] = ["text", "bold", "digits"];
const SECTION_KEYS: [&str; 14] = [
    "title",
    "id",
    "kind",
    "count",
    "per_page",
    "tier",
    "rating",
    "symmetry",
    "clues",
    "op",
    "digits",
    "reveal_only",
    "source",
    "answers",
];
const TEMPLATE_KEYS: [&str; 5] = ["name", "page", "front", "answers", "defaults"];

/// Settings a template provides and a spec overrides, before sections are read.
struct Defaults {
    page: PageSpec,
    front: FrontSpec,
    answers: AnswersSpec,
    sudoku_per_page: Located<PerPage>,
    mushikui_per_page: Located<PerPage>,
}

impl Spec {
    /// Reads a spec. `name` is how errors name the file; `seed_override` is `--seed`.
    pub fn parse(name: &str, text: &str, seed_override: Option<&str>) -> Result<Spec> {
        let mut sources = Sources::default();
        let spec_source = sources.add(name, text);
        // The template must be known before the spec's own keys can override it.
        let document = parse_document(&sources, spec_source, text)?;
        let top = Table::open(&sources, spec_source, &document, "the spec", &TOP_KEYS)?;
        let template_name = top.string("template")?;
        let (template_key, template_text) = match &template_name {
            None => templates::DEFAULT,
            Some(name) => templates::find(&name.value).ok_or_else(|| {
                let known: Vec<&str> = templates::ALL.iter().map(|(key, _)| *key).collect();
                let error = top.error(name.at, format!("unknown template {:?}", name.value));
                match closest(&name.value, &known) {
                    Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                    None => error.with_hint(format!("templates: {}", known.join(", "))),
                }
            })?,
        };
        drop(top);
        let template_source = sources.add(format!("templates/{template_key}.toml"), template_text);
        let mut defaults = read_template(&sources, template_source, template_text)?;
        let document = parse_document(&sources, spec_source, text)?;
        let top = Table::open(&sources, spec_source, &document, "the spec", &TOP_KEYS)?;
        read_overrides(&top, &mut defaults)?;

        let title = top.string("title")?.ok_or_else(|| {
            Error::input("the spec has no title")
                .at_line(1)
                .in_file(name.to_string())
                .with_hint("add a line like: title = \"Weekly Puzzles\"")
        })?;
        if title.value.trim().is_empty() {
            return Err(top.error(title.at, "the title is empty"));
        }
        let language = match top.string("language")? {
            None => Language::English,
            Some(language) => match language.value.as_str() {
                "en" => Language::English,
                "ja" => Language::Japanese,
                other => {
                    return Err(top
                        .error(language.at, format!("unknown language {other:?}"))
                        .with_hint("use \"en\" (English) or \"ja\" (Japanese)"));
                }
            },
        };
        let seed = match (seed_override, top.string("seed")?) {
            (Some(seed), _) => seed.to_string(),
            (None, Some(seed)) => seed.value,
            (None, None) => title.value.clone(),
        };
        let fonts = read_fonts(&top)?;
        let sections = top.tables("section", &SECTION_KEYS)?;
        if sections.is_empty() {
            return Err(Error::input("the spec has no sections")
                .in_file(name.to_string())
                .with_hint("add at least one [[section]] with kind and count"));
        }
        let mut read_sections = Vec::with_capacity(sections.len());
        for (index, section) in sections.iter().enumerate() {
            read_sections.push(read_section(section, index + 1, language, &defaults)?);
        }
        let mut ids: Vec<(&str, Span)> = Vec::new();
        for section in &read_sections {
            if let Some((_, first)) = ids.iter().find(|(id, _)| *id == section.id) {
                let (line, _) = super::source::line_column(sources.text(first.source), first.start);
                return Err(sources
                    .error(
                        section.at,
                        format!("two sections have the id {:?}", section.id),
                    )
                    .with_hint(format!(
                        "the other one starts on line {line}; give each section its own id"
                    )));
            }
            ids.push((&section.id, section.at));
        }
        let absent = || Located::new(String::new(), title.at);
        let subtitle = top.string("subtitle")?.unwrap_or_else(absent);
        let author = top.string("author")?.unwrap_or_else(absent);
        drop(sections);
        drop(top);
        let Defaults {
            page,
            front,
            answers,
            ..
        } = defaults;
        Ok(Spec {
            sources,
            title,
            subtitle,
            author,
            language,
            seed,
            template: template_key.to_string(),
            page,
            front,
            fonts,
            sections: read_sections,
            answers,
        })
    }

    /// An input error pointing at a value of this spec (or of its template).
    pub fn error(&self, at: Span, message: impl Into<String>) -> Error {
        self.sources.error(at, message)
    }

    /// Bytes that identify this book's content: the spec and template texts and the seed.
    /// The PDF's file identifier is derived from them.
    pub fn identity(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        for text in self.sources.texts() {
            bytes.extend_from_slice(&(text.len() as u64).to_le_bytes());
            bytes.extend_from_slice(text.as_bytes());
        }
        bytes.extend_from_slice(self.seed.as_bytes());
        bytes
    }

    /// The kinds present, in [`Kind::ALL`] order.
    pub fn kinds(&self) -> Vec<Kind> {
        Kind::ALL
            .into_iter()
            .filter(|kind| self.sections.iter().any(|section| section.kind == *kind))
            .collect()
    }

    pub fn puzzle_count(&self) -> usize {
        self.sections
            .iter()
            .map(|section| section.count.value)
            .sum()
    }
}

fn read_template(sources: &Sources, source: SourceId, text: &str) -> Result<Defaults> {
    let document = parse_document(sources, source, text)?;
    let top = Table::open(sources, source, &document, "the template", &TEMPLATE_KEYS)?;
    let _ = top.string("name")?;
    let required = |what: &str| {
        sources.error(
            top.span(),
            format!("the template {} has no {what}", sources.name(source)),
        )
    };
    let page_table = top
        .table("page", &PAGE_KEYS)?
        .ok_or_else(|| required("[page]"))?;
    let size = read_size(&page_table)?.ok_or_else(|| required("page size"))?;
    let margins = read_margins(&page_table, None)?.ok_or_else(|| required("margins"))?;
    let zero = Located::new(0.0, page_table.span());
    let mut page = PageSpec {
        size,
        margins,
        mirror_margins: true,
        bleed: zero.clone(),
        min_gutter: true,
        header: Located::new(String::new(), page_table.span()),
        footer: Located::new("{page}".to_string(), page_table.span()),
        even_page_count: false,
        text_size: Located::new(10.0, page_table.span()),
    };
    read_page(&page_table, &mut page)?;
    let mut front = FrontSpec {
        title_page: true,
        contents: true,
        instructions: true,
    };
    if let Some(table) = top.table("front", &FRONT_KEYS)? {
        read_front(&table, &mut front)?;
    }
    let defaults_table = top
        .table("defaults", &DEFAULT_KEYS)?
        .ok_or_else(|| required("[defaults]"))?;
    let sudoku_per_page = read_per_page(&defaults_table, "sudoku_per_page")?
        .ok_or_else(|| required("sudoku_per_page"))?;
    let mushikui_per_page = read_per_page(&defaults_table, "mushikui_per_page")?
        .ok_or_else(|| required("mushikui_per_page"))?;
    let answers_table = top
        .table("answers", &ANSWER_KEYS)?
        .ok_or_else(|| required("[answers]"))?;
    let per_page =
        read_per_page(&answers_table, "per_page")?.ok_or_else(|| required("answers per_page"))?;
    let mut answers = AnswersSpec {
        placement: AnswerPlacement::End,
        per_page,
        title: None,
    };
    read_answers(&answers_table, &mut answers)?;
    Ok(Defaults {
        page,
        front,
        answers,
        sudoku_per_page,
        mushikui_per_page,
    })
}

fn read_overrides(top: &Table<'_, '_>, defaults: &mut Defaults) -> Result<()> {
    if let Some(table) = top.table("page", &PAGE_KEYS)? {
        if let Some(size) = read_size(&table)? {
            defaults.page.size = size;
        }
        if let Some(margins) = read_margins(&table, Some(defaults.page.margins.value))? {
            defaults.page.margins = margins;
        }
        read_page(&table, &mut defaults.page)?;
    }
    if let Some(table) = top.table("front", &FRONT_KEYS)? {
        read_front(&table, &mut defaults.front)?;
    }
    if let Some(table) = top.table("answers", &ANSWER_KEYS)? {
        if let Some(per_page) = read_per_page(&table, "per_page")? {
            defaults.answers.per_page = per_page;
        }
        read_answers(&table, &mut defaults.answers)?;
    }
    if let Some(table) = top.table("defaults", &DEFAULT_KEYS)? {
        if let Some(per_page) = read_per_page(&table, "sudoku_per_page")? {
            defaults.sudoku_per_page = per_page;
        }
        if let Some(per_page) = read_per_page(&table, "mushikui_per_page")? {
            defaults.mushikui_per_page = per_page;
        }
    }
    Ok(())
}

/// Turns a value parser's error into one at the value's place.
fn at(table: &Table<'_, '_>, span: Span, error: Error) -> Error {
    let mut located = table.error(span, error.message().to_string());
    if let Some(hint) = error.hint() {
        located = located.with_hint(hint.to_string());
    }
    located
}

fn read_length(table: &Table<'_, '_>, key: &str) -> Result<Option<Located<f64>>> {
    let Some(text) = table.string(key)? else {
        return Ok(None);
    };
    let points = parse_length(&text.value).map_err(|error| at(table, text.at, error))?;
    if points < 0.0 {
        return Err(table.error(text.at, format!("`{key}` cannot be negative")));
    }
    Ok(Some(Located::new(points, text.at)))
}

fn read_size(table: &Table<'_, '_>) -> Result<Option<Located<PageSize>>> {
    use toml::de::DeValue;
    let Some((value, span)) = table.raw("size") else {
        return Ok(None);
    };
    let size = match value {
        DeValue::String(text) => parse_page_size(text).map_err(|error| at(table, span, error))?,
        DeValue::Table(_) => {
            let inner = table.table("size", &SIZE_KEYS)?.expect("present");
            let missing = |what: &str| {
                table
                    .error(span, format!("the page size has no {what}"))
                    .with_hint("write size = { width = \"6in\", height = \"9in\" }")
            };
            let width = read_length(&inner, "width")?.ok_or_else(|| missing("width"))?;
            let height = read_length(&inner, "height")?.ok_or_else(|| missing("height"))?;
            PageSize {
                width: width.value,
                height: height.value,
            }
        }
        _ => {
            return Err(table
                .error(
                    span,
                    "`size` must be a name like \"A4\" or a table with width and height",
                )
                .with_hint(
                    "e.g. size = \"6x9in\" or size = { width = \"6in\", height = \"9in\" }",
                ));
        }
    };
    let minimum = 72.0;
    if size.width < minimum || size.height < minimum {
        return Err(table
            .error(
                span,
                format!(
                    "a {:.0} × {:.0} pt page is too small for puzzles",
                    size.width, size.height
                ),
            )
            .with_hint("pages must be at least 1 inch on each side"));
    }
    if size.width > 14_400.0 || size.height > 14_400.0 {
        return Err(table.error(span, "the page is larger than PDF allows (200 inches)"));
    }
    Ok(Some(Located::new(size, span)))
}

fn read_margins(table: &Table<'_, '_>, base: Option<Margins>) -> Result<Option<Located<Margins>>> {
    use toml::de::DeValue;
    let Some((value, span)) = table.raw("margins") else {
        return Ok(None);
    };
    let margins = match value {
        DeValue::String(_) => {
            let all = read_length(table, "margins")?.expect("present").value;
            Margins {
                top: all,
                bottom: all,
                inner: all,
                outer: all,
            }
        }
        DeValue::Table(_) => {
            let inner_table = table.table("margins", &MARGIN_KEYS)?.expect("present");
            let get = |key: &str, fallback: Option<f64>| -> Result<f64> {
                match read_length(&inner_table, key)? {
                    Some(length) => Ok(length.value),
                    None => fallback.ok_or_else(|| {
                        table
                            .error(span, format!("the margins have no `{key}`"))
                            .with_hint("give top, bottom, inner and outer, e.g. inner = \"20mm\"")
                    }),
                }
            };
            Margins {
                top: get("top", base.map(|m| m.top))?,
                bottom: get("bottom", base.map(|m| m.bottom))?,
                inner: get("inner", base.map(|m| m.inner))?,
                outer: get("outer", base.map(|m| m.outer))?,
            }
        }
        _ => {
            return Err(table
                .error(span, "`margins` must be a length or a table")
                .with_hint("e.g. margins = { top = \"15mm\", bottom = \"15mm\", inner = \"20mm\", outer = \"12mm\" }"));
        }
    };
    Ok(Some(Located::new(margins, span)))
}

fn read_page(table: &Table<'_, '_>, page: &mut PageSpec) -> Result<()> {
    if let Some(value) = table.boolean("mirror_margins")? {
        page.mirror_margins = value.value;
    }
    if let Some(bleed) = read_length(table, "bleed")? {
        if bleed.value > 36.0 {
            return Err(table
                .error(
                    bleed.at,
                    "a bleed over 0.5in is not a print-on-demand bleed",
                )
                .with_hint("print-on-demand services use 0.125in (3.175mm)"));
        }
        page.bleed = bleed;
    }
    if let Some(value) = table.boolean("min_gutter")? {
        page.min_gutter = value.value;
    }
    for (key, slot) in [("header", &mut page.header), ("footer", &mut page.footer)] {
        if let Some(text) = table.string(key)? {
            check_placeholders(table, &text)?;
            *slot = text;
        }
    }
    if let Some(value) = table.boolean("even_page_count")? {
        page.even_page_count = value.value;
    }
    if let Some(size) = read_length(table, "text_size")? {
        if !(6.0..=24.0).contains(&size.value) {
            return Err(table
                .error(size.at, "`text_size` must be between 6pt and 24pt")
                .with_hint("10pt suits most books; 13pt or more for large print"));
        }
        page.text_size = size;
    }
    Ok(())
}

/// The placeholders header and footer templates may use.
pub const PLACEHOLDERS: [&str; 6] = ["title", "subtitle", "author", "section", "page", "pages"];

fn check_placeholders(table: &Table<'_, '_>, text: &Located<String>) -> Result<()> {
    let mut rest = text.value.as_str();
    let mut offset = 0;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else {
            return Err(table
                .error(text.at, "a `{` is not closed")
                .with_hint("placeholders look like {page}"));
        };
        let name = &rest[open + 1..open + close];
        if !PLACEHOLDERS.contains(&name) {
            let span = Span {
                start: text.at.start + 1 + offset + open,
                end: text.at.start + 2 + offset + open + close,
                ..text.at
            };
            let error = table.error(span, format!("unknown placeholder {{{name}}}"));
            return Err(match closest(name, &PLACEHOLDERS) {
                Some(close) => error.with_hint(format!("did you mean {{{close}}}?")),
                None => error.with_hint(format!(
                    "placeholders: {}",
                    PLACEHOLDERS.map(|p| format!("{{{p}}}")).join(" ")
                )),
            });
        }
        offset += open + close + 1;
        rest = &rest[open + close + 1..];
    }
    Ok(())
}

fn read_front(table: &Table<'_, '_>, front: &mut FrontSpec) -> Result<()> {
    for (key, slot) in [
        ("title_page", &mut front.title_page),
        ("contents", &mut front.contents),
        ("instructions", &mut front.instructions),
    ] {
        if let Some(value) = table.boolean(key)? {
            *slot = value.value;
        }
    }
    Ok(())
}

fn read_answers(table: &Table<'_, '_>, answers: &mut AnswersSpec) -> Result<()> {
    if let Some(placement) = table.string("placement")? {
        answers.placement = match placement.value.as_str() {
            "end" => AnswerPlacement::End,
            "after-section" => AnswerPlacement::AfterSection,
            "none" => AnswerPlacement::None,
            other => {
                let error =
                    table.error(placement.at, format!("unknown answer placement {other:?}"));
                let choices = ["end", "after-section", "none"];
                return Err(match closest(other, &choices) {
                    Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                    None => error.with_hint("use \"end\", \"after-section\" or \"none\""),
                });
            }
        };
    }
    if let Some(title) = table.string("title")? {
        answers.title = Some(title.value);
    }
    Ok(())
}

fn read_per_page(table: &Table<'_, '_>, key: &str) -> Result<Option<Located<PerPage>>> {
    let Some(text) = table.string(key)? else {
        return Ok(None);
    };
    let per_page = PerPage::parse(&text.value).map_err(|error| at(table, text.at, error))?;
    Ok(Some(Located::new(per_page, text.at)))
}

fn read_fonts(top: &Table<'_, '_>) -> Result<FontsSpec> {
    let Some(table) = top.table("fonts", &FONT_KEYS)? else {
        return Ok(FontsSpec::default());
    };
    let read = |key: &str| -> Result<Option<Located<FontChoice>>> {
        let Some(text) = table.string(key)? else {
            return Ok(None);
        };
        let choice = match BundledFont::from_name(&text.value) {
            Some(font) => FontChoice::Bundled(font),
            None if text.value.trim().is_empty() => {
                return Err(table.error(text.at, format!("`{key}` names no font")));
            }
            None => FontChoice::File(PathBuf::from(&text.value)),
        };
        Ok(Some(Located::new(choice, text.at)))
    };
    Ok(FontsSpec {
        text: read("text")?,
        bold: read("bold")?,
        digits: read("digits")?,
    })
}

fn read_section(
    table: &Table<'_, '_>,
    position: usize,
    language: Language,
    defaults: &Defaults,
) -> Result<SectionSpec> {
    let kind_text = table.string("kind")?.ok_or_else(|| {
        table
            .error(table.span(), format!("{} has no `kind`", table.what()))
            .with_hint("add kind = \"sudoku\" or kind = \"mushikui\"")
    })?;
    let kind = match kind_text.value.as_str() {
        "sudoku" => Kind::Sudoku,
        "mushikui" => Kind::Mushikui,
        other => {
            let error = table.error(kind_text.at, format!("unknown puzzle kind {other:?}"));
            return Err(match closest(other, &["sudoku", "mushikui"]) {
                Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                None => error.with_hint("use \"sudoku\" or \"mushikui\""),
            });
        }
    };
    let count = table.integer("count", 1, 10_000)?.ok_or_else(|| {
        table
            .error(table.span(), format!("{} has no `count`", table.what()))
            .with_hint("add count = 12 (how many puzzles)")
    })?;
    let count = Located::new(count.value as usize, count.at);
    let per_page = match read_per_page(table, "per_page")? {
        Some(per_page) => per_page,
        None => match kind {
            Kind::Sudoku => defaults.sudoku_per_page.clone(),
            Kind::Mushikui => defaults.mushikui_per_page.clone(),
        },
    };
    let title = match table.string("title")? {
        Some(title) => title,
        None => Located::new(
            default_section_title(kind, language).to_string(),
            kind_text.at,
        ),
    };
    let id = match table.string("id")? {
        Some(id) if id.value.trim().is_empty() => {
            return Err(table.error(id.at, "a section id cannot be empty"));
        }
        Some(id) => id.value,
        None => position.to_string(),
    };
    let difficulty = read_difficulty(table, kind)?;
    let only = |key: &str, owner: Kind| -> Result<()> {
        if kind != owner
            && let Some(span) = table.key_span(key)
        {
            return Err(table
                .error(
                    span,
                    format!("`{key}` applies to {} sections only", owner.name()),
                )
                .with_hint(format!("this section is kind = {:?}", kind.name())));
        }
        Ok(())
    };
    for key in ["symmetry", "clues"] {
        only(key, Kind::Sudoku)?;
    }
    for key in ["op", "digits", "reveal_only"] {
        only(key, Kind::Mushikui)?;
    }
    let options = match kind {
        Kind::Sudoku => KindOptions::Sudoku(read_sudoku_options(table)?),
        Kind::Mushikui => KindOptions::Mushikui(read_mushikui_options(table)?),
    };
    if let Some(span) = table.key_span("answers") {
        return Err(table
            .error(span, "per-section answer settings are not supported")
            .with_hint("set answers in the top-level [answers] table"));
    }
    let source = table
        .string("source")?
        .map(|path| Located::new(PathBuf::from(path.value), path.at));
    Ok(SectionSpec {
        position,
        title,
        id,
        kind,
        count,
        per_page,
        difficulty,
        options,
        source,
        at: table.span(),
    })
}

pub fn default_section_title(kind: Kind, language: Language) -> &'static str {
    match (kind, language) {
        (Kind::Sudoku, Language::English) => "Sudoku",
        (Kind::Sudoku, Language::Japanese) => "ナンプレ",
        (Kind::Mushikui, Language::English) => "Mushikui-zan",
        (Kind::Mushikui, Language::Japanese) => "虫食い算",
    }
}

fn read_difficulty(table: &Table<'_, '_>, kind: Kind) -> Result<Option<Located<Difficulty>>> {
    let tier = table.string("tier")?;
    let rating = table.string("rating")?;
    match (tier, rating) {
        (Some(_), Some(rating)) => Err(table
            .error(rating.at, "a section takes `tier` or `rating`, not both")
            .with_hint("remove one of them")),
        (Some(tier), None) => {
            let names: &[&str] = match kind {
                Kind::Sudoku => &SUDOKU_TIERS,
                Kind::Mushikui => &MUSHIKUI_TIERS,
            };
            if !names.contains(&tier.value.as_str()) {
                let error = table.error(
                    tier.at,
                    format!("unknown {} tier {:?}", kind.name(), tier.value),
                );
                return Err(match closest(&tier.value, names) {
                    Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                    None => error.with_hint(format!("tiers: {}", names.join(", "))),
                });
            }
            Ok(Some(Located::new(Difficulty::Tier(tier.value), tier.at)))
        }
        (None, Some(rating)) => {
            if kind == Kind::Mushikui {
                return Err(table
                    .error(
                        rating.at,
                        "mushikui-zan sections take a `tier`, not a `rating`",
                    )
                    .with_hint(format!("tiers: {}", MUSHIKUI_TIERS.join(", "))));
            }
            if kind == Kind::Sudoku {
                let range = rating
                    .value
                    .parse::<RatingRange>()
                    .map_err(|error| at(table, rating.at, error))?;
                check_reachable(RatingTarget::Range(range))
                    .map_err(|error| at(table, rating.at, error))?;
            }
            Ok(Some(Located::new(
                Difficulty::Rating(rating.value),
                rating.at,
            )))
        }
        (None, None) => Ok(None),
    }
}

fn read_sudoku_options(table: &Table<'_, '_>) -> Result<SudokuOptions> {
    let symmetry = match table.string("symmetry")? {
        None => Symmetry::default(),
        Some(text) => text
            .value
            .parse::<Symmetry>()
            .map_err(|error| at(table, text.at, error))?,
    };
    let clues = match table.string("clues")? {
        None => None,
        Some(text) => {
            let range = text
                .value
                .parse::<ClueRange>()
                .map_err(|error| at(table, text.at, error))?;
            Some(Located::new(range, text.at))
        }
    };
    Ok(SudokuOptions { symmetry, clues })
}

fn read_mushikui_options(table: &Table<'_, '_>) -> Result<MushikuiOptions> {
    let op = table.string("op")?.ok_or_else(|| {
        table
            .error(table.span(), format!("{} has no `op`", table.what()))
            .with_hint("add op = \"add\", \"sub\", \"mul\" or \"div\"")
    })?;
    let operation = match op.value.as_str() {
        "add" => Operation::Add,
        "sub" => Operation::Sub,
        "mul" => Operation::Mul,
        "div" => Operation::Div,
        other => {
            let error = table.error(op.at, format!("unknown operation {other:?}"));
            return Err(match closest(other, &["add", "sub", "mul", "div"]) {
                Some(close) if close != other => {
                    error.with_hint(format!("did you mean {close:?}?"))
                }
                _ => error.with_hint("use \"add\", \"sub\", \"mul\" or \"div\""),
            });
        }
    };
    let digits = table.integers("digits", 1, 18)?.ok_or_else(|| {
        table
            .error(table.span(), format!("{} has no `digits`", table.what()))
            .with_hint("add the operand sizes, e.g. digits = [3, 2]")
    })?;
    let sizes: Vec<usize> = digits.value.iter().map(|&d| d as usize).collect();
    // The engine knows which shapes it can make; the hint speaks the spec's language.
    if let Err(error) = crate::mushikui::GenerateOptions::new(operation, &sizes).validate() {
        return Err(table
            .error(digits.at, error.message().to_string())
            .with_hint(match operation {
                Operation::Add => "e.g. digits = [4, 4, 3] for three addends",
                Operation::Sub => "e.g. digits = [5, 4]: minuend and subtrahend",
                Operation::Mul => "e.g. digits = [3, 2]: multiplicand and multiplier",
                Operation::Div => {
                    "e.g. digits = [6, 3]: dividend and divisor (a third number fixes the quotient length)"
                }
            }));
    }
    let digits = Located::new(digits.value.iter().map(|&d| d as u32).collect(), digits.at);
    let reveal_only = table
        .integer("reveal_only", 0, 9)?
        .map(|digit| Located::new(digit.value as u8, digit.at));
    Ok(MushikuiOptions {
        operation: Located::new(operation, op.at),
        digits,
        reveal_only,
    })
}
