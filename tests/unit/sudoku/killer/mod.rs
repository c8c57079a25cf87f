mod generate;
mod grade;
mod solver;
mod walkthrough;
mod words;

use puzzlebook::sudoku::killer::*;
use puzzlebook::sudoku::variant::geometry::Size;

/// A 4×4 killer: its solution is 1234/3412/2143/4321.
const SMALL: &str = "4x4-killer:................:aabbcdbbcdeefgeh:3,10,5,5,9,4,3,1";

#[test]
fn lines_read_and_print_back() {
    let killer = Killer::parse_word(SMALL, 1).unwrap().unwrap();
    assert_eq!(killer.size(), Size::S4);
    assert_eq!(killer.cages().len(), 8);
    assert_eq!(killer.cages()[1].cells, vec![2, 3, 6, 7]);
    assert_eq!(killer.to_line(), SMALL);
    let solution = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    assert!(killer.is_solved_by(&solution));
    let mut wrong = solution;
    wrong.swap(0, 1);
    assert!(!killer.is_solved_by(&wrong));
    // Labels are renumbered in the order they first appear.
    let relabelled = SMALL.replace('a', "Z");
    assert_eq!(
        Killer::parse_word(&relabelled, 1)
            .unwrap()
            .unwrap()
            .to_line(),
        SMALL
    );
    assert!(Killer::parse_word("x:....", 1).is_none());
}

#[test]
fn bad_lines_name_the_column() {
    let cases = [
        // Wrong length of the givens.
        (
            "4x4-killer:...............:aabbcdbbcdeefgeh:4,10,5,7,5,7,2,1",
            12,
            "16 givens",
        ),
        // A cage in two parts (label a at cells 0 and 15).
        (
            "4x4-killer:................:aabbcdbbcdeefgea:4,10,5,7,5,7,2",
            29,
            "not connected",
        ),
        // 2 cells cannot make 8 in a 4x4 (at most 7).
        (
            "4x4-killer:................:aabbcdbbcdeefgeh:8,10,5,7,5,7,2,1",
            46,
            "cannot add up",
        ),
        // Too few sums.
        (
            "4x4-killer:................:aabbcdbbcdeefgeh:4,10,5,7,5,7,2",
            46,
            "7 sums for 8",
        ),
        // A given that breaks its cage: cage a (sum 4) with a 4 in it.
        (
            "4x4-killer:4...............:aabbcdbbcdeefgeh:4,10,5,7,5,7,2,1",
            46,
            "leave no digits",
        ),
        // A given too large.
        (
            "4x4-killer:5...............:aabbcdbbcdeefgeh:4,10,5,7,5,7,2,1",
            12,
            "not a given",
        ),
        (
            "4x4-killer:................:aabbcdbbcdeefge!:4,10,5,7,5,7,2,1",
            44,
            "cage label",
        ),
        (
            "4x4-killer:................:aabbcdbbcdeefgeh:4,10,x,7,5,7,2,1",
            51,
            "not a cage sum",
        ),
        ("killer:...:ab", 8, "four parts"),
    ];
    for (line, column, message) in cases {
        let error = Killer::parse_word(line, 1).unwrap().unwrap_err();
        assert!(
            error.message().contains(message),
            "{line}: {}",
            error.message()
        );
        assert_eq!(error.location().column, Some(column), "{line}");
        assert_eq!(error.exit_code(), 2);
    }
}

#[test]
fn sum_bounds_follow_the_digits() {
    assert_eq!(sum_bounds(1, 9), (1, 9));
    assert_eq!(sum_bounds(3, 9), (6, 24));
    assert_eq!(sum_bounds(9, 9), (45, 45));
    assert_eq!(sum_bounds(2, 6), (3, 11));
}
