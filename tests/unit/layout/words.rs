use puzzlebook::book::spec::Language;
use puzzlebook::kind::{ALL, MUSHIKUI, SUDOKU};
use puzzlebook::layout::words::*;

#[test]
fn tiers_have_words_and_stars() {
    assert_eq!(
        tier(&SUDOKU, "hard", Language::ENGLISH, 6),
        Some(("Hard", "★★★☆☆☆".to_string()))
    );
    assert_eq!(
        tier(&MUSHIKUI, "easy", Language::JAPANESE, 4),
        Some(("初級", "★☆☆☆".to_string()))
    );
    assert_eq!(tier(&SUDOKU, "impossible", Language::ENGLISH, 6), None);
    // On a book's scale of six, a mushikui-zan tier has the stars of the sudoku tier
    // of its name.
    assert_eq!(
        tier(&MUSHIKUI, "hard", Language::ENGLISH, 6),
        Some(("Hard", "★★★☆☆☆".to_string()))
    );
}

#[test]
fn every_tier_of_every_kind_has_words() {
    for kind in ALL {
        for language in Language::all() {
            assert_eq!(
                kind.layout.tier_words(language).len(),
                kind.book.tiers().len(),
                "{kind:?}"
            );
        }
    }
}
