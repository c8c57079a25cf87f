use puzzlebook::i18n::Language;
use puzzlebook::mushikui::grade::Rule;
use puzzlebook::mushikui::grade::walkthrough::*;
use puzzlebook::mushikui::model::Puzzle;
use puzzlebook::mushikui::{GenerateOptions, Operation, Solution, solve};
use puzzlebook::seed::RandomStream;

/// Checks a walkthrough against the solution: every hidden digit found exactly once,
/// by a step that agrees with the solution, and every step worded.
fn check(puzzle: &Puzzle) -> Walkthrough {
    let Solution::Unique(solution) = solve(puzzle) else {
        panic!("{puzzle} is not unique");
    };
    let walk = walkthrough(puzzle).unwrap();
    let mut found: Vec<(usize, usize)> = Vec::new();
    for (number, step) in walk.steps.iter().enumerate() {
        // Only a long run of narrowings is cut into steps that find nothing, and a
        // step that finds the digit they lead to comes after them.
        assert!(
            !step.found.is_empty() || number + 1 < walk.steps.len(),
            "{puzzle}: the last step finds nothing"
        );
        assert!(
            step.text(Language::ENGLISH).len() <= 2 * LONGEST_STEP,
            "{puzzle}: a step of {} characters",
            step.text(Language::ENGLISH).len()
        );
        for language in Language::all() {
            assert!(
                !step.text(language).trim().is_empty(),
                "{puzzle}: an empty step"
            );
        }
        for digit in &step.found {
            assert_eq!(
                solution.rows()[digit.row].cells()[digit.index],
                Some(digit.digit),
                "{puzzle}: {} finds a wrong digit",
                step.text(Language::ENGLISH)
            );
            found.push((digit.row, digit.index));
        }
    }
    let mut hidden: Vec<(usize, usize)> = Vec::new();
    for (row, cells) in puzzle.rows().iter().enumerate() {
        for (index, cell) in cells.cells().iter().enumerate() {
            if cell.is_none() {
                hidden.push((row, index));
            }
        }
    }
    found.sort();
    hidden.sort();
    assert_eq!(
        found, hidden,
        "{puzzle}: found digits are not the hidden ones"
    );
    // The hint names a place and a kind of reasoning, never a value.
    for language in Language::all() {
        assert!(!walk.hint(language).is_empty(), "{puzzle}");
    }
    let hard = walk
        .steps
        .iter()
        .any(|step| step.rule.level() > Rule::LastDigit.level());
    assert_eq!(
        hard,
        walk.hint(Language::ENGLISH).contains("look at"),
        "{puzzle}: {}",
        walk.hint(Language::ENGLISH)
    );
    walk
}

#[test]
fn classics_are_walked_through_digit_by_digit() {
    let classics = include_str!("../../../data/classics.txt");
    let mut walked = 0;
    for line in classics.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || !line.contains("solutions=1") {
            continue;
        }
        let puzzle: Puzzle = line.split_whitespace().next().unwrap().parse().unwrap();
        let walk = check(&puzzle);
        assert_eq!(walk.grade, puzzlebook::mushikui::grade(&puzzle).unwrap());
        walked += 1;
    }
    assert!(walked >= 12, "only {walked} classics walked through");
}

#[test]
fn generated_puzzles_of_each_operation_are_walked_through() {
    let shapes: [(Operation, &[usize]); 5] = [
        (Operation::Add, &[4, 4, 3]),
        (Operation::Sub, &[5, 4]),
        (Operation::Mul, &[3, 2]),
        (Operation::Mul, &[3, 1]),
        (Operation::Div, &[6, 3]),
    ];
    for (operation, digits) in shapes {
        for index in 0..4 {
            let options = GenerateOptions::new(operation, digits);
            let mut rng = RandomStream::derive("walkthrough", &["test"], index);
            let made = puzzlebook::mushikui::generate(&options, &mut rng).unwrap();
            check(&made.puzzle);
        }
    }
}

