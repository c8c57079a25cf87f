use puzzlebook::error::Error;
use puzzlebook::mushikui::model::*;

#[test]
fn line_round_trips() {
    for line in [
        "add:135,5**,9397,*0*90",
        "mul:**3,**,*4**,****,2*45*",
        "div:1*,49,6**,49,19*,1*6,0",
        "sub:9*2,*45,1*7",
        "mul:*2,7,**4",
    ] {
        let puzzle: Puzzle = line.parse().unwrap();
        assert_eq!(puzzle.to_line(), line);
    }
}

#[test]
fn operands_determine_every_row() {
    let division = Puzzle::from_operands(Operation::Div, &[686, 49]).unwrap();
    assert_eq!(division.to_line(), "div:14,49,686,49,196,196,0");
    let division = Puzzle::from_operands(Operation::Div, &[327374, 917]).unwrap();
    assert_eq!(
        division.to_line(),
        "div:357,917,327374,2751,5227,4585,6424,6419,5"
    );
    let zero_digit = Puzzle::from_operands(Operation::Div, &[1025, 5]).unwrap();
    assert_eq!(zero_digit.to_line(), "div:205,5,1025,10,2,0,25,25,0");
    let product = Puzzle::from_operands(Operation::Mul, &[237, 355]).unwrap();
    assert_eq!(product.to_line(), "mul:237,355,1185,1185,711,84135");
    let single = Puzzle::from_operands(Operation::Mul, &[12, 7]).unwrap();
    assert_eq!(single.to_line(), "mul:12,7,84");
    let sum = Puzzle::from_operands(Operation::Add, &[135, 562, 9397]).unwrap();
    assert_eq!(sum.to_line(), "add:135,562,9397,10094");
    let difference = Puzzle::from_operands(Operation::Sub, &[902, 745]).unwrap();
    assert_eq!(difference.to_line(), "sub:902,745,157");
    assert!(product.is_correct());
    assert!(zero_digit.is_correct());
}

#[test]
fn solves_checks_givens_and_arithmetic() {
    let puzzle: Puzzle = "div:1*,49,6**,49,19*,1*6,0".parse().unwrap();
    let solution = Puzzle::from_operands(Operation::Div, &[686, 49]).unwrap();
    assert!(solution.solves(&puzzle));
    let other = Puzzle::from_operands(Operation::Div, &[687, 49]).unwrap();
    assert!(!other.solves(&puzzle));
}

fn error_of(line: &str) -> Error {
    Puzzle::parse(line).unwrap_err()
}

#[test]
fn errors_name_the_column() {
    let error = error_of("mul:**3,*x,*4**,****,2*45*");
    assert_eq!(error.location().column, Some(10), "{error}");
    assert!(error.message().contains("'x'"), "{error}");
    let error = error_of("mix:1,2,3");
    assert_eq!(error.location().column, Some(1));
    assert!(error.hint().unwrap().contains("add, sub, mul and div"));
    let error = error_of("add:12,,3");
    assert_eq!(error.location().column, Some(8), "{error}");
    let error = error_of("add:12,05,*7");
    assert_eq!(error.location().column, Some(8), "{error}");
    assert!(
        error.message().contains("addend 2 starts with 0"),
        "{error}"
    );
    assert!(error_of("mul12,3,36").message().contains("no ':'"));
}

#[test]
fn shapes_must_fit_the_operation() {
    assert!(
        error_of("mul:**,**,***,***")
            .message()
            .contains("needs 5 rows")
    );
    assert!(
        error_of("mul:**,*,***,***")
            .message()
            .contains("needs 3 rows")
    );
    assert!(
        error_of("mul:**,**,***,****,*****")
            .message()
            .contains("partial 2")
    );
    assert!(
        error_of("mul:**,**,***,***,**")
            .message()
            .contains("product")
    );
    assert!(error_of("div:**,*,***,*,*").message().contains("7 rows"));
    assert!(
        error_of("div:*,**,7*7,***,***")
            .message()
            .contains("remainder 1")
    );
    assert!(error_of("add:1,2").message().contains("3 to 7 rows"));
    assert!(error_of("add:1,2,345").message().contains("sum"));
    assert!(error_of("sub:1*,2*").message().contains("3 rows"));
    assert!(
        error_of("mul:********,2,*********")
            .message()
            .contains("at most 7")
    );
    let error = error_of("mul:**,**,***,****,*****");
    assert_eq!(error.location().column, Some(15));
}

#[test]
fn reader_skips_comments_and_trailing_words() {
    let text = "# header\n\n  mul:11,11,**,**,*** solutions=1 # qm0\nadd:1,2\n";
    let items = parse_puzzles(text);
    assert_eq!(items.len(), 2);
    let first = items[0].as_ref().unwrap();
    assert_eq!(first.line, 3);
    assert_eq!(first.puzzle.to_line(), "mul:11,11,**,**,***");
    let error = items[1].as_ref().unwrap_err();
    assert_eq!(error.location().line, Some(4));
    assert_eq!(error.location().column, Some(5));
    let spaced = parse_puzzles("mul: 11,11,**,**,***");
    let error = spaced[0].as_ref().unwrap_err();
    assert!(error.message().contains("space"), "{error}");
    assert_eq!(error.location().column, Some(5));
    let indented = parse_puzzles("   mul:1x,2,**");
    assert_eq!(indented[0].as_ref().unwrap_err().location().column, Some(9));
}

#[test]
fn layout_shifts_and_unprinted_rows() {
    let product: Puzzle = "mul:**3,**,*4**,****,2*45*".parse().unwrap();
    let layout = product.layout();
    assert_eq!(layout[2].role, Role::Partial(1));
    assert_eq!(layout[3].shift, 1);
    assert!(layout.iter().all(|row| row.printed));
    let division = Puzzle::from_operands(Operation::Div, &[1025, 5]).unwrap();
    let layout = division.layout();
    let shifts: Vec<usize> = layout[3..].iter().map(|row| row.shift).collect();
    assert_eq!(shifts, vec![2, 1, 1, 0, 0, 0]);
    let printed: Vec<bool> = layout.iter().map(|row| row.printed).collect();
    assert_eq!(
        printed,
        vec![true, true, true, true, false, false, true, true, true]
    );
    let steps = division.division_steps().unwrap();
    assert_eq!(steps.iter().filter(|s| s.zero).count(), 1);
    assert!(division.check_printable().is_ok());
    // Remainder 1 ("2") is not printed; showing it while remainder 2 hides its "2" loses
    // information on the page.
    let hidden: Puzzle = "div:***,5,****,**,2,0,*5,**,*".parse().unwrap();
    assert!(hidden.check_printable().is_err());
    let fine: Puzzle = "div:***,5,****,**,2,0,25,**,*".parse().unwrap();
    assert!(fine.check_printable().is_ok());
}
