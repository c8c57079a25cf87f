//! Walkthrough pages in books: where the manifest says they are, cross-referenced both ways,
//! every step printed once, and the same bytes for any thread count.

use crate::common;

use common::{Pdf, build, check_manifest_against_pdf, manifest, scratch};

const SPEC: &str = r#"
title = "Worked"
seed = "walkthrough-test"
template = "kdp-6x9"

# A sample too thin for KDP, which binds 24 pages or more.
[page]
printer = "generic"

[[section]]
title = "Products"
kind = "mushikui"
count = 3
op = "mul"
digits = [3, 2]
walkthroughs = "every 2"

[[section]]
title = "Quotients"
kind = "mushikui"
count = 2
op = "div"
digits = [5, 2]
walkthroughs = "first"

[answers]
placement = "PLACEMENT"
per_page = "2x3"
"#;

/// Builds the spec with answers placed as `placement`; returns the PDF and its manifest.
fn built(name: &str, placement: &str, extra: &[&str]) -> (Pdf, serde_json::Value, Vec<u8>) {
    let dir = scratch(&format!("walkthroughs-{name}"));
    let spec = SPEC.replace("PLACEMENT", placement);
    assert_eq!(build(&dir, name, &spec, extra), 0, "{name}");
    let pdf_path = dir.join(format!("{name}.pdf"));
    assert!(check_manifest_against_pdf(&pdf_path) > 0);
    let bytes = std::fs::read(&pdf_path).unwrap();
    (Pdf::load(&pdf_path), manifest(&pdf_path), bytes)
}

#[test]
fn walkthroughs_are_where_the_manifest_says_and_cross_referenced_both_ways() {
    for placement in ["end", "after-section", "none"] {
        let (pdf, manifest, _) = built(placement, placement, &[]);
        let puzzles = manifest["puzzles"].as_array().unwrap();
        // "every 2" takes puzzles 1 and 3 of the first section, "first" puzzle 1 of the second.
        let walked: Vec<u64> = puzzles
            .iter()
            .filter(|puzzle| puzzle.get("walkthrough_pages").is_some())
            .map(|puzzle| puzzle["number"].as_u64().unwrap())
            .collect();
        assert_eq!(walked, vec![1, 3, 4], "{placement}");
        for puzzle in puzzles {
            let number = puzzle["number"].as_u64().unwrap();
            let Some(pages) = puzzle.get("walkthrough_pages") else {
                continue;
            };
            let pages: Vec<usize> = pages
                .as_array()
                .unwrap()
                .iter()
                .map(|page| page.as_u64().unwrap() as usize)
                .collect();
            assert!(!pages.is_empty());
            assert!(pages.windows(2).all(|pair| pair[1] == pair[0] + 1));
            let page = puzzle["page"].as_u64().unwrap() as usize;
            // Walkthroughs follow the answers (or the questions, without answers).
            let before = puzzle["answer_page"].as_u64().map_or(page, |p| p as usize);
            assert!(pages[0] > before, "{placement}: puzzle {number}");
            // The walkthrough names its puzzle and the pages of the puzzle and the answer.
            let first = pdf.page_text(pages[0]);
            assert!(first.contains("Walkthroughs"), "{first}");
            assert!(first.contains(&format!("Puzzle {number}")), "{first}");
            let back = match puzzle["answer_page"].as_u64() {
                Some(answer) => format!("Puzzle p. {page} · Answer p. {answer}"),
                None => format!("Puzzle p. {page}"),
            };
            assert!(
                first.contains(&back),
                "{placement}: {back:?} not in {first}"
            );
            for later in &pages[1..] {
                let text = pdf.page_text(*later);
                assert!(
                    text.contains(&format!("Puzzle {number} (continued)")),
                    "{text}"
                );
            }
            // The answer points at the walkthrough.
            if let Some(answer) = puzzle["answer_page"].as_u64() {
                let text = pdf.page_text(answer as usize);
                assert!(
                    text.contains(&format!("Puzzle p. {page} · Walkthrough p. {}", pages[0])),
                    "{placement}: {text}"
                );
            }
        }
        // Puzzles without a walkthrough keep the plain cross-reference.
        let plain = &puzzles[1];
        if let Some(answer) = plain["answer_page"].as_u64() {
            let text = pdf.page_text(answer as usize);
            assert!(
                text.contains(&format!("Puzzle p. {}", plain["page"])),
                "{text}"
            );
        }
    }
}

