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
