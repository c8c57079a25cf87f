//! Preflight: a PDF interior checked against a printer's published rules, as the printer's
//! own upload check would, before anyone pays for a proof.
//!
//! [`check`] reads any PDF (bytes in: [`pdf`] interprets its pages) and holds it to a
//! [`Profile`]: the page size is the trim plus that printer's bleed on the edges it wants
//! it on; content stays inside the safe zone (the top, bottom and outside margins) and
//! clear of the gutter for the page count; the page count is one the printer binds; every
//! font is embedded. Those are errors: a printer refuses such a file. Lines thinner than
//! the printer's minimum weight and grey fills lighter than its minimum are warnings: the
//! printer accepts the file, but they may not print. `puzzlebook book` runs it on every
//! book before the file is final; `puzzlebook check` runs it on any PDF.

pub mod pdf;

use std::fmt::Write as _;

use crate::book::printer::{BleedEdges, INCH, Printer, Profile};
use crate::error::Result;
use pdf::{Area, Mark, MarkKind, PageMarks, Pdf};

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The printer advises against it; the file is still accepted.
    Warning,
    /// The printer refuses the file.
    Error,
}

/// The rules a preflight checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rule {
    PageSize,
    SafeZone,
    Gutter,
    PageCount,
    Fonts,
    LineWeight,
    GreyFill,
}

impl Rule {
    pub fn name(self) -> &'static str {
        match self {
            Rule::PageSize => "page-size",
            Rule::SafeZone => "safe-zone",
            Rule::Gutter => "gutter",
            Rule::PageCount => "page-count",
            Rule::Fonts => "fonts",
            Rule::LineWeight => "line-weight",
            Rule::GreyFill => "grey-fill",
        }
    }
}

/// One thing found wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// The page (from 1), or none for the whole file.
    pub page: Option<usize>,
    pub rule: Rule,
    pub severity: Severity,
    pub message: String,
}

/// What a preflight found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub printer: Printer,
    pub pages: usize,
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn errors(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|finding| finding.severity == Severity::Error)
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|finding| finding.severity == Severity::Warning)
    }

    pub fn passes(&self) -> bool {
        self.errors().next().is_none()
    }

    /// The findings grouped by rule and message, with the pages each holds on, errors
    /// first.
    pub fn groups(&self) -> Vec<Group<'_>> {
        let mut groups: Vec<Group<'_>> = Vec::new();
        for finding in &self.findings {
            match groups.iter_mut().find(|group| {
                group.severity == finding.severity
                    && group.rule == finding.rule
                    && group.message == finding.message
            }) {
                Some(group) => group.pages.extend(finding.page),
                None => groups.push(Group {
                    severity: finding.severity,
                    rule: finding.rule,
                    message: &finding.message,
                    pages: finding.page.into_iter().collect(),
                }),
            }
        }
        groups.sort_by(|a, b| b.severity.cmp(&a.severity).then(a.rule.cmp(&b.rule)));
        groups
    }

    /// The findings as lines (`pages 3-40, 42: error [safe-zone] …`), errors first.
    pub fn lines(&self) -> Vec<String> {
        self.groups().iter().map(Group::line).collect()
    }
}

/// Findings that differ only in their page.
#[derive(Clone, Debug, PartialEq)]
pub struct Group<'a> {
    pub severity: Severity,
    pub rule: Rule,
    pub message: &'a str,
    pub pages: Vec<usize>,
}

impl Group<'_> {
    /// Where it holds: "page 4: ", "pages 3-40, 42: ", or nothing for the whole file.
    pub fn place(&self) -> String {
        if self.pages.is_empty() {
            String::new()
        } else {
            format!("{}: ", page_list(&self.pages))
        }
    }

    pub fn line(&self) -> String {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        format!(
            "{}{severity} [{}] {}",
            self.place(),
            self.rule.name(),
            self.message
        )
    }
}

