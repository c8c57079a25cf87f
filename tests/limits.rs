//! Limits that hold whatever is asked: worker threads, the time a run may take, the length
//! of a spec's texts and the size of a book.

use std::time::{Duration, Instant};

use crate::common;

#[test]
fn worker_threads_are_capped_by_the_work_and_the_cpus() {
    let output = common::run_binary(
        &["-v", "sudoku", "generate", "-n", "3", "--jobs", "10000"],
        "",
    );
    assert!(output.status.success(), "{}", common::stderr(&output));
    let stderr = common::stderr(&output);
    assert!(stderr.contains("(3 in all), 3 worker threads"), "{stderr}");
    assert_eq!(common::stdout(&output).lines().count(), 3);
    let help = common::run_binary(&["sudoku", "generate", "--help"], "");
    assert!(
        common::stdout(&help).contains("at most four per CPU"),
        "{}",
        common::stdout(&help)
    );
}

/// A book of many untiered sections used to make every puzzle before noticing the time was
/// up (unless `-v` made it section by section): the budget bounds the run, quietly too.
#[test]
fn a_book_gives_up_when_its_time_is_up_whatever_the_verbosity() {
    let dir = common::scratch("limits-budget");
    let mut spec = String::from("title = \"Budget\"\n");
    for _ in 0..10 {
        spec.push_str("[[section]]\nkind = \"sudoku\"\ncount = 10000\n");
    }
    std::fs::write(dir.join("budget.toml"), &spec).unwrap();
    let spec_path = dir.join("budget.toml");
    let pdf = dir.join("budget.pdf");
    for verbosity in ["--quiet", "--verbose"] {
        let started = Instant::now();
        let output = common::run_binary(
            &[
                verbosity,
                "book",
                spec_path.to_str().unwrap(),
                "-o",
                pdf.to_str().unwrap(),
                "--max-seconds",
                "0.5",
            ],
            "",
        );
        let took = started.elapsed();
        assert_eq!(output.status.code(), Some(1), "{}", common::stderr(&output));
        let stderr = common::stderr(&output);
        // Whichever notices first says it: the run ("gave up while …"), a grading ("ran out
        // of time") or the plan ("the time allowed ran out before this puzzle was made").
        assert!(
            stderr.contains("ran out") || stderr.contains("gave up"),
            "{stderr}"
        );
        assert!(stderr.contains("--max-seconds"), "{stderr}");
        // 100,000 puzzles take minutes; giving up takes the budget and a little more.
        assert!(took < Duration::from_secs(30), "{verbosity}: {took:?}");
        assert!(!pdf.exists());
    }
}

#[test]
fn every_command_reads_max_seconds_the_same_way() {
    let dir = common::scratch("limits-seconds");
    let spec = dir.join("book.toml");
    std::fs::write(
        &spec,
        "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n",
    )
    .unwrap();
    let puzzles = dir.join("puzzles.txt");
    std::fs::write(
        &puzzles,
        "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..\n",
    )
    .unwrap();
    let (spec, puzzles, out) = (
        spec.to_str().unwrap(),
        puzzles.to_str().unwrap(),
        dir.to_str().unwrap(),
    );
    let pdf = dir.join("book.pdf");
    let png = dir.join("page.png");
    let commands: Vec<Vec<&str>> = vec![
        vec!["book", spec, "-o", pdf.to_str().unwrap()],
        vec!["preview", spec, "-o", png.to_str().unwrap()],
        vec!["export", spec, "--to", out, "--format", "svg"],
        vec!["sudoku", "generate", "--tier", "easy"],
        vec!["sudoku", "grade", puzzles],
    ];
    for command in &commands {
        let mut args = command.clone();
        args.extend(["--max-seconds", "2.5", "--quiet"]);
        let output = common::run_binary(&args, "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            common::stderr(&output)
        );
        for (value, words) in [
            ("1e7", "at most 1000000 seconds"),
            ("0", "from 0.001 to 1000000"),
            ("soon", "from 0.001 to 1000000"),
        ] {
            let mut args = command.clone();
            args.extend(["--max-seconds", value]);
            let output = common::run_binary(&args, "");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let stderr = common::stderr(&output);
            assert!(stderr.contains(words), "{args:?}: {stderr}");
        }
    }
}

