//! The book spec: what a TOML file asks for, read strictly and validated.
//!
//! A spec names a template from `templates/` (page size, margins, header and footer,
//! puzzles per page); its own `[page]`, `[front]`, `[answers]` and `[defaults]` keys
//! override the template's one by one. Every value remembers where it was written, so later
//! stages (the planner, the layout) can point at it when it turns out impossible.
//! docs/spec.md is the reference for every key and default.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;

use super::cover::{CoverSpec, read_cover};
use super::imprint::{ImprintSpec, read_imprint};
use super::kind::SectionKind;
use super::printer::{INCH, Printer};
use super::source::{Located, SourceId, Sources, Span, Table, closest, parse_document};
use super::templates;
use super::units::{PageSize, parse_length, parse_page_size};
use crate::error::{Error, Result};
use crate::kind::{self, Kind};
use crate::layout::fonts::BundledFont;
use crate::sudoku::coordinates::Coordinates;

/// The language of the book's own words (headings, captions, rules): a catalog.
pub use crate::i18n::Language;

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
    /// The printer the interior is made for: where the bleed goes, the margins it needs.
    pub printer: Located<Printer>,
    /// Raise the inner margin to the print-on-demand minimum for the page count.
    pub min_gutter: bool,
    /// Running head; placeholders `{title}`, `{subtitle}`, `{author}`, `{section}`,
    /// `{page}`, `{pages}`. Empty for none.
    pub header: Located<String>,
    pub footer: Located<String>,
    /// Add a blank last page when the count is odd.
    pub even_page_count: bool,
    /// Start each section's puzzles on a right-hand (odd) page, a blank page before when
    /// needed (`section_start = "right"`; `"any"` runs on).
    pub sections_on_right: bool,
    /// Size of captions and running heads.
    pub text_size: Located<f64>,
    /// The smallest text the book sets (notes, running heads, answers' digits are raised
    /// to it): large print.
    pub min_text_size: Option<Located<f64>>,
    /// The smallest digit of a question figure: a layout with smaller digits is refused.
    pub min_digit_size: Option<Located<f64>>,
    /// The largest width or height of a question figure (its cells): figures grow to the
    /// room their slot has, up to this.
    pub max_figure: Option<Located<f64>>,
}

/// Front matter switches.
#[derive(Clone, Debug, PartialEq)]
pub struct FrontSpec {
    pub title_page: bool,
    pub contents: bool,
    pub instructions: bool,
    /// The techniques chapter (`techniques = true`): where the key was set, when it is on.
    pub techniques: Option<Span>,
    /// A masthead opening the first puzzle page (`masthead = true`: the title, a byline and
    /// the rules, as a newsletter opens), instead of rules pages: where the key was set.
    pub masthead: Option<Span>,
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
    /// The smallest digit of an answer figure: a layout with smaller digits is refused.
    pub min_digit_size: Option<Located<f64>>,
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

/// Which puzzles of a section get a walkthrough (`walkthroughs = "…"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Walkthroughs {
    /// `"none"`: no walkthroughs (the default).
    #[default]
    None,
    /// `"first"`: the section's first puzzle.
    First,
    /// `"every N"`: the 1st, (N+1)th, (2N+1)th… puzzle of the section.
    Every(usize),
    /// `"all"`: every puzzle.
    All,
}

impl Walkthroughs {
    /// Whether the puzzle at `index` (from 0) in its section gets a walkthrough.
    pub fn includes(self, index: usize) -> bool {
        match self {
            Walkthroughs::None => false,
            Walkthroughs::First => index == 0,
            Walkthroughs::Every(step) => index.is_multiple_of(step),
            Walkthroughs::All => true,
        }
    }
}

impl FromStr for Walkthroughs {
    type Err = Error;
    fn from_str(text: &str) -> Result<Walkthroughs> {
        let bad = || {
            Error::input(format!("unknown walkthroughs choice {text:?}"))
                .with_hint("use \"none\", \"first\", \"every N\" (e.g. \"every 5\") or \"all\"")
        };
        match text.trim() {
            "none" => Ok(Walkthroughs::None),
            "first" => Ok(Walkthroughs::First),
            "all" => Ok(Walkthroughs::All),
            other => {
                let step = other
                    .strip_prefix("every")
                    .ok_or_else(bad)?
                    .trim()
                    .parse::<usize>()
                    .map_err(|_| bad())?;
                if step == 0 {
                    return Err(bad());
                }
                Ok(Walkthroughs::Every(step))
            }
        }
    }
}

