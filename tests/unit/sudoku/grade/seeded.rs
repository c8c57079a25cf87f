use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::grade::hint::Technique;
use puzzlebook::sudoku::grade::seeded::*;
use puzzlebook::sudoku::grade::{GradeOptions, grade_unique};
use puzzlebook::sudoku::grid::Grid;
use puzzlebook::sudoku::solver::Solution;
use puzzlebook::sudoku::solver::solve;
use puzzlebook::sudoku::symmetry::Symmetry;

/// Every built-in puzzle is unique and, graded afresh, has its technique as its
/// hardest step, at the technique's rating.
#[test]
fn the_seeds_have_their_technique_as_their_hardest_step() {
    for technique in SEEDED {
        let lines = seed_lines(technique);
        assert!(lines.len() >= 8, "{technique:?}");
        for line in lines {
            let puzzle = Grid::parse(line).unwrap();
            let Solution::Unique(solution) = solve(&puzzle) else {
                panic!("{line} is not unique");
            };
            let grading = grade_unique(&puzzle, &solution, &GradeOptions::default()).unwrap();
            assert_eq!(grading.hardest, technique, "{line}");
            assert_eq!(grading.rating_tenths, technique.base_rating(), "{line}");
            assert!(grading.complete && !grading.trial_and_error, "{line}");
        }
    }
}

/// Drawn isomorphs keep the symmetry asked for and are isomorphs: the image has the
/// same clue count, is unique, and relabels a permutation of each house's digits.
#[test]
fn isomorphs_keep_the_symmetry_and_uniqueness() {
    let seeds: Vec<Grid> = seed_lines(Technique::AlignedPairExclusion)
        .into_iter()
        .map(|line| Grid::parse(line).unwrap())
        .collect();
    assert_eq!(seeds.len(), 20);
    for symmetry in [Symmetry::None, Symmetry::Rot180, Symmetry::Antidiagonal] {
        let symmetric: Vec<&Grid> = seeds
            .iter()
            .filter(|seed| symmetry.holds_for(seed.cells()))
            .collect();
        assert!(!symmetric.is_empty(), "{symmetry:?}");
        for index in 0..40 {
            let mut rng = RandomStream::derive("test", &["isomorph"], index);
            let seed = symmetric[index as usize % symmetric.len()];
            let image = Isomorph::random(seed, symmetry, &mut rng).apply(seed);
            assert!(symmetry.holds_for(image.cells()), "{symmetry:?} {image}");
            assert_eq!(image.clue_count(), seed.clue_count());
            assert!(matches!(solve(&image), Solution::Unique(_)), "{image}");
        }
    }
}

/// Orders that commute with the reversal do, and every order keeps the bands.
#[test]
fn line_orders_keep_bands_and_commute_with_the_reversal_when_asked() {
    let mut rng = RandomStream::derive("test", &["lines"], 0);
    for _ in 0..200 {
        for free in [false, true] {
            let order = line_order(free, &mut rng);
            let mut sorted = order;
            sorted.sort_unstable();
            assert_eq!(sorted, std::array::from_fn(|k| k));
            for band in 0..3 {
                let source = order[band * 3] / 3;
                assert!((0..3).all(|k| order[band * 3 + k] / 3 == source));
            }
            if !free {
                assert!((0..9).all(|r| order[8 - r] == 8 - order[r]), "{order:?}");
            }
        }
    }
}
