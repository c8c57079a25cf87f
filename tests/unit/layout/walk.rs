use puzzlebook::book::spec::Spec;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::walk::*;

/// The deductions' column is as wide as sets the most deductions on one line while
/// the outcomes still fit, not only one of a few set widths: deductions of 57 % of
/// the width take one line each (the old choices, 54 % at most or what the longest
/// outcome leaves, wrapped them), the long outcome two.
#[test]
fn a_table_splits_where_its_rows_take_the_fewest_lines() {
    let fonts = FontSet::bundled(false);
    let metrics = fonts.metrics(fonts.text);
    let (size, width) = (9.0, 320.0);
    let deduction: String = (1..)
        .map(|count| "a".repeat(count))
        .find(|text| metrics.width(text, size) >= width * 0.57)
        .unwrap();
    let outcome: String = (1..)
        .map(|count| vec!["A1"; count].join(" "))
        .take_while(|text| metrics.width(text, size) <= width * 0.41)
        .last()
        .unwrap();
    let text =
        format!("{deduction}\tA1 ≠ 2\n{deduction}\tB1 ≠ 3\n{deduction}\tC1 ≠ 4\nShort\t{outcome}");
    let (lines, tab, starts) = wrap_rows(metrics, &text, size, width, size, Split::Fewest);
    assert!(tab.is_some());
    assert_eq!(starts, [0, 1, 2, 3], "{lines:#?}");
    assert_eq!(lines.len(), 5, "{lines:#?}");
}

/// Beside a figure, a column too narrow for two columns to take fewer lines hangs each
/// row: the deduction across the column, what it does on the lines below, indented. A
/// table split where the walkthrough's columns line up never hangs.
#[test]
fn a_narrow_table_hangs_what_each_row_does_below_it() {
    let fonts = FontSet::bundled(false);
    let metrics = fonts.metrics(fonts.text);
    let (size, width) = (8.0, 160.0);
    let text = "VWXYZ-Wing: 1, 3, 4, 6, 8 in A2, B2, C2, H2 and H8\tA1, C3 ≠ 6 → A8 = 4, H2 = 4, H8 = 6\n\
                Pointing: in box 1, 6 lies within column 2\tG2, I2 ≠ 6\n\
                Pointing: in box 1, 8 lies within the diagonal\tE5, G7, I9 ≠ 8 → H7 = 8";
    let (lines, tab, starts) = wrap_rows(metrics, text, size, width, size, Split::Fewest);
    assert!(width < style::HANG_WIDTH * size);
    assert_eq!(tab, Some(style::HANG * size));
    assert_eq!(starts.len(), 3);
    let (deductions, outcomes): (Vec<&String>, Vec<&String>) =
        lines.iter().partition(|line| line.ends_with('\t'));
    assert!(
        outcomes.iter().all(|line| line.starts_with('\t')),
        "{lines:#?}"
    );
    // Each row's deduction comes first, its outcome after it.
    for (row, &start) in starts.iter().enumerate() {
        let end = starts.get(row + 1).copied().unwrap_or(lines.len());
        let kinds: Vec<bool> = lines[start..end]
            .iter()
            .map(|line| line.ends_with('\t'))
            .collect();
        assert!(kinds[0] && !kinds[kinds.len() - 1], "{lines:#?}");
        assert!(
            kinds.windows(2).all(|pair| pair[0] || !pair[1]),
            "{lines:#?}"
        );
    }
    assert!(!deductions.is_empty());
    let split = width * 0.5;
    let (columns, two, _) = wrap_rows(metrics, text, size, width, size, Split::At(split));
    assert_eq!(two, Some(split + style::TABLE_GAP * size));
    assert!(
        columns
            .iter()
            .any(|line| !line.ends_with('\t') && !line.starts_with('\t'))
    );
    // Across a wide column, two columns take fewer lines and are kept.
    let (_, wide, _) = wrap_rows(metrics, text, size, 400.0, size, Split::Fewest);
    assert!(wide.is_some_and(|tab| tab > style::HANG * size), "{wide:?}");
}

