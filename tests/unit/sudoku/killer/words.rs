use puzzlebook::i18n::Language;
use puzzlebook::sudoku::killer::words::*;
use puzzlebook::sudoku::variant::geometry::Geometry;
use puzzlebook::sudoku::variant::geometry::{Size, Variant};

/// A table row names a cage without an article, counts more than two sets without
/// the word "sets", and keeps "the" where a cage follows a preposition: the combination
/// locking rows of a hard killer then fit the deductions' column on one line.
#[test]
fn table_rows_name_cages_in_few_words() {
    let geometry = Geometry::regular(Size::S9, Variant::Classic).unwrap();
    let english = Language::ENGLISH;
    let cage = CageName { sum: 16, first: 50 };
    let locked = |sets: Vec<u16>, digits: u16| CageAccount::Locked {
        cage,
        sets,
        digits,
        houses: vec![5],
    };
    let one_set = brief(
        &locked(vec![0b1_0100_0000], 0b1_0100_0000),
        &geometry,
        english,
    );
    assert!(one_set.starts_with("16 cage at "), "{one_set}");
    assert!(one_set.contains(" (7+9) keeps 7 and 9 in "), "{one_set}");
    let three = brief(
        &locked(
            vec![0b1_0000_0111, 0b1_0000_1011, 0b1_0001_0011],
            0b1_0000_0000,
        ),
        &geometry,
        english,
    );
    assert!(three.contains(" (all 3 hold 9) keeps 9 in "), "{three}");
    let held = CageAccount::Held {
        house: 5,
        digit: 1,
        cage,
        sets: vec![0b1_0000_0001],
    };
    let held = brief(&held, &geometry, english);
    assert!(held.contains(": 1 only in the 16 cage at "), "{held}");
    // The full reasoning keeps the cage's article.
    let full = reasoning(
        &locked(vec![0b1_0100_0000], 0b1_0100_0000),
        &geometry,
        english,
    );
    assert!(full.contains("fits the 16 cage at "), "{full}");
}