/// `[1, 2, 3, 5]` as "pages 1-3, 5" ("page 4" for one).
pub fn page_list(pages: &[usize]) -> String {
    let mut sorted = pages.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut out = String::from(if sorted.len() == 1 { "page " } else { "pages " });
    let mut index = 0;
    while index < sorted.len() {
        let start = sorted[index];
        let mut end = start;
        while index + 1 < sorted.len() && sorted[index + 1] == end + 1 {
            index += 1;
            end = sorted[index];
        }
        if out.len() > 6 {
            out.push_str(", ");
        }
        if end == start {
            let _ = write!(out, "{start}");
        } else {
            let _ = write!(out, "{start}-{end}");
        }
        index += 1;
    }
    out
}

/// Inches, to the thousandth, without trailing zeros ("0.125 in", "6 in").
fn inches(points: f64) -> String {
    let text = format!("{:.3}", points / INCH);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text} in")
}

fn size_of(area: Area) -> (f64, f64) {
    (area[2] - area[0], area[3] - area[1])
}

/// Distances within this are the same (PDF writers round boxes).
const BOX_TOLERANCE: f64 = 0.5;
/// Content this close to a safe line counts as on it.
const EDGE_TOLERANCE: f64 = 0.05;

/// Checks the PDF in `bytes` against `printer`'s rules. `trim`, when known (the book's
/// own trim size, in points), is the size every page must finish at.
pub fn check(bytes: &[u8], printer: Printer, trim: Option<(f64, f64)>) -> Result<Report> {
    let pdf = pdf::read(bytes)?;
    Ok(check_read(&pdf, printer, trim))
}

/// The rules over a PDF already read.
pub fn check_read(pdf: &Pdf, printer: Printer, trim: Option<(f64, f64)>) -> Report {
    let profile = printer.profile();
    let pages = pdf.pages.len();
    let mut findings = Vec::new();
    page_count(profile, pages, &mut findings);
    for (index, page) in pdf.pages.iter().enumerate() {
        let number = index + 1;
        page_size(profile, number, page, &pdf.pages[0], trim, &mut findings);
        safe_zone(profile, number, pages, page, &mut findings);
        lines_and_greys(profile, number, &page.marks, &mut findings);
    }
    for font in pdf.fonts.iter().filter(|font| !font.embedded) {
        findings.push(Finding {
            page: Some(font.page),
            rule: Rule::Fonts,
            severity: Severity::Error,
            message: format!(
                "the font {} is not embedded; {} prints only embedded fonts",
                font.name, profile.label
            ),
        });
    }
    Report {
        printer,
        pages,
        findings,
    }
}

fn page_count(profile: &Profile, pages: usize, findings: &mut Vec<Finding>) {
    if let Some((least, most)) = profile.pages
        && !(least..=most).contains(&pages)
    {
        findings.push(Finding {
            page: None,
            rule: Rule::PageCount,
            severity: Severity::Error,
            message: format!(
                "{pages} pages; {} binds {least} to {most} pages",
                profile.label
            ),
        });
    }
}

/// The bleed beyond each edge of a page: (left, right, bottom, top).
fn bleed_of(page: &PageMarks) -> [f64; 4] {
    let (media, trim) = (page.media, page.trim_or_media());
    [
        trim[0] - media[0],
        media[2] - trim[2],
        trim[1] - media[1],
        media[3] - trim[3],
    ]
}

