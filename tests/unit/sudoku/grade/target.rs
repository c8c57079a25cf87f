use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::generate::dig_first;
use puzzlebook::sudoku::generate::random_solution;
use puzzlebook::sudoku::grade::target::*;
use puzzlebook::sudoku::grid::Grid;
use puzzlebook::sudoku::symmetry::Symmetry;

fn sees(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
}

/// The digits no clue in the cell's row, column or box rules out of an empty cell, as
/// a bit set (bit `d` for digit `d`).
fn plain_candidates(puzzle: &Grid, cell: usize) -> u16 {
    (1..=9u8)
        .filter(|&digit| {
            !(0..81).any(|other| other != cell && sees(cell, other) && puzzle.get(other) == digit)
        })
        .fold(0, |set, digit| set | 1 << digit)
}

/// A puzzle dug by `steer`'s plan from a random solution, and the plan.
fn dug(steer: Steer, index: u64) -> (Grid, DigPlan) {
    let mut rng = RandomStream::derive("test", &["plan"], index);
    let solution = random_solution(&mut rng);
    let plan = steer.plan(&solution, &mut rng);
    let puzzle = dig_first(
        &solution,
        Symmetry::None,
        &plan.first,
        &plan.keep,
        0,
        &mut rng,
    );
    for cell in 0..81 {
        assert!(!plan.keep[cell] || puzzle.get(cell) != 0, "kept clues stay");
        // From a complete grid a box's cells always go (a fish's need not).
        let quad = matches!(steer, Steer::Quad { .. });
        assert!(
            !quad || !plan.first[cell] || puzzle.get(cell) == 0,
            "the box goes"
        );
    }
    (puzzle, plan)
}

/// Checked against candidates computed from the clues alone: the box a quad plan digs
/// holds four cells with four digits between them (naked) or four digits with four
/// cells between them (hidden), from the start.
#[test]
fn quad_plans_build_the_quad_in_their_box() {
    for index in 0..12 {
        for naked in [false, true] {
            let (puzzle, plan) = dug(Steer::Quad { naked }, index);
            let box_cells: Vec<usize> = (0..81).filter(|&cell| plan.first[cell]).collect();
            assert_eq!(box_cells.len(), if naked { 8 } else { 9 });
            assert!(box_cells.iter().all(|&cell| sees(cell, box_cells[0])));
            let candidates: Vec<u16> = box_cells
                .iter()
                .map(|&cell| plain_candidates(&puzzle, cell))
                .collect();
            let found = puzzlebook::sudoku::grade::basic::combinations(4, box_cells.len() as u32)
                .any(|mask| {
                    let chosen = (0..box_cells.len()).filter(|&k| mask & 1 << k != 0);
                    if naked {
                        chosen.fold(0u16, |set, k| set | candidates[k]).count_ones() == 4
                    } else {
                        // Four digits whose cells in the box are four.
                        let digits: Vec<u16> = (1..=9u16)
                            .filter(|&digit| {
                                candidates
                                    .iter()
                                    .enumerate()
                                    .all(|(k, &set)| set & 1 << digit == 0 || mask & 1 << k != 0)
                            })
                            .collect();
                        digits.len() >= 4
                    }
                });
            assert!(found, "naked {naked}, index {index}: {puzzle}");
        }
    }
}

/// A fish plan's digit has, in the plan's four lines, candidates in four cross lines at
/// most.
#[test]
fn fish_plans_build_the_fish() {
    for index in 0..12 {
        let (puzzle, plan) = dug(Steer::Fish { size: 4 }, index);
        let found = (1..=9u8).any(|digit| {
            [false, true].into_iter().any(|across| {
                let at = |line: usize, k: usize| if across { k * 9 + line } else { line * 9 + k };
                let kept_lines: Vec<usize> = (0..9)
                    .filter(|&line| (0..9).filter(|&k| plan.keep[at(line, k)]).count() == 5)
                    .collect();
                kept_lines.len() >= 4
                    && kept_lines
                        .iter()
                        .fold(0u16, |covers, &line| {
                            (0..9)
                                .filter(|&k| {
                                    puzzle.get(at(line, k)) == 0
                                        && plain_candidates(&puzzle, at(line, k)) & 1 << digit != 0
                                })
                                .fold(covers, |covers, k| covers | 1 << k)
                        })
                        .count_ones()
                        <= 4
            })
        });
        assert!(found, "index {index}: {puzzle}");
    }
}
