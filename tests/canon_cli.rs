//! `sudoku canon`, `generate --distinct` and `bank dedupe`.

use std::collections::HashSet;

use crate::common;

use common::{run_binary, stderr, stdout};

/// A classic line turned a quarter (columns become rows, read bottom to top) with its
/// digits renamed `d -> 10 - d`: the same puzzle.
fn turned(line: &str) -> String {
    let cells: Vec<char> = line.chars().collect();
    let mut out = String::new();
    for row in 0..9 {
        for column in 0..9 {
            let cell = cells[(8 - column) * 9 + row];
            out.push(match cell.to_digit(10) {
                Some(digit) if digit > 0 => char::from_digit(10 - digit, 10).unwrap(),
                _ => '.',
            });
        }
    }
    out
}

#[test]
fn canon_prints_one_form_per_class() {
    let puzzles = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
        52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
    let mut lines: Vec<String> = puzzles.lines().map(str::to_string).collect();
    lines.push(turned(&lines[0]));
    lines.push(turned(&turned(&lines[1])));
    let output = run_binary(&["sudoku", "canon"], &lines.join("\n"));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let printed = stdout(&output);
    let forms: Vec<&str> = printed.lines().collect();
    assert_eq!(forms.len(), 4);
    assert_eq!(forms[0], forms[2]);
    assert_eq!(forms[1], forms[3]);
    assert_ne!(forms[0], forms[1]);
    // Minlex: as many leading blanks as any equivalent puzzle, the first digit a 1.
    assert!(forms[0].starts_with("......"), "{}", forms[0]);
    assert_eq!(forms[0].trim_start_matches('.').chars().next(), Some('1'));
    let zeros = run_binary(&["sudoku", "canon", "--zeros"], &lines.join("\n"));
    assert_eq!(
        stdout(&zeros).lines().next().unwrap(),
        forms[0].replace('.', "0")
    );
    // Variant and killer lines keep their heads; bad lines are reported by line.
    let output = run_binary(
        &["sudoku", "canon"],
        "6x6:4..2..52.....5........3.....64..1..3\n4x4-killer:................:aabbcdbbcdeefgeh:3,10,5,5,9,4,3,1\n12345\n",
    );
    assert_eq!(output.status.code(), Some(2));
    let printed = stdout(&output);
    let forms: Vec<&str> = printed.lines().collect();
    assert!(forms[0].starts_with("6x6:"), "{forms:?}");
    assert!(forms[1].starts_with("4x4-killer:"), "{forms:?}");
    assert!(stderr(&output).contains(":3"), "{}", stderr(&output));
}

#[test]
fn generate_distinct_gives_every_class_once_and_refuses_more() {
    let asked = [
        "sudoku",
        "generate",
        "-n",
        "13",
        "--size",
        "4x4",
        "--distinct",
        "--seed",
        "d",
    ];
    let output = run_binary(&asked, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let lines = stdout(&output);
    let canon = run_binary(&["sudoku", "canon"], &lines);
    let printed = stdout(&canon);
    let forms: HashSet<&str> = printed.lines().collect();
    assert_eq!(forms.len(), 13);
    // The same with any number of threads.
    let again = run_binary(&[&asked[..], &["--jobs", "1"]].concat(), "");
    assert_eq!(stdout(&again), lines);
    let output = run_binary(
        &[
            "sudoku",
            "generate",
            "-n",
            "14",
            "--size",
            "4x4",
            "--distinct",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("there are 13 distinct 4x4 puzzles"),
        "{}",
        stderr(&output)
    );
    let output = run_binary(
        &[
            "sudoku",
            "generate",
            "-n",
            "4",
            "--distinct",
            "--shard",
            "1/2",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    // Mushikui-zan too: a tiny shape has few row lists.
    let output = run_binary(
        &[
            "mushikui",
            "generate",
            "--op",
            "add",
            "--digits",
            "1,1",
            "-n",
            "6",
            "--distinct",
            "--format",
            "json",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let puzzles: HashSet<String> = stdout(&output)
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["puzzle"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(puzzles.len(), 6);
}

#[test]
fn bank_dedupe_keeps_first_occurrences_in_order() {
    let dir = common::scratch("dedupe");
    let first =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... 9.9";
    let second =
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
    let shard_1 = format!("# shard 1\n{first}\n{{\"puzzle\": \"{second}\", \"seed\": \"x\"}}\n");
    let shard_2 = format!(
        "{}\n\n{second} again\n6x6:4..2..52.....5........3.....64..1..3\n",
        turned(first)
    );
    std::fs::write(dir.join("1.txt"), &shard_1).unwrap();
    std::fs::write(dir.join("2.txt"), &shard_2).unwrap();
    let output = run_binary(
        &[
            "bank",
            "dedupe",
            dir.join("1.txt").to_str().unwrap(),
            dir.join("2.txt").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        format!(
            "# shard 1\n{first}\n{{\"puzzle\": \"{second}\", \"seed\": \"x\"}}\n\n6x6:4..2..52.....5........3.....64..1..3\n"
        )
    );
    assert!(
        stderr(&output).contains("left out 2"),
        "{}",
        stderr(&output)
    );
    // With a ledger, its puzzles go too.
    let ledger = dir.join("l.ledger");
    assert_eq!(
        common::puzzlebook(&["ledger", "init", ledger.to_str().unwrap(), "--quiet"]),
        0
    );
    let output = run_binary(
        &["bank", "dedupe", "--ledger", ledger.to_str().unwrap()],
        &shard_1,
    );
    assert_eq!(stdout(&output), shard_1);
    // A line that is no puzzle names its file and line.
    std::fs::write(dir.join("bad.txt"), format!("{first}\nnot-a-puzzle\n")).unwrap();
    let output = run_binary(
        &["bank", "dedupe", dir.join("bad.txt").to_str().unwrap()],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("bad.txt:2"), "{}", stderr(&output));
}