/// The order a section's puzzles print in (`order = "…"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Order {
    /// `"rating"`: easiest first, by the grader's rating (the default); puzzles of equal
    /// rating keep the order they were made in.
    #[default]
    Rating,
    /// `"as-made"`: the order they were made in (a puzzle file's order).
    AsMade,
}

impl FromStr for Order {
    type Err = Error;
    fn from_str(text: &str) -> Result<Order> {
        match text.trim() {
            "rating" => Ok(Order::Rating),
            "as-made" => Ok(Order::AsMade),
            _ => Err(Error::input(format!("unknown order {text:?}"))
                .with_hint("use \"rating\" (easiest first) or \"as-made\"")),
        }
    }
}

#[derive(Clone, Debug)]
pub struct SectionSpec {
    /// 1-based position in the spec.
    pub position: usize,
    pub title: Located<String>,
    /// The seed-path name of the section: `id` from the spec, or its position. Keeping an
    /// `id` keeps a section's puzzles when sections are added or reordered.
    pub id: String,
    pub kind: &'static Kind,
    pub count: Located<usize>,
    pub per_page: Located<PerPage>,
    /// The grid of this section's answers where it is not `[answers] per_page` (a drill's
    /// answers show pencil marks and may need larger figures than the book's others).
    pub answers_per_page: Option<Located<PerPage>>,
    pub difficulty: Option<Located<Difficulty>>,
    /// The kind's own options (see [`crate::kind`]).
    pub options: Arc<dyn SectionKind>,
    /// A puzzle file to take the puzzles from instead of generating them.
    pub source: Option<Located<PathBuf>>,
    /// Which puzzles get a walkthrough after the answers.
    pub walkthroughs: Walkthroughs,
    /// The most pages one of the section's walkthroughs should take
    /// (`max_walkthrough_pages = N`), when not the kind's goal for the puzzle's tier (see
    /// `book::kind::Walkthrough::page_goal`).
    pub max_walkthrough_pages: Option<usize>,
    /// Whether the section's puzzles get a hint (one nudge each) before the answers.
    pub hints: bool,
    /// The hints come as a ladder (`hint_ladder = true`): where to look, then the
    /// technique, then the step itself, each on pages of its own.
    pub hint_ladder: bool,
    /// The order its puzzles print in.
    pub order: Order,
    /// The largest width or height of the section's figures (else `[page] max_figure`).
    pub max_figure: Option<Located<f64>>,
    /// The `[[section]]` table itself.
    pub at: Span,
    /// The section's line in the table of contents: its title, or none (a calendar lists
    /// its months, each at its first day).
    pub contents: Option<String>,
    /// `technique_page = true`: the section opens with the techniques chapter's page of
    /// the technique it teaches (where the key was set).
    pub technique_page: Option<Span>,
}

impl SectionSpec {
    /// True when the section's puzzles can have walkthroughs (and so examples in the
    /// techniques chapter).
    pub fn can_walk(&self) -> bool {
        self.kind.book.has_walkthroughs() && self.options.has_walkthroughs()
    }

    /// True when a hint or walkthrough refers to the section's puzzles, so their figures
    /// carry coordinates (for kinds that have them).
    pub fn is_referred_to(&self) -> bool {
        self.hints || self.walkthroughs != Walkthroughs::None
    }
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
    /// The date the PDF records as created and modified; none when not given.
    pub date: Option<Located<Date>>,
    pub language: Language,
    /// How rows, columns and cells are named: the labels beside every grid a hint or
    /// walkthrough refers to, and the words of both.
    pub coordinates: Coordinates,
    pub seed: String,
    pub template: String,
    pub page: PageSpec,
    pub front: FrontSpec,
    pub fonts: FontsSpec,
    pub sections: Vec<SectionSpec>,
    pub answers: AnswersSpec,
    /// The wrap-around cover (`puzzlebook cover`).
    pub cover: CoverSpec,
    /// The copyright page after the title page (`[imprint]`), when the spec has one.
    pub imprint: Option<ImprintSpec>,
    /// The issue of a series (`issue = "2026-W48"` or `--issue`): a date or an ISO week,
    /// written the one way ([`super::series::Issue`]); it joins every puzzle's seed path.
    pub issue: Option<Located<String>>,
    /// The series the book belongs to (`[series]`).
    pub series: Option<SeriesSpec>,
}

