//! `puzzlebook check BOOK.pdf --printer kdp`: any PDF interior checked against a printer's
//! published rules ([`crate::preflight`]), as `puzzlebook book` checks its own.

use std::path::PathBuf;

use clap::{Args as ClapArgs, ValueEnum};
use serde::Serialize;

use super::Ui;
use super::io::{Output, describe, read_file};
use crate::book::printer::Printer;
use crate::book::units::parse_page_size;
use crate::error::Error;
use crate::preflight::{self, Report, Severity};

#[derive(Debug, ClapArgs)]
#[command(after_help = "\
Prints one line per problem with the pages it is on, then the verdict. Errors (exit 1) are
what the printer refuses: a page size that is not the trim plus the printer's bleed, content
outside the safe zone or in the gutter, a page count the printer does not bind, a font that
is not embedded. Warnings are the printer's advice: lines thinner or grey fills lighter than
it prints reliably. Exit 2 when the file cannot be read as a PDF.

Examples:
  puzzlebook check my-book.pdf --printer kdp
  puzzlebook check interior.pdf --printer ingram --trim 6x9in
  puzzlebook check my-book.pdf --printer lulu --format json")]
pub struct Args {
    /// The PDF to check (any PDF, not only puzzlebook's).
    pdf: PathBuf,
    /// The printer whose rules apply.
    #[arg(long, value_enum)]
    printer: PrinterArg,
    /// The trim size every page must finish at, e.g. 6x9in or A5 (default: the PDF's own
    /// TrimBox, or its MediaBox without one).
    #[arg(long, value_name = "SIZE", value_parser = parse_trim)]
    trim: Option<(f64, f64)>,
    /// How to print the findings.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum PrinterArg {
    /// Amazon KDP paperbacks.
    Kdp,
    /// IngramSpark.
    Ingram,
    /// Lulu.
    Lulu,
    /// Any other printer: bleed all round, no published limits.
    Generic,
}

impl From<PrinterArg> for Printer {
    fn from(arg: PrinterArg) -> Printer {
        match arg {
            PrinterArg::Kdp => Printer::Kdp,
            PrinterArg::Ingram => Printer::Ingram,
            PrinterArg::Lulu => Printer::Lulu,
            PrinterArg::Generic => Printer::Generic,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// One line per problem, then the verdict.
    Text,
    /// One JSON object: printer, pages, passes, findings.
    Json,
}

fn parse_trim(text: &str) -> Result<(f64, f64), String> {
    parse_page_size(text)
        .map(|size| (size.width, size.height))
        .map_err(|error| super::flag_value_message(&error))
}

/// Large enough for any interior a printer takes (KDP's limit is 650 MB).
const MAX_PDF_BYTES: u64 = 700 << 20;

#[derive(Serialize)]
struct JsonReport<'a> {
    file: String,
    printer: &'static str,
    pages: usize,
    passes: bool,
    findings: Vec<JsonFinding<'a>>,
}

#[derive(Serialize)]
struct JsonFinding<'a> {
    page: Option<usize>,
    rule: &'static str,
    severity: &'static str,
    message: &'a str,
}

pub fn run(args: Args, ui: Ui) -> Result<i32, Error> {
    let name = args.pdf.display().to_string();
    let bytes = read_file(&args.pdf, MAX_PDF_BYTES)
        .map_err(|error| Error::input(format!("cannot read {name}: {}", describe(&error))))?;
    let printer = Printer::from(args.printer);
    let report = preflight::check(&bytes, printer, args.trim)
        .map_err(|error| error.in_file(name.clone()))?;
    let mut out = Output::stdout();
    match args.format {
        Format::Text => write_text(&mut out, &name, &report)?,
        Format::Json => write_json(&mut out, &name, &report)?,
    }
    out.flush()?;
    ui.detail(format_args!(
        "{name}: {} findings against {}",
        report.findings.len(),
        report.printer
    ));
    Ok(if report.passes() { 0 } else { 1 })
}

fn write_text(out: &mut Output, name: &str, report: &Report) -> Result<(), Error> {
    for line in report.lines() {
        out.line(&line)?;
    }
    // Problems as listed: a rule and message once, whatever pages it holds on.
    let groups = report.groups();
    let errors = groups
        .iter()
        .filter(|group| group.severity == Severity::Error)
        .count();
    let warnings = groups.len() - errors;
    let counted =
        |count: usize, noun: &str| format!("{count} {noun}{}", if count == 1 { "" } else { "s" });
    let verdict = if errors == 0 { "passes" } else { "fails" };
    out.line(&format!(
        "{name}: {}, {verdict} {}'s preflight ({}, {})",
        counted(report.pages, "page"),
        report.printer,
        counted(errors, "error"),
        counted(warnings, "warning")
    ))
}

fn write_json(out: &mut Output, name: &str, report: &Report) -> Result<(), Error> {
    let json = JsonReport {
        file: name.to_string(),
        printer: report.printer.name(),
        pages: report.pages,
        passes: report.passes(),
        findings: report
            .findings
            .iter()
            .map(|finding| JsonFinding {
                page: finding.page,
                rule: finding.rule.name(),
                severity: match finding.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                },
                message: &finding.message,
            })
            .collect(),
    };
    let text = serde_json::to_string_pretty(&json)
        .map_err(|error| Error::runtime(format!("cannot encode JSON: {error}")))?;
    out.line(&text)
}
