//! Walkthrough pages: a puzzle's worked solution as panels, flowed onto pages.
//!
//! Panels are of three kinds. A step with a diagram of its own (`WalkStep::diagram`)
//! opens a *figure* panel: its diagram with its words beside it, and after them the steps
//! told in words alone (`WalkStep::words_only`) that fit beside the figure. Other steps
//! told in words alone run across the text width, a *text* panel each, so that a page
//! fills with them and breaks between them. Steps that are neither (mushikui-zan) gather
//! in *shared* panels: the figure as it stands after the panel's steps, with the steps
//! beside it while their text is no taller than the figure. A figure too wide to have text
//! beside it (a 12×12 or 16×16 grid, a killer: at least [`STACKED_SHARE`] of the body)
//! has its step below it — but in the column it leaves beside it, when that is at least
//! [`SIDE_COLUMN`] text sizes wide, its step's plain words when they fit there, and when
//! it waits for the next page, the plain steps after it (tables still go below it).
//!
//! A step's words may be a table (a killer's cage arithmetic): lines of two cells split by
//! a tab, the deduction and what it does, set in two columns.
//!
//! Panels flow down the pages after the answers; a panel is never split across pages, a
//! walkthrough's heading never ends a page, and its last step never opens one alone. A figure too tall for the foot of a page
//! waits for the next one with the steps after it beside it, or goes up beside the steps
//! before it (with the figure before them, when that makes room), or, when the
//! walkthrough ends or the next figure comes first, is left out — unless it is the
//! walkthrough's only figure, which then opens the next page with its words, or the next
//! figure would open the next page anyway, which the waiting one then opens instead (see
//! [`flow`]). A table too long to go beside a figure whole is split at
//! the figure's foot between rows: its first rows beside the figure, the rest across the
//! width below it. Kinds keep their steps short; only a step
//! whose text alone is taller than a page (possible on very small pages) has its text
//! carried over to continuation panels, which have no figure. The first walkthrough page
//! holds the legend of the coordinates under its heading.
//!
//! Everything here is geometry known before drawing: [`lay_out`] wraps the text and sizes
//! the panels (it needs the made walkthroughs, the fonts and the figure cell), and
//! [`flow`] packs panels onto pages, which is what pagination needs to count the pages.

use std::ops::Range;
use std::sync::Arc;

use super::font::FontMetrics;
use super::fonts::FontSet;
use super::text::wrap;
use crate::book::kind::Walkthrough;
use crate::book::spec::Spec;

/// Proportions, as multiples of the spec's text size.
pub mod style {
    /// Step text size.
    pub const TEXT: f64 = 0.9;
    /// Line pitch of the step text, as a multiple of its size.
    pub const LEADING: f64 = 1.2;
    /// Space after each step.
    pub const STEP_GAP: f64 = 0.3;
    /// Between the figure and the text.
    pub const GUTTER: f64 = 1.2;
    /// Space after each panel with a figure (a hairline runs in it).
    pub const PANEL_GAP: f64 = 1.0;
    /// A walkthrough's heading line.
    pub const HEADER: f64 = 2.2;
    /// Room for the step number before the text (two digits and a point).
    pub const NUMBER: f64 = 2.2;
    /// Between a table's two columns.
    pub const TABLE_GAP: f64 = 1.0;
    /// A table's second column takes at most this share of the text column.
    pub const TABLE_OUTCOME: f64 = 0.42;
    /// A hanging table row's outcome, below its deduction, is indented this much.
    pub const HANG: f64 = 1.5;
    /// A table in a column narrower than this many of its text's sizes (beside a figure)
    /// hangs its rows rather than break an outcome when its columns are free to choose.
    pub const HANG_WIDTH: f64 = 24.0;
}

/// What a panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PanelKind {
    /// The diagram of its first step, that step's words and words-only steps beside it.
    #[default]
    Figure,
    /// The figure as it stands after its steps, which are beside it.
    Shared,
    /// Words across the text width, no figure.
    Text,
}

/// One panel: steps `steps`, with or without a figure.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Panel {
    pub steps: Range<usize>,
    /// Each step's text, wrapped to its column; a table's lines hold their two cells split
    /// by a tab.
    pub lines: Vec<Vec<String>>,
    /// For each step, where a table's second column starts (points from the text's
    /// start); `None` for plain text.
    pub tabs: Vec<Option<f64>>,
    /// Height in points, gap included.
    pub height: f64,
    /// The panel continues the text of its first step from the panel before, without a
    /// figure or step number: only a step whose text alone is taller than a page is
    /// carried over like this.
    pub continued: bool,
    pub kind: PanelKind,
    /// The text runs across the body's width rather than beside the figure.
    pub wide: bool,
    /// A table across the width whose short rows go two to a line: where the second row
    /// of a line starts and where a row's second column starts within it (points from the
    /// text's start). Such a line holds the two rows split by [`PAIR`].
    pub paired: Option<(f64, f64)>,
    /// A figure that is not beside its step's words (told across the width near it): the
    /// step whose figure it draws. It waits at the top of the page after its words, or
    /// goes up beside the text before it when its walkthrough ends; a caption names its
    /// step, and the steps beside it (`steps`, wrapped to the column beside the figure,
    /// possibly none) follow the caption.
    pub floated: Option<usize>,
    /// Two figures side by side, each with its steps below it: the step that opens the
    /// second column (its figure's step).
    pub twin: Option<usize>,
    /// A floated figure's first step began above it, on the page before: its rows beside
    /// the figure go on with it, and its number is repeated in grey.
    pub resumed: bool,
}

/// Splits the two rows of a paired table line.
pub const PAIR: char = '\u{1e}';

impl Panel {
    /// True when the panel draws a figure.
    pub fn has_figure(&self) -> bool {
        !self.continued && self.kind != PanelKind::Text
    }

    /// The steps whose marks the figure shows: a figure panel's own step (or the step of a
    /// floated figure), a shared panel's steps.
    pub fn marked(&self) -> Range<usize> {
        match (self.floated, self.kind) {
            (Some(step), _) => step..step + 1,
            (None, PanelKind::Figure) => self.steps.start..self.steps.start + 1,
            _ => self.steps.clone(),
        }
    }
}

/// A figure at least this share of the body wide has its text below it, not beside it
/// (but a step's plain words that fit the column left beside it, at least
/// [`SIDE_COLUMN`] text sizes wide).
pub const STACKED_SHARE: f64 = 0.5;

/// The narrowest column, in text sizes, that a figure taking the width has words beside:
/// a killer's figure on a 6 × 9 in page at 9 pt leaves 9.4 beside it at KDP's deepest
/// gutter (0.875 in, 700 pages and more), 13.5 at its shallowest.
pub const SIDE_COLUMN: f64 = 9.0;

/// Sets a panel's height (its text or its figure, whichever is taller, or both when the
/// text goes below the figure (`stacked`), and the gap), and carries text that would not
/// fit `room` over to continuation panels.
pub fn fit_to_page(panel: Panel, figure: f64, stacked: bool, text: f64, room: f64) -> Vec<Panel> {
    let pitch = text * style::TEXT * style::LEADING;
    let step_gap = style::STEP_GAP * text;
    let figured = panel.kind != PanelKind::Text;
    let (figure, stacked) = if figured {
        (figure, stacked || panel.twin.is_some())
    } else {
        (0.0, false)
    };
    let panel_gap = if figured {
        style::PANEL_GAP * text
    } else {
        0.0
    };
    let below = if stacked {
        figure + style::GUTTER * text
    } else {
        0.0
    };
    let finish = |mut panel: Panel, used: f64| {
        panel.height = match (panel.continued, stacked) {
            (true, _) => used,
            (false, true) => below + used,
            (false, false) => used.max(figure),
        } + panel_gap;
        panel
    };
    let whole = if stacked {
        below + panel.height
    } else {
        panel.height.max(figure)
    };
    if whole + panel_gap <= room {
        let used = panel.height;
        return vec![finish(panel, used)];
    }
    let limit = room - panel_gap;
    let mut out = Vec::new();
    let start = panel.steps.start;
    let template = Panel {
        steps: start..start,
        lines: Vec::new(),
        tabs: Vec::new(),
        height: 0.0,
        continued: false,
        kind: panel.kind,
        wide: panel.wide,
        paired: panel.paired,
        floated: None,
        twin: panel.twin,
        resumed: false,
    };
    let mut current = template.clone();
    let mut used = 0.0;
    for ((step, lines), tab) in panel.steps.clone().zip(panel.lines).zip(panel.tabs) {
        let mut rest: &[String] = &lines;
        loop {
            let under_figure = if current.continued { 0.0 } else { below };
            let fit = ((limit - under_figure - used - step_gap) / pitch)
                .floor()
                .max(0.0) as usize;
            // A page takes at least one line, so the text always moves on.
            let take = if current.lines.is_empty() {
                fit.max(1)
            } else {
                fit
            };
            if rest.len().max(1) <= take {
                current.steps.end = step + 1;
                current.lines.push(rest.to_vec());
                current.tabs.push(tab);
                used += rest.len().max(1) as f64 * pitch + step_gap;
                break;
            }
            if take > 0 {
                current.steps.end = step + 1;
                current.lines.push(rest[..take].to_vec());
                current.tabs.push(tab);
                used += take as f64 * pitch + step_gap;
                rest = &rest[take..];
            }
            let continues = take > 0;
            out.push(finish(std::mem::take(&mut current), used));
            used = 0.0;
            current = Panel {
                steps: step..step,
                continued: continues,
                ..template.clone()
            };
        }
    }
    if !current.lines.is_empty() {
        out.push(finish(current, used));
    }
    out
}

