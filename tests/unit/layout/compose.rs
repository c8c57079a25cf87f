use puzzlebook::book::spec::PerPage;
use puzzlebook::book::spec::Spec;
use puzzlebook::layout::compose::*;
use puzzlebook::layout::fonts::FontSet;
use puzzlebook::layout::kind::RulesPage;
use puzzlebook::layout::page::Document;
use puzzlebook::layout::page::Item;
use puzzlebook::layout::page::Page;
use puzzlebook::layout::page::Rect;
use puzzlebook::layout::walk;
use puzzlebook::layout::walk::WalkLayout;

fn fonts_without(chars: &str) -> FontSet {
    let mut fonts = FontSet::bundled(false);
    for face in [fonts.text, fonts.bold] {
        let metrics = fonts.faces[face].metrics.clone();
        fonts.faces[face].metrics = metrics.without_chars(chars);
    }
    fonts
}

#[test]
fn placeholders_are_not_printed_text() {
    let spec = Spec::parse(
        "book.toml",
        "title = \"Weekly\"\n[page]\nheader = \"{title} ({section})\"\nfooter = \"{page}/{pages}\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n",
        None,
    )
    .unwrap();
    // The braces of the placeholders never reach the page.
    check_glyphs(&spec, &fonts_without("{}")).unwrap();
    // Literal text around them does.
    let error = check_glyphs(&spec, &fonts_without("(")).unwrap_err();
    assert!(error.message().contains("the header"), "{error}");
    assert!(error.to_string().contains("book.toml:3:10"), "{error}");
    // So do the texts the placeholders stand for.
    let error = check_glyphs(&spec, &fonts_without("W")).unwrap_err();
    assert!(error.message().contains("the title"), "{error}");
}

#[test]
fn a_font_without_a_languages_letters_is_refused() {
    let spec = Spec::parse(
        "book.toml",
        "title = \"T\"\nlanguage = \"de\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n",
        None,
    )
    .unwrap();
    check_glyphs(&spec, &fonts_without("")).unwrap();
    let error = check_glyphs(&spec, &fonts_without("ä")).unwrap_err();
    assert!(error.message().contains("the Deutsch words"), "{error}");
    assert!(error.message().contains("ä (U+00E4)"), "{error}");
}

#[test]
fn a_walkthrough_step_taller_than_a_page_is_refused() {
    let spec = Spec::parse(
        "book.toml",
        "title = \"T\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\nwalkthroughs = \"all\"\n",
        None,
    )
    .unwrap();
    let layout = |height: f64| {
        Some(WalkLayout {
            cell: 17.0,
            figure: (153.0, 153.0),
            stacked: false,
            panels: vec![
                walk::Panel {
                    steps: 0..1,
                    lines: vec![vec!["a".into()]],
                    tabs: vec![None],
                    height: 160.0,
                    ..walk::Panel::default()
                },
                walk::Panel {
                    steps: 1..2,
                    lines: vec![vec!["b".into()]],
                    tabs: vec![None],
                    height,
                    ..walk::Panel::default()
                },
            ],
            floats: vec![None, None],
            apart: vec![Vec::new(), Vec::new()],
            narrow: Vec::new(),
            rows: Vec::new(),
        })
    };
    let room = walk_room(&spec) - walk::style::HEADER * spec.page.text_size.value;
    check_panels_fit(&spec, &[layout(room)], &[0]).unwrap();
    let error = check_panels_fit(&spec, &[layout(room + 1.0)], &[0]).unwrap_err();
    assert!(
        error.message().contains("step 2 of puzzle 1's walkthrough"),
        "{error}"
    );
    assert!(error.to_string().contains("book.toml:3:"), "{error}");
}

fn spec_with_per_page(per_page: &str) -> Spec {
    let text = format!(
        "title = \"T\"\ntemplate = \"a5\"\n[[section]]\nkind = \"sudoku\"\ncount = 4\nper_page = \"{per_page}\"\n"
    );
    Spec::parse("book.toml", &text, None).unwrap()
}

