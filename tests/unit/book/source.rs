use puzzlebook::book::source::*;

fn read(text: &str) -> (Sources, SourceId) {
    let mut sources = Sources::default();
    let id = sources.add("book.toml", text);
    (sources, id)
}

#[test]
fn positions_count_lines_and_characters() {
    assert_eq!(line_column("ab\ncd", 0), (1, 1));
    assert_eq!(line_column("ab\ncd", 4), (2, 2));
    assert_eq!(line_column("é=1\nx", 3), (1, 3));
}

#[test]
fn unknown_keys_suggest_the_close_one() {
    let text = "title = \"x\"\nsubtitel = \"y\"\n";
    let (sources, id) = read(text);
    let document = parse_document(&sources, id, text).unwrap();
    let error = Table::open(&sources, id, &document, "the spec", &["title", "subtitle"])
        .err()
        .unwrap();
    assert_eq!(
        error.to_string(),
        "book.toml:2:1: unknown key `subtitel` in the spec\n  |\n2 | subtitel = \"y\"\n  | ^^^^^^^^\n  hint: did you mean `subtitle`?"
    );
    assert_eq!(error.exit_code(), 2);
}

#[test]
fn wrong_types_name_both_types() {
    let text = "count = \"twelve\"\n";
    let (sources, id) = read(text);
    let document = parse_document(&sources, id, text).unwrap();
    let table = Table::open(&sources, id, &document, "[[section]] 1", &["count"]).unwrap();
    let error = table.integer("count", 1, 10).unwrap_err();
    assert!(error.to_string().starts_with(
        "book.toml:1:9: `count` in [[section]] 1 must be a whole number, not a string"
    ));
}

#[test]
fn malformed_toml_points_at_the_problem() {
    let text = "title = \"x\"\ncount = 12 13\n";
    let (sources, id) = read(text);
    let error = parse_document(&sources, id, text).unwrap_err();
    assert_eq!(error.location().line, Some(2));
    assert!(error.message().starts_with("this is not valid TOML"));
}

#[test]
fn integers_are_range_checked() {
    let text = "count = -3\nsize = 0x10\n";
    let (sources, id) = read(text);
    let document = parse_document(&sources, id, text).unwrap();
    let table = Table::open(&sources, id, &document, "t", &["count", "size"]).unwrap();
    assert!(
        table
            .integer("count", 1, 100)
            .unwrap_err()
            .message()
            .contains("between 1 and 100")
    );
    assert_eq!(table.integer("size", 0, 100).unwrap().unwrap().value, 16);
}

#[test]
fn closest_ignores_unrelated_words() {
    assert_eq!(closest("sectoin", &["section", "answers"]), Some("section"));
    assert_eq!(closest("zebra", &["section", "answers"]), None);
    assert_eq!(closest("Tile", &["template", "title"]), Some("title"));
}

#[test]
fn snippets_underline_the_span_under_wide_characters_and_tabs() {
    let text = "title = \"T\"\nseed = 3\n";
    assert_eq!(
        snippet(text, 8, 11),
        "  |\n1 | title = \"T\"\n  |         ^^^"
    );
    // Five kana are ten columns wide: the carets stand under `bogus`, not under the kana.
    let text = "title = \"ナンプレ集\" bogus\n";
    let start = text.find("bogus").unwrap();
    let expected = format!(
        "  |\n1 | title = \"ナンプレ集\" bogus\n  | {}^^^^^",
        " ".repeat(9 + 10 + 2)
    );
    assert_eq!(snippet(text, start, start + 5), expected);
    // A tab is shown as four spaces, and the carets follow.
    let text = "a = 1\n\tbogus = 2\n";
    assert_eq!(
        snippet(text, 7, 12),
        "  |\n2 |     bogus = 2\n  |     ^^^^^"
    );
}