/// A puzzle's walkthrough, sized: its figure cell and box, and its panels.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkLayout {
    pub cell: f64,
    /// The figure box (width, height) every panel leaves for the figure (its margin of
    /// coordinates included).
    pub figure: (f64, f64),
    /// The steps go below the figure (a figure too wide to have them beside it).
    pub stacked: bool,
    pub panels: Vec<Panel>,
    /// For each figure panel, its steps' words across the width (text panels), which
    /// [`flow`] sets instead when the figure does not fit the rest of a page and waits at
    /// the top of the next (see [`Panel::floated`]); `None` for the other panels.
    pub floats: Vec<Option<Vec<Panel>>>,
    /// For each twin panel, its two figure panels set one after the other (each with its
    /// [`WalkLayout::floats`] entry), which [`flow`] sets instead when the twin does not
    /// fit the rest of a page; empty for the other panels.
    pub apart: Vec<Vec<(Panel, Option<Vec<Panel>>)>>,
    /// Each step's words wrapped to the column beside the figure (and a table's tab), for
    /// the steps [`flow`] sets beside a floated figure; empty when the steps go below the
    /// figure.
    pub narrow: Vec<(Vec<String>, Option<f64>)>,
    /// For each step, where its table's rows start, so that [`flow`] can split a table
    /// across the foot of a floated figure; empty rows for plain text, and for a step not
    /// told across the width on its own.
    pub rows: Vec<TableRows>,
}

/// Where each row of a step's table starts: among its lines beside a floated figure
/// ([`WalkLayout::narrow`]) and among its lines across the width (the lines of its
/// pieces one after another; the two rows of a paired line start on the same line).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TableRows {
    pub beside: Vec<usize>,
    pub across: Vec<usize>,
}

/// Panels of puzzle `puzzle`'s walkthrough at `top` points below the page's
/// heading band; `continued` when an earlier page holds the walkthrough's beginning.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkBlock {
    pub puzzle: usize,
    /// The panels as set: the walkthrough's, or in their place the words of a figure
    /// panel and its figure alone, when the figure waits for the next page.
    pub panels: Vec<Panel>,
    pub top: f64,
    pub continued: bool,
}

/// What one walkthrough page holds.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WalkPage {
    pub blocks: Vec<WalkBlock>,
    /// The page opens with the chapter's heading: the first page of the walkthroughs (or
    /// of a section's), or every page when no running head names the chapter.
    pub heading: bool,
    /// The page opens with the legend of the coordinates.
    pub legend: bool,
}

/// A step's text wrapped to `width`: plain lines, or a table's rows as lines of two cells
/// split by a tab, and where the second column starts.
pub(super) fn wrap_step(
    metrics: &FontMetrics,
    text: &str,
    size: f64,
    width: f64,
    spacing: f64,
) -> (Vec<String>, Option<f64>) {
    let (lines, tab, _) = wrap_rows(metrics, text, size, width, spacing, Split::Fewest);
    (lines, tab)
}

/// The rows of a table: (the deduction, what it does).
fn table_rows(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.lines()
        .map(|row| row.split_once('\t').unwrap_or((row, "")))
}

/// Where the tables across the width of one walkthrough split their columns: the same
/// for all of them, so that the columns line up down its pages.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Columns {
    /// The width of the deductions' column.
    pub left: f64,
    /// In a line of two rows, the width of each row's deduction.
    pub first: f64,
}

/// The [`Columns`] of the tables among `texts` set `width` wide; `None` without a table.
pub(super) fn columns_of<'a>(
    metrics: &FontMetrics,
    texts: impl Iterator<Item = &'a str>,
    size: f64,
    width: f64,
    spacing: f64,
) -> Option<Columns> {
    let rows: Vec<(&str, &str)> = texts
        .filter(|text| text.contains('\t'))
        .flat_map(table_rows)
        .collect();
    if rows.is_empty() {
        return None;
    }
    let gap = style::TABLE_GAP * spacing;
    let left = split_of(metrics, &rows, size, width, spacing);
    Some(Columns {
        left,
        first: pair_first(metrics, &rows, size, pair_half(width, left + gap, gap), gap),
    })
}

/// The width each row of a line of two has: the second starts where the table's second
/// column does (`tab`), so that the columns line up.
fn pair_half(width: f64, tab: f64, gap: f64) -> f64 {
    (tab - 2.0 * gap).min(width - tab).max(0.0)
}

/// The first column of a pair as wide as the longest deduction that leaves room for its
/// outcome in `half`, at most 60 % of it.
fn pair_first(metrics: &FontMetrics, rows: &[(&str, &str)], size: f64, half: f64, gap: f64) -> f64 {
    rows.iter()
        .map(|(what, done)| (metrics.width(what, size), metrics.width(done, size)))
        .filter(|&(what, done)| what + gap + done <= half)
        .map(|(what, _)| what)
        .fold(0.0, f64::max)
        .min(half * 0.6)
}

/// Wrapped lines, a table's tab, the line each row starts on, and [`Panel::paired`].
type PairedRows = (Vec<String>, Option<f64>, Vec<usize>, Option<(f64, f64)>);

/// A table's rows as [`wrap_rows`] sets them, and where a table across the width has its
/// short rows two to a line (`paired`, as [`Panel::paired`]): consecutive rows that each
/// fit one line of half the width share a line, read left to right as the other lines
/// are; a longer row takes the whole width.
fn wrap_paired_rows(
    metrics: &FontMetrics,
    text: &str,
    size: f64,
    width: f64,
    spacing: f64,
    columns: Option<Columns>,
) -> PairedRows {
    let (lines, tab, starts) = wrap_rows(
        metrics,
        text,
        size,
        width,
        spacing,
        columns.map_or(Split::Fewest, |columns| Split::At(columns.left)),
    );
    let Some(tab) = tab else {
        return (lines, None, starts, None);
    };
    let rows: Vec<(&str, &str)> = table_rows(text).collect();
    let gap = style::TABLE_GAP * spacing;
    let half = pair_half(width, tab, gap);
    let widths: Vec<(f64, f64)> = rows
        .iter()
        .map(|(what, done)| (metrics.width(what, size), metrics.width(done, size)))
        .collect();
    let first = columns.map_or_else(
        || pair_first(metrics, &rows, size, half, gap),
        |columns| columns.first,
    );
    let short = |&(what, done): &(f64, f64)| what <= first && first + gap + done <= half;
    let row_lines = |row: usize| {
        let end = starts.get(row + 1).copied().unwrap_or(lines.len());
        &lines[starts[row]..end]
    };
    let mut paired_lines = Vec::new();
    let mut paired_starts = Vec::new();
    let mut any = false;
    let mut row = 0;
    while row < rows.len() {
        paired_starts.push(paired_lines.len());
        if row + 1 < rows.len() && short(&widths[row]) && short(&widths[row + 1]) {
            let cell = |row: usize| format!("{}\t{}", rows[row].0, rows[row].1);
            paired_lines.push(format!("{}{PAIR}{}", cell(row), cell(row + 1)));
            any = true;
            row += 2;
        } else {
            paired_lines.extend(row_lines(row).iter().cloned());
            row += 1;
        }
    }
    if !any {
        return (lines, Some(tab), starts, None);
    }
    (
        paired_lines,
        Some(tab),
        paired_starts,
        Some((tab, first + gap)),
    )
}

