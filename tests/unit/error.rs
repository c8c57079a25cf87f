use puzzlebook::error::*;

#[test]
fn display_names_file_line_column_and_hint() {
    let error = Error::input("unexpected character 'x'")
        .at_line(3)
        .at_column(14)
        .in_file("puzzles.txt")
        .with_hint("use 1-9 for clues and '.' or '0' for blanks");
    assert_eq!(
        error.to_string(),
        "puzzles.txt:3:14: unexpected character 'x'\n  hint: use 1-9 for clues and '.' or '0' for blanks"
    );
    assert_eq!(error.exit_code(), 2);
}

#[test]
fn line_without_file_reads_naturally() {
    let error = Error::runtime("budget exhausted").at_line(7);
    assert_eq!(error.to_string(), "line 7: budget exhausted");
    assert_eq!(error.exit_code(), 1);
}

#[test]
fn first_location_wins() {
    let error = Error::input("bad")
        .at_line(2)
        .at_line(9)
        .in_file("a")
        .in_file("b");
    assert_eq!(error.to_string(), "a:2: bad");
}