#[test]
fn long_tables_are_cut_between_rows_into_continuing_panels() {
    let lines: Vec<String> = (0..11).map(|line| format!("row\t{line}")).collect();
    // Rows of 2, 1, 2, 1, 2, 3 lines.
    let starts = [0, 2, 3, 5, 6, 8];
    let height = |lines: &[String], _: bool| lines.len() as f64;
    let panels = text_panels(4, lines.clone(), Some(30.0), &starts, None, &height, false);
    assert!(panels.len() > 1);
    let mut joined = Vec::new();
    for (piece, panel) in panels.iter().enumerate() {
        assert_eq!(panel.steps, 4..5);
        assert_eq!(panel.continued, piece > 0);
        assert!(panel.lines[0].len() <= TABLE_PIECE);
        assert!(
            starts.contains(&joined.len()),
            "cut inside a row at {}",
            joined.len()
        );
        assert_eq!(panel.height, panel.lines[0].len() as f64);
        joined.extend(panel.lines[0].iter().cloned());
    }
    assert_eq!(joined, lines);
    // Plain text and short tables stay whole.
    assert_eq!(
        text_panels(0, lines.clone(), None, &[], None, &height, false).len(),
        1
    );
    assert_eq!(
        text_panels(
            0,
            lines[..3].to_vec(),
            Some(30.0),
            &starts[..2],
            None,
            &height,
            false
        )
        .len(),
        1
    );
}

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
                tabs: vec![None],
                height,
                ..Panel::default()
            })
            .collect(),
        floats: vec![None; heights.len()],
        apart: vec![Vec::new(); heights.len()],
        narrow: Vec::new(),
        rows: Vec::new(),
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
        tabs: vec![None, None],
        height: 104.0 * pitch + 2.0 * style::STEP_GAP * text,
        ..Panel::default()
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
        tabs: vec![None],
        height: 2.0 * pitch,
        ..Panel::default()
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
        tabs: vec![None],
        height: 3.0 * pitch,
        ..Panel::default()
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
        tabs: vec![None],
        height: 40.0 * pitch,
        ..Panel::default()
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

/// A figure panel too tall for the rest of a page, whose words fit there, has its
/// words set there and its figure wait at the top of the next page.
#[test]
fn a_figure_too_tall_for_the_foot_of_a_page_waits_for_the_next() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let mut layout = layout(&[150.0, 120.0, 20.0, 100.0]);
    layout.panels[1].kind = PanelKind::Figure;
    layout.panels[2].kind = PanelKind::Text;
    layout.panels[3].kind = PanelKind::Text;
    let told = Panel {
        steps: 1..2,
        kind: PanelKind::Text,
        height: 30.0,
        ..layout.panels[1].clone()
    };
    layout.floats[1] = Some(vec![told.clone()]);
    let room = 150.0 + header + 60.0;
    let pages = flow(
        &spec,
        &[Some(layout.clone())],
        &[0],
        Rooms {
            first: room,
            rest: room,
        },
        0.0,
    );
    assert_eq!(pages.len(), 2);
    let first = &pages[0].blocks[0].panels;
    assert_eq!(
        first.len(),
        3,
        "the words and the step after them fill the page"
    );
    assert_eq!(first[1], told);
    let second = &pages[1].blocks[0];
    assert!(second.continued);
    assert_eq!(second.panels[0].floated, Some(1));
    assert!(second.panels[0].has_figure());
    // Without its words to set, the figure panel starts the next page whole.
    layout.floats[1] = None;
    let pages = flow(
        &spec,
        &[Some(layout)],
        &[0],
        Rooms {
            first: room,
            rest: room,
        },
        0.0,
    );
    assert_eq!(pages[1].blocks[0].panels[0].steps, 1..2);
    assert_eq!(pages[1].blocks[0].panels[0].floated, None);
}

/// Makes step `step`'s panel a figure whose words, told across the width when it waits
/// for the next page, are `height` tall.
fn told_when_waiting(layout: &mut WalkLayout, step: usize, height: f64) {
    layout.panels[step].kind = PanelKind::Figure;
    layout.floats[step] = Some(vec![Panel {
        steps: step..step + 1,
        kind: PanelKind::Text,
        height,
        ..layout.panels[step].clone()
    }]);
}

/// Panels of `heights`: the second a figure whose words (30 pt) fit where it does not,
/// the others steps in words; every step two lines beside a figure.
fn waiting_layout(heights: &[f64]) -> WalkLayout {
    let mut layout = layout(heights);
    for panel in &mut layout.panels[2..] {
        panel.kind = PanelKind::Text;
    }
    told_when_waiting(&mut layout, 1, 30.0);
    layout.narrow = vec![(vec!["a".into(), "b".into()], None); heights.len()];
    layout
}

fn same(room: f64) -> Rooms {
    Rooms {
        first: room,
        rest: room,
    }
}

