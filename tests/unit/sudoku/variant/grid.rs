use puzzlebook::sudoku::variant::geometry::Size;
use puzzlebook::sudoku::variant::geometry::Variant;
use puzzlebook::sudoku::variant::grid::*;

const SIX: &str = "6x6:1.....2.....3.....4.....5.....6.....";
const JIGSAW: &str = "aaabbbaaccbbacccbdecddddeeeffdeeffff";

#[test]
fn lines_round_trip() {
    let dots = |n: usize| ".".repeat(n);
    for line in [
        SIX.to_string(),
        format!("4x4:1..2..3..4{}", dots(6)),
        format!("x:1{}", dots(80)),
        format!("windoku:{}9{}", dots(77), dots(3)),
        format!("6x6-jigsaw:1.2{}:{JIGSAW}", dots(33)),
        format!("16x16:G{}A", dots(254)),
    ] {
        let line = line.as_str();
        let grid = parse_any(line).unwrap_or_else(|error| panic!("{line}: {error}"));
        assert_eq!(grid.to_line(), line);
    }
    let grid = parse_any("6X6:1.....2.....3.....4.....5.....6.....").unwrap();
    assert_eq!(grid.to_line(), SIX);
    let classic =
        "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";
    assert_eq!(parse_any(classic).unwrap().to_line(), classic);
}

#[test]
fn lower_case_values_and_regions() {
    let mut givens = vec!['.'; 256];
    givens[5] = 'g';
    let line = format!("16x16:{}", givens.iter().collect::<String>());
    let grid = parse_any(&line).unwrap();
    assert_eq!(grid.get(5), 16);
    assert!(grid.to_line().contains('G'));
}

#[test]
fn errors_name_line_and_column() {
    let error = parse_word("6x6:1.....7", 4, 3, None).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 4:13: '7' is out of range for a 6x6 sudoku, whose values are 1 to 6"
    );
    let error = parse_word("6x6:1....", 1, 1, None).unwrap_err();
    assert_eq!(error.location().column, Some(5));
    assert!(error.message().contains("expected 36 cells"));
    let error = parse_word("7x7:1", 1, 1, None).unwrap_err();
    assert!(error.message().contains("unknown sudoku kind"));
    let error = parse_word("4x4:1..1............", 2, 1, None).unwrap_err();
    assert_eq!(error.location().column, Some(8));
    assert!(error.message().contains("twice in row 1"), "{error}");
    let error = parse_word("6x6-windoku:1", 1, 1, None).unwrap_err();
    assert!(error.message().contains("9x9 variant"));
    let error = parse_word(
        "6x6-jigsaw:....................................:faabbbaaccbbacccbdecddddeeeffdeefffa",
        1,
        1,
        None,
    )
    .unwrap_err();
    assert!(error.message().contains("not connected"), "{error}");
    let error = parse_word(
        "6x6-jigsaw:....................................",
        1,
        1,
        None,
    )
    .unwrap_err();
    assert!(error.message().contains("needs its regions"));
    let error = parse_word("6x6:....................................:abc", 1, 1, None).unwrap_err();
    assert_eq!(error.location().column, Some(41));
}

#[test]
fn default_geometry_reads_bare_givens() {
    let geometry = Some((Size::S4, Variant::X));
    let grid = parse_word("1...............", 1, 1, geometry).unwrap();
    assert_eq!(grid.to_line(), "4x4-x:1...............");
    // The diagonal is a house: r1c1 and r4c4 may not hold the same value.
    let error = parse_word("1..............1", 1, 1, geometry).unwrap_err();
    assert!(error.message().contains("main diagonal"), "{error}");
}
