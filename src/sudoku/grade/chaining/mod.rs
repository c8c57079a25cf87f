//! Chaining techniques (SE's "Forcing Chains & Cycles" and beyond): the contract between the
//! grader's driver and the chaining engine, and the engine itself.
//!
//! The engine reproduces SukakuExplainer's `Chaining` rules with default settings, so that a
//! puzzle's chain steps — which hint is applied and its rating — are SE's:
//!
//! | rule | SE producer | base rating |
//! |---|---|---|
//! | [`ChainRule::Cycles`] | `Chaining(false, false, false, 0)`: X-/Y-/XY-cycles, forcing X-/XY-chains | 6.5 cycles, 6.6 X-chains, 7.0 XY |
//! | [`ChainRule::Nishio`] | `Chaining(false, true, true, 0)` | 7.5 |
//! | [`ChainRule::Multiple`] | `Chaining(true, false, false, 0)`: cell and region forcing chains | 8.0 |
//! | [`ChainRule::Dynamic`] | `Chaining(true, true, false, 0)` | 8.5 |
//! | [`ChainRule::DynamicPlus`] | `Chaining(true, true, false, 1)` | 9.0 |
//! | [`ChainRule::Nested`] | `Chaining(true, true, false, 2)` then `(…, 3)` | 9.5, 10.0 |
//!
//! plus SE's length bonus (+0.1 each time the chain's potential count minus two passes 4, 6,
//! 8, 12, 16, 24, ...). Modules: [`tables`] (geometry in SE order), [`board`] (candidates),
//! [`closure`] (the implication search), [`advanced`] (the "+" rules), [`cycles`],
//! [`multiple`] (the closure-based rules), [`hint`] (ratings and SE's ordering), [`explain`].

// Grid code indexes several parallel tables (regions, masks, positions) by the same cell,
// digit or position number; index loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod advanced;
pub mod board;
mod closure;
mod cycles;
mod explain;
pub mod hint;

pub(crate) use self::hint::length_bonus;
pub mod multiple;
mod nested;
pub mod tables;

use super::board::ExtraHouses;
use board::Board;
use cycles::CycleSearch;
use multiple::{MultipleKind, MultipleSearch, RuleConfig};

/// The position a chaining rule looks at.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// Placed digits 1-9 by cell (0 = empty).
    pub values: &'a [u8; 81],
    /// Remaining candidates of empty cells: bit `d - 1` for digit `d`; 0 for placed cells.
    pub candidates: &'a [u16; 81],
}

/// The chaining rules, in the order SE tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainRule {
    /// X-cycles, Y-cycles, forcing X-chains (SE "Forcing Chains & Cycles").
    Cycles,
    /// SE "Nishio Forcing Chains".
    Nishio,
    /// SE "Multiple Forcing Chains" (cell and region forcing chains).
    Multiple,
    /// SE "Dynamic Forcing Chains".
    Dynamic,
    /// SE "Dynamic Forcing Chains (+)".
    DynamicPlus,
    /// SE "Nested Forcing Chains".
    Nested,
}

impl ChainRule {
    /// All rules in SE's order (SE tries "Aligned Triplet Exclusion" between `Cycles` and
    /// `Nishio`; that rule is not part of the chaining engine).
    pub const ALL: [ChainRule; 6] = [
        ChainRule::Cycles,
        ChainRule::Nishio,
        ChainRule::Multiple,
        ChainRule::Dynamic,
        ChainRule::DynamicPlus,
        ChainRule::Nested,
    ];
}

/// One chaining deduction, as SE would apply it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainStep {
    pub rule: ChainRule,
    /// The technique's name as SE prints it, e.g. "Forcing Chain", "Dynamic Region Forcing Chains".
    pub name: String,
    /// The SE difficulty in tenths (7.3 → 73).
    pub rating_tenths: u16,
    /// (cell 0-80, digit 1-9) candidates removed.
    pub eliminations: Vec<(u8, u8)>,
    /// (cell 0-80, digit 1-9) digits placed.
    pub placements: Vec<(u8, u8)>,
    /// A human-readable account of the chain(s).
    pub explanation: String,
}

