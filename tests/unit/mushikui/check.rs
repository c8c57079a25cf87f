use puzzlebook::mushikui::Puzzle;

fn message(line: &str) -> String {
    Puzzle::parse(line).unwrap_err().to_string()
}

#[test]
fn wrong_complete_lines_are_errors() {
    assert!(Puzzle::parse("add:12,34,46").is_ok());
    assert!(message("add:12,34,47").contains("sum of the addends is 46"));
    assert!(message("mul:12,34,48,36,418").contains("12 × 34"));
    assert!(message("div:14,49,686,49,196,196,1").contains("contradict"));
    assert!(message("div:14,49,686,49,196,***,3").contains("49 × 14 + 3 is 689"));
    assert!(message("sub:50,70,*").contains("larger than the minuend"));
}

#[test]
fn local_contradictions_name_the_digit() {
    let error = Puzzle::parse("mul:*7,*3,**2,***,****").unwrap_err();
    assert!(error.message().contains("7 × 3 ends in 1"), "{error}");
    assert_eq!(error.location().column, Some(13));
    let error = Puzzle::parse("add:1*,2*,5*").unwrap_err();
    assert!(error.to_string().contains("column 2"), "{error}");
    let error = Puzzle::parse("div:**,49,6*7,**,1*5,***,*").unwrap_err();
    assert!(error.message().contains("brought-down"), "{error}");
    let error = Puzzle::parse("div:7*,12,****,*,***,***,**").unwrap_err();
    assert!(error.message().contains("quotient digit 1 is 0"), "{error}");
    assert!(Puzzle::parse("div:*,**,7*7,***,*").is_ok());
    assert!(Puzzle::parse("mul:**,**,**5,25*,2**5").is_ok());
}
