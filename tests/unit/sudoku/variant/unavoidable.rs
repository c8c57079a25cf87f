use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::variant::geometry::CellSet;
use puzzlebook::sudoku::variant::geometry::{Size, Variant};
use puzzlebook::sudoku::variant::grid::VariantGrid;
use puzzlebook::sudoku::variant::solver::{count_solutions, sample_solutions};
use puzzlebook::sudoku::variant::unavoidable::*;

fn solutions() -> Vec<VariantGrid> {
    let mut rng = RandomStream::derive("test", &["unavoidable"], 0);
    let kinds = [
        (Size::S6, Variant::Classic),
        (Size::S8, Variant::X),
        (Size::S9, Variant::Windoku),
        (Size::S12, Variant::Classic),
    ];
    sample_solutions(&kinds, &mut rng)
}

#[test]
fn found_sets_are_unavoidable_and_digit_pair_cycles_cover_their_digits() {
    let grids = solutions();
    assert_eq!(grids.len(), 5);
    let mut line_cycles = 0;
    for solution in grids {
        let found = UnavoidableSets::of_solution(&solution);
        let side = solution.geometry().side();
        assert!(found.len() >= side * (side - 1) / 2, "{solution}");
        let mut covered = vec![CellSet::EMPTY; 17 * 17];
        for set in &found.sets {
            assert!(set.len() >= 4 && set.len() % 2 == 0, "{solution}");
            // A puzzle without a clue in the set has another solution.
            let mut puzzle = solution.clone();
            for cell in set.iter() {
                puzzle.set(cell, 0);
            }
            assert_eq!(count_solutions(&puzzle, 2), 2);
            let clues = (0..solution.cells().len())
                .filter(|&cell| puzzle.get(cell) != 0)
                .collect();
            assert!(found.missed_by(clues));
            let values: Vec<u8> = set.iter().map(|cell| solution.get(cell)).collect();
            let (low, high) = (*values.iter().min().unwrap(), *values.iter().max().unwrap());
            if !values.iter().all(|&value| value == low || value == high) {
                line_cycles += 1;
                continue;
            }
            // Swapping the two digits over the set gives another valid grid.
            let mut other = solution.clone();
            for cell in set.iter() {
                other.set(cell, if solution.get(cell) == low { high } else { low });
            }
            assert!(other.conflict().is_none(), "{solution} -> {other}");
            let pair = usize::from(low) * 17 + usize::from(high);
            assert!(
                covered[pair].intersection(*set).is_empty(),
                "cycles overlap"
            );
            covered[pair] = covered[pair].union(*set);
        }
        // The cycles of a pair together hold every cell of its two digits.
        for low in 1..=side as u8 {
            for high in low + 1..=side as u8 {
                let cells: CellSet = (0..solution.cells().len())
                    .filter(|&cell| [low, high].contains(&solution.get(cell)))
                    .collect();
                assert_eq!(covered[usize::from(low) * 17 + usize::from(high)], cells);
            }
        }
        let all: CellSet = (0..solution.cells().len()).collect();
        assert!(!found.missed_by(all));
    }
    assert!(line_cycles > 10, "{line_cycles}");
}
