mod chains;

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::RatingRange;
use puzzlebook::sudoku::grade::RatingTarget;
use puzzlebook::sudoku::grade::Tier;
use puzzlebook::sudoku::variant::generate::Removals;
use puzzlebook::sudoku::variant::generate::VariantGenerated;
use puzzlebook::sudoku::variant::generate::VariantOptions;
use puzzlebook::sudoku::variant::generate::generate_keeping;
use puzzlebook::sudoku::variant::geometry::Size;
use puzzlebook::sudoku::variant::geometry::Variant;
use puzzlebook::sudoku::variant::grade::*;
use puzzlebook::sudoku::variant::grid::parse_any;
use puzzlebook::sudoku::variant::singles::Singles;
use puzzlebook::sudoku::variant::singles::fills_all;
use puzzlebook::sudoku::variant::solver::{count_solutions, sample_solutions};

#[test]
fn combinations_visit_every_subset() {
    let mut seen = Vec::new();
    combinations(5, 3, &mut |chosen| {
        seen.push(chosen.to_vec());
        false
    });
    assert_eq!(seen.len(), 10);
    assert_eq!(seen[0], [0, 1, 2]);
    assert_eq!(seen[9], [2, 3, 4]);
}

#[test]
fn quiet_houses_hide_no_single() {
    // Along whole solves, the scans that pass over quiet houses find the same steps as
    // scans of every house.
    let (mut steps, mut passed_over) = (0, 0);
    for (size, index) in [(Size::S6, 0), (Size::S6, 1), (Size::S8, 2), (Size::S12, 3)] {
        let options = VariantOptions::new(size, Variant::Classic);
        let mut rng = RandomStream::derive("test", &["quiet-houses"], index);
        let made =
            puzzlebook::sudoku::variant::generate::generate(&options, &mut rng, None).unwrap();
        let geometry = made.puzzle.geometry();
        let mut board = Board::new(geometry, &made.puzzle);
        while !board.is_solved() {
            let quiet = (board.quiet_hidden.get(), board.quiet_full.get());
            let found = [
                board.full_house(),
                board.hidden_single(true),
                board.hidden_single(false),
            ];
            board.quiet_hidden.set(0);
            board.quiet_full.set(0);
            let afresh = [
                board.full_house(),
                board.hidden_single(true),
                board.hidden_single(false),
            ];
            assert_eq!(found, afresh);
            passed_over += usize::from(quiet != (0, 0));
            let step = board
                .next_step(None)
                .unwrap_or_else(|| board.guess(&made.solution));
            board.apply(&step);
            steps += 1;
        }
    }
    assert!(passed_over * 2 > steps, "{passed_over} of {steps}");
}

#[test]
fn nine_by_nine_grids_go_to_the_classic_grader() {
    let puzzle =
        "..4.598...1...2...3971.4.........5.1..8...6..4.9.........5.6932...9...6...283.7..";
    let variant = parse_any(puzzle).unwrap();
    let ours = grade(&variant, &VariantGradeOptions::default()).unwrap();
    let classic = puzzlebook::sudoku::grade::grade(&puzzle.parse().unwrap()).unwrap();
    assert_eq!(ours.rating_tenths, classic.rating_tenths);
    assert_eq!(ours.hardest_name, classic.hardest_name);
}

#[test]
fn the_house_grader_solves_small_grids_by_their_rules() {
    // Hidden singles only: every row of this 4x4 has one blank.
    let easy = parse_any("4x4:.234341.2.434.21").unwrap();
    let grading = grade(&easy, &VariantGradeOptions::default()).unwrap();
    assert_eq!(grading.tier, Tier::Easy);
    assert!(grading.rating_tenths <= 15);
    assert!(grading.solution.solves(&easy));
    let options = VariantOptions::new(Size::S6, Variant::Jigsaw);
    let mut rng = RandomStream::derive("test", &["grade"], 0);
    for _ in 0..5 {
        let generated =
            puzzlebook::sudoku::variant::generate::generate(&options, &mut rng, None).unwrap();
        let grading = grade_unique(
            &generated.puzzle,
            &generated.solution,
            &VariantGradeOptions {
                record_steps: true,
                deadline: None,
                stop_above: None,
            },
        )
        .unwrap();
        assert_eq!(grading.step_count, grading.steps.len());
        assert_eq!(
            grading.rating_tenths,
            grading.steps.iter().map(|s| s.rating_tenths).max().unwrap()
        );
        assert_eq!(grading.tier, tier_of(Size::S6, grading.rating_tenths));
    }
}