/// The width of a table's deductions column that sets `rows` in the fewest lines, tried
/// every 2 % of `width` from 30 % to 70 %: the widest outcome's when that does as well as
/// any.
fn split_of(
    metrics: &FontMetrics,
    rows: &[(&str, &str)],
    size: f64,
    width: f64,
    spacing: f64,
) -> f64 {
    let gap = style::TABLE_GAP * spacing;
    // Most cells fit their column on one line: only the others are wrapped.
    let measured: Vec<(f64, f64)> = rows
        .iter()
        .map(|(what, done)| (metrics.width(what, size), metrics.width(done, size)))
        .collect();
    let lines = |text: &str, measured: f64, room: f64| {
        if !text.is_empty() && measured <= room {
            1
        } else {
            wrap(metrics, text, size, room).len()
        }
    };
    let lines_with = |left: f64| -> usize {
        rows.iter()
            .zip(&measured)
            .map(|(&(what, done), &(what_width, done_width))| {
                let outcome = (width - left - gap).max(size);
                lines(what, what_width, left).max(lines(done, done_width, outcome))
            })
            .sum()
    };
    let widest = widest_split(metrics, rows, size, width, spacing);
    let mut left = widest;
    let mut fewest = lines_with(widest);
    for step in 0..=20 {
        let share = 0.3 + 0.02 * f64::from(step);
        let candidate = (width * share).max(size * 6.0);
        let count = lines_with(candidate);
        if count < fewest {
            (left, fewest) = (candidate, count);
        }
    }
    left
}

/// The width of a table's deductions column `width` wide that leaves its outcomes the
/// room they need (at most [`style::TABLE_OUTCOME`] of it).
fn widest_split(
    metrics: &FontMetrics,
    rows: &[(&str, &str)],
    size: f64,
    width: f64,
    spacing: f64,
) -> f64 {
    let outcome = rows
        .iter()
        .map(|(_, outcome)| metrics.width(outcome, size))
        .fold(0.0, f64::max)
        .min(width * style::TABLE_OUTCOME);
    (width - outcome - style::TABLE_GAP * spacing).max(size * 6.0)
}

/// Where a table's columns split (see [`wrap_rows`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Split {
    /// The deductions' column this wide: the walkthrough's tables across the width line up.
    At(f64),
    /// Where the rows take the fewest lines ([`split_of`]), or hanging rows.
    Fewest,
    /// Where the outcomes have the room they need ([`widest_split`]), or hanging rows: the
    /// words of every step beside a floated figure, most never set.
    Quick,
}

/// [`wrap_step`], and the line each of a table's rows starts on (empty for plain text);
/// a table's columns split as `split` says. Where the split is free to choose, and two
/// columns would take more lines or, in a narrow column ([`style::HANG_WIDTH`]), break an
/// outcome across lines or a deduction over more than two, each row hangs instead: its
/// deduction across the column, what it does on the lines below, indented
/// ([`style::HANG`]).
pub fn wrap_rows(
    metrics: &FontMetrics,
    text: &str,
    size: f64,
    width: f64,
    spacing: f64,
    split: Split,
) -> (Vec<String>, Option<f64>, Vec<usize>) {
    if !text.contains('\t') {
        return (wrap(metrics, text, size, width), None, Vec::new());
    }
    let rows: Vec<(&str, &str)> = table_rows(text).collect();
    let gap = style::TABLE_GAP * spacing;
    let chosen = match split {
        Split::At(left) => left,
        Split::Fewest => split_of(metrics, &rows, size, width, spacing),
        Split::Quick => widest_split(metrics, &rows, size, width, spacing),
    };
    let outcome = width - chosen - gap;
    let mut lines = Vec::new();
    let mut starts = Vec::new();
    // Some row's outcome is broken across lines, or its deduction takes more than two.
    let mut cramped = false;
    for &(what, done) in &rows {
        starts.push(lines.len());
        let what = wrap(metrics, what, size, chosen);
        let done = wrap(metrics, done, size, outcome.max(size));
        cramped |= done.len() > 1 || what.len() > 2;
        for row in 0..what.len().max(done.len()) {
            lines.push(format!(
                "{}\t{}",
                what.get(row).map_or("", String::as_str),
                done.get(row).map_or("", String::as_str)
            ));
        }
    }
    if !matches!(split, Split::At(_)) {
        let indent = style::HANG * spacing;
        let mut hanging = Vec::new();
        let mut hanging_starts = Vec::new();
        for &(what, done) in &rows {
            hanging_starts.push(hanging.len());
            let what = wrap(metrics, what, size, width);
            hanging.extend(what.into_iter().map(|line| format!("{line}\t")));
            if !done.is_empty() {
                let done = wrap(metrics, done, size, (width - indent).max(size));
                hanging.extend(done.into_iter().map(|line| format!("\t{line}")));
            }
        }
        if hanging.len() <= lines.len() || (cramped && width < style::HANG_WIDTH * size) {
            return (hanging, Some(indent), hanging_starts);
        }
    }
    (lines, Some(chosen + gap), starts)
}

/// A words-only table longer than this many lines is cut, between rows, into panels the
/// pages can break between.
pub const TABLE_PIECE: usize = 3;

/// A words-only step's panel (`height` its text's height); a long table as several, each
/// of whole rows and at most [`TABLE_PIECE`] lines (unless one row is longer), the later
/// ones continuing it. `starts` holds the line each row starts on.
pub fn text_panels(
    index: usize,
    lines: Vec<String>,
    tab: Option<f64>,
    starts: &[usize],
    paired: Option<(f64, f64)>,
    height: &dyn Fn(&[String], bool) -> f64,
    continues: bool,
) -> Vec<Panel> {
    let pieces = if tab.is_none() || lines.len() <= TABLE_PIECE {
        1
    } else {
        2
    };
    // The pieces of a table run on without the gap after a step, but for the last.
    let panel = |lines: &[String], continued: bool, last: bool| Panel {
        steps: index..index + 1,
        height: height(lines, last || pieces == 1),
        lines: vec![lines.to_vec()],
        tabs: vec![tab],
        continued,
        kind: PanelKind::Text,
        wide: true,
        paired,
        floated: None,
        twin: None,
        resumed: false,
    };
    if pieces == 1 {
        return vec![panel(&lines, continues, true)];
    }
    let mut cuts = vec![0];
    for (row, &start) in starts.iter().enumerate() {
        let end = starts.get(row + 1).copied().unwrap_or(lines.len());
        let piece = cuts[cuts.len() - 1];
        if start > piece && end - piece > TABLE_PIECE {
            cuts.push(start);
        }
    }
    cuts.push(lines.len());
    let last = cuts.len() - 2;
    cuts.windows(2)
        .enumerate()
        .map(|(piece, cut)| {
            panel(
                &lines[cut[0]..cut[1]],
                continues || piece > 0,
                piece == last,
            )
        })
        .collect()
}

/// The height of a piece of a step's words across the width, `lines` long; the last
/// piece has the gap after a step.
pub fn piece_height(text: f64, lines: &[String], last: bool) -> f64 {
    let gap = if last { style::STEP_GAP * text } else { 0.0 };
    lines.len().max(1) as f64 * text * style::TEXT * style::LEADING + gap
}

/// Where each row of a table across the width starts among `lines`, given where each of
/// its lines of rows (`starts`) does: a paired line starts two rows.
fn row_starts(lines: &[String], starts: &[usize]) -> Vec<usize> {
    starts
        .iter()
        .flat_map(|&start| {
            let rows = if lines[start].contains(PAIR) { 2 } else { 1 };
            std::iter::repeat_n(start, rows)
        })
        .collect()
}

/// Sizes the walkthroughs: `walks[i]` of puzzle `i` with figure cell `cells[i]` and figure
/// extent `extents[i]` (cells across and down, the margin of coordinates included), text
/// column `width` points wide (the body's width), for pages of `rooms`; no panel is taller
/// than a page below a walkthrough's heading.
///
/// A walkthrough that, flowed onto pages of its own, takes more than its page goal
/// ([`Walkthrough::page_goal`]) has its diagrams the reader needs least (the last of
/// [`Walkthrough::drawn`]) told in words alone, as few as bring it to its goal; when no
/// number of them does, as few as make it shortest.
pub fn lay_out(
    spec: &Spec,
    fonts: &FontSet,
    body_width: f64,
    walks: &[Option<Arc<Walkthrough>>],
    cells: &[f64],
    extents: &[(f64, f64)],
    rooms: Rooms,
) -> Vec<Option<WalkLayout>> {
    let text = spec.page.text_size.value;
    let measure = Measure {
        metrics: fonts.metrics(fonts.text),
        text,
        body_width,
        room: rooms.first - style::HEADER * text,
    };
    walks
        .iter()
        .enumerate()
        .map(|(puzzle, walk)| {
            let walk = walk.as_ref()?;
            let lay =
                |walk: &Walkthrough| lay_out_walk(&measure, walk, cells[puzzle], extents[puzzle]);
            // The walkthrough flowed onto pages of its own: how many it takes.
            let pages = |layout: [Option<WalkLayout>; 1]| {
                let taken = flow(spec, &layout, &[0], rooms, 0.0).len();
                (layout, taken)
            };
            let (mut layout, mut best) = pages([Some(lay(walk))]);
            if best > walk.page_goal {
                let mut fewer = Walkthrough::clone(walk);
                for &step in walk.drawn.iter().rev() {
                    fewer.steps[step].diagram = false;
                    fewer.steps[step].words_only = true;
                    let (shorter, taken) = pages([Some(lay(&fewer))]);
                    if taken < best {
                        (layout, best) = (shorter, taken);
                    }
                    if best <= walk.page_goal {
                        break;
                    }
                }
            }
            let [layout] = layout;
            layout
        })
        .collect()
}