/// The chaining engine with its search buffers; reuse one across calls to avoid
/// reallocating them (results do not depend on reuse).
pub struct ChainEngine {
    cycles: CycleSearch,
    multiple: MultipleSearch,
}

impl Default for ChainEngine {
    fn default() -> Self {
        ChainEngine::new()
    }
}

impl ChainEngine {
    pub fn new() -> ChainEngine {
        ChainEngine {
            cycles: CycleSearch::new(),
            multiple: MultipleSearch::new(),
        }
    }

    /// The step SE would take with `rule` in this position (its easiest hint), if any.
    pub fn find(&mut self, rule: ChainRule, position: &Position<'_>) -> Option<ChainStep> {
        self.find_in(rule, position, ExtraHouses::None)
    }

    /// The same on a grid with extra houses (X-sudoku, windoku): SE's chains link
    /// candidates through them too.
    pub fn find_in(
        &mut self,
        rule: ChainRule,
        position: &Position<'_>,
        extra_houses: ExtraHouses,
    ) -> Option<ChainStep> {
        let board = Board::from_position_in(position, extra_houses.geometry());
        match rule {
            ChainRule::Cycles => {
                let hint = self.cycles.best(&board)?;
                Some(ChainStep {
                    rule,
                    name: hint.name().to_string(),
                    rating_tenths: hint.key.tenths(),
                    eliminations: pairs(&hint.removals),
                    placements: hint
                        .placement
                        .iter()
                        .map(|&(c, d)| (c as u8, d as u8 + 1))
                        .collect(),
                    explanation: explain::cycle_hint(&hint),
                })
            }
            ChainRule::Nishio => self.multiple_step(rule, &board, RuleConfig::NISHIO),
            ChainRule::Multiple => self.multiple_step(rule, &board, RuleConfig::MULTIPLE),
            ChainRule::Dynamic => self.multiple_step(rule, &board, RuleConfig::DYNAMIC),
            ChainRule::DynamicPlus => self.multiple_step(rule, &board, RuleConfig::DYNAMIC_PLUS),
            ChainRule::Nested => self
                .multiple_step(rule, &board, RuleConfig::nested(2))
                .or_else(|| self.multiple_step(rule, &board, RuleConfig::nested(3))),
        }
    }

    fn multiple_step(
        &mut self,
        rule: ChainRule,
        board: &Board,
        config: RuleConfig,
    ) -> Option<ChainStep> {
        let hint = self.multiple.best(board, config)?;
        let name = multiple_name(&hint.kind, config);
        Some(ChainStep {
            rule,
            rating_tenths: hint.key.tenths(),
            eliminations: pairs(&hint.removals),
            placements: hint
                .placement
                .iter()
                .map(|&(c, d)| (c as u8, d as u8 + 1))
                .collect(),
            explanation: explain::multiple_hint(&hint, &name, &self.multiple.closures),
            name,
        })
    }
}

/// SE's name of a closure-based hint.
fn multiple_name(kind: &MultipleKind, config: RuleConfig) -> String {
    let middle = match kind {
        MultipleKind::Contradiction { .. } if config.nishio => "Forcing",
        MultipleKind::Double { .. } if config.nishio => "Forcing",
        MultipleKind::Contradiction { .. } => "Contradiction Forcing",
        MultipleKind::Double { .. } => "Double Forcing",
        MultipleKind::Cell { .. } => "Cell Forcing",
        MultipleKind::Region { .. } => "Region Forcing",
    };
    format!("{}{}{}", config.name_prefix(), middle, config.name_suffix())
}

fn pairs(list: &[(usize, usize)]) -> Vec<(u8, u8)> {
    list.iter()
        .map(|&(cell, digit)| (cell as u8, digit as u8 + 1))
        .collect()
}

/// The step SE would take with `rule` in this position (its easiest hint), if any.
pub fn find(rule: ChainRule, position: &Position<'_>) -> Option<ChainStep> {
    ChainEngine::new().find(rule, position)
}
