//! The program as a user meets it: shell completions, manual pages, `--quiet` and
//! `--verbose` on every command, and colour only where it is wanted (NO_COLOR).

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};

use common::scratch;

const SPEC: &str = r#"
title = "Talk Test"
seed = "talk"

[[section]]
id = "first"
title = "First"
kind = "sudoku"
count = 3

[[section]]
id = "second"
title = "Second"
kind = "mushikui"
op = "add"
digits = [3, 3]
count = 2
"#;

/// Runs the real binary with a clean colour environment plus `env`.
fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .stdin(Stdio::null());
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn completion_scripts_cover_every_subcommand_in_every_shell() {
    let markers = [
        ("bash", "complete -F"),
        ("zsh", "#compdef puzzlebook"),
        ("fish", "complete -c puzzlebook"),
        ("elvish", "edit:completion:arg-completer[puzzlebook]"),
        ("powershell", "Register-ArgumentCompleter"),
    ];
    for (shell, marker) in markers {
        let output = run(&["completions", shell], &[]);
        assert!(output.status.success(), "{shell}");
        let script = text(&output.stdout);
        assert!(script.contains(marker), "{shell}: {marker}");
        for word in [
            "sudoku", "mushikui", "book", "preview", "cover", "generate", "grade", "symmetry",
            "dpi", "quiet",
        ] {
            assert!(script.contains(word), "{shell} completes {word}");
        }
    }
    let output = run(&["completions", "tcsh"], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("bash"), "lists the shells");
}

#[test]
fn the_bash_script_completes_commands_and_flags() {
    // CI itself runs under bash, so bash is always there.
    let dir = scratch("completions-bash");
    let script = dir.join("puzzlebook.bash");
    std::fs::write(&script, run(&["completions", "bash"], &[]).stdout).unwrap();
    // Ask the completion function what it offers, as bash does on Tab: the words so far,
    // then the function's arguments (command, current word, previous word).
    let complete = |words: &[&str]| -> String {
        let current = words.len() - 1;
        let program = format!(
            "source {}; COMP_WORDS=({}); COMP_CWORD={current}; _puzzlebook puzzlebook '{}' '{}'; \
             echo \"${{COMPREPLY[*]}}\"",
            script.display(),
            words
                .iter()
                .map(|word| format!("'{word}'"))
                .collect::<Vec<_>>()
                .join(" "),
            words[current],
            words[current - 1],
        );
        let output = Command::new("bash")
            .arg("-c")
            .arg(program)
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stdout).trim().to_string()
    };
    assert_eq!(complete(&["puzzlebook", "su"]), "sudoku");
    assert_eq!(
        complete(&["puzzlebook", "preview", "x.toml", "--sp"]),
        "--spread"
    );
    assert_eq!(
        complete(&["puzzlebook", "sudoku", "generate", "--symm"]),
        "--symmetry"
    );
    assert_eq!(
        complete(&["puzzlebook", "sudoku", "generate", "--sym"]),
        "--symmetry --symbols"
    );
    let shells = complete(&["puzzlebook", "completions", ""]);
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        assert!(shells.split(' ').any(|word| word == shell), "{shells}");
    }
}

