use puzzlebook::i18n::Language;
use puzzlebook::sudoku::coordinates::*;

#[test]
fn cells_and_rows_are_lettered() {
    let letters = Coordinates::Letters;
    assert_eq!(
        letters.restate(
            "Fill 2 hidden singles: r1c3=5, r12c16=9.",
            Language::ENGLISH
        ),
        "Fill 2 hidden singles: A3=5, L16=9."
    );
    assert_eq!(
        letters.restate(
            "X-Wing on 7: in rows 2 and 6, 7 must be in columns 3 and 8, so the rest of those columns cannot hold it: r4c3 and r9c8 are not 7.", Language::ENGLISH),
        "X-Wing on 7: in rows B and F, 7 must be in columns 3 and 8, so the rest of those columns cannot hold it: D3 and I8 are not 7."
    );
    assert_eq!(
        letters.restate(
            "Claiming: in row 3, 7 can only go in box 2 (r3c4, r3c5)",
            Language::ENGLISH
        ),
        "Claiming: in row C, 7 can only go in box 2 (C4, C5)"
    );
    assert_eq!(
        letters.restate("look at rows 2, 5 and 8, 3 must", Language::ENGLISH),
        "look at rows B, E and H, 3 must"
    );
    assert_eq!(
        letters.restate("Row 9 adds up to 45: the cages inside", Language::ENGLISH),
        "Row I adds up to 45: the cages inside"
    );
    assert_eq!(
        letters.restate(
            "井桁：7は2行目・6行目では3・8列目にしか入らない：r4c3から7を消去",
            Language::ENGLISH
        ),
        "井桁：7はB行・F行では3・8列目にしか入らない：D3から7を消去"
    );
    // Words that only look like names are left alone.
    assert_eq!(
        letters.restate(
            "the arrow 3, rc3, r3c, Skyscraper 011, 12行, brow 4",
            Language::ENGLISH
        ),
        "the arrow 3, rc3, r3c, Skyscraper 011, 12行, brow 4"
    );
    assert_eq!(
        letters.restate("ブロック1・2行目", Language::ENGLISH),
        "ブロック1・B行"
    );
    assert_eq!(
        Coordinates::Numbers.restate("r1c3=5 in row 3", Language::ENGLISH),
        "r1c3=5 in row 3"
    );
}

/// Rows are restated in the words and lists of the book's language.
#[test]
fn rows_are_lettered_in_every_language() {
    let letters = Coordinates::Letters;
    let german = Language::from_code("de").unwrap();
    assert_eq!(
        letters.restate("In Zeilen 2, 5 und 8 steht r3c7; Zeile 4.", german),
        "In Zeilen B, E und H steht C7; Zeile D."
    );
    let french = Language::from_code("fr").unwrap();
    assert_eq!(
        letters.restate("dans les lignes 2 et 6, la ligne 9", french),
        "dans les lignes B et F, la ligne I"
    );
    // Another language's row words are not this one's.
    assert_eq!(letters.restate("rows 2 and 6", german), "rows 2 and 6");
}

#[test]
fn labels_and_cells_agree() {
    for coordinates in [Coordinates::Letters, Coordinates::Numbers] {
        for row in 0..16 {
            for column in 0..16 {
                let cell = coordinates.cell(row, column);
                assert!(cell.contains(&coordinates.row_label(row)));
                assert!(cell.ends_with(&coordinates.column_label(column)));
                let engine = format!("r{}c{}", row + 1, column + 1);
                assert_eq!(coordinates.restate(&engine, Language::ENGLISH), cell);
            }
        }
    }
    assert_eq!(
        "letters".parse::<Coordinates>().unwrap(),
        Coordinates::Letters
    );
    assert!("grid".parse::<Coordinates>().is_err());
}