fn page_size(
    profile: &Profile,
    number: usize,
    page: &PageMarks,
    first: &PageMarks,
    trim: Option<(f64, f64)>,
    findings: &mut Vec<Finding>,
) {
    let mut error = |message: String| {
        findings.push(Finding {
            page: Some(number),
            rule: Rule::PageSize,
            severity: Severity::Error,
            message,
        })
    };
    let (width, height) = size_of(page.trim_or_media());
    let near = |a: f64, b: f64| (a - b).abs() <= BOX_TOLERANCE;
    if let Some((want_width, want_height)) = trim
        && !(near(width, want_width) && near(height, want_height))
    {
        error(format!(
            "the trim is {} × {}, not the book's {} × {}",
            inches(width),
            inches(height),
            inches(want_width),
            inches(want_height)
        ));
    }
    let (first_width, first_height) = size_of(first.media);
    let (media_width, media_height) = size_of(page.media);
    if !(near(media_width, first_width) && near(media_height, first_height)) {
        error(format!(
            "the page is {} × {}, page 1 is {} × {}; every page of a book has one size",
            inches(media_width),
            inches(media_height),
            inches(first_width),
            inches(first_height)
        ));
    }
    if profile.printer == Printer::Kdp
        && !((4.0 * INCH - BOX_TOLERANCE..=8.5 * INCH + BOX_TOLERANCE).contains(&width)
            && (6.0 * INCH - BOX_TOLERANCE..=11.69 * INCH + BOX_TOLERANCE).contains(&height))
    {
        error(format!(
            "the trim {} × {} is outside the sizes {} prints (4 to 8.5 in wide, 6 to 11.69 in high)",
            inches(width),
            inches(height),
            profile.label
        ));
    }
    let [left, right, bottom, top] = bleed_of(page);
    if [left, right, bottom, top]
        .iter()
        .all(|side| near(*side, 0.0))
    {
        return;
    }
    if [left, right, bottom, top]
        .iter()
        .any(|side| *side < -BOX_TOLERANCE)
    {
        error("the TrimBox reaches outside the MediaBox".to_string());
        return;
    }
    let amount = left.max(right).max(bottom).max(top);
    let right_hand = number % 2 == 1;
    let (outside, binding) = if right_hand {
        (right, left)
    } else {
        (left, right)
    };
    let wanted = profile.bleed.unwrap_or(amount);
    // Bleeds are exact figures (3 mm is not 0.125 in): a tenth of a point is rounding.
    let exact = |a: f64, b: f64| (a - b).abs() <= 0.1;
    let fits = match profile.bleed_edges {
        BleedEdges::AllRound => [left, right, bottom, top]
            .iter()
            .all(|side| exact(*side, wanted)),
        BleedEdges::TopBottomOutside => {
            [top, bottom, outside]
                .iter()
                .all(|side| exact(*side, wanted))
                && exact(binding, 0.0)
        }
    };
    if profile.bleed.is_none() && amount > 0.5 * INCH + BOX_TOLERANCE {
        error(format!(
            "the bleed of {} is more than a print bleed (0.5 in at most)",
            inches(amount)
        ));
    } else if !fits {
        let (want_width, want_height, edges) = match profile.bleed_edges {
            BleedEdges::AllRound => (width + 2.0 * wanted, height + 2.0 * wanted, "every edge"),
            BleedEdges::TopBottomOutside => (
                width + wanted,
                height + 2.0 * wanted,
                "the top, bottom and outside edges, none at the binding edge",
            ),
        };
        error(format!(
            "the page is {} × {} for a {} × {} trim; {} wants {} × {}: {} of bleed beyond {edges}",
            inches(media_width),
            inches(media_height),
            inches(width),
            inches(height),
            profile.label,
            inches(want_width),
            inches(want_height),
            inches(wanted)
        ));
    }
}

/// A mark that is part of the printed content (not paper-white), and is not bleed art (a
/// fill or picture running to the trim edge, which the bleed is for).
fn counts_for_safe_zone(mark: &Mark, trim: Area) -> bool {
    if mark.ink <= 0.0 {
        return false;
    }
    match mark.kind {
        MarkKind::Text | MarkKind::Stroke => true,
        MarkKind::Fill | MarkKind::Image => {
            let a = mark.area;
            !(a[0] <= trim[0] + BOX_TOLERANCE
                || a[1] <= trim[1] + BOX_TOLERANCE
                || a[2] >= trim[2] - BOX_TOLERANCE
                || a[3] >= trim[3] - BOX_TOLERANCE)
        }
    }
}

fn kind_word(kind: MarkKind) -> &'static str {
    match kind {
        MarkKind::Text => "text",
        MarkKind::Stroke => "a line",
        MarkKind::Fill => "a shape",
        MarkKind::Image => "a picture",
    }
}