#[test]
fn a_cramped_layout_suggests_the_most_puzzles_that_fit() {
    let spec = spec_with_per_page("8x8");
    let error = Geometry::new(&spec, &paginate(&spec), &FontSet::bundled(false)).unwrap_err();
    let hint = error.hint().unwrap().to_string();
    let suggested = hint
        .split('"')
        .nth(1)
        .unwrap_or_else(|| panic!("no per_page in {hint:?}"));
    // The suggestion fits…
    let fitting = spec_with_per_page(suggested);
    Geometry::new(&fitting, &paginate(&fitting), &FontSet::bundled(false)).unwrap();
    // …and adding a column or a row to it does not.
    let suggested = PerPage::parse(suggested).unwrap();
    for (columns, rows) in [
        (suggested.columns + 1, suggested.rows),
        (suggested.columns, suggested.rows + 1),
    ] {
        let more = spec_with_per_page(&format!("{columns}x{rows}"));
        assert!(
            Geometry::new(&more, &paginate(&more), &FontSet::bundled(false)).is_err(),
            "{columns}x{rows}"
        );
    }
}

/// Lays out the book `text` describes, with its puzzles made.
fn laid_out(text: &str) -> (Spec, Document, FontSet) {
    let (spec, composed, fonts) = placed(text);
    (spec, composed.document, fonts)
}

/// Every text run of a page as (left, right, baseline, text).
fn runs(page: &Page, fonts: &FontSet) -> Vec<(f64, f64, f64, String)> {
    page.items
        .iter()
        .filter_map(|item| match item {
            Item::Text {
                at,
                size,
                face,
                text,
                ..
            } => Some((
                at.x,
                at.x + fonts.metrics(*face).width(text, *size),
                at.y,
                text.clone(),
            )),
            _ => None,
        })
        .collect()
}

/// Checks that no two runs on one baseline overlap and that all lie between the margins.
fn assert_runs_apart_and_inside(spec: &Spec, document: &Document, fonts: &FontSet) {
    let margins = spec.page.margins.value;
    for (number, page) in document.pages.iter().enumerate() {
        let runs = runs(page, fonts);
        let (left, right) = (
            margins.inner.min(margins.outer),
            page.width - margins.inner.min(margins.outer),
        );
        for (a, run) in runs.iter().enumerate() {
            assert!(
                run.0 >= left - 0.01 && run.1 <= right + 0.01,
                "page {}: {:?} runs outside the margins {left:.1}..{right:.1}",
                number + 1,
                run
            );
            for other in &runs[a + 1..] {
                let same_line = (run.2 - other.2).abs() < 0.5;
                let apart = run.1 <= other.0 + 0.01 || other.1 <= run.0 + 0.01;
                assert!(
                    !same_line || apart,
                    "page {}: {:?} collides with {:?}",
                    number + 1,
                    run,
                    other
                );
            }
        }
    }
}

#[test]
fn captions_never_collide_even_on_the_narrowest_figures() {
    // The narrowest figure of each kind, several to a row, with tiers in the captions.
    for (language, kind_keys) in [
        (
            "en",
            "kind = \"mushikui\"\nop = \"add\"\ndigits = [1, 1]\nper_page = \"4x4\"",
        ),
        (
            "ja",
            "kind = \"mushikui\"\nop = \"sub\"\ndigits = [2, 1]\nper_page = \"4x4\"",
        ),
        ("en", "kind = \"sudoku\"\nper_page = \"2x3\""),
        ("ja", "kind = \"sudoku\"\nper_page = \"2x3\""),
    ] {
        let text = format!(
            "title = \"T\"\nlanguage = \"{language}\"\ntemplate = \"a5\"\n[[section]]\ncount = 8\n{kind_keys}\n"
        );
        let (spec, document, fonts) = laid_out(&text);
        assert_runs_apart_and_inside(&spec, &document, &fonts);
    }
}

/// The digit runs inside a figure box: (size, text).
fn digits_in(page: &Page, bbox: Rect) -> Vec<(f64, String)> {
    page.items
        .iter()
        .filter_map(|item| match item {
            Item::Text { at, size, text, .. }
                if bbox.inset(-0.5).contains(*at) && text.chars().all(|ch| ch.is_ascii_digit()) =>
            {
                Some((*size, text.clone()))
            }
            _ => None,
        })
        .collect()
}

/// A laid-out book with its placements (the manifest's boxes).
fn placed(text: &str) -> (Spec, Composed, FontSet) {
    let spec = Spec::parse("book.toml", text, None).unwrap();
    let fonts = FontSet::for_language(spec.language);
    let pagination = paginate(&spec);
    let geometry = Geometry::new(&spec, &pagination, &fonts)
        .unwrap_or_else(|error| panic!("{error}: {:?}", error.hint()));
    let puzzles = puzzlebook::book::Plan::new(&spec)
        .unwrap()
        .make(&spec, &[], &Default::default(), None, &|_| {})
        .unwrap()
        .puzzles;
    let composed = compose(&spec, &pagination, &geometry, &puzzles, &fonts).unwrap();
    (spec, composed, fonts)
}