/// The steps after a waiting figure go beside it at the top of the next page, in the
/// column beside it; the chapter's heading opens only the first page when the pages
/// after it have more room.
#[test]
fn steps_after_a_waiting_figure_go_beside_it() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let layout = waiting_layout(&[150.0, 120.0, 20.0, 20.0]);
    let room = 150.0 + header + 60.0;
    let pages = flow(&spec, &[Some(layout.clone())], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[0].blocks[0].panels.len(), 3);
    let figure = &pages[1].blocks[0].panels;
    assert_eq!(figure.len(), 1, "the last step is beside the figure");
    assert_eq!(figure[0].floated, Some(1));
    assert_eq!(figure[0].steps, 3..4);
    assert_eq!(figure[0].lines, vec![layout.narrow[3].0.clone()]);
    assert!(pages.iter().all(|page| page.heading));
    let pages = flow(
        &spec,
        &[Some(layout)],
        &[0],
        Rooms {
            first: room,
            rest: room + 20.0,
        },
        0.0,
    );
    assert!(pages[0].heading && !pages[1].heading);
}

/// A figure still waiting when its walkthrough ends goes up beside the last steps of
/// its page when they make room for it, rather than onto a page of its own.
#[test]
fn a_last_waiting_figure_goes_up_beside_the_steps_before_it() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let mut layout = waiting_layout(&[150.0, 100.0]);
    let room = 150.0 + header + 70.0;
    let rooms = same(room);
    let pages = flow(&spec, &[Some(layout.clone())], &[0], rooms, 0.0);
    assert_eq!(pages.len(), 1);
    let panels = &pages[0].blocks[0].panels;
    assert_eq!(panels.len(), 2);
    assert_eq!(panels[1].floated, Some(1));
    assert_eq!(panels[1].steps, 1..2);
    let used: f64 = panels.iter().map(|panel| panel.height).sum::<f64>() + header;
    assert!(used <= room + 1e-9);
    // Without the words beside it, it is left out rather than opening a page with
    // white beside it.
    layout.narrow.clear();
    let pages = flow(&spec, &[Some(layout)], &[0], rooms, 0.0);
    assert_eq!(pages.len(), 1);
    assert!(
        pages[0].blocks[0]
            .panels
            .iter()
            .all(|panel| panel.floated.is_none())
    );
}

/// A figure that takes the width but leaves a column beside it wide enough for words
/// (its layout has the steps' words wrapped to that column) takes the plain steps after
/// it there when it waits, rather than leaving the column white; a table goes below it.
#[test]
fn a_waiting_wide_figure_takes_plain_words_beside_it_not_tables() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let mut layout = waiting_layout(&[150.0, 120.0, 20.0, 20.0]);
    layout.stacked = true;
    let room = 150.0 + header + 60.0;
    let pages = flow(&spec, &[Some(layout.clone())], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    let figure = &pages[1].blocks[0].panels;
    assert_eq!(figure.len(), 1, "the last step is beside the figure");
    assert_eq!((figure[0].floated, figure[0].wide), (Some(1), false));
    assert_eq!(figure[0].steps, 3..4);
    layout.panels[3].tabs = vec![Some(20.0)];
    let pages = flow(&spec, &[Some(layout)], &[0], same(room), 0.0);
    let panels = &pages[1].blocks[0].panels;
    assert_eq!(panels.len(), 2, "the table goes below the figure");
    assert!(panels[0].lines.is_empty());
    assert_eq!(panels[1].steps, 3..4);
}

/// A last waiting figure that cannot go up beside the steps before it, and is the only
/// figure of its walkthrough, is not left out when that leaves at most a tenth of the
/// page white: its words are taken back from the foot of the page and its panel opens
/// the next page, the figure beside its words. With more white it is left out, as a
/// figure is when one was drawn before.
#[test]
fn a_walkthrough_keeps_its_only_figure() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    // The words before the figure, and the room left below them.
    let only_figure = |before: f64, left: f64| {
        let mut layout = waiting_layout(&[before, 100.0]);
        layout.panels[0].kind = PanelKind::Text;
        layout.narrow.clear();
        let pages = flow(
            &spec,
            &[Some(layout.clone())],
            &[0],
            same(before + header + left),
            0.0,
        );
        (layout, pages)
    };
    // A fifth of the page would stay white: the figure is left out, its words told.
    let (_, pages) = only_figure(200.0, 70.0);
    assert!(70.0 > TAKEN_BACK_WHITE * (200.0 + header + 70.0));
    assert_eq!(pages.len(), 1);
    assert!(!pages[0].blocks[0].panels.iter().any(Panel::has_figure));
    let (layout, pages) = only_figure(700.0, 70.0);
    assert!(70.0 <= TAKEN_BACK_WHITE * (700.0 + header + 70.0));
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[0].blocks.len(), 1);
    assert_eq!(
        pages[0].blocks[0].panels,
        [layout.panels[0].clone()],
        "the figure's words are not told at the foot"
    );
    let second = &pages[1].blocks[0];
    assert!(second.continued);
    assert_eq!(second.panels, [layout.panels[1].clone()]);
    assert!(second.panels[0].has_figure());
    // A walkthrough whose figure's words alone open the foot of a page moves there whole,
    // its heading with it.
    let mut other = layout.clone();
    other.panels.remove(0);
    other.floats.remove(0);
    other.apart.remove(0);
    other.panels[0].steps = 0..1;
    if let Some(told) = other.floats[0].as_mut() {
        told[0].steps = 0..1;
    }
    let pages = flow(
        &spec,
        &[Some(layout.clone()), Some(other.clone())],
        &[0, 1],
        same(700.0 + 100.0 + 2.0 * header + 40.0),
        0.0,
    );
    let blocks: Vec<(usize, usize, bool, usize)> = pages
        .iter()
        .enumerate()
        .flat_map(|(number, page)| {
            page.blocks
                .iter()
                .map(move |block| (number, block.puzzle, block.continued, block.panels.len()))
        })
        .collect();
    assert_eq!(blocks, [(0, 0, false, 2), (1, 1, false, 1)]);
    assert!(pages[1].blocks[0].panels[0].has_figure());
}