/// Builds `spec` as `name` and returns the text runs of its walkthrough pages, each with
/// its page number.
fn walkthrough_runs(name: &str, spec: &str) -> Vec<(usize, common::Run)> {
    let dir = scratch(&format!("walkthroughs-{name}"));
    assert_eq!(build(&dir, name, spec, &[]), 0, "{name}");
    let pdf_path = dir.join(format!("{name}.pdf"));
    let pdf = Pdf::load(&pdf_path);
    let pages: Vec<usize> = manifest(&pdf_path)["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|puzzle| puzzle.get("walkthrough_pages"))
        .flat_map(|pages| pages.as_array().unwrap().iter())
        .map(|page| page.as_u64().unwrap() as usize)
        .collect();
    assert!(!pages.is_empty(), "{name}");
    pages
        .into_iter()
        .flat_map(|page| pdf.runs(page).into_iter().map(move |run| (page, run)))
        .collect()
}

/// Asserts that no run is set under `least` points.
fn none_under(runs: &[(usize, common::Run)], least: f64) {
    for (page, run) in runs {
        assert!(
            run.size >= least,
            "p. {page}: {:?} at {} pt, under {least} pt",
            run.text,
            run.size
        );
    }
}

/// A walkthrough figure is read beside the steps' words, so its digits are set large
/// enough to read there, not at an answer key's size, and keep in proportion to the words
/// in large print: nothing on a mushikui-zan walkthrough page is set under 0.7 of the
/// book's text size (the steps are 0.9 of it).
#[test]
fn walkthrough_figures_are_set_in_readable_digits() {
    for text_size in [10.0, 14.0] {
        let spec = SPEC.replace("PLACEMENT", "end").replace(
            "printer = \"generic\"",
            &format!("printer = \"generic\"\ntext_size = \"{text_size}pt\""),
        );
        let runs = walkthrough_runs(&format!("readable-{text_size}"), &spec);
        none_under(&runs, 0.7 * text_size);
        let digits = runs
            .iter()
            .filter(|(_, run)| run.text.chars().all(|c| c.is_ascii_digit()))
            .count();
        assert!(digits > 20, "{digits} figure digits");
    }
}

/// In a large-print book (16 pt text) a sudoku walkthrough's pencil marks and labels keep
/// in proportion to the words beside them: nothing on its walkthrough pages is set under
/// 0.4 of the text size (at 10 pt the smallest readable mark, 5 pt, is the larger).
#[test]
fn large_print_walkthrough_marks_keep_in_proportion_to_the_words() {
    let spec = "title = \"Large\"\nseed = \"large-walk\"\ntemplate = \"kdp-8.5x11-large\"\n\
        [page]\nprinter = \"generic\"\n\
        [[section]]\nkind = \"sudoku\"\ncount = 2\ntier = \"hard\"\nwalkthroughs = \"all\"\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 1\ntier = \"medium\"\nanswers_per_page = \"2x1\"\nwalkthroughs = \"all\"\n";
    let runs = walkthrough_runs("large-print", spec);
    none_under(&runs, 0.4 * 16.0);
    let marks = runs.iter().filter(|(_, run)| run.size < 10.0).count();
    assert!(marks > 100, "{marks} marks and labels");
}

#[test]
fn every_step_is_printed_once_in_order() {
    let (pdf, manifest, _) = built("steps", "end", &[]);
    let puzzle = &manifest["puzzles"][0];
    let walkthrough =
        puzzlebook::mushikui::walkthrough(&puzzle["puzzle"].as_str().unwrap().parse().unwrap())
            .unwrap();
    let pages: Vec<usize> = puzzle["walkthrough_pages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|page| page.as_u64().unwrap() as usize)
        .collect();
    let text: String = pages
        .iter()
        .map(|&page| pdf.page_text(page))
        .collect::<Vec<_>>()
        .join(" ");
    // Each step's number is printed once, in order, on these pages.
    let mut from = 0;
    for number in 1..=walkthrough.steps.len() {
        let mark = format!(" {number}. ");
        let at = text[from..]
            .find(&mark)
            .unwrap_or_else(|| panic!("step {number} missing after {from} in {text}"));
        from += at + mark.len();
    }
    // The first words of every step appear (lines are wrapped, so only the start is whole).
    for step in &walkthrough.steps {
        let words: String = step
            .text(puzzlebook::i18n::Language::ENGLISH)
            .split(' ')
            .take(3)
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains(&words), "{words:?} not in {text}");
    }
}

#[test]
fn walkthrough_books_are_the_same_bytes_for_any_thread_count() {
    let (_, one, one_bytes) = built("one", "end", &["--jobs", "1"]);
    let (_, two, two_bytes) = built("two", "end", &["--jobs", "2"]);
    assert_eq!(one, two);
    assert!(one_bytes == two_bytes, "the PDFs differ");
}

#[test]
fn walkthroughs_are_refused_where_the_kind_has_none() {
    let dir = scratch("walkthroughs-refused");
    // Sudoku walkthroughs are printed for puzzles with digits; killers have none yet.
    for options in ["symbols = \"shapes\"", "variant = \"killer\""] {
        let spec = format!(
            "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n{options}\nwalkthroughs = \"all\"\n"
        );
        assert_eq!(build(&dir, "sudoku", &spec, &[]), 2, "{options}");
    }
    let spec = "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\nvariant = \"killer\"\nhints = true\n";
    assert_eq!(build(&dir, "hints", spec, &[]), 2);
    let spec = "title = \"T\"\n[[section]]\nkind = \"mushikui\"\nop = \"mul\"\ndigits = [2, 2]\ncount = 1\nwalkthroughs = \"every 0\"\n";
    assert_eq!(build(&dir, "zero", spec, &[]), 2);
    // A techniques chapter needs puzzles whose steps can be shown.
    let spec = "title = \"T\"\n[front]\ntechniques = true\n[[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 1\n";
    assert_eq!(build(&dir, "techniques", spec, &[]), 2);
}

#[test]
fn hints_are_where_the_manifest_says_and_name_no_digit() {
    let dir = scratch("hints");
    let spec = "title = \"Hinted\"\nseed = \"hints\"\ntemplate = \"a5\"\n[[section]]\nkind = \"sudoku\"\ncount = 5\ntier = \"hard\"\nhints = true\n[[section]]\nkind = \"sudoku\"\ncount = 2\n[[section]]\nkind = \"mushikui\"\nop = \"mul\"\ndigits = [3, 2]\ncount = 2\nhints = true\n[answers]\nplacement = \"after-section\"\n";
    assert_eq!(build(&dir, "hints", spec, &[]), 0);
    let pdf_path = dir.join("hints.pdf");
    assert!(check_manifest_against_pdf(&pdf_path) > 0);
    let pdf = Pdf::load(&pdf_path);
    let manifest = manifest(&pdf_path);
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let number = puzzle["number"].as_u64().unwrap();
        let Some(page) = puzzle.get("hint_page") else {
            // Only the second section goes without hints.
            assert!(number == 6 || number == 7, "puzzle {number} has no hint");
            continue;
        };
        let page = page.as_u64().unwrap() as usize;
        // The hint page comes after the puzzle and before its answer.
        assert!(page > puzzle["page"].as_u64().unwrap() as usize);
        assert!(page < puzzle["answer_page"].as_u64().unwrap() as usize);
        let text = pdf.page_text(page);
        assert!(text.contains("Hints"), "{text}");
        if puzzle["kind"] == "mushikui" {
            let line = puzzle["puzzle"].as_str().unwrap();
            let walk = puzzlebook::mushikui::walkthrough(&line.parse().unwrap()).unwrap();
            let hint = walk.hint(puzzlebook::i18n::Language::ENGLISH);
            let first = hint
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                text.contains(&format!("{number}. {first}")),
                "{first:?} not in {text}"
            );
            continue;
        }
        let grid: puzzlebook::sudoku::Grid = puzzle["puzzle"].as_str().unwrap().parse().unwrap();
        let nudge = puzzlebook::sudoku::grade::nudge::nudge(&grid)
            .expect("hard puzzles need more than singles");
        let line = format!("{number}. {}: look at", nudge.name);
        assert!(text.contains(&line), "{line:?} not in {text}");
    }
}