/// `sudoku grade` gives each puzzle the time `--max-seconds` allows: a puzzle not graded
/// in time is reported at its line (exit 1) and the others are still graded.
#[test]
fn grading_gives_up_on_a_puzzle_that_takes_too_long() {
    let easter_monster =
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
    let easy = "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";
    let input = format!("{easter_monster}\n{easy}\n");
    let output = common::run_binary(
        &["sudoku", "grade", "--max-seconds", "0.001", "--jobs", "1"],
        &input,
    );
    assert_eq!(output.status.code(), Some(1), "{}", common::stderr(&output));
    let stderr = common::stderr(&output);
    assert!(stderr.contains("<stdin>:1:"), "{stderr}");
    assert!(stderr.contains("ran out of time"), "{stderr}");
    let stdout = common::stdout(&output);
    assert!(stdout.starts_with(easy), "{stdout}");
}

#[test]
fn a_spec_text_too_long_to_lay_out_is_refused_at_its_key() {
    let dir = common::scratch("limits-text");
    let long_title = "Sudoku ".repeat(1500);
    let code = common::build(
        &dir,
        "long",
        &format!("title = \"{long_title}\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n"),
        &[],
    );
    assert_eq!(code, 2);
    let spec = dir.join("long.toml");
    let output = common::run_binary(&["book", spec.to_str().unwrap()], "");
    let stderr = common::stderr(&output);
    assert!(
        stderr.contains("long.toml:1:9: `title` in the spec is 10500 characters long"),
        "{stderr}"
    );
    let header = "{title} ".repeat(30);
    std::fs::write(
        &spec,
        format!("title = \"T\"\n[page]\nheader = \"{header}\"\n[[section]]\nkind = \"sudoku\"\ncount = 1\n"),
    )
    .unwrap();
    let output = common::run_binary(&["book", spec.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = common::stderr(&output);
    assert!(
        stderr.contains(
            "long.toml:3:10: a running head is one line of at most 200 characters; this one has 240"
        ),
        "{stderr}"
    );
    assert!(!dir.join("long.pdf").exists());
}

/// A text at the limit, in every running head, is laid out in a moment.
#[test]
fn a_title_at_the_limit_is_laid_out_in_a_moment() {
    let dir = common::scratch("limits-title");
    let title = format!("{}Sudoku", "Sudoku ".repeat(713));
    assert_eq!(title.chars().count(), 4997);
    let spec = format!(
        "title = \"{title}\"\n[page]\nheader = \"{{title}} {{title}}\"\nfooter = \"{{title}} {{page}}\"\n[[section]]\nkind = \"sudoku\"\ncount = 12\n"
    );
    assert_eq!(
        common::build(&dir, "title", &spec, &["--max-seconds", "20"]),
        0
    );
    let pdf = common::Pdf::load(&dir.join("title.pdf"));
    let head = pdf.page_text(3);
    assert!(
        head.contains("Sudoku Sudoku") && head.contains('…'),
        "{head}"
    );
}

#[test]
fn a_book_of_more_than_the_most_puzzles_is_refused_at_the_section() {
    let dir = common::scratch("limits-puzzles");
    let mut spec = String::from("title = \"Big\"\n");
    for _ in 0..11 {
        spec.push_str("[[section]]\nkind = \"sudoku\"\ncount = 10000\n");
    }
    std::fs::write(dir.join("big.toml"), &spec).unwrap();
    let output = common::run_binary(&["book", dir.join("big.toml").to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(2));
    let stderr = common::stderr(&output);
    assert!(
        stderr.contains("big.toml:34:9: this section brings the book to 110000 puzzles; a book holds at most 100000"),
        "{stderr}"
    );
}

#[test]
fn a_spread_too_large_is_refused_before_it_is_drawn() {
    let dir = common::scratch("limits-spread");
    let spec = dir.join("book.toml");
    std::fs::write(
        &spec,
        "title = \"T\"\n[[section]]\nkind = \"sudoku\"\ncount = 2\n",
    )
    .unwrap();
    let picture = dir.join("spread.png");
    let output = common::run_binary(
        &[
            "preview",
            spec.to_str().unwrap(),
            "--pages",
            "1..2",
            "--spread",
            "--dpi",
            "600",
            "-o",
            picture.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = common::stderr(&output);
    // Two A4 pages of 4961 x 7016 pixels at 600 dpi, with gaps of 100 pixels around and
    // between them: 62 million pixels.
    assert!(
        stderr.contains("a spread of 2 pages is a picture of 10222 x 7216 pixels, too large (at most 60 million pixels)"),
        "{stderr}"
    );
    assert!(stderr.contains("fewer pages or a lower --dpi"), "{stderr}");
    assert!(!picture.exists());
}