/// What sizing a walkthrough's panels needs of the book.
struct Measure<'a> {
    metrics: &'a FontMetrics,
    /// The spec's text size.
    text: f64,
    body_width: f64,
    /// A page's height below a walkthrough's heading.
    room: f64,
}

/// Sizes one walkthrough's panels (see [`lay_out`]).
fn lay_out_walk(
    measure: &Measure<'_>,
    walk: &Walkthrough,
    cell: f64,
    (columns, rows): (f64, f64),
) -> WalkLayout {
    let &Measure {
        metrics,
        text,
        body_width,
        room,
    } = measure;
    let size = text * style::TEXT;
    let pitch = size * style::LEADING;
    let figure = (columns * cell, rows * cell);
    let stacked = figure.0 >= body_width * STACKED_SHARE;
    let beside = if stacked {
        0.0
    } else {
        figure.0 + style::GUTTER * text
    };
    let narrow = (body_width - beside - style::NUMBER * size).max(size * 8.0);
    let wide = (body_width - style::NUMBER * size).max(size * 8.0);
    // The column a figure that takes the width leaves beside it, when it is wide
    // enough for a step's words (not a table's two columns).
    let side = body_width - figure.0 - style::GUTTER * text - style::NUMBER * size;
    let side = (stacked && side >= size * SIDE_COLUMN).then_some(side);
    let height = |lines: &[String]| lines.len().max(1) as f64 * pitch + style::STEP_GAP * text;
    let piece_height = |lines: &[String], last: bool| piece_height(text, lines, last);
    // Beside a figure, steps gather while no taller than it; below one, while no
    // taller than a third of it.
    let gather = if stacked { figure.1 / 3.0 } else { figure.1 };
    // A step's words (a table or text) across the width, in pieces the pages can
    // break between; `continues` when the step began in the panel before.
    let columns = columns_of(
        metrics,
        walk.steps.iter().map(|step| step.text.as_str()),
        size,
        wide,
        text,
    );
    let across = |index: usize, words: &str, continues: bool| {
        let (lines, tab, starts, paired) =
            wrap_paired_rows(metrics, words, size, wide, text, columns);
        text_panels(index, lines, tab, &starts, paired, &piece_height, continues)
    };
    let mut panels: Vec<Panel> = Vec::new();
    let mut current: Option<Panel> = None;
    // Each step's words beside the figure, where they are wrapped so anyway.
    let mut beside_words = vec![None; walk.steps.len()];
    let mut tables = vec![TableRows::default(); walk.steps.len()];
    for (index, step) in walk.steps.iter().enumerate() {
        let (kind, column) = if step.diagram {
            (PanelKind::Figure, if stacked { wide } else { narrow })
        } else if step.words_only {
            (PanelKind::Text, wide)
        } else {
            (PanelKind::Shared, if stacked { wide } else { narrow })
        };
        // Across the width, a table's columns are the walkthrough's.
        let left = columns
            .filter(|_| column == wide)
            .map(|columns| columns.left);
        let split = left.map_or(Split::Fewest, Split::At);
        let (lines, tab, starts) = wrap_rows(metrics, &step.text, size, column, text, split);
        if !stacked && column == narrow {
            beside_words[index] = Some((lines.clone(), tab, starts.clone()));
        }
        if let Some(panel) = current.as_mut() {
            // Words beside a figure (plain words only in the column beside a
            // figure that takes the width), or a shared panel's next step.
            let (joins, column, gather) = match (panel.kind, kind) {
                (PanelKind::Figure, PanelKind::Text) if !stacked => (true, narrow, gather),
                (PanelKind::Figure, PanelKind::Text) if !panel.wide => {
                    (tab.is_none(), side.unwrap_or(narrow), figure.1)
                }
                (PanelKind::Shared, PanelKind::Shared) => (true, narrow, gather),
                _ => (false, narrow, gather),
            };
            if joins {
                let (lines, tab) = if kind == PanelKind::Text {
                    wrap_step(metrics, &step.text, size, column, text)
                } else {
                    (lines.clone(), tab)
                };
                let step_height = height(&lines);
                if panel.height + step_height <= gather {
                    panel.steps.end = index + 1;
                    panel.lines.push(lines);
                    panel.tabs.push(tab);
                    panel.height += step_height;
                    continue;
                }
            }
            panels.extend(current.take());
        }
        // A table (or words) across the width, in pieces; `continues` when the
        // step began beside its figure.
        let across = |words: &str, continues: bool| across(index, words, continues);
        if kind == PanelKind::Text {
            let (lines, tab, starts, paired) =
                wrap_paired_rows(metrics, &step.text, size, wide, text, columns);
            if tab.is_some() {
                tables[index].across = row_starts(&lines, &starts);
            }
            panels.extend(text_panels(
                index,
                lines,
                tab,
                &starts,
                paired,
                &piece_height,
                false,
            ));
            continue;
        }
        // A table beside a figure, taller than it: the rows that fit beside it,
        // the rest across the width below.
        if kind == PanelKind::Figure && !stacked && tab.is_some() {
            let cut = starts
                .iter()
                .copied()
                .filter(|&start| start > 0 && height(&lines[..start]) <= figure.1)
                .max();
            if let (Some(cut), true) = (cut, height(&lines) > figure.1) {
                let row = starts.iter().position(|&start| start == cut).unwrap_or(0);
                let rest: Vec<&str> = step.text.lines().skip(row).collect();
                panels.push(Panel {
                    steps: index..index + 1,
                    height: height(&lines[..cut]),
                    lines: vec![lines[..cut].to_vec()],
                    tabs: vec![tab],
                    continued: false,
                    kind,
                    wide: false,
                    paired: None,
                    floated: None,
                    twin: None,
                    resumed: false,
                });
                panels.extend(across(&rest.join("\n"), true));
                continue;
            }
        }
        // A figure that takes the width has its step's plain words beside it when
        // they fit there, rather than below it.
        let beside = side
            .filter(|_| kind == PanelKind::Figure && tab.is_none())
            .map(|side| wrap_step(metrics, &step.text, size, side, text).0)
            .filter(|lines| height(lines) <= figure.1);
        let wide = stacked && beside.is_none();
        let lines = beside.unwrap_or(lines);
        let panel = Panel {
            steps: index..index + 1,
            height: height(&lines),
            lines: vec![lines],
            tabs: vec![tab],
            continued: false,
            kind,
            wide,
            paired: None,
            floated: None,
            twin: None,
            resumed: false,
        };
        current = Some(panel);
    }
    panels.extend(current);
    let singles = panels.clone();
    // Two figure panels in a row, each figure with its steps below it, side by
    // side: one figure's height instead of two, when both fit half the width.
    let half = (body_width - style::GUTTER * text) / 2.0;
    if !stacked && figure.0 <= half {
        let column = (half - style::NUMBER * size).max(size * 8.0);
        panels = twin_figures(panels, figure.1, room, text, &|index| {
            wrap_step(metrics, &walk.steps[index].text, size, column, text)
        });
    }
    let panels: Vec<Panel> = panels
        .into_iter()
        .flat_map(|panel| {
            let below = stacked && panel.wide;
            fit_to_page(panel, figure.1, below, text, room)
        })
        .collect();
    // What a figure panel becomes when its figure waits for the next page: its
    // steps' words across the width. Not for a panel whose step goes on in the
    // next panel (its rows are already across the width there).
    let told_of = |panel: &Panel, goes_on: bool| -> Option<Vec<Panel>> {
        if panel.kind != PanelKind::Figure || panel.continued || panel.twin.is_some() || goes_on {
            return None;
        }
        Some(
            panel
                .steps
                .clone()
                .flat_map(|index| across(index, &walk.steps[index].text, false))
                .flat_map(|panel| fit_to_page(panel, 0.0, false, text, room))
                .collect(),
        )
    };
    let floats = panels
        .iter()
        .enumerate()
        .map(|(at, panel)| told_of(panel, panels.get(at + 1).is_some_and(|next| next.continued)))
        .collect();
    // A twin's two figure panels apart, for the foot of a page the twin does not
    // fit.
    let apart = panels
        .iter()
        .map(|panel| {
            let Some(second) = panel.twin else {
                return Vec::new();
            };
            let parts: Vec<Panel> = singles
                .iter()
                .filter(|single| {
                    single.kind == PanelKind::Figure
                        && (single.steps.start == panel.steps.start || single.steps.start == second)
                })
                .flat_map(|single| fit_to_page(single.clone(), figure.1, stacked, text, room))
                .collect();
            if parts.len() != 2 {
                return Vec::new();
            }
            parts
                .into_iter()
                .map(|part| {
                    let told = told_of(&part, false);
                    (part, told)
                })
                .collect()
        })
        .collect();
    // The others' words as they would be beside a floated figure; a table's
    // columns split as its outcomes need, without the search for the fewest lines
    // (a walkthrough has many tables, and few go beside a figure).
    // Beside a figure that takes the width, in the column it leaves (plain words
    // only, see [`takes_beside`]), when there is one.
    let narrow = side.unwrap_or(narrow);
    let narrow_words = if stacked && side.is_none() {
        Vec::new()
    } else {
        walk.steps
            .iter()
            .zip(beside_words)
            .zip(&mut tables)
            .map(|((step, wrapped), rows)| {
                let (lines, tab, starts) = wrapped.unwrap_or_else(|| {
                    wrap_rows(metrics, &step.text, size, narrow, text, Split::Quick)
                });
                rows.beside = starts;
                (lines, tab)
            })
            .collect()
    };
    WalkLayout {
        cell,
        figure,
        stacked,
        panels,
        floats,
        apart,
        narrow: narrow_words,
        rows: tables,
    }
}

