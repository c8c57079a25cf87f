//! Targeted generation (`--needs`, `--hardest`) and the technique registry, through the
//! library and the binary.

use crate::common;

use common::{run_binary as run, stderr, stdout};

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::GenerateOptions;
use puzzlebook::sudoku::grade::{
    GradeOptions, GradedOptions, RatingTarget, TechniqueTarget, generate_graded, grade_unique,
};
use puzzlebook::sudoku::has_unique_solution;
use puzzlebook::sudoku::killer::Killer;
use puzzlebook::sudoku::killer::grade::grade_with as killer_grade_with;
use puzzlebook::sudoku::killer::solver::{KillerSolution, solve_by};
use puzzlebook::sudoku::techniques::{Grids, info_of};
use puzzlebook::sudoku::variant::grade::{
    VariantGradeOptions, VariantGrading, grade_unique as grade_variant,
};
use puzzlebook::sudoku::variant::{VariantSolution, parse_word, solve};

fn targeted(needs: &[&str], hardest: &[&str]) -> GradedOptions {
    let owned = |names: &[&str]| {
        names
            .iter()
            .map(|name| name.to_string())
            .collect::<Vec<_>>()
    };
    GradedOptions {
        base: GenerateOptions::default(),
        target: RatingTarget::ANY,
        techniques: TechniqueTarget::parse(&owned(needs), &owned(hardest), Grids::CLASSIC).unwrap(),
    }
}

#[test]
fn hardest_makes_the_technique_the_hardest_step_and_its_rating_the_puzzles() {
    // Plain digs (Naked Pair, X-Wing, Skyscraper, XY-Wing), digs that empty a house first
    // (Hidden Pair, Direct Hidden Triple) or a digit (Swordfish), and gradings that wait
    // for a house's or a digit's room (the subsets and fish).
    for name in [
        "Naked Pair",
        "X-Wing",
        "Hidden Pair",
        "Direct Hidden Triple",
        "Naked Triple",
        "Swordfish",
        "Skyscraper",
        "XY-Wing",
    ] {
        let options = targeted(&[], &[name]);
        let technique = options.techniques.hardest[0].techniques().next().unwrap();
        for index in 0..2 {
            let mut rng = RandomStream::derive("test", &["hardest", name], index);
            let made = generate_graded(&options, &mut rng, None).unwrap();
            assert!(has_unique_solution(&made.puzzle), "{name}");
            // Graded afresh, not trusting the generator's own grading.
            let grading =
                grade_unique(&made.puzzle, &made.solution, &GradeOptions::default()).unwrap();
            assert_eq!(grading.hardest, technique, "{name}: {}", made.puzzle);
            assert!(info_of(technique).rates(grading.rating_tenths), "{name}");
            assert_eq!(grading.rating_tenths, technique.base_rating(), "{name}");
            assert!(!grading.trial_and_error);
        }
    }
}

/// Digs built around the pattern (a box's quad, a jellyfish's rows): regraded afresh, the
/// technique is the hardest step and the rating is its own.
#[test]
fn pattern_built_digs_make_the_technique_the_hardest_step() {
    for name in ["Naked Quad", "Hidden Quad", "Jellyfish", "2-String Kite"] {
        let options = targeted(&[], &[name]);
        let technique = options.techniques.hardest[0].techniques().next().unwrap();
        let mut rng = RandomStream::derive("test", &["pattern", name], 0);
        let made = generate_graded(&options, &mut rng, None).unwrap();
        assert!(has_unique_solution(&made.puzzle), "{name}");
        let grading = grade_unique(&made.puzzle, &made.solution, &GradeOptions::default()).unwrap();
        assert_eq!(grading.hardest, technique, "{name}: {}", made.puzzle);
        assert_eq!(grading.rating_tenths, technique.base_rating(), "{name}");
        assert!(grading.complete && !grading.trial_and_error, "{name}");
    }
}