const SUDOKU_SPEC: &str = r#"
title = "Worked sudoku"
seed = "sudoku-walkthrough-test"
template = "kdp-6x9"

# A sample too thin for KDP, which binds 24 pages or more.
[page]
printer = "generic"

[[section]]
title = "Hard"
kind = "sudoku"
count = 3
tier = "hard"
walkthroughs = "every 2"

[answers]
placement = "end"
per_page = "2x3"
"#;

/// Sudoku walkthroughs: on the pages the manifest names, cross-referenced from the answer,
/// every step numbered once and in order, each starting with its own words.
#[test]
fn sudoku_walkthroughs_print_every_step_where_the_manifest_says() {
    use puzzlebook::i18n::Language;
    use puzzlebook::sudoku::grade::walkthrough::walkthrough;
    let dir = scratch("walkthroughs-sudoku");
    assert_eq!(build(&dir, "sudoku", SUDOKU_SPEC, &[]), 0);
    let pdf_path = dir.join("sudoku.pdf");
    assert!(check_manifest_against_pdf(&pdf_path) > 0);
    let pdf = Pdf::load(&pdf_path);
    let manifest = manifest(&pdf_path);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    let walked: Vec<u64> = puzzles
        .iter()
        .filter(|puzzle| puzzle.get("walkthrough_pages").is_some())
        .map(|puzzle| puzzle["number"].as_u64().unwrap())
        .collect();
    assert_eq!(walked, vec![1, 3]);
    for puzzle in puzzles {
        let Some(pages) = puzzle.get("walkthrough_pages") else {
            continue;
        };
        let number = puzzle["number"].as_u64().unwrap();
        let pages: Vec<usize> = pages
            .as_array()
            .unwrap()
            .iter()
            .map(|page| page.as_u64().unwrap() as usize)
            .collect();
        let answer = puzzle["answer_page"].as_u64().unwrap() as usize;
        assert!(pages[0] > answer);
        let answer_text = pdf.page_text(answer);
        assert!(
            answer_text.contains(&format!("Walkthrough p. {}", pages[0])),
            "{answer_text}"
        );
        let first = pdf.page_text(pages[0]);
        assert!(first.contains(&format!("Puzzle {number}")), "{first}");
        assert!(first.contains(&format!("Answer p. {answer}")), "{first}");
        let text: String = pages
            .iter()
            .map(|&page| pdf.page_text(page))
            .collect::<Vec<_>>()
            .join(" ");
        let grid = puzzle["puzzle"].as_str().unwrap().parse().unwrap();
        let walk = walkthrough(&grid).unwrap();
        assert!(
            walk.steps.iter().any(|step| !step.singles),
            "hard puzzles need more"
        );
        let mut from = 0;
        for (index, step) in walk.steps.iter().enumerate() {
            // A table's first word (its row may wrap in a narrow column).
            let said = step.text(Language::ENGLISH);
            let words: String = said
                .split('\t')
                .next()
                .unwrap_or_default()
                .split(' ')
                .take(if said.contains('\t') { 1 } else { 2 })
                .collect::<Vec<_>>()
                .join(" ");
            let mark = format!("{}. {words}", index + 1);
            let at = text[from..]
                .find(&mark)
                .unwrap_or_else(|| panic!("{mark:?} missing after {from} in {text}"));
            from += at + mark.len();
        }
    }
}

