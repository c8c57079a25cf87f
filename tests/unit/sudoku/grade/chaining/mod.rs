//! Tests of the chaining rules: crafted positions with hand-checked outcomes, and the fast
//! engine against the naive reference (`reference.rs`) on positions from real puzzles.

#![allow(clippy::needless_range_loop)]

mod board;
mod hint;
pub mod reference;
mod tables;

use puzzlebook::sudoku::grade::chaining::board::Board;
use puzzlebook::sudoku::grade::chaining::multiple::RuleConfig;
use puzzlebook::sudoku::grade::chaining::{ChainEngine, ChainRule, ChainStep, Position};

/// A position where every empty cell has the digits 5-9 (or 2-9) as background candidates
/// plus the listed extra ones; the background digits give no links of their own.
fn position(background: u16, extra: &[(usize, &[u8])]) -> ([u8; 81], [u16; 81]) {
    let values = [0u8; 81];
    let mut candidates = [background; 81];
    for &(cell, digits) in extra {
        for &digit in digits {
            candidates[cell] |= 1 << (digit - 1);
        }
    }
    (values, candidates)
}

fn set(cell_digits: &[(usize, &[u8])]) -> Vec<(usize, Vec<u8>)> {
    cell_digits.iter().map(|&(c, d)| (c, d.to_vec())).collect()
}

fn cell(row: usize, column: usize) -> usize {
    (row - 1) * 9 + column - 1
}

fn find(rule: ChainRule, values: &[u8; 81], candidates: &[u16; 81]) -> Option<ChainStep> {
    ChainEngine::new().find(rule, &Position { values, candidates })
}

const DIGITS_2_TO_9: u16 = 0x1fe;

#[test]
fn x_cycle_on_an_x_wing_is_a_generalized_x_wing() {
    // Digit 1 only in r1c1, r1c5, r5c1, r5c5 (an X-wing on rows 1 and 5) and r3c1, r7c5.
    let ones = [
        cell(1, 1),
        cell(1, 5),
        cell(5, 1),
        cell(5, 5),
        cell(3, 1),
        cell(7, 5),
    ];
    let extra: Vec<(usize, &[u8])> = ones.iter().map(|&c| (c, &[1u8][..])).collect();
    let (values, candidates) = position(DIGITS_2_TO_9, &extra);
    let step = find(ChainRule::Cycles, &values, &candidates).expect("a cycle");
    assert_eq!(step.name, "Generalized X-Wing");
    assert_eq!(step.rating_tenths, 65);
    assert_eq!(
        step.eliminations,
        vec![(cell(3, 1) as u8, 1), (cell(7, 5) as u8, 1)]
    );
    assert!(step.placements.is_empty());
    assert!(
        step.explanation
            .starts_with("Generalized X-Wing through r1c1"),
        "{}",
        step.explanation
    );
}

#[test]
fn skyscraper_is_a_turbot_fish_forcing_x_chain() {
    // Columns 1 and 5 hold 1 twice each (r1c1/r6c1, r2c5/r6c5); row 1, block 2 and row 6
    // have a third 1 so that only the columns are strong links. r1c6 sees both tops.
    let ones = [
        cell(1, 1),
        cell(1, 6),
        cell(1, 8),
        cell(2, 5),
        cell(3, 4),
        cell(6, 1),
        cell(6, 5),
        cell(6, 9),
    ];
    let extra: Vec<(usize, &[u8])> = ones.iter().map(|&c| (c, &[1u8][..])).collect();
    let (values, candidates) = position(DIGITS_2_TO_9, &extra);
    let step = find(ChainRule::Cycles, &values, &candidates).expect("a chain");
    assert_eq!(step.name, "Turbot Fish");
    assert_eq!(step.rating_tenths, 66);
    assert_eq!(step.eliminations, vec![(cell(1, 6) as u8, 1)]);
    assert!(step.placements.is_empty());
    assert!(
        step.explanation.ends_with("So r1c6 cannot be 1."),
        "{}",
        step.explanation
    );

    // The same position under Nishio: assuming r1c6=1 leads to r6c1 both 1 and not 1,
    // through 3 + 4 potentials (7.5 + 0.1).
    let step = find(ChainRule::Nishio, &values, &candidates).expect("a Nishio chain");
    assert_eq!(step.name, "Nishio Forcing Chains");
    assert_eq!(step.rating_tenths, 76);
    assert_eq!(step.eliminations, vec![(cell(1, 6) as u8, 1)]);
}