/// A waiting figure that the next figure overtakes (no step to set beside it, and the
/// figure before it has too many words beside it to go up with more) is left out rather
/// than open a page with white beside it: its step is told in words.
#[test]
fn a_waiting_figure_the_next_figure_comes_to_is_left_out() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let mut layout = waiting_layout(&[150.0, 120.0, 120.0]);
    layout.panels[2].kind = PanelKind::Figure;
    layout.narrow[0].0 = vec!["a".into(); 12];
    // Room for the words of step 1, not for its figure beside them.
    let room = 150.0 + header + 40.0;
    let pages = flow(&spec, &[Some(layout.clone())], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[0].blocks[0].panels.len(), 2, "the words of step 1");
    let second = &pages[1].blocks[0].panels;
    assert_eq!(second.len(), 1);
    assert_eq!(second[0].steps, 2..3);
    assert!(
        pages
            .iter()
            .flat_map(|page| &page.blocks)
            .flat_map(|block| &block.panels)
            .all(|panel| panel.floated.is_none())
    );
}

/// Steps 0 and 1 in words across the width (40 pt each), step 2's figure in its place
/// (60 pt), step 3's figure (120 pt, its words 30 pt) and, with `next`, step 4's figure
/// (60 pt; its words 30 pt): every step two lines beside a figure.
fn figure_after_figure(next: bool) -> WalkLayout {
    let mut heights = vec![40.0, 40.0, 60.0, 120.0];
    if next {
        heights.push(60.0);
    }
    let mut layout = layout(&heights);
    for step in [0, 1] {
        layout.panels[step].kind = PanelKind::Text;
    }
    for step in 3..heights.len() {
        layout.floats[step] = Some(vec![Panel {
            steps: step..step + 1,
            kind: PanelKind::Text,
            height: 30.0,
            ..layout.panels[step].clone()
        }]);
    }
    layout.narrow = vec![(vec!["a".into(), "b".into()], None); heights.len()];
    layout
}

/// Every step once, in order, on `pages`; and the figures drawn, by their steps.
fn steps_and_figures(pages: &[WalkPage]) -> (Vec<usize>, Vec<usize>) {
    let panels = || {
        pages
            .iter()
            .flat_map(|page| &page.blocks)
            .flat_map(|b| &b.panels)
    };
    let steps = panels().flat_map(|panel| panel.steps.clone()).collect();
    let figures = panels()
        .filter(|panel| panel.has_figure())
        .map(|panel| panel.marked().start)
        .collect();
    (steps, figures)
}

/// A last waiting figure that the last steps alone do not make room for goes up with
/// the figure before them: that figure takes the step across the width above it beside
/// it too, captioned with its step, and the waiting figure goes beside the steps after
/// it, on the same page; every step once, in order.
#[test]
fn a_last_waiting_figure_goes_up_past_the_figure_before_it() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let layout = figure_after_figure(false);
    // Room for the words of step 3 and 20 pt more, not for its figure beside them.
    let room = header + 40.0 + 40.0 + 60.0 + 30.0 + 20.0;
    let pages = flow(&spec, &[Some(layout.clone())], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 1);
    let panels = &pages[0].blocks[0].panels;
    assert_eq!(panels.len(), 3, "{panels:#?}");
    assert_eq!(panels[0], layout.panels[0]);
    assert_eq!(
        (panels[1].floated, panels[1].steps.clone()),
        (Some(2), 1..3)
    );
    assert_eq!(
        (panels[2].floated, panels[2].steps.clone()),
        (Some(3), 3..4)
    );
    assert_eq!(
        panels[1].lines,
        [layout.narrow[1].0.clone(), layout.narrow[2].0.clone()]
    );
    assert_eq!(steps_and_figures(&pages), (vec![0, 1, 2, 3], vec![2, 3]));
    let used: f64 = panels.iter().map(|panel| panel.height).sum::<f64>() + header;
    assert!(used <= room + 1e-9);
}