/// The techniques chapter: every technique the book's walkthroughs tell, once, easiest
/// first, each with an example from its first puzzle in book order that no easier
/// technique's example comes from (its first puzzle when every one is taken), and that
/// puzzle's page.
#[test]
fn the_techniques_chapter_lists_each_technique_once_from_its_first_puzzle() {
    use puzzlebook::sudoku::grade::Technique;
    use puzzlebook::sudoku::grade::walkthrough::walkthrough;
    let dir = scratch("walkthroughs-techniques");
    let spec = SUDOKU_SPEC.replace(
        "template = \"kdp-6x9\"\n",
        "template = \"kdp-6x9\"\n[front]\ntechniques = true\n",
    );
    assert_eq!(build(&dir, "techniques", &spec, &[]), 0);
    let pdf_path = dir.join("techniques.pdf");
    assert!(check_manifest_against_pdf(&pdf_path) > 0);
    let pdf = Pdf::load(&pdf_path);
    let manifest = manifest(&pdf_path);
    // Each technique told, with the puzzles (number, page) that tell it in book order.
    let mut told: Vec<(Technique, Vec<(u64, u64)>)> = Vec::new();
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let grid = puzzle["puzzle"].as_str().unwrap().parse().unwrap();
        let at = (
            puzzle["number"].as_u64().unwrap(),
            puzzle["page"].as_u64().unwrap(),
        );
        let walk = walkthrough(&grid).unwrap();
        for step in walk.steps.iter().filter(|step| !step.singles) {
            let technique = walk.path[step.path[0]].technique;
            match told.iter_mut().find(|(known, _)| *known == technique) {
                Some((_, puzzles)) if !puzzles.contains(&at) => puzzles.push(at),
                Some(_) => {}
                None => told.push((technique, vec![at])),
            }
        }
    }
    told.sort_by_key(|(technique, _)| (technique.base_rating(), *technique as u32));
    let mut used: Vec<u64> = Vec::new();
    let mut expected: Vec<(Technique, u64, u64)> = Vec::new();
    for (technique, puzzles) in &told {
        let &(number, page) = puzzles
            .iter()
            .find(|(number, _)| !used.contains(number))
            .unwrap_or(&puzzles[0]);
        used.push(number);
        expected.push((*technique, number, page));
    }
    assert!(expected.len() >= 3, "{expected:?}");
    let chapter: String = (1..=manifest["pages"].as_u64().unwrap() as usize)
        .map(|page| pdf.page_text(page))
        .filter(|text| text.starts_with("Techniques") || text.contains("Example from puzzle"))
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(
        chapter.matches("Example from puzzle").count(),
        expected.len(),
        "{chapter}"
    );
    let mut from = 0;
    for (technique, number, page) in &expected {
        assert!(chapter.contains(technique.name()), "{technique:?}");
        let line = format!("Example from puzzle {number}, p. {page}:");
        let at = chapter[from..]
            .find(&line)
            .unwrap_or_else(|| panic!("{line:?} missing after {from}: {chapter}"));
        from += at + line.len();
    }
    // The contents list the chapter.
    assert!(
        pdf.page_text(2).contains("Techniques"),
        "{}",
        pdf.page_text(2)
    );
}

