use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::Symmetry;
use puzzlebook::sudoku::variant::generate::*;
use puzzlebook::sudoku::variant::geometry::Size;
use puzzlebook::sudoku::variant::geometry::Variant;
use puzzlebook::sudoku::variant::solver::count_solutions;
use puzzlebook::sudoku::variant::symmetry::holds_for;
use puzzlebook::sudoku::variant::symmetry::orbits;

fn make(size: Size, variant: Variant, symmetry: Symmetry, index: u64) -> VariantGenerated {
    let options = VariantOptions {
        symmetry,
        ..VariantOptions::new(size, variant)
    };
    let mut rng = RandomStream::derive("test", &["variant"], index);
    generate(&options, &mut rng, None).unwrap_or_else(|error| panic!("{size} {variant}: {error}"))
}

#[test]
fn every_variant_makes_unique_minimal_puzzles() {
    let cases = [
        (Size::S4, Variant::Classic, Symmetry::Rot180),
        (Size::S6, Variant::Classic, Symmetry::Rot180),
        (Size::S6, Variant::X, Symmetry::None),
        (Size::S6, Variant::Jigsaw, Symmetry::None),
        (Size::S8, Variant::Jigsaw, Symmetry::Rot180),
        (Size::S9, Variant::X, Symmetry::Rot180),
        (Size::S9, Variant::Windoku, Symmetry::Dihedral),
        (Size::S9, Variant::Jigsaw, Symmetry::Rot180),
        (Size::S12, Variant::Classic, Symmetry::Rot180),
    ];
    for (index, (size, variant, symmetry)) in cases.into_iter().enumerate() {
        let generated = make(size, variant, symmetry, index as u64);
        let puzzle = &generated.puzzle;
        assert_eq!(count_solutions(puzzle, 2), 1, "{puzzle}");
        assert!(generated.solution.solves(puzzle));
        assert!(holds_for(symmetry, size.side(), puzzle.cells()), "{puzzle}");
        for orbit in orbits(symmetry, size.side()).iter() {
            if puzzle.get(orbit[0]) == 0 {
                continue;
            }
            let mut fewer = puzzle.clone();
            for &cell in orbit {
                fewer.set(cell, 0);
            }
            assert!(count_solutions(&fewer, 2) > 1, "{puzzle}: {orbit:?}");
        }
        if variant == Variant::Jigsaw {
            let regions = puzzle.geometry().regions();
            assert_ne!(
                regions,
                puzzlebook::sudoku::variant::geometry::box_regions(size)
            );
            if symmetry == Symmetry::Rot180 {
                let side = size.side();
                for cell in 0..size.cells() {
                    let mirror = size.cells() - 1 - cell;
                    let same = (0..size.cells())
                        .filter(|&other| regions[other] == regions[cell])
                        .map(|other| size.cells() - 1 - other)
                        .all(|image| regions[image] == regions[mirror]);
                    assert!(same, "{side}: layout not symmetric");
                }
            }
        }
    }
}

#[test]
fn removals_the_clues_force_keep_the_puzzle_unique() {
    let mut forced = 0;
    for (index, size) in [Size::S6, Size::S9, Size::S12].into_iter().enumerate() {
        for variant in [Variant::Classic, Variant::Jigsaw] {
            let generated = make(size, variant, Symmetry::None, 40 + index as u64);
            let solution = &generated.solution;
            // From the full grid, take out cells one at a time in a random order,
            // keeping each removal the cheap test accepts: the exact counter must
            // agree every time that the solution is still the only one.
            let mut rng = RandomStream::derive("test", &["forced"], index as u64);
            let mut cells: Vec<usize> = (0..size.cells()).collect();
            rng.shuffle(&mut cells);
            let mut puzzle = solution.clone();
            for cell in cells {
                puzzle.set(cell, 0);
                if forced_by_clues(&puzzle, solution, &[cell]) {
                    forced += 1;
                    assert_eq!(count_solutions(&puzzle, 2), 1, "{puzzle}");
                } else {
                    puzzle.set(cell, solution.get(cell));
                }
            }
            // And it refuses a removal that leaves two solutions.
            let minimal = &generated.puzzle;
            for cell in (0..size.cells()).filter(|&cell| minimal.get(cell) != 0) {
                let mut fewer = minimal.clone();
                fewer.set(cell, 0);
                assert!(!forced_by_clues(&fewer, solution, &[cell]), "{minimal}");
            }
        }
    }
    assert!(forced > 100, "{forced}");
}

#[test]
fn large_jigsaws_are_made_unique_in_bounded_time() {
    for (index, size) in [Size::S12, Size::S16].into_iter().enumerate() {
        let generated = make(size, Variant::Jigsaw, Symmetry::None, 90 + index as u64);
        assert_eq!(
            count_solutions(&generated.puzzle, 2),
            1,
            "{}",
            generated.puzzle
        );
        assert!(generated.solution.solves(&generated.puzzle));
        assert!(generated.puzzle.clue_count() < size.cells() / 2);
    }
}

#[test]
fn the_stream_decides_everything() {
    let a = make(Size::S9, Variant::Jigsaw, Symmetry::None, 7);
    let b = make(Size::S9, Variant::Jigsaw, Symmetry::None, 7);
    let c = make(Size::S9, Variant::Jigsaw, Symmetry::None, 8);
    assert_eq!(a, b);
    assert_ne!(a.puzzle.geometry(), c.puzzle.geometry());
}

#[test]
fn clue_ranges_are_checked_and_honoured() {
    assert!(parse_clues("4..6", Size::S4).is_ok());
    assert!(parse_clues("..2", Size::S4).is_err());
    assert!(
        parse_clues("10..20", Size::S4)
            .unwrap_err()
            .message()
            .contains("16")
    );
    let options = VariantOptions {
        clues: Some(parse_clues("14..16", Size::S6).unwrap()),
        ..VariantOptions::new(Size::S6, Variant::Classic)
    };
    let mut rng = RandomStream::derive("test", &["range"], 0);
    let generated = generate(&options, &mut rng, None).unwrap();
    assert!((14..=16).contains(&generated.puzzle.clue_count()));
    let jigsaw = VariantOptions {
        symmetry: Symmetry::Rot90,
        ..VariantOptions::new(Size::S9, Variant::Jigsaw)
    };
    assert_eq!(jigsaw.check().unwrap_err().exit_code(), 2);
}

#[test]
fn impossible_requests_fail_instead_of_hanging() {
    let options = VariantOptions {
        clues: Some(parse_clues("4..5", Size::S6).unwrap()),
        max_attempts: 5,
        ..VariantOptions::new(Size::S6, Variant::Classic)
    };
    let mut rng = RandomStream::derive("test", &["impossible"], 0);
    let error = generate(&options, &mut rng, None).unwrap_err();
    assert_eq!(error.exit_code(), 1);
    assert!(error.message().contains("6x6 sudoku"), "{error}");
}