/// `[series]`: the ledger of the puzzles a series has printed.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesSpec {
    /// The ledger file, relative to the spec.
    pub ledger: Located<PathBuf>,
}

const TOP_KEYS: [&str; 19] = [
    "title",
    "subtitle",
    "author",
    "date",
    "language",
    "coordinates",
    "seed",
    "template",
    "page",
    "front",
    "fonts",
    "section",
    "answers",
    "defaults",
    "cover",
    "imprint",
    "issue",
    "series",
    "calendar",
];

/// A calendar date (proleptic Gregorian), as the spec's `date = "YYYY-MM-DD"` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    /// Reads `YYYY-MM-DD` (years 1000 to 9999), refusing days the month does not have.
    pub fn parse(text: &str) -> Option<Date> {
        let mut parts = text.split('-');
        let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some()
            || year.len() != 4
            || month.len() != 2
            || day.len() != 2
            || !text
                .bytes()
                .all(|byte| byte.is_ascii_digit() || byte == b'-')
        {
            return None;
        }
        let date = Date {
            year: year.parse().ok()?,
            month: month.parse().ok()?,
            day: day.parse().ok()?,
        };
        let leap = date.year.is_multiple_of(4)
            && (!date.year.is_multiple_of(100) || date.year.is_multiple_of(400));
        let days_in_month = match date.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (date.year >= 1000 && (1..=days_in_month).contains(&date.day)).then_some(date)
    }

    /// Seconds from 1970-01-01T00:00:00Z to midnight (UTC) starting this day.
    pub fn unix_seconds(self) -> i64 {
        // Days from the civil date, counting years from March so that leap days come last.
        let (month, day) = (i64::from(self.month), i64::from(self.day));
        let year = i64::from(self.year) - i64::from(month <= 2);
        let era = year.div_euclid(400);
        let year_of_era = year - era * 400;
        let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
        let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
        (era * 146_097 + day_of_era - 719_468) * 86_400
    }
}
const PAGE_KEYS: [&str; 14] = [
    "size",
    "margins",
    "mirror_margins",
    "bleed",
    "printer",
    "min_gutter",
    "header",
    "footer",
    "even_page_count",
    "section_start",
    "text_size",
    "min_text_size",
    "min_digit_size",
    "max_figure",
];
const SIZE_KEYS: [&str; 2] = ["width", "height"];
const MARGIN_KEYS: [&str; 4] = ["top", "bottom", "inner", "outer"];
const FRONT_KEYS: [&str; 5] = [
    "title_page",
    "contents",
    "instructions",
    "techniques",
    "masthead",
];
const ANSWER_KEYS: [&str; 4] = ["placement", "per_page", "title", "min_digit_size"];
/// `[defaults]` holds `KIND_per_page` for every kind.
fn default_keys() -> Vec<String> {
    kind::ALL
        .iter()
        .map(|kind| format!("{}_per_page", kind.name))
        .collect()
}
const FONT_KEYS: [&str; 3] = ["text", "bold", "digits"];
/// The keys every `[[section]]` may have; each kind adds its own.
const COMMON_SECTION_KEYS: [&str; 17] = [
    "title",
    "max_figure",
    "id",
    "kind",
    "count",
    "per_page",
    "answers_per_page",
    "tier",
    "rating",
    "source",
    "walkthroughs",
    "max_walkthrough_pages",
    "hints",
    "hint_ladder",
    "order",
    "technique_page",
    // Refused with a pointer to [answers] (see `read_section`).
    "answers",
];

/// The keys a `[[section]]` may have: the common ones and every kind's own.
fn section_keys() -> Vec<&'static str> {
    let mut keys = COMMON_SECTION_KEYS.to_vec();
    for kind in kind::ALL {
        keys.extend_from_slice(kind.book.section_keys());
    }
    keys
}
const TEMPLATE_KEYS: [&str; 5] = ["name", "page", "front", "answers", "defaults"];

/// Settings a template provides and a spec overrides, before sections are read.
struct Defaults {
    page: PageSpec,
    front: FrontSpec,
    answers: AnswersSpec,
    /// Puzzles per page of each kind (in [`kind::ALL`] order).
    per_page: Vec<Located<PerPage>>,
}

impl Spec {
    /// The grid of a section's answers: its own `answers_per_page`, else `[answers]
    /// per_page`.
    pub fn answers_per_page(&self, section: usize) -> &Located<PerPage> {
        self.sections[section]
            .answers_per_page
            .as_ref()
            .unwrap_or(&self.answers.per_page)
    }