#[test]
fn only_ranges_singles_can_meet_are_dug_for_them() {
    let range = |min, max| RatingRange { min, max };
    let singles = |singles| Removals::KeepSingles(singles);
    assert_eq!(
        removals_for(tier_range(Size::S12, Tier::Easy)),
        singles(Singles::Hidden)
    );
    assert_eq!(
        removals_for(tier_range(Size::S12, Tier::Medium)),
        singles(Singles::HiddenAndNaked)
    );
    // 6×6 medium admits pointing; 2.4 and up is beyond what singles rate.
    for beyond in [
        tier_range(Size::S6, Tier::Medium),
        range(24, 25),
        range(26, 40),
    ] {
        assert_eq!(removals_for(beyond), Removals::KeepUnique);
    }
    assert_eq!(removals_for(range(10, 12)), singles(Singles::Hidden));
}

#[test]
fn singles_tiers_are_dug_unique_and_within_their_singles() {
    let kinds = [
        (Size::S6, Variant::Classic),
        (Size::S8, Variant::X),
        (Size::S9, Variant::Windoku),
        (Size::S9, Variant::Jigsaw),
        (Size::S12, Variant::Classic),
        (Size::S16, Variant::Classic),
    ];
    let mut rng = RandomStream::derive("test", &["singles tiers"], 0);
    for (size, variant) in kinds {
        let options = VariantOptions::new(size, variant);
        for (tier, most) in [(Tier::Easy, 15), (Tier::Medium, 23)] {
            if size.side() <= 6 && tier == Tier::Medium {
                // 6×6 medium admits pointing (2.6), so it is dug for uniqueness.
                continue;
            }
            for _ in 0..3 {
                let (generated, grading) =
                    generate_graded(&options, Some(RatingTarget::Tier(tier)), &mut rng, None)
                        .unwrap();
                let puzzle = &generated.puzzle;
                assert_eq!(count_solutions(puzzle, 2), 1, "{puzzle}");
                assert!(generated.solution.solves(puzzle));
                assert_eq!(grading.tier, tier, "{puzzle}");
                assert!(grading.rating_tenths <= most, "{puzzle}");
                let full = grade(puzzle, &VariantGradeOptions::default()).unwrap();
                assert_eq!(full.rating_tenths, grading.rating_tenths);
            }
        }
    }
}

#[test]
fn gradings_by_singles_are_the_stepwise_gradings() {
    let kinds = [
        (Size::S4, Variant::Classic),
        (Size::S6, Variant::Classic),
        (Size::S6, Variant::X),
        (Size::S8, Variant::Classic),
        (Size::S12, Variant::Classic),
        (Size::S9, Variant::Classic),
    ];
    let mut rng = RandomStream::derive("test", &["graded by singles"], 0);
    // Puzzles emptied at random (full houses to hidden singles and beyond), then
    // puzzles dug for singles (naked singles among them).
    let mut puzzles = Vec::new();
    for _ in 0..6 {
        for solution in sample_solutions(&kinds, &mut rng) {
            let cells = solution.cells().len();
            let mut order: Vec<usize> = (0..cells).collect();
            rng.shuffle(&mut order);
            for emptied in [cells / 10, cells / 4, cells / 2, cells * 3 / 5] {
                let mut puzzle = solution.clone();
                for &cell in &order[..emptied] {
                    puzzle.set(cell, 0);
                }
                puzzles.push(VariantGenerated {
                    puzzle,
                    solution: solution.clone(),
                });
            }
        }
        for &(size, variant) in &kinds {
            let options = VariantOptions::new(size, variant);
            let rule = Removals::KeepSingles(Singles::HiddenAndNaked);
            for _ in 0..4 {
                let (generated, _) = generate_keeping(&options, rule, &mut rng, None).unwrap();
                puzzles.push(generated);
            }
        }
    }
    let mut ratings = std::collections::BTreeMap::new();
    for VariantGenerated { puzzle, solution } in &puzzles {
        for (singles, most) in [(Singles::Hidden, 15), (Singles::HiddenAndNaked, 23)] {
            if classic_extra_houses(puzzle.geometry()).is_some() {
                // Sudoku Explainer's ladder grades these, direct techniques and all.
                assert!(grade_by_singles(puzzle, solution, singles).is_none());
                continue;
            }
            if !fills_all(puzzle, solution, singles.rules(puzzle.geometry())) {
                let options = VariantGradeOptions {
                    stop_above: Some(most),
                    ..VariantGradeOptions::default()
                };
                let stepwise = grade_unique(puzzle, solution, &options).unwrap();
                assert!(stepwise.rating_tenths > most, "{puzzle}");
                continue;
            }
            let by_singles = grade_by_singles(puzzle, solution, singles).unwrap();
            let stepwise = grade_unique(puzzle, solution, &VariantGradeOptions::default()).unwrap();
            assert_eq!(by_singles.rating_tenths, stepwise.rating_tenths, "{puzzle}");
            assert_eq!(by_singles.hardest_name, stepwise.hardest_name, "{puzzle}");
            assert_eq!(by_singles.hardest, stepwise.hardest, "{puzzle}");
            assert!(stepwise.used.contains(by_singles.hardest));
            assert_eq!(by_singles.step_count, stepwise.step_count, "{puzzle}");
            assert_eq!(by_singles.tier, stepwise.tier);
            assert!(!stepwise.trial_and_error);
            *ratings.entry(by_singles.rating_tenths).or_insert(0) += 1;
        }
    }
    assert_eq!(
        ratings.keys().copied().collect::<Vec<_>>(),
        [10, 12, 15, 23]
    );
    assert!(ratings.values().all(|&count| count >= 5), "{ratings:?}");
}

