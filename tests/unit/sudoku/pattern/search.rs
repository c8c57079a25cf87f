use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::RatingTarget;
use puzzlebook::sudoku::grade::Tier;
use puzzlebook::sudoku::grid::Grid;
use puzzlebook::sudoku::pattern::Pattern;
use puzzlebook::sudoku::pattern::search::*;
use puzzlebook::sudoku::pattern::shapes::SHAPES;
use puzzlebook::sudoku::variant::Size;
use puzzlebook::sudoku::variant::Variant;
use puzzlebook::sudoku::variant::grade::target_range;
use puzzlebook::sudoku::variant::solver::VariantSolution;
use std::time::Duration;
use std::time::Instant;

fn request<'a, G>(
    pattern: &'a Pattern,
    target: Option<RatingTarget>,
    minimal: bool,
) -> PatternRequest<'a, G> {
    PatternRequest::new(pattern, "test", target, minimal)
}

/// The givens are exactly the mask's cells and the reference solver finds one
/// solution, the one returned.
fn check_classic(pattern: &Pattern, puzzle: &Grid, solution: &Grid) {
    for (cell, &value) in puzzle.cells().iter().enumerate() {
        assert_eq!(
            value != 0,
            pattern.contains(cell),
            "cell {cell} of {puzzle}"
        );
    }
    let solutions = puzzlebook::sudoku::reference::solutions(puzzle, 2);
    assert_eq!(solutions, vec![*solution], "{puzzle}");
}

#[test]
fn every_built_in_shape_makes_an_easy_puzzle() {
    let target = Some(RatingTarget::Tier(Tier::Easy));
    for shape in SHAPES {
        let pattern = shape.pattern();
        let mut rng = RandomStream::derive("pattern-test", &[shape.name], 0);
        let deadline = Some(Instant::now() + Duration::from_secs(30));
        let (puzzle, solution, grading) =
            make_classic(&request(&pattern, target, false), &mut rng, deadline)
                .unwrap_or_else(|error| panic!("{}: {error}", shape.name));
        check_classic(&pattern, &puzzle, &solution);
        assert!(
            Tier::Easy.range().contains(grading.rating_tenths),
            "{}: {}",
            shape.name,
            grading.rating_tenths
        );
    }
}

#[test]
fn harder_tiers_meet_their_range_and_keep_the_mask_symmetry() {
    for (name, tier) in [
        ("heart", Tier::Medium),
        ("tree", Tier::Hard),
        ("star", Tier::Hard),
        ("snowflake", Tier::Medium),
    ] {
        let pattern = Pattern::builtin(name).unwrap();
        let mut rng = RandomStream::derive("pattern-test", &[name], 1);
        let deadline = Some(Instant::now() + Duration::from_secs(60));
        let target = Some(RatingTarget::Tier(tier));
        let (puzzle, solution, grading) =
            make_classic(&request(&pattern, target, false), &mut rng, deadline).unwrap();
        check_classic(&pattern, &puzzle, &solution);
        assert!(
            tier.range().contains(grading.rating_tenths),
            "{name} {tier}"
        );
        let givens: Vec<u8> = puzzle.cells().iter().map(|&v| u8::from(v != 0)).collect();
        let symmetry = pattern.symmetry();
        assert!(
            puzzlebook::sudoku::variant::symmetry::holds_for(symmetry, 9, &givens),
            "{name}"
        );
    }
}

#[test]
fn a_stream_gives_one_puzzle() {
    let pattern = Pattern::builtin("diamond").unwrap();
    let target = Some(RatingTarget::Tier(Tier::Medium));
    let make = || {
        let mut rng = RandomStream::derive("pattern-test", &["again"], 7);
        make_classic(&request(&pattern, target, false), &mut rng, None)
            .unwrap()
            .0
    };
    assert_eq!(make(), make());
}

/// With `minimal`, taking any given away leaves more than one solution (checked by
/// the reference solver).
#[test]
fn minimal_puzzles_need_every_given() {
    // Minimal puzzles are rare on masks of many cells: 24 givens find one at once.
    let pattern = Pattern::builtin("sun").unwrap();
    let mut rng = RandomStream::derive("pattern-test", &["minimal"], 0);
    let deadline = Some(Instant::now() + Duration::from_secs(60));
    let (puzzle, solution, _) =
        make_classic(&request(&pattern, None, true), &mut rng, deadline).unwrap();
    check_classic(&pattern, &puzzle, &solution);
    for cell in pattern.cells() {
        let mut fewer = puzzle;
        fewer.set(cell, 0);
        assert_eq!(
            puzzlebook::sudoku::reference::count_solutions(&fewer, 2),
            2,
            "{cell}"
        );
    }
}

#[test]
fn variants_and_other_sizes_take_patterns() {
    let heart = Pattern::builtin("heart").unwrap();
    let six = Pattern::parse("x.x..x\n.x.xx.\nx....x\n..xx..\n.x..x.\nxx..xx").unwrap();
    for (pattern, size, variant, tier) in [
        (&heart, Size::S9, Variant::X, Tier::Medium),
        (&heart, Size::S9, Variant::Windoku, Tier::Easy),
        (&heart, Size::S9, Variant::Jigsaw, Tier::Easy),
        (&six, Size::S6, Variant::Classic, Tier::Easy),
    ] {
        let options = puzzlebook::sudoku::pattern::grid_options(pattern, size, variant);
        let mut rng = RandomStream::derive("pattern-test", &[variant.name()], 0);
        let deadline = Some(Instant::now() + Duration::from_secs(60));
        let target = Some(RatingTarget::Tier(tier));
        let (puzzle, solution, grading) = make_variant(
            &options,
            &request(pattern, target, false),
            &mut rng,
            deadline,
        )
        .unwrap_or_else(|error| panic!("{size} {variant}: {error}"));
        for cell in 0..puzzle.geometry().cells() {
            assert_eq!(puzzle.get(cell) != 0, pattern.contains(cell), "{variant}");
        }
        assert_eq!(
            puzzlebook::sudoku::variant::reference::count_solutions(&puzzle, 2),
            1,
            "{size} {variant}"
        );
        assert_eq!(
            puzzlebook::sudoku::variant::solve(&puzzle),
            VariantSolution::Unique(solution)
        );
        assert!(
            target_range(size, RatingTarget::Tier(tier)).contains(grading.rating_tenths),
            "{size} {variant}: {}",
            grading.rating_tenths
        );
    }
}

#[test]
fn running_out_of_time_fails_with_what_was_tried() {
    let pattern = Pattern::builtin("heart").unwrap();
    let mut rng = RandomStream::derive("pattern-test", &["late"], 0);
    let error = make_classic(
        &request(&pattern, Some(RatingTarget::Tier(Tier::Hard)), true),
        &mut rng,
        Some(Instant::now()),
    )
    .unwrap_err();
    assert_eq!(error.exit_code(), 1);
    assert!(error.message().contains("clue sets tried"), "{error}");
    assert!(error.to_string().contains("--max-seconds"), "{error}");
    let sparse = Pattern::parse(&format!("{}{}", "x".repeat(16), ".".repeat(65))).unwrap();
    let error = make_classic(&request(&sparse, None, false), &mut rng, None).unwrap_err();
    assert_eq!(error.exit_code(), 2);
}
