use puzzlebook::i18n::Language;
use puzzlebook::sudoku::variant::grid::parse_any;
use puzzlebook::sudoku::variant::words::*;

#[test]
fn every_catalog_chooses_a_known_style() {
    for language in Language::all() {
        for (key, allowed) in STYLES {
            let chosen = language.text(key);
            assert!(allowed.contains(&chosen), "{language:?} {key}: {chosen:?}");
        }
    }
}

/// Every kind of step the house grader takes is told in every language, from the
/// catalog, with no placeholder left unfilled and (beyond English) no English word of
/// the grader's own account.
#[test]
fn every_step_is_told_in_every_language() {
    let english_words = [
        "remove", "lies", "within", "hold", "only", "fit", "assuming", "the", "region", "box",
        "row", "column", "last", "cell", "same", "struck", "taken",
    ];
    let mut kinds = std::collections::HashSet::new();
    for line in SAMPLES {
        let puzzle = parse_any(line).unwrap();
        let walked = puzzlebook::sudoku::variant::walkthrough::walkthrough(&puzzle).unwrap();
        for step in &walked.path {
            kinds.insert(std::mem::discriminant(&step.account));
        }
        for step in &walked.steps {
            for language in Language::all() {
                let text = step.text(language);
                assert!(!text.is_empty());
                assert!(!text.contains('{'), "{language:?}: {text}");
                if language != Language::ENGLISH {
                    let lower = text.to_lowercase();
                    for word in lower.split(|c: char| !c.is_alphabetic()) {
                        assert!(
                            !english_words.contains(&word),
                            "{language:?}: {word:?} in {text}"
                        );
                    }
                }
            }
        }
    }
    // Singles, intersections, subsets, fish, wings, rectangles and chains.
    assert!(kinds.len() >= 11, "{} kinds of step", kinds.len());
}

/// A wing's table row names its pivot, its pincers and the digit one of them holds,
/// and leaves what follows to the row's outcome: it is never longer than the wing's
/// full reasoning, and shorter where that reasoning ends in its conclusion (Japanese).
#[test]
fn a_wing_row_names_its_cells_without_its_conclusion() {
    let mut wings = 0;
    for line in SAMPLES {
        let puzzle = parse_any(line).unwrap();
        let walked = puzzlebook::sudoku::variant::walkthrough::walkthrough(&puzzle).unwrap();
        let geometry = puzzle.geometry();
        for step in &walked.path {
            let puzzlebook::sudoku::variant::grade::Account::Wing { pivot, pincers, .. } =
                &step.account
            else {
                continue;
            };
            wings += 1;
            for language in Language::all() {
                let row = brief(step, geometry, language);
                for &cell in [pivot, &pincers[0], &pincers[1]] {
                    assert!(
                        row.contains(&geometry.cell_name(usize::from(cell))),
                        "{row}"
                    );
                }
                let full = named(step, reasoning(step, geometry, language), language);
                assert!(
                    row.chars().count() <= full.chars().count(),
                    "{language:?}: {row}"
                );
            }
            let row = brief(step, geometry, Language::JAPANESE);
            let full = reasoning(step, geometry, Language::JAPANESE);
            assert!(row.chars().count() < full.chars().count(), "{row}");
        }
    }
    assert!(wings > 0, "no wing in the samples");
}

/// Puzzles whose gradings take, between them, every kind of step (generated with
/// `sudoku generate`, kinds read from `sudoku grade --explain`).
const SAMPLES: &[&str] = &[
    "6x6-jigsaw:6.......1.......4.3........3.....2..:aabbccabbccdabeccdabeffdaeefddeefffd",
    "6x6-jigsaw:......5.42....3......6.........1....:aaabbbacabdbccabddccdddefceeeefffffe",
    "6x6-jigsaw:3........5........24.......3...1....:aaaaabacbbbbccbdddecffddeccffdeeeeff",
    "6x6:2.4....3...63..1....2..44...5....4.1",
    "6x6:3...6...12.....3....6.....31...5...4",
    "8x8-x:2....3..415....7.64.1......................8.62.5....876..7....3",
    "jigsaw:93.6..8....4..2..7.98............3...........7.2.......8.......1.........7...4...:aabbbbcccaaaabccccadaabbeecdddbbffecdgfffffeedgffhhheedggiiiheeddggihhhhgggiiiiih",
];