#[test]
fn needs_puts_every_named_technique_on_the_solve_path() {
    let options = targeted(&["X-Wing", "Naked Pair"], &[]);
    for index in 0..2 {
        let mut rng = RandomStream::derive("test", &["needs"], index);
        let made = generate_graded(&options, &mut rng, None).unwrap();
        let grading = grade_unique(&made.puzzle, &made.solution, &GradeOptions::default()).unwrap();
        assert!(
            options.techniques.accepts_grading(&grading),
            "{}",
            made.puzzle
        );
        let mut rng = RandomStream::derive("test", &["needs"], index);
        assert_eq!(generate_graded(&options, &mut rng, None).unwrap(), made);
    }
}

/// `sudoku generate -n 3 --hardest TECHNIQUE --format json` on one thread and on two: the
/// same three lines, returned.
fn hardest_on_one_and_two_jobs(technique: &str) -> String {
    let output = |jobs: &str| {
        run(
            &[
                "sudoku",
                "generate",
                "-n",
                "3",
                "--hardest",
                technique,
                "--format",
                "json",
                "--jobs",
                jobs,
            ],
            "",
        )
    };
    let one = output("1");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(stdout(&one), stdout(&output("2")));
    assert_eq!(stdout(&one).lines().count(), 3);
    stdout(&one)
}

#[test]
fn generate_hardest_is_the_same_for_any_jobs_and_prints_known_names() {
    for line in hardest_on_one_and_two_jobs("skyscraper").lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["rating"], 4.0);
        // SE's exact name stays in `hardest`; the printed name drops the region code.
        assert!(
            record["hardest"]
                .as_str()
                .unwrap()
                .starts_with("Skyscraper ")
        );
        assert_eq!(record["hardest_printed"], "Skyscraper");
    }
}

/// Steered digs (a digit's cells emptied first, a grading that waits for the room a
/// swordfish needs) keep the output a function of the seed and the index alone.
#[test]
fn steered_generation_is_the_same_for_any_jobs() {
    for line in hardest_on_one_and_two_jobs("swordfish").lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["rating"], 3.8);
        assert_eq!(record["hardest_printed"], "Swordfish");
    }
}

/// Digs that keep clues around a pattern (a hidden quad's) draw the same puzzles on one
/// thread and on two.
#[test]
fn pattern_built_generation_is_the_same_for_any_jobs() {
    for line in hardest_on_one_and_two_jobs("hidden quad").lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(record["rating"], 5.4);
        assert_eq!(record["hardest_printed"], "Hidden Quad");
    }
}

/// A direct claiming is never the hardest step (a direct pointing or a hidden single
/// always comes first), so asking for it is refused at once rather than searched for.
#[test]
fn hardest_direct_claiming_is_refused_at_once() {
    let output = run(&["sudoku", "generate", "--hardest", "Direct Claiming"], "");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("direct pointing"),
        "{}",
        stderr(&output)
    );
    assert!(TechniqueTarget::parse(&[], &["Direct Claiming".to_string()], Grids::CLASSIC).is_err());
    assert!(TechniqueTarget::parse(&["Direct Claiming".to_string()], &[], Grids::CLASSIC).is_ok());
    // The proof is about the classic houses: windoku's windows can lock a digit too.
    assert!(
        TechniqueTarget::parse(&[], &["Direct Claiming".to_string()], Grids::X_WINDOKU).is_ok()
    );
}

