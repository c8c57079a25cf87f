//! Every puzzle the README shows has exactly one solution: a reader who copies one into
//! `puzzlebook` gets what the README says.

use crate::common;

/// The words of `text` that could be puzzles: split at white space and at the characters
/// Markdown and prose put around them.
fn words(text: &str) -> Vec<&str> {
    text.split(|ch: char| ch.is_whitespace() || "`'\"|(){}[]<>;".contains(ch))
        .filter(|word| !word.is_empty())
        .collect()
}

/// A variant or killer head: `6x6`, `x`, `windoku`, `jigsaw`, `killer`, `6x6-jigsaw`, ….
fn is_sudoku_head(head: &str) -> bool {
    let (size, variant) = match head.split_once('-') {
        Some((size, variant)) => (Some(size), variant),
        None if head.contains('x') && head.len() > 1 => (Some(head), ""),
        None => (None, head),
    };
    let size_ok = size.is_none_or(|size| {
        size.split_once('x').is_some_and(|(a, b)| {
            !a.is_empty() && a == b && a.bytes().all(|byte| byte.is_ascii_digit())
        })
    });
    size_ok && matches!(variant, "" | "x" | "windoku" | "jigsaw" | "killer")
}

/// The sudoku (bare 81-character lines, variant and killer lines) and the mushikui-zan row
/// lists that `text` shows.
fn shown_puzzles(text: &str) -> (Vec<String>, Vec<String>) {
    let (mut sudoku, mut mushikui) = (Vec::new(), Vec::new());
    for word in words(text) {
        // A sentence may end right after a puzzle (whose own last character may be a dot).
        let candidates = [word, word.strip_suffix(['.', ',']).unwrap_or(word)];
        if let Some(line) = candidates.iter().find(|line| is_sudoku_line(line)) {
            sudoku.push(line.to_string());
        } else if let Some(line) = candidates.iter().find(|line| is_row_list(line)) {
            mushikui.push(line.to_string());
        }
    }
    (sudoku, mushikui)
}

/// A bare 81-character sudoku, or a variant or killer line with its head.
fn is_sudoku_line(word: &str) -> bool {
    if word.len() == 81 && word.bytes().all(|b| b == b'.' || b.is_ascii_digit()) {
        return true;
    }
    let Some((head, body)) = word.split_once(':') else {
        return false;
    };
    // The givens of the smallest grid, 4x4, are 16 characters.
    let givens = body.split(':').next().unwrap_or("");
    is_sudoku_head(head)
        && givens.len() >= 16
        && givens.len() == givens.chars().count()
        && [16, 36, 64, 81, 144, 256].contains(&givens.len())
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._:,".contains(&b))
}

/// A mushikui-zan row list.
fn is_row_list(word: &str) -> bool {
    let Some((head, body)) = word.split_once(':') else {
        return false;
    };
    matches!(head, "add" | "sub" | "mul" | "div")
        && body.split(',').count() >= 3
        && body.split(',').all(|row| !row.is_empty())
        && body
            .bytes()
            .all(|b| b == b'*' || b == b',' || b.is_ascii_digit())
}

/// The solution counts (up to 3) `puzzlebook KIND count` gives the puzzles, in order.
fn counts(kind: &str, puzzles: &[String]) -> Vec<String> {
    let input = puzzles.join("\n") + "\n";
    let output = common::run_binary(&[kind, "count", "--limit", "3"], &input);
    assert!(output.status.success(), "{}", common::stderr(&output));
    common::stdout(&output)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn every_puzzle_in_the_readme_has_exactly_one_solution() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let (sudoku, mushikui) = shown_puzzles(&readme);
    // The README shows classic, variant and killer lines and every mushikui-zan operation.
    assert!(sudoku.len() >= 6, "{sudoku:?}");
    assert!(
        sudoku.iter().any(|line| line.contains("killer:")),
        "{sudoku:?}"
    );
    for op in ["add:", "sub:", "mul:", "div:"] {
        assert!(
            mushikui.iter().any(|line| line.starts_with(op)),
            "{op} {mushikui:?}"
        );
    }
    for (kind, puzzles) in [("sudoku", &sudoku), ("mushikui", &mushikui)] {
        let counts = counts(kind, puzzles);
        assert_eq!(counts.len(), puzzles.len(), "{kind}: {counts:?}");
        let wrong: Vec<String> = puzzles
            .iter()
            .zip(&counts)
            .filter(|(_, count)| count.as_str() != "1")
            .map(|(puzzle, count)| format!("{puzzle}: {count} solutions"))
            .collect();
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

#[test]
fn the_puzzle_finder_finds_what_the_readme_writes() {
    let text = "the line `4x4-killer:................:aabbcdbbcdeefgeh:3,10,5,5,9,4,3,1` and \
                | `sub` | `MINUEND,SUBTRAHEND,DIFFERENCE` | `sub:9*2,*45,1*7` | and \
                `HEAD:GIVENS:CAGES:SUMS`, `6x6:`, {\"puzzle\":\"........99..75..2..468..73....4...131.......283...7....59..438..7..98..54........\"} \
                and a sentence ending in ...289.4..31.....9.8.1..5.....5...3.3.......7.9...1.....3..4.6.2.....81..4.928....";
    let (sudoku, mushikui) = shown_puzzles(text);
    assert_eq!(
        sudoku,
        [
            "4x4-killer:................:aabbcdbbcdeefgeh:3,10,5,5,9,4,3,1",
            "........99..75..2..468..73....4...131.......283...7....59..438..7..98..54........",
            "...289.4..31.....9.8.1..5.....5...3.3.......7.9...1.....3..4.6.2.....81..4.928..."
        ]
    );
    assert_eq!(mushikui, ["sub:9*2,*45,1*7"]);
    // Those two examples have several solutions (2, and 10 counted up to the limit of 3):
    // the check above catches them.
    assert_eq!(counts("sudoku", &sudoku[..1]), ["2"]);
    assert_eq!(counts("mushikui", &mushikui), ["3"]);
}

/// Every `puzzlebook preview examples/…` command the README prints (the ones that remake its
/// pictures) names pages the example book has.
#[test]
fn the_readme_previews_name_pages_their_examples_have() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let mut checked = 0;
    for line in readme.lines() {
        let Some(rest) = line.trim().strip_prefix("puzzlebook preview examples/") else {
            continue;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        let name = words[0].trim_end_matches(".toml");
        let Some(at) = words.iter().position(|&word| word == "--pages") else {
            continue;
        };
        let book = common::example_books()
            .iter()
            .find(|book| book.name == name)
            .unwrap_or_else(|| panic!("the README previews examples/{name}.toml, not an example"));
        let pages = common::Pdf::load(&book.pdf).page_count();
        for page in words[at + 1]
            .split([',', '.'])
            .filter(|part| !part.is_empty())
        {
            let page: usize = page.parse().unwrap();
            assert!(
                (1..=pages).contains(&page),
                "README: `{line}` names page {page}, examples/{name}.toml has {pages}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} preview commands found");
}