fn safe_zone(
    profile: &Profile,
    number: usize,
    pages: usize,
    page: &PageMarks,
    findings: &mut Vec<Finding>,
) {
    let trim = page.trim_or_media();
    let has_bleed = bleed_of(page).iter().any(|side| *side > BOX_TOLERANCE);
    let safe = profile.safe_margin(has_bleed);
    let gutter = profile.min_gutter(pages).unwrap_or(safe);
    let right_hand = number % 2 == 1;
    // (edge, distance of the mark from it, least distance) for each edge.
    let mut worst_safe: Option<(f64, &'static str, f64, MarkKind)> = None;
    let mut worst_gutter: Option<(f64, f64, MarkKind)> = None;
    for mark in page
        .marks
        .iter()
        .filter(|mark| counts_for_safe_zone(mark, trim))
    {
        let a = mark.area;
        let (left, right, bottom, top) = (
            a[0] - trim[0],
            trim[2] - a[2],
            a[1] - trim[1],
            trim[3] - a[3],
        );
        let (outside, binding) = if right_hand {
            (right, left)
        } else {
            (left, right)
        };
        for (edge, distance) in [("top", top), ("bottom", bottom), ("outside", outside)] {
            let short = safe - distance;
            if short > EDGE_TOLERANCE && worst_safe.is_none_or(|(worst, ..)| short > worst) {
                worst_safe = Some((short, edge, distance, mark.kind));
            }
        }
        let short = gutter - binding;
        if short > EDGE_TOLERANCE && worst_gutter.is_none_or(|(worst, ..)| short > worst) {
            worst_gutter = Some((short, binding, mark.kind));
        }
    }
    if let Some((_, edge, distance, kind)) = worst_safe {
        let zone = if profile.safe_with_bleed != profile.safe {
            if has_bleed {
                " with bleed"
            } else {
                " without bleed"
            }
        } else {
            ""
        };
        let message = if distance < 0.0 {
            format!("{} runs past the {edge} edge of the trim", kind_word(kind))
        } else {
            format!(
                "{} is {} from the {edge} edge of the trim; {} keeps content {} inside it{zone}",
                kind_word(kind),
                inches(distance),
                profile.label,
                inches(safe)
            )
        };
        findings.push(Finding {
            page: Some(number),
            rule: Rule::SafeZone,
            severity: Severity::Error,
            message,
        });
    }
    if let Some((_, distance, kind)) = worst_gutter {
        let why = if profile.min_gutter(pages).is_some() {
            format!(
                "{} wants an inner margin of {} for {pages} pages",
                profile.label,
                inches(gutter)
            )
        } else {
            "content must stay inside the trim".to_string()
        };
        findings.push(Finding {
            page: Some(number),
            rule: Rule::Gutter,
            severity: Severity::Error,
            message: format!(
                "{} is {} from the binding edge; {why}",
                kind_word(kind),
                inches(distance.max(0.0))
            ),
        });
    }
}

fn lines_and_greys(profile: &Profile, number: usize, marks: &[Mark], findings: &mut Vec<Finding>) {
    if let Some(least) = profile.min_line {
        let thin: Vec<f64> = marks
            .iter()
            .filter(|mark| mark.kind == MarkKind::Stroke && mark.ink > 0.0)
            .map(|mark| mark.width)
            .filter(|width| *width < least - 0.005)
            .collect();
        if let Some(thinnest) = thin.iter().copied().reduce(f64::min) {
            findings.push(Finding {
                page: Some(number),
                rule: Rule::LineWeight,
                severity: Severity::Warning,
                message: format!(
                    "lines as thin as {thinnest:.2} pt; {} asks for {least} pt or more so they print",
                    profile.label
                ),
            });
        }
    }
    if let Some(least) = profile.min_grey {
        let light: Vec<f64> = marks
            .iter()
            .filter(|mark| mark.kind == MarkKind::Fill && mark.ink > 0.0 && mark.ink < least - 1e-6)
            .map(|mark| mark.ink)
            .collect();
        if let Some(lightest) = light.iter().copied().reduce(f64::min) {
            findings.push(Finding {
                page: Some(number),
                rule: Rule::GreyFill,
                severity: Severity::Warning,
                message: format!(
                    "grey fills as light as {:.0} %; {} asks for {:.0} % or more so they print",
                    lightest * 100.0,
                    profile.label,
                    least * 100.0
                ),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::{Dictionary, Document, Object, Stream, dictionary};

    /// A page of a test PDF: its boxes (media, trim) and content stream.
    struct TestPage {
        media: Area,
        trim: Option<Area>,
        content: String,
    }

    const SIX_BY_NINE: Area = [0.0, 0.0, 432.0, 648.0];

    fn page(content: &str) -> TestPage {
        TestPage {
            media: SIX_BY_NINE,
            trim: None,
            content: content.to_string(),
        }
    }

    /// A PDF of `pages` with one font `/F1`, embedded or not, and a form `/Fm1` that
    /// draws `form` through a matrix moving it 400 pt right.
    fn pdf_with(pages: &[TestPage], embedded: bool, form: &str) -> Vec<u8> {
        let mut document = Document::with_version("1.5");
        let pages_id = document.new_object_id();
        let mut font = dictionary! {
            "Type" => "Font",
            "Subtype" => "TrueType",
            "BaseFont" => "TestSans",
            "FirstChar" => 32,
            "Widths" => (32..=126).map(|_| Object::Integer(600)).collect::<Vec<_>>(),
        };
        let mut descriptor = dictionary! {
            "Type" => "FontDescriptor",
            "FontName" => "TestSans",
            "Ascent" => 800,
            "Descent" => -200,
        };
        if embedded {
            let program = document.add_object(Stream::new(Dictionary::new(), vec![0; 16]));
            descriptor.set("FontFile2", program);
        }
        font.set("FontDescriptor", document.add_object(descriptor));
        let font_id = document.add_object(font);
        let form_id = document.add_object(Stream::new(
            dictionary! {
                "Type" => "XObject",
                "Subtype" => "Form",
                "BBox" => vec![0.into(), 0.into(), 100.into(), 100.into()],
                "Matrix" => vec![1.into(), 0.into(), 0.into(), 1.into(), 400.into(), 0.into()],
            },
            form.as_bytes().to_vec(),
        ));
        let resources = document.add_object(dictionary! {
            "Font" => dictionary! { "F1" => font_id },
            "XObject" => dictionary! { "Fm1" => form_id },
        });
        let mut kids = Vec::new();
        for test in pages {
            let content = document.add_object(Stream::new(
                Dictionary::new(),
                test.content.as_bytes().to_vec(),
            ));
            let as_array = |area: Area| -> Vec<Object> {
                area.iter()
                    .map(|&value| Object::Real(value as f32))
                    .collect()
            };
            let mut page = dictionary! {
                "Type" => "Page",
                "Parent" => pages_id,
                "MediaBox" => as_array(test.media),
                "Contents" => content,
                "Resources" => resources,
            };
            if let Some(trim) = test.trim {
                page.set("TrimBox", as_array(trim));
            }
            kids.push(document.add_object(page).into());
        }
        let count = kids.len() as i64;
        document.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count }),
        );
        let catalog = document.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        document.trailer.set("Root", catalog);
        let mut bytes = Vec::new();
        document.save_to(&mut bytes).unwrap();
        bytes
    }

    /// `count` copies of `content` on 6 × 9 in pages, the font embedded.
    fn book(count: usize, content: &str) -> Vec<u8> {
        let pages: Vec<TestPage> = (0..count).map(|_| page(content)).collect();
        pdf_with(&pages, true, "")
    }

    fn rules(bytes: &[u8], printer: Printer) -> Vec<(Option<usize>, Rule, Severity)> {
        check(bytes, printer, None)
            .unwrap()
            .findings
            .iter()
            .map(|finding| (finding.page, finding.rule, finding.severity))
            .collect()
    }

    fn has(bytes: &[u8], printer: Printer, rule: Rule) -> bool {
        rules(bytes, printer)
            .iter()
            .any(|(_, found, _)| *found == rule)
    }

    /// Text well inside a 6 × 9 in page's margins, a frame of 1 pt lines and a 20 % fill.
    const GOOD: &str =
        "BT /F1 10 Tf 100 300 Td (Puzzle 1) Tj ET 1 w 80 80 270 480 re S 0.8 g 100 100 50 50 re f";

    #[test]
    fn a_clean_book_passes_every_printer() {
        let bytes = book(40, GOOD);
        for printer in Printer::ALL {
            let report = check(&bytes, printer, Some((432.0, 648.0))).unwrap();
            assert!(
                report.findings.is_empty(),
                "{printer}: {:?}",
                report.lines()
            );
            assert!(report.passes());
        }
    }

    #[test]
    fn page_size_must_be_the_trim_plus_the_printers_bleed() {
        let with_bleed = |media: Area, trims: [Area; 2]| {
            let pages: Vec<TestPage> = (0..24)
                .map(|index| TestPage {
                    media,
                    trim: Some(trims[index % 2]),
                    content: "BT /F1 10 Tf 100 300 Td (x) Tj ET".to_string(),
                })
                .collect();
            pdf_with(&pages, true, "")
        };
        // KDP: 6.125 × 9.25 in, the binding edge flush (left on right-hand pages).
        let kdp = with_bleed(
            [0.0, 0.0, 441.0, 666.0],
            [[0.0, 9.0, 432.0, 657.0], [9.0, 9.0, 441.0, 657.0]],
        );
        assert!(!has(&kdp, Printer::Kdp, Rule::PageSize));
        assert!(!has(&kdp, Printer::Ingram, Rule::PageSize));
        // Bleed all round is what Lulu wants, and what KDP refuses.
        let all_round = with_bleed([0.0, 0.0, 450.0, 666.0], [[9.0, 9.0, 441.0, 657.0]; 2]);
        assert!(!has(&all_round, Printer::Lulu, Rule::PageSize));
        assert!(!has(&all_round, Printer::Generic, Rule::PageSize));
        let report = check(&all_round, Printer::Kdp, None).unwrap();
        let lines = report.lines();
        assert!(!report.passes());
        assert!(
            lines[0].starts_with("pages 1-24: error [page-size]")
                && lines[0].contains("6.125 in × 9.25 in"),
            "{lines:?}"
        );
        assert!(has(&kdp, Printer::Lulu, Rule::PageSize));
        // The binding edge on the wrong side.
        let mirrored = with_bleed(
            [0.0, 0.0, 441.0, 666.0],
            [[9.0, 9.0, 441.0, 657.0], [0.0, 9.0, 432.0, 657.0]],
        );
        assert!(has(&mirrored, Printer::Kdp, Rule::PageSize));
        // A bleed KDP does not take (3 mm is 8.5 pt).
        let metric = with_bleed(
            [0.0, 0.0, 440.5, 665.0],
            [[0.0, 8.5, 432.0, 656.5], [8.5, 8.5, 440.5, 656.5]],
        );
        assert!(has(&metric, Printer::Kdp, Rule::PageSize));
        // A generic printer takes any bleed, on every edge.
        assert!(has(&metric, Printer::Generic, Rule::PageSize));
        let metric_all_round = with_bleed([0.0, 0.0, 449.0, 665.0], [[8.5, 8.5, 440.5, 656.5]; 2]);
        assert!(!has(&metric_all_round, Printer::Generic, Rule::PageSize));
        assert!(has(&metric_all_round, Printer::Lulu, Rule::PageSize));
        // A trim KDP does not print, and a trim other than the book's.
        let small = pdf_with(
            &[TestPage {
                media: [0.0, 0.0, 216.0, 360.0],
                trim: None,
                content: String::new(),
            }],
            true,
            "",
        );
        assert!(has(&small, Printer::Kdp, Rule::PageSize));
        assert!(!has(&small, Printer::Generic, Rule::PageSize));
        let report = check(&book(24, GOOD), Printer::Generic, Some((419.53, 595.28))).unwrap();
        assert!(
            report.lines()[0].contains("not the book's"),
            "{:?}",
            report.lines()
        );
        // Pages of different sizes.
        let mixed = pdf_with(
            &[
                page(""),
                TestPage {
                    media: [0.0, 0.0, 612.0, 792.0],
                    trim: None,
                    content: String::new(),
                },
            ],
            true,
            "",
        );
        assert!(rules(&mixed, Printer::Generic).contains(&(
            Some(2),
            Rule::PageSize,
            Severity::Error
        )));
    }

    #[test]
    fn content_stays_inside_the_safe_zone() {
        // KDP without bleed: 0.25 in (18 pt) from the top, bottom and outside edges.
        let near_outside = |x: f64| book(24, &format!("BT /F1 10 Tf {x} 300 Td (ab) Tj ET"));
        // Two glyphs of 600/1000 at 10 pt: 12 pt wide. The outside edge of a right-hand
        // page is its right edge.
        assert!(!has(
            &near_outside(432.0 - 18.0 - 12.0 - 0.5),
            Printer::Kdp,
            Rule::SafeZone
        ));
        let report = check(&near_outside(432.0 - 14.4 - 12.0), Printer::Kdp, None).unwrap();
        assert!(
            report.lines()[0].contains("text is 0.2 in from the outside edge of the trim"),
            "{:?}",
            report.lines()
        );
        // IngramSpark and Lulu keep 0.5 in.
        assert!(has(
            &near_outside(432.0 - 30.0 - 12.0),
            Printer::Ingram,
            Rule::SafeZone
        ));
        assert!(has(
            &near_outside(432.0 - 30.0 - 12.0),
            Printer::Lulu,
            Rule::SafeZone
        ));
        // The top edge, by a line.
        let top = book(24, "0.75 w 100 640 m 300 640 l S");
        assert!(rules(&top, Printer::Kdp).contains(&(Some(1), Rule::SafeZone, Severity::Error)));
        // With bleed KDP keeps 0.375 in: 0.3 in from the outside edge is too close.
        let pages: Vec<TestPage> = (0..24)
            .map(|index| {
                let right_hand = index % 2 == 0;
                let (media, trim) = if right_hand {
                    ([0.0, 0.0, 441.0, 666.0], [0.0, 9.0, 432.0, 657.0])
                } else {
                    ([0.0, 0.0, 441.0, 666.0], [9.0, 9.0, 441.0, 657.0])
                };
                // 0.3 in from the trim's outside edge.
                let x = if right_hand {
                    432.0 - 21.6 - 12.0
                } else {
                    9.0 + 21.6
                };
                TestPage {
                    media,
                    trim: Some(trim),
                    content: format!("BT /F1 10 Tf {x} 300 Td (ab) Tj ET"),
                }
            })
            .collect();
        let bled = pdf_with(&pages, true, "");
        let report = check(&bled, Printer::Kdp, None).unwrap();
        assert!(
            report.lines()[0].starts_with("pages 1-24: error [safe-zone] text is 0.3 in")
                && report.lines()[0].ends_with("with bleed"),
            "{:?}",
            report.lines()
        );
        // A full-bleed background is bleed art, not content too close to the edge.
        let background = book(24, &format!("0.5 g -9 -9 450 666 re f {GOOD}"));
        assert!(!has(&background, Printer::Kdp, Rule::SafeZone));
        // Paper-white marks print nothing.
        let white = book(24, &format!("1 G 2 w 1 1 m 400 1 l S {GOOD}"));
        assert!(!has(&white, Printer::Kdp, Rule::SafeZone));
        // Marks inside forms count where the form puts them (400 pt right).
        let form = pdf_with(
            &(0..24).map(|_| page("/Fm1 Do")).collect::<Vec<_>>(),
            true,
            "BT /F1 10 Tf 10 300 Td (ab) Tj ET",
        );
        assert!(has(&form, Printer::Kdp, Rule::SafeZone));
    }

    #[test]
    fn the_gutter_grows_with_the_page_count() {
        // 0.45 in from the binding edge: the left of right-hand pages, the right of
        // left-hand ones. Enough for KDP up to 150 pages, not beyond.
        let pages = |count: usize| -> Vec<u8> {
            let pages: Vec<TestPage> = (0..count)
                .map(|index| {
                    let x = if index % 2 == 0 {
                        32.4
                    } else {
                        432.0 - 32.4 - 12.0
                    };
                    page(&format!("BT /F1 10 Tf {x} 300 Td (ab) Tj ET"))
                })
                .collect();
            pdf_with(&pages, true, "")
        };
        assert!(!has(&pages(150), Printer::Kdp, Rule::Gutter));
        let thick = pages(152);
        let found = rules(&thick, Printer::Kdp);
        assert!(
            found.contains(&(Some(1), Rule::Gutter, Severity::Error)),
            "{found:?}"
        );
        assert!(
            found.contains(&(Some(2), Rule::Gutter, Severity::Error)),
            "{found:?}"
        );
        let report = check(&thick, Printer::Kdp, None).unwrap();
        assert!(
            report.lines()[0].contains("0.45 in from the binding edge; Amazon KDP wants an inner margin of 0.5 in for 152 pages"),
            "{:?}",
            report.lines()
        );
        // IngramSpark wants 0.5 in at any thickness.
        assert!(has(&pages(24), Printer::Ingram, Rule::Gutter));
    }

    #[test]
    fn page_counts_are_the_printers() {
        let found = rules(&book(10, GOOD), Printer::Kdp);
        assert_eq!(found, vec![(None, Rule::PageCount, Severity::Error)]);
        assert!(!has(&book(24, GOOD), Printer::Kdp, Rule::PageCount));
        assert!(!has(&book(18, GOOD), Printer::Ingram, Rule::PageCount));
        assert!(has(&book(30, GOOD), Printer::Lulu, Rule::PageCount));
        assert!(!has(&book(1, GOOD), Printer::Generic, Rule::PageCount));
    }

    #[test]
    fn fonts_must_be_embedded() {
        let pages: Vec<TestPage> = (0..40).map(|_| page(GOOD)).collect();
        let bytes = pdf_with(&pages, false, "");
        for printer in Printer::ALL {
            let found = rules(&bytes, printer);
            assert_eq!(
                found,
                vec![(Some(1), Rule::Fonts, Severity::Error)],
                "{printer}"
            );
        }
        let report = check(&bytes, Printer::Kdp, None).unwrap();
        assert!(report.lines()[0].contains("TestSans is not embedded"));
    }

    #[test]
    fn thin_lines_and_light_greys_are_warnings() {
        let thin = book(24, &format!("{GOOD} 0.3 w 100 200 m 300 200 l S"));
        let report = check(&thin, Printer::Kdp, None).unwrap();
        assert!(report.passes());
        assert_eq!(
            report.lines()[0],
            "pages 1-24: warning [line-weight] lines as thin as 0.30 pt; Amazon KDP asks for 0.75 pt or more so they print"
        );
        // A line scaled down by the current map is thinner on the page.
        let scaled = book(24, "q 0.5 0 0 0.5 0 0 cm 1 w 200 400 m 600 400 l S Q");
        assert!(has(&scaled, Printer::Kdp, Rule::LineWeight));
        let fine = book(24, "0.75 w 100 200 m 300 200 l S");
        assert!(!has(&fine, Printer::Kdp, Rule::LineWeight));
        // Printers that publish no minimum are not held to KDP's.
        assert!(!has(&thin, Printer::Ingram, Rule::LineWeight));

        let light = book(24, &format!("{GOOD} 0.95 g 100 200 50 50 re f"));
        let report = check(&light, Printer::Kdp, None).unwrap();
        assert!(report.passes());
        assert!(
            report.lines()[0].contains("grey fills as light as 5 %"),
            "{:?}",
            report.lines()
        );
        let cmyk = book(24, "0 0 0 0.05 k 100 200 50 50 re f");
        assert!(has(&cmyk, Printer::Kdp, Rule::GreyFill));
        let ten = book(24, "0.9 g 100 200 50 50 re f 1 g 100 300 50 50 re f");
        assert!(!has(&ten, Printer::Kdp, Rule::GreyFill));
    }

    #[test]
    fn page_lists_are_ranges() {
        assert_eq!(page_list(&[4]), "page 4");
        assert_eq!(page_list(&[1, 2, 3, 5, 7, 8]), "pages 1-3, 5, 7-8");
    }
}
