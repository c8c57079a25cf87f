//! Messages that say what the user did and what to do, and inputs read the way the program
//! writes them (its own JSON Lines, files with a byte-order mark).

use std::path::Path;

use crate::common;

const PUZZLE: &str =
    "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";
const OTHER: &str =
    "..6...217.8....5..45..21..9.9.674.......3.......815.4.7..58..63..3....5.625...8..";

/// Runs the binary in `dir` with `args`; returns (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut full: Vec<String> = vec!["-q".to_string()];
    full.extend(args.iter().map(|arg| arg.to_string()));
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    command
        .args(&full)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = command.spawn().unwrap();
    {
        use std::io::Write;
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        common::stdout(&output),
        common::stderr(&output),
    )
}

#[test]
fn letters_that_are_not_letters_are_named() {
    let (code, _, stderr) = run_in(
        Path::new("."),
        &["sudoku", "generate", "--symbols", "letters=🧩ABCDEFGH"],
        "",
    );
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("'🧩' in \"🧩ABCDEFGH\" is not a letter"),
        "{stderr}"
    );
    let (code, _, stderr) = run_in(
        Path::new("."),
        &["sudoku", "generate", "--symbols", "letters=ABCDEFGHA"],
        "",
    );
    assert_eq!(code, Some(2));
    assert!(stderr.contains("repeats \"A\""), "{stderr}");
}

#[test]
fn a_page_size_error_quotes_what_was_written() {
    let dir = common::scratch("messages-size");
    let spec =
        "title = \"T\"\n[page]\nsize = \"1e9x1e9mm\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n";
    std::fs::write(dir.join("book.toml"), spec).unwrap();
    let (code, _, stderr) = run_in(&dir, &["book", "book.toml"], "");
    assert_eq!(code, Some(2));
    assert!(stderr.contains("book.toml:3:8:"), "{stderr}");
    assert!(stderr.contains("larger than PDF allows"), "{stderr}");
    assert!(!stderr.contains("1e9e9mm"), "{stderr}");
}

/// A section whose puzzles need more room than the template gives is blamed on the spec's
/// own section, never on a file inside the program, and the hint says where per_page goes.
#[test]
fn a_cramped_section_is_blamed_on_the_spec_not_the_template() {
    let dir = common::scratch("messages-cramped");
    for (name, keys) in [
        ("sixteen", "size = \"16x16\"\n"),
        ("killer", "variant = \"killer\"\n"),
    ] {
        let spec = format!(
            "title = \"T\"\ntemplate = \"a5\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n{keys}"
        );
        std::fs::write(dir.join(format!("{name}.toml")), spec).unwrap();
        let (code, _, stderr) = run_in(&dir, &["book", &format!("{name}.toml")], "");
        if code == Some(0) {
            continue;
        }
        assert_eq!(code, Some(2), "{stderr}");
        assert!(
            stderr.starts_with(&format!("error: {name}.toml:")),
            "{stderr}"
        );
        assert!(!stderr.contains("templates/"), "{stderr}");
        assert!(stderr.contains("in this [[section]]"), "{stderr}");
    }
    let long_title = "A very long section title ".repeat(60);
    let spec = format!(
        "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\ntitle = \"{long_title}\"\n"
    );
    std::fs::write(dir.join("title.toml"), spec).unwrap();
    let (code, _, stderr) = run_in(&dir, &["book", "title.toml"], "");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.starts_with("error: title.toml:5:9:"), "{stderr}");
    assert!(stderr.contains("title takes"), "{stderr}");
    assert!(stderr.contains("shorten the title"), "{stderr}");
}

#[test]
fn walkthrough_pages_too_small_suggest_a_template_not_a_spec_key() {
    let dir = common::scratch("messages-walk-pages");
    let sixteen = run_in(
        &dir,
        &["sudoku", "generate", "--size", "16x16", "--tier", "easy"],
        "",
    );
    assert_eq!(sixteen.0, Some(0), "{}", sixteen.2);
    let (code, _, stderr) = run_in(
        &dir,
        &[
            "sudoku",
            "render",
            "--walkthrough",
            "--template",
            "a5",
            "--to",
            "pages",
        ],
        &sixteen.1,
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--template"), "{stderr}");
    assert!(!stderr.contains("per_page ="), "{stderr}");
    assert!(!stderr.contains("(walkthrough pages)"), "{stderr}");
}

#[test]
fn a_bank_line_of_another_kind_names_both_kinds() {
    let dir = common::scratch("messages-bank-kind");
    let six = "6x6:4..2..52.....5........3.....64..1..3";
    let killer = "4x4-killer:................:aabbcddbceefgggf:4,9,5,5,5,3,9";
    for (line, what) in [
        (
            six,
            "this line is a 6x6 classic sudoku, but the section takes 9x9 sudoku",
        ),
        (
            killer,
            "this line is a 4x4 killer, but the section takes 9x9 sudoku",
        ),
    ] {
        std::fs::write(dir.join("bank.txt"), format!("{PUZZLE}\n{line}\n")).unwrap();
        std::fs::write(
            dir.join("book.toml"),
            "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\nsource = \"bank.txt\"\n",
        )
        .unwrap();
        let (code, _, stderr) = run_in(&dir, &["book", "book.toml"], "");
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("bank.txt:2:"), "{stderr}");
        assert!(stderr.contains(what), "{stderr}");
        assert!(stderr.contains("size"), "{stderr}");
    }
    // A 9x9 line with a head is a classic sudoku all the same (another puzzle: a book
    // prints no puzzle twice).
    std::fs::write(dir.join("bank.txt"), format!("{PUZZLE}\n9x9:{OTHER}\n")).unwrap();
    let (code, _, stderr) = run_in(&dir, &["book", "book.toml"], "");
    assert_eq!(code, Some(0), "{stderr}");
}

