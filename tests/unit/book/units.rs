use puzzlebook::book::units::*;

#[test]
fn lengths_convert_exactly() {
    assert_eq!(parse_length("0.5in").unwrap(), 36.0);
    assert_eq!(parse_length("25.4mm").unwrap(), 72.0);
    assert_eq!(parse_length("1cm").unwrap(), 28.35);
    assert_eq!(parse_length(" 12pt ").unwrap(), 12.0);
    assert!(
        parse_length("12")
            .unwrap_err()
            .message()
            .contains("no unit")
    );
    assert!(parse_length("12 furlongs").is_err());
    assert!(parse_length("inf in").is_err());
    assert_eq!(parse_length("1e1mm").unwrap(), 28.35);
}

#[test]
fn page_sizes_are_exact_points() {
    assert_eq!(
        parse_page_size("6x9in").unwrap(),
        PageSize {
            width: 432.0,
            height: 648.0
        }
    );
    assert_eq!(
        parse_page_size("a4").unwrap(),
        PageSize {
            width: 595.28,
            height: 841.89
        }
    );
    assert_eq!(parse_page_size("Letter").unwrap().width, 612.0);
    assert_eq!(
        parse_page_size("210x297mm").unwrap(),
        parse_page_size("A4").unwrap()
    );
    assert_eq!(parse_page_size("5in x 8in").unwrap().height, 576.0);
    // A number with an exponent keeps its letter: the unit is what ends the text.
    assert_eq!(parse_page_size("1e1x2e1cm").unwrap().height, 566.93);
    let huge = parse_page_size("1e9x1e9mm").unwrap();
    assert!(huge.width > 14_400.0, "{huge:?}");
    for (bad, words) in [
        ("1e9x1e9", "has no unit"),
        ("axbmm", "\"a\" is not a length"),
        ("?x5mm", "\"?\" is not a number"),
        ("5x8furlong", "\"8furlong\" is not a length"),
    ] {
        let message = parse_page_size(bad).unwrap_err().message().to_string();
        assert!(message.contains(words), "{bad}: {message}");
        assert!(message.contains(&format!("{bad:?}")), "{bad}: {message}");
    }
    assert!(
        parse_page_size("A7")
            .unwrap_err()
            .hint()
            .unwrap()
            .contains("6x9in")
    );
}
