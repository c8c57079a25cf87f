use puzzlebook::cli::docs::*;

fn pages() -> Vec<(String, String)> {
    let mut root = puzzlebook::cli::command().disable_help_subcommand(true);
    root.build();
    let mut pages = Vec::new();
    collect_pages(&root, true, &mut pages).unwrap();
    pages
}

#[test]
fn there_is_a_page_for_every_command() {
    let names: Vec<String> = pages().into_iter().map(|(name, _)| name).collect();
    for expected in [
        "puzzlebook.1",
        "puzzlebook-sudoku.1",
        "puzzlebook-sudoku-generate.1",
        "puzzlebook-sudoku-grade.1",
        "puzzlebook-mushikui-generate.1",
        "puzzlebook-book.1",
        "puzzlebook-preview.1",
        "puzzlebook-cover.1",
        "puzzlebook-completions.1",
        "puzzlebook-man.1",
    ] {
        assert!(
            names.iter().any(|name| name == expected),
            "{expected}: {names:?}"
        );
    }
}

#[test]
fn pages_are_roff_with_their_sections() {
    for (name, text) in pages() {
        assert!(text.starts_with(".TH "), "{name}");
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "SEE ALSO"] {
            assert!(
                text.contains(&format!(".SH {section}\n"))
                    || text.contains(&format!(".SH \"{section}\"\n")),
                "{name}: {section}"
            );
        }
    }
    let (_, root) = &pages()[0];
    assert!(root.contains(".SH \"EXIT STATUS\""));
    assert!(root.contains("NO_COLOR"));
    for subcommand in [
        "sudoku",
        "mushikui",
        "book",
        "preview",
        "cover",
        "completions",
        "man",
    ] {
        assert!(root.contains(subcommand), "{subcommand}");
    }
}

#[test]
fn examples_keep_their_lines() {
    let pages = pages();
    let (_, generate) = pages
        .iter()
        .find(|(name, _)| name == "puzzlebook-sudoku-generate.1")
        .unwrap();
    let examples = &generate[generate.find(".SH EXAMPLES").unwrap()..];
    assert!(examples.contains(".nf\n"), "{examples}");
    assert!(
        examples.contains("\npuzzlebook sudoku generate \\-n 10 \\-\\-seed 2026\\-W47\n"),
        "{examples}"
    );
}
