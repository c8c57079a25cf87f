//! Distinct books, series ledgers, dated issues and daily calendars.

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

use common::{Pdf, build, manifest, puzzlebook, run_binary, scratch, stderr, stdout};

/// The keys of a built book, in book order.
fn keys(pdf: &Path) -> Vec<String> {
    manifest(pdf)["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|puzzle| puzzle["key"].as_str().unwrap().to_string())
        .collect()
}

fn init(ledger: &Path) {
    assert_eq!(
        puzzlebook(&["ledger", "init", ledger.to_str().unwrap(), "--quiet"]),
        0
    );
}

/// Builds the spec `text` as `NAME.toml` in `dir`, which must be refused as bad input
/// (exit 2, no PDF): what it says.
fn refused(dir: &Path, name: &str, text: &str) -> String {
    let spec = dir.join(format!("{name}.toml"));
    std::fs::write(&spec, text).unwrap();
    let output = run_binary(&["book", spec.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(!dir.join(format!("{name}.pdf")).exists());
    stderr(&output)
}

/// Six of the 36 distinct minimal 4x4 puzzles: a few such books use them all.
const SMALL: &str =
    "[[section]]\nkind = \"sudoku\"\nsize = \"4x4\"\nsymmetry = \"none\"\ncount = 6\n";

#[test]
fn a_4x4_section_asking_for_more_than_exist_is_refused_before_anything_is_made() {
    let dir = scratch("distinct-refused");
    let spec = "title = \"Kids\"\n[[section]]\ntitle = \"Little squares\"\nkind = \"sudoku\"\nsize = \"4x4\"\nsymbols = \"shapes\"\ncount = 120\n";
    let message = refused(&dir, "kids", spec);
    assert!(
        message.contains("\"Little squares\" asks for 120 distinct puzzles"),
        "{message}"
    );
    assert!(
        message.contains("admit 13 (4x4 sudoku, symmetry rot180)"),
        "{message}"
    );
    assert!(
        message.contains("`clues`") && message.contains("`symmetry`") && message.contains("`tier`"),
        "{message}"
    );
    assert!(message.contains("kids.toml:7:"), "{message}");
    assert!(!dir.join("kids.json").exists());
    // Widened, the same 120 puzzles are all different.
    let spec = "title = \"Kids\"\n[[section]]\nkind = \"sudoku\"\nsize = \"4x4\"\nsymbols = \"shapes\"\nsymmetry = \"none\"\nclues = \"6..9\"\ncount = 120\n";
    assert_eq!(build(&dir, "wide", spec, &[]), 0);
    let keys = keys(&dir.join("wide.pdf"));
    assert_eq!(keys.len(), 120);
    assert_eq!(keys.iter().collect::<HashSet<_>>().len(), 120);
}

#[test]
fn every_puzzle_of_a_book_differs_and_its_key_is_its_canonical_form() {
    let dir = scratch("distinct-book");
    // All 36 minimal 4x4 puzzles, and as many 6x6 and 9x9 as fit a small book.
    let spec = "title = \"Distinct\"\n\
        [[section]]\nkind = \"sudoku\"\nsize = \"4x4\"\nsymmetry = \"none\"\ncount = 36\n\
        [[section]]\nkind = \"sudoku\"\nsize = \"6x6\"\ncount = 30\n\
        [[section]]\nkind = \"sudoku\"\ncount = 12\ntier = \"easy\"\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\nsize = \"4x4\"\ncount = 12\n";
    assert_eq!(build(&dir, "book", spec, &[]), 0);
    let book = manifest(&dir.join("book.pdf"));
    let puzzles = book["puzzles"].as_array().unwrap();
    let lines: Vec<&str> = puzzles
        .iter()
        .map(|p| p["puzzle"].as_str().unwrap())
        .collect();
    let canon = run_binary(&["sudoku", "canon"], &lines.join("\n"));
    assert_eq!(canon.status.code(), Some(0), "{}", stderr(&canon));
    let canonical: Vec<String> = stdout(&canon).lines().map(str::to_string).collect();
    let keys = keys(&dir.join("book.pdf"));
    assert_eq!(canonical, keys);
    assert_eq!(keys.iter().collect::<HashSet<_>>().len(), keys.len());
    // The 4x4 section holds every minimal 4x4 puzzle there is, each once.
    assert_eq!(
        keys[..36]
            .iter()
            .filter(|key| key.starts_with("4x4:"))
            .count(),
        36
    );
    // A 4x4 puzzle is drawn from the list: its seed path says which entry.
    assert!(
        puzzles[0]["seed_path"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .starts_with("list=")
    );
    // The same spec gives the same book.
    assert_eq!(build(&dir, "again", spec, &["--jobs", "1"]), 0);
    assert_eq!(
        std::fs::read(dir.join("book.pdf")).unwrap(),
        std::fs::read(dir.join("again.pdf")).unwrap()
    );
}

#[test]
fn two_volumes_and_two_weekly_issues_against_one_ledger_share_no_puzzle() {
    let dir = scratch("series-ledger");
    let ledger = dir.join("series.ledger");
    init(&ledger);
    let with_ledger = |title: &str, seed: &str, issue: &str| {
        format!(
            "title = \"{title}\"\nseed = \"{seed}\"\n{issue}[series]\nledger = \"series.ledger\"\n{SMALL}"
        )
    };
    assert_eq!(
        build(&dir, "volume-1", &with_ledger("Vol 1", "vol-1", ""), &[]),
        0
    );
    assert_eq!(
        build(&dir, "volume-2", &with_ledger("Vol 2", "vol-2", ""), &[]),
        0
    );
    let weekly = with_ledger("Weekly", "weekly", "issue = \"2026-W48\"\n");
    assert_eq!(build(&dir, "week-48", &weekly, &[]), 0);
    assert_eq!(build(&dir, "week-49", &weekly, &["--issue", "2026-W49"]), 0);
    let books = ["volume-1", "volume-2", "week-48", "week-49"];
    let mut all = HashSet::new();
    for name in books {
        for key in keys(&dir.join(format!("{name}.pdf"))) {
            assert!(all.insert(key), "{name} repeats a puzzle of the series");
        }
    }
    assert_eq!(all.len(), 24);
    assert_eq!(manifest(&dir.join("week-49.pdf"))["issue"], "2026-W49");
    let listed = run_binary(&["ledger", "list", ledger.to_str().unwrap()], "");
    assert_eq!(listed.status.code(), Some(0));
    assert_eq!(stdout(&listed).lines().count(), 4, "{}", stdout(&listed));
    let keys_listed = run_binary(&["ledger", "list", "--keys", ledger.to_str().unwrap()], "");
    let exported: HashSet<String> = stdout(&keys_listed)
        .lines()
        .map(|line| line.split('\t').next().unwrap().to_string())
        .collect();
    assert_eq!(exported, all);
    // Week 48 again: the same book byte for byte, and nothing new recorded.
    std::fs::copy(dir.join("week-48.pdf"), dir.join("week-48-first.pdf")).unwrap();
    assert_eq!(build(&dir, "week-48", &weekly, &[]), 0);
    assert_eq!(
        std::fs::read(dir.join("week-48.pdf")).unwrap(),
        std::fs::read(dir.join("week-48-first.pdf")).unwrap()
    );
    assert_eq!(
        stdout(&run_binary(
            &["ledger", "list", ledger.to_str().unwrap()],
            ""
        ))
        .lines()
        .count(),
        4
    );
    // Checking: a recorded book shares every puzzle; a bank of new ones none.
    let checked = run_binary(
        &[
            "ledger",
            "check",
            ledger.to_str().unwrap(),
            dir.join("week-49.json").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(checked.status.code(), Some(1));
    assert_eq!(stdout(&checked).lines().count(), 6);
    assert!(
        stdout(&checked).contains("issue 2026-W49"),
        "{}",
        stdout(&checked)
    );
    let fresh = run_binary(
        &["ledger", "check", ledger.to_str().unwrap()],
        "6x6:4..2..52.....5........3.....64..1..3\n",
    );
    assert_eq!(fresh.status.code(), Some(0), "{}", stderr(&fresh));
    // A draft leaves the ledger alone, and still avoids it.
    assert_eq!(
        build(
            &dir,
            "draft",
            &with_ledger("Draft", "draft", ""),
            &["--no-record"]
        ),
        0
    );
    assert!(
        keys(&dir.join("draft.pdf"))
            .iter()
            .all(|key| !all.contains(key))
    );
    assert_eq!(
        stdout(&run_binary(
            &["ledger", "list", ledger.to_str().unwrap()],
            ""
        ))
        .lines()
        .count(),
        4
    );
    // Recording its manifest afterwards adds it.
    assert_eq!(
        puzzlebook(&[
            "ledger",
            "record",
            ledger.to_str().unwrap(),
            dir.join("draft.json").to_str().unwrap(),
            "--quiet"
        ]),
        0
    );
    assert_eq!(
        stdout(&run_binary(
            &["ledger", "list", ledger.to_str().unwrap()],
            ""
        ))
        .lines()
        .count(),
        5
    );
    // Thirty of the 36 are printed: a book of seven more cannot be made.
    let seven = with_ledger("Vol 3", "vol-3", "").replace("count = 6", "count = 7");
    let said = refused(&dir, "volume-3", &seven);
    assert!(
        said.contains(
            "admit 36 (4x4 sudoku, symmetry none), 30 of which the series ledger has recorded"
        ),
        "{said}"
    );
}

/// Starts `puzzlebook book` on `spec` in `dir` with the ledger paused `pause` ms mid-write.
fn spawn_build(
    dir: &Path,
    spec: &str,
    output: &str,
    pause: u64,
    barrier: Option<&Path>,
) -> std::process::Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzlebook"));
    command
        .args(["book", spec, "-o", output, "--jobs", "1"])
        .current_dir(dir)
        .env("PUZZLEBOOK_TEST_LEDGER_PAUSE_MS", pause.to_string())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(barrier) = barrier {
        command.env("PUZZLEBOOK_TEST_LEDGER_BARRIER", barrier);
    }
    command.spawn().unwrap()
}

/// Reads a build's standard error until it says `needle` (within a minute): what it said.
fn read_until(errors: &mut impl std::io::Read, needle: &str) -> String {
    let started = Instant::now();
    let mut said = Vec::new();
    let mut byte = [0u8; 1];
    while !String::from_utf8_lossy(&said).contains(needle) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the build never said {needle:?}"
        );
        if errors.read(&mut byte).unwrap() == 0 {
            panic!("the build ended: {}", String::from_utf8_lossy(&said));
        }
        said.push(byte[0]);
    }
    String::from_utf8_lossy(&said).into_owned()
}

#[test]
fn killing_a_build_while_it_writes_the_ledger_leaves_the_ledger_valid() {
    let dir = scratch("series-kill");
    let ledger = dir.join("series.ledger");
    init(&ledger);
    let spec = |seed: &str| {
        format!("title = \"T\"\nseed = \"{seed}\"\n[series]\nledger = \"series.ledger\"\n{SMALL}")
    };
    assert_eq!(build(&dir, "first", &spec("first"), &[]), 0);
    let recorded = std::fs::read(&ledger).unwrap();
    std::fs::write(dir.join("killed.toml"), spec("killed")).unwrap();
    let mut child = spawn_build(&dir, "killed.toml", "killed.pdf", 60_000, None);
    read_until(child.stderr.as_mut().unwrap(), "paused mid-write");
    child.kill().unwrap();
    child.wait().unwrap();
    // Half a record is on disk after the whole first one.
    let torn = std::fs::read(&ledger).unwrap();
    assert!(torn.len() > recorded.len() && torn.starts_with(&recorded));
    assert!(!dir.join("killed.pdf").exists());
    // It reads as the first book alone, saying so.
    let listed = run_binary(&["ledger", "list", ledger.to_str().unwrap()], "");
    assert_eq!(listed.status.code(), Some(0), "{}", stderr(&listed));
    assert_eq!(stdout(&listed).lines().count(), 1);
    assert!(
        stderr(&listed).contains("unfinished record"),
        "{}",
        stderr(&listed)
    );
    // The next build cuts the half record off and writes its own whole.
    assert_eq!(build(&dir, "killed", &spec("killed"), &[]), 0);
    let after = std::fs::read(&ledger).unwrap();
    assert!(after.starts_with(&recorded));
    let listed = run_binary(&["ledger", "list", ledger.to_str().unwrap()], "");
    assert_eq!(stdout(&listed).lines().count(), 2);
    assert!(!stderr(&listed).contains("unfinished"));
}

#[test]
fn two_builds_at_once_are_both_recorded_and_share_no_puzzle() {
    let dir = scratch("series-concurrent");
    init(&dir.join("series.ledger"));
    // Six of the 13 rot180 4x4 classes each: two books chosen alone almost surely overlap.
    let spec = |seed: &str| {
        format!(
            "title = \"T\"\nseed = \"{seed}\"\n[series]\nledger = \"series.ledger\"\n[[section]]\nkind = \"sudoku\"\nsize = \"4x4\"\ncount = 6\n"
        )
    };
    std::fs::write(dir.join("a.toml"), spec("a")).unwrap();
    std::fs::write(dir.join("b.toml"), spec("b")).unwrap();
    assert_eq!(build(&dir, "alone-a", &spec("a"), &["--no-record"]), 0);
    assert_eq!(build(&dir, "alone-b", &spec("b"), &["--no-record"]), 0);
    let alone_a: HashSet<String> = keys(&dir.join("alone-a.pdf")).into_iter().collect();
    let alone_b: HashSet<String> = keys(&dir.join("alone-b.pdf")).into_iter().collect();
    assert!(
        !alone_a.is_disjoint(&alone_b),
        "the two books must meet for the test to mean anything"
    );
    // Both read the ledger and make their books before either may record.
    let barrier = dir.join("record-now");
    let mut a = spawn_build(&dir, "a.toml", "a.pdf", 400, Some(&barrier));
    let mut b = spawn_build(&dir, "b.toml", "b.pdf", 400, Some(&barrier));
    let mut said_a = read_until(a.stderr.as_mut().unwrap(), "waiting to record");
    let mut said_b = read_until(b.stderr.as_mut().unwrap(), "waiting to record");
    std::fs::write(&barrier, "").unwrap();
    let a = a.wait_with_output().unwrap();
    let b = b.wait_with_output().unwrap();
    said_a.push_str(&stderr(&a));
    said_b.push_str(&stderr(&b));
    assert_eq!(a.status.code(), Some(0), "{said_a}");
    assert_eq!(b.status.code(), Some(0), "{said_b}");
    let keys_a: HashSet<String> = keys(&dir.join("a.pdf")).into_iter().collect();
    let keys_b: HashSet<String> = keys(&dir.join("b.pdf")).into_iter().collect();
    assert!(keys_a.is_disjoint(&keys_b));
    // The one that recorded second made its clashing puzzles again.
    let notes = format!("{said_a}{said_b}");
    assert!(notes.contains("making them again"), "{notes}");
    let listed = run_binary(
        &[
            "ledger",
            "list",
            "--keys",
            dir.join("series.ledger").to_str().unwrap(),
        ],
        "",
    );
    let recorded: HashSet<String> = stdout(&listed)
        .lines()
        .map(|line| line.split('\t').next().unwrap().to_string())
        .collect();
    assert_eq!(recorded, keys_a.union(&keys_b).cloned().collect());
    // Each book, rebuilt, is what was printed.
    for name in ["a", "b"] {
        let printed = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap();
        assert_eq!(
            puzzlebook(&[
                "book",
                dir.join(format!("{name}.toml")).to_str().unwrap(),
                "-o",
                dir.join(format!("{name}-again.pdf")).to_str().unwrap(),
                "--quiet"
            ]),
            0
        );
        assert_eq!(
            std::fs::read(dir.join(format!("{name}-again.pdf"))).unwrap(),
            printed,
            "{name}"
        );
    }
}

#[test]
fn bad_ledgers_are_errors_that_name_them() {
    let dir = scratch("series-bad");
    let spec = format!("title = \"T\"\n[series]\nledger = \"missing.ledger\"\n{SMALL}");
    let said = refused(&dir, "missing", &spec);
    assert!(said.contains("missing.ledger"), "{said}");
    assert!(said.contains("ledger init"), "{said}");
    for (name, text, says) in [
        (
            "other",
            "just some notes\n".to_string(),
            "not a puzzlebook ledger",
        ),
        (
            "newer",
            "puzzlebook-ledger 9\n".to_string(),
            "newer puzzlebook",
        ),
        (
            "damaged",
            "puzzlebook-ledger 1\nB\t1\t{}\t0000000000000000\nK\t1\t1\tkey\t0000\nE\t1\t1\tbad\n"
                .to_string(),
            "damaged",
        ),
    ] {
        std::fs::write(dir.join(format!("{name}.ledger")), text).unwrap();
        let spec = spec.replace("missing.ledger", &format!("{name}.ledger"));
        std::fs::write(dir.join(format!("{name}.toml")), spec).unwrap();
        for args in [
            vec![
                "book".to_string(),
                dir.join(format!("{name}.toml"))
                    .to_str()
                    .unwrap()
                    .to_string(),
            ],
            vec![
                "ledger".into(),
                "list".into(),
                dir.join(format!("{name}.ledger"))
                    .to_str()
                    .unwrap()
                    .to_string(),
            ],
        ] {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let output = run_binary(&args, "");
            assert_eq!(output.status.code(), Some(2), "{name}: {}", stderr(&output));
            assert!(
                stderr(&output).contains(says),
                "{name}: {}",
                stderr(&output)
            );
            assert!(
                stderr(&output).contains(&format!("{name}.ledger")),
                "{name}: {}",
                stderr(&output)
            );
        }
        assert!(!dir.join(format!("{name}.pdf")).exists());
    }
    // A ledger is created once.
    init(&dir.join("new.ledger"));
    let again = run_binary(
        &["ledger", "init", dir.join("new.ledger").to_str().unwrap()],
        "",
    );
    assert_eq!(again.status.code(), Some(2));
    assert!(stderr(&again).contains("already exists"));
}

#[test]
fn issues_join_the_seed_path_and_anything_else_is_refused() {
    let dir = scratch("issues");
    let spec = "title = \"Weekly\"\nseed = \"w\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n";
    assert_eq!(build(&dir, "flag", spec, &["--issue", "2026-W48"]), 0);
    let in_spec = spec.replace("seed = \"w\"\n", "seed = \"w\"\nissue = \"2026-w48\"\n");
    assert_eq!(build(&dir, "key", &in_spec, &[]), 0);
    assert_eq!(build(&dir, "plain", spec, &[]), 0);
    assert_eq!(build(&dir, "day", spec, &["--issue", "2026-11-27"]), 0);
    let book = manifest(&dir.join("flag.pdf"));
    assert_eq!(book["issue"], "2026-W48");
    assert_eq!(book["puzzles"][0]["seed_path"][1], "issue=2026-W48");
    assert_eq!(keys(&dir.join("flag.pdf")), keys(&dir.join("key.pdf")));
    assert_ne!(keys(&dir.join("flag.pdf")), keys(&dir.join("plain.pdf")));
    assert_ne!(keys(&dir.join("flag.pdf")), keys(&dir.join("day.pdf")));
    assert!(manifest(&dir.join("plain.pdf")).get("issue").is_none());
    for bad in ["2026-W54", "2027-W53", "48", "2026-02-30", "next week"] {
        let output = run_binary(
            &[
                "book",
                dir.join("plain.toml").to_str().unwrap(),
                "--issue",
                bad,
            ],
            "",
        );
        assert_eq!(output.status.code(), Some(2), "{bad}");
        let message = stderr(&output);
        assert!(
            message.contains("YYYY-Www") && message.contains("YYYY-MM-DD")
                || message.contains("ISO weeks 01 to"),
            "{bad}: {message}"
        );
    }
    let bad_spec = spec.replace("seed = \"w\"\n", "seed = \"w\"\nissue = \"week 48\"\n");
    let said = refused(&dir, "bad", &bad_spec);
    assert!(said.contains("bad.toml:3:9"), "{said}");
    // `{issue}` in a running head prints it.
    let headed = in_spec.replace(
        "[[section]]",
        "[page]\nheader = \"Week {issue}\"\n[[section]]",
    );
    assert_eq!(build(&dir, "headed", &headed, &[]), 0);
    assert!(
        Pdf::load(&dir.join("headed.pdf"))
            .page_text(3)
            .contains("Week 2026-W48")
    );
}

#[test]
fn a_calendar_prints_one_dated_puzzle_a_page_with_tiers_by_weekday() {
    let dir = scratch("calendar");
    let spec = "title = \"Daily\"\nseed = \"daily\"\n[calendar]\nfrom = \"2027-02-22\"\nto = \"2027-03-07\"\n\
        weekdays = { monday = \"easy\", tuesday = \"easy\", wednesday = \"medium\", thursday = \"medium\", friday = \"hard\", saturday = \"expert\", sunday = \"hard\" }\n\
        [answers]\nplacement = \"end\"\n";
    assert_eq!(build(&dir, "daily", spec, &[]), 0);
    let book = manifest(&dir.join("daily.pdf"));
    let puzzles = book["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 14);
    let tiers = ["easy", "easy", "medium", "medium", "hard", "expert", "hard"];
    let pdf = Pdf::load(&dir.join("daily.pdf"));
    let mut pages = HashSet::new();
    for (day, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(puzzle["tier"], tiers[day % 7], "day {day}");
        let page = puzzle["page"].as_u64().unwrap() as usize;
        assert!(pages.insert(page), "one puzzle a page");
        let date = puzzle["section_id"].as_str().unwrap();
        assert_eq!(puzzle["seed_path"][1], format!("section={date}"));
        let text = pdf.page_text(page);
        let day_of_month: u32 = date[8..].parse().unwrap();
        let month = if &date[5..7] == "02" {
            "February"
        } else {
            "March"
        };
        assert!(
            text.contains(&format!("{day_of_month} {month} 2027")),
            "{date}: {text}"
        );
    }
    assert_eq!(puzzles[0]["section"], "Monday 22 February 2027");
    assert_eq!(puzzles[13]["section"], "Sunday 7 March 2027");
    // The contents list the months, not the days.
    let contents = pdf.page_text(2);
    assert!(
        contents.contains("February 2027") && contents.contains("March 2027"),
        "{contents}"
    );
    assert!(!contents.contains("Monday"), "{contents}");
    // A day rebuilt alone (its section id is its date) is the same puzzle.
    let alone = spec.replace("2027-03-07", "2027-02-22");
    assert_eq!(build(&dir, "one-day", &alone, &[]), 0);
    assert_eq!(
        manifest(&dir.join("one-day.pdf"))["puzzles"][0]["key"],
        puzzles[0]["key"]
    );
    // A weekday without a tier, and a tier the kind lacks, are refused at the key.
    let missing = spec.replace(", sunday = \"hard\"", "");
    let said = refused(&dir, "missing", &missing);
    assert!(said.contains("no tier for sunday"), "{said}");
    let wrong = spec.replace("saturday = \"expert\"", "saturday = \"fiendish\"");
    let said = refused(&dir, "wrong", &wrong);
    assert!(said.contains("unknown sudoku tier \"fiendish\""), "{said}");
}
