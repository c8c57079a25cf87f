//! The printers a book's interior is made for, and what each publishes about interior
//! files: where the bleed goes, how far content must stay from the trim, the gutter by
//! page count, the page counts it binds, and the thinnest line and lightest grey it prints.
//!
//! The layout reads a profile to size pages and margins; the preflight
//! ([`crate::preflight`]) checks a PDF against the same profile, so what the layout
//! promises is what the preflight holds it to. The figures are the printers' own
//! published ones for black-and-white paperback interiors (README "Print it" cites them);
//! where a printer publishes no figure for a rule, the rule is not checked for it.

use std::fmt;

/// A printer (print-on-demand service) a book is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Printer {
    /// Amazon KDP paperbacks.
    Kdp,
    /// IngramSpark (Lightning Source).
    Ingram,
    /// Lulu.
    Lulu,
    /// Any other printer, or a home printer: bleed on every edge, no published limits.
    Generic,
}

/// Which edges of a page the bleed goes beyond.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BleedEdges {
    /// Top, bottom and the outside edge; the binding edge is trimmed flush (the outside is
    /// the right edge of a right-hand page, odd-numbered, and the left edge of a left-hand
    /// one).
    TopBottomOutside,
    /// Every edge.
    AllRound,
}

/// One inch in points.
pub const INCH: f64 = 72.0;

/// What a printer asks of an interior PDF. Lengths in points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    pub printer: Printer,
    /// The name the spec and the `check` command use (`"kdp"`).
    pub name: &'static str,
    /// The name people know it by.
    pub label: &'static str,
    pub bleed_edges: BleedEdges,
    /// The one bleed the printer takes, when it names one (a file has it or has none).
    pub bleed: Option<f64>,
    /// The least distance of content from the trim on the top, bottom and outside edges,
    /// without bleed and with it.
    pub safe: f64,
    pub safe_with_bleed: f64,
    /// The least inner margin (gutter) by page count: `(up to pages, margin)`, in order;
    /// empty when the printer names none.
    pub gutter: &'static [(usize, f64)],
    /// The page counts the printer binds (black-and-white paperback).
    pub pages: Option<(usize, usize)>,
    /// The thinnest line the printer promises to print (an advisory rule).
    pub min_line: Option<f64>,
    /// The lightest grey fill, as a fraction of black ink (an advisory rule).
    pub min_grey: Option<f64>,
}

/// KDP's gutter table (KDP "Set trim size, bleed, and margins"): 0.375 in up to 150
/// pages, 0.5 in to 300, 0.625 in to 500, 0.75 in to 700, 0.875 in to 828.
const KDP_GUTTER: [(usize, f64); 5] = [
    (150, 0.375 * INCH),
    (300, 0.5 * INCH),
    (500, 0.625 * INCH),
    (700, 0.75 * INCH),
    (usize::MAX, 0.875 * INCH),
];

/// IngramSpark: margins of at least 0.5 in from the trim on every side, the gutter
/// included.
const INGRAM_GUTTER: [(usize, f64); 1] = [(usize::MAX, 0.5 * INCH)];

/// Lulu: a safety margin of 0.5 in inside the trim on every side.
const LULU_GUTTER: [(usize, f64); 1] = [(usize::MAX, 0.5 * INCH)];

