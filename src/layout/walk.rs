//! Walkthrough pages: a puzzle's worked solution as panels, flowed onto pages.
//!
//! A panel is the figure at one moment of the solution (the digits found so far filled
//! in, those found by the panel's own steps marked) with those steps beside it, numbered;
//! a figure too wide for that (a 12×12 or 16×16 grid, at least [`STACKED_SHARE`] of the
//! body) has its steps below it.
//! A panel gathers steps while their text is no taller than the figure, so the figure
//! comes back every few steps; a step with a diagram of its own (`WalkStep::diagram`)
//! ends its panel, whose figure then shows that step. Panels flow down the pages after the
//! answers; a panel (and so a step) is never split across pages, and a walkthrough's
//! heading never ends a page. Kinds keep their steps short (mushikui-zan cuts long runs of
//! case analyses into steps); only a step whose text alone is taller than a page (possible
//! on very small pages) has its text carried over to continuation panels, which have no
//! figure.
//!
//! Everything here is geometry known before drawing: [`lay_out`] wraps the text and sizes
//! the panels (it needs the made walkthroughs, the fonts and the figure cell), and
//! [`flow`] packs panels onto pages, which is what pagination needs to count the pages.

use std::ops::Range;
use std::sync::Arc;

use super::fonts::FontSet;
use super::text::wrap;
use crate::book::kind::Walkthrough;
use crate::book::spec::Spec;

/// Proportions, as multiples of the spec's text size.
pub(super) mod style {
    /// Step text size.
    pub const TEXT: f64 = 0.92;
    /// Line pitch of the step text, as a multiple of its size.
    pub const LEADING: f64 = 1.3;
    /// Space after each step.
    pub const STEP_GAP: f64 = 0.45;
    /// Between the figure and the text.
    pub const GUTTER: f64 = 1.2;
    /// Space after each panel (a hairline runs in it).
    pub const PANEL_GAP: f64 = 1.0;
    /// A walkthrough's heading line.
    pub const HEADER: f64 = 2.2;
    /// Room for the step number before the text (two digits and a point).
    pub const NUMBER: f64 = 2.2;
}

/// One panel: steps `steps` beside the figure as it stands after them.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Panel {
    pub steps: Range<usize>,
    /// Each step's text, wrapped to the text column.
    pub lines: Vec<Vec<String>>,
    /// Height in points, gap included.
    pub height: f64,
    /// The panel continues the text of its first step from the panel before, without a
    /// figure or step number: only a step whose text alone is taller than a page is
    /// carried over like this.
    pub continued: bool,
}

/// A figure at least this share of the body wide has its text below it, not beside it.
pub const STACKED_SHARE: f64 = 0.5;

/// Sets a panel's height (its text or its figure, whichever is taller, or both when the
/// text goes below the figure (`stacked`), and the gap), and carries text that would not
/// fit `room` over to continuation panels.
fn fit_to_page(panel: Panel, figure: f64, stacked: bool, text: f64, room: f64) -> Vec<Panel> {
    let pitch = text * style::TEXT * style::LEADING;
    let step_gap = style::STEP_GAP * text;
    let panel_gap = style::PANEL_GAP * text;
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
    let mut current = Panel {
        steps: start..start,
        lines: Vec::new(),
        height: 0.0,
        continued: false,
    };
    let mut used = 0.0;
    for (step, lines) in panel.steps.clone().zip(panel.lines) {
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
                used += rest.len().max(1) as f64 * pitch + step_gap;
                break;
            }
            if take > 0 {
                current.steps.end = step + 1;
                current.lines.push(rest[..take].to_vec());
                used += take as f64 * pitch + step_gap;
                rest = &rest[take..];
            }
            let continues = take > 0;
            out.push(finish(std::mem::take(&mut current), used));
            used = 0.0;
            current = Panel {
                steps: step..step,
                lines: Vec::new(),
                height: 0.0,
                continued: continues,
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
    /// The figure box (width, height) every panel leaves for the figure.
    pub figure: (f64, f64),
    /// The steps go below the figure (a figure too wide to have them beside it).
    pub stacked: bool,
    pub panels: Vec<Panel>,
}

/// Panels `panels` of puzzle `puzzle`'s walkthrough at `top` points below the page's
/// heading band; `continued` when an earlier page holds the walkthrough's beginning.
#[derive(Clone, Debug, PartialEq)]
pub struct WalkBlock {
    pub puzzle: usize,
    pub panels: Range<usize>,
    pub top: f64,
    pub continued: bool,
}

/// What one walkthrough page holds.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WalkPage {
    pub blocks: Vec<WalkBlock>,
}