/// Sets each two figure panels in a row (whole, neither continued nor continuing) side
/// by side when that saves at least a fifth of their height: each figure with its steps
/// below it, wrapped by `wrap` to half the width; `figure` is the figures' height.
fn twin_figures(
    panels: Vec<Panel>,
    figure: f64,
    room: f64,
    text: f64,
    wrap: &dyn Fn(usize) -> (Vec<String>, Option<f64>),
) -> Vec<Panel> {
    let pitch = text * style::TEXT * style::LEADING;
    let step_gap = style::STEP_GAP * text;
    let below = figure + style::GUTTER * text;
    let whole = |panel: &Panel| panel.kind == PanelKind::Figure && !panel.continued;
    let mut out: Vec<Panel> = Vec::with_capacity(panels.len());
    let mut at = 0;
    while at < panels.len() {
        let panel = &panels[at];
        let twinned = panels.get(at + 1).and_then(|next| {
            let followed = panels.get(at + 2).is_some_and(|after| after.continued);
            if !whole(panel) || !whole(next) || followed || next.steps.start != panel.steps.end {
                return None;
            }
            let steps = panel.steps.start..next.steps.end;
            let wrapped: Vec<(Vec<String>, Option<f64>)> = steps.clone().map(wrap).collect();
            let column = |range: Range<usize>| -> f64 {
                range
                    .map(|step| {
                        wrapped[step - steps.start].0.len().max(1) as f64 * pitch + step_gap
                    })
                    .sum()
            };
            let text_height = column(panel.steps.clone()).max(column(next.steps.clone()));
            let height = below + text_height + style::PANEL_GAP * text;
            let apart =
                panel.height.max(figure) + next.height.max(figure) + 2.0 * style::PANEL_GAP * text;
            if height > room || height > 0.8 * apart {
                return None;
            }
            let (lines, tabs) = wrapped.into_iter().unzip();
            Some(Panel {
                steps,
                lines,
                tabs,
                height: text_height,
                kind: PanelKind::Figure,
                twin: Some(next.steps.start),
                ..Panel::default()
            })
        });
        match twinned {
            Some(twin) => {
                out.push(twin);
                at += 2;
            }
            None => {
                out.push(panel.clone());
                at += 1;
            }
        }
    }
    out
}

/// The height of the coordinates' legend of `lines` lines.
pub fn legend_height(spec: &Spec, lines: usize) -> f64 {
    if lines == 0 {
        return 0.0;
    }
    let text = spec.page.text_size.value;
    lines as f64 * text * style::TEXT * style::LEADING + style::PANEL_GAP * text
}

/// The height of a page below the heading band: on the first page of a run of walkthrough
/// pages (which opens with the chapter's heading) and on the pages after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rooms {
    pub first: f64,
    /// More than `first` when the pages after the first have no chapter heading.
    pub rest: f64,
}

/// Packs the walkthroughs of `puzzles` (in order) onto pages of `rooms`; the first page
/// (when `legend` is more than 0) opens with the legend, `legend` points tall.
///
/// Panels are never split. A figure panel that does not fit the rest of a page, where its
/// steps' words would, has its words set there across the width ([`WalkLayout::floats`])
/// and its figure wait at the top of the next page ([`Panel::floated`]), as a book sets a
/// figure too tall for the foot of a page: the text runs on, the figure follows, and the
/// steps after it are set beside it (in the column its own words would take) while there
/// is figure beside them. A figure never overtakes one that waits. A figure still waiting
/// when its walkthrough ends, or when the next figure comes, goes up instead beside the
/// last steps of its page (re-set to the column beside it) when that fits, rather than
/// taking the top of a page of its own; or, when those steps are too few to make room for
/// it, with the figure before them: that one, captioned with its step, takes the steps
/// across the width above it beside it too, and the waiting one the steps after it — when
/// the next figure comes, only if the walkthrough, packed on both ways, draws more figures
/// than without the waiting figure on fewer pages, or on as many with no figure set more
/// than [`FIGURE_DRIFT`] steps from its own. When the next figure and its words would open
/// the next page anyway, the waiting figure opens it instead, with those words beside it,
/// and the next figure waits in turn (under the same rule).
/// Otherwise it is left out (its step told in words) rather than open a page with white
/// beside it — unless the
/// walkthrough would then draw no figure at all and at most [`TAKEN_BACK_WHITE`] of the
/// page stays white: its words (and the steps after them) are taken back from the foot of
/// the page, and its panel opens the next page whole. A table (a step's rows) after a figure, floated or
/// in its place, too long to go beside it whole, has as many of its first rows beside it
/// as there is figure beside, and the rest across the width below; a table cut by the
/// page a waiting figure opens goes on beside that figure.
pub fn flow(
    spec: &Spec,
    layouts: &[Option<WalkLayout>],
    puzzles: &[usize],
    rooms: Rooms,
    legend: f64,
) -> Vec<WalkPage> {
    let text = spec.page.text_size.value;
    let mut packer = Packer {
        pages: Vec::new(),
        page: WalkPage {
            blocks: Vec::new(),
            heading: true,
            legend: legend > 0.0,
        },
        used: legend,
        room: rooms.first,
        rest: rooms.rest,
        headed: rooms.rest <= rooms.first,
        text,
        header: style::HEADER * text,
        block: None,
        puzzle: 0,
        begun: false,
        waiting: None,
        beside: false,
        drawn: false,
        withheld: None,
        looks_ahead: true,
    };
    for &puzzle in puzzles {
        let Some(layout) = layouts.get(puzzle).and_then(Option::as_ref) else {
            continue;
        };
        packer.puzzle = puzzle;
        packer.begun = false;
        packer.drawn = false;
        packer.withheld = None;
        packer.pack_walk(layout, 0);
        packer.beside = false;
        if let Some(block) = packer.block.take() {
            packer.page.blocks.push(block);
        }
    }
    if !packer.page.blocks.is_empty() {
        packer.pages.push(packer.page);
    }
    packer.pages
}

/// The end of the run of panels that starts at `at`: a step's words across the width
/// with the pieces that continue them, or one panel.
fn run_end(panels: &[Panel], at: usize) -> usize {
    let first = &panels[at];
    let mut end = at + 1;
    if first.kind == PanelKind::Text && !first.continued {
        while panels.get(end).is_some_and(|piece| {
            piece.kind == PanelKind::Text && piece.continued && piece.steps == first.steps
        }) {
            end += 1;
        }
    }
    end
}

/// The figure of `panel`'s first step alone, with room for its caption beside it, or
/// below it when the figure takes the width; no steps beside it yet.
fn floated_figure(layout: &WalkLayout, panel: &Panel, text: f64) -> Panel {
    let step = panel.steps.start;
    let mut figure = Panel {
        steps: step..step,
        kind: PanelKind::Figure,
        wide: layout.stacked && layout.narrow.is_empty(),
        floated: Some(step),
        ..Panel::default()
    };
    figure.height = floated_height(layout, &figure, text);
    figure
}

