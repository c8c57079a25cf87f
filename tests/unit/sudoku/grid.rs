use puzzlebook::sudoku::grid::*;

const PUZZLE: &str =
    "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";

#[test]
fn line_round_trips_and_counts_clues() {
    let grid: Grid = PUZZLE.parse().unwrap();
    assert_eq!(grid.to_line(), PUZZLE);
    assert_eq!(grid.clue_count(), 28);
    assert_eq!(grid.get(2), 4);
    assert_eq!(grid.to_line_with('0').len(), 81);
}

#[test]
fn zero_and_dot_are_blanks_and_trailing_words_are_ignored() {
    let with_zeros = PUZZLE.replace('.', "0");
    let grid = Grid::parse(&format!("  {with_zeros}   1.2 tatham-t  ")).unwrap();
    assert_eq!(grid.to_line(), PUZZLE);
}

#[test]
fn nine_lines_of_nine_with_separators() {
    let grid: Grid = PUZZLE.parse().unwrap();
    let pretty = grid.to_pretty();
    assert_eq!(Grid::parse(&pretty).unwrap(), grid);
}

#[test]
fn errors_name_line_and_column() {
    let bad = format!("{}x{}", &PUZZLE[..10], &PUZZLE[11..]);
    let error = parse_puzzles(&format!("{PUZZLE}\n\n{bad}\n"))
        .into_iter()
        .nth(1)
        .unwrap()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3:11: unexpected character 'x' in a sudoku\n  hint: use 1-9 for clues and '.' or '0' for blanks"
    );
    let short = Grid::parse(&PUZZLE[..80]).unwrap_err();
    assert_eq!(
        short.message(),
        "expected a sudoku of 81 cells, found 80 cells"
    );
    assert_eq!(short.location().line, Some(1));
}

#[test]
fn duplicate_clue_in_a_house_is_an_error() {
    let mut cells = *PUZZLE.parse::<Grid>().unwrap().cells();
    cells[0] = 4; // row 1 already has a 4 in r1c3
    let line: String = cells
        .iter()
        .map(|&digit| char::from(b'0' + digit))
        .collect();
    let error = Grid::parse(&line).unwrap_err();
    assert_eq!(
        error.message(),
        "digit 4 appears twice in row 1 (r1c1 and r1c3)"
    );
}

#[test]
fn incomplete_block_is_reported() {
    let text = "123456789\n456789123\n";
    let results = parse_puzzles(text);
    assert_eq!(results.len(), 1);
    let error = results[0].clone().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1: the grid starting here has only 2 of its 9 rows"
    );
}

#[test]
fn houses_cover_each_cell_three_times() {
    let mut count = [0; 81];
    for house in HOUSES {
        for cell in house {
            count[cell] += 1;
        }
    }
    assert!(count.iter().all(|&c| c == 3));
    assert_eq!(house_name(0), "row 1");
    assert_eq!(house_name(13), "column 5");
    assert_eq!(house_name(26), "box 9");
}
