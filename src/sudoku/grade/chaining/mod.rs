//! Chaining techniques (SE's "Forcing Chains & Cycles" and beyond): the contract between the
//! grader's driver and the chaining engine.

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

/// The step SE would take with `rule` in this position (its easiest hint), if any.
pub fn find(_rule: ChainRule, _position: &Position<'_>) -> Option<ChainStep> {
    None
}