/// The height of a floated figure's caption (a figure in its place has none) and the
/// steps beside it.
pub fn words_beside(panel: &Panel, text: f64) -> f64 {
    let pitch = text * style::TEXT * style::LEADING;
    let caption = if panel.floated.is_some() { pitch } else { 0.0 };
    caption
        + panel
            .lines
            .iter()
            .map(|lines| style::STEP_GAP * text + lines.len().max(1) as f64 * pitch)
            .sum::<f64>()
}

/// `figure` (floated, its steps beside it) with the steps of `run` beside it too, when
/// there is figure beside its words yet and that costs no more height than setting `run`
/// across the width below, nor runs the words on more than half the figure's height
/// below it.
fn takes_beside(layout: &WalkLayout, figure: &Panel, run: &[Panel], text: f64) -> Option<Panel> {
    if layout.narrow.is_empty()
        || words_beside(figure, text) >= layout.figure.1
        || !fits_beside(layout, run)
    {
        return None;
    }
    let joined = with_steps_beside(layout, figure, run[0].steps.clone(), text);
    let across: f64 = run.iter().map(|piece| piece.height).sum();
    let below = words_beside(&joined, text) - layout.figure.1;
    (joined.height - figure.height <= across && below <= layout.figure.1 / 2.0).then_some(joined)
}

/// False when `panels` hold a table and the column beside the figure is the narrow one a
/// figure taking the width leaves: plain words only go there.
fn fits_beside(layout: &WalkLayout, panels: &[Panel]) -> bool {
    !layout.stacked
        || panels
            .iter()
            .all(|panel| panel.tabs.iter().all(Option::is_none))
}

/// The height of a floated figure with its caption and the steps beside it.
fn floated_height(layout: &WalkLayout, panel: &Panel, text: f64) -> f64 {
    let figure = layout.figure.1;
    let words = words_beside(panel, text);
    let height = if layout.stacked && panel.wide {
        figure + style::GUTTER * text + words
    } else {
        figure.max(words)
    };
    height + style::PANEL_GAP * text
}

/// `figure` with steps `steps` beside it, their words wrapped to the column beside it.
fn with_steps_beside(layout: &WalkLayout, figure: &Panel, steps: Range<usize>, text: f64) -> Panel {
    let mut panel = figure.clone();
    for step in steps {
        let (lines, tab) = layout.narrow[step].clone();
        push_beside(&mut panel, step, lines, tab);
    }
    panel.height = floated_height(layout, &panel, text);
    panel
}

/// Adds step `step`'s `lines` (or the first of them) to the steps beside a floated figure.
fn push_beside(panel: &mut Panel, step: usize, lines: Vec<String>, tab: Option<f64>) {
    if panel.lines.is_empty() {
        panel.steps = step..step + 1;
    } else {
        panel.steps.end = step + 1;
    }
    panel.lines.push(lines);
    panel.tabs.push(tab);
}

/// `figure` (floated, its steps beside it) with the first rows of the table `run` (a
/// step's words across the width, from its piece `skip` on) beside it, as many as there
/// is figure beside, and the rest of the table across the width below it, in pieces that
/// continue the step, none taller than `room`. `None` when not even the first row fits
/// beside the figure, or the table cannot be cut there (a paired line).
fn split_beside(
    layout: &WalkLayout,
    figure: &Panel,
    run: &[Panel],
    skip: usize,
    text: f64,
    room: f64,
) -> Option<(Panel, Vec<Panel>)> {
    if layout.stacked {
        return None;
    }
    let step = run[0].steps.start;
    let rows = layout.rows.get(step)?;
    let (narrow, tab) = layout.narrow.get(step)?;
    let count = rows.across.len();
    let across: Vec<String> = run.iter().flat_map(|piece| piece.lines.concat()).collect();
    if count == 0 || rows.beside.len() != count || rows.across[count - 1] >= across.len() {
        return None;
    }
    let set: usize = run[..skip]
        .iter()
        .map(|piece| piece.lines.concat().len())
        .sum();
    let first = rows.across.iter().position(|&start| start == set)?;
    // Where row `row` starts beside the figure and across the width (the ends after the
    // last row).
    let at = |row: usize| match row {
        row if row < count => (rows.beside[row], rows.across[row]),
        _ => (narrow.len(), across.len()),
    };
    let beside = |row: usize| {
        let mut panel = figure.clone();
        let resumed = panel.lines.is_empty() && first > 0;
        push_beside(
            &mut panel,
            step,
            narrow[at(first).0..at(row).0].to_vec(),
            *tab,
        );
        panel.resumed |= resumed;
        panel.height = floated_height(layout, &panel, text);
        panel
    };
    let (row, joined) = (first + 1..=count)
        .rev()
        .filter(|&row| row == count || rows.across[row] > rows.across[row - 1])
        .map(|row| (row, beside(row)))
        .find(|(_, joined)| words_beside(joined, text) <= layout.figure.1)?;
    if row == count {
        return Some((joined, Vec::new()));
    }
    let from = rows.across[row];
    let mut starts: Vec<usize> = rows.across[row..]
        .iter()
        .map(|start| start - from)
        .collect();
    starts.dedup();
    let height = |lines: &[String], last: bool| piece_height(text, lines, last);
    let rest = text_panels(
        step,
        across[from..].to_vec(),
        run[0].tabs[0],
        &starts,
        run[0].paired,
        &height,
        true,
    )
    .into_iter()
    .flat_map(|piece| fit_to_page(piece, 0.0, false, text, room))
    .collect();
    Some((joined, rest))
}

/// [`flow`]'s state: the pages so far, the page being filled, and the walkthrough being
/// packed.
#[derive(Clone)]
struct Packer {
    pages: Vec<WalkPage>,
    page: WalkPage,
    /// Height used on the page.
    used: f64,
    /// The room of this page and of the pages after it.
    room: f64,
    rest: f64,
    /// The pages after the first open with the chapter's heading too.
    headed: bool,
    text: f64,
    /// A walkthrough's heading.
    header: f64,
    block: Option<WalkBlock>,
    puzzle: usize,
    /// An earlier page holds the walkthrough's beginning.
    begun: bool,
    /// A figure for the top of the next page.
    waiting: Option<Panel>,
    /// The block's last panel is a floated figure at the top of the page, which takes
    /// the steps that follow beside it while there is figure beside them.
    beside: bool,
    /// The walkthrough being packed has a figure drawn.
    drawn: bool,
    /// Where the waiting figure's words were set in its place, to take them back.
    withheld: Option<Withheld>,
    /// Tries the rest of a walkthrough both ways before a waiting figure goes up past the
    /// figure before it (false in those trials).
    looks_ahead: bool,
}

/// The most of a page left white at its foot when a walkthrough's only figure takes its
/// words to the next page (see [`Packer::takes_back_little`]).
pub const TAKEN_BACK_WHITE: f64 = 0.1;

/// A figure set apart from its step when the next figure comes (to draw one more figure
/// on no more pages) stays within this many steps of the nearest step beside it: further
/// away, the reader would have to hunt for it, and its step is better told in words.
pub const FIGURE_DRIFT: usize = 3;

/// The state of [`Packer`] before the words of a waiting figure's panel were set, so that
/// the panel can be set again on the next page, its figure in place.
#[derive(Clone)]
struct Withheld {
    /// The panel's index among its walkthrough's panels.
    panel: usize,
    /// The block's panels before the words (none: the words opened the block).
    kept: usize,
    used: f64,
    begun: bool,
}

impl Packer {
    /// Sets `run` of `layout` (a panel, or a step's words across the width in pieces),
    /// which `told` sets in words when its figure waits for the next page; `at` is the
    /// run's index among the walkthrough's panels, when it can be set again from there.
    fn pack(
        &mut self,
        layout: &WalkLayout,
        run: &[Panel],
        told: Option<&Vec<Panel>>,
        at: Option<usize>,
    ) {
        let panel = &run[0];
        if panel.has_figure()
            && self.waiting.is_some()
            && !self.pull_up(layout, false)
            && !self.pull_up_costing_no_page(layout, at)
        {
            if self.opens_next_page_with(layout, panel, told, at) {
                return;
            }
            // At the top of the next page the waiting figure would have this figure below
            // it and white beside it: it is left out, its step told in words above.
            self.waiting = None;
        }
        if let (false, Some(told)) = (self.fits(panel.height), told)
            && told.first().is_some_and(|first| self.fits(first.height))
            && self.used > 0.0
        {
            self.waiting = Some(floated_figure(layout, panel, self.text));
            self.withheld = at.map(|panel| Withheld {
                panel,
                kept: self.block.as_ref().map_or(0, |block| block.panels.len()),
                used: self.used,
                begun: self.begun,
            });
            let mut at = 0;
            while at < told.len() {
                let end = run_end(told, at);
                self.place(layout, &told[at..end]);
                at = end;
            }
            return;
        }
        self.place(layout, run);
    }