/// Checks the drill of `rule` on `puzzle`: its position is the givens plus exactly
/// the digits the grader's path found before the step, the step uses the rule it
/// names and finds digits, and what the answer marks is that step's finding.
fn check_drill(puzzle: &Puzzle, rule: Rule) -> Drill {
    let Solution::Unique(solution) = solve(puzzle) else {
        panic!("{puzzle} is not unique");
    };
    let walk = walkthrough(puzzle).unwrap();
    let drill = walk.drill(rule).unwrap();
    let step = &walk.steps[drill.step];
    assert!(step.rules.contains(&drill.rule), "{puzzle}: {rule:?}");
    assert!(!step.found.is_empty());
    assert_eq!(drill.found, step.found);
    // No earlier step that finds digits uses the rule.
    assert!(
        walk.steps[..drill.step]
            .iter()
            .all(|earlier| earlier.found.is_empty() || !earlier.rules.contains(&drill.rule))
    );
    let position = drill.position(puzzle);
    let mut shown = 0;
    for (row, (cells, solved)) in position.rows().iter().zip(solution.rows()).enumerate() {
        for (index, (&cell, &digit)) in cells.cells().iter().zip(solved.cells()).enumerate() {
            let given = puzzle.rows()[row].cells()[index].is_some();
            let found_before = walk.steps[..drill.step]
                .iter()
                .flat_map(|step| &step.found)
                .any(|found| (found.row, found.index) == (row, index));
            assert_eq!(cell.is_some(), given || found_before, "{puzzle}");
            if cell.is_some() {
                assert_eq!(cell, digit, "{puzzle}: a wrong digit shown");
                shown += 1;
            }
        }
    }
    assert_eq!(shown, puzzle.shown_count() + drill.known.len());
    drill
}

#[test]
fn drills_stop_just_before_the_first_step_using_their_rule() {
    let cases: [(Operation, &[usize], Rule); 4] = [
        (Operation::Add, &[4, 4, 3], Rule::ColumnAnalysis),
        (Operation::Mul, &[3, 2], Rule::DigitCount),
        (Operation::Mul, &[3, 2], Rule::Carry),
        (Operation::Div, &[4, 2], Rule::RemainderBound),
    ];
    for (operation, digits, rule) in cases {
        for index in 0..3 {
            let mut options = GenerateOptions::new(operation, digits);
            options.hardest = vec![rule];
            let mut rng = RandomStream::derive("drill", &[rule.name()], index);
            let made = puzzlebook::mushikui::generate(&options, &mut rng).unwrap();
            let drill = check_drill(&made.puzzle, rule);
            // A rule the retelling leaves unsaid is drilled by the hardest said one.
            let walk = walkthrough(&made.puzzle).unwrap();
            let said = |rule: Rule| {
                walk.steps
                    .iter()
                    .any(|step| !step.found.is_empty() && step.rules.contains(&rule))
            };
            if said(rule) {
                assert_eq!(drill.rule, rule, "{}", made.puzzle);
            } else {
                assert!(said(drill.rule) && drill.rule < rule, "{}", made.puzzle);
            }
        }
    }
    // Every rule a classic's walkthrough uses drills at its own first step.
    let classics = include_str!("../../../data/classics.txt");
    for line in classics.lines().filter(|line| line.contains("solutions=1")) {
        let puzzle: Puzzle = line.split_whitespace().next().unwrap().parse().unwrap();
        let walk = walkthrough(&puzzle).unwrap();
        for step in walk.steps.iter().filter(|step| !step.found.is_empty()) {
            for &rule in &step.rules {
                assert_eq!(check_drill(&puzzle, rule).rule, rule);
            }
        }
    }
}

#[test]
fn case_analysis_reads_as_suppose_then_contradiction() {
    // A classic that needs case analysis.
    let puzzle: Puzzle = "div:***,***,*2**7*,***1,****,**8*,****,6***,5"
        .parse()
        .unwrap();
    let walk = check(&puzzle);
    let cases: Vec<&WalkStep> = walk
        .steps
        .iter()
        .filter(|step| step.rule == Rule::CaseAnalysis)
        .collect();
    assert_eq!(walk.grade.case_steps > 0, !cases.is_empty());
    for step in cases {
        assert!(step.text(Language::ENGLISH).contains("Suppose"));
        assert!(step.text(Language::JAPANESE).contains("とすると"));
    }
}

#[test]
fn easy_columns_read_like_arithmetic() {
    // 22 × 16 = 352: the units column of the first partial product is 2 × 6.
    let walk = check(&"mul:**,16,13*,*2,35*".parse().unwrap());
    let english: Vec<&str> = walk
        .steps
        .iter()
        .map(|step| step.text(Language::ENGLISH))
        .collect();
    assert!(
        english.iter().any(|text| text.contains(" × ")),
        "{english:#?}"
    );
    assert!(
        walk.steps
            .iter()
            .all(|step| !step.text(Language::ENGLISH).contains("carry into")),
        "{english:#?}"
    );
}