#[test]
fn the_manual_page_prints_and_installs() {
    let output = run(&["man"], &[]);
    assert!(output.status.success());
    let page = text(&output.stdout);
    assert!(page.starts_with(".TH PUZZLEBOOK 1"));
    for word in [
        "sudoku",
        "mushikui",
        "book",
        "preview",
        "completions",
        "EXIT STATUS",
        "NO_COLOR",
    ] {
        assert!(page.contains(word), "{word}");
    }

    let dir = scratch("man-pages");
    let output = run(&["man", "--out", dir.to_str().unwrap()], &[]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 30, "{names:?}");
    for page in [
        "puzzlebook-sudoku-canon.1",
        "puzzlebook-ledger-record.1",
        "puzzlebook-bank-dedupe.1",
    ] {
        assert!(names.iter().any(|name| name == page), "{page}: {names:?}");
    }
    for name in &names {
        let page = std::fs::read_to_string(dir.join(name)).unwrap();
        let title = name.trim_end_matches(".1").to_uppercase();
        assert!(page.starts_with(&format!(".TH {title} 1")), "{name}");
    }
    assert!(names.contains(&"puzzlebook-book.1".to_string()));
    assert!(names.contains(&"puzzlebook-check.1".to_string()));
    assert!(names.contains(&"puzzlebook-mushikui-generate.1".to_string()));
    assert!(text(&output.stderr).contains("30 manual pages"));

    // The directory named is made when missing (as for every output directory); its
    // parent must exist.
    let missing = dir.join("missing");
    let output = run(&["man", "--out", missing.to_str().unwrap()], &[]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(std::fs::read_dir(&missing).unwrap().count(), 30);
    let orphan = dir.join("no-parent").join("man1");
    let output = run(&["man", "--out", orphan.to_str().unwrap()], &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!dir.join("no-parent").exists());
}

/// Every command, at any depth, takes -q/--quiet and -v/--verbose.
#[test]
fn every_command_takes_quiet_and_verbose() {
    fn visit(command: &clap::Command, path: &mut Vec<String>, leaves: &mut Vec<Vec<String>>) {
        if command.has_subcommands() {
            for sub in command
                .get_subcommands()
                .filter(|sub| sub.get_name() != "help")
            {
                path.push(sub.get_name().to_string());
                visit(sub, path, leaves);
                path.pop();
            }
        } else {
            leaves.push(path.clone());
        }
    }
    let mut root = puzzlebook::cli::command();
    root.build();
    let mut leaves = Vec::new();
    visit(&root, &mut Vec::new(), &mut leaves);
    assert!(leaves.len() >= 12, "{leaves:?}");
    for leaf in leaves {
        let has = |long: &str| {
            let mut command = &root;
            for name in &leaf {
                command = command.find_subcommand(name).unwrap();
            }
            command
                .get_arguments()
                .any(|arg| arg.get_long() == Some(long))
        };
        assert!(has("quiet") && has("verbose"), "{leaf:?}");
    }
}

fn write_spec(dir: &Path) -> String {
    let spec = dir.join("talk.toml");
    std::fs::write(&spec, SPEC).unwrap();
    spec.to_str().unwrap().to_string()
}

#[test]
fn book_talk_levels() {
    let dir = scratch("talk-book");
    let spec = write_spec(&dir);
    let pdf = |name: &str| dir.join(name).to_str().unwrap().to_string();

    // Normal: only the summary line (stderr is not a terminal: no progress bar).
    let normal = run(&["book", &spec, "-o", &pdf("normal.pdf")], &[]);
    assert!(normal.status.success());
    let said = text(&normal.stderr);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(
        said.contains("5 puzzles") && said.contains("pages"),
        "{said}"
    );

    // Quiet, before or after the subcommand: nothing at all.
    for args in [
        vec!["book", &spec, "-o", &pdf("quiet.pdf"), "--quiet"],
        vec!["-q", "book", &spec, "-o", &pdf("quiet2.pdf")],
    ] {
        let quiet = run(&args, &[]);
        assert!(quiet.status.success());
        assert_eq!(text(&quiet.stderr), "", "{args:?}");
    }

    // Verbose: seed paths, the thread count, a time for each section, then the summary.
    let verbose = run(
        &["book", &spec, "-o", &pdf("verbose.pdf"), "-v", "-j", "2"],
        &[],
    );
    assert!(verbose.status.success());
    let said = text(&verbose.stderr);
    for expected in [
        "seed \"talk\"",
        "seed path book/section=first/sudoku/symmetry=rot180",
        "seed path book/section=second/mushikui/op=add/digits=3,3",
        "2 worker threads",
        "section first \"First\": 3 puzzles in ",
        "section second \"Second\": 2 puzzles in ",
        "layout: ",
        "render: ",
        "5 puzzles",
    ] {
        assert!(said.contains(expected), "{expected:?} in\n{said}");
    }

    // Talking more or less never changes what is made.
    let bytes = |name: &str| std::fs::read(dir.join(name)).unwrap();
    assert_eq!(bytes("normal.pdf"), bytes("quiet.pdf"));
    assert_eq!(bytes("normal.pdf"), bytes("verbose.pdf"));
    assert_eq!(bytes("normal.json"), bytes("verbose.json"));
}

#[test]
fn batch_commands_talk_only_when_asked() {
    let quiet = run(&["sudoku", "generate", "-n", "3", "--seed", "x", "-q"], &[]);
    let verbose = run(
        &[
            "sudoku", "generate", "-n", "3", "--seed", "x", "-v", "-j", "1",
        ],
        &[],
    );
    assert!(quiet.status.success() && verbose.status.success());
    assert_eq!(quiet.stdout, verbose.stdout);
    assert_eq!(text(&quiet.stdout).lines().count(), 3);
    assert_eq!(text(&quiet.stderr), "");
    let said = text(&verbose.stderr);
    assert!(
        said.contains("seed \"x\", seed path sudoku/symmetry=rot180"),
        "{said}"
    );
    assert!(
        said.contains("1 worker threads") && said.contains("3 puzzles in"),
        "{said}"
    );

    let verbose = run(
        &[
            "mushikui", "generate", "--op", "mul", "--digits", "2,2", "-v",
        ],
        &[],
    );
    assert!(verbose.status.success());
    assert!(text(&verbose.stderr).contains("seed path mushikui/op=mul/digits=2,2"));

    // A solve run with one bad line: the error shows at every level, details only with -v.
    let dir = scratch("talk-solve");
    let input = dir.join("puzzles.txt");
    let good = text(&run(&["sudoku", "generate", "-n", "2"], &[]).stdout);
    std::fs::write(&input, format!("{good}12345\n")).unwrap();
    let input = input.to_str().unwrap();
    let quiet = run(&["sudoku", "solve", input, "--quiet"], &[]);
    assert_eq!(quiet.status.code(), Some(2));
    assert_eq!(text(&quiet.stdout).lines().count(), 2);
    let said = text(&quiet.stderr);
    assert!(said.starts_with("error: ") && said.contains(":3"), "{said}");
    assert_eq!(
        said.lines()
            .filter(|line| line.starts_with("error"))
            .count(),
        1
    );
    let verbose = run(&["sudoku", "solve", input, "-v"], &[]);
    let said = text(&verbose.stderr);
    assert!(
        said.contains("3 puzzles in") && said.contains("1 input errors"),
        "{said}"
    );
}

#[test]
fn colour_only_without_no_color() {
    const ESCAPE: &str = "\u{1b}[";
    // A usage error from clap, and an error of our own.
    let cases: [&[&str]; 2] = [
        &["sudoku", "generate", "--bogus"],
        &["book", "/no/such/spec.toml"],
    ];
    for args in cases {
        let forced = run(args, &[("CLICOLOR_FORCE", "1")]);
        assert_eq!(forced.status.code(), Some(2));
        assert!(
            text(&forced.stderr).contains(ESCAPE),
            "{args:?} coloured when forced"
        );

        for env in [
            vec![("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
            vec![("NO_COLOR", "yes")],
            vec![],
        ] {
            let plain = run(args, &env);
            assert_eq!(plain.status.code(), Some(2));
            let said = text(&plain.stderr);
            assert!(!said.contains(ESCAPE), "{args:?} with {env:?}: {said:?}");
            assert!(said.contains("error"), "{said}");
        }
    }
    // Help on stdout follows the same rule.
    let forced = run(&["book", "--help"], &[("CLICOLOR_FORCE", "1")]);
    assert!(text(&forced.stdout).contains(ESCAPE));
    let plain = run(
        &["book", "--help"],
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
    );
    assert!(!text(&plain.stdout).contains(ESCAPE));
    // An empty NO_COLOR does not count (no-color.org).
    let empty = run(
        &["book", "--help"],
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "")],
    );
    assert!(text(&empty.stdout).contains(ESCAPE));
}
