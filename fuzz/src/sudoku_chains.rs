//! Candidate-level positions that need not come from any puzzle: placed digits and
//! candidates chosen freely, so cells may have no candidates, digits no place, and placed
//! digits may clash. The first byte picks a chaining rule (`chaining::find`) or the whole
//! technique list (`next_hint_with`, applied step by step for a while).
//!
//! Nested forcing chains are left out: on an arbitrary dense position their search is
//! legitimately very long (the grader only meets them on real puzzles, under a deadline).
//!
//! Invariants: nothing panics; every step a rule returns names real cells and digits,
//! removes or places something, and has a rating and an explanation.

use puzzlebook::sudoku::grade::board::Board;
use puzzlebook::sudoku::grade::chaining::{ChainEngine, ChainRule, Position};
use puzzlebook::sudoku::grade::{Technique, TechniqueSet, next_hint_with};

const RULES: [ChainRule; 5] = [
    ChainRule::Cycles,
    ChainRule::Nishio,
    ChainRule::Multiple,
    ChainRule::Dynamic,
    ChainRule::DynamicPlus,
];

/// Runs one input; panics when an invariant fails.
pub fn check(data: &[u8]) {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    let mut values = [0u8; 81];
    let mut candidates = [0u16; 81];
    for (cell, pair) in rest.chunks(2).take(81).enumerate() {
        let low = pair[0];
        let high = pair.get(1).copied().unwrap_or(0);
        if low % 8 == 0 {
            values[cell] = low / 8 % 9 + 1;
        } else {
            candidates[cell] = (u16::from(high) << 8 | u16::from(low)) & 0x1ff;
        }
    }
    let rule = usize::from(choice) % (RULES.len() + 1);
    if let Some(&rule) = RULES.get(rule) {
        let position = Position {
            values: &values,
            candidates: &candidates,
        };
        if let Some(step) = ChainEngine::new().find(rule, &position) {
            assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
            for &(cell, digit) in step.eliminations.iter().chain(&step.placements) {
                assert!(cell < 81 && (1..=9).contains(&digit), "{cell} {digit}");
            }
            assert!(step.rating_tenths >= 65 && !step.explanation.is_empty());
        }
        return;
    }
    let techniques = TechniqueSet::all().without(Technique::NestedForcingChain);
    let mut board = Board::from_parts(values, candidates);
    for _ in 0..20 {
        let Some(hint) = next_hint_with(&board, techniques) else {
            break;
        };
        assert!(hint.makes_progress(&board), "{}", hint.display_name());
        hint.apply(&mut board);
    }
}