/// Sizes the walkthroughs: `walks[i]` of puzzle `i` with figure cell `cells[i]` and figure
/// extent `extents[i]` (cells across and down), text column `width` points wide (the
/// body's width); no panel is taller than `room` points (a page below a walkthrough's
/// heading).
pub fn lay_out(
    spec: &Spec,
    fonts: &FontSet,
    body_width: f64,
    walks: &[Option<Arc<Walkthrough>>],
    cells: &[f64],
    extents: &[(f64, f64)],
    room: f64,
) -> Vec<Option<WalkLayout>> {
    let text = spec.page.text_size.value;
    let size = text * style::TEXT;
    let metrics = fonts.metrics(fonts.text);
    walks
        .iter()
        .enumerate()
        .map(|(puzzle, walk)| {
            let walk = walk.as_ref()?;
            let cell = cells[puzzle];
            let (columns, rows) = extents[puzzle];
            let figure = (columns * cell, rows * cell);
            let stacked = figure.0 >= body_width * STACKED_SHARE;
            let beside = if stacked {
                0.0
            } else {
                figure.0 + style::GUTTER * text
            };
            let column = (body_width - beside - style::NUMBER * size).max(size * 8.0);
            // Beside a figure, steps gather while no taller than it; below one, while no
            // taller than a third of it.
            let gather = if stacked { figure.1 / 3.0 } else { figure.1 };
            let mut panels: Vec<Panel> = Vec::new();
            let mut current: Option<Panel> = None;
            for (index, step) in walk.steps.iter().enumerate() {
                let lines = wrap(metrics, &step.text, size, column);
                let height =
                    lines.len().max(1) as f64 * size * style::LEADING + style::STEP_GAP * text;
                if let Some(panel) = current.as_mut() {
                    let text_height = panel.height;
                    let closed = walk.steps[panel.steps.end - 1].diagram;
                    if !closed && text_height + height <= gather {
                        panel.steps.end = index + 1;
                        panel.lines.push(lines);
                        panel.height += height;
                        continue;
                    }
                    panels.extend(current.take());
                }
                current = Some(Panel {
                    steps: index..index + 1,
                    lines: vec![lines],
                    height,
                    continued: false,
                });
            }
            panels.extend(current);
            let panels = panels
                .into_iter()
                .flat_map(|panel| fit_to_page(panel, figure.1, stacked, text, room))
                .collect();
            Some(WalkLayout {
                cell,
                figure,
                stacked,
                panels,
            })
        })
        .collect()
}