#[test]
fn large_print_sets_big_digits_and_no_small_text() {
    let (_, composed, fonts) = placed(
        "title = \"Large\"\ntemplate = \"kdp-8.5x11-large\"\n[[section]]\nkind = \"sudoku\"\ncount = 3\ntier = \"easy\"\n[[section]]\nkind = \"mushikui\"\nop = \"mul\"\ndigits = [3, 2]\ncount = 2\ntier = \"easy\"\n",
    );
    let pages = &composed.document.pages;
    for placement in &composed.placements {
        let page = &pages[placement.page - 1];
        let digits = digits_in(page, placement.bbox);
        assert!(!digits.is_empty());
        for (size, text) in digits {
            assert!(size >= 24.0 - 1e-9, "puzzle digit {text} at {size:.1} pt");
        }
        let (answer_page, answer_box) = placement.answer.unwrap();
        for (size, text) in digits_in(&pages[answer_page - 1], answer_box) {
            assert!(size >= 14.0 - 1e-9, "answer digit {text} at {size:.1} pt");
        }
    }
    // No word under 16 pt anywhere: captions, notes, running heads, rules.
    for (number, page) in pages.iter().enumerate() {
        for (left, _, _, text) in runs(page, &fonts) {
            let size = page
                .items
                .iter()
                .find_map(|item| match item {
                    Item::Text {
                        at, size, text: t, ..
                    } if at.x == left && *t == text => Some(*size),
                    _ => None,
                })
                .unwrap();
            let digits_only = text.chars().all(|ch| ch.is_ascii_digit());
            assert!(
                digits_only || size >= 16.0 - 1e-9,
                "page {}: {text:?} at {size:.1} pt",
                number + 1
            );
        }
    }
    // The puzzles grow to the text block's width.
    let spec = Spec::parse("book.toml", "title = \"L\"\ntemplate = \"kdp-8.5x11-large\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n", None).unwrap();
    let body = spec.page.size.value.width - 0.5 * 72.0 - 0.6 * 72.0;
    let bbox = composed.placements[0].bbox;
    assert!(bbox.width > body * 0.9, "{bbox:?} of {body}");
}

#[test]
fn a_puzzle_alone_on_its_page_sits_in_the_middle_of_the_text_block() {
    let (spec, composed, fonts) = placed(
        "title = \"One\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\nsize = \"6x6\"\ncount = 2\nper_page = \"1x1\"\nmax_figure = \"3in\"\n",
    );
    let placement = &composed.placements[0];
    let page = &composed.document.pages[placement.page - 1];
    // The cap holds…
    assert!(
        (placement.bbox.width - 216.0).abs() < 0.01,
        "{:?}",
        placement.bbox
    );
    // …and the block (caption, figure, note) is centred below the heading.
    let text = spec.page.text_size.value;
    let pagination = paginate(&spec);
    let geometry = Geometry::new(&spec, &pagination, &fonts).unwrap();
    let body = geometry.body(&spec, placement.page);
    let slot_top = body.y + geometry.headings[0];
    let above = placement.bbox.y - style::CAPTION * text - slot_top;
    let below = body.bottom() - (placement.bbox.bottom() + style::NOTE * text);
    assert!(
        above > 50.0 && (above - below).abs() < 1.0,
        "{above} above, {below} below"
    );
    assert!(!page.items.is_empty());
}

#[test]
fn killers_two_to_a_small_page_use_its_width_and_print_sums_of_7pt() {
    let (spec, composed, fonts) = placed(
        "title = \"K\"\ntemplate = \"kdp-6x9\"\n[[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\nper_page = \"1x2\"\ntier = \"easy\"\n",
    );
    let placement = &composed.placements[0];
    // About 3 in before, with an inch unused each side.
    assert!(placement.bbox.width > 3.15 * 72.0, "{:?}", placement.bbox);
    let page = &composed.document.pages[placement.page - 1];
    let digits = digits_in(page, placement.bbox);
    assert!(!digits.is_empty());
    for (size, sum) in digits {
        assert!(size >= 7.0 - 1e-9, "cage sum {sum} at {size:.1} pt");
    }
    assert_runs_apart_and_inside(&spec, &composed.document, &fonts);
}

