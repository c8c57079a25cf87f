//! Killer sudoku on the command line and in books: generated killers are unique and the
//! same for any thread count, solve and count read killer lines, bad lines and bad killer
//! sections are input errors naming where.

use crate::common;

use common::{build, check_manifest_against_pdf, run_binary, scratch, stderr, stdout};
use puzzlebook::sudoku::killer::Killer;

fn generated(extra: &[&str], jobs: &str) -> String {
    let mut args = vec![
        "sudoku",
        "generate",
        "--variant",
        "killer",
        "--seed",
        "killer-cli",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--jobs", jobs]);
    let output = run_binary(&args, "");
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

#[test]
fn generated_killers_are_unique_deterministic_and_solved() {
    for (extra, count) in [(&["-n", "6"][..], 6), (&["-n", "8", "--size", "6x6"], 8)] {
        let lines = generated(extra, "1");
        assert_eq!(
            lines,
            generated(extra, "2"),
            "any thread count, the same puzzles"
        );
        assert_eq!(lines.lines().count(), count);
        let counts = run_binary(&["sudoku", "count"], &lines);
        assert!(counts.status.success());
        assert!(stdout(&counts).lines().all(|line| line == "1"));
        let solved = run_binary(&["sudoku", "solve"], &lines);
        assert!(solved.status.success());
        for (puzzle, solution) in lines.lines().zip(stdout(&solved).lines()) {
            let killer = Killer::parse_word(puzzle, 1).unwrap().unwrap();
            assert!(killer.givens().iter().all(|&given| given == 0));
            assert!(killer.cages().iter().all(|cage| cage.cells.len() >= 2));
            let solution = Killer::parse_word(solution, 1).unwrap().unwrap();
            assert!(killer.is_solved_by(solution.givens()));
            assert_eq!(solution.cages(), killer.cages());
        }
    }
    // JSON Lines carry the variant and size; --givens N (or --clues N) gives N digits.
    let json = generated(&["--format", "json", "--givens", "3"], "1");
    let record: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(record["variant"], "killer");
    assert_eq!(record["size"], "9x9");
    assert_eq!(record["clues"], 3);
    let killer = Killer::parse_word(record["puzzle"].as_str().unwrap(), 1)
        .unwrap()
        .unwrap();
    assert_eq!(
        killer.givens().iter().filter(|&&given| given != 0).count(),
        3
    );
}

#[test]
fn bad_killer_lines_and_flags_are_input_errors() {
    let lines = "4x4-killer:................:aabbcdbbcdeefgeh:3,10,5,5,9,4,3,1\n\
                 4x4-killer:................:aabbcdbbcdeefgea:3,10,5,5,9,4,3\n";
    let output = run_binary(&["sudoku", "count"], lines);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("<stdin>:2:29"),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("not connected"),
        "{}",
        stderr(&output)
    );
    for args in [
        &[
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--size",
            "12x12",
        ][..],
        &[
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--rating",
            "3.0",
        ],
        &["sudoku", "solve", "--variant", "killer"],
    ] {
        let output = run_binary(args, "");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let output = run_binary(
        &[
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--tier",
            "diabolical",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    // Small killers never need trial and error: extreme is refused at once for them.
    for size in ["4x4", "6x6"] {
        let args = [
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--size",
            size,
            "--tier",
            "extreme",
        ];
        let output = run_binary(&args, "");
        assert_eq!(output.status.code(), Some(2), "{size}");
        assert!(
            stderr(&output).contains("never extreme"),
            "{}",
            stderr(&output)
        );
    }
}

/// Killers are graded by technique; `--tier` makes killers of that tier, and `sudoku
/// grade` reads killer lines with the library's grade.
#[test]
fn killers_are_graded_and_made_to_a_tier() {
    use puzzlebook::sudoku::killer::grade::grade;
    for tier in ["easy", "medium", "hard", "expert"] {
        let lines = generated(&["-n", "2", "--tier", tier], "1");
        let graded = run_binary(&["sudoku", "grade"], &lines);
        assert!(graded.status.success(), "{}", stderr(&graded));
        for (line, report) in lines.lines().zip(stdout(&graded).lines()) {
            let killer = Killer::parse_word(line, 1).unwrap().unwrap();
            let grading = grade(&killer).unwrap();
            assert_eq!(grading.tier.name(), tier);
            let words: Vec<&str> = report.split_whitespace().collect();
            assert_eq!(words[0], line);
            assert_eq!(words[2], tier);
            assert_eq!(words[3..].join(" "), grading.hardest_name);
        }
    }
}

#[test]
fn killer_sections_print_and_refuse_what_does_not_apply() {
    let dir = scratch("killer-book");
    let spec = "title = \"K\"\nseed = \"k\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n\
                [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\nper_page = \"1x2\"\n";
    assert_eq!(build(&dir, "killer", spec, &[]), 0);
    assert!(check_manifest_against_pdf(&dir.join("killer.pdf")) >= 4);
    // A tier: every puzzle of the section has it, in the manifest.
    let tiered = format!("{spec}tier = \"medium\"\n");
    assert_eq!(build(&dir, "tiered", &tiered, &[]), 0);
    let manifest = common::manifest(&dir.join("tiered.pdf"));
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        assert_eq!(puzzle["tier"], "medium");
    }
    for extra in [
        "tier = \"diabolical\"\n",
        "rating = \"3.0\"\n",
        "symmetry = \"none\"\n",
        "size = \"12x12\"\n",
        "size = \"6x6\"\ntier = \"extreme\"\n",
    ] {
        let spec = format!("{spec}{extra}");
        assert_eq!(build(&dir, "bad", &spec, &[]), 2, "{extra}");
    }
    // A bank of killer lines: sound lines are printed, a broken one names its line.
    let bank = dir.join("bank.txt");
    std::fs::write(&bank, generated(&["-n", "2"], "1")).unwrap();
    let spec_bank = format!("{spec}source = \"bank.txt\"\n");
    assert_eq!(build(&dir, "banked", &spec_bank, &[]), 0);
    std::fs::write(
        &bank,
        "killer:1................................................................................:aa:3\n",
    )
    .unwrap();
    assert_eq!(build(&dir, "broken", &spec_bank, &[]), 2);
}

/// `grade --explain`, `--walkthrough` and JSON Lines tell the killer grader's steps: the
/// same steps as the library's, killer techniques among them, in every language.
#[test]
fn killer_grades_explain_their_steps() {
    use puzzlebook::sudoku::killer::grade::{KillerGradeOptions, grade_with};
    let lines = generated(&["-n", "2", "--tier", "hard"], "1");
    let first = lines.lines().next().unwrap();
    let killer = Killer::parse_word(first, 1).unwrap().unwrap();
    let grading = grade_with(
        &killer,
        &KillerGradeOptions {
            record_steps: true,
            ..KillerGradeOptions::default()
        },
    )
    .unwrap();
    let explained = run_binary(&["sudoku", "grade", "--explain"], first);
    assert!(explained.status.success(), "{}", stderr(&explained));
    let text = stdout(&explained);
    let lines: Vec<&str> = text.lines().filter(|line| !line.is_empty()).collect();
    assert_eq!(lines.len(), 1 + grading.steps.len());
    for (line, step) in lines[1..].iter().zip(&grading.steps) {
        assert!(
            line.contains(&step.name) && line.contains(&step.explanation),
            "{line}"
        );
    }
    assert!(text.contains("Innies and Outies") && text.contains("Cage Combination"));
    let json = run_binary(&["sudoku", "grade", "--format", "json"], first);
    let record: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    assert_eq!(record["variant"], "killer");
    assert_eq!(record["tier"], "hard");
    assert_eq!(
        record["steps"].as_array().unwrap().len(),
        grading.steps.len()
    );
    for language in ["en", "ja", "de", "fr", "es", "it"] {
        let walked = run_binary(
            &["sudoku", "grade", "--walkthrough", "--language", language],
            first,
        );
        assert!(walked.status.success(), "{}", stderr(&walked));
        let text = stdout(&walked);
        assert!(
            text.lines()
                .skip(1)
                .filter(|line| !line.is_empty())
                .all(|line| line.starts_with("  step ") || line.starts_with("          "))
        );
        // The cage arithmetic's table: a row a line, indented under its step.
        assert!(text.contains(" → r"), "{text}");
        let catalog = puzzlebook::i18n::Language::from_code(language).unwrap();
        let name = catalog.text("technique.InniesOuties.name");
        assert!(text.contains(name), "{language}: {text}");
    }
}

/// A killer section with walkthroughs and hints: each puzzle's walkthrough pages and hint
/// page are in the manifest, and the hint names the grader's first technique.
#[test]
fn killer_books_have_walkthroughs_and_hints() {
    use puzzlebook::sudoku::killer::walkthrough::first_technique;
    let dir = scratch("killer-walk-book");
    let spec = "title = \"K\"\nseed = \"kw\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n\
                [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\nper_page = \"1x1\"\n\
                tier = \"medium\"\nwalkthroughs = \"all\"\nhints = true\n";
    assert_eq!(build(&dir, "walked", spec, &[]), 0);
    let pdf_path = dir.join("walked.pdf");
    assert!(check_manifest_against_pdf(&pdf_path) >= 2);
    let manifest = common::manifest(&pdf_path);
    let pdf = common::Pdf::load(&pdf_path);
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let pages = puzzle["walkthrough_pages"].as_array().unwrap();
        assert!(!pages.is_empty());
        let first_page = pages[0].as_u64().unwrap() as usize;
        assert!(pdf.page_text(first_page).contains("Walkthroughs"));
        let killer = Killer::parse_word(puzzle["puzzle"].as_str().unwrap(), 1)
            .unwrap()
            .unwrap();
        let step = first_technique(&killer).unwrap().unwrap();
        let hint_page = puzzle["hint_page"].as_u64().unwrap() as usize;
        assert!(
            pdf.page_text(hint_page).contains(step.technique.name()),
            "{}",
            pdf.page_text(hint_page)
        );
    }
}

/// `sudoku render --walkthrough` takes killer lines: their walkthrough pages as a PDF, the
/// killer printed two to a page (a killer's sums need room).
#[test]
fn killer_walkthroughs_render_as_pages() {
    let dir = scratch("killer-render-walk");
    let lines = generated(&["-n", "1", "--tier", "easy"], "1");
    let file = dir.join("killers.txt");
    std::fs::write(&file, &lines).unwrap();
    let out = dir.join("pages");
    let output = run_binary(
        &[
            "sudoku",
            "render",
            file.to_str().unwrap(),
            "--to",
            out.to_str().unwrap(),
            "--walkthrough",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let pdf = common::Pdf::load(&out.join("walkthroughs.pdf"));
    assert!(pdf.page_count() >= 2);
    let text: String = (1..=pdf.page_count())
        .map(|page| pdf.page_text(page))
        .collect();
    assert!(text.contains("Cage Combination"), "{text}");
}
