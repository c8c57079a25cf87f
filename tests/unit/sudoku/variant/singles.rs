use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::variant::bits::Bits;
use puzzlebook::sudoku::variant::bits::SizedWork;
use puzzlebook::sudoku::variant::bits::run_sized;
use puzzlebook::sudoku::variant::geometry::{Size, Variant};
use puzzlebook::sudoku::variant::grade::{VariantGradeOptions, grade_unique};
use puzzlebook::sudoku::variant::grid::VariantGrid;
use puzzlebook::sudoku::variant::singles::*;
use puzzlebook::sudoku::variant::solver::{count_solutions, sample_solutions};

/// Whether `singles` fill `targets` of `puzzle`, a part of `solution`.
fn singles_fill(
    puzzle: &VariantGrid,
    solution: &VariantGrid,
    targets: &[usize],
    singles: Singles,
) -> bool {
    struct TargetsFill<'a> {
        puzzle: &'a VariantGrid,
        solution: &'a VariantGrid,
        targets: &'a [usize],
        rules: SinglesRules,
    }
    impl SizedWork for TargetsFill<'_> {
        type Output = bool;
        fn run<const W: usize, const D: usize>(self) -> bool {
            let solution = Solution::<W, D>::of(self.solution);
            let given = (0..self.puzzle.cells().len()).filter(|&c| self.puzzle.get(c) != 0);
            let clues = solution.clues(Bits::of_cells(given));
            let targets = Bits::of_cells(self.targets.iter().copied());
            solution.fills(&clues, targets, self.rules)
        }
    }
    let fill = TargetsFill {
        puzzle,
        solution,
        targets,
        rules: singles.rules(puzzle.geometry()),
    };
    run_sized(solution.geometry().side(), fill)
}

/// The cells singles fill, found the plain way: every round recomputes each open
/// cell's values from its houses and each house's places for each value.
fn reference_fill(puzzle: &VariantGrid, singles: Singles) -> VariantGrid {
    let geometry = puzzle.geometry();
    let side = geometry.side() as u8;
    let mut grid = puzzle.clone();
    let fits = |grid: &VariantGrid, cell: usize, value: u8| {
        grid.get(cell) == 0
            && geometry.houses_of(cell).iter().all(|&house| {
                geometry
                    .house(usize::from(house))
                    .iter()
                    .all(|&other| grid.get(usize::from(other)) != value)
            })
    };
    loop {
        let mut placement = None;
        for house in 0..geometry.house_count() {
            for value in 1..=side {
                let places: Vec<usize> = geometry
                    .house(house)
                    .iter()
                    .map(|&cell| usize::from(cell))
                    .filter(|&cell| fits(&grid, cell, value))
                    .collect();
                if places.len() == 1 {
                    placement = Some((places[0], value));
                }
            }
        }
        if singles == Singles::HiddenAndNaked {
            for cell in 0..geometry.cells() {
                let values: Vec<u8> = (1..=side).filter(|&v| fits(&grid, cell, v)).collect();
                if values.len() == 1 {
                    placement = Some((cell, values[0]));
                }
            }
        }
        let Some((cell, value)) = placement else {
            return grid;
        };
        grid.set(cell, value);
    }
}

fn solutions(rng: &mut RandomStream) -> Vec<VariantGrid> {
    let kinds = [
        (Size::S4, Variant::Classic),
        (Size::S6, Variant::Classic),
        (Size::S6, Variant::X),
        (Size::S8, Variant::Classic),
        (Size::S9, Variant::X),
        (Size::S9, Variant::Windoku),
        (Size::S12, Variant::Classic),
    ];
    sample_solutions(&kinds, rng)
}