#[test]
fn answers_keep_one_scale_per_kind_and_stay_smaller_than_their_puzzles() {
    let text = "title = \"Mixed\"\ntemplate = \"letter\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n[[section]]\nkind = \"sudoku\"\nsize = \"6x6\"\nvariant = \"jigsaw\"\ncount = 2\nper_page = \"2x2\"\n[[section]]\nkind = \"sudoku\"\nsize = \"16x16\"\ncount = 1\nper_page = \"1x1\"\n[[section]]\nkind = \"mushikui\"\nop = \"mul\"\ndigits = [2, 2]\ncount = 2\n[[section]]\nkind = \"mushikui\"\nop = \"div\"\ndigits = [6, 2]\ncount = 2\n[answers]\nper_page = \"2x2\"\n";
    let spec = Spec::parse("book.toml", text, None).unwrap();
    let fonts = FontSet::bundled(false);
    let geometry = Geometry::new(&spec, &paginate(&spec), &fonts).unwrap();
    let cells = &geometry.sections;
    for (question, answer) in cells {
        assert!(answer <= question, "{cells:?}");
    }
    // The sudoku answers share a cell (the 16×16's), the mushikui-zan answers a pitch.
    assert_eq!(cells[0].1, cells[1].1, "{cells:?}");
    assert_eq!(cells[0].1, cells[2].1, "{cells:?}");
    assert_eq!(cells[3].1, cells[4].1, "{cells:?}");
}

fn rules_of(language: &str, sections: &str) -> Vec<RulesPage> {
    let text = format!("title = \"R\"\nlanguage = \"{language}\"\n{sections}");
    rules_pages(&Spec::parse("book.toml", &text, None).unwrap())
}

#[test]
fn rules_are_written_for_what_the_book_holds() {
    // A kids' book of 4×4 pictures names its four shapes, not nine.
    let pages = rules_of(
        "en",
        "[[section]]\nkind = \"sudoku\"\nsize = \"4x4\"\nsymbols = \"shapes\"\ncount = 2\n",
    );
    let text = pages[0].paragraphs.join(" ");
    assert!(
        text.contains("four shapes instead of digits (circle, square, triangle, star)"),
        "{text}"
    );
    assert!(
        !text.contains("heart") && !text.contains("digits 1 to 4"),
        "{text}"
    );
    assert_eq!(pages[0].examples[0].key, "shapes");
    // A killer-only book's page is titled for killer sudoku, in both languages.
    let killer = "[[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\n";
    let pages = rules_of("en", killer);
    assert_eq!(pages[0].heading, "How to play: Killer Sudoku");
    assert_eq!(pages[0].running, "Killer Sudoku");
    assert_eq!(pages[0].examples.len(), 1);
    assert_eq!(pages[0].examples[0].key, "killer");
    let pages = rules_of("ja", killer);
    assert_eq!(pages[0].heading, "遊び方：キラーサドク");
    // A book of additions explains additions, and no division rule.
    let pages = rules_of(
        "en",
        "[[section]]\nkind = \"mushikui\"\nop = \"add\"\ndigits = [3, 3]\ncount = 2\n",
    );
    let text = pages[0].paragraphs.join(" ");
    assert!(text.contains("(an addition)"), "{text}");
    assert!(!text.contains("division"), "{text}");
    assert_eq!(pages[0].examples[0].key, "add");
    // Nothing says "as in printed books".
    for language in ["en", "ja"] {
        for sections in [
            killer,
            "[[section]]\nkind = \"mushikui\"\nop = \"div\"\ndigits = [4, 2]\ncount = 1\n[[section]]\nkind = \"sudoku\"\nvariant = \"x\"\ncount = 1\n[[section]]\nkind = \"sudoku\"\nvariant = \"jigsaw\"\ncount = 1\n[[section]]\nkind = \"sudoku\"\nvariant = \"windoku\"\ncount = 1\n[[section]]\nkind = \"sudoku\"\ncount = 1\n",
        ] {
            for page in rules_of(language, sections) {
                let text = page.paragraphs.join(" ");
                assert!(
                    !text.contains("printed books") && !text.contains("印刷された本"),
                    "{text}"
                );
                assert!(!page.examples.is_empty(), "{}", page.heading);
            }
        }
    }
}

