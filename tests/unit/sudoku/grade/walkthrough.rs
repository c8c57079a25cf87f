use puzzlebook::i18n::Language as Words;
use puzzlebook::sudoku::grade::Step;
use puzzlebook::sudoku::grade::board::Board;
use puzzlebook::sudoku::grade::board::ExtraHouses;
use puzzlebook::sudoku::grade::hint::Technique;
use puzzlebook::sudoku::grade::walkthrough::*;
use puzzlebook::sudoku::grid::Grid;
use puzzlebook::sudoku::grid::cell_name;

fn rated(count: usize) -> Vec<Grid> {
    include_str!("../../../data/se-rated.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .step_by(7)
        .take(count)
        .filter_map(|line| line.split_whitespace().next()?.parse().ok())
        .collect()
}

/// Skyscraper, 2-string kite and turbot fish (one family in SE's list) are drawn once a
/// walkthrough: the later ones are told by the cells their words name.
#[test]
fn a_family_of_two_strong_links_is_drawn_once() {
    // An X expert whose path has a skyscraper, a 2-string kite and a turbot fish.
    let x: Grid =
        "1...2....2..96...4.48......9..68......6...2......17..8......31.4...93..7....5...9"
            .parse()
            .unwrap();
    let mut walks = vec![walkthrough_in(&x, ExtraHouses::X).unwrap()];
    walks.extend(rated(60).iter().map(|grid| walkthrough(grid).unwrap()));
    let strong_links = drawn_family(Technique::Skyscraper);
    let mut several = 0;
    for walk in &walks {
        let family: Vec<&WalkStep> = walk
            .steps
            .iter()
            .filter(|step| {
                !step.singles && drawn_family(walk.path[step.path[0]].technique) == strong_links
            })
            .collect();
        let drawn = family.iter().filter(|step| step.diagram).count();
        assert!(drawn <= 1, "{drawn} figures of {strong_links}");
        several += usize::from(family.len() > 1);
    }
    assert!(several > 0, "no walkthrough with several {strong_links}");
}

#[test]
fn a_figure_marking_more_than_a_third_of_the_grid_is_not_drawn() {
    assert!(!marks_most_of_the_grid(27, 81));
    assert!(marks_most_of_the_grid(28, 81));
    assert_eq!(
        marked_cells(&[1u8, 2], &[3], [2u8, 3, 4].into_iter(), 81),
        4
    );
}

/// Every grader step a reader needs is retold exactly once, in order, and the others
/// are listed as skipped; runs of singles only in singles steps; the moments replay
/// the told steps to the solution; at most [`MOST_DIAGRAMS`] diagrams.
#[test]
fn walkthroughs_retell_the_needed_path() {
    let (mut beyond, mut skipped, mut tables) = (0, 0, 0);
    for puzzle in rated(60) {
        let walk = walkthrough(&puzzle).unwrap();
        let mut told: Vec<usize> = walk.steps.iter().flat_map(|s| s.path.clone()).collect();
        assert!(
            told.windows(2).all(|pair| pair[0] < pair[1]),
            "in order, once"
        );
        told.extend_from_slice(&walk.skipped);
        told.sort_unstable();
        assert_eq!(told, (0..walk.path.len()).collect::<Vec<_>>());
        assert!(
            walk.skipped
                .iter()
                .all(|&i| !is_single(walk.path[i].technique))
        );
        skipped += walk.skipped.len();
        let drawn: Vec<&WalkStep> = walk.steps.iter().filter(|s| s.diagram).collect();
        assert!(drawn.len() <= MOST_DIAGRAMS);
        // An intersection or a subset is drawn only as a walkthrough's one figure.
        assert!(
            drawn.len() == 1
                || drawn
                    .iter()
                    .all(|s| !words_locate(walk.path[s.path[0]].technique))
        );
        let mut board = Board::new(&puzzle);
        for step in &walk.steps {
            let steps: Vec<&Step> = step.path.iter().map(|&i| &walk.path[i]).collect();
            assert_eq!(step.singles, steps.iter().all(|s| is_single(s.technique)));
            let table = step.texts.iter().all(|text| text.contains('\t'));
            if !step.singles {
                beyond += 1;
                // Identical steps told as one share their pattern; a table's rows
                // are steps of techniques told before.
                if table {
                    tables += 1;
                    assert!(!step.diagram);
                } else {
                    assert!(steps.iter().all(|s| same_pattern(s, steps[0])));
                }
                let placed = |cell: u8| {
                    steps
                        .iter()
                        .any(|s| s.placements.iter().any(|p| p.0 == cell))
                };
                for &(cell, digit) in &step.moment.eliminations {
                    assert!(!placed(cell));
                    assert!(
                        steps
                            .iter()
                            .any(|s| s.eliminations.contains(&(cell, digit)))
                    );
                    assert!(board.candidates[usize::from(cell)] >> (digit - 1) & 1 == 1);
                }
                assert!(
                    steps
                        .iter()
                        .filter(|s| !is_single(s.technique))
                        .all(|s| s.cells.iter().all(|c| step.moment.pattern.contains(c)))
                );
            }
            assert_eq!(step.moment.values, board.values);
            for cell in 0..81 {
                let open = board.values[cell] == 0;
                assert_eq!(step.moment.candidates[cell] != 0, open);
                if open {
                    assert_eq!(step.moment.candidates[cell], board.candidates[cell]);
                }
            }
            for s in steps {
                apply(&mut board, s);
            }
            assert!(step.texts.iter().all(|text| !text.is_empty()));
        }
        assert!(board.is_solved());
    }
    assert!(beyond > 30, "only {beyond} steps beyond singles");
    assert!(tables > 5, "only {tables} tables");
    assert!(skipped > 0, "nothing left out");
}

/// Runs of singles are grouped by digit, cells in reading order; the run that
/// finishes the grid is only counted.
/// In a table the singles a row leads to are folded into it after an arrow, not rows
/// of their own: a row of singles opens a table or follows a row with no room left.
#[test]
fn singles_fold_into_the_table_row_they_follow_from() {
    let english = Words::ENGLISH;
    let heads: Vec<String> = (1..=81)
        .flat_map(|count| {
            ["walk.full-house", "walk.hidden-single", "walk.naked-single"]
                .map(|key| english.count(key, count, &[]))
        })
        .chain([english.text("walk.singles").to_string()])
        .collect();
    let (mut folded, mut rows) = (0, 0);
    for puzzle in rated(60) {
        for step in &walkthrough(&puzzle).unwrap().steps {
            let text = &step.texts[english.index()];
            if !text.contains('\t') {
                continue;
            }
            let table: Vec<(&str, &str)> = text
                .lines()
                .map(|row| row.split_once('\t').unwrap())
                .collect();
            rows += table.len();
            folded += table
                .iter()
                .map(|(_, done)| done.matches(FOLLOWS).count())
                .sum::<usize>();
            for pair in table.windows(2) {
                let ((_, above), (what, done)) = (pair[0], pair[1]);
                if heads.iter().any(|head| head == what) {
                    // Folded, "2 in r8c6 and r9c7" is "r8c6 = 2, r9c7 = 2".
                    let cells = done.matches('r').count();
                    let placed = cells * "r8c6 = 2".len() + (cells - 1) * ", ".len();
                    assert!(
                        above.matches(FOLLOWS).count() >= MOST_FOLDS
                            || above.chars().count() + FOLLOWS.len() + placed > LONGEST_FOLDED,
                        "singles {done} not folded into {above}"
                    );
                }
            }
        }
    }
    assert!(rows > 20 && folded > 0, "{rows} rows, {folded} folded");
}

#[test]
fn singles_are_grouped_by_digit() {
    let named = |cells: &[(u8, u8)]| -> Vec<(String, String, u8)> {
        cells
            .iter()
            .map(|&(cell, digit)| (cell_name(usize::from(cell)), digit.to_string(), digit))
            .collect()
    };
    let hidden = |language| {
        singles_words(
            &[
                Technique::HiddenSingleBox,
                Technique::HiddenSingleLine,
                Technique::HiddenSingleBox,
            ],
            &named(&[(2, 4), (10, 7), (40, 4)]),
            false,
            language,
        )
    };
    let (english, japanese) = (hidden(Words::ENGLISH), hidden(Words::JAPANESE));
    assert_eq!(english, "Hidden singles: 4 in r1c3 and r5c5; 7 in r2c2.");
    assert_eq!(japanese, "ヒドゥンシングル：4はr1c3・r5c5、7はr2c2。");
    let english = singles_words(
        &[Technique::FullHouse, Technique::NakedSingle],
        &named(&[(2, 4), (10, 7)]),
        false,
        Words::ENGLISH,
    );
    assert_eq!(english, "Singles: 4 in r1c3; 7 in r2c2.");
    let finish =
        |language| singles_words(&[Technique::FullHouse], &named(&[(2, 4)]), true, language);
    let (english, japanese) = (finish(Words::ENGLISH), finish(Words::JAPANESE));
    assert_eq!(english, "Singles finish the grid (1 cells).");
    assert!(japanese.contains('1'));
}

#[test]
fn fish_read_in_words() {
    let step = Step {
        technique: Technique::XWing,
        name: "X-Wing".into(),
        rating_tenths: 32,
        placements: vec![],
        eliminations: vec![(29, 7), (79, 7)],
        cells: vec![11, 16, 47, 52],
        digits: vec![7],
        explanation: String::new(),
    };
    assert_eq!(
        step_text(&step, ExtraHouses::None.geometry(), false, Words::ENGLISH),
        "X-Wing on 7: in rows 2 and 6, 7 must be in columns 3 and 8, so the rest of those \
         columns cannot hold it: r4c3 and r9c8 are not 7."
    );
    assert!(
        step_text(&step, ExtraHouses::None.geometry(), false, Words::JAPANESE)
            .starts_with("井桁（X-Wing）：7は2行目・6行目では3列目・8列目")
    );
    // Once worded in full, briefly.
    assert_eq!(
        step_text(&step, ExtraHouses::None.geometry(), true, Words::ENGLISH),
        "X-Wing on 7, rows 2 and 6 and columns 3 and 8: r4c3 and r9c8 are not 7."
    );
}

fn intersection_step(cells: Vec<u8>, eliminations: Vec<(u8, u8)>) -> Step {
    Step {
        technique: Technique::GeneralizedIntersection,
        name: "Generalized Intersection".into(),
        rating_tenths: 29,
        placements: vec![],
        digits: vec![eliminations[0].1],
        eliminations,
        cells,
        explanation: String::new(),
    }
}

/// Intersections with extra houses name them: a window, or the cells that see the
/// pattern when it shares no second house (a diagonal links them).
#[test]
fn intersections_name_extra_houses() {
    let windoku = ExtraHouses::Windoku.geometry();
    // Box 3's 1s in r2c7, r2c8, r3c7: all in window 2, so r4c7 (window 2) loses its 1.
    let step = intersection_step(vec![15, 16, 24], vec![(33, 1)]);
    assert_eq!(
        step_text(&step, windoku, false, Words::ENGLISH),
        "Generalized Intersection: in box 3, 1 can only go in window 2 (r2c7, r2c8 and \
         r3c7), so no other cell of window 2 can hold it: r4c7 is not 1."
    );
    assert!(step_text(&step, windoku, false, Words::JAPANESE).contains("ブロック3では1は窓2"));
    // X-sudoku: row 2's 9s in r2c2 (main diagonal) and r2c7; r7c7 sees both.
    let x = ExtraHouses::X.geometry();
    let step = intersection_step(vec![10, 15], vec![(60, 9)]);
    assert_eq!(
        step_text(&step, x, false, Words::ENGLISH),
        "Generalized Intersection: in row 2, 9 can only go in r2c2 or r2c7, so no cell \
         that sees them all can hold it: r7c7 is not 9."
    );
    // Classic pointing keeps its words.
    let mut step = intersection_step(vec![0, 1], vec![(5, 4)]);
    step.technique = Technique::Pointing;
    step.name = "Pointing".into();
    assert_eq!(
        step_text(&step, ExtraHouses::None.geometry(), false, Words::ENGLISH),
        "Pointing: in box 1, 4 can only go in row 1 (r1c1 and r1c2), so no other cell of \
         row 1 can hold it: r1c6 is not 4."
    );
}

/// Outside the graders' language a chain's account is told in the catalog's words, its
/// links kept, no English word of the account left (the forcing chain's links were
/// dropped, the cycle's English reasoning printed, before).
#[test]
fn chain_accounts_are_told_in_each_language() {
    let accounts = [
        "Forcing Chain: assuming r1c1≠5 leads to its opposite: r1c1≠5 → r1c1=6 → r1c5≠6 → r1c1=5. So r1c1 must be 5.",
        "XY-Cycle through r2c1, r1c2, r7c1: r2c1=8 → r1c2≠8 → r7c1=2 → r2c1=8. Read forwards or backwards the loop is a valid chain, so its candidates are alternately true and false; a candidate seeing both a true and a false one of its digit goes: r8c1≠2.",
        "Region Forcing Chains: wherever 7 goes in box 9 (r8c7, r8c9), r8c2≠7 follows.\n      r8c7=7 → r8c2≠7\n      r8c9=7 → r8c2≠7\n      So r8c2 cannot be 7.",
    ];
    for code in ["ja", "de", "fr", "es", "it"] {
        let language = Words::from_code(code).unwrap();
        for account in accounts {
            for brief in [false, true] {
                let told = chain_in_words(account, brief, "N", "O", language)
                    .unwrap_or_else(|| panic!("{code}: {account}"));
                assert!(
                    told.contains("r1c5≠6 →")
                        || told.contains("r1c2≠8 →")
                        || told.contains("r8c7=7 → r8c2≠7"),
                    "{told}"
                );
                for english in ["assuming", "Read", "through", "wherever", "follows", "So "] {
                    assert!(!told.contains(english), "{code}: {told}");
                }
            }
        }
    }
    // A branch told as numbered deductions is told deduction by deduction, each with
    // its reason in the language's words.
    let numbered = "Cell Forcing Chains: whichever digit r1c1 holds, r2c2≠3 follows.\n      (1) r1c1=1 (assumption)\n      (2) r3c3≠1 from (1) (same box)\n      (3) r2c2≠3 from (1) (2) (pointing: 3 of box 4 lies in row 5)\n      r1c1=2 → r2c2≠3\n      So r2c2 cannot be 3.";
    for code in ["ja", "de", "fr", "es", "it"] {
        let language = Words::from_code(code).unwrap();
        let told = chain_in_words(numbered, false, "N", "O", language)
            .unwrap_or_else(|| panic!("{code}: {numbered}"));
        assert!(
            told.contains("(1) r1c1=1")
                && told.contains("(3) r2c2≠3")
                && told.contains("r1c1=2 → r2c2≠3"),
            "{code}: {told}"
        );
        let box_4 = language.say("place.box", &[("n", &4)]);
        assert!(told.contains(&box_4), "{code}: {told}");
        for english in [
            "assumption",
            "same box",
            "from",
            "pointing",
            "lies in",
            "whichever",
        ] {
            assert!(!told.contains(english), "{code}: {told}");
        }
    }
    // A deduction resting on a nested chain is not read: the step is told by its outcome.
    let nested = "Cell Forcing Chains: whichever digit r1c1 holds, r2c2≠3 follows.\n      (1) r1c1=1 (assumption)\n      (2) r2c2≠3 from (1) (nested: Forcing Chain: …)\n      r1c1=2 → r2c2≠3\n      So r2c2 cannot be 3.";
    assert_eq!(
        chain_in_words(nested, false, "N", "O", Words::from_code("de").unwrap()),
        None
    );
}

/// A chain of each name is worded in full once; its later steps are table rows giving its
/// links alone (an X diabolical's forcing chains; a classic extreme's cell and region
/// forcing chains).
#[test]
fn later_chains_of_a_name_are_table_rows() {
    let x: Grid =
        "..7...3.......3...6.1..8..9..58......4.....2......78..2..3..6.8...4.......6...2.."
            .parse()
            .unwrap();
    let extreme: Grid =
        "....52...68.....2...29..4...4....7.11..4.6..58.6....4...3..76...9.....53...38...."
            .parse()
            .unwrap();
    let walks = [
        walkthrough_in(&x, ExtraHouses::X).unwrap(),
        walkthrough(&extreme).unwrap(),
    ];
    let (english, japanese) = (Words::ENGLISH, Words::JAPANESE);
    let mut rows: Vec<&str> = Vec::new();
    for walk in &walks {
        let mut worded: Vec<&str> = Vec::new();
        for step in &walk.steps {
            let chains: Vec<&Step> = step
                .path
                .iter()
                .map(|&index| &walk.path[index])
                .filter(|grader| is_chain(grader.technique))
                .collect();
            if step.text(english).contains('\t') {
                for chain in &chains {
                    assert!(
                        worded.contains(&chain.name.as_str()),
                        "{} a row before one is worded in full",
                        chain.name
                    );
                    rows.push(&chain.name);
                }
                if !chains.is_empty() {
                    assert!(!step.text(english).contains("assuming"));
                    assert!(!step.text(japanese).contains("と仮定すると"));
                }
            } else if let Some(chain) = chains.first()
                && is_chain(walk.path[step.path[0]].technique)
            {
                assert!(
                    !worded.contains(&chain.name.as_str()),
                    "a second {} worded in full: {}",
                    chain.name,
                    step.text(english)
                );
                worded.push(&chain.name);
            }
        }
    }
    for name in [
        "Forcing Chain",
        "Cell Forcing Chains",
        "Region Forcing Chains",
    ] {
        assert!(rows.contains(&name), "no {name} as a row: {rows:?}");
    }
}

/// A chain's row gives its branches' links, a branch of numbered deductions by its facts
/// alone.
#[test]
fn a_chain_row_gives_its_links() {
    let numbered = "Cell Forcing Chains: whichever digit r1c1 holds, r2c2≠3 follows.\n      (1) r1c1=1 (assumption)\n      (2) r3c3≠1 from (1) (same box)\n      (3) r2c2≠3 from (1) (2) (pointing: 3 of box 4 lies in row 5)\n      r1c1=2 → r2c2≠3\n      So r2c2 cannot be 3.";
    assert_eq!(
        chain_row_links(numbered, Words::ENGLISH).unwrap(),
        "r1c1=1, r3c3≠1, r2c2≠3 / r1c1=2 → r2c2≠3"
    );
    assert_eq!(
        chain_row_links(numbered, Words::JAPANESE).unwrap(),
        "r1c1=1、r3c3≠1、r2c2≠3／r1c1=2 → r2c2≠3"
    );
    let forcing = "Forcing Chain: assuming r1c1≠5 leads to its opposite: r1c1≠5 → r1c1=6 → r1c5≠6 → r1c1=5. So r1c1 must be 5.";
    assert_eq!(
        chain_row_links(forcing, Words::JAPANESE).unwrap(),
        "r1c1≠5 → r1c1=6 → r1c5≠6 → r1c1=5"
    );
    // A deduction resting on a nested chain is not read.
    let nested = "Cell Forcing Chains: whichever digit r1c1 holds, r2c2≠3 follows.\n      (1) r1c1=1 (assumption)\n      (2) r2c2≠3 from (1) (nested: Forcing Chain: …)\n      r1c1=2 → r2c2≠3\n      So r2c2 cannot be 3.";
    assert_eq!(chain_row_links(nested, Words::ENGLISH), None);
}

#[test]
fn chain_accounts_become_links() {
    let found = potentials("Forcing Chain: r4c7=5 → r4c2≠5 → r6c2=5");
    assert_eq!(
        found,
        vec![((33, 5), true), ((28, 5), false), ((46, 5), true)]
    );
}

/// A chain's step is named by its kind as solvers of the book's language know it, short
/// enough for the column beside a figure: Japanese printed the technique's name with the
/// step's English name beside it ("チェーンとループ（Forcing Chain）", which wrapped there),
/// the other languages every kind by the technique's name alone.
#[test]
fn a_chain_is_named_by_its_kind_in_every_language() {
    let kinds = [
        "Bidirectional Cycle",
        "Bidirectional X-Cycle",
        "Bidirectional Y-Cycle",
        "Forcing X-Chain",
        "Forcing Y-Chain",
        "Forcing Chain",
    ];
    for language in Words::all() {
        let names: Vec<String> = kinds
            .iter()
            .map(|kind| step_name(Technique::Cycles, kind, language))
            .collect();
        let distinct: std::collections::HashSet<&String> = names.iter().collect();
        assert_eq!(distinct.len(), kinds.len(), "{language:?}: {names:?}");
        assert!(
            names.iter().all(|name| !name.contains(['(', '（'])),
            "{language:?}: {names:?}"
        );
    }
    let japanese = |kind| step_name(Technique::Cycles, kind, Words::JAPANESE);
    assert_eq!(japanese("Forcing X-Chain"), "Xチェーン");
    assert_eq!(japanese("Forcing Chain"), "フォーシングチェーン");
    assert_eq!(
        step_name(Technique::Cycles, "Forcing Y-Chain", Words::ENGLISH),
        "XY-Chain"
    );
    // A step that says no more than its technique keeps the technique's name.
    assert_eq!(
        step_name(Technique::XWing, "X-Wing", Words::JAPANESE),
        "井桁（X-Wing）"
    );
}