#[test]
fn tier_targets_are_met_and_their_ratings_are_the_full_grading() {
    let options = VariantOptions::new(Size::S12, Variant::Classic);
    let mut rng = RandomStream::derive("test", &["tier walk"], 0);
    for tier in [Tier::Hard, Tier::Expert] {
        let (generated, grading) =
            generate_graded(&options, Some(RatingTarget::Tier(tier)), &mut rng, None).unwrap();
        assert_eq!(grading.tier, tier);
        let full = grade(&generated.puzzle, &VariantGradeOptions::default()).unwrap();
        assert_eq!(full.rating_tenths, grading.rating_tenths);
        assert_eq!(full.solution, generated.solution);
    }
    // A grading stopped early still says the puzzle is too hard.
    let hard = generate_graded(
        &options,
        Some(RatingTarget::Tier(Tier::Expert)),
        &mut rng,
        None,
    )
    .unwrap()
    .0;
    let stopped = grade(
        &hard.puzzle,
        &VariantGradeOptions {
            stop_above: Some(30),
            ..VariantGradeOptions::default()
        },
    )
    .unwrap();
    assert!(
        stopped.rating_tenths > 30
            && stopped.step_count
                < grade(&hard.puzzle, &VariantGradeOptions::default())
                    .unwrap()
                    .step_count
    );
}

#[test]
fn unique_rectangles_are_two_rows_two_columns_two_boxes_and_sound() {
    let options = VariantOptions::new(Size::S12, Variant::Classic);
    let mut seen = 0;
    for index in 0..20 {
        let mut rng = RandomStream::derive("test", &["unique rectangle"], index);
        let generated =
            puzzlebook::sudoku::variant::generate::generate(&options, &mut rng, None).unwrap();
        let grading = grade_unique(
            &generated.puzzle,
            &generated.solution,
            &VariantGradeOptions {
                record_steps: true,
                ..VariantGradeOptions::default()
            },
        )
        .unwrap();
        for step in grading
            .steps
            .iter()
            .filter(|step| step.name == "Unique Rectangle")
        {
            seen += 1;
            let geometry = generated.puzzle.geometry();
            let cells: Vec<usize> = step.pattern.iter().map(|&c| usize::from(c)).collect();
            assert_eq!(cells.len(), 4);
            let mut rows: Vec<usize> = cells.iter().map(|c| c / 12).collect();
            let mut columns: Vec<usize> = cells.iter().map(|c| c % 12).collect();
            let mut boxes: Vec<u8> = cells.iter().map(|&c| geometry.regions()[c]).collect();
            for list in [&mut rows, &mut columns] {
                list.sort_unstable();
                list.dedup();
                assert_eq!(list.len(), 2);
            }
            boxes.sort_unstable();
            boxes.dedup();
            assert_eq!(boxes.len(), 2);
            for &(cell, value) in &step.eliminations {
                assert!(step.pattern.contains(&cell));
                assert_ne!(generated.solution.get(usize::from(cell)), value);
            }
        }
    }
    assert!(seen > 0);
}

#[test]
fn small_grids_have_three_tiers() {
    assert_eq!(tier_of(Size::S6, 12), Tier::Easy);
    assert_eq!(tier_of(Size::S6, 23), Tier::Medium);
    assert_eq!(tier_of(Size::S4, 30), Tier::Hard);
    assert_eq!(tier_of(Size::S16, 50), Tier::Expert);
    assert!(check_tier(Size::S6, Tier::Expert).is_err());
    assert!(check_tier(Size::S4, Tier::Easy).is_ok());
    let four = check_tier(Size::S4, Tier::Medium).unwrap_err();
    assert_eq!(four.exit_code(), 2);
    assert!(four.to_string().contains("4x4"), "{four}");
    assert!(check_tier(Size::S12, Tier::Expert).is_ok());
}