    /// How the book words what it teaches: its language and coordinates.
    pub fn wording(&self) -> super::kind::Wording {
        super::kind::Wording::new(self.language, self.coordinates)
    }

    /// True when some section asks for hints.
    pub fn has_hints(&self) -> bool {
        self.sections.iter().any(|section| section.hints)
    }

    /// True when the page count depends on the made puzzles: walkthroughs, or a techniques
    /// chapter.
    pub fn pages_need_puzzles(&self) -> bool {
        self.has_walkthroughs() || self.front.techniques.is_some()
    }

    /// True when some section asks for walkthroughs.
    pub fn has_walkthroughs(&self) -> bool {
        self.sections
            .iter()
            .any(|section| section.walkthroughs != Walkthroughs::None)
    }

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
        check_bleed(&sources, &defaults.page)?;
        if let Some(least) = &defaults.page.min_text_size
            && defaults.page.text_size.value + 1e-9 < least.value
        {
            let text = &defaults.page.text_size;
            return Err(sources
                .error(
                    text.at,
                    format!(
                        "`text_size` {}pt is below `min_text_size` {}pt",
                        text.value, least.value
                    ),
                )
                .with_hint("raise text_size, or lower min_text_size"));
        }

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
            None => Language::ENGLISH,
            Some(language) => Language::from_code(&language.value).ok_or_else(|| {
                top.error(
                    language.at,
                    format!("unknown language {:?}", language.value),
                )
                .with_hint(format!("use one of {}", Language::codes()))
            })?,
        };
        let coordinates = match top.string("coordinates")? {
            None => Coordinates::default(),
            Some(text) => parse_at(&top, &text)?,
        };
        let seed = match (seed_override, top.string("seed")?) {
            (Some(seed), _) => seed.to_string(),
            (None, Some(seed)) => seed.value,
            (None, None) => title.value.clone(),
        };
        let fonts = read_fonts(&top)?;
        let sections = top.tables("section", &section_keys())?;
        let calendar_keys = super::calendar::keys();
        let calendar = top.table("calendar", &calendar_keys)?;
        if sections.is_empty() && calendar.is_none() {
            return Err(Error::input("the spec has no sections")
                .in_file(name.to_string())
                .with_hint("add at least one [[section]] with kind and count"));
        }
        let mut read_sections = Vec::with_capacity(sections.len());
        for (index, section) in sections.iter().enumerate() {
            read_sections.push(read_section(section, index + 1, language, &defaults)?);
        }
        if let Some(calendar) = &calendar {
            let per_page_of = |kind: &'static Kind| {
                let index = kind::ALL
                    .iter()
                    .position(|known| *known == kind)
                    .unwrap_or(0);
                defaults.per_page[index].clone()
            };
            let days =
                super::calendar::read(calendar, read_sections.len() + 1, language, &per_page_of)?;
            read_sections.extend(days);
        }
        let issue = match top.string("issue")? {
            None => None,
            Some(text) => Some(Located::new(
                super::series::Issue::parse(&text.value)
                    .map_err(|error| at(&top, text.at, error))?
                    .to_string(),
                text.at,
            )),
        };
        let series = match top.table("series", &["ledger"])? {
            None => None,
            Some(table) => {
                let ledger = table.string("ledger")?.ok_or_else(|| {
                    table
                        .error(table.span(), "[series] has no `ledger`")
                        .with_hint("name the series' ledger file, e.g. ledger = \"weekly.ledger\"")
                })?;
                if ledger.value.trim().is_empty() {
                    return Err(table.error(ledger.at, "`ledger` names no file"));
                }
                Some(SeriesSpec {
                    ledger: Located::new(PathBuf::from(&ledger.value), ledger.at),
                })
            }
        };
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
        let date = match top.string("date")? {
            None => None,
            Some(text) => match Date::parse(&text.value) {
                Some(date) => Some(Located::new(date, text.at)),
                None => {
                    return Err(top
                        .error(text.at, format!("{:?} is not a date", text.value))
                        .with_hint(
                            "write the date as \"YYYY-MM-DD\", e.g. date = \"2026-11-27\"",
                        ));
                }
            },
        };
        let cover = read_cover(&top, &title, &subtitle, &author)?;
        let imprint = read_imprint(&top, date.as_ref())?;
        if let Some(at) = defaults.front.techniques
            && !read_sections.iter().any(SectionSpec::can_walk)
        {
            return Err(sources
                .error(
                    at,
                    "the techniques chapter needs a section whose puzzles have walkthroughs",
                )
                .with_hint(
                    "add a sudoku section with digits (or killers) or a mushikui-zan section, or remove `techniques`",
                ));
        }
        if defaults.front.techniques.is_none()
            && let Some(at) = read_sections
                .iter()
                .find_map(|section| section.technique_page)
        {
            return Err(sources
                .error(
                    at,
                    "a section's technique page is its entry from the techniques chapter, which this book leaves out",
                )
                .with_hint("add techniques = true to [front], or remove `technique_page`"));
        }
        if let Some(masthead) = defaults.front.masthead
            && let Some(first) = read_sections.first()
            && first.per_page.value.rows < 2
        {
            // Blame what the spec itself says (a template's keys are not the user's to fix).
            let in_spec = |span: Span| span.source == SourceId(0);
            let at = [first.per_page.at, masthead]
                .into_iter()
                .find(|&span| in_spec(span))
                .unwrap_or(first.at);
            return Err(sources
                .error(
                    at,
                    format!(
                        "the masthead takes the top row of the first puzzle page, and section {:?} has one row of puzzles a page (per_page = \"{}\")",
                        first.title.value,
                        first.per_page.value
                    ),
                )
                .with_hint("give the first section two rows or more (per_page = \"2x3\"), or remove `masthead`"));
        }
        drop(calendar);
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
            date,
            language,
            coordinates,
            seed,
            template: template_key.to_string(),
            page,
            front,
            fonts,
            sections: read_sections,
            answers,
            cover,
            imprint,
            issue,
            series,
        })
    }

    /// Sets the issue from `--issue`, over the spec's own.
    pub fn set_issue(&mut self, text: &str) -> Result<()> {
        let issue = super::series::Issue::parse(text)?;
        let at = self.issue.as_ref().map_or(self.title.at, |issue| issue.at);
        self.issue = Some(Located::new(issue.to_string(), at));
        Ok(())
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
        if let Some(issue) = &self.issue {
            bytes.extend_from_slice(b"\0issue=");
            bytes.extend_from_slice(issue.value.as_bytes());
        }
        bytes
    }

    /// The kinds present, in [`kind::ALL`] order.
    pub fn kinds(&self) -> Vec<&'static Kind> {
        kind::ALL
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
        printer: Located::new(Printer::Generic, page_table.span()),
        min_gutter: true,
        header: Located::new(String::new(), page_table.span()),
        footer: Located::new("{page}".to_string(), page_table.span()),
        even_page_count: false,
        sections_on_right: false,
        text_size: Located::new(10.0, page_table.span()),
        min_text_size: None,
        min_digit_size: None,
        max_figure: None,
    };
    read_page(&page_table, &mut page)?;
    let mut front = FrontSpec {
        title_page: true,
        contents: true,
        instructions: true,
        techniques: None,
        masthead: None,
    };
    if let Some(table) = top.table("front", &FRONT_KEYS)? {
        read_front(&table, &mut front)?;
    }
    let default_keys = default_keys();
    let defaults_table = top
        .table("defaults", &keys(&default_keys))?
        .ok_or_else(|| required("[defaults]"))?;
    let mut kind_per_page = Vec::with_capacity(default_keys.len());
    for key in &default_keys {
        kind_per_page.push(read_per_page(&defaults_table, key)?.ok_or_else(|| required(key))?);
    }
    let answers_table = top
        .table("answers", &ANSWER_KEYS)?
        .ok_or_else(|| required("[answers]"))?;
    let per_page =
        read_per_page(&answers_table, "per_page")?.ok_or_else(|| required("answers per_page"))?;
    let mut answers = AnswersSpec {
        placement: AnswerPlacement::End,
        per_page,
        title: None,
        min_digit_size: None,
    };
    read_answers(&answers_table, &mut answers)?;
    Ok(Defaults {
        page,
        front,
        answers,
        per_page: kind_per_page,
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
    let default_keys = default_keys();
    if let Some(table) = top.table("defaults", &keys(&default_keys))? {
        for (key, slot) in default_keys.iter().zip(&mut defaults.per_page) {
            if let Some(per_page) = read_per_page(&table, key)? {
                *slot = per_page;
            }
        }
    }
    Ok(())
}

/// Turns a value parser's error into one at the value's place.
pub(crate) fn at(table: &Table<'_, '_>, span: Span, error: Error) -> Error {
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
        return Err(table
            .error(
                span,
                format!(
                    "a {:.0} × {:.0} pt page is larger than PDF allows (200 inches, 14400 pt, on a side)",
                    size.width, size.height
                ),
            )
            .with_hint("give a page size such as \"6x9in\" or \"A4\""));
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
    if let Some(name) = table.string("printer")? {
        let printer = Printer::from_name(&name.value).ok_or_else(|| {
            let names = Printer::names();
            let error = table.error(name.at, format!("unknown printer {:?}", name.value));
            match closest(&name.value, &names) {
                Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                None => error.with_hint(format!("printers: {}", names.join(", "))),
            }
        })?;
        page.printer = Located::new(printer, name.at);
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
    if let Some(start) = table.string("section_start")? {
        page.sections_on_right = match start.value.as_str() {
            "right" => true,
            "any" => false,
            other => {
                return Err(table
                    .error(start.at, format!("unknown section_start {other:?}"))
                    .with_hint("use \"right\" (each section on a right-hand page) or \"any\""));
            }
        };
    }
    if let Some(size) = read_length(table, "text_size")? {
        if !(6.0..=24.0).contains(&size.value) {
            return Err(table
                .error(size.at, "`text_size` must be between 6pt and 24pt")
                .with_hint("10pt suits most books; 13pt or more for large print"));
        }
        page.text_size = size;
    }
    if let Some(size) = read_length(table, "min_text_size")? {
        if !(4.0..=36.0).contains(&size.value) {
            return Err(table
                .error(size.at, "`min_text_size` must be between 4pt and 36pt")
                .with_hint("large print is set at 16pt or more"));
        }
        page.min_text_size = Some(size);
    }
    if let Some(size) = read_digit_size(table)? {
        page.min_digit_size = Some(size);
    }
    if let Some(size) = read_max_figure(table)? {
        page.max_figure = Some(size);
    }
    Ok(())
}

/// Refuses a bleed the chosen printer does not take (KDP, IngramSpark and Lulu take
/// 0.125 in or none), pointing at whichever of the two the spec itself set.
fn check_bleed(sources: &Sources, page: &PageSpec) -> Result<()> {
    let profile = page.printer.value.profile();
    let bleed = page.bleed.value;
    match profile.bleed {
        Some(wanted) if bleed != 0.0 && (bleed - wanted).abs() > 0.01 => {
            let spec_source = super::source::SourceId(0);
            let at = if page.bleed.at.source == spec_source || page.printer.at.source != spec_source
            {
                page.bleed.at
            } else {
                page.printer.at
            };
            Err(sources
                .error(
                    at,
                    format!(
                        "{} takes a bleed of {} in or none, not {:.3} in",
                        profile.label,
                        wanted / INCH,
                        bleed / INCH
                    ),
                )
                .with_hint(format!(
                    "set bleed = \"{}in\" (or \"0in\"), or another printer",
                    wanted / INCH
                )))
        }
        _ => Ok(()),
    }
}

/// `max_figure`: a length of at least half an inch.
fn read_max_figure(table: &Table<'_, '_>) -> Result<Option<Located<f64>>> {
    let Some(size) = read_length(table, "max_figure")? else {
        return Ok(None);
    };
    if size.value < 36.0 {
        return Err(table
            .error(size.at, "`max_figure` must be at least 0.5in")
            .with_hint("it caps how large a figure grows, e.g. max_figure = \"4in\""));
    }
    Ok(Some(size))
}

/// The placeholders header and footer templates may use.
pub const PLACEHOLDERS: [&str; 7] = [
    "title", "subtitle", "author", "section", "page", "pages", "issue",
];

/// The longest running head a spec may write: it is one line of a page.
pub const MAX_RUNNING_HEAD_CHARS: usize = 200;

fn check_placeholders(table: &Table<'_, '_>, text: &Located<String>) -> Result<()> {
    let length = text.value.chars().count();
    if length > MAX_RUNNING_HEAD_CHARS {
        return Err(table
            .error(
                text.at,
                format!(
                    "a running head is one line of at most {MAX_RUNNING_HEAD_CHARS} characters; this one has {length}"
                ),
            )
            .with_hint("shorten it: placeholders such as {title} and {section} fill in the rest"));
    }
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
    if let Some(value) = table.boolean("techniques")? {
        front.techniques = value.value.then_some(value.at);
    }
    if let Some(value) = table.boolean("masthead")? {
        front.masthead = value.value.then_some(value.at);
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
    if let Some(size) = read_digit_size(table)? {
        answers.min_digit_size = Some(size);
    }
    Ok(())
}

/// `min_digit_size`: 4 to 96 pt.
fn read_digit_size(table: &Table<'_, '_>) -> Result<Option<Located<f64>>> {
    let Some(size) = read_length(table, "min_digit_size")? else {
        return Ok(None);
    };
    if !(4.0..=96.0).contains(&size.value) {
        return Err(table
            .error(size.at, "`min_digit_size` must be between 4pt and 96pt")
            .with_hint("large-print grids print digits of 24pt or more"));
    }
    Ok(Some(size))
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

/// The hint of a refusal of what the graders cannot yet tell in a book's language.
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
    let kind = kind::find(&kind_text.value).ok_or_else(|| {
        let names = kind::names();
        let error = table.error(
            kind_text.at,
            format!("unknown puzzle kind {:?}", kind_text.value),
        );
        match closest(&kind_text.value, &names) {
            Some(close) => error.with_hint(format!("did you mean {close:?}?")),
            None => error.with_hint(format!("kinds: {}", names.join(", "))),
        }
    })?;
    let count = table.integer("count", 1, 10_000)?.ok_or_else(|| {
        table
            .error(table.span(), format!("{} has no `count`", table.what()))
            .with_hint("add count = 12 (how many puzzles)")
    })?;
    let count = Located::new(count.value as usize, count.at);
    let per_page = match read_per_page(table, "per_page")? {
        Some(per_page) => per_page,
        None => {
            let index = kind::ALL
                .iter()
                .position(|known| *known == kind)
                .unwrap_or(0);
            defaults.per_page[index].clone()
        }
    };
    let title = match table.string("title")? {
        Some(title) => title,
        None => Located::new(kind.book.default_title(language).to_string(), kind_text.at),
    };
    let id = match table.string("id")? {
        Some(id) if id.value.trim().is_empty() => {
            return Err(table.error(id.at, "a section id cannot be empty"));
        }
        Some(id) => id.value,
        None => position.to_string(),
    };
    let difficulty = read_difficulty(table, kind)?;
    refuse_other_kinds_keys(table, kind, "section")?;
    let options = kind
        .book
        .read_section(table, difficulty.as_ref().map(|d| &d.value))?;
    if let Some(span) = table.key_span("answers") {
        return Err(table
            .error(span, "per-section answer settings are not supported")
            .with_hint("set answers in the top-level [answers] table"));
    }
    let source = table
        .string("source")?
        .map(|path| Located::new(PathBuf::from(path.value), path.at));
    let walkthroughs = match table.string("walkthroughs")? {
        None => Walkthroughs::None,
        Some(text) => {
            let choice: Walkthroughs = parse_at(table, &text)?;
            if choice != Walkthroughs::None && !kind.book.has_walkthroughs() {
                return Err(table
                    .error(
                        text.at,
                        format!("{} sections cannot have walkthroughs yet", kind.name),
                    )
                    .with_hint("remove `walkthroughs` from this section"));
            }
            if choice != Walkthroughs::None && !options.has_walkthroughs() {
                return Err(table
                    .error(
                        text.at,
                        format!(
                            "this {} section's puzzles have no walkthroughs (printed for digits, not symbols)",
                            kind.name
                        ),
                    )
                    .with_hint("remove `walkthroughs` (or `symbols`) from this section"));
            }
            choice
        }
    };
    let max_walkthrough_pages = match table.integer("max_walkthrough_pages", 1, 100)? {
        Some(pages) if walkthroughs == Walkthroughs::None => {
            return Err(table
                .error(
                    pages.at,
                    "`max_walkthrough_pages` sets how long a walkthrough may be, and this section has none",
                )
                .with_hint("add walkthroughs = \"all\", or remove `max_walkthrough_pages`"));
        }
        pages => pages.map(|pages| pages.value as usize),
    };
    let order = match table.string("order")? {
        None => Order::default(),
        Some(text) => parse_at(table, &text)?,
    };
    let hints = match table.boolean("hints")? {
        Some(hints) if hints.value && !kind.book.has_hints() => {
            return Err(table
                .error(
                    hints.at,
                    format!("{} sections cannot have hints yet", kind.name),
                )
                .with_hint("remove `hints` from this section"));
        }
        Some(hints) if hints.value && !options.has_hints() => {
            return Err(table
                .error(
                    hints.at,
                    format!("this {} section's puzzles have no hints", kind.name),
                )
                .with_hint("remove `hints` from this section"));
        }
        Some(hints) => hints.value,
        None => false,
    };
    let contents = Some(title.value.clone());
    let hint_ladder = match table.boolean("hint_ladder")? {
        Some(ladder) if ladder.value && !(kind.book.has_hints() && options.has_hints()) => {
            return Err(table
                .error(
                    ladder.at,
                    format!("this {} section's puzzles have no hints", kind.name),
                )
                .with_hint("remove `hint_ladder` from this section"));
        }
        Some(ladder) if ladder.value && table.boolean("hints")?.is_some_and(|h| !h.value) => {
            return Err(table
                .error(ladder.at, "a hint ladder is a way of giving hints")
                .with_hint("remove `hints = false`, or `hint_ladder`"));
        }
        Some(ladder) => ladder.value,
        None => false,
    };
    let hints = hints || hint_ladder;
    let technique_page = match table.boolean("technique_page")? {
        Some(page) if page.value && options.taught_topics(language).is_empty() => {
            return Err(table
                .error(
                    page.at,
                    "`technique_page` opens the section with the page of the technique it teaches, and this section names none",
                )
                .with_hint("add hardest = [\"X-Wing\"] or needs = [\"X-Wing\"] to a sudoku section, or remove `technique_page`"));
        }
        Some(page) => page.value.then_some(page.at),
        None => None,
    };
    Ok(SectionSpec {
        position,
        title,
        id,
        kind,
        count,
        per_page,
        answers_per_page: read_per_page(table, "answers_per_page")?,
        difficulty,
        options: Arc::from(options),
        source,
        walkthroughs,
        max_walkthrough_pages,
        order,
        hints,
        hint_ladder,
        max_figure: read_max_figure(table)?,
        at: table.span(),
        contents,
        technique_page,
    })
}

fn read_difficulty(
    table: &Table<'_, '_>,
    kind: &'static Kind,
) -> Result<Option<Located<Difficulty>>> {
    let tier = table.string("tier")?;
    let rating = table.string("rating")?;
    match (tier, rating) {
        (Some(_), Some(rating)) => Err(table
            .error(rating.at, "a section takes `tier` or `rating`, not both")
            .with_hint("remove one of them")),
        (Some(tier), None) => {
            let names = kind.book.tiers();
            if !names.contains(&tier.value.as_str()) {
                let error = table.error(
                    tier.at,
                    format!("unknown {} tier {:?}", kind.name, tier.value),
                );
                return Err(match closest(&tier.value, names) {
                    Some(close) => error.with_hint(format!("did you mean {close:?}?")),
                    None => error.with_hint(format!("tiers: {}", names.join(", "))),
                });
            }
            Ok(Some(Located::new(Difficulty::Tier(tier.value), tier.at)))
        }
        (None, Some(rating)) => {
            kind.book
                .check_rating(&rating.value)
                .map_err(|error| at(table, rating.at, error))?;
            Ok(Some(Located::new(
                Difficulty::Rating(rating.value),
                rating.at,
            )))
        }
        (None, None) => Ok(None),
    }
}

/// Refuses another kind's key in a table of `kind`'s puzzles (a `what`: section or
/// calendar), naming it precisely.
pub(crate) fn refuse_other_kinds_keys(
    table: &Table<'_, '_>,
    kind: &'static Kind,
    what: &str,
) -> Result<()> {
    let own = kind.book.section_keys();
    for other in kind::ALL {
        for key in other.book.section_keys() {
            if !own.contains(key)
                && let Some(span) = table.key_span(key)
            {
                return Err(table
                    .error(
                        span,
                        format!("`{key}` applies to {} sections only", other.name),
                    )
                    .with_hint(format!("this {what} is kind = {:?}", kind.name)));
            }
        }
    }
    Ok(())
}

/// Parses a spec string with `T`'s parser; its error is placed at the string.
pub(crate) fn parse_at<T: FromStr<Err = Error>>(
    table: &Table<'_, '_>,
    text: &Located<String>,
) -> Result<T> {
    text.value
        .parse::<T>()
        .map_err(|error| at(table, text.at, error))
}

/// The key list a [`Table`] takes, from owned names.
fn keys(names: &[String]) -> Vec<&str> {
    names.iter().map(String::as_str).collect()
}