#[test]
fn rules_pages_show_their_worked_examples() {
    for language in ["en", "ja"] {
        for (sections, least) in [
            ("[[section]]\nkind = \"sudoku\"\ncount = 1\n", 2),
            (
                "[[section]]\nkind = \"sudoku\"\nvariant = \"x\"\ncount = 1\n[[section]]\nkind = \"sudoku\"\nvariant = \"jigsaw\"\ncount = 1\n[[section]]\nkind = \"sudoku\"\nvariant = \"windoku\"\ncount = 1\n[[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 1\nper_page = \"1x2\"\n",
                8,
            ),
            (
                "[[section]]\nkind = \"mushikui\"\nop = \"mul\"\ndigits = [2, 2]\ncount = 1\n[[section]]\nkind = \"mushikui\"\nop = \"div\"\ndigits = [4, 2]\ncount = 1\n",
                4,
            ),
        ] {
            for template in ["a5", "kdp-6x9", "letter"] {
                let text = format!(
                    "title = \"R\"\nlanguage = \"{language}\"\ntemplate = \"{template}\"\n[front]\ncontents = false\n{sections}"
                );
                let (spec, document, fonts) = laid_out(&text);
                let rules = &document.pages[1];
                // Every example is drawn: a puzzle and its solution each.
                let figures = rules
                    .items
                    .iter()
                    .filter(|item| matches!(item, Item::Line { width, .. } if *width >= 1.0))
                    .count();
                assert!(
                    figures >= least,
                    "{language} {template}: {figures} thick lines"
                );
                // Below the words, inside the body.
                let body_bottom = spec.page.size.value.height - spec.page.margins.value.bottom;
                for item in &rules.items {
                    if let Item::Line { from, to, .. } = item {
                        assert!(
                            from.y.max(to.y) <= body_bottom,
                            "{language} {template}: {item:?}"
                        );
                    }
                }
                assert_runs_apart_and_inside(&spec, &document, &fonts);
            }
        }
    }
}

#[test]
fn long_titles_wrap_and_long_running_heads_are_shortened() {
    let title = "A very long section title that goes on and on, much longer than any A5 page is wide at this text size";
    assert!(title.len() >= 100);
    let text = format!(
        "title = \"T\"\ntemplate = \"a5\"\n[page]\nheader = \"{{title}}: {{section}}\"\n[[section]]\ntitle = \"{title}\"\nkind = \"sudoku\"\ncount = 2\nper_page = \"1x2\"\n"
    );
    let (spec, document, fonts) = laid_out(&text);
    assert_runs_apart_and_inside(&spec, &document, &fonts);
    let question_page = document
        .pages
        .iter()
        .find(|page| {
            let runs = runs(page, &fonts);
            runs.iter().any(|run| run.3 == "1")
                && runs.iter().any(|run| run.3.starts_with("A very long"))
        })
        .unwrap();
    let runs = runs(question_page, &fonts);
    // The heading wrapped onto several lines, all of its words kept…
    let heading: Vec<&(f64, f64, f64, String)> = runs
        .iter()
        .filter(|run| title.contains(run.3.as_str()) && run.3.len() > 3)
        .collect();
    assert!(heading.len() >= 2, "{runs:?}");
    let rejoined: Vec<&str> = heading.iter().map(|run| run.3.as_str()).collect();
    assert_eq!(rejoined.join(" "), title);
    // …above the figures: the puzzle number comes below the heading's last line.
    let last_heading_line = heading.iter().map(|run| run.2).fold(0.0, f64::max);
    let number = runs.iter().find(|run| run.3 == "1").unwrap();
    assert!(number.2 > last_heading_line, "{runs:?}");
    // The running head was shortened with an ellipsis.
    assert!(
        runs.iter()
            .any(|run| run.3.starts_with("T: A very") && run.3.ends_with('…')),
        "{runs:?}"
    );
}

#[test]
fn a_last_answer_page_never_holds_one_answer_alone() {
    assert_eq!(answer_pages(19, 9), vec![9, 8, 2]);
    assert_eq!(answer_pages(18, 9), vec![9, 9]);
    assert_eq!(answer_pages(20, 9), vec![9, 9, 2]);
    assert_eq!(answer_pages(1, 9), vec![1]);
    assert_eq!(answer_pages(5, 4), vec![3, 2]);
    // Two a page cannot give one up without leaving one alone before it.
    assert_eq!(answer_pages(3, 2), vec![2, 1]);
    assert_eq!(answer_pages(0, 9), Vec::<usize>::new());
}
