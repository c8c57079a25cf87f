use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::generate::*;
use puzzlebook::sudoku::solver::count_solutions;
use puzzlebook::sudoku::symmetry::Symmetry;

#[test]
fn random_solutions_are_valid_and_vary() {
    let mut rng = RandomStream::derive("test", &["grids"], 0);
    let a = random_solution(&mut rng);
    let b = random_solution(&mut rng);
    assert!(a.is_complete() && a.conflict().is_none());
    assert!(b.is_complete() && b.conflict().is_none());
    assert_ne!(a, b);
}

#[test]
fn dug_puzzles_are_unique_symmetric_and_minimal() {
    for (index, symmetry) in Symmetry::ALL.into_iter().enumerate() {
        let mut rng = RandomStream::derive("test", &["dig"], index as u64);
        let generated = generate(
            &GenerateOptions {
                symmetry,
                ..GenerateOptions::default()
            },
            &mut rng,
        )
        .unwrap();
        let puzzle = generated.puzzle;
        assert_eq!(count_solutions(&puzzle, 2), 1, "{symmetry}");
        assert!(generated.solution.solves(&puzzle));
        assert!(symmetry.holds_for(puzzle.cells()), "{symmetry}");
        for orbit in symmetry.orbits() {
            if puzzle.get(orbit[0]) == 0 {
                continue;
            }
            let mut fewer = puzzle;
            for &cell in &orbit {
                fewer.set(cell, 0);
            }
            assert!(
                count_solutions(&fewer, 2) > 1,
                "{symmetry}: orbit {orbit:?} was removable"
            );
        }
    }
}

#[test]
fn clue_range_is_honoured() {
    let options = GenerateOptions {
        symmetry: Symmetry::None,
        clues: Some("30..32".parse().unwrap()),
        ..GenerateOptions::default()
    };
    let mut rng = RandomStream::derive("test", &["range"], 0);
    let generated = generate(&options, &mut rng).unwrap();
    assert!((30..=32).contains(&generated.puzzle.clue_count()));
    assert_eq!(count_solutions(&generated.puzzle, 2), 1);
}

#[test]
fn impossible_clue_range_fails_instead_of_hanging() {
    let options = GenerateOptions {
        symmetry: Symmetry::Dihedral,
        clues: Some("17..18".parse().unwrap()),
        max_attempts: 20,
    };
    let mut rng = RandomStream::derive("test", &["impossible"], 0);
    let error = generate(&options, &mut rng).unwrap_err();
    assert_eq!(error.exit_code(), 1);
    assert!(error.message().contains("17..18"), "{error}");
}

#[test]
fn clue_range_parsing() {
    let parse = |text: &str| text.parse::<ClueRange>();
    assert_eq!(parse("24..28").unwrap(), ClueRange { min: 24, max: 28 });
    assert_eq!(parse("25").unwrap(), ClueRange { min: 25, max: 25 });
    assert_eq!(parse("22..").unwrap(), ClueRange { min: 22, max: 81 });
    assert_eq!(parse("..30").unwrap(), ClueRange { min: 0, max: 30 });
    assert_eq!(parse("20..=25").unwrap(), ClueRange { min: 20, max: 25 });
    assert!(parse("30..20").is_err());
    assert!(parse("10..16").unwrap_err().message().contains("17"));
    assert!(parse("x..y").is_err());
    assert!(parse("20..90").is_err());
}