#[test]
fn singles_fill_what_the_plain_way_fills() {
    let mut rng = RandomStream::derive("test", &["singles"], 0);
    let mut outcomes = [0; 2];
    for round in 0..6 {
        for solution in solutions(&mut rng) {
            let cells = solution.cells().len();
            let mut order: Vec<usize> = (0..cells).collect();
            rng.shuffle(&mut order);
            // From nearly full to sparser than any minimal puzzle.
            for emptied in [cells / 4, cells / 2, cells * 3 / 5, cells * 2 / 3 + round] {
                let mut puzzle = solution.clone();
                for &cell in &order[..emptied] {
                    puzzle.set(cell, 0);
                }
                for singles in [Singles::Hidden, Singles::HiddenAndNaked] {
                    let filled = reference_fill(&puzzle, singles);
                    let solved = filled.is_complete();
                    assert_eq!(
                        singles_fill(&puzzle, &solution, &order[..emptied], singles),
                        solved
                    );
                    // A few targets: filled exactly when the plain way fills them.
                    let few = &order[..3];
                    let expected = few.iter().all(|&cell| filled.get(cell) != 0);
                    assert_eq!(
                        singles_fill(&puzzle, &solution, few, singles),
                        expected,
                        "{puzzle}"
                    );
                    if solved {
                        assert_eq!(filled, solution);
                        assert_eq!(count_solutions(&puzzle, 2), 1);
                    }
                    outcomes[usize::from(solved)] += 1;
                }
            }
        }
    }
    assert!(outcomes[0] > 40 && outcomes[1] > 40, "{outcomes:?}");
}

#[test]
fn a_dig_takes_out_exactly_the_clues_singles_fill_back_and_keeps_what_they_rule_out() {
    let mut rng = RandomStream::derive("test", &["singles dig"], 0);
    let mut removals = [0; 2];
    for solution in solutions(&mut rng) {
        for singles in [Singles::Hidden, Singles::HiddenAndNaked] {
            let mut dig = SinglesDig::new(&solution, singles);
            let mut puzzle = solution.clone();
            let mut order: Vec<usize> = (0..puzzle.cells().len()).collect();
            rng.shuffle(&mut order);
            for pair in order.chunks(2) {
                let removed = dig.remove_if_filled(pair);
                let mut fewer = puzzle.clone();
                for &cell in pair {
                    fewer.set(cell, 0);
                }
                let filled = reference_fill(&fewer, singles);
                let refilled = pair.iter().all(|&cell| filled.get(cell) != 0);
                assert_eq!(removed, refilled, "{puzzle}");
                if removed {
                    puzzle = fewer;
                }
                // The kept clues are the puzzle's, ruling out what they would afresh.
                let [kept, afresh] = dig.kept_and_afresh();
                let puzzle_clues = (0..puzzle.cells().len()).filter(|&c| puzzle.get(c) != 0);
                assert_eq!(kept.given, Bits::of_cells(puzzle_clues));
                assert_eq!(kept.given, afresh.given);
                assert_eq!(kept.wrong, afresh.wrong);
                assert_eq!(kept.settled, afresh.settled);
                removals[usize::from(removed)] += 1;
            }
            assert_eq!(reference_fill(&puzzle, singles), solution, "{puzzle}");
        }
    }
    assert!(removals[0] > 50 && removals[1] > 50, "{removals:?}");
}

#[test]
fn puzzles_singles_solve_grade_within_them() {
    let mut rng = RandomStream::derive("test", &["singles grades"], 0);
    let mut graded = 0;
    for _ in 0..4 {
        for solution in solutions(&mut rng) {
            let cells = solution.cells().len();
            let mut order: Vec<usize> = (0..cells).collect();
            rng.shuffle(&mut order);
            for emptied in [cells / 2, cells * 3 / 5] {
                let mut puzzle = solution.clone();
                for &cell in &order[..emptied] {
                    puzzle.set(cell, 0);
                }
                for (singles, most) in [(Singles::Hidden, 15), (Singles::HiddenAndNaked, 23)] {
                    if singles_fill(&puzzle, &solution, &order[..emptied], singles) {
                        let grading =
                            grade_unique(&puzzle, &solution, &VariantGradeOptions::default())
                                .unwrap();
                        assert!(grading.rating_tenths <= most, "{puzzle}");
                        graded += 1;
                    }
                }
            }
        }
    }
    assert!(graded > 30, "{graded}");
}