/// When the next figure comes to a waiting one, the waiting one goes up past the figure
/// before it too, when the walkthrough then takes no more pages than without it; when it
/// would take more, it is left out.
#[test]
fn a_waiting_figure_goes_up_past_the_figure_before_it_when_that_costs_no_page() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let mut layout = figure_after_figure(true);
    layout.floats[4] = None;
    let room = header + 40.0 + 40.0 + 60.0 + 30.0 + 20.0;
    let pages = flow(&spec, &[Some(layout)], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    assert_eq!(
        steps_and_figures(&pages),
        (vec![0, 1, 2, 3, 4], vec![2, 3, 4])
    );
    assert_eq!(pages[1].blocks[0].panels[0].steps, 4..5);
    // With 25 pt to spare, and step 1 three lines beside a figure, step 3's figure goes
    // up past step 2's only with 10.8 pt more: then step 4's words (20 pt) would not fit
    // the page, and its figure would open a second. Left out, step 3's figure lets step
    // 4's words fit and its figure go up past step 2's at the end.
    let mut layout = figure_after_figure(true);
    layout.narrow[1].0.push("c".into());
    if let Some(told) = layout.floats[4].as_mut() {
        told[0].height = 20.0;
    }
    let room = header + 40.0 + 40.0 + 60.0 + 30.0 + 25.0;
    let pages = flow(&spec, &[Some(layout)], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 1);
    assert_eq!(steps_and_figures(&pages), (vec![0, 1, 2, 3, 4], vec![2, 4]));
}

/// Step 0's figure; step 1's figure, too tall for the foot of the page, waiting; step 2's
/// figure coming next, its words (40 pt) too tall for the foot too; then `short_steps`
/// steps of 20 pt. The room: step 0's panel, the words of step 1 and 20 pt more.
fn next_figure_comes(short_steps: usize) -> (WalkLayout, f64) {
    let header = style::HEADER * spec().page.text_size.value;
    let mut heights = vec![150.0, 120.0, 120.0];
    heights.extend(std::iter::repeat_n(20.0, short_steps));
    let mut layout = waiting_layout(&heights);
    told_when_waiting(&mut layout, 2, 40.0);
    // Step 0's figure has too many words beside it to go up beside step 1's too.
    layout.narrow[0].0 = vec!["a".into(); 12];
    (layout, 150.0 + header + 30.0 + 20.0)
}

/// When the next figure comes to a waiting one and would open the next page anyway (its
/// words do not fit the foot of this one either), the waiting figure opens it instead,
/// with those words beside it, and the next figure waits in turn: here both are drawn,
/// on as many pages as with the waiting one left out.
#[test]
fn a_waiting_figure_opens_the_page_the_next_figure_would_open() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let (layout, room) = next_figure_comes(3);
    let pages = flow(&spec, &[Some(layout)], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    assert_eq!(
        steps_and_figures(&pages),
        (vec![0, 1, 2, 3, 4, 5], vec![0, 1, 2])
    );
    let opening = &pages[1].blocks[0].panels[0];
    assert_eq!((opening.floated, opening.steps.clone()), (Some(1), 2..4));
    for page in &pages {
        let used: f64 = page.blocks[0].panels.iter().map(|p| p.height).sum::<f64>();
        assert!(used + header <= room + 1e-9);
    }
}