#[test]
fn sudoku_teaching_books_are_the_same_bytes_for_any_thread_count() {
    let dir = scratch("walkthroughs-sudoku-threads");
    let spec = SUDOKU_SPEC.replace(
        "template = \"kdp-6x9\"\n",
        "template = \"kdp-6x9\"\n[front]\ntechniques = true\n",
    );
    assert_eq!(build(&dir, "one", &spec, &["--jobs", "1"]), 0);
    assert_eq!(build(&dir, "two", &spec, &["--jobs", "2"]), 0);
    let one = std::fs::read(dir.join("one.pdf")).unwrap();
    let two = std::fs::read(dir.join("two.pdf")).unwrap();
    assert!(one == two, "the PDFs differ");
}

/// No sudoku step is split across pages: every panel (a step's figure with its words)
/// stands whole on one page, even the long accounts of diabolical chains; a table (a
/// technique's later steps, a row each) is cut only between its rows.
#[test]
fn no_sudoku_step_is_split_across_pages() {
    let text = SUDOKU_SPEC
        .replace("tier = \"hard\"", "tier = \"diabolical\"")
        .replace("walkthroughs = \"every 2\"", "walkthroughs = \"all\"");
    let common::Settled {
        taught, pagination, ..
    } = common::settled(&text, false);
    let mut panels = 0;
    for (puzzle, layout) in pagination.walk_layouts.iter().enumerate() {
        let layout = layout.as_ref().expect("every puzzle has a walkthrough");
        let walk = taught.walkthroughs[puzzle].as_ref().unwrap();
        // Every step is in exactly one panel, each panel whole but a table's pieces (cut
        // between its rows).
        let mut next = 0;
        for panel in &layout.panels {
            let table = panel.tabs.first().is_some_and(Option::is_some);
            assert!(
                !panel.continued || table,
                "puzzle {}: a step was split",
                puzzle + 1
            );
            assert_eq!(panel.steps.start + usize::from(panel.continued), next);
            next = panel.steps.end;
            panels += 1;
        }
        assert_eq!(next, walk.steps.len());
    }
    // And the pages hold every step's words once, in order, and every figure once (a
    // figure that waits for the next page follows its words), but a last one left out.
    let mut told = vec![Vec::new(); pagination.walk_layouts.len()];
    let mut figures = vec![0; pagination.walk_layouts.len()];
    for page in &pagination.walk_pages {
        for block in &page.blocks {
            for panel in &block.panels {
                // Twin figures count two, whether side by side or set apart.
                figures[block.puzzle] +=
                    usize::from(panel.has_figure()) + usize::from(panel.twin.is_some());
                let from = panel.steps.start + usize::from(panel.continued);
                told[block.puzzle].extend(from..panel.steps.end);
                // A floated figure's step is told before it or beside it.
                if let Some(step) = panel.floated {
                    assert!(told[block.puzzle].contains(&step));
                }
            }
        }
    }
    let (mut set, mut laid) = (0, 0);
    for (puzzle, layout) in pagination.walk_layouts.iter().enumerate() {
        let layout = layout.as_ref().unwrap();
        assert_eq!(
            told[puzzle],
            (0..layout.panels.last().unwrap().steps.end).collect::<Vec<_>>()
        );
        let drawn = layout
            .panels
            .iter()
            .map(|panel| usize::from(panel.has_figure()) + usize::from(panel.twin.is_some()))
            .sum::<usize>();
        // A waiting figure may be left out, rather than open a page with white beside it,
        // when the walkthrough ends or the next figure comes (its step is told in words):
        // never more figures than laid out, and at least half of them set.
        assert!(
            figures[puzzle] <= drawn,
            "puzzle {}: {} of {drawn} figures",
            puzzle + 1,
            figures[puzzle]
        );
        set += figures[puzzle];
        laid += drawn;
    }
    assert!(set * 2 >= laid, "{set} of {laid} figures set");
    assert!(panels > 0);
}

