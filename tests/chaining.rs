//! The chaining engine through its public API, on the reference puzzles: a reused
//! `ChainEngine` must answer exactly as fresh `chaining::find` calls (no state leaks between
//! calls), and every chain step the grader takes must be consistent with the solution.

use puzzlebook::sudoku::grade::board::Board;
use puzzlebook::sudoku::grade::chaining::{self, ChainEngine, ChainRule, Position};
use puzzlebook::sudoku::grade::walkthrough::is_chain;
use puzzlebook::sudoku::grade::{next_hint, parse_rating};
use puzzlebook::sudoku::{Grid, Solution, solve};

const DATA: &str = include_str!("data/se-rated.txt");

/// Reference puzzles rated at least `min` tenths, every `stride`-th one.
fn puzzles(min: u16, stride: usize) -> Vec<Grid> {
    DATA.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let puzzle = words.next()?;
            let rating = parse_rating(words.next()?)?;
            (rating >= min).then(|| puzzle.parse().expect("reference puzzles parse"))
        })
        .step_by(stride)
        .collect()
}

#[test]
fn a_reused_engine_answers_like_fresh_calls() {
    let mut engine = ChainEngine::new();
    let mut positions = 0;
    for grid in puzzles(85, 40) {
        let mut board = Board::new(&grid);
        while !board.is_solved() {
            let Some(hint) = next_hint(&board) else { break };
            if is_chain(hint.technique) {
                positions += 1;
                let position = Position {
                    values: &board.values,
                    candidates: &board.candidates,
                };
                for rule in [
                    ChainRule::Cycles,
                    ChainRule::Nishio,
                    ChainRule::Multiple,
                    ChainRule::Dynamic,
                ] {
                    assert_eq!(
                        engine.find(rule, &position),
                        chaining::find(rule, &position),
                        "{rule:?} in {}",
                        board.grid().to_line()
                    );
                }
            }
            hint.apply(&mut board);
        }
    }
    assert!(positions >= 20, "only {positions} chain positions");
}

#[test]
fn chain_steps_taken_by_the_grader_are_sound() {
    let mut checked = 0;
    for grid in puzzles(70, 25) {
        let Solution::Unique(solution) = solve(&grid) else {
            panic!("reference puzzles have one solution");
        };
        let answer = solution.to_line().into_bytes();
        let mut board = Board::new(&grid);
        while !board.is_solved() {
            let Some(hint) = next_hint(&board) else { break };
            if is_chain(hint.technique) {
                checked += 1;
                let before = board;
                hint.apply(&mut board);
                for (cell, &answer) in answer.iter().enumerate() {
                    let digit = answer - b'0';
                    assert!(
                        board.values[cell] == digit
                            || (board.values[cell] == 0 && board.has(cell, digit)),
                        "{:?} broke r{}c{} in {}",
                        hint.technique,
                        cell / 9 + 1,
                        cell % 9 + 1,
                        before.grid().to_line()
                    );
                }
            } else {
                hint.apply(&mut board);
            }
        }
    }
    assert!(checked >= 50, "only {checked} chain steps");
}