#[test]
fn unknown_and_misplaced_techniques_are_input_errors_with_a_hint() {
    let output = run(&["sudoku", "generate", "--needs", "X-Wang"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("did you mean \"X-Wing\""),
        "{}",
        stderr(&output)
    );
    let output = run(&["sudoku", "generate", "--hardest", "Cage Combination"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("killer"), "{}", stderr(&output));
    let output = run(
        &[
            "sudoku",
            "generate",
            "--hardest",
            "X-Wing",
            "--tier",
            "extreme",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let output = run(
        &[
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--needs",
            "Unique Rectangle",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(
        message.contains("killer") && message.contains("Unique Rectangle"),
        "{message}"
    );
    // A killer tier whose ratings the technique does not reach.
    let output = run(
        &[
            "sudoku",
            "generate",
            "--variant",
            "killer",
            "--hardest",
            "X-Wing",
            "--tier",
            "easy",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}

/// A 4×4 never needs more than hidden singles: a request for more is refused at the flag
/// or the key (exit 2, naming what a 4×4 can need), and `sudoku techniques --size 4x4`
/// lists just those.
#[test]
fn a_4x4_request_beyond_hidden_singles_is_refused_at_once() {
    for name in ["Naked Single", "Pointing"] {
        let output = run(
            &["sudoku", "generate", "--size", "4x4", "--needs", name],
            "",
        );
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("Hidden Single (box)"),
            "{}",
            stderr(&output)
        );
    }
    let output = run(
        &[
            "sudoku",
            "generate",
            "--size",
            "4x4",
            "--hardest",
            "Hidden Single",
            "-n",
            "2",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // A classic 4×4 never needs a hidden single in a line; a 4×4 X does, on a diagonal
    // (with a symmetric clue pattern, none of them does).
    let line = [
        "--needs",
        "Hidden Single (line)",
        "-n",
        "2",
        "--symmetry",
        "none",
    ];
    let output = run(
        &[&["sudoku", "generate", "--size", "4x4"][..], &line].concat(),
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let output = run(
        &[
            &["sudoku", "generate", "--size", "4x4", "--variant", "x"][..],
            &line,
        ]
        .concat(),
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // With the default half-turn symmetry no 4×4 X needs one: refused at once, naming the way.
    let output = run(
        &[
            "sudoku",
            "generate",
            "--size",
            "4x4",
            "--variant",
            "x",
            "--hardest",
            "Hidden Single (line)",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("symmetry none"),
        "{}",
        stderr(&output)
    );
    let output = run(&["sudoku", "techniques", "--size", "4x4"], "");
    let listed: Vec<String> = stdout(&output)
        .lines()
        .skip(1)
        .map(|line| {
            let mut columns = line.split("  ").map(str::trim).filter(|c| !c.is_empty());
            columns.nth(1).unwrap().to_string()
        })
        .collect();
    assert_eq!(listed, ["Full House", "Hidden Single (box)"]);
    let dir = common::scratch("four-by-four-needs");
    for name in ["Naked Single", "Pointing"] {
        let spec = format!(
            "title = \"Small\"\n[[section]]\nkind = \"sudoku\"\nsize = \"4x4\"\ncount = 2\nneeds = [\"{name}\"]\n"
        );
        let (code, message, written) = common::build_output(&dir, "small", &spec);
        assert_eq!(code, Some(2), "{message}");
        assert!(!written);
        assert!(
            message.contains("needs") && message.contains("Hidden Single (box)"),
            "{message}"
        );
    }
    let spec = "title = \"Small\"\n[[section]]\nkind = \"sudoku\"\nsize = \"4x4\"\nvariant = \"x\"\ncount = 2\nhardest = [\"Hidden Single (line)\"]\n";
    let (code, message, written) = common::build_output(&dir, "small-x", spec);
    assert_eq!(code, Some(2), "{message}");
    assert!(!written);
    assert!(
        message.contains("small-x.toml:7:") && message.contains("symmetry none"),
        "{message}"
    );
    // Few distinct 4×4 X-sudokus need one, so the book asks for a single puzzle.
    let with_none = spec.replace("count = 2", "count = 1\nsymmetry = \"none\"");
    let (code, message, written) = common::build_output(&dir, "small-x-none", &with_none);
    assert_eq!(code, Some(0), "{message}");
    assert!(written);
}

/// The printed names of the techniques of a grading's steps, and its hardest step's.
fn step_names(grading: &VariantGrading) -> (Vec<&'static str>, &'static str) {
    (
        grading
            .steps
            .iter()
            .map(|step| info_of(step.technique).name)
            .collect(),
        info_of(grading.hardest).name,
    )
}

/// Grades a generated variant or killer line afresh (steps kept), proving it unique.
fn grade_line(line: &str) -> VariantGrading {
    let options = VariantGradeOptions {
        record_steps: true,
        ..VariantGradeOptions::default()
    };
    if let Some(killer) = Killer::parse_word(line, 1) {
        let killer = killer.unwrap();
        assert!(
            matches!(solve_by(&killer, None), Some(KillerSolution::Unique(_))),
            "{line}"
        );
        return killer_grade_with(&killer, &options).unwrap();
    }
    let grid = parse_word(line, 1, 1, None).unwrap();
    let VariantSolution::Unique(solution) = solve(&grid) else {
        panic!("{line} is not unique");
    };
    grade_variant(&grid, &solution, &options).unwrap()
}

#[test]
fn variants_and_killers_are_made_to_need_a_technique() {
    // (flags, technique, as the hardest step)
    let cases: &[(&[&str], &str, bool)] = &[
        (&["--variant", "x", "--hardest", "X-Wing"], "X-Wing", true),
        (
            &[
                "--variant",
                "windoku",
                "--needs",
                "Naked Pair",
                "--tier",
                "hard",
            ],
            "Naked Pair",
            false,
        ),
        (&["--size", "6x6", "--needs", "Pointing"], "Pointing", false),
        (
            &["--variant", "jigsaw", "--hardest", "Hidden Pair"],
            "Hidden Pair",
            true,
        ),
        (
            &[
                "--variant",
                "killer",
                "--needs",
                "Innies and Outies",
                "--tier",
                "medium",
            ],
            "Innies and Outies",
            false,
        ),
        (
            &["--variant", "killer", "--hardest", "Cage Splitting"],
            "Cage Splitting",
            true,
        ),
    ];
    for &(flags, technique, hardest) in cases {
        let mut args = vec![
            "sudoku", "generate", "-n", "3", "--seed", "needs", "--format", "jsonl",
        ];
        args.extend_from_slice(flags);
        let output = run(&args, "");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{flags:?}: {}",
            stderr(&output)
        );
        let text = stdout(&output);
        assert_eq!(text.lines().count(), 3, "{flags:?}");
        for record in text.lines() {
            let record: serde_json::Value = serde_json::from_str(record).unwrap();
            let line = record["puzzle"].as_str().unwrap();
            let grading = grade_line(line);
            assert!(!grading.trial_and_error, "{flags:?}: {line}");
            let (steps, hardest_step) = step_names(&grading);
            assert!(
                steps.contains(&technique),
                "{flags:?}: {line} solves by {steps:?}"
            );
            if hardest {
                assert_eq!(hardest_step, technique, "{flags:?}: {line}");
            }
            assert_eq!(
                record["rating"].as_f64(),
                Some(f64::from(grading.rating_tenths) / 10.0),
                "{flags:?}: {line}"
            );
        }
    }
}

#[test]
fn a_request_not_met_in_time_fails_saying_how_far_it_got() {
    let output = run(
        &[
            "sudoku",
            "generate",
            "--hardest",
            "Nested Forcing Chains",
            "--max-seconds",
            "0.3",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(stdout(&output).is_empty());
    let message = stderr(&output);
    assert!(message.contains("grids dug"), "{message}");
    assert!(message.contains("Nested Forcing Chains"), "{message}");
}

#[test]
fn techniques_lists_the_registry_with_se_names() {
    let output = run(&["sudoku", "techniques"], "");
    assert!(output.status.success());
    let text = stdout(&output);
    let x_wing = text.lines().find(|line| line.contains("X-Wing")).unwrap();
    assert!(x_wing.starts_with("3.2"), "{x_wing}");
    assert!(text.contains("Scraper, Kite, Turbot"));
    let output = run(
        &[
            "sudoku",
            "techniques",
            "--variant",
            "killer",
            "--format",
            "json",
        ],
        "",
    );
    assert!(output.status.success());
    let names: Vec<String> = stdout(&output)
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["technique"].to_string()
        })
        .collect();
    assert!(
        names.contains(&"\"Innies and Outies\"".to_string()),
        "{names:?}"
    );
    assert!(!names.contains(&"\"Skyscraper\"".to_string()));
}

#[test]
fn a_book_section_takes_needs_and_hardest() {
    let dir = common::scratch("technique-section");
    let spec = r#"
title = "X-Wings"
[[section]]
kind = "sudoku"
count = 2
hardest = "X-Wing"
needs = ["Naked Pair"]
"#;
    assert_eq!(common::build(&dir, "x", spec, &[]), 0);
    let manifest = common::manifest(&dir.join("x.pdf"));
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        assert_eq!(puzzle["rating"], 3.2, "{puzzle}");
        let line = puzzle["puzzle"].as_str().unwrap();
        let grid: puzzlebook::sudoku::Grid = line.parse().unwrap();
        let solution: puzzlebook::sudoku::Grid =
            puzzle["solution"].as_str().unwrap().parse().unwrap();
        let grading = grade_unique(&grid, &solution, &GradeOptions::default()).unwrap();
        assert!(
            grading
                .used
                .contains(puzzlebook::sudoku::grade::Technique::NakedPair),
            "{line}"
        );
    }
    let wrong = dir.join("wrong.toml");
    std::fs::write(&wrong, spec.replace("\"X-Wing\"", "\"X-Wingg\"")).unwrap();
    let output = run(&["book", wrong.to_str().unwrap(), "-o", "/dev/null"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("X-Wing"), "{}", stderr(&output));
}

#[test]
fn variant_and_killer_sections_take_needs_and_hardest() {
    let dir = common::scratch("variant-targets");
    let spec = "title = \"V\"\ntemplate = \"letter\"\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"x\"\ncount = 2\nhardest = \"X-Wing\"\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 2\nper_page = \"1x2\"\nneeds = [\"Innies and Outies\"]\ntier = \"medium\"\n\
        [[section]]\nkind = \"sudoku\"\nsize = \"6x6\"\ncount = 2\nneeds = [\"Pointing\"]\n";
    assert_eq!(common::build(&dir, "targets", spec, &[]), 0);
    let manifest = common::manifest(&dir.join("targets.pdf"));
    let wanted = [
        "X-Wing",
        "X-Wing",
        "Innies and Outies",
        "Innies and Outies",
        "Pointing",
        "Pointing",
    ];
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), wanted.len());
    for (puzzle, technique) in puzzles.iter().zip(wanted) {
        let line = puzzle["puzzle"].as_str().unwrap();
        let grading = grade_line(line);
        let (steps, hardest) = step_names(&grading);
        assert!(steps.contains(&technique), "{line} solves by {steps:?}");
        if technique == "X-Wing" {
            assert_eq!(hardest, "X-Wing", "{line}");
        }
    }
    // A killer tier the technique cannot be the hardest step of, at the key.
    let refused = "title = \"V\"\n[[section]]\nkind = \"sudoku\"\nvariant = \"killer\"\ncount = 1\nhardest = \"X-Wing\"\ntier = \"easy\"\n";
    let (code, message, left) = common::build_output(&dir, "refused", refused);
    assert_eq!(code, Some(2), "{message}");
    assert!(message.contains("refused.toml:6:"), "{message}");
    assert!(!left);
}

/// X and windoku sections print drills: each drill stops at the first step of its
/// technique on the fresh grading's path (the X or windoku grader's), and the puzzle
/// stays the whole, unique puzzle with that technique as its hardest step.
#[test]
fn x_and_windoku_drill_sections_stop_at_the_technique() {
    let dir = common::scratch("variant-drills");
    let spec = "title = \"D\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n\
        [answers]\nper_page = \"2x2\"\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"x\"\ncount = 2\nhardest = \"X-Wing\"\ndrill = true\nper_page = \"1x2\"\n\
        [[section]]\nkind = \"sudoku\"\nvariant = \"windoku\"\ncount = 2\nhardest = \"Naked Pair\"\ndrill = true\nper_page = \"1x2\"\n";
    assert_eq!(common::build(&dir, "drills", spec, &[]), 0);
    let manifest = common::manifest(&dir.join("drills.pdf"));
    let puzzles = manifest["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 4);
    for (puzzle, technique) in puzzles
        .iter()
        .zip(["X-Wing", "X-Wing", "Naked Pair", "Naked Pair"])
    {
        let line = puzzle["puzzle"].as_str().unwrap();
        let grading = grade_line(line);
        let (steps, hardest) = step_names(&grading);
        assert_eq!(hardest, technique, "{line}");
        let first = steps.iter().position(|&name| name == technique).unwrap();
        assert_eq!(puzzle["drill"]["step"], first, "{line}");
        let position = puzzle["drill"]["position"].as_str().unwrap();
        let givens = line.rsplit(':').next().unwrap();
        // The position holds the givens and the digits of the steps before it.
        for (given, shown) in givens.chars().zip(position.chars()) {
            assert!(given == '.' || given == shown, "{line}: {position}");
        }
    }
}

/// `technique_page = true` opens the section with the techniques chapter's entry for its
/// technique (headed by the section's title, with the technique's name and what it looks
/// for), and the section's first puzzles follow on that page where its grid has rows free
/// below the entry, each where it stands on the section's other pages; without a technique
/// or without the chapter it is refused at the key.
#[test]
fn a_technique_page_opens_the_section_with_its_entry() {
    let dir = common::scratch("technique-page");
    let base = "title = \"T\"\ntemplate = \"kdp-6x9\"\n[page]\nprinter = \"generic\"\n\
        [front]\ntechniques = true\n\
        [[section]]\ntitle = \"X-Wing practice\"\nkind = \"sudoku\"\ncount = 3\nhardest = \"X-Wing\"\nper_page = \"1x2\"\n";
    assert_eq!(common::build(&dir, "plain", base, &[]), 0);
    let opened = format!("{base}technique_page = true\n");
    assert_eq!(common::build(&dir, "opened", &opened, &[]), 0);
    let pdf = common::Pdf::load(&dir.join("opened.pdf"));
    // (page, top, height) of each puzzle's figure.
    let puzzles = |name: &str| -> Vec<(usize, f64, f64)> {
        common::manifest(&dir.join(format!("{name}.pdf")))["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|puzzle| {
                (
                    puzzle["page"].as_u64().unwrap() as usize,
                    puzzle["bbox"][1].as_f64().unwrap(),
                    puzzle["bbox"][3].as_f64().unwrap(),
                )
            })
            .collect()
    };
    let (plain, opened_at) = (puzzles("plain"), puzzles("opened"));
    let opener = opened_at[0].0;
    assert_eq!(
        opener, plain[0].0,
        "the first puzzle is on the opening page"
    );
    assert_eq!(
        opened_at.iter().map(|place| place.0).collect::<Vec<_>>(),
        vec![opener, opener + 1, opener + 1],
        "one puzzle below the entry, two on the next page"
    );
    // Its figure is the size of the section's others, under the entry: in the room of
    // the grid's second row, raised towards the entry at most by the room the entry leaves.
    assert_eq!(opened_at[0].2, opened_at[2].2, "the same size");
    assert!(
        opened_at[0].1 <= opened_at[2].1 && opened_at[0].1 > opened_at[1].1 + opened_at[1].2 / 2.0,
        "{opened_at:?}"
    );
    let page = pdf.page_text(opener);
    assert!(page.contains("X-Wing practice"), "{page}");
    assert!(page.contains("X-Wing"), "{page}");
    assert!(
        page.contains("two rows"),
        "what an X-wing looks for: {page}"
    );
    assert!(page.contains("Example from puzzle"), "{page}");
    // A puzzle a page alone has no row free below the entry: it starts the next page.
    let whole = opened.replace("per_page = \"1x2\"", "per_page = \"1x1\"");
    assert_eq!(common::build(&dir, "whole", &whole, &[]), 0);
    let whole_at = puzzles("whole");
    assert_eq!(whole_at[0].0, opener + 1, "{whole_at:?}");
    assert!(
        common::Pdf::load(&dir.join("whole.pdf"))
            .page_text(opener)
            .contains("Example from puzzle")
    );
    for (spec, place, message) in [
        (
            opened.replace("[front]\ntechniques = true\n", ""),
            "refused.toml:11:",
            "techniques chapter",
        ),
        (
            opened.replace("hardest = \"X-Wing\"\n", ""),
            "refused.toml:12:",
            "names none",
        ),
    ] {
        let (code, shown, left) = common::build_output(&dir, "refused", &spec);
        assert_eq!(code, Some(2), "{shown}");
        assert!(shown.contains(place) && shown.contains(message), "{shown}");
        assert!(!left);
    }
}