    /// Packs `layout`'s panels from `index` to the end of its walkthrough (see [`flow`]).
    fn pack_walk(&mut self, layout: &WalkLayout, mut index: usize) {
        let panels = &layout.panels;
        loop {
            while index < panels.len() {
                let panel = &panels[index];
                let end = run_end(panels, index);
                let told = layout.floats.get(index).and_then(Option::as_ref);
                let apart = layout.apart.get(index).filter(|apart| !apart.is_empty());
                if end == panels.len() {
                    self.keep_with_previous(layout, &panels[index..end]);
                }
                match apart {
                    Some(apart) if !self.fits(panel.height) => {
                        for (part, told) in apart {
                            self.pack(layout, std::slice::from_ref(part), told.as_ref(), None);
                        }
                    }
                    _ => self.pack(layout, &panels[index..end], told, Some(index)),
                }
                index = end;
            }
            if self.waiting.is_none() || self.pull_up(layout, true) {
                break;
            }
            // A last figure that cannot go up beside the steps before it is left out rather
            // than opening a page with white beside it (its step is told above, in words),
            // unless it is the only figure the walkthrough would draw and taking its words
            // back leaves little white: then it goes to the next page with its words, and
            // the steps after it follow.
            if self.drawn || !self.takes_back_little() {
                self.waiting = None;
            } else if let Some(at) = self.take_back(layout) {
                index = at;
                continue;
            } else {
                self.break_page(layout);
            }
            break;
        }
    }

    /// A walkthrough's last step told across the width ("Singles finish the grid") never
    /// opens a page alone: when it does not fit at the foot of the page, the step before
    /// it, told across the width too, goes over with it.
    fn keep_with_previous(&mut self, layout: &WalkLayout, run: &[Panel]) {
        let [last] = run else {
            return;
        };
        if last.kind != PanelKind::Text
            || last.continued
            || self.fits(last.height)
            || self.waiting.is_some()
            || self.beside
        {
            return;
        }
        let Some(block) = self.block.as_mut() else {
            return;
        };
        let movable = block.panels.len() >= 2
            && block.panels.last().is_some_and(|previous| {
                previous.kind == PanelKind::Text
                    && !previous.continued
                    && previous.height + last.height + self.header <= self.rest
            });
        if !movable {
            return;
        }
        let Some(previous) = block.panels.pop() else {
            return;
        };
        self.used -= previous.height;
        self.break_page(layout);
        self.put(previous);
    }

    /// A panel `height` tall fits the rest of the page (with a heading if it opens a
    /// block): an empty page takes any panel.
    fn fits(&self, height: f64) -> bool {
        let heading = if self.block.is_none() {
            self.header
        } else {
            0.0
        };
        self.used + height + heading <= self.room || self.used <= 0.0
    }

    /// Ends the page; the next opens with the waiting figure.
    fn break_page(&mut self, layout: &WalkLayout) {
        if let Some(block) = self.block.take() {
            self.page.blocks.push(block);
        }
        self.pages.push(std::mem::take(&mut self.page));
        self.used = 0.0;
        self.page.heading = self.headed;
        self.room = self.rest;
        self.beside = false;
        if let Some(figure) = self.waiting.take() {
            self.put(figure);
            self.beside = !layout.narrow.is_empty();
        }
    }

    /// Puts `run` on this page, or on the next when it does not fit; beside the floated
    /// figure that opens the page when it holds a step's words whole and there is figure
    /// beside them.
    fn place(&mut self, layout: &WalkLayout, run: &[Panel]) {
        let whole = run[0].kind == PanelKind::Text && !run[0].continued;
        // A step that would be cut by the page a waiting figure opens goes beside the
        // figure whole.
        let across: f64 = run.iter().map(|piece| piece.height).sum();
        if whole
            && !self.fits(across)
            && self
                .waiting
                .as_ref()
                .is_some_and(|figure| takes_beside(layout, figure, run, self.text).is_some())
        {
            self.break_page(layout);
        }
        loop {
            if whole && self.set_beside(layout, run, 0) {
                return;
            }
            if self.fits(run[0].height) {
                break;
            }
            self.break_page(layout);
        }
        self.beside = false;
        self.put(run[0].clone());
        for (at, piece) in run.iter().enumerate().skip(1) {
            while !self.fits(piece.height) {
                self.break_page(layout);
                // The rest of a table goes on beside the figure that opens the page.
                if whole && self.set_beside(layout, run, at) {
                    return;
                }
            }
            self.beside = false;
            self.put(piece.clone());
        }
    }

    /// Sets the steps of `run` beside the floated figure that ends the block, if it takes
    /// them: whole, or a table's first rows beside it and the rest below; from its piece
    /// `skip` on, the pieces before it set on the page before.
    fn set_beside(&mut self, layout: &WalkLayout, run: &[Panel], skip: usize) -> bool {
        let Some(figure) = self
            .block
            .as_mut()
            .and_then(|block| block.panels.last_mut())
        else {
            return false;
        };
        // A figure panel in its place (not floated) takes a table's first rows beside its
        // words, as a floated one does.
        let in_place = figure.kind == PanelKind::Figure
            && figure.floated.is_none()
            && !figure.continued
            && figure.twin.is_none();
        if !self.beside && !in_place {
            return false;
        }
        let fits = |joined: &Panel| self.used - figure.height + joined.height <= self.room;
        if skip == 0
            && self.beside
            && let Some(joined) = takes_beside(layout, figure, run, self.text).filter(fits)
        {
            self.used += joined.height - figure.height;
            *figure = joined;
            return true;
        }
        self.beside = false;
        // A table taller than the figure: its first rows beside it, the rest below.
        let Some((joined, rest)) = split_beside(layout, figure, run, skip, self.text, self.rest)
            .filter(|(joined, _)| fits(joined))
        else {
            return false;
        };
        self.used += joined.height - figure.height;
        *figure = joined;
        for piece in rest {
            while !self.fits(piece.height) {
                self.break_page(layout);
            }
            self.put(piece);
        }
        true
    }

    /// Sets the waiting figure beside the last steps on this page instead (the fewest
    /// that make room for it), when they are whole words across the width of its
    /// walkthrough; or, with `past`, when they do not make room, beside them with the
    /// figure before them gone up too ([`Packer::pull_up_past`]); false when it does not
    /// fit.
    fn pull_up(&mut self, layout: &WalkLayout, past: bool) -> bool {
        let (Some(waiting), Some(block), false) = (
            self.waiting.as_ref(),
            self.block.as_ref(),
            layout.narrow.is_empty(),
        ) else {
            return false;
        };
        let panels = &block.panels;
        let words = panels
            .iter()
            .rposition(|panel| panel.kind != PanelKind::Text)
            .map_or(0, |at| at + 1);
        let fitting = (words..panels.len())
            .rev()
            .filter(|&from| !panels[from].continued && fits_beside(layout, &panels[from..]))
            .find_map(|from| {
                let steps = panels[from].steps.start..panels[panels.len() - 1].steps.end;
                let across: f64 = panels[from..].iter().map(|panel| panel.height).sum();
                let pulled = with_steps_beside(layout, waiting, steps, self.text);
                (self.used - across + pulled.height <= self.room).then_some((from, across, pulled))
            });
        let (Some((from, across, pulled)), Some(block)) = (fitting, self.block.as_mut()) else {
            return past && self.pull_up_past(layout);
        };
        self.used += pulled.height - across;
        block.panels.truncate(from);
        block.panels.push(pulled);
        self.waiting = None;
        self.drawn = true;
        true
    }

    /// When the next figure comes (the panel at `at` of the walkthrough) and the waiting
    /// figure cannot go up beside the last steps alone: goes up past the figure before
    /// them ([`Packer::pull_up_past`]) when the walkthrough, packed on from there, draws
    /// more figures on no more pages than with the waiting figure left out (see
    /// [`Packer::costs_nothing_over`]; the trials leave the later waiting figures the next
    /// figure comes to out).
    fn pull_up_costing_no_page(&mut self, layout: &WalkLayout, at: Option<usize>) -> bool {
        let Some(index) = at.filter(|_| self.looks_ahead) else {
            return false;
        };
        let mut pulled = self.trial();
        if !pulled.pull_up_past(layout) {
            return false;
        }
        pulled.pack_walk(layout, index);
        pulled.costs_nothing_over(&self.left_out(layout, index)) && self.pull_up_past(layout)
    }

