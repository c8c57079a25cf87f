use puzzlebook::cli::export::*;
use puzzlebook::layout::kind::Show;

#[test]
fn pictures_are_named_by_number() {
    assert_eq!(picture_name(12, 12, Show::Puzzle, "svg"), "012.svg");
    assert_eq!(picture_name(7, 12, Show::Answer, "png"), "007-answer.png");
    assert_eq!(picture_name(42, 1200, Show::Puzzle, "svg"), "0042.svg");
}