#[test]
fn bivalue_loop_is_a_y_cycle() {
    // r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1} form a loop of bivalue cells; r1c9,
    // r5c9, r9c1 and r9c5 each see two loop cells sharing a digit they hold.
    let background = 0x1f0; // 5-9
    let (values, candidates) = position(
        background,
        &[
            (cell(1, 1), &[1, 2]),
            (cell(1, 5), &[2, 3]),
            (cell(5, 5), &[3, 4]),
            (cell(5, 1), &[4, 1]),
            (cell(1, 9), &[2]),
            (cell(5, 9), &[4]),
            (cell(9, 1), &[1]),
            (cell(9, 5), &[3]),
        ],
    );
    let mut candidates = candidates;
    for loop_cell in [cell(1, 1), cell(1, 5), cell(5, 5), cell(5, 1)] {
        candidates[loop_cell] &= 0xf; // only the two loop digits
    }
    let step = find(ChainRule::Cycles, &values, &candidates).expect("a cycle");
    assert_eq!(step.name, "Bidirectional Y-Cycle");
    // Eight potentials: 6.5 + 0.1.
    assert_eq!(step.rating_tenths, 66);
    assert_eq!(
        step.eliminations,
        vec![
            (cell(1, 9) as u8, 2),
            (cell(5, 9) as u8, 4),
            (cell(9, 1) as u8, 1),
            (cell(9, 5) as u8, 3)
        ]
    );
    let _ = set(&[]);
}

#[test]
fn no_chain_in_a_position_without_links() {
    let (values, candidates) = position(0x1ff, &[]);
    for rule in [ChainRule::Cycles, ChainRule::Nishio, ChainRule::Multiple] {
        assert_eq!(find(rule, &values, &candidates), None, "{rule:?}");
    }
}

// ---- positions from real puzzles ----

/// SE-rated puzzles (public-domain sudoku-exchange bank): (puzzle, SE rating).
const PUZZLES: [(&str, u16); 6] = [
    (
        "5...8...7.3.....2..1.2.7.8..49...31.....4....8...2...9.7.1.4.9..........49.872.61",
        68,
    ),
    (
        "4....5..2.9.....1...17..4..8..5273.....3.4.....2981..4..8..27...6.....8.1..8....3",
        89,
    ),
    (
        "9.....53.8...1....31.7...8.6..5...78....3....27...4..5.9...8.13....7...2.86.....9",
        77,
    ),
    (
        "8....76......6.2..5......3..567.9......8.3......6.145..7......9..1.7......42....8",
        88,
    ),
    (
        ".1.....2.4.5.61....6.7..4..2...3.6..38..1..72..6.9...4..7..4.6....32.7.1.3.....4.",
        68,
    ),
    (
        "...743....3..1.5...1.....8...72..3....34.69....2..16...8.....3...9.8..6....354...",
        78,
    ),
];

fn peers_of(cell: usize) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&other| {
        other != cell
            && (other / 9 == cell / 9
                || other % 9 == cell % 9
                || (other / 27 == cell / 27 && other % 9 / 3 == cell % 9 / 3))
    })
}

fn place(values: &mut [u8; 81], candidates: &mut [u16; 81], cell: usize, digit: u8) {
    values[cell] = digit;
    candidates[cell] = 0;
    for peer in peers_of(cell) {
        candidates[peer] &= !(1 << (digit - 1));
    }
}

