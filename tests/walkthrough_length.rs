//! How long a printed walkthrough is: a sample of every sudoku kind and tier walked
//! through on a 6 × 9 in page, in English and Japanese, each puzzle's walkthrough flowed
//! onto pages of its own. A 9×9 puzzle (and the smaller and 8×8 grids) of any tier takes
//! at most 2 pages; extreme puzzles and expert or extreme killers at most 4.
//!
//! `WALK_SAMPLE=N cargo test --release --test integration walkthrough_length -- --nocapture`
//! prints the table (pages per puzzle, steps per page) for N puzzles a section; with
//! `WALK_DETAIL=1` also each puzzle's pages and pages of panels. The figures printed are
//! counted against the diagrams the walkthroughs were made with: a walkthrough past its
//! goal tells its least-needed diagrams in words.

use std::fmt::Write as _;

use puzzlebook::layout::compose::walk_rooms;
use puzzlebook::layout::walk::{PanelKind, flow};

use crate::common;

/// (variant, size, tier) of each sampled section.
const SECTIONS: &[(&str, &str, &str)] = &[
    ("classic", "9x9", "easy"),
    ("classic", "9x9", "medium"),
    ("classic", "9x9", "hard"),
    ("classic", "9x9", "expert"),
    ("classic", "9x9", "diabolical"),
    ("classic", "9x9", "extreme"),
    ("x", "9x9", "hard"),
    ("x", "9x9", "expert"),
    ("x", "9x9", "diabolical"),
    ("windoku", "9x9", "hard"),
    ("windoku", "9x9", "expert"),
    ("windoku", "9x9", "diabolical"),
    ("jigsaw", "9x9", "hard"),
    ("jigsaw", "9x9", "expert"),
    ("jigsaw", "9x9", "diabolical"),
    ("jigsaw", "9x9", "extreme"),
    ("jigsaw", "8x8", "hard"),
    ("jigsaw", "8x8", "diabolical"),
    ("jigsaw", "8x8", "extreme"),
    ("classic", "6x6", "hard"),
    ("killer", "9x9", "easy"),
    ("killer", "9x9", "medium"),
    ("killer", "9x9", "hard"),
    ("killer", "9x9", "expert"),
    ("killer", "6x6", "medium"),
    ("killer", "6x6", "hard"),
];

/// The most pages a puzzle's walkthrough may take.
fn page_goal(variant: &str, tier: &str) -> usize {
    match (variant, tier) {
        (_, "extreme") | ("killer", "expert") => 4,
        _ => 2,
    }
}

fn spec_text(language: &str, count: usize) -> String {
    let mut text = format!(
        "title = \"Walked\"\nseed = \"walk-length\"\ntemplate = \"kdp-6x9\"\nlanguage = \"{language}\"\n\
         [front]\ncontents = false\ninstructions = false\n"
    );
    for (variant, size, tier) in SECTIONS {
        write!(
            text,
            "[[section]]\nkind = \"sudoku\"\nsize = \"{size}\"\ncount = {count}\nper_page = \"1x1\"\ntier = \"{tier}\"\nwalkthroughs = \"all\"\n"
        )
        .unwrap();
        if *variant != "classic" {
            writeln!(text, "variant = \"{variant}\"").unwrap();
        }
    }
    text + "[answers]\nplacement = \"end\"\n[page]\nprinter = \"generic\"\n"
}

/// One puzzle's printed walkthrough.
struct Walked {
    pages: usize,
    steps: usize,
    /// Its panels' heights over a page's room, the finer measure.
    filled: f64,
    /// The figures its pages draw, and the steps with a diagram it was made with.
    figures: usize,
    drawn: usize,
    /// The figures it draws with white beside them though they take the width (a
    /// killer's): their steps below them, or waiting with no step beside them.
    bare: usize,
}