const PROFILES: [Profile; 4] = [
    Profile {
        printer: Printer::Kdp,
        name: "kdp",
        label: "Amazon KDP",
        bleed_edges: BleedEdges::TopBottomOutside,
        bleed: Some(0.125 * INCH),
        safe: 0.25 * INCH,
        safe_with_bleed: 0.375 * INCH,
        gutter: &KDP_GUTTER,
        pages: Some((24, 828)),
        min_line: Some(0.75),
        min_grey: Some(0.10),
    },
    Profile {
        printer: Printer::Ingram,
        name: "ingram",
        label: "IngramSpark",
        bleed_edges: BleedEdges::TopBottomOutside,
        bleed: Some(0.125 * INCH),
        safe: 0.5 * INCH,
        safe_with_bleed: 0.5 * INCH,
        gutter: &INGRAM_GUTTER,
        pages: Some((18, 1200)),
        min_line: None,
        min_grey: None,
    },
    Profile {
        printer: Printer::Lulu,
        name: "lulu",
        label: "Lulu",
        bleed_edges: BleedEdges::AllRound,
        bleed: Some(0.125 * INCH),
        safe: 0.5 * INCH,
        safe_with_bleed: 0.5 * INCH,
        gutter: &LULU_GUTTER,
        pages: Some((32, 800)),
        min_line: None,
        min_grey: None,
    },
    Profile {
        printer: Printer::Generic,
        name: "generic",
        label: "a generic printer",
        bleed_edges: BleedEdges::AllRound,
        bleed: None,
        safe: 0.0,
        safe_with_bleed: 0.0,
        gutter: &[],
        pages: None,
        min_line: None,
        min_grey: None,
    },
];

impl Printer {
    pub const ALL: [Printer; 4] = [
        Printer::Kdp,
        Printer::Ingram,
        Printer::Lulu,
        Printer::Generic,
    ];

    pub fn profile(self) -> &'static Profile {
        match self {
            Printer::Kdp => &PROFILES[0],
            Printer::Ingram => &PROFILES[1],
            Printer::Lulu => &PROFILES[2],
            Printer::Generic => &PROFILES[3],
        }
    }

    pub fn name(self) -> &'static str {
        self.profile().name
    }

    pub fn from_name(name: &str) -> Option<Printer> {
        Printer::ALL
            .into_iter()
            .find(|printer| printer.name() == name.trim().to_ascii_lowercase())
    }

    /// The names, for hints.
    pub fn names() -> Vec<&'static str> {
        Printer::ALL.iter().map(|printer| printer.name()).collect()
    }
}

impl fmt::Display for Printer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.profile().label)
    }
}

/// The depth binding takes from the inner margin of a book of `pages` pages (KDP's table,
/// which printers that publish none are held to when `min_gutter` asks for it).
pub fn binding_gutter(pages: usize) -> f64 {
    table_gutter(&KDP_GUTTER, pages).unwrap_or(0.0)
}

fn table_gutter(table: &[(usize, f64)], pages: usize) -> Option<f64> {
    table
        .iter()
        .find(|(up_to, _)| pages <= *up_to)
        .map(|&(_, margin)| margin)
}

impl Profile {
    /// The printer's own least inner margin for `pages` pages, when it publishes one.
    pub fn min_gutter(&self, pages: usize) -> Option<f64> {
        table_gutter(self.gutter, pages)
    }

    /// The inner margin a book of `pages` pages needs: the printer's minimum, and at
    /// least what binding takes at that thickness.
    pub fn gutter_for(&self, pages: usize) -> f64 {
        self.min_gutter(pages)
            .unwrap_or(0.0)
            .max(binding_gutter(pages))
    }

    /// The least distance of content from the trim on the edges that are not the binding.
    pub fn safe_margin(&self, bleed: bool) -> f64 {
        if bleed {
            self.safe_with_bleed
        } else {
            self.safe
        }
    }

    /// The bleed beyond each edge of page `number` (from 1) for a bleed of `amount`.
    pub fn page_bleed(&self, amount: f64, number: usize) -> crate::layout::page::Bleed {
        use crate::layout::page::Bleed;
        match self.bleed_edges {
            BleedEdges::AllRound => Bleed::uniform(amount),
            BleedEdges::TopBottomOutside => {
                let right_hand = number % 2 == 1;
                Bleed {
                    top: amount,
                    bottom: amount,
                    left: if right_hand { 0.0 } else { amount },
                    right: if right_hand { amount } else { 0.0 },
                }
            }
        }
    }
}