/// Naked and hidden singles until none is left.
fn singles(values: &mut [u8; 81], candidates: &mut [u16; 81]) {
    loop {
        let mut changed = false;
        for c in 0..81 {
            if values[c] == 0 && candidates[c].count_ones() == 1 {
                let digit = candidates[c].trailing_zeros() as u8 + 1;
                place(values, candidates, c, digit);
                changed = true;
            }
        }
        for kind in 0..3 {
            for index in 0..9 {
                for digit in 0..9 {
                    let places: Vec<usize> = puzzlebook::sudoku::grade::chaining::tables::REGIONS
                        [kind][index]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| candidates[c] >> digit & 1 != 0)
                        .collect();
                    if places.len() == 1 {
                        place(values, candidates, places[0], digit as u8 + 1);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return;
        }
    }
}

/// Applies a chain step and the singles that follow it.
fn apply(step: &ChainStep, values: &mut [u8; 81], candidates: &mut [u16; 81]) {
    for &(c, d) in &step.eliminations {
        candidates[c as usize] &= !(1 << (d - 1));
    }
    for &(c, d) in &step.placements {
        place(values, candidates, c as usize, d);
    }
    singles(values, candidates);
}

fn start(puzzle: &str) -> ([u8; 81], [u16; 81]) {
    let mut values = [0u8; 81];
    let mut candidates = [0x1ffu16; 81];
    for (c, ch) in puzzle.chars().enumerate() {
        if let Some(digit) = ch.to_digit(10).filter(|&d| d > 0) {
            place(&mut values, &mut candidates, c, digit as u8);
        }
    }
    singles(&mut values, &mut candidates);
    (values, candidates)
}

fn reference_step(rule: ChainRule, board: &Board) -> Option<reference::RefHint> {
    match rule {
        ChainRule::Cycles => reference::cycles(board),
        ChainRule::Nishio => reference::multiple(board, false, true, true, 0),
        ChainRule::Multiple => reference::multiple(board, true, false, false, 0),
        ChainRule::Dynamic => reference::multiple(board, true, true, false, 0),
        ChainRule::DynamicPlus => reference::multiple(board, true, true, false, 1),
        _ => unreachable!(),
    }
}

/// Walks puzzles with singles and chain steps; at every position each rule the walk tries
/// must agree with the naive reference on rating, eliminations and placement.
#[test]
fn fast_rules_match_the_naive_reference() {
    let rules = [
        ChainRule::Cycles,
        ChainRule::Nishio,
        ChainRule::Multiple,
        ChainRule::Dynamic,
    ];
    let mut engine = ChainEngine::new();
    let mut compared = 0;
    for (puzzle, _) in PUZZLES.iter().take(4) {
        let (mut values, mut candidates) = start(puzzle);
        for _ in 0..6 {
            if values.iter().all(|&v| v != 0) {
                break;
            }
            let position = Position {
                values: &values,
                candidates: &candidates,
            };
            let board = Board::from_position(&position);
            let mut taken = None;
            for rule in rules {
                let fast = engine.find(rule, &position);
                let slow = reference_step(rule, &board);
                compared += 1;
                match (&fast, &slow) {
                    (None, None) => continue,
                    (Some(fast), Some(slow)) => {
                        assert_eq!(
                            fast.rating_tenths,
                            slow.key.tenths(),
                            "{rule:?} on {puzzle}"
                        );
                        let mut eliminations: Vec<(u8, u8)> = fast.eliminations.clone();
                        eliminations.sort();
                        let expected: Vec<(u8, u8)> = slow
                            .removals
                            .iter()
                            .map(|&(c, d)| (c as u8, d as u8 + 1))
                            .collect();
                        assert_eq!(eliminations, expected, "{rule:?} on {puzzle}");
                        let placement = slow.placement.map(|(c, d)| (c as u8, d as u8 + 1));
                        assert_eq!(
                            fast.placements.first().copied(),
                            placement,
                            "{rule:?} on {puzzle}"
                        );
                        taken = Some(fast.clone());
                        break;
                    }
                    _ => panic!("{rule:?} on {puzzle}: fast {fast:?} reference {slow:?}"),
                }
            }
            let Some(step) = taken else { break };
            apply(&step, &mut values, &mut candidates);
        }
    }
    assert!(compared >= 20, "only {compared} comparisons");
}

/// The "(+)" rule, whose chains use intersections, pairs and X-wings on the reduced grid,
/// against the reference, at the first positions of solve paths.
#[test]
fn dynamic_plus_matches_the_naive_reference() {
    let mut engine = ChainEngine::new();
    let mut compared = 0;
    for (puzzle, _) in PUZZLES.iter().skip(1).take(3) {
        let (mut values, mut candidates) = start(puzzle);
        for _ in 0..2 {
            let position = Position {
                values: &values,
                candidates: &candidates,
            };
            let board = Board::from_position(&position);
            let fast = engine
                .find(ChainRule::DynamicPlus, &position)
                .expect("a (+) step");
            let slow = reference_step(ChainRule::DynamicPlus, &board).expect("a (+) step");
            compared += 1;
            assert_eq!(fast.rating_tenths, slow.key.tenths(), "{puzzle}");
            let mut eliminations = fast.eliminations.clone();
            eliminations.sort();
            let expected: Vec<(u8, u8)> = slow
                .removals
                .iter()
                .map(|&(c, d)| (c as u8, d as u8 + 1))
                .collect();
            assert_eq!(eliminations, expected, "{puzzle}");
            // Progress with the dynamic rule's step to reach a different position.
            let step = engine
                .find(ChainRule::Dynamic, &position)
                .expect("a dynamic step");
            apply(&step, &mut values, &mut candidates);
        }
    }
    assert_eq!(compared, 6);
}

/// Every elimination and placement of every rule, along real solve paths, agrees with the
/// puzzle's solution.
#[test]
fn chain_steps_are_sound() {
    let mut engine = ChainEngine::new();
    let mut steps = 0;
    for (puzzle, _) in PUZZLES {
        let grid = puzzlebook::sudoku::Grid::parse(puzzle).expect("puzzle");
        let puzzlebook::sudoku::Solution::Unique(solution) = puzzlebook::sudoku::solve(&grid)
        else {
            panic!("{puzzle} has no unique solution");
        };
        let solution = solution.to_line();
        let answer: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        let (mut values, mut candidates) = start(puzzle);
        while values.contains(&0) {
            let position = Position {
                values: &values,
                candidates: &candidates,
            };
            let mut taken = None;
            for rule in [
                ChainRule::Cycles,
                ChainRule::Nishio,
                ChainRule::Multiple,
                ChainRule::Dynamic,
                ChainRule::DynamicPlus,
            ] {
                if let Some(step) = engine.find(rule, &position) {
                    taken = Some(step);
                    break;
                }
            }
            let step = taken.expect("a chain rule applies");
            steps += 1;
            for &(c, d) in &step.eliminations {
                assert_ne!(
                    answer[c as usize], d,
                    "{} removes the solution in {puzzle}",
                    step.name
                );
                candidates[c as usize] &= !(1 << (d - 1));
            }
            for &(c, d) in &step.placements {
                assert_eq!(
                    answer[c as usize], d,
                    "{} places a wrong digit in {puzzle}",
                    step.name
                );
                place(&mut values, &mut candidates, c as usize, d);
            }
            singles(&mut values, &mut candidates);
        }
    }
    assert!(steps > 30, "only {steps} steps");
}

/// Nested forcing chains (level 2: forcing chains and cycles inside dynamic chains) on the
/// start of a hard puzzle: sound, rated from 9.5, named as SE does.
#[test]
fn nested_forcing_chains_are_sound() {
    let (puzzle, _) = PUZZLES[1];
    let grid = puzzlebook::sudoku::Grid::parse(puzzle).expect("puzzle");
    let puzzlebook::sudoku::Solution::Unique(solution) = puzzlebook::sudoku::solve(&grid) else {
        panic!("{puzzle} has no unique solution");
    };
    let answer: Vec<u8> = solution.to_line().bytes().map(|b| b - b'0').collect();
    let (values, candidates) = start(puzzle);
    let step = find(ChainRule::Nested, &values, &candidates).expect("a nested step");
    assert!(step.rating_tenths >= 95, "{}", step.rating_tenths);
    assert!(
        step.name.starts_with("Dynamic ") && step.name.ends_with(" Chains (+ Forcing Chains)"),
        "{}",
        step.name
    );
    assert!(!step.eliminations.is_empty());
    for &(c, d) in &step.eliminations {
        assert_ne!(answer[c as usize], d, "{} removes the solution", step.name);
    }
    for &(c, d) in &step.placements {
        assert_eq!(answer[c as usize], d, "{} places a wrong digit", step.name);
    }
}

/// A dynamic rule that follows another on the same position carries the kept closures on
/// to its level instead of running them again; every step, explanation included, must be
/// the one a fresh engine finds, whichever rules ran before (up and down the levels, and
/// after the position changes).
#[test]
fn carried_closures_give_the_steps_of_fresh_ones() {
    let sequence = [
        ChainRule::Dynamic,
        ChainRule::DynamicPlus,
        ChainRule::Nested,
        ChainRule::Dynamic,
        ChainRule::Multiple,
        ChainRule::DynamicPlus,
    ];
    let mut engine = ChainEngine::new();
    let mut compared = 0;
    for (puzzle, _) in PUZZLES.iter().skip(1).take(1) {
        let (mut values, mut candidates) = start(puzzle);
        for _ in 0..2 {
            let position = Position {
                values: &values,
                candidates: &candidates,
            };
            for rule in sequence {
                let carried = engine.find(rule, &position);
                let fresh = ChainEngine::new().find(rule, &position);
                assert_eq!(carried, fresh, "{rule:?} on {puzzle}");
                compared += 1;
            }
            let step = engine
                .find(ChainRule::Dynamic, &position)
                .expect("a dynamic step");
            apply(&step, &mut values, &mut candidates);
        }
    }
    assert_eq!(compared, 12);
}

/// Arbitrary, even contradictory, candidate states (cells without candidates, digits
/// without places, candidates in placed cells) never make a rule panic, and whatever a rule
/// returns is well formed.
#[test]
fn arbitrary_positions_do_not_panic() {
    let mut random = puzzlebook::seed::RandomStream::derive("chaining", &["arbitrary"], 0);
    let mut engine = ChainEngine::new();
    for _ in 0..40 {
        let mut values = [0u8; 81];
        let mut candidates = [0u16; 81];
        for cell in 0..81 {
            if random.chance(1, 4) {
                values[cell] = random.in_range(1, 9) as u8;
            }
            // Sparse candidates (0-3 per cell) keep the searches small.
            for _ in 0..random.below(4) {
                candidates[cell] |= 1 << random.below(9);
            }
        }
        let position = Position {
            values: &values,
            candidates: &candidates,
        };
        for rule in [
            ChainRule::Cycles,
            ChainRule::Nishio,
            ChainRule::Multiple,
            ChainRule::Dynamic,
            ChainRule::DynamicPlus,
        ] {
            if let Some(step) = engine.find(rule, &position) {
                assert!(
                    !step.eliminations.is_empty() || !step.placements.is_empty(),
                    "{rule:?}"
                );
                for &(cell, digit) in step.eliminations.iter().chain(&step.placements) {
                    assert!(
                        cell < 81 && (1..=9).contains(&digit),
                        "{rule:?}: {cell} {digit}"
                    );
                }
                assert!(step.rating_tenths >= 65 && !step.explanation.is_empty());
            }
        }
    }
}

#[test]
fn rule_configs_rate_like_se() {
    assert_eq!(RuleConfig::NISHIO.base_difficulty(), 7.5);
    assert_eq!(RuleConfig::MULTIPLE.base_difficulty(), 8.0);
    assert_eq!(RuleConfig::DYNAMIC.base_difficulty(), 8.5);
    assert_eq!(RuleConfig::DYNAMIC_PLUS.base_difficulty(), 9.0);
    assert_eq!(RuleConfig::nested(2).base_difficulty(), 9.5);
    assert_eq!(RuleConfig::nested(3).base_difficulty(), 10.0);
}