/// A table after a waiting figure, too long to go beside it whole, is split at its
/// foot: its first rows beside the figure (in the column beside it), the rest across
/// the width below it, continuing the step; every row once, in order, the rows beside
/// the figure no lower than its foot, and the page not overfilled.
#[test]
fn a_long_table_splits_across_the_foot_of_a_waiting_figure() {
    let spec = spec();
    let text = spec.page.text_size.value;
    let header = style::HEADER * text;
    let (mut layout, rows) = table_after_waiting_figure(text);
    let room = 150.0 + header + 40.0;
    let pages = flow(&spec, &[Some(layout.clone())], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    let panels = &pages[1].blocks[0].panels;
    let figure = &panels[0];
    assert_eq!(figure.floated, Some(1));
    assert_eq!(
        figure.steps,
        2..3,
        "the table's first rows are beside the figure"
    );
    assert!(!figure.resumed);
    let beside = figure.lines[0].len();
    assert!(beside > 0 && beside < rows.len());
    assert_eq!(
        figure.tabs[0],
        Some(20.0),
        "set in the column beside the figure"
    );
    assert!(words_beside(figure, text) <= layout.figure.1 + 1e-9);
    assert!(figure.height >= layout.figure.1);
    let below = &panels[1..];
    assert!(!below.is_empty());
    assert!(below.iter().all(|panel| {
        panel.kind == PanelKind::Text && panel.continued && panel.wide && panel.steps == (2..3)
    }));
    let mut printed = figure.lines[0].clone();
    printed.extend(below.iter().flat_map(|panel| panel.lines.concat()));
    assert_eq!(printed, rows, "every row once, in order");
    let used: f64 = panels.iter().map(|panel| panel.height).sum::<f64>() + header;
    assert!(used <= room + 1e-9);
    // Without the rows' starts the table is not split: it goes below the figure whole.
    layout.rows.clear();
    let pages = flow(&spec, &[Some(layout)], &[0], same(room), 0.0);
    let panels = &pages[1].blocks[0].panels;
    assert!(panels[0].lines.is_empty());
    let printed: Vec<String> = panels[1..].iter().flat_map(|p| p.lines.concat()).collect();
    assert_eq!(printed, rows);
}

/// A table begun at the foot of a page goes on beside the figure that waits at the
/// top of the next, its number repeated there, and then below it.
#[test]
fn a_table_cut_by_the_page_goes_on_beside_the_waiting_figure() {
    let spec = spec();
    let text = spec.page.text_size.value;
    let header = style::HEADER * text;
    let (layout, rows) = table_after_waiting_figure(text);
    let first_piece = layout.panels[2].height;
    let room = 150.0 + header + 30.0 + first_piece + 1.0;
    let pages = flow(&spec, &[Some(layout.clone())], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    let foot = &pages[0].blocks[0].panels;
    assert_eq!(
        foot.last(),
        Some(&layout.panels[2]),
        "the table begins at the foot"
    );
    let panels = &pages[1].blocks[0].panels;
    let figure = &panels[0];
    assert_eq!((figure.floated, figure.steps.clone()), (Some(1), 2..3));
    assert!(figure.resumed, "the step goes on beside the figure");
    assert!(!figure.lines[0].is_empty());
    assert!(words_beside(figure, text) <= layout.figure.1 + 1e-9);
    let mut printed = foot[2].lines.concat();
    printed.extend(panels.iter().flat_map(|panel| panel.lines.concat()));
    assert_eq!(printed, rows, "every row once, in order");
    for page in &pages {
        let used: f64 = page.blocks[0].panels.iter().map(|p| p.height).sum::<f64>();
        assert!(used + header <= room + 1e-9);
    }
}

/// A table after a figure panel in its place, too long for the room beside the
/// figure's words, has its first rows beside them and the rest across the width below;
/// the panel keeps its height.
#[test]
fn a_long_table_splits_beside_a_figure_in_its_place() {
    let spec = spec();
    let text = spec.page.text_size.value;
    let (mut layout, rows) = table_after_waiting_figure(text);
    let figure_height = layout.figure.1 + style::PANEL_GAP * text;
    layout.panels[1].height = figure_height;
    let pages = flow(&spec, &[Some(layout.clone())], &[0], same(1000.0), 0.0);
    assert_eq!(pages.len(), 1);
    let panels = &pages[0].blocks[0].panels;
    let figure = &panels[1];
    assert_eq!((figure.floated, figure.steps.clone()), (None, 1..3));
    assert_eq!(
        figure.lines[0], layout.panels[1].lines[0],
        "its own words first"
    );
    let beside = figure.lines[1].len();
    assert!(beside > 0 && beside < rows.len());
    assert!(words_beside(figure, text) <= layout.figure.1 + 1e-9);
    assert!((figure.height - figure_height).abs() < 1e-9);
    let mut printed = figure.lines[1].clone();
    printed.extend(panels[2..].iter().flat_map(|panel| panel.lines.concat()));
    assert_eq!(printed, rows, "every row once, in order");
    assert!(
        panels[2..]
            .iter()
            .all(|panel| panel.continued && panel.wide)
    );
}

/// A waiting figure's layout (see [`waiting_layout`]) whose third step is a table of
/// eight one-line rows (in pieces across the width, one line each beside the figure),
/// and the rows.
fn table_after_waiting_figure(text: f64) -> (WalkLayout, Vec<String>) {
    let mut layout = waiting_layout(&[150.0, 120.0, 20.0]);
    let rows: Vec<String> = (0..8).map(|row| format!("row {row}\tdone")).collect();
    let height = |lines: &[String], last: bool| piece_height(text, lines, last);
    let starts: Vec<usize> = (0..rows.len()).collect();
    layout.panels.pop();
    layout.panels.extend(text_panels(
        2,
        rows.clone(),
        Some(40.0),
        &starts,
        None,
        &height,
        false,
    ));
    assert!(layout.panels.len() > 3, "the table is in pieces");
    layout.floats.resize(layout.panels.len(), None);
    layout.apart.resize(layout.panels.len(), Vec::new());
    layout.narrow[2] = (rows.clone(), Some(20.0));
    layout.rows = vec![TableRows::default(); 3];
    layout.rows[2] = TableRows {
        beside: starts.clone(),
        across: starts,
    };
    (layout, rows)
}

/// Twin figures that do not fit the rest of a page are set apart: the first fills
/// the foot of the page.
#[test]
fn twins_that_do_not_fit_are_set_apart() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let mut layout = layout(&[150.0, 120.0]);
    layout.panels[1] = Panel {
        steps: 1..3,
        lines: vec![vec!["b".into()], vec!["c".into()]],
        tabs: vec![None, None],
        height: 120.0,
        twin: Some(2),
        ..Panel::default()
    };
    let part = |step: usize| Panel {
        steps: step..step + 1,
        lines: vec![vec!["x".into()]],
        tabs: vec![None],
        height: 60.0,
        ..Panel::default()
    };
    layout.apart[1] = vec![(part(1), None), (part(2), None)];
    let room = 150.0 + header + 70.0;
    let pages = flow(&spec, &[Some(layout)], &[0], same(room), 0.0);
    assert_eq!(pages.len(), 2);
    assert_eq!(pages[0].blocks[0].panels[1], part(1));
    assert_eq!(pages[1].blocks[0].panels[0], part(2));
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
    let pages = flow(
        &spec,
        &layouts,
        &[0, 1, 2],
        Rooms {
            first: room,
            rest: room,
        },
        0.0,
    );
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for page in &pages {
        let mut bottom: f64 = 0.0;
        for block in &page.blocks {
            assert!(block.top >= bottom - 1e-9, "blocks overlap");
            let height: f64 = block.panels.iter().map(|p| p.height).sum::<f64>() + header;
            bottom = block.top + height;
            assert!(bottom <= room + 1e-9 || block.panels.len() == 1);
            seen.extend(
                block
                    .panels
                    .iter()
                    .map(|panel| (block.puzzle, panel.steps.start)),
            );
            assert_eq!(block.continued, block.panels[0].steps.start > 0);
        }
    }
    assert_eq!(seen, vec![(0, 0), (0, 1), (0, 2), (2, 0), (2, 1)]);
    assert!(pages.len() >= 2);
}

/// A last step told across the width that would open a page alone takes the step
/// before it along; a last step after a figure, or alone in its block, stays as it is.
#[test]
fn a_last_step_never_opens_a_page_alone() {
    let spec = spec();
    let header = style::HEADER * spec.page.text_size.value;
    let room = 300.0;
    let rooms = Rooms {
        first: room,
        rest: room,
    };
    let words = |heights: &[f64]| {
        let mut layout = layout(heights);
        for panel in &mut layout.panels {
            panel.kind = PanelKind::Text;
        }
        layout
    };
    let steps_by_page = |layout: WalkLayout| -> Vec<Vec<usize>> {
        flow(&spec, &[Some(layout)], &[0], rooms, 0.0)
            .iter()
            .map(|page| {
                page.blocks
                    .iter()
                    .flat_map(|block| block.panels.iter().map(|panel| panel.steps.start))
                    .collect()
            })
            .collect()
    };
    let full = room - header;
    // Steps 0-2 fill the first page; the one-line last step would be alone on the next.
    let layout = words(&[full - 80.0, 40.0, 38.0, 12.0]);
    assert_eq!(steps_by_page(layout), vec![vec![0, 1], vec![2, 3]]);
    // After a figure it stays alone: the figure is not moved.
    let mut layout = words(&[full - 80.0, 40.0, 38.0, 12.0]);
    layout.panels[2].kind = PanelKind::Figure;
    assert_eq!(steps_by_page(layout), vec![vec![0, 1, 2], vec![3]]);
    // A page holding only the step before it keeps it.
    let layout = words(&[full, 12.0]);
    assert_eq!(steps_by_page(layout), vec![vec![0], vec![1]]);
}

/// A walkthrough of twenty long steps, those of `drawn` with a diagram (the most needed
/// first), its page goal `goal`.
fn walk_with_figures(drawn: &[usize], goal: usize) -> puzzlebook::book::kind::Walkthrough {
    use puzzlebook::book::kind::{StepFigure, WalkStep, Walkthrough};
    let words = "Look at this row and that column: the digit goes nowhere else. ".repeat(4);
    Walkthrough {
        steps: (0..20)
            .map(|index| WalkStep {
                text: words.clone(),
                cells: Vec::new(),
                diagram: drawn.contains(&index),
                words_only: !drawn.contains(&index),
                figure: StepFigure::default(),
                topic: None,
                example: None,
            })
            .collect(),
        coordinates: None,
        drawn: drawn.to_vec(),
        page_goal: goal,
    }
}

/// The steps of a layout whose figures its panels draw, in order.
fn figured_steps(layout: &WalkLayout) -> Vec<usize> {
    let mut steps: Vec<usize> = layout
        .panels
        .iter()
        .filter(|panel| panel.kind == PanelKind::Figure && !panel.continued)
        .flat_map(|panel| [Some(panel.steps.start), panel.twin].into_iter().flatten())
        .collect();
    steps.sort_unstable();
    steps
}

/// A walkthrough that takes more pages than its goal tells the diagrams its reader needs
/// least in words, as few as bring it to the goal.
#[test]
fn a_walkthrough_past_its_page_goal_tells_its_least_needed_figures_in_words() {
    let spec = Spec::parse(
        "book.toml",
        "title = \"T\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n",
        None,
    )
    .unwrap();
    let fonts = FontSet::bundled(false);
    let rooms = Rooms {
        first: 400.0,
        rest: 400.0,
    };
    // The walkthrough's layout and the pages it takes alone.
    let lay = |drawn: &[usize], goal: usize| {
        let walk = std::sync::Arc::new(walk_with_figures(drawn, goal));
        let mut layouts = lay_out(
            &spec,
            &fonts,
            300.0,
            &[Some(walk)],
            &[15.0],
            &[(10.0, 10.0)],
            rooms,
        );
        let pages = flow(&spec, &layouts, &[0], rooms, 0.0).len();
        (figured_steps(&layouts.pop().flatten().unwrap()), pages)
    };
    let need = [9, 3, 15];
    let (all, pages) = lay(&need, usize::MAX);
    assert_eq!(all, [3, 9, 15]);
    let (none, fewest) = lay(&[], usize::MAX);
    assert!(none.is_empty());
    assert!(
        fewest < pages,
        "{fewest} pages without figures, {pages} with"
    );
    let goal = pages - 1;
    let (kept, taken) = lay(&need, goal);
    assert!(taken <= goal, "{taken} pages (goal {goal})");
    // The figures kept are the ones needed most: as many as fit the goal.
    let mut most_needed = need[..kept.len()].to_vec();
    most_needed.sort_unstable();
    assert_eq!(kept, most_needed);
    assert!(kept.len() < need.len());
    let (_, one_more) = lay(&need[..=kept.len()], usize::MAX);
    assert!(
        one_more > goal,
        "{} figures fit {goal} pages",
        kept.len() + 1
    );
    // A goal no number of figures reaches: the fewest pages, keeping what did not help.
    let (unreachable, shortest) = lay(&need, 0);
    assert_eq!(shortest, fewest.min(taken));
    assert!(
        need.iter()
            .take(unreachable.len())
            .all(|step| unreachable.contains(step))
    );
}

/// A figure that would wait in turn after the one that opens the page is set within
/// FIGURE_DRIFT steps of the nearest step beside it: with four short steps after its own
/// it would go up beside the sixth step, so the waiting figure is left out and this one
/// stays in place; with five, drawing both saves a page, and the figure is set apart.
#[test]
fn a_figure_set_apart_to_draw_one_more_stays_near_its_step() {
    let spec = spec();
    let flowed = |short_steps: usize| {
        let (layout, room) = next_figure_comes(short_steps);
        let pages = flow(&spec, &[Some(layout)], &[0], same(room), 0.0);
        let figures: Vec<_> = pages
            .iter()
            .flat_map(|page| &page.blocks)
            .flat_map(|block| &block.panels)
            .filter(|panel| panel.has_figure())
            .map(|panel| (panel.floated, panel.steps.clone()))
            .collect();
        (pages.len(), figures)
    };
    assert_eq!(
        flowed(3),
        (2, vec![(None, 0..1), (Some(1), 2..4), (Some(2), 5..6)])
    );
    assert_eq!(flowed(4), (2, vec![(None, 0..1), (None, 2..3)]));
    assert_eq!(
        flowed(5),
        (2, vec![(None, 0..1), (Some(1), 2..4), (Some(2), 7..8)])
    );
}
