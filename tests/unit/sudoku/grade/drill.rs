use puzzlebook::sudoku::grade::drill::*;
use puzzlebook::sudoku::grid::Grid;
use puzzlebook::sudoku::techniques::find;

/// A puzzle whose hardest step is an X-wing (`sudoku generate --hardest X-Wing --seed d1`).
const X_WING: &str =
    "2...36.7..9.57.6..........3..512..49.........47..652..8..........7.82.1..2.65...8";

#[test]
fn a_drill_stops_before_the_first_step_of_its_technique() {
    let puzzle = Grid::parse(X_WING).unwrap();
    let family = find("X-Wing").unwrap();
    let drill = drill(&puzzle, &family).unwrap();
    assert!(family.members.contains(drill.technique));
    // The question marks nothing of the step; the answer shows its pattern.
    assert!(drill.question.pattern().is_empty() && drill.question.placements().is_empty());
    assert_eq!(drill.question.candidates(), drill.answer.candidates());
    assert!(!drill.answer.pattern().is_empty());
    assert!(!drill.answer.eliminations().is_empty());
    assert_eq!(drill.givens, puzzle.cells().to_vec());
}

#[test]
fn a_puzzle_without_the_technique_has_no_drill() {
    // Singles solve it.
    let easy = Grid::parse(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .unwrap();
    let error = drill(&easy, &find("X-Wing").unwrap()).unwrap_err();
    assert!(error.to_string().contains("without X-Wing"), "{error}");
}