/// Packs the walkthroughs of `puzzles` (in order) onto pages with `room` points of height
/// below the heading band.
pub fn flow(
    spec: &Spec,
    layouts: &[Option<WalkLayout>],
    puzzles: &[usize],
    room: f64,
) -> Vec<WalkPage> {
    let header = style::HEADER * spec.page.text_size.value;
    let mut pages: Vec<WalkPage> = Vec::new();
    let mut page = WalkPage::default();
    let mut used = 0.0;
    for &puzzle in puzzles {
        let Some(layout) = layouts.get(puzzle).and_then(Option::as_ref) else {
            continue;
        };
        let mut block: Option<WalkBlock> = None;
        for (index, panel) in layout.panels.iter().enumerate() {
            let opening = block.is_none();
            let needs = panel.height + if opening { header } else { 0.0 };
            if used + needs > room && used > 0.0 {
                if let Some(block) = block.take() {
                    page.blocks.push(block);
                }
                pages.push(std::mem::take(&mut page));
                used = 0.0;
            }
            match block.as_mut() {
                Some(block) => block.panels.end = index + 1,
                None => {
                    block = Some(WalkBlock {
                        puzzle,
                        panels: index..index + 1,
                        top: used,
                        continued: index > 0,
                    });
                    used += header;
                }
            }
            used += panel.height;
        }
        if let Some(block) = block {
            page.blocks.push(block);
        }
    }
    if !page.blocks.is_empty() {
        pages.push(page);
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(heights: &[f64]) -> WalkLayout {
        WalkLayout {
            cell: 10.0,
            figure: (50.0, 50.0),
            stacked: false,
            panels: heights
                .iter()
                .enumerate()
                .map(|(index, &height)| Panel {
                    steps: index..index + 1,
                    lines: vec![vec!["step".into()]],
                    height,
                    continued: false,
                })
                .collect(),
        }
    }

    fn spec() -> Spec {
        Spec::parse(
            "book.toml",
            "title = \"T\"\n[[section]]\nkind = \"mushikui\"\nop = \"mul\"\ndigits = [3, 2]\ncount = 3\n",
            None,
        )
        .unwrap()
    }

    /// A step whose text alone is taller than a page is carried over to continuation
    /// panels: every line once, in order, and no panel taller than the page.
    #[test]
    fn text_taller_than_a_page_continues_in_panels_that_fit() {
        let text = 9.0;
        let lines = |count: usize, tag: &str| -> Vec<String> {
            (0..count).map(|i| format!("{tag}{i}")).collect()
        };
        let pitch = text * style::TEXT * style::LEADING;
        let panel = Panel {
            steps: 3..5,
            lines: vec![lines(4, "a"), lines(100, "b")],
            height: 104.0 * pitch + 2.0 * style::STEP_GAP * text,
            continued: false,
        };
        let room = 300.0;
        let panels = fit_to_page(panel.clone(), 120.0, false, text, room);
        assert!(panels.len() >= 4, "{}", panels.len());
        assert!(panels.iter().all(|p| p.height <= room + 1e-9));
        assert!(!panels[0].continued && panels[1..].iter().all(|p| p.continued));
        assert_eq!(panels[0].steps, 3..5);
        assert!(panels[1..].iter().all(|p| p.steps == (4..5)));
        let printed: Vec<String> = panels.iter().flat_map(|p| p.lines.concat()).collect();
        assert_eq!(printed, panel.lines.concat());
        // A panel that fits is only given its height: the figure's when that is taller.
        let short = Panel {
            steps: 0..1,
            lines: vec![lines(2, "c")],
            height: 2.0 * pitch,
            continued: false,
        };
        let fitted = fit_to_page(short, 120.0, false, text, room);
        assert_eq!(fitted.len(), 1);
        assert_eq!(fitted[0].height, 120.0 + style::PANEL_GAP * text);
    }

    /// Below a wide figure the steps add to its height; a continuation has no figure.
    #[test]
    fn stacked_panels_hold_the_figure_and_then_the_text() {
        let text = 10.0;
        let pitch = text * style::TEXT * style::LEADING;
        let lines = |count: usize| -> Vec<String> { (0..count).map(|i| i.to_string()).collect() };
        let panel = Panel {
            steps: 0..1,
            lines: vec![lines(3)],
            height: 3.0 * pitch,
            continued: false,
        };
        let gaps = (style::GUTTER + style::PANEL_GAP) * text;
        let fitted = fit_to_page(panel.clone(), 400.0, true, text, 600.0);
        assert_eq!(fitted.len(), 1);
        assert!((fitted[0].height - (400.0 + 3.0 * pitch + gaps)).abs() < 1e-9);
        // Beside the figure the same panel is only as tall as the figure.
        let beside = fit_to_page(panel, 400.0, false, text, 600.0);
        assert!((beside[0].height - (400.0 + style::PANEL_GAP * text)).abs() < 1e-9);
        // Text that does not fit under the figure goes on without it.
        let long = Panel {
            steps: 0..1,
            lines: vec![lines(40)],
            height: 40.0 * pitch,
            continued: false,
        };
        let room = 600.0;
        let fitted = fit_to_page(long, 400.0, true, text, room);
        assert!(fitted.len() >= 2);
        assert!(fitted.iter().all(|panel| panel.height <= room + 1e-9));
        assert!(!fitted[0].continued && fitted[1].continued);
        assert_eq!(
            fitted.iter().map(|p| p.lines.concat().len()).sum::<usize>(),
            40
        );
    }

    #[test]
    fn panels_are_never_split_and_fill_pages_in_order() {
        let spec = spec();
        let header = style::HEADER * spec.page.text_size.value;
        let layouts = vec![
            Some(layout(&[100.0, 100.0, 100.0])),
            None,
            Some(layout(&[150.0, 60.0])),
        ];
        let room = 300.0;
        let pages = flow(&spec, &layouts, &[0, 1, 2], room);
        let mut seen: Vec<(usize, usize)> = Vec::new();
        for page in &pages {
            let mut bottom: f64 = 0.0;
            for block in &page.blocks {
                assert!(block.top >= bottom - 1e-9, "blocks overlap");
                let panels = &layouts[block.puzzle].as_ref().unwrap().panels;
                let height: f64 = panels[block.panels.clone()]
                    .iter()
                    .map(|p| p.height)
                    .sum::<f64>()
                    + header;
                bottom = block.top + height;
                assert!(bottom <= room + 1e-9 || block.panels.len() == 1);
                seen.extend(block.panels.clone().map(|panel| (block.puzzle, panel)));
                assert_eq!(block.continued, block.panels.start > 0);
            }
        }
        assert_eq!(seen, vec![(0, 0), (0, 1), (0, 2), (2, 0), (2, 1)]);
        assert!(pages.len() >= 2);
    }
}