/// X-sudoku and windoku get walkthroughs and hints from the classic grader with their
/// extra houses: every step printed in order on the manifest's pages, each hint on its page.
#[test]
fn x_and_windoku_books_have_walkthroughs_and_hints() {
    use puzzlebook::i18n::Language;
    use puzzlebook::sudoku::grade::ExtraHouses;
    use puzzlebook::sudoku::grade::nudge::nudge_in;
    use puzzlebook::sudoku::grade::walkthrough::walkthrough_in;
    let dir = scratch("walkthroughs-x-windoku");
    let spec = "title = \"Extra houses\"\nseed = \"x-windoku-walks\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"x\"\ncount = 2\ntier = \"hard\"\nwalkthroughs = \"all\"\nhints = true\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"windoku\"\ncount = 2\ntier = \"hard\"\nwalkthroughs = \"all\"\nhints = true\n\
        [answers]\nplacement = \"end\"\n";
    assert_eq!(build(&dir, "extra", spec, &[]), 0);
    let pdf_path = dir.join("extra.pdf");
    assert!(check_manifest_against_pdf(&pdf_path) > 0);
    let pdf = Pdf::load(&pdf_path);
    let manifest = manifest(&pdf_path);
    let mut steps_beyond_singles = 0;
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let line = puzzle["puzzle"].as_str().unwrap();
        let (head, givens) = line.split_once(':').unwrap();
        let extra = match head {
            "x" => ExtraHouses::X,
            "windoku" => ExtraHouses::Windoku,
            other => panic!("unexpected variant {other}"),
        };
        let grid = givens.parse().unwrap();
        let walk = walkthrough_in(&grid, extra).unwrap();
        steps_beyond_singles += walk.steps.iter().filter(|step| !step.singles).count();
        let text: String = puzzle["walkthrough_pages"]
            .as_array()
            .expect("every puzzle is walked through")
            .iter()
            .map(|page| pdf.page_text(page.as_u64().unwrap() as usize))
            .collect::<Vec<_>>()
            .join(" ");
        let mut from = 0;
        for (index, step) in walk.steps.iter().enumerate() {
            // A table's first word (its row may wrap in a narrow column).
            let said = step.text(Language::ENGLISH);
            let words: String = said
                .split('\t')
                .next()
                .unwrap_or_default()
                .split(' ')
                .take(if said.contains('\t') { 1 } else { 2 })
                .collect::<Vec<_>>()
                .join(" ");
            let mark = format!("{}. {words}", index + 1);
            let at = text[from..]
                .find(&mark)
                .unwrap_or_else(|| panic!("{mark:?} missing after {from} in {text}"));
            from += at + mark.len();
        }
        let hint_page = puzzle["hint_page"].as_u64().unwrap() as usize;
        let nudge = nudge_in(&grid, extra).expect("hard puzzles need more than singles");
        let hint = pdf.page_text(hint_page);
        let number = puzzle["number"].as_u64().unwrap();
        let expected = format!("{number}. {}: look at", nudge.name);
        assert!(hint.contains(&expected), "{expected:?} not in {hint}");
    }
    assert!(steps_beyond_singles >= 4);
}

