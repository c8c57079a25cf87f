use puzzlebook::book::bank::*;
use puzzlebook::book::plan::Puzzle;
use puzzlebook::book::spec::Spec;
use puzzlebook::error::Result;

fn spec(section: &str) -> Spec {
    let text = format!("title = \"T\"\n[[section]]\n{section}\nsource = \"bank.txt\"\n");
    Spec::parse("book.toml", &text, None).unwrap()
}

fn bank(text: &str) -> BankText {
    BankText {
        name: "bank.txt".to_string(),
        text: text.to_string(),
    }
}

/// What the book of the spec's one section takes from a bank of `text`.
fn taken(spec: &Spec, text: &str) -> Result<Vec<Puzzle>> {
    let plan = puzzlebook::book::Plan::new(spec)?;
    let made = plan.make(
        spec,
        &[Some(bank(text))],
        &Default::default(),
        None,
        &|_| {},
    )?;
    Ok(made.puzzles)
}

#[test]
fn sudoku_banks_take_unique_puzzles_in_file_order() {
    let spec = spec("kind = \"sudoku\"\ncount = 2");
    let text = "# a bank\n\
        4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... 9.9\n\
        {\"puzzle\": \"52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\"}\n\
        ..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..\n";
    let puzzles = taken(&spec, text).unwrap();
    assert_eq!(puzzles.len(), 2);
    assert!(puzzles[0].puzzle_line().starts_with("4.....8.5"));
    assert!(puzzles[1].puzzle_line().starts_with("52...6"));
    assert!(
        puzzles
            .iter()
            .all(|p| p.rating.is_some() && p.tier.is_some())
    );
}

#[test]
fn bad_bank_lines_name_the_file_and_line() {
    let spec = spec("kind = \"sudoku\"\ncount = 1");
    let error = taken(&spec, "\n12345\n").unwrap_err();
    assert_eq!(error.location().line, Some(2));
    assert_eq!(error.location().file.as_deref(), Some("bank.txt"));
    let several = ".........".repeat(9);
    let error = taken(&spec, &several).unwrap_err();
    assert!(
        error.message().contains("more than one solution"),
        "{error}"
    );
    assert_eq!(error.exit_code(), 2);
}

#[test]
fn too_few_puzzles_is_an_error_at_the_source() {
    let spec = spec("kind = \"sudoku\"\ncount = 5");
    let text =
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
    let error = taken(&spec, text).unwrap_err();
    assert!(
        error.message().contains("has 1 distinct puzzles"),
        "{error}"
    );
    assert_eq!(error.location().line, Some(5));
}

#[test]
fn mushikui_banks_are_solved_and_checked() {
    let spec = spec("kind = \"mushikui\"\ncount = 1\nop = \"div\"\ndigits = [3, 2]");
    let text = "div:1*,49,6**,49,19*,1*6,0 solutions=1 # 686/49=14\n";
    let puzzles = taken(&spec, text).unwrap();
    assert_eq!(puzzles[0].solution_line(), "div:14,49,686,49,196,196,0");
    let other_shape = "mul:11,11,**,**,*** solutions=1\n";
    let error = taken(&spec, other_shape).unwrap_err();
    assert!(
        error.message().contains("has 0 distinct puzzles"),
        "{error}"
    );
    let spec = crate::unit::book::bank::spec(
        "kind = \"mushikui\"\ncount = 1\nop = \"mul\"\ndigits = [2, 2]",
    );
    let several = "mul:**,**,**5,25*,2**5\n";
    let error = taken(&spec, several).unwrap_err();
    assert!(error.message().contains("more than one solution"));
}
