//! Development aid: prints seeded, minimal windoku puzzles, one 81-character line each, to
//! be rated by SukakuExplainer (`serate --isWindows=1`) for tests/data/windoku-rated.txt.
//!
//! `cargo run --release --example windoku_puzzles -- COUNT [SEED]`

use puzzlebook::seed::RandomStream;
use puzzlebook::sudoku::Grid;
use puzzlebook::sudoku::grade::ExtraHouses;
use puzzlebook::sudoku::grade::board::{FIRST_WINDOW, HOUSE_CELLS};
use puzzlebook::sudoku::grade::exact::solve_in;
use puzzlebook::sudoku::solver::Solution;

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let seed = args.next().unwrap_or_else(|| "windoku".to_string());
    let geometry = ExtraHouses::Windoku.geometry();
    for index in 0..count {
        let mut rng = RandomStream::derive(&seed, &["windoku"], index);
        // A shuffled first window, completed by the solver, then its digits relabelled.
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        let mut seeded = Grid::EMPTY;
        for (k, &cell) in HOUSE_CELLS[FIRST_WINDOW].iter().enumerate() {
            seeded.set(cell, digits[k]);
        }
        // A few more random digits where they fit, so that solutions vary beyond the window.
        for _ in 0..6 {
            let cell = rng.below(81) as usize;
            let digit = rng.in_range(1, 9) as u8;
            if seeded.get(cell) == 0 {
                let mut trial = seeded;
                trial.set(cell, digit);
                if !matches!(solve_in(&trial, geometry), Solution::None) {
                    seeded = trial;
                }
            }
        }
        let solution = match solve_in(&seeded, geometry) {
            Solution::Unique(grid) | Solution::Multiple(grid, _) => grid,
            Solution::None => continue,
        };
        let symmetric = rng.chance(1, 2);
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        let mut puzzle = solution;
        for cell in cells {
            if puzzle.get(cell) == 0 {
                continue;
            }
            let mut trial = puzzle;
            trial.set(cell, 0);
            if symmetric {
                trial.set(80 - cell, 0);
            }
            if matches!(solve_in(&trial, geometry), Solution::Unique(_)) {
                puzzle = trial;
            }
        }
        println!("{}", puzzle.to_line());
    }
}