const VARIANT_SPEC: &str = r#"
title = "Worked variants"
seed = "variant-walkthrough-test"
template = "letter"

[front]
techniques = true

[[section]]
title = "Six"
kind = "sudoku"
size = "6x6"
tier = "hard"
count = 2
per_page = "1x2"
hints = true
walkthroughs = "all"

[[section]]
title = "Jigsaw"
kind = "sudoku"
variant = "jigsaw"
tier = "expert"
count = 1
per_page = "1x2"
hints = true
walkthroughs = "all"

[[section]]
title = "Twelve"
kind = "sudoku"
size = "12x12"
tier = "hard"
count = 1
per_page = "1x1"
hints = true
walkthroughs = "all"

[answers]
placement = "end"
per_page = "1x2"
"#;

/// Walkthroughs and hints of the house grader's puzzles (6×6, jigsaw, 12×12 with its
/// steps below its figure): every step on the
/// manifest's pages in order, cross-referenced from the answer, hints naming the grader's
/// first step beyond singles, and the techniques chapter drawn from them.
#[test]
fn variant_walkthroughs_and_hints_follow_the_house_grader() {
    use puzzlebook::sudoku::variant::grid::parse_any;
    use puzzlebook::sudoku::variant::walkthrough::{first_technique, walkthrough};
    let dir = scratch("walkthroughs-variants");
    assert_eq!(build(&dir, "variants", VARIANT_SPEC, &[]), 0);
    let pdf_path = dir.join("variants.pdf");
    assert!(check_manifest_against_pdf(&pdf_path) > 0);
    let pdf = Pdf::load(&pdf_path);
    let manifest = manifest(&pdf_path);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 4);
    let techniques = pdf.page_text(4);
    assert!(techniques.contains("Techniques"), "{techniques}");
    for puzzle in puzzles {
        let number = puzzle["number"].as_u64().unwrap();
        let grid = parse_any(puzzle["puzzle"].as_str().unwrap()).unwrap();
        let pages: Vec<usize> = puzzle["walkthrough_pages"]
            .as_array()
            .expect("every puzzle is walked through")
            .iter()
            .map(|page| page.as_u64().unwrap() as usize)
            .collect();
        let answer = puzzle["answer_page"].as_u64().unwrap() as usize;
        assert!(
            pdf.page_text(answer)
                .contains(&format!("Walkthrough p. {}", pages[0]))
        );
        let text: String = pages
            .iter()
            .map(|&page| pdf.page_text(page))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(text.contains(&format!("Puzzle {number}")), "{text}");
        let walk = walkthrough(&grid).unwrap();
        assert!(walk.steps.iter().any(|step| !step.singles));
        let mut from = 0;
        for (index, step) in walk.steps.iter().enumerate() {
            let words: String = step
                .text(puzzlebook::i18n::Language::ENGLISH)
                .split(' ')
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
            let mark = format!("{}. {words}", index + 1);
            let at = text[from..]
                .find(&mark)
                .unwrap_or_else(|| panic!("{mark:?} missing after {from} in {text}"));
            from += at + mark.len();
        }
        let hint_page = puzzle["hint_page"].as_u64().unwrap() as usize;
        let hints = pdf.page_text(hint_page);
        let first = first_technique(&grid)
            .unwrap()
            .expect("hard puzzles need more");
        // Hints print the names solvers know ("X-Chain", not "Forcing Chains & Cycles").
        let printed =
            puzzlebook::sudoku::techniques::printed_step_name(first.technique, &first.name);
        let line = format!("{number}. {printed}: look at");
        assert!(hints.contains(&line), "{line:?} not in {hints}");
    }
}