/// Per section, each puzzle's walkthrough.
fn measure(language: &str, count: usize) -> Vec<Vec<Walked>> {
    let common::Settled {
        spec,
        taught,
        pagination,
        ..
    } = common::settled(&spec_text(language, count), language == "ja");
    let rooms = walk_rooms(&spec);
    (0..SECTIONS.len())
        .map(|section| {
            (section * count..(section + 1) * count)
                .map(|puzzle| {
                    let pages = flow(&spec, &pagination.walk_layouts, &[puzzle], rooms, 0.0);
                    let walk = taught.walkthroughs[puzzle].as_ref().unwrap();
                    let panels = &pagination.walk_layouts[puzzle].as_ref().unwrap().panels;
                    let height: f64 = panels.iter().map(|panel| panel.height).sum();
                    let drawn: Vec<_> = pages
                        .iter()
                        .flat_map(|page| &page.blocks)
                        .flat_map(|block| &block.panels)
                        .filter(|panel| panel.has_figure())
                        .collect();
                    let figures = drawn
                        .iter()
                        .map(|panel| 1 + usize::from(panel.twin.is_some()))
                        .sum();
                    let stacked = pagination.walk_layouts[puzzle]
                        .as_ref()
                        .is_some_and(|layout| layout.stacked);
                    let bare = drawn
                        .iter()
                        .filter(|panel| {
                            stacked
                                && (panel.wide
                                    || (panel.floated.is_some() && panel.steps.is_empty()))
                        })
                        .count();
                    Walked {
                        pages: pages.len(),
                        steps: walk.steps.len(),
                        filled: height / rooms.first,
                        figures,
                        drawn: walk.drawn.len(),
                        bare,
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn walkthroughs_keep_to_their_page_goal() {
    let count = std::env::var("WALK_SAMPLE")
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(4);
    let mut misses = Vec::new();
    let mut table = String::from(
        "kind size tier | en pages (mean, max) steps/page panels figures/diagrams [bare: killer figures with white beside] | ja …\n",
    );
    let measured: Vec<_> = ["en", "ja"]
        .iter()
        .map(|language| measure(language, count))
        .collect();
    for (section, (variant, size, tier)) in SECTIONS.iter().enumerate() {
        write!(table, "{variant:8} {size} {tier:10}").unwrap();
        for (language, sections) in ["en", "ja"].iter().zip(&measured) {
            let walked = &sections[section];
            let sum = |of: &dyn Fn(&Walked) -> usize| walked.iter().map(of).sum::<usize>();
            let pages = sum(&|walk| walk.pages);
            let most = walked.iter().map(|walk| walk.pages).max().unwrap();
            let filled: f64 = walked.iter().map(|walk| walk.filled).sum();
            write!(
                table,
                " | {language} {:.2} {most} {:.1} {:.2} {}/{}",
                pages as f64 / walked.len() as f64,
                sum(&|walk| walk.steps) as f64 / pages as f64,
                filled / walked.len() as f64,
                sum(&|walk| walk.figures),
                sum(&|walk| walk.drawn),
            )
            .unwrap();
            if *variant == "killer" && *size == "9x9" {
                write!(table, " bare {}", sum(&|walk| walk.bare)).unwrap();
            }
            if std::env::var("WALK_DETAIL").is_ok() {
                let detail: Vec<String> = walked
                    .iter()
                    .map(|walk| format!("{}:{:.2}", walk.pages, walk.filled))
                    .collect();
                write!(table, " [{}]", detail.join(" ")).unwrap();
            }
            let limit = page_goal(variant, tier);
            if most > limit {
                misses.push(format!(
                    "{language} {variant} {size} {tier}: {most} pages (at most {limit})"
                ));
            }
        }
        table.push('\n');
    }
    println!("{table}");
    assert!(misses.is_empty(), "{}\n{table}", misses.join("\n"));
}

/// A killer's cage tables across the width line up down the pages, in Japanese as in
/// English: every table of a walkthrough starts its second column at one x, and a line of
/// two rows starts its second row there too.
#[test]
fn killer_table_columns_line_up_down_the_walkthrough() {
    for language in ["ja", "en"] {
        let text = format!(
            "title = \"Columns\"\nseed = \"columns\"\ntemplate = \"kdp-6x9\"\nlanguage = \"{language}\"\n\
             [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\nper_page = \"1x1\"\ntier = \"hard\"\nwalkthroughs = \"all\"\n\
             [answers]\nplacement = \"end\"\n[page]\nprinter = \"generic\"\n"
        );
        let common::Settled { pagination, .. } = common::settled(&text, language == "ja");
        for layout in pagination.walk_layouts.iter().flatten() {
            let across: Vec<&puzzlebook::layout::walk::Panel> = layout
                .panels
                .iter()
                .filter(|panel| panel.wide && panel.tabs.iter().any(Option::is_some))
                .collect();
            assert!(across.len() > 3, "{language}: too few tables to compare");
            let tabs: Vec<f64> = across
                .iter()
                .flat_map(|panel| panel.tabs.iter().flatten().copied())
                .collect();
            assert!(
                tabs.iter().all(|&tab| (tab - tabs[0]).abs() < 1e-9),
                "{language}: second columns at {tabs:?}"
            );
            for panel in &across {
                if let Some((second, _)) = panel.paired {
                    assert!(
                        (second - tabs[0]).abs() < 1e-9,
                        "{language}: pair at {second}"
                    );
                }
            }
        }
    }
}

/// `max_walkthrough_pages` sets a section's page goal: at one page, the walkthroughs that
/// took more tell diagrams in words and none grows; without it, the tier's goal holds.
#[test]
fn a_section_sets_its_walkthroughs_page_goal() {
    let settle = |extra: &str| {
        let text = format!(
            "title = \"Goal\"\nseed = \"goal\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\n\
             variant = \"x\"\ncount = 3\nper_page = \"1x1\"\ntier = \"diabolical\"\nwalkthroughs = \"all\"\n{extra}\n\
             [answers]\nplacement = \"end\"\n[page]\nprinter = \"generic\"\n"
        );
        let common::Settled {
            spec,
            taught,
            pagination,
            ..
        } = common::settled(&text, false);
        let rooms = walk_rooms(&spec);
        (0..3)
            .map(|puzzle| {
                let walk = taught.walkthroughs[puzzle].as_ref().unwrap();
                let layout = pagination.walk_layouts[puzzle].as_ref().unwrap();
                let figures = layout
                    .panels
                    .iter()
                    .filter(|panel| panel.kind == PanelKind::Figure && !panel.continued)
                    .count();
                let pages = flow(&spec, &pagination.walk_layouts, &[puzzle], rooms, 0.0).len();
                (walk.page_goal, pages, figures)
            })
            .collect::<Vec<_>>()
    };
    let tiered = settle("");
    let one_page = settle("max_walkthrough_pages = 1");
    assert!(tiered.iter().all(|&(goal, ..)| goal == 2), "{tiered:?}");
    assert!(one_page.iter().all(|&(goal, ..)| goal == 1), "{one_page:?}");
    for (&(_, pages, figures), &(_, fewer_pages, fewer_figures)) in tiered.iter().zip(&one_page) {
        assert!(fewer_pages <= pages && fewer_figures <= figures);
    }
    let figures = |walks: &[(usize, usize, usize)]| walks.iter().map(|walk| walk.2).sum::<usize>();
    assert!(
        figures(&one_page) < figures(&tiered),
        "{one_page:?} {tiered:?}"
    );
}

/// A killer's figure takes the width, so its step's words went below it and a third of
/// the width beside it stayed white; now a step's plain words that fit the column beside
/// the figure are set there: the panel is the figure's height (and the gap after it).
#[test]
fn a_killer_figure_has_its_words_beside_it() {
    assert!(
        killer_figures_with_words_beside("") > 0,
        "no killer figure has its words beside it"
    );
}

/// The inner margin of a book of 700 pages and more (KDP's deepest gutter, 0.875 in)
/// narrows the body by half an inch: the column beside a killer's figure was then 9.4
/// text sizes wide, under the 10 it needed, and every figure had white beside it.
#[test]
fn a_killer_figure_has_its_words_beside_it_at_the_deepest_gutter() {
    let deepest = puzzlebook::book::printer::binding_gutter(usize::MAX);
    let page = format!("margins = {{ inner = \"{deepest}pt\" }}\n");
    assert!(
        killer_figures_with_words_beside(&page) > 0,
        "no killer figure has its words beside it with an inner margin of {deepest} pt"
    );
}

/// How many killer figures (of a hard section's three walkthroughs on a 6 × 9 in page,
/// `page` added to its `[page]`) have a step's words beside them.
fn killer_figures_with_words_beside(page: &str) -> usize {
    let text = format!(
        "title = \"Beside\"\nseed = \"walk-length\"\ntemplate = \"kdp-6x9\"\nlanguage = \"en\"\n\
         [[section]]\nid = \"23\"\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 3\nper_page = \"1x1\"\ntier = \"hard\"\nwalkthroughs = \"all\"\n\
         [answers]\nplacement = \"end\"\n[page]\nprinter = \"generic\"\n{page}"
    );
    let common::Settled {
        spec, pagination, ..
    } = common::settled(&text, false);
    let gap = puzzlebook::layout::walk::style::PANEL_GAP * spec.page.text_size.value;
    let mut beside = 0;
    for layout in pagination.walk_layouts.iter().flatten() {
        assert!(layout.stacked);
        for panel in &layout.panels {
            if panel.has_figure() && panel.floated.is_none() && !panel.wide {
                beside += 1;
                assert!(
                    (panel.height - layout.figure.1 - gap).abs() < 1e-9,
                    "{panel:?}"
                );
            }
        }
    }
    beside
}