/// Every command reads the program's own JSON Lines wherever it reads puzzle lines.
#[test]
fn commands_read_their_own_json_lines() {
    let dir = common::scratch("messages-jsonl");
    let generated = run_in(
        &dir,
        &[
            "sudoku", "generate", "-n", "2", "--format", "jsonl", "--tier", "easy",
        ],
        "",
    );
    assert_eq!(generated.0, Some(0), "{}", generated.2);
    for command in ["solve", "count", "grade"] {
        let (code, stdout, stderr) = run_in(&dir, &["sudoku", command], &generated.1);
        assert_eq!(code, Some(0), "{command}: {stderr}");
        assert_eq!(stdout.lines().count(), 2, "{command}: {stdout}");
    }
    let killers = run_in(
        &dir,
        &[
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--size",
            "4x4",
            "-n",
            "2",
            "--format",
            "jsonl",
        ],
        "",
    );
    let (code, stdout, stderr) = run_in(&dir, &["sudoku", "solve"], &killers.1);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().count(), 2);
    let sums = run_in(
        &dir,
        &[
            "mushikui", "generate", "--op", "mul", "--digits", "2,2", "-n", "2", "--format",
            "jsonl",
        ],
        "",
    );
    for command in ["solve", "count", "grade"] {
        let (code, stdout, stderr) = run_in(&dir, &["mushikui", command], &sums.1);
        assert_eq!(code, Some(0), "{command}: {stderr}");
        assert_eq!(stdout.lines().count(), 2, "{command}: {stdout}");
    }
    let (code, _, stderr) = run_in(&dir, &["sudoku", "solve"], "{\"rating\": 2}\n");
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("<stdin>:1: this JSON line has no \"puzzle\" string"),
        "{stderr}"
    );
}

/// A UTF-8 byte-order mark is read past in puzzle files and banks, as in specs.
#[test]
fn a_byte_order_mark_is_read_past_everywhere() {
    let dir = common::scratch("messages-bom");
    let with_mark = format!("\u{feff}{PUZZLE}\n");
    let (code, stdout, stderr) = run_in(&dir, &["sudoku", "solve"], &with_mark);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(stdout.lines().count(), 1);
    std::fs::write(dir.join("bank.txt"), &with_mark).unwrap();
    std::fs::write(
        dir.join("book.toml"),
        "\u{feff}title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\nsource = \"bank.txt\"\n",
    )
    .unwrap();
    let (code, _, stderr) = run_in(&dir, &["book", "book.toml"], "");
    assert_eq!(code, Some(0), "{stderr}");
}

/// One rule for output directories: the directory named is made when missing, its parent
/// must exist.
#[test]
fn output_directories_follow_one_rule() {
    let dir = common::scratch("messages-directories");
    std::fs::write(
        dir.join("book.toml"),
        "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n",
    )
    .unwrap();
    let runs: [(&[&str], &str); 3] = [
        (&["export", "book.toml", "--format", "svg", "--to"], ""),
        (&["sudoku", "render", "--to"], PUZZLE),
        (&["man", "--out"], ""),
    ];
    for (args, stdin) in runs {
        let mut made = args.to_vec();
        let target = format!("made-{}", args[0]);
        made.push(&target);
        let (code, _, stderr) = run_in(&dir, &made, stdin);
        assert_eq!(code, Some(0), "{made:?}: {stderr}");
        assert!(dir.join(&target).is_dir(), "{made:?}");
        let mut deep = args.to_vec();
        let nested = format!("missing-{}/out", args[0]);
        deep.push(&nested);
        let (code, _, stderr) = run_in(&dir, &deep, stdin);
        assert_eq!(code, Some(2), "{deep:?}: {stderr}");
        assert!(stderr.contains("does not exist"), "{deep:?}: {stderr}");
        assert!(
            !dir.join(format!("missing-{}", args[0])).exists(),
            "{deep:?}"
        );
    }
}

/// Results that cannot be written are an error, not a silent success.
#[cfg(unix)]
#[test]
fn closed_standard_output_is_an_error() {
    use std::os::unix::process::CommandExt;

    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    command
        .args(["sudoku", "solve"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    // SAFETY: between fork and exec the child only calls close(2), which is
    // async-signal-safe.
    unsafe {
        command.pre_exec(|| {
            libc::close(1);
            Ok(())
        });
    }
    let mut child = command.spawn().unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("{PUZZLE}\n").as_bytes())
            .unwrap();
    }
    let output = child.wait_with_output().unwrap();
    let stderr = common::stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("standard output is closed"), "{stderr}");
}