    /// True when this trial, packed to the end of its walkthrough, has drawn more figures
    /// than `other` on fewer pages, or on as many with none of them further than
    /// [`FIGURE_DRIFT`] steps from its own (or than `other` sets one).
    fn costs_nothing_over(&self, other: &Packer) -> bool {
        let (pages, others) = (self.pages.len(), other.pages.len());
        self.figures() > other.figures()
            && (pages < others
                || (pages == others && self.drift() <= other.drift().max(FIGURE_DRIFT)))
    }

    /// The panels on the pages done and on the page being filled.
    fn panels(&self) -> impl Iterator<Item = &Panel> {
        self.pages
            .iter()
            .chain([&self.page])
            .flat_map(|page| &page.blocks)
            .chain(&self.block)
            .flat_map(|block| &block.panels)
    }

    /// How many steps the furthest figure set apart from its step is from the nearest
    /// step beside it.
    fn drift(&self) -> usize {
        self.panels()
            .filter_map(|panel| {
                let step = panel.floated?;
                let steps = &panel.steps;
                Some(if steps.is_empty() || steps.contains(&step) {
                    0
                } else {
                    step.abs_diff(steps.start).min(step.abs_diff(steps.end - 1))
                })
            })
            .max()
            .unwrap_or(0)
    }

    /// The figures drawn on the pages done and on the page being filled.
    fn figures(&self) -> usize {
        self.panels()
            .filter(|panel| panel.has_figure())
            .map(|panel| 1 + usize::from(panel.twin.is_some()))
            .sum()
    }

    /// When the next figure comes (`panel`, the walkthrough's panel `at`, whose words are
    /// `told`) and neither it nor its words fit the rest of the page, so that it would open
    /// the next page: the waiting figure opens it instead, with those words beside it, and
    /// `panel`'s figure waits in turn — when the walkthrough, packed on from there, draws
    /// more figures on no more pages than with the waiting figure left out (not the one
    /// instead of the other).
    fn opens_next_page_with(
        &mut self,
        layout: &WalkLayout,
        panel: &Panel,
        told: Option<&Vec<Panel>>,
        at: Option<usize>,
    ) -> bool {
        let (Some(index), Some(told), Some(waiting)) =
            (at.filter(|_| self.looks_ahead), told, self.waiting.as_ref())
        else {
            return false;
        };
        let opens = !self.fits(panel.height)
            && told.first().is_some_and(|first| !self.fits(first.height))
            && takes_beside(layout, waiting, &told[..run_end(told, 0)], self.text).is_some();
        if !opens {
            return false;
        }
        let mut opened = self.trial();
        opened.open_with(layout, panel, told);
        opened.pack_walk(layout, index + 1);
        if !opened.costs_nothing_over(&self.left_out(layout, index)) {
            return false;
        }
        self.open_with(layout, panel, told);
        true
    }

    /// Ends the page, the waiting figure opening the next with `told` (`panel`'s words)
    /// beside it, and `panel`'s figure waiting in turn.
    fn open_with(&mut self, layout: &WalkLayout, panel: &Panel, told: &[Panel]) {
        self.break_page(layout);
        self.waiting = Some(floated_figure(layout, panel, self.text));
        self.withheld = None;
        let mut at = 0;
        while at < told.len() {
            let end = run_end(told, at);
            self.place(layout, &told[at..end]);
            at = end;
        }
    }

    /// The trial the others are weighed against: the waiting figure left out, and the
    /// walkthrough packed on from its panel `index`.
    fn left_out(&mut self, layout: &WalkLayout, index: usize) -> Packer {
        let mut left_out = self.trial();
        left_out.waiting = None;
        left_out.pack_walk(layout, index);
        left_out
    }

    /// A copy of the packer without the pages done, to pack the rest of a walkthrough on
    /// trial; it does not look ahead in turn.
    fn trial(&mut self) -> Packer {
        let pages = std::mem::take(&mut self.pages);
        let mut trial = self.clone();
        trial.looks_ahead = false;
        self.pages = pages;
        trial
    }

    /// Sets the waiting figure beside the last steps on this page when the figure before
    /// them, with its words beside it, makes room for it: that figure goes up beside the
    /// steps across the width before it too (the fewest that make room; re-set in the
    /// column beside it and captioned with its step, as a floated figure is), and the
    /// waiting one beside the steps after it. Each figure keeps at least one step beside
    /// it, and the words beside either run on at most half the figure's height below it;
    /// of the ways that fit, the one that takes the least height. False when none fits.
    fn pull_up_past(&mut self, layout: &WalkLayout) -> bool {
        let (Some(waiting), Some(block), false) = (
            self.waiting.as_ref(),
            self.block.as_ref(),
            layout.stacked || layout.narrow.is_empty(),
        ) else {
            return false;
        };
        let panels = &block.panels;
        // Where the words across the width that end at `end` start.
        let words_from = |end: usize| {
            panels[..end]
                .iter()
                .rposition(|panel| panel.kind != PanelKind::Text)
                .map_or(0, |at| at + 1)
        };
        let after = words_from(panels.len());
        let Some(at) = after.checked_sub(1) else {
            return false;
        };
        let previous = &panels[at];
        let movable = previous.kind == PanelKind::Figure
            && !previous.continued
            && !previous.resumed
            && !previous.wide
            && previous.twin.is_none();
        if !movable || after == panels.len() || panels[after].continued {
            return false;
        }
        let step = previous.floated.unwrap_or(previous.steps.start);
        let figure = Panel {
            steps: step..step,
            kind: PanelKind::Figure,
            floated: Some(step),
            ..Panel::default()
        };
        let whole = |at: usize| !panels[at].continued;
        let tall = |panel: &Panel| words_beside(panel, self.text) > 1.5 * layout.figure.1;
        let across =
            |range: Range<usize>| -> f64 { panels[range].iter().map(|panel| panel.height).sum() };
        let end = panels[panels.len() - 1].steps.end;
        let fitting = (words_from(at)..=at)
            .rev()
            .filter(|&from| from == at || whole(from))
            .find_map(|from| {
                let first = panels[from].steps.start.min(previous.steps.start);
                let taken = across(from..panels.len());
                (after..panels.len())
                    .filter(|&split| whole(split))
                    .filter(|&split| fits_beside(layout, &panels[from..split]))
                    .map(|split| {
                        let middle = panels[split].steps.start;
                        let up = with_steps_beside(layout, &figure, first..middle, self.text);
                        let pulled = with_steps_beside(layout, waiting, middle..end, self.text);
                        (split, up, pulled)
                    })
                    .filter(|(_, up, pulled)| !tall(up) && !tall(pulled))
                    .map(|(_, up, pulled)| (up.height + pulled.height, up, pulled))
                    .filter(|(height, ..)| self.used - taken + height <= self.room)
                    .min_by(|a, b| a.0.total_cmp(&b.0))
                    .map(|(height, up, pulled)| (from, taken, height, up, pulled))
            });
        let (Some((from, taken, height, up, pulled)), Some(block)) = (fitting, self.block.as_mut())
        else {
            return false;
        };
        self.used += height - taken;
        block.panels.truncate(from);
        block.panels.extend([up, pulled]);
        self.waiting = None;
        self.drawn = true;
        true
    }

    /// True when taking back the words set in place of the waiting figure's panel leaves
    /// the page at most [`TAKEN_BACK_WHITE`] white below what stays: more white than that
    /// at the foot of a page costs more than the figure gives (and pages: a book of
    /// walkthroughs would grow by a page in a dozen).
    fn takes_back_little(&self) -> bool {
        self.withheld
            .as_ref()
            .is_some_and(|withheld| self.room - withheld.used <= TAKEN_BACK_WHITE * self.room)
    }

    /// Takes back the words set in place of the waiting figure's panel (and the steps
    /// after them) and ends the page, so that the panel can be set again at the top of the
    /// next, its figure beside its words: the index of the panel, or `None` when that
    /// would leave the page empty.
    fn take_back(&mut self, layout: &WalkLayout) -> Option<usize> {
        let withheld = self.withheld.take()?;
        let block = self.block.as_mut()?;
        if withheld.kept == 0 {
            if self.page.blocks.is_empty() {
                return None;
            }
            self.block = None;
        } else {
            block.panels.truncate(withheld.kept);
        }
        self.used = withheld.used;
        self.begun = withheld.begun;
        self.waiting = None;
        self.beside = false;
        self.break_page(layout);
        Some(withheld.panel)
    }

    fn put(&mut self, panel: Panel) {
        self.drawn |= panel.has_figure();
        if self.block.is_none() {
            self.block = Some(WalkBlock {
                puzzle: self.puzzle,
                panels: Vec::new(),
                top: self.used,
                continued: self.begun,
            });
            self.used += self.header;
            self.begun = true;
        }
        self.used += panel.height;
        if let Some(block) = self.block.as_mut() {
            block.panels.push(panel);
        }
    }
}
